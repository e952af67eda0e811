"""The API's request and response shapes (they make the published OpenAPI contract)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class ErrorBody(BaseModel):
    """Every 4xx answer: a stable code and a readable message."""

    code: str = Field(examples=["not_your_turn"])
    message: str


class NewMatch(BaseModel):
    """A match to create. Seats not given are filled with the game's default bot.

    A seat is ``local`` (played on the creator's device: their own seat, hotseat seats),
    ``human`` (a person invited from elsewhere, who claims it with the invite code) or
    ``bot:SPEC``."""

    model_config = ConfigDict(extra="forbid", strict=True)

    game: str = Field(max_length=64, examples=["avenue"])
    players: int = Field(examples=[3])
    options: dict[str, bool | int | str] = Field(default_factory=dict, examples=[{"map": "A"}])
    seats: list[str] = Field(
        default_factory=list, max_length=100, examples=[["local", "human", "bot:greedy"]]
    )
    names: list[str | None] = Field(
        default_factory=list,
        max_length=100,
        description="display names of the local seats, in seat order (1 to 24 characters)",
        examples=[["Ana", None, None]],
    )
    seed: int | None = Field(
        default=None,
        description="0 to 2**53-1, only when no seat is 'human' (practice); drawn by the server otherwise",
    )
    grace_seconds: float = Field(
        default=60.0,
        ge=0.01,
        le=30 * 24 * 3600,
        description="how long an absent seat must have had the turn before others may hand it to a bot",
    )
    clock_seconds: float | None = Field(
        default=None,
        ge=0.01,
        le=30 * 24 * 3600,
        description="a turn clock: seconds per move (minutes for live play, days for correspondence)",
    )
    on_timeout: Literal["bot", "forfeit"] = Field(
        default="bot", description="for the local seats: what happens when their clock runs out"
    )
    mix_entropy: bool = Field(
        default=False,
        description="the invited players mix their own entropy into the seed (commit-reveal): the "
        "match is dealt once every invited seat is claimed",
    )
    hints: str | None = Field(
        default=None,
        max_length=64,
        description="a search bot (mcts, mcts:iterations=N) that suggests a move to any seat that "
        "asks (POST /api/matches/{id}/hint); every player sees that hints are on",
        examples=["mcts"],
    )


class SeatToken(BaseModel):
    """A seat of a new match: who plays it and its secret, answered only here: the token of
    a ``local`` seat, the one-time invite code of a ``human`` seat."""

    seat: int
    kind: str = Field(examples=["local", "human", "bot:greedy"])
    token: str | None = None
    invite: str | None = None


class Created(BaseModel):
    """A new match."""

    id: str
    seed_commitment: str = Field(description="SHA-256 of the seed's canonical encoding (see the README)")
    seats: list[SeatToken]


class Claim(BaseModel):
    """Claim an invited seat with its one-time invite code."""

    model_config = ConfigDict(extra="forbid", strict=True)

    code: str = Field(max_length=64)
    name: str | None = Field(default=None, max_length=64, examples=["Bia"])
    on_timeout: Literal["bot", "forfeit"] = Field(
        default="bot", description="what happens if this seat's turn clock runs out"
    )
    entropy: str | None = Field(
        default=None,
        max_length=64,
        description="for a match with mix_entropy: 64 lowercase hex digits from a cryptographic source",
    )


class Rename(BaseModel):
    """A seat's display name (null: none)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    name: str | None = Field(max_length=64, examples=["Bia"])


class TimeoutChoice(BaseModel):
    """What happens when the seat's turn clock runs out."""

    model_config = ConfigDict(extra="forbid", strict=True)

    on_timeout: Literal["bot", "forfeit"]


class Claimed(BaseModel):
    """A claimed seat: its token, answered once."""

    seat: int
    token: str
    name: str | None


class ActionBody(BaseModel):
    """An action of the token's seat, made on the state `state_id`.

    `action` is the action's JSON form (as `legal_actions` lists it) or its notation.
    """

    model_config = ConfigDict(extra="forbid", strict=True)

    state_id: int
    action: dict[str, Any] | str = Field(examples=[{"type": "draw", "square": "b3"}, "b3"])


class UndoBody(BaseModel):
    """Take back the token's seat's latest action, looking at the state `state_id`."""

    model_config = ConfigDict(extra="forbid", strict=True)

    state_id: int


class BotChoice(BaseModel):
    """Which bot stands in (the game's default bot when absent)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    bot: str | None = Field(default=None, max_length=64, examples=["greedy"])


class Words(BaseModel):
    """A text in Portuguese and English."""

    pt: str
    en: str


class LegalAction(BaseModel):
    """One legal action: JSON form to send back, notation and plain words."""

    action: dict[str, Any]
    notation: str
    text: Words


class LogLine(BaseModel):
    """One accepted action; `sealed` (notation and text null) while its seat's choice is hidden."""

    index: int
    seat: int
    sealed: bool
    notation: str | None = Field(description='the action\'s notation; "undo" for a take-back')
    text: Words | None
    undone: bool = Field(default=False, description="a later take-back removed this action")
    undo: int | None = Field(default=None, description="for a take-back: the index of the action it removed")


class SeatInfo(BaseModel):
    """Who plays a seat now."""

    seat: int
    kind: Literal["human", "bot"]
    bot: str | None
    stand_in: bool = Field(description="a bot plays a person's seat; the person can take it back")
    connected: bool
    name: str | None = Field(description="the player's display name (plain text)")
    invited: bool = Field(description="a seat for a person invited from elsewhere")
    claimed: bool = Field(description="false while an invited seat waits for its player")
    forfeited: bool = Field(description="the seat's clock ran out and its player chose to forfeit")
    on_timeout: Literal["bot", "forfeit"] = Field(
        description="what its player chose for a clock that runs out"
    )


class MatchUpdate(BaseModel):
    """A match as one seat (or a spectator, seat null) sees it."""

    id: str
    game: str
    players: int
    seed_commitment: str | None = Field(description="published at creation; null for older matches")
    clock: float | None = Field(description="seconds per move, or null")
    grace: float
    seat: int | None
    waiting: bool = Field(description="the match waits for invited players' entropy; nothing is dealt yet")
    mixed: bool = Field(description="the invited players' entropy is mixed into the seed")
    hints: bool = Field(description="any seat may ask the search for a hint (POST /api/matches/{id}/hint)")
    state_id: int = Field(description="the number of accepted actions; send it back with an action")
    to_act: list[int]
    committed: list[int] = Field(description="seats with a sealed choice in a simultaneous step")
    undo: bool = Field(
        default=False, description="this seat may take back its latest action now (POST …/undo)"
    )
    view: dict[str, Any]
    legal_actions: list[LegalAction]
    log: list[LogLine]
    outcome: dict[str, Any] | None
    record_digest: str | None = Field(description="once the match is over: the record's fingerprint")
    seats: list[SeatInfo]


class OptionSchema(BaseModel):
    """One option of a game."""

    model_config = ConfigDict(extra="allow")

    type: Literal["bool", "int", "choice"]
    default: bool | int | str
    description: Words


class GameEntry(BaseModel):
    """A game of the catalogue."""

    id: str
    name: Words
    min_players: int
    max_players: int
    rules_version: str
    options: dict[str, OptionSchema]
    bots: list[str]
    default_bot: str


class MatchSummary(BaseModel):
    """A recent match."""

    id: str
    game: str
    players: int
    seats: list[str]
    state_id: int
    finished: bool
    created: float
    seed_commitment: str | None


class RecordDoc(BaseModel):
    """A match record (``tabuleiro.match/1``); while the match is on, `seed` and `seed_salt`
    are null and the choices still sealed from the caller are null. Once it is over,
    ``tabuleiro verify`` checks the seed against `seed_commitment` and replays it."""

    model_config = ConfigDict(extra="allow")

    format: str
    game: str
    rules_version: str
    players: int
    seed: int | None
    seed_commitment: str | None
    seed_salt: str | None
    names: list[str | None]
    record_digest: str | None
    options: dict[str, bool | int | str]
    seats: list[str]
    actions: list[list[int | str | None]] = Field(description="[seat, action notation or null while sealed]")
    outcome: dict[str, Any] | None
