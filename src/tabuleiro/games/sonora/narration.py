"""Sonora's log in words: each move in the rulebook's vocabulary, told from spectator views.

`narrate` reads only the two spectator views around a move (``view(state, None)``) and the
printed components every player has (`components.printed`, `components.board`), so it can
only tell what the table shows:

- a flick: where the disc came to rest (zone, multiplier circle, exact halves, the hole, off
  the board, still on its corner), and every other disc it pushed, knocked off or sank;
- the simulated hand (option ``hand_noise``) as a chance event: the angle and strength the
  hand actually gave, next to the ones asked for;
- the write phase's steps as they begin (§ A fase de anotar): the Swap bonuses, the AI's
  discs (solo), the Ruins order with each value, the other areas;
- a building finished in the Ruins and its reward (§ Ruínas dos "pueblos");
- at the end of each round every sheet's points by area, the next round (the board turns,
  § Fim da ronda), and at the end the ranking with the Discovery tie-break (§ Empates).

During a sealed step (Swap bonuses, the other areas) the spectator views keep every sheet as
the step began, so the events never tell a seat's sealed choices; the move's own words (what
the seat chose, and what the printed sheet shows where it drew) reach the others only when
the server unseals the entry, once the step resolves.
"""

from __future__ import annotations

import math
from typing import Any

from tabuleiro.core import Event, JsonDict, Lang, Narration, competition_ranks, seat_mark
from tabuleiro.core.i18n import Catalogue, text
from tabuleiro.games.sonora.actions import (
    COLOUR_LETTERS,
    AiCanyon,
    AiPath,
    Box,
    Cell,
    Colours,
    Discover,
    Done,
    End,
    Flick,
    Hole,
    Keep,
    Node,
    Path,
    Reflick,
    Ruins,
    SonoraAction,
    Swap,
    Use,
    Zone,
    disc_text,
)
from tabuleiro.games.sonora.components import AREAS, DISCOVERY_ANIMALS, board, cell_name, printed
from tabuleiro.games.sonora.rules import MAX_KNOCKS

TEXT: Catalogue = {
    # -- names ------------------------------------------------------------------------------
    "ai": {"pt": "a IA", "en": "the AI"},
    "disc_own": {"pt": "o disco {disc}", "en": "disc {disc}"},
    "disc_of": {"pt": "o disco {disc} do {who}", "en": "{who}'s disc {disc}"},
    "in_ruins": {"pt": "nas Ruínas", "en": "in the Ruins"},
    "in_riverbed": {"pt": "no Leito do rio", "en": "in the Riverbed"},
    "in_canyon": {"pt": "no Desfiladeiro", "en": "in the Canyon"},
    "in_mudcracks": {"pt": "nas Rachas na lama", "en": "in the Mud cracks"},
    "area_ruins": {"pt": "Ruínas", "en": "Ruins"},
    "area_riverbed": {"pt": "Leito do rio", "en": "Riverbed"},
    "area_canyon": {"pt": "Desfiladeiro", "en": "Canyon"},
    "area_mudcracks": {"pt": "Rachas na lama", "en": "Mud cracks"},
    "circle_lizard": {"pt": "círculo do Lagarto", "en": "Lizard circle"},
    "circle_owl": {"pt": "círculo da Coruja", "en": "Owl circle"},
    "circle_fox": {"pt": "círculo da Raposa", "en": "Fox circle"},
    "circle_rabbit": {"pt": "círculo do Coelho", "en": "Rabbit circle"},
    "worth_lizard": {"pt": "vale o dobro nas Ruínas", "en": "worth double in the Ruins"},
    "worth_owl": {"pt": "conta como 2 discos no Leito do rio", "en": "counts as 2 discs in the Riverbed"},
    "worth_fox": {"pt": "conta como 2 discos no Desfiladeiro", "en": "counts as 2 discs in the Canyon"},
    "worth_rabbit": {"pt": "vale o dobro nas Rachas na lama", "en": "worth double in the Mud cracks"},
    "bonus_reflick": {"pt": "Bonificação Piparotar de Novo", "en": "Re-flick bonus"},
    "bonus_swap": {"pt": "Bonificação de Troca", "en": "Swap bonus"},
    "bonus_fox": {"pt": "Bonificação da Raposa", "en": "Fox bonus"},
    "bonus_owl": {"pt": "Bonificação da Coruja", "en": "Owl bonus"},
    "bonus_rabbit": {"pt": "Bonificação do Coelho", "en": "Rabbit bonus"},
    "bonus_discovery": {"pt": "Bonificação de Descoberta", "en": "Discovery bonus"},
    "discover_fox": {
        "pt": "circula uma Raposa na área de Descoberta",
        "en": "circles a Fox in the Discovery area",
    },
    "discover_owl": {
        "pt": "circula uma Coruja na área de Descoberta",
        "en": "circles an Owl in the Discovery area",
    },
    "discover_rabbit": {
        "pt": "circula um Coelho na área de Descoberta",
        "en": "circles a Rabbit in the Discovery area",
    },
    "use_fox": {"pt": "usa a Raposa da Descoberta", "en": "uses the discovered Fox"},
    "use_owl": {"pt": "usa a Coruja da Descoberta", "en": "uses the discovered Owl"},
    "use_rabbit": {"pt": "usa o Coelho da Descoberta", "en": "uses the discovered Rabbit"},
    # -- where a disc is ---------------------------------------------------------------------
    "on_circle": {"pt": "no {circle} ({worth})", "en": "on {circle} ({worth})"},
    "on_halves": {
        "pt": "na fronteira entre {a} e {b} (metades exatas: o dono escolhe)",
        "en": "on the border of {a} and {b} (exact halves: its owner chooses)",
    },
    "on_circle_short": {"pt": "no {circle}", "en": "on {circle}"},
    "a_circle_lizard": {"pt": "círculo do Lagarto", "en": "a Lizard circle"},
    "a_circle_owl": {"pt": "círculo da Coruja", "en": "an Owl circle"},
    "a_circle_fox": {"pt": "círculo da Raposa", "en": "a Fox circle"},
    "a_circle_rabbit": {"pt": "círculo do Coelho", "en": "a Rabbit circle"},
    "label_halves": {"pt": "{a} | {b}", "en": "{a} | {b}"},
    "in_hole": {"pt": "na mosca", "en": "in the hole"},
    "in_hand": {"pt": "na mão", "en": "in hand"},
    "out_place": {"pt": "fora do tabuleiro", "en": "off the board"},
    # -- the flick phase ---------------------------------------------------------------------
    "flick": {"pt": "piparota {disc}: {result}{others}", "en": "flicks {disc}: {result}{others}"},
    "flick_again": {
        "pt": "piparota de novo {disc}: {result}{others}",
        "en": "flicks {disc} again: {result}{others}",
    },
    "rests": {"pt": "para {place}", "en": "comes to rest {place}"},
    "sinks": {"pt": "cai na mosca!", "en": "falls in the hole!"},
    "flies_off": {
        "pt": "sai do tabuleiro e fica desqualificado nesta rodada",
        "en": "leaves the board and is disqualified for the round",
    },
    "stays": {
        "pt": "não sai do canto de lançamento e volta à mão para repetir o piparote (repetição {n})",
        "en": "does not leave the launch corner and comes back to be flicked again (repeat {n})",
    },
    "stays_out": {
        "pt": "não sai do canto de lançamento pela {n}.ª vez e fica fora nesta rodada (regra da casa)",
        "en": "fails to leave the launch corner for the {n}{th} time and is out for the round (house rule)",
    },
    "stays_set_down": {
        "pt": "não sai do canto de lançamento pela {n}.ª vez: é pousado à frente do canto (salvaguarda), "
        "{place}",
        "en": "fails to leave the launch corner for the {n}{th} time: it is set down in front of the corner "
        "(safeguard), {place}",
    },
    "advanced_out": {
        "pt": "para na zona do seu próprio canto sem tocar em nada e fica desqualificado (variante avançada)",
        "en": "comes to rest in its own corner's zone without touching anything and is disqualified "
        "(advanced variant)",
    },
    "others": {"pt": "; {items}", "en": "; {items}"},
    "pushes": {"pt": "empurra {disc} ({before} → {after})", "en": "pushes {disc} ({before} → {after})"},
    "nudges": {"pt": "empurra {disc}, que continua {place}", "en": "pushes {disc}, which stays {place}"},
    "pushes_hole": {"pt": "empurra {disc} para a mosca", "en": "pushes {disc} into the hole"},
    "knocks_again": {
        "pt": "atira {disc} para fora do tabuleiro: o {who} piparota-o de novo",
        "en": "knocks {disc} off the board: {who} flicks it again",
    },
    "knocks_own_again": {
        "pt": "atira {disc} para fora do tabuleiro e piparota-o de novo",
        "en": "knocks {disc} off the board and flicks it again",
    },
    "knocks_out": {
        "pt": "atira {disc} para fora do tabuleiro: fica fora nesta rodada",
        "en": "knocks {disc} off the board: it is out for the round",
    },
    "knocks_set_down": {
        "pt": "atira {disc} para fora do tabuleiro pela {n}.ª vez nesta rodada: é pousado à frente do canto "
        "do dono (salvaguarda), {place}",
        "en": "knocks {disc} off the board for the {n}{th} time this round: it is set down in front of its "
        "owner's corner (safeguard), {place}",
    },
    "hand": {
        "pt": "Mão {level}: ângulo {angle}° (pedido {asked}°), força {strength} mm (pedida {distance} mm)",
        "en": "{level} hand: angle {angle}° (asked {asked}°), strength {strength} mm (asked {distance} mm)",
    },
    "level_steady": {"pt": "firme", "en": "Steady"},
    "level_normal": {"pt": "normal", "en": "Normal"},
    "level_shaky": {"pt": "trêmula", "en": "Shaky"},
    "reflick": {
        "pt": "usa uma Bonificação Piparotar de Novo: {disc} volta ao canto para outro piparote",
        "en": "uses a Re-flick bonus: {disc} goes back to the corner to be flicked again",
    },
    "keep": {
        "pt": "não usa Piparotar de Novo: {disc} fica {place}",
        "en": "does not use a Re-flick bonus: {disc} stays {place}",
    },
    "hole": {
        "pt": "põe {disc}, caído na mosca, {place}: conta como se lá tivesse parado",
        "en": "puts {disc}, fallen in the hole, {place}: it scores as if it lay there",
    },
    # -- the write phase ---------------------------------------------------------------------
    "colours": {
        "pt": "fica com os discos da cor {mine} e dá os da cor {ai} à IA; os outros voltam à caixa",
        "en": "keeps the discs of colour {mine} and gives colour {ai} to the AI; the others go back "
        "in the box",
    },
    "swap": {
        "pt": "usa uma Bonificação de Troca: os discos {a} e {b} trocam de lugar",
        "en": "uses a Swap bonus: discs {a} and {b} change places",
    },
    "zone": {
        "pt": "escolhe: o disco {disc}, em metades exatas, conta {place}",
        "en": "chooses: disc {disc}, in exact halves, counts {place}",
    },
    "done_swap": {"pt": "termina as trocas", "en": "is done swapping"},
    "done_write": {"pt": "termina de anotar", "en": "is done writing"},
    "ruins": {
        "pt": "marca {n:# hexágono|# hexágonos} no edifício {b} ({filled} de {size}){finished}",
        "en": "crosses {n:# hex|# hexes} of building {b} ({filled} of {size}){finished}",
    },
    "ruins_finished": {"pt": " e finaliza-o", "en": " and finishes it"},
    "upper": {
        "pt": "{who} finaliza primeiro o edifício {b}: recompensa superior de {points:# ponto|# pontos} "
        "e uma {bonus}; os outros riscam-na",
        "en": "{who} finishes building {b} first: the upper reward of {points:# point|# points} and a "
        "{bonus}; the others cross it off",
    },
    "lower": {
        "pt": "{who} finaliza o edifício {b}: recompensa inferior de {points:# ponto|# pontos}",
        "en": "{who} finishes building {b}: the lower reward of {points:# point|# points}",
    },
    "cell": {
        "pt": "desenha a casa {cell} no Desfiladeiro{what}",
        "en": "draws square {cell} in the Canyon{what}",
    },
    "ai_cell": {
        "pt": "desenha para a IA a casa {cell} no Desfiladeiro{what}",
        "en": "draws square {cell} in the Canyon for the AI{what}",
    },
    "cell_cactus": {"pt": ", com um cacto", "en": ", holding a cactus"},
    "cell_bonus": {"pt": ", com uma {bonus}", "en": ", holding a {bonus}"},
    "end": {"pt": "fecha a forma no Desfiladeiro", "en": "closes the shape in the Canyon"},
    "path_points": {
        "pt": "traça um caminho no Leito do rio até {space}, que vale {points:# ponto|# pontos} no fim",
        "en": "draws a path in the Riverbed to {space}, worth {points:# point|# points} at the end",
    },
    "path_bonus": {
        "pt": "traça um caminho no Leito do rio até {space} e ganha uma {bonus}",
        "en": "draws a path in the Riverbed to {space} and gains a {bonus}",
    },
    "ai_path": {
        "pt": "preenche o caminho da IA no Leito do rio de {start} até {end}",
        "en": "fills the AI's path in the Riverbed from {start} to {end}",
    },
    "ai_canyon": {
        "pt": "escolhe o disco {size} da IA para a próxima forma da IA",
        "en": "picks the AI's disc {size} for the AI's next shape",
    },
    "node": {
        "pt": "marca o nó {node} nas Rachas na lama (custa {cost})",
        "en": "marks node {node} in the Mud cracks (cost {cost})",
    },
    "ai_node": {
        "pt": "preenche um círculo da IA à volta do nó {node} (agora custa {cost})",
        "en": "fills an AI circle around node {node} (it now costs {cost})",
    },
    "box": {
        "pt": "marca uma caixa na coluna da {bonus} (coluna de {size:# caixa|# caixas})",
        "en": "marks a box in the {bonus} column (a column of {size:# box|# boxes})",
    },
    # -- steps, rounds, scores ---------------------------------------------------------------
    "write_phase": {"pt": "Fase de anotar — {step}", "en": "Writing phase — {step}"},
    "step_colours": {
        "pt": "escolher a sua cor e a da IA",
        "en": "choose your colour and the AI's",
    },
    "step_swap": {
        "pt": "Bonificações de Troca (ao mesmo tempo, em segredo)",
        "en": "Swap bonuses (at the same time, in secret)",
    },
    "step_swap_solo": {"pt": "Bonificações de Troca", "en": "Swap bonuses"},
    "step_ai": {
        "pt": "os discos da IA: {n:# hexágono circulado|# hexágonos circulados} no edifício da IA, "
        "formas {canyon}, caminhos {river}, Rachas {mud}",
        "en": "the AI's discs: {n:# hex|# hexes} circled in the AI building, shapes {canyon}, paths "
        "{river}, Mud cracks {mud}",
    },
    "step_ruins": {"pt": "Ruínas, por esta ordem: {items}", "en": "Ruins, in this order: {items}"},
    "ruins_value": {"pt": "{who} (valor {value})", "en": "{who} (value {value})"},
    "step_areas": {
        "pt": "as outras áreas, ao mesmo tempo e em segredo: {items}",
        "en": "the other areas, at the same time and in secret: {items}",
    },
    "to_write": {
        "pt": "{who} formas {canyon}, caminhos {river}, Rachas {mud}",
        "en": "{who} shapes {canyon}, paths {river}, Mud cracks {mud}",
    },
    "none": {"pt": "—", "en": "—"},
    "sheet_score": {
        "pt": "Fim da rodada {round}: {who} — {total:# ponto|# pontos} (Ruínas {ruins} · Leito do rio "
        "{riverbed} · Desfiladeiro {canyon} · Rachas na lama {mudcracks})",
        "en": "End of round {round}: {who} — {total:# point|# points} (Ruins {ruins} · Riverbed "
        "{riverbed} · Canyon {canyon} · Mud cracks {mudcracks})",
    },
    "round": {
        "pt": "Rodada {round} de {rounds} — o tabuleiro roda 90°; primeiro jogador: {first}; cantos: "
        "{corners}",
        "en": "Round {round} of {rounds} — the board turns 90°; first player: {first}; corners: {corners}",
    },
    "round_solo": {
        "pt": "Rodada {round} de {rounds} — o tabuleiro roda 90°; canto de lançamento: {corner}",
        "en": "Round {round} of {rounds} — the board turns 90°; launch corner: {corner}",
    },
    "end_game": {"pt": "Fim da partida — {items}", "en": "Game over — {items}"},
    "ranked": {
        "pt": "{rank}.º {who} ({total:# ponto|# pontos})",
        "en": "{rank}{th} {who} ({total:# point|# points})",
    },
    "tie_break": {
        "pt": " — empate desfeito pelas Bonificações de Descoberta",
        "en": " — tie broken by the Discovery bonuses",
    },
    "solo_end": {
        "pt": "Fim da partida — {total:# ponto|# pontos}",
        "en": "Game over — {total:# point|# points}",
    },
}

ORDINAL_EN = {1: "st", 2: "nd", 3: "rd"}


def narrate(seat: int, action: SonoraAction, before: JsonDict, after: JsonDict, lang: Lang) -> Narration:
    """`seat`'s `action` and what followed it, from the spectator views around it."""
    move = _move(seat, action, before, after, lang)
    events = [*_chance(action, after, lang), *_scored(seat, action, before, after, lang)]
    events.extend(_steps(before, after, lang))
    return Narration(move, tuple(events))


# -- names -----------------------------------------------------------------------------------


def _t(key: str, lang: Lang, **values: object) -> str:
    return text(TEXT, key, lang, **values)


def _who(seat: int, lang: Lang) -> str:  # noqa: ARG001 - every narration helper takes the language
    return seat_mark(seat)


def _disc(disc: JsonDict, mover: int, solo: bool, lang: Lang) -> str:
    """The disc as the mover says it: ``o disco 3`` (its own, or any in solo), else whose."""
    if solo or disc["seat"] == mover:
        return _t("disc_own", lang, disc=disc["disc"])
    return _t("disc_of", lang, disc=disc["disc"], who=_who(int(disc["seat"]), lang))


def _th(n: int) -> str:
    """The English ordinal suffix of `n` (1st, 2nd, 3rd, 4th, 11th, 21st)."""
    if n % 100 in (11, 12, 13):
        return "th"
    return ORDINAL_EN.get(n % 10, "th")


def _area(area: str, lang: Lang) -> str:
    return _t(f"area_{area}", lang)


def _bonus(bonus: str, lang: Lang) -> str:
    return _t(f"bonus_{bonus}", lang)


def _place(disc: JsonDict, lang: Lang, short: bool = False) -> str:
    """Where a disc is, as a phrase: ``nas Ruínas``, ``no círculo da Coruja (…)``, ``na mosca``;
    `short` leaves out what a multiplier circle is worth."""
    where = disc["where"]
    if where == "hole":
        area = disc.get("area")
        return _t(f"in_{area}", lang) if area else _t("in_hole", lang)
    if where == "hand":
        return _t("in_hand", lang)
    if where == "out":
        return _t("out_place", lang)
    animal = disc.get("multiplier")
    if animal and short:
        return _t("on_circle_short", lang, circle=_t(f"a_circle_{animal}", lang))
    if animal:
        return _t("on_circle", lang, circle=_t(f"a_circle_{animal}", lang), worth=_t(f"worth_{animal}", lang))
    if disc.get("area"):
        return _t(f"in_{disc['area']}", lang)
    a, b = (_area(z, lang) for z in disc["halves"])
    return _t("on_halves", lang, a=a, b=b)


def _label(disc: JsonDict, lang: Lang) -> str:
    """Where a disc on the board lies, in a word or two (the push arrows)."""
    animal = disc.get("multiplier")
    if animal:
        return _t(f"circle_{animal}", lang)
    if disc.get("area"):
        return _area(disc["area"], lang)
    a, b = (_area(z, lang) for z in disc["halves"])
    return _t("label_halves", lang, a=a, b=b)


# -- the move --------------------------------------------------------------------------------


def _move(seat: int, action: SonoraAction, before: JsonDict, after: JsonDict, lang: Lang) -> str:
    """The move in words, with what the table (or the printed sheet) shows it did."""
    solo = before["players"] == 1
    p = printed()
    match action:
        case Flick():
            return _flick(seat, before, after, lang)
        case Reflick():
            disc = _decision_disc(before)
            return _t("reflick", lang, disc=_disc(disc, seat, solo, lang))
        case Keep():
            disc = _decision_disc(before)
            return _t("keep", lang, disc=_disc(disc, seat, solo, lang), place=_place(disc, lang, short=True))
        case Hole(area):
            disc = _decision_disc(before)
            return _t("hole", lang, disc=_disc(disc, seat, solo, lang), place=_t(f"in_{AREAS[area]}", lang))
        case Colours(mine, ai):
            return _t("colours", lang, mine=COLOUR_LETTERS[mine], ai=COLOUR_LETTERS[ai])
        case Swap(a, b):
            return _t("swap", lang, a=disc_text(a), b=disc_text(b))
        case Zone(disc, area):
            return _t("zone", lang, disc=disc_text(disc), place=_t(f"in_{AREAS[area]}", lang))
        case Ruins(building, hexes):
            return _ruins(seat, building, hexes, after, lang)
        case Discover(animal):
            return _t(f"discover_{DISCOVERY_ANIMALS[animal]}", lang)
        case Use(animal):
            return _t(f"use_{DISCOVERY_ANIMALS[animal]}", lang)
        case Cell(cell, ai):
            return _t(
                "ai_cell" if ai else "cell", lang, cell=cell_name(cell), what=_printed_square(cell, lang)
            )
        case End():
            return _t("end", lang)
        case Path(end):
            bonus = p.river_bonus[end]
            if bonus:
                return _t("path_bonus", lang, space=p.river_ids[end], bonus=_bonus(bonus, lang))
            return _t("path_points", lang, space=p.river_ids[end], points=p.river_points[end])
        case AiPath(start, end):
            return _t("ai_path", lang, start=p.river_ids[start], end=p.river_ids[end])
        case AiCanyon(size):
            return _t("ai_canyon", lang, size=size)
        case Node(node, ai):
            circles = (
                after["sheets"][seat]["sheet"]["mudcracks"]["ai_circles"] if ai else _ai_circles(before, seat)
            )
            cost = p.mud_value[node] + int(circles.get(p.mud_ids[node], 0))
            return _t("ai_node" if ai else "node", lang, node=p.mud_ids[node], cost=cost)
        case Box(column):
            # The sheet in a sealed step's views is the one the step began with: no progress.
            size, bonus = p.columns[column]
            return _t("box", lang, bonus=_bonus(bonus, lang), size=size)
        case Done():
            return _t("done_swap" if before["phase"] == "swap" else "done_write", lang)
    raise AssertionError(f"not a Sonora action: {action!r}")


def _decision_disc(before: JsonDict) -> JsonDict:
    """The disc of the pending decision (a Re-flick answer, a disc in the hole)."""
    decision = before["decision"]
    frame_seat, name = decision["seat"], decision["disc"]
    solo = before["players"] == 1
    for disc in before["discs"]:
        if disc["disc"] == name and (solo or disc["seat"] == frame_seat):
            return disc  # type: ignore[no-any-return]
    raise AssertionError(f"no disc {name} of seat {frame_seat}")


def _ai_circles(view: JsonDict, seat: int) -> dict[str, Any]:
    """The AI circles around the mud-cracks nodes on `seat`'s sheet (solo), as the view shows."""
    return view["sheets"][seat]["sheet"]["mudcracks"]["ai_circles"]  # type: ignore[no-any-return]


def _printed_square(cell: int, lang: Lang) -> str:
    """What the printed canyon square holds: a cactus, a bonus, or nothing to say."""
    p = printed()
    if p.canyon_cactus[cell] >= 0:
        return _t("cell_cactus", lang)
    if p.canyon_bonus[cell]:
        return _t("cell_bonus", lang, bonus=_bonus(p.canyon_bonus[cell], lang))
    return ""


def _ruins(seat: int, building: int, hexes: int, after: JsonDict, lang: Lang) -> str:
    b = printed().buildings[building]
    filled = int(after["sheets"][seat]["sheet"]["ruins"][b.id])
    finished = _t("ruins_finished", lang) if filled == b.hexes else ""
    return _t("ruins", lang, n=hexes, b=b.id, filled=filled, size=b.hexes, finished=finished)


def _flick(seat: int, before: JsonDict, after: JsonDict, lang: Lang) -> str:
    """§ Preparar, apontar, piparotar!: where the flicked disc went, and what it moved."""
    flight = after["flick"]
    solo = before["players"] == 1
    discs_before, discs_after = before["discs"], after["discs"]
    fates = {(f["seat"], f["disc"]): f["fate"] for f in flight["fell"]}
    set_down = {(d["seat"], d["disc"]) for d in flight["set_down"]}
    flicked = next(
        i for i, d in enumerate(discs_after) if d["disc"] == flight["disc"] and d["seat"] == flight["seat"]
    )
    result = _flicked_result(discs_after[flicked], fates, set_down, flight, before, lang)
    items = []
    for i, (old, new) in enumerate(zip(discs_before, discs_after, strict=True)):
        if i == flicked:
            continue
        item = _other_disc(seat, old, new, fates, set_down, solo, lang)
        if item:
            items.append(item)
    others = _t("others", lang, items="; ".join(items)) if items else ""
    # A "flick" decision is a disc knocked off or taken back with a Re-flick bonus.
    again = before["decision"] is not None and before["decision"]["kind"] == "flick"
    return _t(
        "flick_again" if again else "flick",
        lang,
        disc=_disc(discs_after[flicked], seat, solo, lang),
        result=result,
        others=others,
    )


def _flicked_result(
    disc: JsonDict,
    fates: dict[tuple[int, str], str],
    set_down: set[tuple[int, str]],
    flight: JsonDict,
    before: JsonDict,
    lang: Lang,
) -> str:
    key = (disc["seat"], disc["disc"])
    fate = fates.get(key)
    if fate == "hole":
        return _t("sinks", lang)
    if fate == "off":
        return _t("flies_off", lang)
    if not flight["left_pad"]:
        # § Mais regras para piparotar: "pode repetir o piparote" (interpretation 3).
        tries = int((before["decision"] or {}).get("repeats", 0)) + 1
        if key in set_down:
            return _t("stays_set_down", lang, n=tries, th=_th(tries), place=_place(disc, lang))
        if disc["where"] == "out":
            return _t("stays_out", lang, n=tries, th=_th(tries))
        return _t("stays", lang, n=tries)
    if disc["where"] == "out":
        return _t("advanced_out", lang)
    return _t("rests", lang, place=_place(disc, lang))


def _other_disc(
    mover: int,
    old: JsonDict,
    new: JsonDict,
    fates: dict[tuple[int, str], str],
    set_down: set[tuple[int, str]],
    solo: bool,
    lang: Lang,
) -> str:
    """What the flick did to a disc other than the flicked one ('' when nothing)."""
    if old["where"] != "board":
        return ""
    key = (new["seat"], new["disc"])
    name = _disc(new, mover, solo, lang)
    fate = fates.get(key)
    if fate == "hole":
        return _t("pushes_hole", lang, disc=name)
    if fate == "off":
        if key in set_down:
            n = MAX_KNOCKS + 1  # interpretation 5: the safeguard's knock-off
            return _t("knocks_set_down", lang, disc=name, n=n, th=_th(n), place=_place(new, lang))
        if new["where"] == "out":
            return _t("knocks_out", lang, disc=name)
        if solo or new["seat"] == mover:
            return _t("knocks_own_again", lang, disc=name)
        return _t("knocks_again", lang, disc=name, who=_who(int(new["seat"]), lang))
    if new["where"] == "board" and (old["x"], old["y"]) != (new["x"], new["y"]):
        was, now = _label(old, lang), _label(new, lang)
        if was == now:
            return _t("nudges", lang, disc=name, place=_place(new, lang, short=True))
        return _t("pushes", lang, disc=name, before=was, after=now)
    return ""


# -- events ----------------------------------------------------------------------------------


def _chance(action: SonoraAction, after: JsonDict, lang: Lang) -> list[Event]:
    """The simulated hand's wobble (option ``hand_noise``): the only chance in Sonora."""
    level = after["options"]["hand_noise"]
    if not isinstance(action, Flick) or level == "off" or after["flick"] is None:
        return []
    flight = after["flick"]
    physics = board().physics
    strength = flight["applied"]["speed"] ** 2 / (2.0 * physics.mu_board * physics.g)
    asked = flight["asked"]
    said = _t(
        "hand",
        lang,
        level=_t(f"level_{level}", lang),
        angle=_degrees(flight["applied"]["angle"]),
        asked=_degrees(asked["angle"]),
        strength=math.floor(strength + 0.5),
        distance=asked["distance"],
    )
    return [Event("chance", said)]


def _degrees(value: float) -> str:
    """An angle to a tenth of a degree, as the notation writes it (``12.5``, ``-3``)."""
    tenths = math.floor(abs(value) * 10 + 0.5)
    whole, tenth = divmod(tenths, 10)
    sign = "-" if value < 0 and tenths else ""
    return f"{sign}{whole}.{tenth}" if tenth else f"{sign}{whole}"


def _scored(seat: int, action: SonoraAction, before: JsonDict, after: JsonDict, lang: Lang) -> list[Event]:
    """§ Ruínas dos "pueblos": a building finished and its reward, as the sheet shows it."""
    if not isinstance(action, Ruins):
        return []
    b = printed().buildings[action.building]
    reward_before = before["sheets"][seat]["sheet"]["ruins_rewards"].get(b.id)
    reward = after["sheets"][seat]["sheet"]["ruins_rewards"].get(b.id)
    if reward == reward_before or reward is None:
        return []
    who = _who(seat, lang)
    if reward == "upper":
        said = _t("upper", lang, who=who, b=b.id, points=b.upper_points, bonus=_bonus(b.upper_bonus, lang))
    else:
        said = _t("lower", lang, who=who, b=b.id, points=b.lower_points)
    return [Event("score", said)]


def _steps(before: JsonDict, after: JsonDict, lang: Lang) -> list[Event]:
    """The end of a round (every sheet's points, then the next round or the final ranking),
    or the write-phase step that begins."""
    if after["round"] != before["round"] or after["finished"]:
        events = _sheet_scores(before, after, lang)
        if after["finished"]:
            events.append(Event("end", _ranking(after, lang)))
        else:
            events.append(Event("round", _new_round(after, lang)))
        return events
    if after["phase"] == before["phase"]:
        return []
    step = _step(after, before, lang)
    said = _t("write_phase", lang, step=step) if before["phase"] == "flick" else step[:1].upper() + step[1:]
    return [Event("round", said)]


def _step(after: JsonDict, before: JsonDict, lang: Lang) -> str:
    """§ A fase de anotar: the step that begins, with what it is about."""
    phase = after["phase"]
    if phase == "ai":
        sheet, work = after["sheets"][0]["sheet"], after["sheets"][0]["work"]["ai"]
        circled = int(sheet["ai_building"]["circled"]) - int(
            before["sheets"][0]["sheet"]["ai_building"]["circled"]
        )
        return _t(
            "step_ai",
            lang,
            n=circled,
            canyon=_numbers(work["canyon"], lang),
            river=_numbers(work["riverbed"], lang),
            mud=work["mudcracks"],
        )
    if phase == "ruins":
        items = ", ".join(
            _t("ruins_value", lang, who=_who(s, lang), value=after["sheets"][s]["work"]["ruins"])
            for s in after["ruins_queue"]
        )
        return _t("step_ruins", lang, items=items)
    if phase == "areas":
        items = "; ".join(
            _t(
                "to_write",
                lang,
                who=_who(s, lang) + ":",
                canyon=_numbers(entry["work"]["canyon"], lang),
                river=_numbers(entry["work"]["riverbed"], lang),
                mud=entry["work"]["mudcracks"],
            )
            for s, entry in enumerate(after["sheets"])
            if not entry["done"]
        )
        return _t("step_areas", lang, items=items)
    solo = "_solo" if phase == "swap" and after["players"] == 1 else ""
    return _t(f"step_{phase}{solo}", lang)


def _numbers(values: list[int], lang: Lang) -> str:
    return " ".join(str(v) for v in values) if values else _t("none", lang)


def _sheet_scores(before: JsonDict, after: JsonDict, lang: Lang) -> list[Event]:
    """§ Fim do jogo e pontuação final: each sheet's points by area at the end of the round."""
    events = []
    for seat, entry in enumerate(after["sheets"]):
        scores = entry["sheet"]["scores"]
        events.append(
            Event(
                "score",
                _t(
                    "sheet_score",
                    lang,
                    round=before["round"],
                    who=_who(seat, lang),
                    total=sum(scores.values()),
                    **scores,
                ),
            )
        )
    return events


def _new_round(after: JsonDict, lang: Lang) -> str:
    """§ Fim da ronda: the board has turned 90° and the first-player marker passed left."""
    # A corner is named after the zone it lies in (view.CORNERS).
    corners = [_area(c, lang) for c in after["corners"]]
    if after["players"] == 1:
        return _t("round_solo", lang, round=after["round"], rounds=after["rounds"], corner=corners[0])
    return _t(
        "round",
        lang,
        round=after["round"],
        rounds=after["rounds"],
        first=_who(int(after["first_player"]), lang),
        corners=", ".join(f"{c} ({_who(s, lang)})" for s, c in enumerate(corners)),
    )


def _ranking(after: JsonDict, lang: Lang) -> str:
    """§ Fim do jogo, § Empates: the ranking, ties going to the most Discovery bonuses."""
    totals = [sum(entry["sheet"]["scores"].values()) for entry in after["sheets"]]
    if len(totals) == 1:
        return _t("solo_end", lang, total=totals[0])
    found = [
        sum(int(a["circled"]) for a in entry["sheet"]["bonuses"]["discovery"].values())
        for entry in after["sheets"]
    ]
    ranks = competition_ranks([(t, f) for t, f in zip(totals, found, strict=True)])
    seats = sorted(range(len(totals)), key=lambda s: (ranks[s], s))
    items = ", ".join(
        _t(
            "ranked",
            lang,
            rank=ranks[s],
            th=ORDINAL_EN.get(ranks[s], "th"),
            who=_who(s, lang),
            total=totals[s],
        )
        for s in seats
    )
    broken = any(
        totals[a] == totals[b] and ranks[a] != ranks[b]
        for a in range(len(totals))
        for b in range(len(totals))
    )
    return _t("end_game", lang, items=items) + (_t("tie_break", lang) if broken else "")
