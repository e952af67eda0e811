"""Plain-text pictures of DOGS for terminals and golden files.

Built only from the view dict (`tabuleiro.games.dogs.view`), so a golden file pins the
view's contract rather than the engine's internals. The picture has six parts, in the
order a player reads the table:

1. the header: round, phase in words, first player, last round, the pending decision (whose
   and what, with its details), the decisions waiting under it, the previous action and a
   one-line reminder of the notation for that decision;
2. the board: a small map drawn from the spaces' coordinates and roads (``-``, ``|``, ``/``,
   ``\\`` dots between space names, ``X`` the centre, ``C2·J3`` the pick-up of player 3 on C2),
   then one line per space: reward, token, pick-up and the spaces its roads lead to, city on
   the left and country on the right;
3. the dog supplies, the Dog Fair (dogs for sale, their price, the Fair card's breeds);
4. the action board: the 5 boxes with their cards and meeples;
5. every kennel (DOGS is open information): resources, helper, cards, each pen's dogs by
   breed and points, the infirmary and, during phase 1, the pick-up's trip and load;
6. legends for the marks and card names.

Players are numbered from 1 (``Jogador 2`` is seat 1); ``J2`` (en ``P2``) is the short form
used on the map, the boxes and the spaces. Breed names are the rulebook's Portuguese names
in both languages; the notation writes breeds by id (``sao_bernardo``). No line is wider
than `WIDTH`, and the picture has no ANSI codes, markup or square brackets.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tabuleiro.core import JsonDict, Lang
from tabuleiro.core.i18n import Catalogue, text
from tabuleiro.games.dogs.actions import BOX_NAMES
from tabuleiro.games.dogs.components import AREAS, CITY, COUNTRY, components

WIDTH = 100
GAS_CAP = 9
INFIRMARY_CAP = 6
EXTRA_PEN_POINTS = (2, 3, 5)
"""Points of the extra pens 3, 4 and 5 when built and occupied (§ Baias adicionais)."""
MAX_PENS = 2 + len(EXTRA_PEN_POINTS)
BOX_ORDER = ("prefeitura", "armazem", "petshop", "veterinario", "feira")
MAP_SCALE_X = 0.62
MAP_ROW_STEP = 6.0
"""Map cells: one column per 1/0.62 board units across, one row per 6 board units down."""

TEXT: Catalogue = {
    "title": {
        "pt": "DOGS — rodada {round} · {phase} · jogador inicial: {first}",
        "en": "DOGS — round {round} · {phase} · first player: {first}",
    },
    "designed": {
        "pt": "Criados pelo Tabuleiro (os impressos não são públicos): {parts}",
        "en": "Designed by Tabuleiro (the printed ones are not public): {parts}",
    },
    "designed_board": {"pt": "tabuleiro e recompensas", "en": "board and rewards"},
    "designed_dog_tokens": {
        "pt": "cães doentes e perdidos de cada raça",
        "en": "sick and lost dogs per breed",
    },
    "designed_cards": {"pt": "cartas e cartas da Feira", "en": "cards and Fair cards"},
    "last_round": {"pt": " · ÚLTIMA RODADA", "en": " · LAST ROUND"},
    "next_last": {"pt": " · a próxima rodada será a última", "en": " · next round is the last"},
    "phase_fuel": {"pt": "fase 1, abastecer as pick-ups", "en": "phase 1, fuelling the pick-ups"},
    "phase_move": {"pt": "fase 1, recolher os cães", "en": "phase 1, collecting dogs"},
    "phase_arrange": {"pt": "fase 1, acomodar os cães", "en": "phase 1, housing the dogs"},
    "phase_actions": {"pt": "fase 2, ações", "en": "phase 2, actions"},
    "phase_feed": {"pt": "fase 3, alimentar os cães", "en": "phase 3, feeding the dogs"},
    "phase_salary": {"pt": "fase 3, salários", "en": "phase 3, salaries"},
    "phase_over": {"pt": "fim de jogo", "en": "game over"},
    "player": {"pt": "Jogador {n}", "en": "Player {n}"},
    "short": {"pt": "J{n}", "en": "P{n}"},
    "you": {"pt": " (você)", "en": " (you)"},
    "over": {"pt": "Fim de jogo.", "en": "Game over."},
    "turn": {"pt": "Vez de {player}: {what}", "en": "{player} to decide: {what}"},
    "no_decision": {"pt": "Nenhuma decisão pendente.", "en": "No decision pending."},
    "waiting": {"pt": "Em espera: {items}", "en": "Waiting: {items}"},
    "queue": {"pt": "A seguir nesta fase: {seats}", "en": "Next in this phase: {seats}"},
    "home_order": {"pt": "Voltaram ao canil: {seats}", "en": "Back home: {seats}"},
    "last": {"pt": "Jogada anterior: {player} — {action}", "en": "Previous move: {player} — {action}"},
    # What each pending decision is about.
    "d_fuel": {
        "pt": "comprar gasolina (1 moeda = 3 fichas, no máximo 9 na garagem)",
        "en": "buying gas (1 coin = 3 gas, at most 9 in the garage)",
    },
    "d_move": {
        "pt": "mover a pick-up (1 gasolina por espaço), voltar ao canil ou ficar",
        "en": "moving the pick-up (1 gas per space), going home or staying",
    },
    "d_bonus": {
        "pt": "escolher o bônus de retorno ao canil (ração, remédio ou gasolina)",
        "en": "choosing the homecoming bonus (food, medicine or gas)",
    },
    "d_arrange": {"pt": "acomodar os cães nas baias", "en": "housing the dogs in the pens"},
    "d_pool": {"pt": " · a acomodar: {dogs}", "en": " · to place: {dogs}"},
    "d_lifts": {"pt": " · retiradas restantes: {n}", "en": " · lifts left: {n}"},
    "d_vet": {
        "pt": " · pode usar a carta Veterinário (vet yes|no)",
        "en": " · may use the Vet card (vet yes|no)",
    },
    "d_offer": {
        "pt": "aceitar ou recusar {dog} · doado por {donor} · se recusar: {then}",
        "en": "accepting or declining {dog} · donated by {donor} · if declined: {then}",
    },
    "fair_takes": {"pt": "a Feira de Cães", "en": "the Dog Fair"},
    "d_place": {
        "pt": "escolher um box de ação e uma de suas cartas",
        "en": "choosing an action box and one of its cards",
    },
    "d_box": {
        "pt": "ação do box {box}, depois done",
        "en": "the {box} box's action, then done",
    },
    "d_used": {"pt": " · já usada {n}x", "en": " · used {n}x so far"},
    "d_feed": {
        "pt": "alimentar as baias (1 ração por baia ocupada)",
        "en": "feeding the pens (1 food per occupied pen)",
    },
    "d_unfed": {"pt": " · baias que ficam sem ração: {pens}", "en": " · pens going unfed: {pens}"},
    "d_salary": {
        "pt": "pagar o ajudante (1 moeda ou carta Ajudante) ou recontratá-lo",
        "en": "paying the helper (1 coin or the Helper card) or rehiring him",
    },
    "w_fuel": {"pt": "abastecer", "en": "fuel"},
    "w_move": {"pt": "mover", "en": "move"},
    "w_bonus": {"pt": "bônus", "en": "bonus"},
    "w_arrange": {"pt": "acomodar", "en": "house dogs"},
    "w_offer": {"pt": "doação", "en": "donation"},
    "w_place": {"pt": "escolher box", "en": "choose a box"},
    "w_box": {"pt": "box {box}", "en": "{box} box"},
    "w_feed": {"pt": "alimentar", "en": "feed"},
    "w_salary": {"pt": "salário", "en": "salary"},
    # One-line notation reminders, by decision.
    "h_fuel": {
        "pt": "Notação: fuel N (moedas) · use food2 (cartas de recurso)",
        "en": "Notation: fuel N (coins) · use food2 (resource cards)",
    },
    "h_move": {
        "pt": "Notação: move C3 · home · stay · use swap C3 C5 · use dog city|country",
        "en": "Notation: move C3 · home · stay · use swap C3 C5 · use dog city|country",
    },
    "h_bonus": {"pt": "Notação: bonus food|medicine|gas", "en": "Notation: bonus food|medicine|gas"},
    "h_arrange": {
        "pt": "Notação: put RAÇA BAIA · lift RAÇA BAIA · donate RAÇA · donate sick RAÇA · done",
        "en": "Notation: put BREED PEN · lift BREED PEN · donate BREED · donate sick BREED · done",
    },
    "h_offer": {"pt": "Notação: accept · decline", "en": "Notation: accept · decline"},
    "h_place": {
        "pt": "Notação: place BOX CARTA (place feira food2) · place BOX use-free · place BOX no-card",
        "en": "Notation: place BOX CARD (place feira food2) · place BOX use-free · place BOX no-card",
    },
    "h_prefeitura": {
        "pt": "Notação: build · build discount · done",
        "en": "Notation: build · build discount · done",
    },
    "h_armazem": {
        "pt": "Notação: exchange DÁ RECEBE (food, medicine, gas; até 2 vezes) · done",
        "en": "Notation: exchange GIVE TAKE (food, medicine, gas; up to twice) · done",
    },
    "h_petshop": {
        "pt": "Notação: shop food medicine (1 moeda = 2 fichas) · done",
        "en": "Notation: shop food medicine (1 coin = 2 tokens) · done",
    },
    "h_veterinario": {
        "pt": "Notação: cure RAÇA (1 remédio por cão) · done",
        "en": "Notation: cure BREED (1 medicine per dog) · done",
    },
    "h_feira": {
        "pt": "Notação: sell RAÇA BAIA (+ trained, prize) · buy RAÇA · trade RAÇA BAIA RAÇA_DA_FEIRA · done",
        "en": "Notation: sell BREED PEN (+ trained, prize) · buy BREED · trade BREED PEN FAIR_BREED · done",
    },
    "h_feed": {
        "pt": "Notação: feed · starve BAIA RAÇA (falta ração)",
        "en": "Notation: feed · starve PEN BREED (short of food)",
    },
    "h_salary": {
        "pt": "Notação: salary coin|card · rehire · no-rehire",
        "en": "Notation: salary coin|card · rehire · no-rehire",
    },
    # The board.
    "board": {
        "pt": "Tabuleiro (X centro; J2 = pick-up do Jogador 2; $ = recompensa por cão perdido):",
        "en": "Board (X centre; P2 = Player 2's pick-up; $ = reward for a lost dog):",
    },
    "city": {"pt": "Cidade · reserva: {n} fichas", "en": "City · supply: {n} tokens"},
    "country": {"pt": "Campo · reserva: {n} fichas", "en": "Country · supply: {n} tokens"},
    "city_dogs": {
        "pt": "Cidade · reserva: {n:# ficha|# fichas}, {dogs:# cão|# cães}",
        "en": "City · supply: {n:# token|# tokens}, {dogs:# dog|# dogs}",
    },
    "country_dogs": {
        "pt": "Campo · reserva: {n:# ficha|# fichas}, {dogs:# cão|# cães}",
        "en": "Country · supply: {n:# token|# tokens}, {dogs:# dog|# dogs}",
    },
    "area_city": {"pt": "CIDADE", "en": "CITY"},
    "area_country": {"pt": "CAMPO", "en": "COUNTRY"},
    "centre": {"pt": "No centro X: {seats}", "en": "On the centre X: {seats}"},
    "empty": {"pt": "vazio", "en": "empty"},
    "block": {"pt": "BLOQUEIO", "en": "BLOCK"},
    "sick": {"pt": "doente", "en": "sick"},
    "lost": {"pt": "perdido", "en": "lost"},
    # The Fair and the decks.
    "fair": {
        "pt": "Feira de Cães: {dogs} à venda por {price:# moeda|# moedas} cada: ",
        "en": "Dog Fair: {dogs} for sale at {price:# coin|# coins} each: ",
    },
    "dogs_1": {"pt": "1 cão", "en": "1 dog"},
    "dogs_n": {"pt": "{n:# cão|# cães}", "en": "{n:# dog|# dogs}"},
    "fair_card": {
        "pt": "Carta da Feira (raças que a Feira compra por 2 moedas): {breeds}",
        "en": "Fair card (breeds the Fair buys for 2 coins): {breeds}",
    },
    "decks": {
        "pt": "Baralho: monte {deck} · descarte {discard}",
        "en": "Card pile: {deck} · discard: {discard}",
    },
    "none": {"pt": "nenhum", "en": "none"},
    "none_f": {"pt": "nenhuma", "en": "none"},
    # The action board.
    "boxes": {
        "pt": "Quadro de ações (até {cap:# meeple|# meeples} por box):",
        "en": "Action board (up to {cap:# meeple|# meeples} per box):",
    },
    "box_line": {
        "pt": "  {box} {what} cartas: {cards} · meeples: {meeples}",
        "en": "  {box} {what} cards: {cards} · meeples: {meeples}",
    },
    **{f"b_{box}": names for box, names in BOX_NAMES.items()},
    "a_prefeitura": {"pt": "(construir baia, 2 moedas)", "en": "(build a pen, 2 coins)"},
    "a_armazem": {"pt": "(trocar até 2 fichas)", "en": "(swap up to 2 tokens)"},
    "a_petshop": {"pt": "(1 moeda = 2 ração/remédio)", "en": "(1 coin = 2 food/medicine)"},
    "a_veterinario": {"pt": "(curar: 1 remédio por cão)", "en": "(cure: 1 medicine a dog)"},
    "a_feira": {"pt": "(vender, comprar ou trocar)", "en": "(sell, buy or trade)"},
    # Kennels.
    "kennels": {
        "pt": "Canis (baia: cães = pontos; baias 3, 4 e 5 são extras: +2, +3 e +5 pts se ocupadas):",
        "en": "Kennels (pen: dogs = points; pens 3, 4 and 5 are extras: +2, +3 and +5 pts if occupied):",
    },
    "resources": {
        "pt": (
            "{coins:# moeda|# moedas} · gasolina {gas}/{cap} · ração {food} · remédio {medicine} · {helper}"
        ),
        "en": "{coins:# coin|# coins} · gas {gas}/{cap} · food {food} · medicine {medicine} · {helper}",
    },
    "helper_paid": {"pt": "ajudante pago", "en": "helper paid"},
    "helper_unpaid": {"pt": "ajudante (salário pendente)", "en": "helper (salary due)"},
    "no_helper": {"pt": "sem ajudante", "en": "no helper"},
    "pens": {"pt": "  Baias: ", "en": "  Pens: "},
    "pen_empty": {"pt": "vazia", "en": "empty"},
    "pen_unbuilt": {"pt": "não construídas: {pens}", "en": "not built: {pens}"},
    "pen_bonus": {"pt": " (bônus de baia cheia recebido)", "en": " (full-pen bonus taken)"},
    "pts": {"pt": "{n:# pt|# pts}", "en": "{n:# pt|# pts}"},
    "infirmary": {"pt": "  Enfermaria {n}/{cap}: {dogs}", "en": "  Infirmary {n}/{cap}: {dogs}"},
    "cards": {"pt": "cartas: {cards}", "en": "cards: {cards}"},
    "truck": {"pt": "  Pick-up {where}: {dogs}", "en": "  Pick-up {where}: {dogs}"},
    "trip_centre": {"pt": "no centro, sem sair ainda", "en": "on the centre, not moved yet"},
    "trip_out": {"pt": "rodando, em {space}", "en": "out, on {space}"},
    "trip_home": {"pt": "de volta ao canil", "en": "back home"},
    "trip_stayed": {"pt": "ficou no canil nesta rodada", "en": "stayed home this round"},
    # Legends.
    "legend_cards": {
        "pt": "Legenda: food/medicine/gas/coinsN = receba N ração/remédio/gasolina/moedas · dog = 1 cão",
        "en": "Legend: food/medicine/gas/coinsN = get N food/medicine/gas/coins · dog = get 1 dog",
    },
    "legend_cards_2": {
        "pt": "  trained/prize = +1/+2 moedas na venda · vet = doentes direto às baias · swap = troca 2 cães",
        "en": "  trained/prize = +1/+2 coins on a sale · vet = sick dogs into pens · swap = swap 2 dogs",
    },
    "legend_cards_3": {
        "pt": "  discount = baia por 1 moeda · helper = paga o ajudante · free = entrada livre num box cheio",
        "en": "  discount = a pen for 1 coin · helper = pays the helper · free = free entry to a full box",
    },
}


def t(key: str, lang: Lang, **values: object) -> str:
    """A string of this module's catalogue."""
    return text(TEXT, key, lang, **values)


def wrap(prefix: str, items: Sequence[str], indent: str = "    ", sep: str = " · ") -> list[str]:
    """`items` after `prefix`, joined by `sep` and broken into lines of at most WIDTH."""
    lines = [prefix]
    for i, item in enumerate(items):
        if i and len(lines[-1]) + len(sep) + len(item) + len(sep.rstrip()) > WIDTH:
            lines[-1] += sep.rstrip()
            lines.append(indent + item)
        else:
            lines[-1] += (sep if i else "") + item
    return [line.rstrip() for line in lines]


def player(seat: int, viewer: int | None, lang: Lang) -> str:
    """``Jogador 2`` for seat 1, with ``(você)`` when it is the viewer's seat."""
    return t("player", lang, n=seat + 1) + (t("you", lang) if seat == viewer else "")


def short(seat: int, lang: Lang) -> str:
    """``J2`` (en ``P2``) for seat 1: the pick-up and meeple mark."""
    return t("short", lang, n=seat + 1)


def breed_name(breed_id: str) -> str:
    """The rulebook's name of a breed id (``sao_bernardo`` → ``São Bernardo``)."""
    comp = components()
    return comp.breed_names[comp.breed_ids.index(breed_id)] if breed_id in comp.breed_ids else breed_id


def counted(names: Sequence[str]) -> list[str]:
    """Equal names together, in first-seen order: ``food2 ×2``, ``dog``."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return [name + (f" ×{n}" if n > 1 else "") for name, n in counts.items()]


def grouped(breed_ids: Sequence[str]) -> list[str]:
    """Dogs by breed in first-seen order: ``Poodle ×2``, ``Beagle``."""
    return counted([breed_name(b) for b in breed_ids])


def token_text(token: object, lang: Lang) -> str:
    """A board token or a dog: ``Poodle``, ``Poodle doente``, ``BLOQUEIO`` or ``vazio``."""
    if token is None:
        return t("empty", lang)
    if token == "block":
        return t("block", lang)
    if isinstance(token, dict):
        name = breed_name(str(token["breed"]))
        kind = token.get("kind")
        return name if kind == "healthy" else f"{name} {t(str(kind), lang)}"
    return str(token)


# -- header ---------------------------------------------------------------------------------------


def describe_decision(frame: JsonDict, viewer: int | None, lang: Lang) -> tuple[int, str]:
    """(seat that decides, what the decision is, with its details)."""
    kind = str(frame["kind"])
    seat = int(frame["seat"])
    if kind == "arrange":
        what = t("d_arrange", lang)
        if frame.get("pool"):
            what += t("d_pool", lang, dogs=", ".join(grouped(frame["pool"])))
        what += t("d_lifts", lang, n=frame.get("lifts", 0))
        if frame.get("vet_choice"):
            what += t("d_vet", lang)
        return seat, what
    if kind == "offer":
        then = [player(s, viewer, lang) for s in frame.get("then", [])] + [t("fair_takes", lang)]
        dog = token_text(frame.get("dog"), lang)
        return int(frame["asking"]), t(
            "d_offer", lang, dog=dog, donor=player(seat, viewer, lang), then=", ".join(then)
        )
    if kind == "box":
        what = t("d_box", lang, box=t(f"b_{frame['box']}", lang))
        if frame.get("used"):
            what += t("d_used", lang, n=frame["used"])
        return seat, what
    if kind == "feed":
        what = t("d_feed", lang)
        if frame.get("unfed_pens"):
            what += t("d_unfed", lang, pens=", ".join(str(p) for p in frame["unfed_pens"]))
        return seat, what
    key = f"d_{kind}"
    return seat, t(key, lang) if key in TEXT else kind


def _waiting_item(frame: JsonDict, viewer: int | None, lang: Lang) -> str:
    kind = str(frame["kind"])
    seat = int(frame["asking"]) if kind == "offer" else int(frame["seat"])
    key = f"w_{kind}"
    if kind == "box":
        what = t(key, lang, box=t(f"b_{frame['box']}", lang))
    else:
        what = t(key, lang) if key in TEXT else kind
    return f"{player(seat, viewer, lang)} ({what})"


def header(view: JsonDict, lang: Lang) -> list[str]:
    """Round, phase, first player, the decision and its notation, the previous move."""
    viewer = view["seat"]
    phase = str(view["phase"])
    title = t(
        "title",
        lang,
        round=view["round"],
        phase=t(f"phase_{phase}", lang),
        first=player(int(view["first_player"]), viewer, lang),
    )
    if view["last_round"]:
        title += t("last_round", lang)
    elif view["next_round_last"]:
        title += t("next_last", lang)
    out = wrap(title, [])
    frame = view["decision"]
    if view["finished"]:
        out.append(t("over", lang))
    elif frame is None:
        out.append(t("no_decision", lang))
    else:
        seat, what = describe_decision(frame, viewer, lang)
        out += wrap(t("turn", lang, player=player(seat, viewer, lang), what=""), what.split(" · "))
    waiting = [_waiting_item(f, viewer, lang) for f in reversed(view.get("waiting") or [])]
    if waiting:
        out += wrap(t("waiting", lang, items=""), waiting)
    if view.get("queue") and not view["finished"]:
        out.append(t("queue", lang, seats=", ".join(short(s, lang) for s in view["queue"])))
    if phase in ("move", "arrange") and view.get("home_order"):
        out.append(t("home_order", lang, seats=", ".join(short(s, lang) for s in view["home_order"])))
    last = view.get("last")
    if last is not None:
        out.append(t("last", lang, player=player(int(last["seat"]), viewer, lang), action=last["action"]))
    if frame is not None and not view["finished"]:
        kind = str(frame["kind"])
        key = f"h_{frame['box']}" if kind == "box" else f"h_{kind}"
        if key in TEXT:
            out += wrap("", t(key, lang).split(" · "))
    return out


# -- board ----------------------------------------------------------------------------------------


def _cell(space: int) -> tuple[int, int]:
    """(row, column) of a space's name on the map; the topmost space is on row 0."""
    xy = components().xy
    x, y = xy[space]
    return round((y - min(v for _, v in xy)) / MAP_ROW_STEP), 2 + round(x * MAP_SCALE_X)


def _road_char(dr: int, dc: int) -> str:
    angle = math.degrees(math.atan2(2 * dr, dc)) % 180  # a row is about twice a column's height
    if angle < 25 or angle > 155:
        return "-"
    if 65 < angle < 115:
        return "|"
    return "\\" if angle < 90 else "/"


def _road(grid: list[list[str]], start: tuple[int, int], end: tuple[int, int]) -> None:
    """Dots of one road between two cells: ``-`` where it runs along a row, else by its slope."""
    (r1, c1), (r2, c2) = start, end
    steps = max(abs(r2 - r1), abs(c2 - c1))
    slope = _road_char(r2 - r1, c2 - c1)
    points = [
        (round(r1 + (r2 - r1) * i / steps), round(c1 + (c2 - c1) * i / steps)) for i in range(steps + 1)
    ]
    for i in range(1, steps):
        r, c = points[i]
        flat = points[i - 1][0] == r == points[i + 1][0] and abs(c2 - c1) > abs(r2 - r1)
        grid[r][c] = "-" if flat else slope


def board_map(pickups: dict[str, list[int]], lang: Lang) -> list[str]:
    """The board drawn from the spaces' coordinates: area titles, names, roads and pick-ups."""
    comp = components()
    cells = [_cell(s) for s in range(len(comp.space_names))]
    rows = max(r for r, _ in cells) + 1
    grid = [[" "] * WIDTH for _ in range(rows)]
    for a, ends in enumerate(comp.roads):
        for b in ends:
            if b > a:
                _road(grid, cells[a], cells[b])
    for s, (r, c) in enumerate(cells):
        name = comp.space_names[s]
        label = name + "".join("·" + short(seat, lang) for seat in pickups.get(name, []))
        start = max(0, min(WIDTH - len(label), c - len(name) // 2))
        grid[r][start : start + len(label)] = label
    titles = [" "] * WIDTH
    for area in (CITY, COUNTRY):
        cols = [c for s, (_, c) in enumerate(cells) if s and comp.space_area[s] == area]
        title = t("area_" + AREAS[area], lang)
        start = (min(cols) + max(cols)) // 2 - len(title) // 2
        titles[start : start + len(title)] = title
    return ["  " + "".join(row).rstrip() for row in (titles, *grid)]


def board(view: JsonDict, lang: Lang) -> list[str]:
    """The map, then a line per space (city left, country right) and the centre."""
    comp = components()
    pickups: dict[str, list[int]] = {}
    for seat, k in enumerate(view["kennels"]):
        pickups.setdefault(str(k["position"]), []).append(seat)
    out = [t("board", lang), *board_map(pickups, lang)]
    tokens = {name: token_text(tok, lang) for name, tok in view["board"].items()}
    wide = max(len(x) for x in tokens.values())
    columns: list[list[str]] = [[], []]
    for s in range(1, len(comp.space_names)):
        name = comp.space_names[s]
        marks = " ".join(short(seat, lang) for seat in pickups.get(name, []))
        roads = " ".join(comp.space_names[r] for r in comp.roads[s])
        columns[comp.space_area[s]].append(
            f"{name} ${comp.reward[s]} {tokens.get(name, '?'):<{wide}} {marks:<2} → {roads}"
        )
    left = max(len(x) for x in columns[0])
    city, country = (
        t(area, lang, n=view["supply"][area])
        if view["supply"][area] == view["supply_dogs"][area]
        else t(f"{area}_dogs", lang, n=view["supply"][area], dogs=view["supply_dogs"][area])
        for area in ("city", "country")
    )
    left = max(left, len(city))
    out.append(f"  {city:<{left}} │ {country}")
    for a, b in zip(columns[0], columns[1], strict=False):
        out.append(f"  {a:<{left}} │ {b}".rstrip())
    centre = pickups.get("X", [])
    if centre:
        out.append("  " + t("centre", lang, seats=", ".join(short(s, lang) for s in centre)))
    return out


# -- Fair, action board ---------------------------------------------------------------------------


def fair(view: JsonDict, lang: Lang) -> list[str]:
    """Dogs for sale with the price, the Fair card, the card pile."""
    f = view["fair"]
    dogs = grouped(f["dogs"]) or [t("none", lang)]
    n = len(f["dogs"])
    count = t("dogs_1", lang) if n == 1 else t("dogs_n", lang, n=n)
    out = wrap(t("fair", lang, dogs=count, price=f["price"]), dogs, sep=", ")
    out.append(t("fair_card", lang, breeds=", ".join(breed_name(b) for b in f["card"])))
    out.append(t("decks", lang, deck=view["deck"], discard=view["discard"]))
    return out


def action_board(view: JsonDict, lang: Lang) -> list[str]:
    """The 5 boxes with their cards and meeples."""
    cap = 1 if view["players"] == 2 else 2
    out = [t("boxes", lang, cap=cap)]
    names = {b: t(f"b_{b}", lang) for b in BOX_ORDER}
    whats = {b: t(f"a_{b}", lang) for b in BOX_ORDER}
    name_w = max(len(n) for n in names.values())
    what_w = max(len(w) for w in whats.values())
    for box in BOX_ORDER:
        content = view["boxes"].get(box, {"cards": [], "meeples": []})
        cards = ", ".join(counted(content["cards"])) or t("none_f", lang)
        meeples = " ".join(short(s, lang) for s in content["meeples"]) or "—"
        out.append(
            t(
                "box_line",
                lang,
                box=f"{names[box]:<{name_w}}",
                what=f"{whats[box]:<{what_w}}",
                cards=cards,
                meeples=meeples,
            )
        )
    return out


# -- kennels --------------------------------------------------------------------------------------


def _pen_label(i: int) -> str:
    return str(i + 1) + (f" (+{EXTRA_PEN_POINTS[i - 2]})" if 2 <= i < MAX_PENS else "")


def _pen_text(i: int, pen: dict[str, int], points: int, bonus: bool, lang: Lang) -> str:
    if not pen:
        return f"{_pen_label(i)}: {t('pen_empty', lang)}"
    dogs = ", ".join(breed_name(b) + (f" ×{n}" if n > 1 else "") for b, n in pen.items())
    return f"{_pen_label(i)}: {dogs} = {t('pts', lang, n=points)}" + (t("pen_bonus", lang) if bonus else "")


def _trip(k: JsonDict, lang: Lang) -> str:
    trip = str(k["trip"])
    if trip == "out":
        return t("trip_out", lang, space=k["position"])
    return t(f"trip_{trip}", lang)


def kennel(seat: int, k: JsonDict, view: JsonDict, lang: Lang) -> list[str]:
    """One kennel in a few lines: resources and cards, pens, infirmary, pick-up in phase 1."""
    if not k["helper"]:
        helper = t("no_helper", lang)
    else:
        helper = t("helper_paid" if k["helper_paid"] else "helper_unpaid", lang)
    head = player(seat, view["seat"], lang) + ": "
    res = t(
        "resources",
        lang,
        coins=k["coins"],
        gas=k["gas"],
        cap=GAS_CAP,
        food=k["food"],
        medicine=k["medicine"],
        helper=helper,
    )
    cards = t("cards", lang, cards=", ".join(counted(k["cards"])) or t("none_f", lang))
    out = wrap(head, [*res.split(" · "), cards])
    pens: list[dict[str, int]] = list(k["pens"])
    points: list[int] = list(k["pen_points"])
    bonus: list[bool] = list(k["full_pen_bonus"])
    items = [
        _pen_text(i, pen, points[i] if i < len(points) else 0, i < len(bonus) and bool(bonus[i]), lang)
        for i, pen in enumerate(pens)
    ]
    unbuilt = [_pen_label(i) for i in range(len(pens), MAX_PENS)]
    if unbuilt:
        items.append(t("pen_unbuilt", lang, pens=", ".join(unbuilt)))
    out += wrap(t("pens", lang), items)
    infirmary = grouped(k["infirmary"]) or [t("none_f", lang)]
    out += wrap(t("infirmary", lang, n=len(k["infirmary"]), cap=INFIRMARY_CAP, dogs=""), infirmary, sep=", ")
    if view["phase"] in ("fuel", "move", "arrange"):
        load = [token_text(d, lang) for d in k["truck"]] or [t("empty", lang)]
        out += wrap(t("truck", lang, where=f"({_trip(k, lang)})", dogs=""), load, sep=", ")
    return out


def kennels(view: JsonDict, lang: Lang) -> list[str]:
    """Every kennel, in seat order."""
    out = [t("kennels", lang)]
    for seat, k in enumerate(view["kennels"]):
        out += kennel(seat, k, view, lang)
    return out


def fit(line: str, indent: str = "    ") -> list[str]:
    """`line` broken at spaces into lines of at most WIDTH (a last resort for long names)."""
    out = [line.rstrip()]
    while len(out[-1]) > WIDTH:
        rest = out.pop()
        cut = rest.rfind(" ", len(indent) + 1, WIDTH + 1)
        if cut <= len(indent):
            cut = WIDTH
        out += [rest[:cut].rstrip(), indent + rest[cut:].lstrip()]
    return out


def designed(view: JsonDict, lang: Lang) -> list[str]:
    """Which components are Tabuleiro's design rather than the printed ones."""
    parts = [t(f"designed_{part}", lang) for part in view.get("designed", [])]
    return wrap(t("designed", lang, parts=""), parts) if parts else []


def render_view(view: JsonDict, lang: Lang = "pt") -> str:
    """The text picture of a view: header, board, Fair, action board, kennels, legend."""
    out = header(view, lang)
    out += ["", *designed(view, lang), *board(view, lang)]
    out += ["", *fair(view, lang)]
    out += ["", *action_board(view, lang)]
    out += ["", *kennels(view, lang)]
    out += ["", t("legend_cards", lang), t("legend_cards_2", lang), t("legend_cards_3", lang)]
    return "\n".join(part for line in out for part in fit(line))
