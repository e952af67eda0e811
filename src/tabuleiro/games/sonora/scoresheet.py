"""The scoresheet's rules: the four areas, the bonuses and the solo AI's marks.

Pure functions over a seat's `Desk` (sheet plus write-phase work). Cells, spaces and nodes are
indices into the printed sheet (`components.printed`); sets of them are int bitmasks.

- Ruins (§ Ruínas dos "pueblos"): cross hexes; the first to finish a building takes its upper
  reward and bonus, later finishers the lower reward.
- Canyon (§ Desfiladeiro): a shape of at most the disc's size, on free white squares,
  edge-adjacent to an earlier shape; drawn one square at a time (`cell`), closed with
  `end`. It uses the smallest pending size that fits, which never costs the player a choice.
- Riverbed (§ Leito do rio): a path of exactly the disc's length downstream from a visited
  space through unvisited ones; the action names the last space (the start is then the
  nearest visited space upstream, so the length follows).
- Mud cracks (§ Rachas na lama): mark a node adjacent to a marked one for its cost; a face
  whose three nodes are marked pays its symbol; a point left over marks a column box.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache

from tabuleiro.core.evolve import evolve
from tabuleiro.games.sonora.components import (
    AI_START,
    BONUSES,
    DISCOVERY_ANIMALS,
    INVALID,
    printed,
)
from tabuleiro.games.sonora.state import Desk, Sheet, Work

FOX, OWL, RABBIT = range(3)  # Discovery animals


def bits(mask: int) -> Iterator[int]:
    """The indices set in `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def new_sheet() -> Sheet:
    """A fresh sheet: the pre-drawn marks and one Re-flick and one Swap circled (§ Bonificações)."""
    p = printed()
    return Sheet(
        ruins=(0,) * len(p.buildings),
        rewards=(0,) * len(p.buildings),
        ai_circled=0,
        ai_crossed=0,
        visited=1,
        circled=0,
        river_ai=0,
        shapes=(p.canyon_start,),
        ai_shapes=(),
        mud=1,
        mud_ai=(0,) * len(p.mud_ids),
        columns=(0,) * len(p.columns),
        reflick=(p.start_reflick, 0),
        swap=(p.start_swap, 0),
        found=(0, 0, 0),
        spent=(0, 0, 0),
    )


def _sheet(desk: Desk, **changes: object) -> Desk:
    return Desk(evolve(desk.sheet, **changes), desk.work)


def _work(desk: Desk, **changes: object) -> Desk:
    return Desk(desk.sheet, evolve(desk.work, **changes))


def available(pair: tuple[int, int]) -> int:
    """Circled and not yet crossed bonuses on the track."""
    return pair[0] - pair[1]


def stored(sheet: Sheet, animal: int) -> int:
    """Discovery animals circled and not yet used."""
    return sheet.found[animal] - sheet.spent[animal]


def can_discover(sheet: Sheet) -> bool:
    """Some animal of the Discovery area is still free (§ Bonificações de Descoberta)."""
    caps = printed().discovery
    return any(sheet.found[a] < caps[a] for a in range(3))


def gain(desk: Desk, bonus: str) -> Desk:
    """Take a bonus (§ Bonificações das folhas de pontuação).

    Re-flick and Swap are circled on the track (lost when the track is full); Fox and Owl add
    a shape or a path to draw in this write phase; Rabbit adds 5 to the Mud cracks value;
    Discovery asks for an animal, unless every one is circled already.
    """
    p = printed()
    s, w = desk.sheet, desk.work
    if bonus == "reflick":
        return _sheet(desk, reflick=(min(s.reflick[0] + 1, p.track_size), s.reflick[1]))
    if bonus == "swap":
        return _sheet(desk, swap=(min(s.swap[0] + 1, p.track_size), s.swap[1]))
    if bonus == "fox":
        return _work(desk, canyon=tuple(sorted((*w.canyon, p.fox_size))))
    if bonus == "owl":
        return _work(desk, owls=w.owls + 1)
    if bonus == "rabbit":
        return _work(desk, mud=w.mud + p.bonus_rabbit)
    if bonus == "discovery" and can_discover(s):
        return _work(desk, discover=w.discover + 1)
    return desk


def discover(desk: Desk, animal: int) -> Desk:
    """Circle a Discovery animal; it is used later with `use`."""
    s = desk.sheet
    found = tuple(n + (i == animal) for i, n in enumerate(s.found))
    desk = _sheet(desk, found=found)
    left = desk.work.discover - 1 if can_discover(desk.sheet) else 0
    return _work(desk, discover=left)


def discover_choices(sheet: Sheet) -> tuple[int, ...]:
    """The animals still free in the Discovery area."""
    caps = printed().discovery
    return tuple(a for a in range(len(DISCOVERY_ANIMALS)) if sheet.found[a] < caps[a])


def use(desk: Desk, animal: int) -> Desk:
    """Use a circled Discovery animal: a shape of size 4, a path of 1-5, or +6 Mud cracks."""
    p = printed()
    s, w = desk.sheet, desk.work
    desk = _sheet(desk, spent=tuple(n + (i == animal) for i, n in enumerate(s.spent)))
    if animal == FOX:
        return _work(desk, canyon=tuple(sorted((*w.canyon, p.fox_size))))
    if animal == OWL:
        return _work(desk, owls=w.owls + 1)
    return _work(desk, mud=w.mud + p.discovery_rabbit)


# -- Ruins -----------------------------------------------------------------------------------


def ruins_moves(desk: Desk) -> tuple[tuple[int, int], ...]:
    """(building, hexes) the seat may cross now."""
    value = desk.work.ruins
    out: list[tuple[int, int]] = []
    for b, building in enumerate(printed().buildings):
        free = building.hexes - desk.sheet.ruins[b]
        out.extend((b, k) for k in range(1, min(value, free) + 1))
    return tuple(out)


def cross_ruins(desk: Desk, building: int, hexes: int, claimed: tuple[bool, ...]) -> tuple[Desk, bool]:
    """Cross `hexes` of `building`; returns the desk and whether the upper reward was taken."""
    b = printed().buildings[building]
    s = desk.sheet
    ruins = tuple(n + hexes if i == building else n for i, n in enumerate(s.ruins))
    desk = Desk(evolve(s, ruins=ruins), evolve(desk.work, ruins=desk.work.ruins - hexes))
    if ruins[building] < b.hexes:
        return desk, False
    first = not claimed[building]
    rewards = tuple((1 if first else 2) if i == building else r for i, r in enumerate(s.rewards))
    desk = _sheet(desk, rewards=rewards)
    return (gain(desk, b.upper_bonus) if first else desk), first


def ruins_full(sheet: Sheet) -> bool:
    """Every building is finished."""
    return all(n == b.hexes for n, b in zip(sheet.ruins, printed().buildings, strict=True))


def ai_ruins(desk: Desk, value: int) -> Desk:
    """Solo: the AI circles `value` hexes of its building (the rest is lost when it is full)."""
    s = desk.sheet
    return _sheet(desk, ai_circled=min(printed().ai_building, s.ai_circled + value))


def cross_ai_circles(desk: Desk) -> Desk:
    """Solo: the player's Ruins value first crosses the AI's circled hexes (§ Modo solitário)."""
    s, w = desk.sheet, desk.work
    n = min(w.ruins, s.ai_circled - s.ai_crossed)
    return Desk(evolve(s, ai_crossed=s.ai_crossed + n), evolve(w, ruins=w.ruins - n))


# -- Canyon ----------------------------------------------------------------------------------


@cache
def _neighbour_masks() -> tuple[int, ...]:
    return tuple(sum(1 << n for n in ns) for ns in printed().canyon_neighbours)


@lru_cache(maxsize=4096)
def around(mask: int) -> int:
    """Squares sharing an edge with a square of `mask` (not diagonally). Cached: every write
    move asks it of the same region again."""
    nb = _neighbour_masks()
    out = 0
    for cell in bits(mask):
        out |= nb[cell]
    return out & ~mask


def filled(sheet: Sheet) -> int:
    """Canyon squares covered by a shape, the player's or the AI's."""
    out = 0
    for shape in (*sheet.shapes, *sheet.ai_shapes):
        out |= shape
    return out


def free_squares(sheet: Sheet, shape: int = 0) -> int:
    """White squares no shape covers (nor the shape being drawn)."""
    return printed().canyon_white & ~filled(sheet) & ~shape


def region(sheet: Sheet) -> int:
    """The player's shapes, the pre-drawn 2x2 included."""
    out = 0
    for shape in sheet.shapes:
        out |= shape
    return out


def canyon_cells(desk: Desk) -> int:
    """Squares the player may add to the shape being drawn (or start a new one on)."""
    w = desk.work
    if not w.canyon or (w.shape and w.shape.bit_count() >= w.canyon[-1]):
        return 0
    free = free_squares(desk.sheet, w.shape)
    return free & around(w.shape if w.shape else region(desk.sheet))


def add_cell(desk: Desk, cell: int) -> Desk:
    """Add a square to the shape being drawn; close it when it cannot grow further."""
    desk = _work(desk, shape=desk.work.shape | 1 << cell)
    if not canyon_cells(desk):
        desk = close_shape(desk)
    return desk


def close_shape(desk: Desk) -> Desk:
    """Finish the shape: it uses the smallest pending size that fits; enclosed bonuses pay."""
    p = printed()
    w = desk.work
    size = w.shape.bit_count()
    i = next(i for i, limit in enumerate(w.canyon) if limit >= size)
    shape = w.shape
    desk = Desk(
        evolve(desk.sheet, shapes=(*desk.sheet.shapes, shape)),
        evolve(w, canyon=w.canyon[:i] + w.canyon[i + 1 :], shape=0),
    )
    for cell in bits(shape):
        if p.canyon_bonus[cell]:
            desk = gain(desk, p.canyon_bonus[cell])
    return desk


def cactus_counts(sheet: Sheet) -> tuple[int, ...]:
    """Cacti of each type inside the player's shapes."""
    p = printed()
    counts = [0, 0, 0]
    for cell in bits(region(sheet)):
        if p.canyon_cactus[cell] >= 0:
            counts[p.canyon_cactus[cell]] += 1
    return tuple(counts)


def canyon_points(n: int) -> int:
    """§ Pontuação do desfiladeiro: 5, 7, 10, 14, 19, 25, 32, 40, then +5 per cactus."""
    p = printed()
    table = p.canyon_table
    if n <= 0:
        return 0
    if n <= len(table):
        return table[n - 1]
    return table[-1] + p.canyon_overflow * (n - len(table))


# Solo AI shapes (§ Modo solitário, Desfiladeiro).


def _ai_region(sheet: Sheet) -> int:
    out = 0
    for shape in sheet.ai_shapes:
        out |= shape
    return out


def ai_anchors(sheet: Sheet) -> int:
    """Free squares an AI shape may start on: an AI square, a square next to an AI shape, or
    next to a player's shape that touches an AI shape (the AI "jumps" over it)."""
    free = free_squares(sheet)
    ai = _ai_region(sheet)
    out = 0
    for cell in range(len(printed().canyon_kind)):
        if printed().canyon_kind[cell] == AI_START:
            out |= 1 << cell
    out |= around(ai)
    for shape in sheet.shapes:
        if around(shape) & ai:
            out |= around(shape)
    return out & free


def _component(free: int, cell: int) -> int:
    nb = _neighbour_masks()
    seen = 1 << cell
    frontier = seen
    while frontier:
        grown = 0
        for c in bits(frontier):
            grown |= nb[c]
        frontier = grown & free & ~seen
        seen |= frontier
    return seen


def ai_shape_size(sheet: Sheet, limit: int) -> int:
    """The size the AI draws for a disc of `limit`: the largest that fits (§ it always draws
    the largest shape it can), 0 when it cannot start anywhere."""
    free = free_squares(sheet)
    best = 0
    for cell in bits(ai_anchors(sheet)):
        best = max(best, min(limit, _component(free, cell).bit_count()))
        if best == limit:
            break
    return best


def ai_cells(desk: Desk, size: int) -> int:
    """Squares the player may add to the AI shape of `size` being drawn."""
    sheet, shape = desk.sheet, desk.work.shape
    free = free_squares(sheet, shape)
    if shape:
        return free & around(shape) if shape.bit_count() < size else 0
    out = 0
    for cell in bits(ai_anchors(sheet)):
        if _component(free, cell).bit_count() >= size:
            out |= 1 << cell
    return out


def start_ai_shape(desk: Desk, limit: int) -> Desk:
    """Solo: the AI's disc `limit` is the next to draw a shape, of the largest size that fits."""
    return _work(desk, limit=limit, goal=ai_shape_size(desk.sheet, limit))


def add_ai_cell(desk: Desk, cell: int) -> Desk:
    """Add a square to the AI shape; at its size it is complete and fills its squares (the AI
    gains nothing it covers)."""
    w = desk.work
    shape = w.shape | 1 << cell
    if shape.bit_count() < w.goal:
        return _work(desk, shape=shape)
    i = w.ai_canyon.index(w.limit)
    return Desk(
        evolve(desk.sheet, ai_shapes=(*desk.sheet.ai_shapes, shape)),
        evolve(w, ai_canyon=w.ai_canyon[:i] + w.ai_canyon[i + 1 :], shape=0, limit=0, goal=0),
    )


# -- Riverbed --------------------------------------------------------------------------------


def path_length(sheet: Sheet, end: int) -> int:
    """Length of the path ending at `end` from the nearest visited space upstream, or 0 when
    no path may end there (visited or AI-filled on the way, § Regras para os caminhos)."""
    return _path_lengths(sheet.visited, sheet.river_ai)[end]


@lru_cache(maxsize=4096)
def _path_lengths(visited: int, filled: int) -> tuple[int, ...]:
    parent = printed().river_parent
    out = []
    for end in range(len(parent)):
        length, space = 1, parent[end]
        if (visited | filled) >> end & 1:
            space = -1
        while space >= 0 and not visited >> space & 1:
            if filled >> space & 1:
                space = -1
                break
            length += 1
            space = parent[space]
        out.append(length if space >= 0 else 0)
    return tuple(out)


def path_token(work: Work, length: int) -> int:
    """Which pending path pays for a path of `length`: 1 an exact disc, 2 an owl, 0 none."""
    if length in work.river:
        return 1
    if work.owls and 1 <= length <= printed().owl_max:
        return 2
    return 0


def path_ends(desk: Desk) -> tuple[int, ...]:
    """Spaces a pending path may end on now."""
    w = desk.work
    if not w.river and not w.owls:
        return ()
    # The lengths a pending path pays for (`path_token` is not 0).
    lengths = {*w.river, *(range(1, printed().owl_max + 1) if w.owls else ())}
    return tuple([end for end, n in _path_ends(desk.sheet.visited, desk.sheet.river_ai) if n in lengths])


@lru_cache(maxsize=4096)
def _path_ends(visited: int, filled: int) -> tuple[tuple[int, int], ...]:
    """(end, length) of every path that can be drawn now, whatever its length."""
    lengths = _path_lengths(visited, filled)
    return tuple((end, n) for end in range(1, len(printed().river_ids)) if (n := lengths[end]))


def draw_path(desk: Desk, end: int) -> Desk:
    """Cross the spaces passed, circle the last, and take its bonus (numbers score at the end)."""
    p = printed()
    s, w = desk.sheet, desk.work
    n = path_length(s, end)
    visited, space = s.visited | 1 << end, p.river_parent[end]
    for _ in range(n - 1):
        visited |= 1 << space
        space = p.river_parent[space]
    if path_token(w, n) == 1:
        i = w.river.index(n)
        w = evolve(w, river=w.river[:i] + w.river[i + 1 :])
    else:
        w = evolve(w, owls=w.owls - 1)
    desk = Desk(evolve(s, visited=visited, circled=s.circled | 1 << end), w)
    return gain(desk, p.river_bonus[end]) if p.river_bonus[end] else desk


def river_points(sheet: Sheet) -> int:
    """§ Pontuação do leito do rio: the numbers of the circled spaces."""
    pts = printed().river_points
    return sum(pts[s] for s in bits(sheet.circled))


def tree_path(start: int, end: int) -> tuple[int, ...]:
    """The riverbed spaces from `start` to `end` (the graph is a tree: one path)."""
    parent = printed().river_parent
    up: list[int] = []
    s = start
    ancestors_end = []
    e = end
    while e >= 0:
        ancestors_end.append(e)
        e = parent[e]
    on_end = set(ancestors_end)
    while s not in on_end:
        up.append(s)
        s = parent[s]
    down = ancestors_end[: ancestors_end.index(s)]
    return (*up, s, *reversed(down))


def ai_river_anchors(sheet: Sheet) -> tuple[int, ...]:
    """Free spaces an AI path may start on: an AI square, or next to an AI-filled space."""
    p = printed()
    blocked = sheet.visited | sheet.river_ai
    out = set(p.river_ai_start)
    for s in bits(sheet.river_ai):
        out.update(p.river_neighbours[s])
    return tuple(sorted(s for s in out if not blocked >> s & 1))


def ai_paths(sheet: Sheet, lengths: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Every (start, end) of a legal AI path."""
    p = printed()
    blocked = sheet.visited | sheet.river_ai
    wanted = set(lengths)
    longest = max(lengths, default=0)
    out = []
    for start in ai_river_anchors(sheet):
        stack = [(start, -1, 1)]
        while stack:
            space, came, n = stack.pop()
            if n in wanted:
                out.append((start, space))
            if n < longest:
                stack.extend(
                    (nb, space, n + 1)
                    for nb in p.river_neighbours[space]
                    if nb != came and not blocked >> nb & 1
                )
    return tuple(sorted(out))


def draw_ai_path(desk: Desk, start: int, end: int) -> Desk:
    """The AI fills every space of its path."""
    path = tree_path(start, end)
    mask = sum(1 << s for s in path)
    w = desk.work
    i = w.ai_river.index(len(path))
    return Desk(
        evolve(desk.sheet, river_ai=desk.sheet.river_ai | mask),
        evolve(w, ai_river=w.ai_river[:i] + w.ai_river[i + 1 :]),
    )


# -- Mud cracks ------------------------------------------------------------------------------


def node_cost(sheet: Sheet, node: int) -> int:
    """The node's number plus one per circle the solo AI filled around it."""
    return printed().mud_value[node] + sheet.mud_ai[node]


@cache
def _mud_masks() -> tuple[tuple[int, ...], tuple[int, ...]]:
    p = printed()
    return (
        tuple(sum(1 << m for m in ns) for ns in p.mud_neighbours),
        tuple(sum(1 << n for n in ns) for ns in p.face_nodes),
    )


def node_moves(desk: Desk) -> tuple[int, ...]:
    """Nodes the player may mark now: next to a marked node and affordable, and (nodes first,
    § Rachas na lama) no bonus-column box marked yet this phase."""
    s, value = desk.sheet, desk.work.mud
    if value <= 0 or desk.work.columns:
        return ()
    values, mud_ai = printed().mud_value, s.mud_ai
    return tuple([n for n in _mud_frontier(s.mud) if values[n] + mud_ai[n] <= value])


@lru_cache(maxsize=4096)
def _mud_frontier(mud: int) -> tuple[int, ...]:
    """Unmarked nodes next to a marked one, in order."""
    nbs = _mud_masks()[0]
    return tuple(n for n in range(len(nbs)) if not mud >> n & 1 and nbs[n] & mud)


def mark_node(desk: Desk, node: int) -> Desk:
    """Mark a node; every face it completes pays its bonus now (cacti at the end)."""
    p = printed()
    s, w = desk.sheet, desk.work
    mud = s.mud | 1 << node
    desk = Desk(evolve(s, mud=mud), evolve(w, mud=w.mud - node_cost(s, node)))
    for f in p.node_faces[node]:
        symbol = p.face_symbol[f]
        if symbol in BONUSES and all(mud >> n & 1 for n in p.face_nodes[f]):
            desk = gain(desk, symbol)
    return desk


def box_moves(desk: Desk) -> tuple[int, ...]:
    """Bonus columns with a free box, when a point is left."""
    if desk.work.mud < 1:
        return ()
    return tuple(i for i, (boxes, _) in enumerate(printed().columns) if desk.sheet.columns[i] < boxes)


def mark_box(desk: Desk, column: int, nodes_first: bool) -> Desk:
    """Mark one box; a full column pays its bonus. § Rachas na lama: "Assim que tiver riscado
    os nós desejados, pode usar o valor que sobra ... nas colunas" - with `nodes_first` the
    first box ends the nodes for this write phase."""
    boxes, bonus = printed().columns[column]
    s, w = desk.sheet, desk.work
    columns = tuple(n + 1 if i == column else n for i, n in enumerate(s.columns))
    desk = Desk(evolve(s, columns=columns), evolve(w, mud=w.mud - 1, columns=w.columns or nodes_first))
    return gain(desk, bonus) if columns[column] == boxes else desk


def enclosed(sheet: Sheet) -> tuple[int, ...]:
    """Faces whose three nodes are marked."""
    mud = sheet.mud
    return tuple(f for f, ns in enumerate(_mud_masks()[1]) if mud & ns == ns)


def mud_points(sheet: Sheet) -> int:
    """§ Pontuação das rachas na lama: 2, 4 or 6 per enclosed cactus."""
    p = printed()
    return sum(p.cactus_points.get(p.face_symbol[f], 0) for f in enclosed(sheet))


def ai_circle_moves(desk: Desk) -> tuple[int, ...]:
    """Solo: outer nodes the AI may fill a circle around (not marked by the player)."""
    if desk.work.ai_mud < 1:
        return ()
    p = printed()
    s = desk.sheet
    return tuple(n for n in range(len(p.mud_ids)) if s.mud_ai[n] < p.mud_ai_circles[n] and not s.mud >> n & 1)


def fill_circle(desk: Desk, node: int) -> Desk:
    """Solo: the AI fills one small circle around `node` (its cost rises by 1)."""
    s, w = desk.sheet, desk.work
    mud_ai = tuple(n + 1 if i == node else n for i, n in enumerate(s.mud_ai))
    return Desk(evolve(s, mud_ai=mud_ai), evolve(w, ai_mud=w.ai_mud - 1))


def valid_canyon_cell(cell: int) -> bool:
    """The square is part of the canyon."""
    return 0 <= cell < len(printed().canyon_kind) and printed().canyon_kind[cell] != INVALID
