"""Plain-text pictures of Metro for terminals and golden files.

Each square is drawn 8 characters wide and 4 lines tall. A tile shows its code in the
middle and a letter at each of its 8 exits; the two exits joined by one track carry the
same letter (A..D, given clockwise from the top-left exit), so a reader follows a line by
matching letters. Exits sit where the components number them::

    +--------+
    |  0  1  |
    |7 code 2|
    |6  r1  3|
    |  5  4  |
    +--------+

Row 3 of a tile shows ``r1``..``r3`` for a turned tile and ``*`` marks for a central track
tile (expansion 3). Empty squares where a tile may go show their name (``·c4·``); the
central station is shaded ``░``, with its faces F1..F8 and their owners under expansion 2.
Stations 1..32 sit around the grid as number and owner initial, ``✓`` once their line is
complete. Owner initials (pt: A Amarelo, Z Azul, L Laranja, V Verde, R Roxo, P Preto, M
Vermelho, B Branco; en: Y B O G P K R W) are explained in a legend line.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabuleiro.core import InvalidActionError, JsonDict, Lang
from tabuleiro.core.i18n import Catalogue, text
from tabuleiro.games.metro.actions import describe_action, parse_action
from tabuleiro.games.metro.components import COLUMNS, SIZE, components, crossing, pairing, square_name

WIDTH = 100
CELL = 8
MARGIN = 7
SHADE = "░"
TRACKS = "ABCD"
EXIT_POSITIONS = ((0, 2), (0, 5), (1, 7), (2, 7), (3, 5), (3, 2), (2, 0), (1, 0))
"""(row, column) of each exit inside a square's 8x4 drawing."""
INITIALS: dict[Lang, dict[str, str]] = {
    "pt": {
        "yellow": "A",
        "blue": "Z",
        "orange": "L",
        "green": "V",
        "purple": "R",
        "black": "P",
        "red": "M",
        "white": "B",
    },
    "en": {
        "yellow": "Y",
        "blue": "B",
        "orange": "O",
        "green": "G",
        "purple": "P",
        "black": "K",
        "red": "R",
        "white": "W",
    },
}
# The side of the central station each face is on, from the exit by which its line arrives.
_FACE_SIDE = {5: "top", 7: "right", 1: "bottom", 3: "left"}

TEXT: Catalogue = {
    "game": {"pt": "Metrô", "en": "Metro"},
    "title": {
        "pt": "{game} — peças colocadas: {placed}/60 · monte: {pile} · {turn}",
        "en": "{game} — tiles placed: {placed}/60 · pile: {pile} · {turn}",
    },
    "turn": {"pt": "vez de {player}", "en": "{player} to play"},
    "drawing": {
        "pt": "{player} comprou uma peça e deve colocá-la",
        "en": "{player} drew a tile and must place it",
    },
    "over": {"pt": "fim de jogo", "en": "game over"},
    "expansions": {"pt": "Expansões: {names}", "en": "Expansions: {names}"},
    "exp_companies": {"pt": "1 companhias", "en": "1 companies"},
    "exp_central_stations": {"pt": "2 estações centrais", "en": "2 central stations"},
    "exp_central_tracks": {"pt": "3 trilhos centrais", "en": "3 central tracks"},
    "exp_station_numbers": {"pt": "4 estações numeradas", "en": "4 station numbers"},
    "free_orientation": {"pt": "orientação livre", "en": "free orientation"},
    "scores": {"pt": "Pontos: ", "en": "Scores: "},
    "profits": {"pt": "Lucro das companhias: ", "en": "Company profits: "},
    "hands": {"pt": "Peças na mão: ", "en": "Tiles in hand: "},
    "player": {"pt": "Jogador {n}", "en": "Player {n}"},
    "you": {"pt": " (você)", "en": " (you)"},
    "you_inline": {"pt": ", você", "en": ", you"},
    "last": {
        "pt": "Jogada anterior: {player} {what} ({action})",
        "en": "Previous move: {player} {what} ({action})",
    },
    "board_legend": {
        "pt": "Legenda: letras iguais numa peça = saídas ligadas pelo mesmo trilho · ·c4· casa livre",
        "en": "Legend: equal letters on a tile = exits joined by one track · ·c4· free square",
    },
    "board_legend_2": {
        "pt": "  ░ estação central · 9A estação 9 de A, ✓ linha completa · r1..r3 peça girada",
        "en": "  ░ central station · 9Y station 9 of Y, ✓ line complete · r1..r3 turned tile",
    },
    "board_legend_faces": {
        "pt": "  F1A face F1 da estação central com vagão de A (expansão 2)",
        "en": "  F1Y face F1 of the central station with Y's wagon (expansion 2)",
    },
    "board_legend_central": {
        "pt": "  *  * peça de trilho central (expansão 3)",
        "en": "  *  * central track tile (expansion 3)",
    },
    "owners_players": {"pt": "Cores: ", "en": "Colours: "},
    "owners_companies": {"pt": "Companhias: ", "en": "Companies: "},
    "lines": {"pt": "Linhas", "en": "Lines"},
    "owner_points": {"pt": "{owner} — {points}", "en": "{owner} — {points}"},
    "open": {"pt": "  em aberto: ", "en": "  open: "},
    "closed": {"pt": "  pontuadas: ", "en": "  scored: "},
    "open_line": {"pt": "{start}: {tiles}, em {at}", "en": "{start}: {tiles}, at {at}"},
    "closed_line": {"pt": "{start} → {end}: {points}", "en": "{start} → {end}: {points}"},
    "tile_1": {"pt": "{n} peça", "en": "{n} tile"},
    "tile_n": {"pt": "{n:# peça|# peças}", "en": "{n:# tile|# tiles}"},
    "central_tiles": {"pt": " (+{n} central)", "en": " (+{n} central)"},
    "point_1": {"pt": "{n} ponto", "en": "{n} point"},
    "point_n": {"pt": "{n:# ponto|# pontos}", "en": "{n:# point|# points}"},
    "no_lines": {"pt": "  sem linhas", "en": "  no lines"},
    "hand": {"pt": "Sua mão: {codes}", "en": "Your hand: {codes}"},
    "empty": {"pt": "vazia", "en": "empty"},
    "drawn": {"pt": "Peça comprada, a colocar agora: {code}", "en": "Drawn tile, to place now: {code}"},
    "shares_face_up": {"pt": "Ações à vista: ", "en": "Face-up shares: "},
    "shares_piles": {"pt": "Ações nos montes: ", "en": "Share piles: "},
    "shares_shown": {"pt": "Ações mostradas: ", "en": "Shown shares: "},
    "none": {"pt": "nenhuma", "en": "none"},
    "none_m": {"pt": "nenhum", "en": "none"},
    "swaps": {
        "pt": "Você pode trocar uma ação (swap PORCENTAGEM up|top).",
        "en": "You may swap a share (swap PERCENT up|top).",
    },
    "wagons": {"pt": "Vagões centrais por usar: ", "en": "Central wagons unused: "},
    "numbers_held": {"pt": "Números de estação por jogador: ", "en": "Station numbers per player: "},
    "my_shares": {"pt": "Suas ações: ", "en": "Your shares: "},
    "shares_held": {"pt": "Ações de cada jogador (fim do jogo):", "en": "Every player's shares (game over):"},
    "numbers_revealed": {
        "pt": "Números de estação revelados (fim do jogo): ",
        "en": "Station numbers revealed (game over): ",
    },
    "shown": {"pt": " (mostrada)", "en": " (shown)"},
    "my_numbers": {"pt": "Seus números de estação: {numbers}", "en": "Your station numbers: {numbers}"},
}


def t(key: str, lang: Lang, **values: object) -> str:
    """A string of this module's catalogue."""
    return text(TEXT, key, lang, **values)


def _count(key: str, n: int, lang: Lang) -> str:
    return t(f"{key}_1" if n == 1 else f"{key}_n", lang, n=n)


def wrap(prefix: str, items: Sequence[str], indent: str = "    ") -> list[str]:
    """`items` after `prefix`, joined by `` · `` and broken into lines of at most WIDTH."""
    lines = [prefix.rstrip() if not items else prefix]
    for i, item in enumerate(items):
        sep = "" if i == 0 else " · "
        if i and len(lines[-1]) + len(sep) + len(item) + 2 > WIDTH:
            lines[-1] = lines[-1] + " ·"
            lines.append(indent + item)
        else:
            lines[-1] = lines[-1] + sep + item
    return lines


def colour_name(colour: str, lang: Lang) -> str:
    """The colour's name in `lang`."""
    return next(c[lang] for c in components().colours if c["id"] == colour)


def tile_rows(code: str, rotation: int = 0, central: bool = False) -> list[str]:
    """The 4 rows (8 characters each) of a tile: track letters at its exits, its code in the middle."""
    partner = pairing(code, rotation)
    letters = [""] * 8
    track = 0
    for exit_ in range(8):
        if not letters[exit_]:
            letters[exit_] = letters[partner[exit_]] = TRACKS[track]
            track += 1
    tag = f"r{rotation}" if rotation else ""
    if central:
        tag = f"*{tag}*" if tag else "*  *"
    rows = [[" "] * CELL for _ in range(4)]
    for exit_, (r, c) in enumerate(EXIT_POSITIONS):
        rows[r][c] = letters[exit_]
    rows[1][2:6] = code
    rows[2][1:7] = tag.center(6)
    return ["".join(row) for row in rows]


def _station_rows(square: int, faces: dict[int, list[tuple[str, str]]]) -> list[str]:
    rows = [SHADE * CELL for _ in range(4)]
    for side, label in faces.get(square, []):
        if side == "top":
            rows[0] = label.center(CELL, SHADE)
        elif side == "bottom":
            rows[3] = label.center(CELL, SHADE)
        else:
            r = 1 if square // SIZE < SIZE // 2 else 2
            rows[r] = label.ljust(CELL, SHADE) if side == "left" else label.rjust(CELL, SHADE)
    return rows


def _square_rows(
    entry: object, name: str, free: bool, square: int, faces: dict[int, list[tuple[str, str]]]
) -> list[str]:
    if entry == "station":
        return _station_rows(square, faces)
    if isinstance(entry, dict):
        return tile_rows(str(entry["tile"]), int(entry["rotation"]), bool(entry["central"]))
    blank = " " * CELL
    return [blank, f"·{name}·".center(CELL) if free else blank, blank, blank]


class _Owners:
    """Names and initials of a view's owners (seats, or companies with expansion 1)."""

    def __init__(self, view: JsonDict, lang: Lang) -> None:
        self.lang = lang
        self.colours: list[str] = list(view["colours"])
        self.companies = view["owners"] == "companies"
        self.seat = view["seat"]

    def initial(self, owner: int | None) -> str:
        """The owner's colour initial in the view's language; ``·`` for no owner."""
        return "·" if owner is None else INITIALS[self.lang][self.colours[owner]]

    def name(self, owner: int) -> str:
        """A company's colour name, or ``Jogador N`` (marked when it is the viewer)."""
        if self.companies:
            return colour_name(self.colours[owner], self.lang)
        return player(owner, self.seat, self.lang)

    def label(self, owner: int) -> str:
        """The owner's name with its initial: ``Jogador 1 (A, você)``, ``Azul (Z)``."""
        you = t("you_inline", self.lang) if not self.companies and owner == self.seat else ""
        base = (
            colour_name(self.colours[owner], self.lang)
            if self.companies
            else t("player", self.lang, n=owner + 1)
        )
        return f"{base} ({self.initial(owner)}{you})"


def player(seat: int, viewer: int | None, lang: Lang) -> str:
    """``Jogador 2`` for seat 1, with ``(você)`` when it is the viewer's seat."""
    return t("player", lang, n=seat + 1) + (t("you", lang) if seat == viewer else "")


def _station_labels(view: JsonDict, owners: _Owners) -> dict[str, str]:
    labels = {}
    for line in view["lines"]:
        done = "✓" if line["end"] is not None else ""
        labels[line["start"]] = f"{line['start']}{owners.initial(line['owner'])}{done}"
    return labels


def _face_labels(labels: dict[str, str]) -> dict[int, list[tuple[str, str]]]:
    faces: dict[int, list[tuple[str, str]]] = {}
    for face in components().central:
        centre = crossing(face.square, face.arrival)
        if centre is not None and face.name in labels:
            faces.setdefault(centre, []).append((_FACE_SIDE[face.arrival], labels[face.name]))
    return faces


def board(view: JsonDict, lang: Lang) -> list[str]:
    """The grid with its tiles, free squares, central station and the stations around it."""
    owners = _Owners(view, lang)
    labels = _station_labels(view, owners)
    faces = _face_labels(labels) if view["expansions"]["central_stations"] else {}
    top = [""] * SIZE
    bottom = [""] * SIZE
    left = [""] * SIZE
    right = [""] * SIZE
    for station in components().stations:
        row, col = divmod(station.square, SIZE)
        label = labels.get(station.name, station.name)
        side = {0: top, 4: bottom}.get(station.departure)
        if side is not None:
            side[col] = label
        else:
            (left if station.departure == 6 else right)[row] = label
    free = set(view["open_squares"])

    def ruler(cells: list[str]) -> str:
        return (" " * MARGIN + "".join(" " + cell.center(CELL) for cell in cells)).rstrip()

    rule = " " * MARGIN + "+" + ("-" * CELL + "+") * SIZE
    out = [ruler(list(COLUMNS)), ruler(top), rule]
    for row in range(SIZE):
        cells = []
        for col in range(SIZE):
            sq = row * SIZE + col
            name = square_name(sq)
            cells.append(_square_rows(view["board"][sq], name, name in free, sq, faces))
        for part in range(4):
            head = f"{row + 1:>2}".ljust(MARGIN) if part == 1 else " " * MARGIN
            tail = ""
            if part == 2:
                head = f"{left[row]:>{MARGIN - 1}} "
                tail = " " + right[row]
            elif part == 1:
                tail = f"{row + 1:>6}"
            out.append((head + "|" + "|".join(cell[part] for cell in cells) + "|" + tail).rstrip())
        out.append(rule)
    out += [ruler(bottom), ruler(list(COLUMNS))]
    out.append(t("board_legend", lang))
    out.append(t("board_legend_2", lang))
    if view["expansions"]["central_stations"]:
        out.append(t("board_legend_faces", lang))
    if view["expansions"]["central_tracks"]:
        out.append(t("board_legend_central", lang))
    items = [f"{owners.initial(i)} {colour_name(c, lang)}" for i, c in enumerate(owners.colours)]
    if not owners.companies:
        items = [f"{item} = {owners.name(i)}" for i, item in enumerate(items)]
    out += wrap(t("owners_companies" if owners.companies else "owners_players", lang), items)
    return out


def header(view: JsonDict, lang: Lang) -> list[str]:
    """Game, progress, whose turn, scores, the previous move."""
    owners = _Owners(view, lang)
    seat = view["seat"]
    if view["finished"] or view["turn"] is None:
        turn = t("over", lang)
    else:
        turn = t("drawing" if view["drawing"] else "turn", lang, player=player(view["turn"], seat, lang))
    game = t("game", lang)
    out = [t("title", lang, game=game, placed=view["tiles_placed"], pile=view["pile"], turn=turn)]
    names = [t(f"exp_{key}", lang) for key, on in view["expansions"].items() if on]
    if view["free_orientation"]:
        names.append(t("free_orientation", lang))
    if names:
        out.append(t("expansions", lang, names=", ".join(names)))
    scores = [f"{owners.label(i)}: {s}" for i, s in enumerate(view["scores"])]
    out += wrap(t("profits" if owners.companies else "scores", lang), scores)
    if max(view["hand_sizes"], default=0) > 1:
        hands = [f"{player(i, seat, lang)}: {n}" for i, n in enumerate(view["hand_sizes"])]
        out += wrap(t("hands", lang), hands)
    last = view["last"]
    if last is not None:
        action = str(last["action"])
        try:
            what = describe_action(parse_action(action), lang)
        except InvalidActionError:
            what = action
        out.append(t("last", lang, player=player(last["seat"], seat, lang), what=what, action=action))
    return out


def lines(view: JsonDict, lang: Lang) -> list[str]:
    """Each owner's open and scored lines."""
    owners = _Owners(view, lang)
    out = [t("lines", lang) + ":"]
    for owner, score in enumerate(view["scores"]):
        own = [line for line in view["lines"] if line["owner"] == owner]
        points = _count("point", score, lang)
        out.append(t("owner_points", lang, owner=owners.label(owner), points=points))
        open_, closed = [], []
        for line in own:
            tiles = _count("tile", line["tiles"], lang)
            if line["central_tiles"]:
                tiles += t("central_tiles", lang, n=line["central_tiles"])
            if line["end"] is None:
                open_.append(t("open_line", lang, start=line["start"], tiles=tiles, at=line["at"]))
            else:
                got = _count("point", line["points"] or 0, lang)
                closed.append(t("closed_line", lang, start=line["start"], end=line["end"], points=got))
        if open_:
            out += wrap(t("open", lang), open_)
        if closed:
            out += wrap(t("closed", lang), closed)
        if not own:
            out.append(t("no_lines", lang))
    return out


def tiles_side_by_side(pictures: Sequence[list[str]]) -> list[str]:
    """Boxed tile pictures in a row, two spaces apart."""
    boxes = [
        ["+" + "-" * CELL + "+", *("|" + row + "|" for row in rows), "+" + "-" * CELL + "+"]
        for rows in pictures
    ]
    return ["  " + "  ".join(box[i] for box in boxes) for i in range(6)] if boxes else []


def _tile_pictures(code: str, free_orientation: bool) -> list[str]:
    return tiles_side_by_side([tile_rows(code, r) for r in (range(4) if free_orientation else range(1))])


def private(view: JsonDict, lang: Lang) -> list[str]:
    """What only the viewer knows: hand, drawn tile, shares, station numbers."""
    mine = view.get("private")
    if not mine:
        return []
    turnable = bool(view["free_orientation"])
    hand = list(mine["hand"])
    out = [t("hand", lang, codes=", ".join(hand) if hand else t("empty", lang))]
    if turnable:
        for code in hand:
            out += _tile_pictures(code, True)
    else:
        out += tiles_side_by_side([tile_rows(code) for code in hand])
    if mine["drawn"] is not None:
        out.append(t("drawn", lang, code=mine["drawn"]))
        out += _tile_pictures(mine["drawn"], turnable)
    if "shares" in mine:
        items = [
            f"{s['percent']}% {colour_name(s['company'], lang)}" + (t("shown", lang) if s["shown"] else "")
            for s in mine["shares"]
        ]
        out += wrap(t("my_shares", lang), items)
    if "numbers" in mine:
        out.append(t("my_numbers", lang, numbers=", ".join(str(n) for n in mine["numbers"])))
    return out


def expansions(view: JsonDict, lang: Lang) -> list[str]:
    """Public expansion state: shares (1), central wagons (2), station numbers held (4)."""
    owners = _Owners(view, lang)
    seat = view["seat"]
    out: list[str] = []
    shares = view.get("shares")
    if shares is not None:
        face_up = [f"{p}% {colour_name(c, lang)}" for p, c in shares["face_up"].items()]
        out += wrap(t("shares_face_up", lang), face_up)
        out += wrap(t("shares_piles", lang), [f"{p}%: {n}" for p, n in shares["piles"].items()])
        shown = [
            f"{player(i, seat, lang)}: "
            + ", ".join(f"{s['percent']}% {colour_name(s['company'], lang)}" for s in own)
            for i, own in enumerate(shares["shown"])
            if own
        ]
        out += wrap(t("shares_shown", lang), shown or [t("none", lang)])
        if shares["swaps_allowed"]:
            out.append(t("swaps", lang))
        if "held" in shares:
            out.append(t("shares_held", lang))
            for i, own in enumerate(shares["held"]):
                items = [f"{s['percent']}% {colour_name(s['company'], lang)}" for s in own]
                out += wrap(f"  {player(i, seat, lang)}: ", items)
    wagons = view.get("central_wagons")
    if wagons is not None:
        unused = [owners.label(i) for i, left in enumerate(wagons) if left]
        out += wrap(t("wagons", lang), unused or [t("none_m", lang)])
    held = view.get("numbers_held")
    if held is not None:
        out += wrap(t("numbers_held", lang), [f"{player(i, seat, lang)}: {n}" for i, n in enumerate(held)])
    revealed = view.get("numbers_revealed")
    if revealed is not None:
        items = [
            f"{player(i, seat, lang)}: {', '.join(str(n) for n in own) or '-'}"
            for i, own in enumerate(revealed)
        ]
        out += wrap(t("numbers_revealed", lang), items)
    return out


def render_view(view: JsonDict, lang: Lang = "pt") -> str:
    """The text picture of a view: header, board, lines per owner, expansions, the viewer's hand."""
    out = header(view, lang)
    out.append("")
    out += board(view, lang)
    out.append("")
    out += lines(view, lang)
    extra = expansions(view, lang)
    if extra:
        out.append("")
        out += extra
    mine = private(view, lang)
    if mine:
        out.append("")
        out += mine
    return "\n".join(line.rstrip() for line in out)
