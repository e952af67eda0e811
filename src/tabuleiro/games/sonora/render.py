"""Plain-text pictures of Sonora for terminals and golden files, in Portuguese or English.

Built only from the view dict (`tabuleiro.games.sonora.view`). The picture reads top down:

1. the header: round, phase, first player, the pending decision and the previous move, and
   the reminder that board and sheet are designed by Tabuleiro;
2. the board, seen from above (Ruins top-left, as the rulebook's picture): ``#`` rails,
   ``/`` and ``\\`` launch pads, ``@`` the hole, the multiplier circles by the first letter
   of their animal in lower case (``l`` lizard, ``o`` owl, ``f`` fox, ``r`` rabbit), every
   disc by its number; below it one line per disc: owner, place, area and multiplier;
3. the last flick: what was asked, what the hand did, and which discs fell or went off;
4. every sheet: Ruins buildings, Riverbed spaces, the Canyon grid, the Mud cracks lattice,
   bonus columns, bonus track, Discovery area, scores, and what is left to score.

No line is wider than `WIDTH`; no ANSI codes.
"""

from __future__ import annotations

from tabuleiro.core import JsonDict, Lang
from tabuleiro.core.i18n import Catalogue, text
from tabuleiro.games.sonora.components import CANYON_COLS, board, printed

WIDTH = 100
BOARD_COLS, BOARD_ROWS = 57, 29  # 5 mm per column, 10 mm per row
AREA_PT = {
    "ruins": "Ruínas",
    "riverbed": "Leito do rio",
    "canyon": "Desfiladeiro",
    "mudcracks": "Rachas na lama",
}
AREA_EN = {"ruins": "Ruins", "riverbed": "Riverbed", "canyon": "Canyon", "mudcracks": "Mud cracks"}
ANIMAL = {
    "pt": {"lizard": "lagarto", "owl": "coruja", "fox": "raposa", "rabbit": "coelho"},
    "en": {"lizard": "lizard", "owl": "owl", "fox": "fox", "rabbit": "rabbit"},
}
CELL_SYMBOL = {"swap": "W", "reflick": "R", "fox": "F", "owl": "O", "rabbit": "H", "discovery": "D"}

TEXT: Catalogue = {
    "title": {
        "pt": "SONORA — ronda {round}/{rounds} · {phase} · primeiro jogador: {first}",
        "en": "SONORA — round {round}/{rounds} · {phase} · first player: {first}",
    },
    "designed": {
        "pt": "Tabuleiro (medidas) e folha de pontuação criados pelo Tabuleiro: os originais não são "
        "públicos.",
        "en": "Board measurements and scoresheet designed by Tabuleiro: the originals are not public.",
    },
    "phase_flick": {"pt": "fase do piparote", "en": "flick phase"},
    "phase_colours": {"pt": "escolha das cores (solo)", "en": "choosing colours (solo)"},
    "phase_swap": {"pt": "anotar: bonificações de troca", "en": "writing: Swap bonuses"},
    "phase_ai": {"pt": "anotar: discos da IA", "en": "writing: the AI's discs"},
    "phase_ruins": {"pt": "anotar: Ruínas", "en": "writing: Ruins"},
    "phase_areas": {
        "pt": "anotar: as outras áreas (simultâneo)",
        "en": "writing: the other areas (simultaneous)",
    },
    "phase_over": {"pt": "fim de jogo", "en": "game over"},
    "player": {"pt": "Jogador {n}", "en": "Player {n}"},
    "you": {"pt": " (você)", "en": " (you)"},
    "to_act": {"pt": "A decidir: {who} — {what}", "en": "To decide: {who} — {what}"},
    "dec_turn": {"pt": "piparotar um disco da mão", "en": "flick a disc from the hand"},
    "dec_flick": {"pt": "piparotar de novo o disco {disc}", "en": "flick disc {disc} again"},
    "dec_reflick": {
        "pt": "usar Piparotar de Novo no disco {disc} (reflick) ou manter (keep)",
        "en": "use a Re-flick bonus on disc {disc} (reflick) or keep it (keep)",
    },
    "dec_hole": {"pt": "área do disco {disc} na mosca", "en": "area of disc {disc} in the hole"},
    "dec_write": {"pt": "anotar", "en": "write"},
    "repeats": {"pt": " (repetição {n})", "en": " (repeat {n})"},
    "sealed": {
        "pt": "Etapa simultânea: as escolhas dos outros ficam ocultas até todos terminarem.",
        "en": "Simultaneous step: the others' choices stay hidden until everyone is done.",
    },
    "last": {"pt": "Jogada anterior: {who} — {action}", "en": "Previous move: {who} — {action}"},
    "hidden": {"pt": "(oculta até todos terminarem)", "en": "(hidden until everyone is done)"},
    "corners": {"pt": "Cantos de lançamento: {items}", "en": "Launch corners: {items}"},
    "board_legend": {
        "pt": "# trilhos · / \\ cantos elevados · @ buraco · l o f r círculos (lagarto, coruja, raposa, "
        "coelho)",
        "en": "# rails · / \\ raised corners · @ hole · l o f r circles (lizard, owl, fox, rabbit)",
    },
    "disc_line": {"pt": "  {who} disco {disc}: {where}", "en": "  {who} disc {disc}: {where}"},
    "on_board": {"pt": "({x}, {y}) {area}", "en": "({x}, {y}) {area}"},
    "halves": {"pt": "metades exatas: {a} | {b}", "en": "exact halves: {a} | {b}"},
    "hand": {"pt": "na mão", "en": "in hand"},
    "out": {"pt": "fora (desqualificado)", "en": "out (disqualified)"},
    "hole": {"pt": "na mosca → {area}", "en": "in the hole → {area}"},
    "hole_open": {"pt": "na mosca (área a escolher)", "en": "in the hole (area to choose)"},
    "flick": {
        "pt": "Último piparote: {who}, disco {disc}, canto {corner}: pedido {offset} mm, {angle}°, força "
        "{distance} mm; "
        "aplicado {applied}°, {speed} mm/s; {frames} quadros a {fps}/s{fell}",
        "en": "Last flick: {who}, disc {disc}, corner {corner}: asked {offset} mm, {angle}°, strength "
        "{distance} mm; "
        "applied {applied}°, {speed} mm/s; {frames} frames at {fps}/s{fell}",
    },
    "fell": {"pt": "; {items}", "en": "; {items}"},
    "fate_hole": {"pt": "{disc} na mosca", "en": "{disc} in the hole"},
    "fate_off": {"pt": "{disc} fora do tabuleiro", "en": "{disc} off the board"},
    "no_leave": {"pt": " · não saiu do canto", "en": " · did not leave the corner"},
    "set_down": {
        "pt": " · {items} pousado à frente do seu canto (salvaguarda)",
        "en": " · {items} set down in front of its corner (safeguard)",
    },
    "sheet": {"pt": "Folha de {who}{done}", "en": "Sheet of {who}{done}"},
    "done": {"pt": " · terminou", "en": " · done"},
    "ruins": {"pt": "  Ruínas: {items}", "en": "  Ruins: {items}"},
    "ai_building": {
        "pt": "  Edifício da IA: {circled} círculos, {crossed} riscados",
        "en": "  AI building: {circled} circled, {crossed} crossed",
    },
    "river": {
        "pt": "  Leito do rio (x riscado, O circulado, # IA):",
        "en": "  Riverbed (x crossed, O circled, # AI):",
    },
    "canyon": {
        "pt": "  Desfiladeiro (X suas formas, # IA, a b c cactos, W R F O H D bônus, i IA) · cactos {cacti}",
        "en": "  Canyon (X your shapes, # AI, a b c cacti, W R F O H D bonuses, i AI) · cacti {cacti}",
    },
    "mud": {
        "pt": "  Rachas na lama (custo; * marcado, +n círculos da IA) · colunas {columns}",
        "en": "  Mud cracks (cost; * marked, +n AI circles) · columns {columns}",
    },
    "bonuses": {
        "pt": "  Bônus: piparotar de novo {rf} · troca {sw} · descoberta raposa {fox} coruja {owl} coelho "
        "{rabbit}",
        "en": "  Bonuses: re-flick {rf} · swap {sw} · discovery fox {fox} owl {owl} rabbit {rabbit}",
    },
    "scores": {
        "pt": "  Pontos: Ruínas {ruins} · Leito {riverbed} · Desfiladeiro {canyon} · Rachas {mudcracks} · "
        "total {total}",
        "en": "  Points: Ruins {ruins} · Riverbed {riverbed} · Canyon {canyon} · Mud {mudcracks} · total "
        "{total}",
    },
    "work": {
        "pt": "  A anotar: Ruínas {ruins} · formas {canyon} · caminhos {river} · corujas {owls} · Rachas "
        "{mud}{more}",
        "en": "  To write: Ruins {ruins} · shapes {canyon} · paths {river} · owls {owls} · Mud {mud}{more}",
    },
    "work_ai": {
        "pt": " · IA: formas {canyon}, caminhos {river}, círculos {mud}",
        "en": " · AI: shapes {canyon}, paths {river}, circles {mud}",
    },
    "drawing": {"pt": " · forma em curso {cells}", "en": " · shape being drawn {cells}"},
    "discover": {"pt": " · descobertas a escolher {n}", "en": " · discoveries to choose {n}"},
    "outcome": {"pt": "Resultado: {items}", "en": "Result: {items}"},
    "colours": {"pt": "Cores: você {mine}, IA {ai}", "en": "Colours: you {mine}, AI {ai}"},
    "notation": {
        "pt": "Jogadas: flick DISCO DESLOC ÂNGULO FORÇA (flick 3 0 12.5 250) · reflick · keep · hole ÁREA · "
        "swap 2 5 · ruins B 4 · cell e11 · end · path L4 · node B1 · box swap · use fox · discover owl · "
        "done",
        "en": "Moves: flick DISC OFFSET ANGLE STRENGTH (flick 3 0 12.5 250) · reflick · keep · hole AREA · "
        "swap 2 5 · ruins B 4 · cell e11 · end · path L4 · node B1 · box swap · use fox · discover owl · "
        "done",
    },
}


def _who(seat: int, me: int | None, lang: Lang) -> str:
    return text(TEXT, "player", lang, n=seat + 1) + (text(TEXT, "you", lang) if seat == me else "")


def _area(name: str | None, lang: Lang) -> str:
    if name is None:
        return "?"
    return (AREA_PT if lang == "pt" else AREA_EN)[name]


def _wrap(line: str) -> list[str]:
    out = []
    while len(line) > WIDTH:
        cut = line.rfind(" ", 0, WIDTH)
        cut = cut if cut > 20 else WIDTH
        out.append(line[:cut])
        line = "    " + line[cut:].lstrip()
    out.append(line)
    return out


def _header(view: JsonDict, lang: Lang) -> list[str]:
    me = view["seat"]
    lines = [
        text(
            TEXT,
            "title",
            lang,
            round=view["round"],
            rounds=view["rounds"],
            phase=text(TEXT, f"phase_{view['phase']}", lang),
            first=view["first_player"] + 1,
        ),
        text(TEXT, "designed", lang),
    ]
    corners = ", ".join(f"{_who(s, me, lang)} {_area(c, lang)}" for s, c in enumerate(view["corners"]))
    lines.append(text(TEXT, "corners", lang, items=corners))
    if view["colours"]:
        lines.append(text(TEXT, "colours", lang, mine=view["colours"]["mine"], ai=view["colours"]["ai"]))
    decision = view["decision"]
    if decision:
        what = text(TEXT, f"dec_{decision['kind']}", lang, disc=decision.get("disc", ""))
        if decision.get("repeats"):
            what += text(TEXT, "repeats", lang, n=decision["repeats"])
        lines.append(text(TEXT, "to_act", lang, who=_who(decision["seat"], me, lang), what=what))
    elif view["to_act"]:
        who = ", ".join(_who(s, me, lang) for s in view["to_act"])
        lines.append(text(TEXT, "to_act", lang, who=who, what=text(TEXT, "dec_write", lang)))
    if view["sealed"]:
        lines.append(text(TEXT, "sealed", lang))
    if view["last"]:
        action = view["last"]["action"] or text(TEXT, "hidden", lang)
        lines.append(text(TEXT, "last", lang, who=_who(view["last"]["seat"], me, lang), action=action))
    return lines


def _board(view: JsonDict, lang: Lang) -> list[str]:
    b = board()
    grid = [[" "] * BOARD_COLS for _ in range(BOARD_ROWS)]
    half = b.half

    def put(x: float, y: float, ch: str) -> None:
        col = round((x + half) / (2 * half) * (BOARD_COLS - 1))
        row = round((half - y) / (2 * half) * (BOARD_ROWS - 1))
        if 0 <= row < BOARD_ROWS and 0 <= col < BOARD_COLS:
            grid[row][col] = ch

    for i in range(BOARD_COLS):
        grid[0][i] = grid[-1][i] = "#"
    for r in range(BOARD_ROWS):
        grid[r][0] = grid[r][-1] = "#"
    leg = b.pad_leg
    for k in range(15):
        t = k / 14 * leg
        put(-half + t, half - leg + t, "/")
        put(half - t, -half + leg - t, "/")
        put(half - leg + t, half - t, "\\")
        put(-half + leg - t, -half + t, "\\")
    for r in range(1, BOARD_ROWS - 1):
        if grid[r][BOARD_COLS // 2] == " ":
            grid[r][BOARD_COLS // 2] = ":"
    for c in range(1, BOARD_COLS - 1):
        if grid[BOARD_ROWS // 2][c] == " ":
            grid[BOARD_ROWS // 2][c] = "·"
    for m in b.multipliers:
        for dx, dy in ((-10, 0), (10, 0), (0, 10), (0, -10), (0, 0)):
            put(m.x + dx, m.y + dy, m.animal[0] if (dx, dy) != (0, 0) else " ")
    put(0, 0, "@")
    for d in view["discs"]:
        if d["where"] == "board":
            put(d["x"], d["y"], str(d["number"]))
    names = AREA_PT if lang == "pt" else AREA_EN
    top = f"  {names['ruins']:<{BOARD_COLS // 2}}{names['riverbed']:>{BOARD_COLS // 2}}"
    bottom = f"  {names['canyon']:<{BOARD_COLS // 2}}{names['mudcracks']:>{BOARD_COLS // 2}}"
    lines = [top, *("  " + "".join(row) for row in grid), bottom, text(TEXT, "board_legend", lang)]
    me = view["seat"]
    for d in view["discs"]:
        if d["where"] == "board":
            area = _area(d["area"], lang)
            if d["multiplier"]:
                area += f" ({ANIMAL[lang][d['multiplier']]})"
            if d["halves"]:
                area = text(
                    TEXT, "halves", lang, a=_area(d["halves"][0], lang), b=_area(d["halves"][1], lang)
                )
            where = text(TEXT, "on_board", lang, x=f"{d['x']:.1f}", y=f"{d['y']:.1f}", area=area)
        elif d["where"] == "hole":
            where = (
                text(TEXT, "hole", lang, area=_area(d["area"], lang))
                if d["area"]
                else text(TEXT, "hole_open", lang)
            )
        elif d["where"] == "out":
            where = text(TEXT, "out", lang)
        else:
            continue
        lines.append(
            text(TEXT, "disc_line", lang, who=_who(d["seat"], me, lang), disc=d["disc"], where=where)
        )
    return lines


def _flick(view: JsonDict, lang: Lang) -> list[str]:
    f = view["flick"]
    if not f:
        return []
    items = [
        text(TEXT, "fate_hole" if x["fate"] == "hole" else "fate_off", lang, disc=f"{x['disc']}")
        for x in f["fell"]
    ]
    frames = max((t["from_frame"] + len(t["xy"]) // 2 for t in f["tracks"]), default=0)
    line = text(
        TEXT,
        "flick",
        lang,
        who=_who(f["seat"], view["seat"], lang),
        disc=f["disc"],
        corner=_area(f["corner"], lang),
        offset=f["asked"]["offset"],
        angle=f["asked"]["angle"],
        distance=f["asked"]["distance"],
        applied=f"{f['applied']['angle']:.1f}",
        speed=f"{f['applied']['speed']:.0f}",
        frames=frames,
        fps=f["fps"],
        fell=text(TEXT, "fell", lang, items=", ".join(items)) if items else "",
    )
    if not f["left_pad"] and {"disc": f["disc"], "seat": f["seat"]} not in f["set_down"]:
        line += text(TEXT, "no_leave", lang)
    if f["set_down"]:
        line += text(TEXT, "set_down", lang, items=", ".join(x["disc"] for x in f["set_down"]))
    return _wrap(line)


def _river(sheet: JsonDict) -> list[str]:
    p = printed()
    crossed, circled, ai = (set(sheet["riverbed"][k]) for k in ("crossed", "circled", "ai"))
    arms: dict[str, list[str]] = {}
    for i, sid in enumerate(p.river_ids):
        content = str(p.river_points[i]) if p.river_points[i] else (p.river_bonus[i][:2] if i else "X")
        mark = "O" if sid in circled else "x" if sid in crossed or i == 0 else "#" if sid in ai else "·"
        arm = sid.rstrip("0123456789") or "X"
        arms.setdefault(arm, []).append(f"{sid}:{content}{mark}")
    return ["    " + f"{arm:>2} " + " ".join(cells) for arm, cells in arms.items()]


def _canyon(sheet: JsonDict) -> list[str]:
    p = printed()
    rows = sheet["canyon"]["rows"]
    out = ["     " + " ".join("abcdefghij")]
    for r, row in enumerate(rows):
        chars = []
        for c, mark in enumerate(row):
            cell = r * CANYON_COLS + c
            if mark != ".":
                chars.append(mark)
            elif p.canyon_kind[cell] == 0:
                chars.append(" ")
            elif p.canyon_cactus[cell] >= 0:
                chars.append("abc"[p.canyon_cactus[cell]])
            elif p.canyon_bonus[cell]:
                chars.append(CELL_SYMBOL[p.canyon_bonus[cell]])
            elif p.canyon_kind[cell] == 3:
                chars.append("i")
            else:
                chars.append(".")
        out.append(f"  {r + 1:>2} " + " ".join(chars))
    return out


def _mud(sheet: JsonDict) -> list[str]:
    p = printed()
    marked = set(sheet["mudcracks"]["marked"])
    circles = sheet["mudcracks"]["ai_circles"]
    rows: dict[int, list[tuple[int, str]]] = {}
    for i, (q, r) in enumerate(p.mud_axial):
        nid = p.mud_ids[i]
        extra = f"+{circles[nid]}" if nid in circles else ""
        label = f"{nid}:{p.mud_value[i]}{'*' if nid in marked else ''}{extra}"
        rows.setdefault(r, []).append((q, label))
    out = []
    for r in sorted(rows):
        cells = [label for _, label in sorted(rows[r])]
        out.append("    " + " " * (abs(r) * 5) + "  ".join(f"{c:<8}" for c in cells).rstrip())
    return out


def _sheet(view: JsonDict, seat: int, lang: Lang) -> list[str]:
    p = printed()
    entry = view["sheets"][seat]
    own = view["mine"] if seat == view["seat"] and view["mine"] else entry
    sheet, work = own["sheet"], own["work"]
    me = view["seat"]
    done = text(TEXT, "done", lang) if entry["done"] and view["phase"] in ("swap", "areas") else ""
    lines = [text(TEXT, "sheet", lang, who=_who(seat, me, lang), done=done)]
    rewards = sheet["ruins_rewards"]
    items = []
    for b in p.buildings:
        mark = {"upper": "↑", "lower": "↓"}.get(rewards.get(b.id, ""), "")
        items.append(f"{b.id} {sheet['ruins'][b.id]}/{b.hexes}{mark}")
    lines.extend(_wrap(text(TEXT, "ruins", lang, items=" · ".join(items))))
    if view["players"] == 1:
        lines.append(text(TEXT, "ai_building", lang, **sheet["ai_building"]))
    lines.append(text(TEXT, "river", lang))
    lines.extend(_river(sheet))
    lines.append(text(TEXT, "canyon", lang, cacti="/".join(map(str, sheet["canyon"]["cacti"]))))
    lines.extend(_canyon(sheet))
    columns = " ".join(
        f"{bonus}:{n}/{boxes}"
        for (boxes, bonus), n in zip(p.columns, sheet["mudcracks"]["columns"], strict=True)
    )
    lines.extend(_wrap(text(TEXT, "mud", lang, columns=columns)))
    lines.extend(_mud(sheet))
    bon = sheet["bonuses"]
    disc = bon["discovery"]
    lines.extend(
        _wrap(
            text(
                TEXT,
                "bonuses",
                lang,
                rf=f"{bon['reflick']['circled'] - bon['reflick']['crossed']}",
                sw=f"{bon['swap']['circled'] - bon['swap']['crossed']}",
                fox=f"{disc['fox']['circled']}/{disc['fox']['crossed']}",
                owl=f"{disc['owl']['circled']}/{disc['owl']['crossed']}",
                rabbit=f"{disc['rabbit']['circled']}/{disc['rabbit']['crossed']}",
            )
        )
    )
    scores = sheet["scores"]
    lines.append(text(TEXT, "scores", lang, total=sum(scores.values()), **scores))
    if view["phase"] in ("ai", "ruins", "areas", "swap") and not entry["done"]:
        more = ""
        if work["shape"]:
            more += text(TEXT, "drawing", lang, cells=" ".join(work["shape"]))
        if work["discover"]:
            more += text(TEXT, "discover", lang, n=work["discover"])
        ai = work["ai"]
        if ai["canyon"] or ai["riverbed"] or ai["mudcracks"]:
            more += text(
                TEXT, "work_ai", lang, canyon=ai["canyon"], river=ai["riverbed"], mud=ai["mudcracks"]
            )
        lines.extend(
            _wrap(
                text(
                    TEXT,
                    "work",
                    lang,
                    ruins=work["ruins"],
                    canyon=work["canyon"],
                    river=work["riverbed"],
                    owls=work["owls"],
                    mud=work["mudcracks"],
                    more=more,
                )
            )
        )
    return lines


def render_view(view: JsonDict, lang: Lang = "pt") -> str:
    """The picture of `view` in `lang`."""
    lines = _header(view, lang)
    lines.append("")
    lines.extend(_board(view, lang))
    lines.extend(_flick(view, lang))
    for seat in range(view["players"]):
        lines.append("")
        lines.extend(_sheet(view, seat, lang))
    lines.append("")
    lines.extend(_wrap(text(TEXT, "notation", lang)))
    return "\n".join(line.rstrip() for line in lines) + "\n"
