"""The server's errors: an HTTP status, a stable code and a message in English and Portuguese.

Every 4xx the server sends has the body ``{"code", "message"}``. Codes from the engine
(``not_your_turn``, ``not_legal``, ``bad_option`` …) pass through unchanged; the server adds
its own (``match_not_found``, ``bad_token``, ``stale_state`` …). `CODES` lists them all.
"""

from __future__ import annotations

from tabuleiro.core import Lang, RecordError, TabuleiroError

CODES: dict[str, tuple[int, str]] = {
    # request shape
    "invalid_body": (422, "the body or a parameter does not have the documented shape"),
    "not_found": (404, "no such path"),
    "method_not_allowed": (405, "the path does not take this method"),
    # matches and seats
    "match_not_found": (404, "no match has this id"),
    "seat_not_found": (404, "the match has no such seat"),
    "token_required": (401, "acting needs the seat's token (Authorization: Bearer TOKEN)"),
    "bad_token": (401, "the token is not one of this match's seats"),
    "not_your_seat": (403, "the token belongs to another seat"),
    "seat_connected": (409, "the seat's player is connected; only they can hand it to a bot"),
    "seat_is_bot": (409, "a bot plays this seat now; take it back first"),
    "seat_is_human": (409, "a person already plays this seat"),
    "stale_state": (409, "the match moved on since this state_id; fetch it again"),
    "match_not_over": (409, "the match is still being played"),
    "analysis_not_started": (404, "no analysis of this match was asked for yet"),
    "hints_off": (409, "the match was created without hints"),
    "bad_step": (422, "a replay step is 0 to the number of actions so far"),
    # setup, from the engine
    "unknown_game": (422, "no game has this id"),
    "bad_player_count": (422, "the game is not played by this many players"),
    "bad_seed": (422, "the seed is out of range"),
    "bad_seats": (422, "more seats than players"),
    "unknown_bot": (422, "no bot of this game has this name"),
    "bad_bot_spec": (422, "the bot does not take this parameter or value (e.g. mcts:seconds=5)"),
    "unknown_option": (422, "the game has no option of this name"),
    "bad_option": (422, "the option does not take this value"),
    "incompatible_options": (422, "the rulebook does not allow these options together"),
    # actions, from the engine
    "invalid_action": (422, "the action is not an action of this game"),
    "game_over": (409, "the match is over"),
    "not_your_turn": (409, "another seat must act first"),
    "already_committed": (409, "the seat already chose in this simultaneous step"),
    "not_legal": (422, "the rules do not allow this action now"),
    "undo_not_allowed": (
        409,
        "nothing of this seat may be taken back now (another player saw it, chance was drawn "
        "or something hidden was revealed)",
    ),
    # stored matches
    "bad_record": (409, "the stored match no longer replays"),
    "rules_version": (409, "the match was played under another rules version"),
    "damaged_match": (409, "the stored match fails its self-check (a gap or a field that does not parse)"),
    # seats that belong to the people who take them
    "bad_invite": (403, "the invite code is not this seat's"),
    "seat_claimed": (409, "the seat was claimed already; its invite code is spent"),
    "bad_name": (422, "a display name has 1 to 24 printable characters"),
    "seed_refused": (403, "a chosen seed needs every person's seat to be the creator's own (local)"),
    "grace_period": (409, "the absent seat has not had the turn for the grace period yet"),
    "seat_forfeited": (409, "the seat forfeited when its clock ran out"),
    "waiting_for_players": (409, "the match starts once every invited player has mixed in their entropy"),
    # limits
    "rate_limited": (429, "too many requests of this kind; wait Retry-After seconds"),
    "body_too_large": (413, "the request body is larger than the limit"),
    "bots_only": (422, "a match without a person's seat is limited in size"),
}

MESSAGE_MAX = 300
"""Longest message sent back; anything quoted from the request is cut to a short prefix."""


class ApiError(Exception):
    """A client error with a stable code.

    Args:
        code: the stable code; one of `CODES` fixes the status.
        en: the message in English.
        pt: the message in Portuguese.
        status: for a code not in `CODES` (a game's own), the HTTP status.
    """

    def __init__(self, code: str, en: str, pt: str | None = None, status: int = 422) -> None:
        super().__init__(en)
        self.status = CODES[code][0] if code in CODES else status
        self.code = code
        self.en = _short(en)
        self.pt = _short(pt if pt is not None else en)
        self.headers: dict[str, str] = {}

    def message(self, lang: Lang) -> str:
        """The message in `lang`."""
        return self.pt if lang == "pt" else self.en

    def body(self, lang: Lang) -> dict[str, str]:
        """The JSON body."""
        return {"code": self.code, "message": self.message(lang)}

    @classmethod
    def from_engine(cls, exc: TabuleiroError) -> ApiError:
        """The API error for an engine error, keeping its code (a game's own code: 422, or 409
        for a stored match that no longer replays)."""
        return cls(exc.code, exc.en, exc.pt, 409 if isinstance(exc, RecordError) else 422)


def _short(message: str) -> str:
    """`message` cut to `MESSAGE_MAX` characters, so bad input is never echoed at length."""
    return message if len(message) <= MESSAGE_MAX else message[: MESSAGE_MAX - 1] + "…"
