"""Plain-text pictures of Avenue for terminals and golden files.

Each square is drawn 7 characters wide and 3 lines tall; roads leave the square through
the middle of its sides. Grapes are one letter per icon (en: P purple, G green; pt: R
roxa, V verde), farms are ``(A)``..``(F)``, castles ``#P#``/``#G#`` (pt ``#R#``/``#V#``).
"""

from __future__ import annotations

from tabuleiro.core import JsonDict, Lang
from tabuleiro.core.i18n import Catalogue, text
from tabuleiro.games.avenue.components import COLS, ROWS, E, N, S, W, components

_JUNCTION = {N | W: "┘", N | E: "└", E | S: "┌", S | W: "┐", W | E: "─", N | S: "│"}
_SEGMENT_SIGN = {1: "┘", 2: "└", 3: "┌", 4: "┐", 5: "─", 6: "│"}

TEXT: Catalogue = {
    "title": {
        "pt": "Avenue — mapa {map}{designed} · rodada {round}/5 · fazenda {farm}",
        "en": "Avenue — map {map}{designed} · round {round}/5 · farm {farm}",
    },
    "designed": {"pt": " (criado pelo Tabuleiro)", "en": " (designed by Tabuleiro)"},
    "card": {
        "pt": "Carta de estrada: trecho {segment} {sign} ({colour}) · amarelas nesta rodada: {yellow}/4",
        "en": "Road card: segment {segment} {sign} ({colour}) · yellow cards this round: {yellow}/4",
    },
    "yellow": {"pt": "amarela, de pontuação", "en": "yellow, scoring"},
    "grey": {"pt": "cinza", "en": "grey"},
    "decks": {
        "pt": "Baralho de estradas: {deck} · descarte: {discard} · fazendas reveladas: {farms}",
        "en": "Road deck: {deck} · discard: {discard} · farms revealed: {farms}",
    },
    "over": {"pt": "Fim de jogo.", "en": "Game over."},
    "player": {"pt": "Jogador {n}", "en": "Player {n}"},
    "you": {"pt": " (você)", "en": " (you)"},
    "rows": {"pt": "Fazendas: {rows}", "en": "Farms: {rows}"},
    "lines": {
        "pt": "Castelo roxo {purple} · castelo verde {green} · zeros {zeros} · total {score}",
        "en": "Purple castle {purple} · green castle {green} · zeros {zeros} · total {score}",
    },
    "waiting": {"pt": "escolhendo…", "en": "choosing…"},
    "committed": {"pt": "já escolheu", "en": "has chosen"},
    "peeked": {"pt": "olhou a fazenda nesta rodada", "en": "peeked this round"},
    "pending": {
        "pt": "Sua escolha para esta carta (secreta): {choice}",
        "en": "Your choice for this card (sealed): {choice}",
    },
    "peek_saw": {"pt": "Você olhou: a próxima fazenda é {farm}", "en": "You peeked: the next farm is {farm}"},
    "last": {"pt": "Carta anterior: {moves}", "en": "Previous card: {moves}"},
    "legend": {
        "pt": "Legenda: R uva roxa, V uva verde, (A) fazenda, #R#/#V# castelo roxo/verde",
        "en": "Legend: P purple grape, G green grape, (A) farm, #P#/#G# purple/green castle",
    },
}


def t(key: str, lang: Lang, **values: object) -> str:
    """A string of this module's catalogue."""
    return text(TEXT, key, lang, **values)


def _label(token: str, lang: Lang) -> str:
    if token == ".":
        return ""
    if len(token) == 1 and token.isalpha() and token not in "GP":
        return f"({token})"
    if token in ("CP", "CG"):
        colour = token[1]
        return f"#{colour if lang == 'en' else {'P': 'R', 'G': 'V'}[colour]}#"
    return token if lang == "en" else token.replace("P", "R").replace("G", "V")


def _square(label: str, sides: int) -> tuple[str, str, str]:
    vertical = "   │   "
    top = vertical if sides & N else " " * 7
    bottom = vertical if sides & S else " " * 7
    if label:
        core = label.center(5)
        if sides & W:
            core = "─" * (len(core) - len(core.lstrip())) + core.lstrip()
        if sides & E:
            core = core.rstrip() + "─" * (len(core) - len(core.rstrip()))
        middle = ("─" if sides & W else " ") + core + ("─" if sides & E else " ")
    elif sides:
        middle = ("───" if sides & W else "   ") + _JUNCTION[sides] + ("───" if sides & E else "   ")
    else:
        middle = "   ·   "
    return top, middle, bottom


def sheet(map_id: str, roads: list[int], lang: Lang) -> list[str]:
    """The map sheet with its drawn roads, with column letters and row numbers."""
    board = components().maps[map_id]
    sides = components().segment_sides
    rule = "   +" + "-------+" * COLS
    lines = ["    " + "".join(f"   {c}    " for c in "abcdef"), rule]
    for r in range(ROWS):
        cells = [
            _square(_label(board.squares[r * COLS + c].token, lang), sides.get(roads[r * COLS + c], 0))
            for c in range(COLS)
        ]
        for part in range(3):
            prefix = f" {r + 1} |" if part == 1 else "   |"
            lines.append(prefix + "|".join(cell[part] for cell in cells) + "|")
        lines.append(rule)
    return lines


def render_view(view: JsonDict, lang: Lang = "pt") -> str:
    """The text picture of a view: status, the seat's own sheet (all sheets for a spectator)."""
    seat = view["seat"]
    designed = t("designed", lang) if view["map"]["designed"] else ""
    farm = view["farms"][-1] if view["farms"] else "-"
    out = [t("title", lang, map=view["map"]["id"], designed=designed, round=view["round"], farm=farm)]
    card = view["card"]
    if view["finished"]:
        out.append(t("over", lang))
    elif card is not None:
        colour = t("yellow" if card["yellow"] else "grey", lang)
        out.append(
            t(
                "card",
                lang,
                segment=card["segment"],
                sign=_SEGMENT_SIGN[card["segment"]],
                colour=colour,
                yellow=view["yellow"],
            )
        )
    out.append(
        t("decks", lang, deck=view["road_deck"], discard=view["road_discard"], farms=" ".join(view["farms"]))
    )
    if view["last"] is not None:
        moves = ", ".join(f"{t('player', lang, n=i + 1)}: {m}" for i, m in enumerate(view["last"]))
        out.append(t("last", lang, moves=moves))
    for i, sh in enumerate(view["sheets"]):
        out.append("")
        status = []
        if not view["finished"]:
            status.append(t("committed" if sh["committed"] else "waiting", lang))
        if sh["peeked"]:
            status.append(t("peeked", lang))
        name = t("player", lang, n=i + 1) + (t("you", lang) if i == seat else "")
        out.append(name + (" — " + ", ".join(status) if status else ""))
        rows = " ".join(f"{r['farm']}:{r['grapes']}→{r['score']}" for r in sh["rows"]) or "-"
        out.append(t("rows", lang, rows=rows))
        lines = sh["lines"]
        out.append(
            t(
                "lines",
                lang,
                purple=lines["castle_purple"],
                green=lines["castle_green"],
                zeros=lines["zeros"],
                score=sh["score"],
            )
        )
        if seat is None or i == seat:
            out.extend(sheet(view["map"]["id"], sh["roads"], lang))
    private = view.get("private")
    if private:
        if private["pending"]:
            out.append(t("pending", lang, choice=private["pending"]))
        if private["peeked_farm"]:
            out.append(t("peek_saw", lang, farm=private["peeked_farm"]))
    out.append(t("legend", lang))
    return "\n".join(out)
