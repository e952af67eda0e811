"""Why a Sonora move of the write phase is illegal: the rule that forbids it, in English and
Portuguese.

`illegal_reason` keeps the rules module's checks (flick bounds, legal moves); an illegal move
of the write phase (§ A fase de anotar) is then explained by its step and its area: a swap
without a Swap bonus, Ruins hexes beyond the value or the building, a canyon square off the
white squares or away from your shapes, a path of the wrong length or across a visited space,
a node out of reach or too dear, a full bonus column… Each message cites the rulebook's section.
"""

from __future__ import annotations

from tabuleiro.core import IllegalActionError
from tabuleiro.core.i18n import plural_form
from tabuleiro.games.sonora import rules
from tabuleiro.games.sonora import scoresheet as ss
from tabuleiro.games.sonora.actions import (
    _ANIMALS_PT as ANIMALS_PT,
)
from tabuleiro.games.sonora.actions import (
    AiCanyon,
    AiPath,
    Box,
    Cell,
    Colours,
    Disc,
    Discover,
    Done,
    End,
    Node,
    Path,
    Ruins,
    SonoraAction,
    Swap,
    Use,
    Zone,
    area_name,
    disc_text,
)
from tabuleiro.games.sonora.components import DISCOVERY_ANIMALS, printed
from tabuleiro.games.sonora.state import (
    AI,
    BOARD,
    COLOURS,
    FLICK,
    RUINS_STEP,
    SWAP,
    Desk,
    SonoraState,
)

STEP_NAMES = {
    COLOURS: ("choose your colour and the AI's (colours a b)", "escolha a sua cor e a da IA (colours a b)"),
    SWAP: (
        "use your Swap bonuses or choose the zone of a disc in exact halves, then done",
        "use as suas Bonificações de Troca ou escolha a zona de um disco em metades exatas, depois done",
    ),
    AI: ("mark the AI's discs first", "anote primeiro os discos da IA"),
    RUINS_STEP: ("cross your Ruins hexes (ruins B N)", "marque os hexágonos das Ruínas (ruins B N)"),
}
STEP_SECTIONS = {
    COLOURS: "Modo solitário",
    SWAP: "A fase de anotar, passo 1",
    AI: "Fase de anotar no modo solitário",
    RUINS_STEP: "A fase de anotar, passo 2",
}


def illegal_reason(state: SonoraState, seat: int, action: SonoraAction) -> IllegalActionError | None:
    """None when `action` is legal now; otherwise the rule that forbids it."""
    error = rules.illegal_reason(state, seat, action)
    if error is None or state.phase == FLICK:
        return error
    return explain(state, seat, action)


def _error(text: str, en: str, pt: str, section: str) -> IllegalActionError:
    return IllegalActionError(
        f"{text} is not possible: {en} (§ {section})", f"{text} não é possível: {pt} (§ {section})"
    )


def _index(value: object, size: int) -> bool:
    """A whole number naming one of `size` things (a value built in Python may hold anything)."""
    return type(value) is int and 0 <= value < size


def explain(state: SonoraState, seat: int, action: SonoraAction) -> IllegalActionError:
    """The rule an illegal write-phase `action` breaks (the caller knows it is illegal)."""
    text = rules._shown(action)
    desk = state.desks[seat]
    phase = state.phase
    reason: IllegalActionError | None = None
    if phase == COLOURS and isinstance(action, Colours):
        reason = _error(
            text,
            "keep one colour and give the AI another one",
            "fique com uma cor e dê outra à IA",
            "Modo solitário, Fase de anotar",
        )
    elif phase == SWAP:
        reason = _swap_step(state, seat, desk, text, action)
    elif phase == RUINS_STEP:
        reason = _ruins_step(desk, text, action)
    elif phase == AI and isinstance(action, Cell | AiPath | AiCanyon | Node):
        reason = _error(
            text,
            "the AI's shapes, paths and circles follow their own rules; 'help' lists the AI's options now",
            "as formas, os caminhos e os círculos da IA têm regras próprias; 'ajuda' lista as opções da IA",
            "Fase de anotar no modo solitário",
        )
    elif phase not in STEP_NAMES:
        reason = _areas_step(desk, text, action)
    if reason is not None:
        return reason
    en, pt = STEP_NAMES[phase]
    return _error(text, f"now {en}", f"agora {pt}", STEP_SECTIONS[phase])


# -- step 1: swaps and discs in exact halves -----------------------------------------------


def _disc(state: SonoraState, seat: int, disc: object) -> int:
    """The seat's disc named by `disc`, or -1 (a value built in Python may hold anything)."""
    if type(disc) is not Disc or type(disc.number) is not int or type(disc.colour) is not int:
        return -1
    return rules.disc_id(state, seat, disc)


def _own_disc_on_board(state: SonoraState, seat: int, disc: Disc) -> bool:
    d = _disc(state, seat, disc)
    return d in rules.scoring_discs(state, seat) and state.where[d] == BOARD


def _swap_step(
    state: SonoraState, seat: int, desk: Desk, text: str, action: SonoraAction
) -> IllegalActionError | None:
    section = "Bonificação de troca"
    if isinstance(action, Swap):
        if ss.available(desk.sheet.swap) <= len(desk.work.swaps):
            return _error(
                text,
                "you have no circled Swap bonus left",
                "não tem Bonificação de Troca disponível",
                section,
            )
        if not (_own_disc_on_board(state, seat, action.a) and _own_disc_on_board(state, seat, action.b)):
            return _error(
                text,
                "a Swap exchanges two of your own discs on the board",
                "a Troca troca a posição de 2 dos seus discos no tabuleiro",
                section,
            )
        if action.a == action.b:
            return _error(text, "name two different discs", "indique dois discos diferentes", section)
        return _error(
            text,
            f"write the lower disc first: swap {disc_text(action.b)} {disc_text(action.a)}",
            f"escreva primeiro o disco menor: swap {disc_text(action.b)} {disc_text(action.a)}",
            section,
        )
    ties = dict(rules._ties(state, seat, desk))
    chosen = dict(desk.work.zones)
    if isinstance(action, Zone):
        d = _disc(state, seat, action.disc)
        if d not in ties:
            return _error(
                text,
                "only a disc lying in exact halves of two zones has its zone chosen",
                "só se escolhe a zona de um disco com as metades exatas em duas zonas",
                "Zonas do tabuleiro",
            )
        if d in chosen:
            return _error(
                text,
                "that disc's zone is chosen already",
                "a zona desse disco já foi escolhida",
                "Zonas do tabuleiro",
            )
        names_en = " or ".join(area_name(a, "en") for a in ties[d])
        names_pt = " ou ".join(area_name(a, "pt") for a in ties[d])
        return _error(
            text,
            f"that disc lies between {names_en}",
            f"esse disco está entre {names_pt}",
            "Zonas do tabuleiro",
        )
    if isinstance(action, Done):
        open_ties = [d for d in ties if d not in chosen]
        if open_ties:
            name = disc_text(rules.disc_ref(state, open_ties[0]))
            return _error(
                text,
                f"first choose the zone of disc {name}, which lies in exact halves (zone {name} AREA)",
                f"escolha primeiro a zona do disco {name}, que está em metades exatas (zone {name} ÁREA)",
                "Zonas do tabuleiro",
            )
    return None


# -- step 2: the Ruins ---------------------------------------------------------------------------


def _ruins_step(desk: Desk, text: str, action: SonoraAction) -> IllegalActionError | None:
    if isinstance(action, Discover) or desk.work.discover:
        return _discover(desk, text, action)
    if not isinstance(action, Ruins):
        return None
    section = "Regras para as ruínas"
    buildings = printed().buildings
    if not _index(action.building, len(buildings)) or type(action.hexes) is not int:
        return _error(
            text, "name a building A-H and a number of hexes", "indique um edifício A-H e um número", section
        )
    value = desk.work.ruins
    free = buildings[action.building].hexes - desk.sheet.ruins[action.building]
    name = buildings[action.building].id
    if action.hexes < 1:
        return _error(text, "cross at least one hex", "marque pelo menos um hexágono", section)
    if free == 0:
        return _error(
            text, f"building {name} is finished already", f"o edifício {name} já está finalizado", section
        )
    if action.hexes > free:
        return _error(
            text,
            f"building {name} has only {free} hexes left",
            f"o edifício {name} só tem {free} hexágonos livres",
            section,
        )
    return _error(
        text,
        f"your Ruins value left is {value}",
        f"o seu valor restante nas Ruínas é {value}",
        'Ruínas dos "pueblos"',
    )


def _discover(desk: Desk, text: str, action: SonoraAction) -> IllegalActionError:
    section = "Bonificações de Descoberta"
    if not isinstance(action, Discover) or not desk.work.discover:
        if desk.work.discover:
            return _error(
                text,
                "first choose the animal of your Discovery bonus (discover fox|owl|rabbit)",
                "escolha primeiro o animal da sua Bonificação de Descoberta (discover fox|owl|rabbit)",
                section,
            )
        return _error(
            text,
            "you have no Discovery bonus to choose",
            "não tem Bonificação de Descoberta a escolher",
            section,
        )
    if not _index(action.animal, len(DISCOVERY_ANIMALS)):
        return _error(
            text, "the animals are fox, owl and rabbit", "os animais são fox, owl e rabbit", section
        )
    return _error(
        text,
        f"every {DISCOVERY_ANIMALS[action.animal]} of your Discovery area is circled already",
        f"todos os símbolos de {ANIMALS_PT[action.animal]} da sua área de Descoberta já têm círculo",
        section,
    )


# -- step 3: the other areas -------------------------------------------------------------------


def _areas_step(desk: Desk, text: str, action: SonoraAction) -> IllegalActionError | None:
    w = desk.work
    if w.discover or isinstance(action, Discover):
        return _discover(desk, text, action)
    if w.shape and not isinstance(action, Cell | End):
        return _error(
            text,
            "finish the canyon shape you are drawing first (cell SQUARE, or end)",
            "termine primeiro a forma que está a desenhar no Desfiladeiro (cell CASA, ou end)",
            "Desfiladeiro",
        )
    if isinstance(action, Cell) and not action.ai:
        return _cell(desk, text, action.cell)
    if isinstance(action, End):
        return _error(
            text, "no canyon shape is being drawn", "nenhuma forma está a ser desenhada", "Desfiladeiro"
        )
    if isinstance(action, Path):
        return _path(desk, text, action.end)
    if isinstance(action, Node) and not action.ai:
        return _node(desk, text, action.node)
    if isinstance(action, Box):
        return _box(desk, text, action.column)
    if isinstance(action, Use):
        return _use(text, action.animal)
    if isinstance(action, Done):
        left_en = []
        left_pt = []
        if w.canyon:
            left_en.append(plural_form(len(w.canyon), "# canyon shape|# canyon shapes"))
            left_pt.append(plural_form(len(w.canyon), "# forma|# formas") + " no Desfiladeiro")
        if w.river or w.owls:
            left_en.append(plural_form(len(w.river) + w.owls, "# riverbed path|# riverbed paths"))
            left_pt.append(plural_form(len(w.river) + w.owls, "# caminho|# caminhos") + " no Leito do rio")
        return _error(
            text,
            f"every disc is marked before you finish: still {' and '.join(left_en) or 'a move'} to draw",
            f"cada disco é anotado antes de terminar: ainda {' e '.join(left_pt) or 'uma jogada'} por anotar",
            "Marcar o resto dos discos",
        )
    return _error(
        text,
        "the swaps and the Ruins are over: mark the rest of your discs (cell, path, node, box, use, done)",
        "as trocas e as Ruínas já acabaram: anote o resto dos seus discos (cell, path, node, box, use, done)",
        "A fase de anotar, passo 3",
    )


def _cell(desk: Desk, text: str, cell: int) -> IllegalActionError:
    section = "Regras para as formas"
    w, s = desk.work, desk.sheet
    if not w.canyon:
        return _error(
            text,
            "you have no disc (nor Fox) to draw in the Canyon this round",
            "não tem disco (nem Raposa) para desenhar no Desfiladeiro nesta rodada",
            "Desfiladeiro",
        )
    if not _index(cell, len(printed().canyon_kind)) or not ss.valid_canyon_cell(cell):
        return _error(
            text,
            "a shape lies wholly on the Canyon's white squares",
            "cada forma encaixa totalmente nos quadrados brancos do Desfiladeiro",
            section,
        )
    if ss.filled(s) >> cell & 1 or w.shape >> cell & 1:
        return _error(
            text,
            "shapes may not overlap (that square is drawn already)",
            "não pode sobrepor formas (essa casa já está desenhada)",
            section,
        )
    if w.shape:
        return _error(
            text,
            "the next square of a shape shares an edge with the shape being drawn",
            "a próxima casa de uma forma partilha um lado com a forma que está a desenhar",
            section,
        )
    return _error(
        text,
        "each shape touches one of your earlier shapes by an edge (corners do not count)",
        "cada forma fica adjacente a uma das suas formas já desenhadas (cantos não contam)",
        "Desfiladeiro",
    )


def _path(desk: Desk, text: str, end: int) -> IllegalActionError:
    section = "Regras para os caminhos"
    w, s = desk.work, desk.sheet
    p = printed()
    if not w.river and not w.owls:
        return _error(
            text,
            "you have no disc (nor Owl) to mark in the Riverbed this round",
            "não tem disco (nem Coruja) para anotar no Leito do rio nesta rodada",
            "Leito do rio",
        )
    if not _index(end, len(p.river_ids)) or end == 0:
        return _error(
            text, "name a riverbed space past the start", "indique uma casa do leito após o início", section
        )
    n = ss.path_length(s, end)
    if n == 0:
        return _error(
            text,
            "a path may not end on, nor pass through, a space already visited (or filled by the AI)",
            "não pode terminar nem passar numa casa já visitada (ou preenchida pela IA)",
            section,
        )
    start = p.river_parent[end]
    while not s.visited >> start & 1:
        start = p.river_parent[start]
    lengths = [str(k) for k in sorted(set(w.river))]
    en = " or ".join([*lengths, *(["1-5 with an Owl"] if w.owls else [])])
    pt = " ou ".join([*lengths, *(["1-5 com uma Coruja"] if w.owls else [])])
    spaces_en = "space" if n == 1 else "spaces"
    spaces_pt = "casa" if n == 1 else "casas"
    return _error(
        text,
        f"from {p.river_ids[start]}, the nearest visited space upstream, that path is {n} {spaces_en} long "
        f"and may not pass through a visited space; a path covers the full distance of its disc ({en})",
        f"a partir de {p.river_ids[start]}, a casa visitada mais próxima a montante, esse caminho tem {n} "
        f"{spaces_pt} e não pode passar por casas visitadas; um caminho percorre a distância total do disco "
        f"({pt})",
        section,
    )


def _node(desk: Desk, text: str, node: int) -> IllegalActionError:
    section = "Rachas na lama"
    w, s = desk.work, desk.sheet
    p = printed()
    if not _index(node, len(p.mud_ids)):
        return _error(text, "name a node of the Mud cracks", "indique um nó das Rachas na lama", section)
    if w.mud <= 0:
        return _error(
            text,
            "you have no Mud cracks value left this round",
            "não tem valor restante nas Rachas na lama nesta rodada",
            section,
        )
    if s.mud >> node & 1:
        return _error(text, "that node is marked already", "esse nó já está marcado", section)
    if w.columns:
        return _error(
            text,
            "nodes come first: once a bonus-column box is marked, no more nodes this round",
            "primeiro os nós: depois de marcar uma caixa de coluna, não se marcam mais nós nesta rodada",
            section,
        )
    if not any(s.mud >> m & 1 for m in p.mud_neighbours[node]):
        return _error(
            text,
            "each node you mark is linked to a node marked before",
            "cada nó que marca deve estar ligado a um nó previamente assinalado",
            section,
        )
    cost = ss.node_cost(s, node)
    return _error(
        text,
        f"that node costs {cost} and your Mud cracks value left is {w.mud}",
        f"esse nó custa {cost} e o seu valor restante nas Rachas na lama é {w.mud}",
        section,
    )


def _box(desk: Desk, text: str, column: int) -> IllegalActionError:
    section = "Rachas na lama"
    columns = printed().columns
    if not _index(column, len(columns)):
        return _error(
            text, "name one of the bonus columns", "indique uma das colunas de bonificação", section
        )
    if desk.work.mud < 1:
        return _error(
            text,
            "each box takes a point of Mud cracks value left over, and none is left",
            "cada caixa usa um ponto que sobra das Rachas na lama, e não sobra nenhum",
            section,
        )
    return _error(
        text,
        "every box of that column is marked already",
        "todas as caixas dessa coluna já estão marcadas",
        section,
    )


def _use(text: str, animal: int) -> IllegalActionError:
    section = "Bonificações de Descoberta"
    if not _index(animal, len(DISCOVERY_ANIMALS)):
        return _error(
            text, "the animals are fox, owl and rabbit", "os animais são fox, owl e rabbit", section
        )
    return _error(
        text,
        f"you have no circled, unused Discovery {DISCOVERY_ANIMALS[animal]}",
        f"não tem {ANIMALS_PT[animal]} de Descoberta com círculo por usar",
        section,
    )
