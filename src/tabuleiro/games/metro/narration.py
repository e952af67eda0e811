"""Metro's log in words: each move as the table saw it, and what followed it.

Told only from two spectator views (the table just before and just after the move), so the log
says what every player could see: the tile laid and where, the lines it closed and their points
(§ Pontuação e fim do jogo), the share turned face up (§ Expansão 1), a new turn round the
table and, at the end, the final sheet. What a player holds (the hand, the drawn tile before it
is placed, shares, station numbers) never reaches a spectator view, so never reaches the log.

Players are named by their colour, as the rulebook does ("o jogador verde"), and the browser
shows the same colour beside each player's name; with expansion 1 the line owners are the
companies ("a companhia amarela"), and players are named by their seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabuleiro.core import JsonDict, Lang, competition_ranks, seat_mark
from tabuleiro.core.i18n import Catalogue, text
from tabuleiro.core.narration import Event, Narration, ordinal_suffix
from tabuleiro.games.metro.actions import Central, Draw, MetroAction, Pass, Place, Swap
from tabuleiro.games.metro.components import components, square_name
from tabuleiro.games.metro.scoring import company_values

TILES = 60

TEXT: Catalogue = {
    "place": {
        "pt": "coloca {tile} em {square}{turned}{closing}",
        "en": "places {tile} on {square}{turned}{closing}",
    },
    "tile_hand": {"pt": "uma peça de {parts}", "en": "a tile with {parts}"},
    "tile_drawn": {"pt": "a peça comprada, de {parts},", "en": "the drawn tile, with {parts},"},
    "straight": {"pt": "{n:uma reta|# retas}", "en": "{n:one straight|# straights}"},
    "curve": {"pt": "{n:uma curva|# curvas}", "en": "{n:one curve|# curves}"},
    "u_turn": {"pt": "{n:um retorno|# retornos}", "en": "{n:one U-turn|# U-turns}"},
    "turned": {
        "pt": ", girada {n:um quarto de volta|# quartos de volta}",
        "en": ", turned {n:a quarter turn|# quarter turns}",
    },
    "closing_one": {"pt": ", fechando a linha da {stations}", "en": ", closing the line of {stations}"},
    "closing_many": {"pt": ", fechando as linhas das {stations}", "en": ", closing the lines of {stations}"},
    "and": {"pt": " e ", "en": " and "},
    "station": {"pt": "estação {name}", "en": "station {name}"},
    "stations": {"pt": "estações {names}", "en": "stations {names}"},
    "central_face": {"pt": "estação central ({name})", "en": "the central station ({name})"},
    "draw": {
        "pt": "compra uma peça do estoque ({n:resta # peça|restam # peças})",
        "en": "draws a tile from the pile ({n:# tile|# tiles} left)",
    },
    "swap_up": {
        "pt": "troca sua ação de {percent}% pela ação aberta de {percent}% da {company}",
        "en": "swaps a {percent}% share for the face-up {percent}% share of the {company}",
    },
    "swap_top": {
        "pt": "troca sua ação de {percent}% pela do topo da pilha de {percent}%",
        "en": "swaps a {percent}% share for the top of the {percent}% pile",
    },
    "central": {
        "pt": "põe seu vagão na face {face} da estação central",
        "en": "puts a central wagon on face {face} of the central station",
    },
    "central_share": {
        "pt": "mostra a ação de {percent}% da {company} e põe o vagão dela na face {face} da estação central",
        "en": "shows the {percent}% share of the {company} and puts its wagon "
        "on face {face} of the central station",
    },
    "pass": {"pt": "passa (nada a fazer)", "en": "passes (nothing to do)"},
    "company": {"pt": "companhia {colour}", "en": "{colour} company"},
    "scored": {
        "pt": "{owner} marca {points:# ponto|# pontos} pela linha da {start} à {end}{doubled} "
        "(total {total})",
        "en": "{owner} scores {points:# point|# points} for the line from {start} to {end}{doubled} "
        "(total {total})",
    },
    "profit": {
        "pt": "A {owner} lucra {points:# ponto|# pontos} pela linha da {start} à {end}{doubled} "
        "(total {total})",
        "en": "The {owner} earns {points:# point|# points} for the line from {start} to {end}{doubled} "
        "(total {total})",
    },
    "doubled": {"pt": ", em dobro pela estação central", "en": ", doubled at the central station"},
    "mark_25": {
        "pt": "A {company} chegou a {points} pontos: acabam as trocas de ações",
        "en": "The {company} has reached {points} points: no more share swaps",
    },
    "face_up": {
        "pt": "Nova ação aberta de {percent}%: {company}",
        "en": "New face-up {percent}% share: {company}",
    },
    "pile_empty": {
        "pt": "O estoque acabou: ninguém mais compra peças",
        "en": "The pile is empty: no more tiles to draw",
    },
    "round": {
        "pt": "Nova volta à mesa — {placed} de {tiles} peças no tabuleiro, {pile:# no estoque|# no estoque}",
        "en": "New round of the table — {placed} of {tiles} tiles on the board, {pile} in the pile",
    },
    "values": {"pt": "Valor das companhias: {values}", "en": "Company values: {values}"},
    "value": {"pt": "{company} {value}", "en": "{company} {value}"},
    "shares_total": {
        "pt": "{player}: {shares} PV pelas ações + {bonus} pela maioria = {total} PV",
        "en": "{player}: {shares} VP for shares + {bonus} for majorities = {total} VP",
    },
    "numbers_total": {
        "pt": "{player}: {points:# ponto|# pontos} pelos números de estação {numbers}",
        "en": "{player}: {points:# point|# points} for station numbers {numbers}",
    },
    "end": {"pt": "Fim de jogo — {ranking}", "en": "Game over — {ranking}"},
    "ranked": {"pt": "{rank}º {who}, {points}", "en": "{rank}{suffix} {who}, {points}"},
    "points": {"pt": "{n:# ponto|# pontos}", "en": "{n:# point|# points}"},
    "vp": {"pt": "{n} PV", "en": "{n} VP"},
}

COLOURS: dict[str, dict[Lang, tuple[str, str]]] = {
    # colour id: per language, (masculine, feminine) — "o jogador amarelo", "a companhia amarela"
    "yellow": {"pt": ("amarelo", "amarela"), "en": ("yellow", "yellow")},
    "blue": {"pt": ("azul", "azul"), "en": ("blue", "blue")},
    "orange": {"pt": ("laranja", "laranja"), "en": ("orange", "orange")},
    "green": {"pt": ("verde", "verde"), "en": ("green", "green")},
    "purple": {"pt": ("roxo", "roxa"), "en": ("purple", "purple")},
    "black": {"pt": ("preto", "preta"), "en": ("black", "black")},
    "red": {"pt": ("vermelho", "vermelha"), "en": ("red", "red")},
    "white": {"pt": ("branco", "branca"), "en": ("white", "white")},
}

_KINDS = {"a": "straight", "b": "curve", "c": "curve", "d": "u_turn"}
"""Face code letters (data/tiles.v1.json): a straight across, b and c curves, d a U-turn."""


def _t(key: str, lang: Lang, **values: object) -> str:
    return text(TEXT, key, lang, **values)


def _join(items: Sequence[str], lang: Lang) -> str:
    """The items joined as a sentence lists them: a, b e c / a, b and c."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + _t("and", lang) + items[-1]


def tile_parts(face: str, lang: Lang) -> str:
    """A tile's four tracks in words: "2 retas e 2 curvas" / "2 straights and 2 curves"."""
    counts = {
        kind: sum(1 for letter in face if _KINDS[letter] == kind) for kind in ("straight", "curve", "u_turn")
    }
    return _join([_t(kind, lang, n=n) for kind, n in counts.items() if n], lang)


def _colour(colour: str, lang: Lang, *, feminine: bool) -> str:
    return COLOURS[colour][lang][1 if feminine else 0]


def _owner(view: JsonDict, owner: int, lang: Lang) -> str:
    """A line's owner: its player (whose name the log shows), or "a companhia amarela" with
    expansion 1."""
    if view["owners"] == "companies":
        return _company(view["colours"][owner], lang)
    return seat_mark(owner)


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def _station(name: str, lang: Lang) -> str:
    """A station by its name: estação 12, or estação central (F3) for a face of the centre."""
    return _t("central_face" if name.startswith("F") else "station", lang, name=name)


def _company(colour: str, lang: Lang) -> str:
    return _t("company", lang, colour=_colour(colour, lang, feminine=True))


def narrate(seat: int, action: MetroAction, before: JsonDict, after: JsonDict, lang: Lang) -> Narration:
    """`seat`'s `action` in Metro's words and the public events it caused (`Game.narrate`)."""
    return Narration(_move(seat, action, before, after, lang), tuple(_events(action, before, after, lang)))


def _move(seat: int, action: MetroAction, before: JsonDict, after: JsonDict, lang: Lang) -> str:
    """The move itself, starting with its verb (the log puts the player's name before it)."""
    if isinstance(action, Place):
        return _place(action, before, after, lang)
    if isinstance(action, Draw):
        return _t("draw", lang, n=after["pile"])
    if isinstance(action, Swap):
        if action.take_face_up:
            colour = before["shares"]["face_up"][str(action.percent)]
            return _t("swap_up", lang, percent=action.percent, company=_company(colour, lang))
        return _t("swap_top", lang, percent=action.percent)
    if isinstance(action, Central):
        face = f"F{action.face + 1}"
        if action.percent is None:
            return _t("central", lang, face=face)
        shown = {share["percent"]: share["company"] for share in after["shares"]["shown"][seat]}
        company = _company(shown[action.percent], lang)
        return _t("central_share", lang, percent=action.percent, company=company, face=face)
    assert isinstance(action, Pass)
    return _t("pass", lang)


def _place(action: Place, before: JsonDict, after: JsonDict, lang: Lang) -> str:
    """§ Regras para colocação de peças: the tile, its square, and the lines it closed."""
    parts = tile_parts(components().faces[action.face], lang)
    tile = _t("tile_drawn" if before["drawing"] else "tile_hand", lang, parts=parts)
    turned = _t("turned", lang, n=action.rotation) if action.rotation else ""
    claimable = after["expansions"]["central_stations"]
    closed = [
        line["start"]
        for old, line in zip(before["lines"], after["lines"], strict=True)
        if old["end"] is None
        and line["end"] is not None
        and (line["owner"] is not None or (claimable and line["start"].startswith("F")))
    ]
    closing = ""
    if len(closed) == 1:
        closing = _t("closing_one", lang, stations=_station(closed[0], lang))
    elif closed:
        names = _join(closed, lang)
        closing = _t("closing_many", lang, stations=_t("stations", lang, names=names))
    return _t("place", lang, tile=tile, square=square_name(action.square), turned=turned, closing=closing)


def _events(action: MetroAction, before: JsonDict, after: JsonDict, lang: Lang) -> list[Event]:
    """Lines scored, the share turned face up, the pile running out, then either the final
    sheet or, when the turn has come back round the table (§ Sequência do jogo: clockwise, a
    seat with nothing to do is passed over), a round separator."""
    events = [*_scores(before, after, lang)]
    if isinstance(action, Swap) and action.take_face_up:  # § Expansão 1: the next share is turned up
        colour = after["shares"]["face_up"][str(action.percent)]
        company = _company(colour, lang)
        events.append(Event("chance", _t("face_up", lang, percent=action.percent, company=company)))
    if before["pile"] and not after["pile"]:
        events.append(Event("chance", _t("pile_empty", lang)))
    if after["finished"]:
        if not before["finished"]:
            events.extend(_final(after, lang))
        return events
    if not isinstance(action, Draw) and after["turn"] <= before["turn"]:  # the turn came round again
        round_text = _t("round", lang, placed=after["tiles_placed"], tiles=TILES, pile=after["pile"])
        events.append(Event("round", round_text))
    return events


def _scores(before: JsonDict, after: JsonDict, lang: Lang) -> list[Event]:
    """§ Pontuação e fim do jogo: each line scored by this move, with its owner's new total."""
    events = []
    totals = list(before["scores"])
    by_start = {line["start"]: line for line in after["lines"]}
    companies = after["owners"] == "companies"
    for entry in after["scored"][len(before["scored"]) :]:
        line = by_start[entry["start"]]
        owner = line["owner"]
        start, end = line["start"], line["end"]
        doubled = _t("doubled", lang) if not start.startswith("F") and end.startswith("F") else ""
        totals[owner] += entry["points"]
        values: dict[str, Any] = {
            "owner": _owner(after, owner, lang),
            "points": entry["points"],
            "start": _station(start, lang),
            "end": _station(end, lang),
            "doubled": doubled,
            "total": totals[owner],
        }
        if companies:
            events.append(Event("score", _t("profit", lang, **values)))
        else:
            events.append(Event("score", _capital(_t("scored", lang, **values))))
    if companies:
        events.extend(_mark_25(before, after, lang))
    return events


def _mark_25(before: JsonDict, after: JsonDict, lang: Lang) -> list[Event]:
    """§ Expansão 1, Importante: swaps end once a company's marker reaches 25 points."""
    if max(before["scores"]) >= 25 or max(after["scores"]) < 25:
        return []
    first = max(range(len(after["scores"])), key=after["scores"].__getitem__)
    company = _company(after["colours"][first], lang)
    return [Event("score", _t("mark_25", lang, company=company, points=after["scores"][first]))]


def _final(after: JsonDict, lang: Lang) -> list[Event]:
    """The final sheet: company values and shares (expansion 1), station numbers (expansion 4),
    and the ranking, all from what the final view shows to everyone."""
    events: list[Event] = []
    players = after["players"]
    if after["owners"] == "companies":
        totals, events = _company_totals(after, lang)
        unit = "vp"
    else:
        totals = list(after["scores"][:players])
        if after["expansions"]["station_numbers"]:
            for seat, numbers in enumerate(after["numbers_revealed"]):
                points = sum(number_points(after, n) for n in numbers)
                totals[seat] += points
                listed = _join([str(n) for n in numbers], lang)
                line = _t("numbers_total", lang, player=seat_mark(seat), points=points, numbers=listed)
                events.append(Event("score", _capital(line)))
        unit = "points"
    ranks = competition_ranks(totals)
    order = sorted(range(players), key=lambda s: (ranks[s], s))
    ranking = "; ".join(
        _t(
            "ranked",
            lang,
            rank=ranks[s],
            suffix=ordinal_suffix(ranks[s]),
            who=seat_mark(s),
            points=_t(unit, lang, n=totals[s]),
        )
        for s in order
    )
    events.append(Event("end", _t("end", lang, ranking=ranking)))
    return events


def _company_totals(after: JsonDict, lang: Lang) -> tuple[list[int], list[Event]]:
    """§ Expansão 1, Pontuação e fim do jogo: company values 8, 7, …; a share of n×10% is
    worth n × its company's value; the majority holders gain a tenth of the profit."""
    colours, profits = after["colours"], after["scores"]
    values = company_values(profits)
    order = sorted(range(len(profits)), key=lambda c: (-values[c], c))
    listed = ", ".join(
        _t("value", lang, company=_colour(colours[c], lang, feminine=True), value=values[c]) for c in order
    )
    events = [Event("score", _t("values", lang, values=listed))]
    holdings = [[0] * len(profits) for _ in after["shares"]["held"]]
    for seat, shares in enumerate(after["shares"]["held"]):
        for share in shares:
            holdings[seat][colours.index(share["company"])] += share["percent"]
    totals = []
    for seat, held in enumerate(holdings):
        shares_vp = sum(h // 10 * values[c] for c, h in enumerate(held))
        bonus = sum(
            profits[c] // 10 for c, h in enumerate(held) if h and h == max(other[c] for other in holdings)
        )
        totals.append(shares_vp + bonus)
        line = _t(
            "shares_total",
            lang,
            player=seat_mark(seat),
            shares=shares_vp,
            bonus=bonus,
            total=shares_vp + bonus,
        )
        events.append(Event("score", line))
    return totals, events


def number_points(view: JsonDict, number: int) -> int:
    """§ Expansão 4: the points of the line ending at station `number`, doubled when it starts
    at the central station; the house rule ``number_lines=wagons`` counts only lines with a
    wagon. From a view's lines (tiles, central tiles, start, end, owner)."""
    scoring = view["scoring"]
    for line in view["lines"]:
        if line["end"] != str(number):
            continue
        if line["owner"] is None and scoring["number_lines"] == "wagons":
            return 0
        passages = line["tiles"] + (line["central_tiles"] if scoring["central_tracks_score"] else 0)
        return int(passages) * (2 if line["start"].startswith("F") else 1)
    return 0
