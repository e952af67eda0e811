"""Avenue's log in words: each choice as the table saw it, and what followed it.

Told only from two spectator views (the table just before and just after a choice), so the log
says what every player could see: the segment drawn and where, what it joined (§ Desenhando a
estrada), the road card and the farm card turned face up (§ Jogando uma rodada), each player's
row when the round's farm is scored (§ Pontuação) and the final sheet (§ Final do jogo). The
farm card a player saw by peeking never reaches a spectator view, so never reaches the log.

A choice is sealed until every player has chosen (`Game.in_private_step`): the server shows its
words only then, while the events — drawn from the spectator views alone — show at once.
"""

from __future__ import annotations

from tabuleiro.core import JsonDict, Lang, competition_ranks, seat_mark
from tabuleiro.core.i18n import Catalogue, text
from tabuleiro.core.narration import Event, Narration, ordinal_suffix
from tabuleiro.games.avenue.actions import AvenueAction, Peek
from tabuleiro.games.avenue.components import E, N, S, W, components, square_name
from tabuleiro.games.avenue.rules import YELLOWS_PER_ROUND
from tabuleiro.games.avenue.scoring import ROUNDS, ZERO_PENALTY, farm_grapes

TEXT: Catalogue = {
    "draw": {
        "pt": "desenha {segment} em {square}{over}{joins}",
        "en": "draws {segment} on {square}{over}{joins}",
    },
    "segment": {"pt": "o trecho {n} {sign} ({shape})", "en": "segment {n} {sign} ({shape})"},
    "straight_we": {"pt": "reta horizontal", "en": "horizontal straight"},
    "straight_ns": {"pt": "reta vertical", "en": "vertical straight"},
    "curve": {"pt": "curva {a}–{b}", "en": "{a}–{b} curve"},
    "side_N": {"pt": "cima", "en": "up"},
    "side_E": {"pt": "direita", "en": "right"},
    "side_S": {"pt": "baixo", "en": "down"},
    "side_W": {"pt": "esquerda", "en": "left"},
    "over_farm": {"pt": ", sobre a fazenda {farm}", "en": ", over farm {farm}"},
    "over_castle_P": {"pt": ", sobre o castelo roxo", "en": ", over the purple castle"},
    "over_castle_G": {"pt": ", sobre o castelo verde", "en": ", over the green castle"},
    "over_grapes": {"pt": ", sobre {grapes}", "en": ", over {grapes}"},
    "purple": {"pt": "{n:uma uva roxa|# uvas roxas}", "en": "{n:one purple grape|# purple grapes}"},
    "green": {"pt": "{n:uma uva verde|# uvas verdes}", "en": "{n:one green grape|# green grapes}"},
    "and": {"pt": " e ", "en": " and "},
    "joins": {
        "pt": ", ligando a fazenda {farm} a {n:uma uva|# uvas}",
        "en": ", joining farm {farm} to {n:one grape|# grapes}",
    },
    "peek": {
        "pt": "olha em segredo a próxima carta de fazenda",
        "en": "secretly looks at the next farm card",
    },
    "row": {
        "pt": "Fazenda {farm}: {player} marca {n:# ponto|# pontos} ({n:uma uva ligada|# uvas ligadas})",
        "en": "Farm {farm}: {player} scores {n:# point|# points} ({n:one grape joined|# grapes joined})",
    },
    "row_zero": {
        "pt": "Fazenda {farm}: {player} anota 0 — {grapes:uma uva ligada|# uvas ligadas}, "
        "não mais que {previous} (−{penalty} no fim)",
        "en": "Farm {farm}: {player} writes 0 — {grapes:one grape joined|# grapes joined}, "
        "not more than {previous} (−{penalty} at the end)",
    },
    "round": {"pt": "Rodada {n} de {rounds}", "en": "Round {n} of {rounds}"},
    "farm_card": {
        "pt": "Carta de fazenda revelada: fazenda {farm}, pontuada no fim desta rodada",
        "en": "Farm card revealed: farm {farm}, scored at the end of this round",
    },
    "road_card": {
        "pt": "Carta de estrada revelada: {segment}, {colour}",
        "en": "Road card revealed: {segment}, {colour}",
    },
    "yellow": {
        "pt": "amarela ({n} de {of} nesta rodada)",
        "en": "yellow ({n} of {of} this round)",
    },
    "yellow_last": {
        "pt": "amarela ({n} de {of}): a fazenda é pontuada depois desta carta",
        "en": "yellow ({n} of {of}): the farm is scored after this card",
    },
    "grey": {"pt": "cinza", "en": "grey"},
    "reshuffle": {
        "pt": "O baralho de estradas acabou: o descarte é embaralhado e forma um novo baralho",
        "en": "The road deck ran out: the discard pile is shuffled into a new deck",
    },
    "sheet": {
        "pt": "{player}: fazendas {farms}, castelo roxo {purple}, castelo verde {green}, "
        "zeros {zeros} = {score}",
        "en": "{player}: farms {farms}, purple castle {purple}, green castle {green}, "
        "zeros {zeros} = {score}",
    },
    "end": {"pt": "Fim de jogo — {ranking}", "en": "Game over — {ranking}"},
    "ranked": {
        "pt": "{rank}º {player}, {points:# ponto|# pontos}",
        "en": "{rank}{suffix} {player}, {points:# point|# points}",
    },
}

_SIGNS = {N | W: "┘", N | E: "└", E | S: "┌", S | W: "┐", W | E: "─", N | S: "│"}
_SIDES = {N: "N", E: "E", S: "S", W: "W"}


def _t(key: str, lang: Lang, **values: object) -> str:
    return text(TEXT, key, lang, **values)


def _player(seat: int) -> str:
    return seat_mark(seat)


def segment_words(segment: int, lang: Lang) -> str:
    """A road segment as the card shows it: "o trecho 3 ┌ (curva baixo–direita)"."""
    sides = components().segment_sides[segment]
    if sides == W | E:
        shape = _t("straight_we", lang)
    elif sides == N | S:
        shape = _t("straight_ns", lang)
    else:  # the vertical side first: cima–esquerda, baixo–direita
        vertical = N if sides & N else S
        horizontal = sides & ~vertical
        a, b = (_t(f"side_{_SIDES[side]}", lang) for side in (vertical, horizontal))
        shape = _t("curve", lang, a=a, b=b)
    return _t("segment", lang, n=segment, sign=_SIGNS[sides], shape=shape)


def _over(token: str, lang: Lang) -> str:
    """What is printed on the square (§ Observações: a road must pass over it to count)."""
    if token == ".":
        return ""
    if token in ("CP", "CG"):
        return _t(f"over_castle_{token[1]}", lang)
    if len(token) == 1 and token not in "PG":
        return _t("over_farm", lang, farm=token)
    parts = [
        _t(colour, lang, n=token.count(letter))
        for colour, letter in (("purple", "P"), ("green", "G"))
        if letter in token
    ]
    return _t("over_grapes", lang, grapes=_t("and", lang).join(parts))


def narrate(seat: int, action: AvenueAction, before: JsonDict, after: JsonDict, lang: Lang) -> Narration:
    """`seat`'s choice in Avenue's words and the public events it caused (`Game.narrate`)."""
    return Narration(_move(seat, action, before, lang), tuple(_events(seat, before, after, lang)))


def opening(view: JsonDict, lang: Lang) -> tuple[Event, ...]:
    """§ Preparação: the first round, its farm card and the first road card turned face up."""
    if not view["farms"] or view["card"] is None:
        return ()
    return (
        Event("round", _t("round", lang, n=view["round"], rounds=ROUNDS)),
        Event("chance", _t("farm_card", lang, farm=view["farms"][-1])),
        Event("chance", _road_card(view, lang)),
    )


def _move(seat: int, action: AvenueAction, before: JsonDict, lang: Lang) -> str:
    if isinstance(action, Peek):
        return _t("peek", lang)
    segment = before["card"]["segment"]
    roads = before["sheets"][seat]["roads"]
    token = before["map"]["squares"][action.square]
    farm = before["farms"][-1]
    board = components().maps[before["map"]["id"]]
    drawn = [*roads]
    drawn[action.square] = segment
    then, now = farm_grapes(board, roads, farm), farm_grapes(board, drawn, farm)
    joins = _t("joins", lang, farm=farm, n=now) if now != then else ""
    return _t(
        "draw",
        lang,
        segment=segment_words(segment, lang),
        square=square_name(action.square),
        over=_over(token, lang),
        joins=joins,
    )


def _events(seat: int, before: JsonDict, after: JsonDict, lang: Lang) -> list[Event]:
    """What the card's resolution showed; nothing while other players are still choosing."""
    resolved = after["finished"] or seat in after["to_act"]
    if not resolved:
        return []
    events: list[Event] = []
    if after["finished"] or after["round"] > before["round"]:
        events.extend(_farm_scored(before["farms"][-1], after, lang))
    if after["road_discard"] < before["road_discard"] and not after["road_discard"]:
        events.append(Event("chance", _t("reshuffle", lang)))
    if after["finished"]:
        events.extend(_final(after, lang))
        return events
    if after["round"] > before["round"]:
        events.append(Event("round", _t("round", lang, n=after["round"], rounds=ROUNDS)))
        events.append(Event("chance", _t("farm_card", lang, farm=after["farms"][-1])))
    events.append(Event("chance", _road_card(after, lang)))
    return events


def _road_card(after: JsonDict, lang: Lang) -> str:
    """§ Jogando uma rodada: the card turned face up, and whether it is the fourth yellow one."""
    card = after["card"]
    yellow = after["yellow"]
    if not card["yellow"]:
        colour = _t("grey", lang)
    else:
        key = "yellow_last" if yellow >= YELLOWS_PER_ROUND else "yellow"
        colour = _t(key, lang, n=yellow, of=YELLOWS_PER_ROUND)
    return _t("road_card", lang, segment=segment_words(card["segment"], lang), colour=colour)


def _farm_scored(farm: str, after: JsonDict, lang: Lang) -> list[Event]:
    """§ Pontuação: each player's row for the round's farm; 0 unless more than the row above."""
    events = []
    for seat, sheet in enumerate(after["sheets"]):
        rows = sheet["rows"]
        row = rows[-1]
        player = _player(seat)
        if row["score"]:
            words = _t("row", lang, farm=farm, player=player, n=row["score"])
        else:
            previous = rows[-2]["score"] if len(rows) > 1 else 0
            words = _t(
                "row_zero",
                lang,
                farm=farm,
                player=player,
                grapes=row["grapes"],
                previous=previous,
                penalty=-ZERO_PENALTY,
            )
        events.append(Event("score", words))
    return events


def _final(after: JsonDict, lang: Lang) -> list[Event]:
    """§ Final do jogo e pontuação final: each sheet's lines, then the ranking by points.

    Players tied on points share a place here; the outcome breaks the tie by the highest single
    scoring space, under the match's tie-break option, which the view does not carry.
    """
    events = []
    scores = [sheet["score"] for sheet in after["sheets"]]
    for seat, sheet in enumerate(after["sheets"]):
        lines = sheet["lines"]
        farms = "+".join(str(row["score"]) for row in sheet["rows"])
        words = _t(
            "sheet",
            lang,
            player=_player(seat),
            farms=farms,
            purple=lines["castle_purple"],
            green=lines["castle_green"],
            zeros=lines["zeros"],
            score=sheet["score"],
        )
        events.append(Event("score", words))
    ranks = competition_ranks(scores)
    order = sorted(range(len(scores)), key=lambda s: (ranks[s], s))
    ranking = "; ".join(
        _t(
            "ranked",
            lang,
            rank=ranks[s],
            suffix=ordinal_suffix(ranks[s]),
            player=_player(s),
            points=scores[s],
        )
        for s in order
    )
    events.append(Event("end", _t("end", lang, ranking=ranking)))
    return events
