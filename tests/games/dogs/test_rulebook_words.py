"""DOGS: where the rulebook's own words set the default (issue 14), and the worked examples
played out as continuous positions through the public protocol (`get_game("dogs")`:
`new_state`, `legal_actions`, `apply`, `view`).

A test may rig the starting position (which dogs lie on the board, which come next out of a
supply, which cards lie above a box, a kennel's starting coins): that is the deal. Everything
after it is played with `apply`.
"""

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace

import pytest

from tabuleiro.core import JsonDict, MatchRecord, RecordError, get_game, new_record, replay
from tabuleiro.games.dogs.components import BLOCK, CITY, COUNTRY, HEALTHY, components, dog
from tabuleiro.games.dogs.state import DogsState

GAME = get_game("dogs")
COMP = components()


def b(name: str) -> int:
    return COMP.breed_ids.index(name)


def healthy(name: str) -> int:
    return dog(b(name), HEALTHY)


def rig(
    state: DogsState,
    board: Mapping[str, int] | None = None,
    city_next: Iterable[int] = (),
    country_next: Iterable[int] = (),
) -> DogsState:
    """The deal: `board` tokens on those spaces and `*_next` on top of the supplies; every other
    token of the area keeps a place on the board or in the supply, so all tokens are conserved."""
    board = dict(board or {})
    spaces = list(state.spaces)
    bags = []
    for area, nxt in ((CITY, list(city_next)), (COUNTRY, list(country_next))):
        own = [s for s in range(1, len(spaces)) if COMP.space_area[s] == area]
        pool = [spaces[s] for s in own if spaces[s] >= 0] + list(state.bags[area])
        wanted = {COMP.space_names.index(n): t for n, t in board.items() if COMP.space_names.index(n) in own}
        for token in [*wanted.values(), *nxt]:
            pool.remove(token)
        rest = [t for t in pool if t != BLOCK] + [t for t in pool if t == BLOCK]
        for s in own:
            spaces[s] = wanted[s] if s in wanted else rest.pop(0)
        bags.append((*nxt, *rest))
    rigged = replace(state, spaces=tuple(spaces), bags=(bags[0], bags[1]))
    GAME.check_invariants(rigged)
    return rigged


def deal_box(state: DogsState, box: int, names: tuple[str, ...]) -> DogsState:
    """The deal: the cards `names` above action box `box` (the box's cards go to the pile)."""
    ids = [next(i for i, c in enumerate(COMP.cards) if c.name == n) for n in names]
    boxes = [list(cards) for cards in state.boxes]
    deck = list(state.deck)
    for card in ids:
        for cards in (deck, *boxes):
            if card in cards:
                cards.remove(card)
                break
    deck += boxes[box]
    boxes[box] = sorted(ids)
    rigged = replace(state, boxes=tuple(tuple(c) for c in boxes), deck=tuple(deck))
    GAME.check_invariants(rigged)
    return rigged


def legal(state: DogsState, seat: int) -> list[str]:
    return [GAME.format_action(a) for a in GAME.legal_actions(state, seat)]


def act(state: DogsState, seat: int, text: str) -> DogsState:
    assert GAME.to_act(state) == {seat}, f"seat {seat} is not to act: {GAME.view(state, None)['decision']}"
    assert text in legal(state, seat), f"{text!r} not in {legal(state, seat)}"
    state = GAME.apply(state, seat, GAME.parse_action(text))
    GAME.check_invariants(state)
    return state


def auto(state: DogsState, mover: int = -1) -> DogsState:
    """One decision of the seat to act, played simply: stay home (`mover` drives to the first
    dog it can reach and back), decline donations, take the first box and card open and do
    nothing there, feed and pay."""
    (seat,) = GAME.to_act(state)
    options = legal(state, seat)
    moves = [a for a in options if a.startswith("move ")]
    if "home" in options:
        choice = "home"
    elif moves and seat == mover:
        choice = moves[0]
    else:
        preferred = ("stay", "decline", "fuel 0", "done", "feed", "salary coin")
        places = [a for a in options if a.startswith("place ")]
        choice = next((p for p in preferred if p in options), places[0] if places else options[0])
    return act(state, seat, choice)


def others(state: DogsState, me: int, mover: int = -1) -> DogsState:
    """Play the other seats' decisions (`auto`) until `me` is to act or the game ends."""
    while not state.finished and me not in GAME.to_act(state):
        state = auto(state, mover)
    return state


def kennel(state: DogsState, seat: int) -> JsonDict:
    k: JsonDict = GAME.view(state, None)["kennels"][seat]
    return k


def place_without(state: DogsState, seat: int, box: str, avoid: tuple[str, ...]) -> DogsState:
    """Seat `seat` puts a meeple on `box` (any box for "*"), taking a card that is not one of
    the `avoid` kinds."""
    choice = next(
        a
        for a in legal(state, seat)
        if a.startswith("place ") and box in ("*", a.split()[1]) and not a.split()[2].startswith(avoid)
    )
    return act(state, seat, choice)


# § Uso das cartas no jogo -------------------------------------------------------------------------


def test_uso_das_cartas_recursos_sao_convertidas_imediatamente_by_default() -> None:
    # "As cartas de recursos (ração, medicamentos, gasolina e dinheiro), são convertidas
    # imediatamente na quantidade de fichas mostradas em cada carta."
    state = GAME.new_state(4, 7)
    assert GAME.view(state, None)["kennels"][0]["cards"] == []
    state = deal_box(state, 2, ("coins3", "food3"))
    state = act(others(rig(state, {"K1": healthy("poodle")}), 0, mover=0), 0, "move K1")
    state = act(others(state, 0), 0, "home")
    state = act(state, 0, "bonus food")
    state = others(state, 0)  # round 1: the others stay; seat 0 arranges its poodle
    state = act(act(state, 0, "put poodle 1"), 0, "done")
    coins, food = kennel(state, 0)["coins"], kennel(state, 0)["food"]
    state = act(state, 0, "place petshop coins3")
    k = kennel(state, 0)
    assert k["coins"] == coins + 3 and k["cards"] == [] and k["food"] == food
    # the coins are there at once, "para aumentar sua compra de recursos"
    assert "shop food food" in legal(state, 0)
    assert not any(a.startswith("use ") for a in legal(state, 0))


# § Fase 1: worked examples ---------------------------------------------------------------------


def test_fase1_example_2_three_gas_charged_from_the_pick_ups_own_space() -> None:
    # "Ele sai da posição em que está e gasta uma ficha para alcançar o espaço A, outra até o
    # espaço B e outra até o espaço C, num total de 3 fichas de gasolina."
    state = rig(
        GAME.new_state(4, 3),
        {
            "C1": healthy("golden"),
            "C2": healthy("rottweiler"),
            "C3": healthy("vira_lata"),
            "C4": healthy("bulldog"),
        },
    )
    state = act(state, 0, "move C1")  # from the centre: 1 gas
    assert kennel(state, 0)["gas"] == 6 - 1
    state = others(state, 0)
    view = GAME.view(state, 0)
    assert view["kennels"][0]["position"] == "C1" and view["decision"]["gas_to"]["C4"] == 3
    state = act(state, 0, "move C4")  # from C1 through A = C2, B = C3 to C = C4; from the centre it is 4
    k = kennel(state, 0)
    assert k["gas"] == 6 - 1 - 3 and k["truck"][-1] == {"breed": "bulldog", "kind": "healthy"}
    assert GAME.view(state, None)["board"]["C2"] is not None  # passed through, not taken


def example_02_donation() -> DogsState:
    """Exemplo 01 then Exemplo 02, one continuous game for Azul (seat 0) with 4 players, up to
    the donation Exemplo 02 calls for."""
    state = GAME.new_state(4, 11)
    state = rig(
        state,
        {
            "C2": healthy("vira_lata"),
            "C1": healthy("beagle"),
            "K1": healthy("poodle"),
            "K2": healthy("poodle"),
        },
        city_next=(healthy("yorkshire"), healthy("golden")),
        country_next=(healthy("poodle"), healthy("poodle")),
    )
    # Exemplo 01: "O jogador Azul recolheu 4 cães na fase 1: dois Poodles, um Beagle e um Vira-Lata."
    for space in ("C2", "C1", "K1", "K2"):
        state = act(others(state, 0), 0, f"move {space}")
    state = act(others(state, 0), 0, "home")
    state = act(state, 0, "bonus gas")
    assert kennel(state, 0)["gas"] == 6 - 5 - 1 + 1
    assert GAME.view(state, 0)["decision"]["pool"] == ["beagle", "vira_lata", "poodle", "poodle"]
    for move in ("put poodle 1", "put poodle 1", "put vira_lata 1"):
        state = act(state, 0, move)
    # "NÃO é permitido colocar mais de duas raças dentro da mesma baia"
    assert "put beagle 1" not in legal(state, 0) and "put beagle 2" in legal(state, 0)
    state = act(act(state, 0, "put beagle 2"), 0, "done")
    assert kennel(state, 0)["pens"] == [{"poodle": 2, "vira_lata": 1}, {"beagle": 1}]
    # the rest of round 1: everybody takes a box and does nothing; feeding and salaries
    while GAME.view(state, None)["round"] == 1:
        state = auto(state)
    view = GAME.view(state, None)
    assert view["round"] == 2 and view["board"]["C1"] == {"breed": "yorkshire", "kind": "healthy"}
    assert view["board"]["K1"] == view["board"]["K2"] == {"breed": "poodle", "kind": "healthy"}
    assert kennel(state, 0)["pens"] == [{"poodle": 2, "vira_lata": 1}, {"beagle": 1}]
    # Exemplo 02: "Em outra rodada, o jogador Azul traz para o canil mais dois Poodles e um Yorkshire."
    state = others(state, 0)
    if GAME.view(state, 0)["decision"]["kind"] == "fuel":
        state = act(state, 0, "fuel 1")
    for space in ("C1", "K1", "K2"):
        state = act(others(state, 0), 0, f"move {space}")
    state = act(others(state, 0), 0, "home")
    state = others(act(state, 0, "bonus gas"), 0)
    assert GAME.view(state, 0)["decision"]["kind"] == "arrange"
    return state


def test_fase1_example_01_then_02_one_continuous_game_the_yorkshire_is_donated() -> None:
    state = example_02_donation()
    # "Ele então REDISTRIBUI seus cães entre as baias mas fica sem um espaço livre para o
    # Yorkshire. Agora ele deve DOAR este cão para o jogador à sua esquerda na mesa."
    assert "donate yorkshire" in legal(state, 0)
    assert not any(a.startswith("put ") for a in legal(state, 0))
    state = act(state, 0, "donate yorkshire")
    # "Caso este não queira ..., a oportunidade passa ao jogador seguinte em sentido horário ...
    # Caso o cão não seja acolhido por nenhum canil, ele é imediatamente doado para a FEIRA"
    for seat in (1, 2, 3):
        assert GAME.view(state, None)["decision"]["asking"] == seat
        state = act(state, seat, "decline")
    assert GAME.view(state, None)["fair"]["dogs"][-1] == "yorkshire"
    coins = kennel(state, 0)["coins"]
    for move in ("lift vira_lata 1", "put vira_lata 2", "put poodle 1", "put poodle 1", "done"):
        state = act(state, 0, move)
    k = kennel(state, 0)
    assert k["pens"] == [{"poodle": 4}, {"beagle": 1, "vira_lata": 1}]
    assert k["coins"] == coins + 1  # § Bônus pela baia cheia: four Poodles in one pen
    assert GAME.view(state, None)["phase"] == "actions"


def test_fase1_doacao_ele_pode_escolher_qual_cao_doar() -> None:
    # "Quando um jogador precisa fazer uma doação ele pode escolher qual cão doar. Ele pode doar
    # cães que já estavam no canil ou cães que foram trazidos de fora."
    state = example_02_donation()
    assert legal(state, 0) == ["donate beagle", "donate vira_lata", "donate yorkshire", "donate poodle"]
    # a Poodle (brought home) frees no row: it is Azul's choice, and the kennel still lacks room
    state = act(state, 0, "donate poodle")
    for seat in (1, 2, 3):
        state = act(state, seat, "decline")
    assert GAME.view(state, None)["fair"]["dogs"][-1] == "poodle"
    assert legal(state, 0) == ["donate beagle", "donate vira_lata", "donate yorkshire", "donate poodle"]
    # the Beagle already in the kennel may go too; then everything fits
    state = act(state, 0, "donate beagle")
    for seat in (1, 2, 3):
        state = act(state, seat, "decline")
    assert not any(a.startswith("donate") for a in legal(state, 0))
    assert "put yorkshire 2" in legal(state, 0)


# § Fase 3: alimentar os cães --------------------------------------------------------------------


@pytest.mark.parametrize(("option", "bonus"), [("once", 0), ("refill", 1)])
def test_fase3_alimentar_example_refilled_pen_nao_recebe_o_bonus(option: str, bonus: int) -> None:
    # "o jogador deixou de alimentar sua baia com 4 Poodles e por isso um deles adoeceu ... Numa
    # rodada futura, quando o jogador selecionar o box de ação do Veterinário, ele poderá gastar
    # uma ficha de medicamentos para curar o Poodle. IMPORTANTE: Na fase 1 ou 2 de uma rodada
    # futura, se o jogador ... preencher a baia novamente, ele NÃO recebe o bônus de $1."
    state = GAME.new_state(4, 5, {"full_pen_bonus": option})
    poodles = {name: healthy("poodle") for name in ("K1", "K2", "K3", "K4")}
    state = deal_box(rig(state, poodles), 1, ("helper", "vet"))
    for space in poodles:
        state = act(others(state, 0), 0, f"move {space}")
    state = act(others(state, 0), 0, "home")
    state = act(state, 0, "bonus medicine")
    state = others(state, 0)
    coins = kennel(state, 0)["coins"]
    for _ in range(4):
        state = act(state, 0, "put poodle 1")
    state = act(state, 0, "done")
    assert kennel(state, 0)["coins"] == coins + 1  # the first time the pen is full: $1
    # phase 2: the food goes to the Armazém, so the pen cannot be fed
    state = act(state, 0, "place armazem helper")
    state = act(act(act(state, 0, "exchange food medicine"), 0, "exchange food medicine"), 0, "done")
    state = others(state, 0)
    state = act(place_without(state, 0, "*", ("food",)), 0, "done")
    state = others(state, 0)
    assert kennel(state, 0)["food"] == 0 and legal(state, 0) == ["starve 1 poodle"]
    state = act(act(state, 0, "starve 1 poodle"), 0, "feed")
    k = kennel(state, 0)
    assert k["pens"] == [{"poodle": 3}, {}] and k["infirmary"] == ["poodle"]
    # round 2, phase 2: the Veterinário cures the Poodle back into its pen
    state = others(state, 0)
    while GAME.view(state, 0)["phase"] != "actions":
        kind = GAME.view(state, 0)["decision"]["kind"]
        state = act(
            state, 0, {"salary": "salary coin", "fuel": "fuel 0", "move": "stay", "arrange": "done"}[kind]
        )
        state = others(state, 0)
    assert GAME.view(state, None)["round"] == 2
    state = act(place_without(state, 0, "veterinario", ("coins",)), 0, "cure poodle")
    coins = kennel(state, 0)["coins"]
    state = act(state, 0, "put poodle 1")
    assert kennel(state, 0)["pens"][0] == {"poodle": 4}
    assert kennel(state, 0)["coins"] == coins + bonus


# § Fase 3: pagar salários e contratar ajudantes ------------------------------------------------------


def until(state: DogsState, stop: Callable[[JsonDict], bool]) -> DogsState:
    """Play on until `stop(view)`: seat 0 buys no gas, stays home, takes no coin card and does
    nothing at its boxes; seat 1 drives out each round so the game goes on."""
    while not state.finished and not stop(GAME.view(state, None)):
        if 0 not in GAME.to_act(state):
            state = auto(state, mover=1)
            continue
        kind = GAME.view(state, 0)["decision"]["kind"]
        if kind == "place":
            state = place_without(state, 0, "*", ("coins",))
        else:
            state = act(state, 0, {"fuel": "fuel 0", "move": "stay", "box": "done"}[kind])
    return state


def salary_of_0(view: JsonDict) -> bool:
    return bool(
        view["decision"] is not None and view["decision"]["kind"] == "salary" and view["to_act"] == [0]
    )


@pytest.mark.parametrize(("option", "offered"), [("next_round", False), ("any_later", True)])
def test_fase3_salario_na_fase_3_da_rodada_seguinte_ele_pode_recontratar(option: str, offered: bool) -> None:
    # "Caso o jogador não possa pagar, ele perde seu ajudante ... Na rodada seguinte, portanto,
    # durante a Fase 2, o jogador somente poderá fazer uma ação ... Na Fase 3 da rodada seguinte
    # ele pode recontratar seu ajudante pagando 1 moeda"
    state = GAME.new_state(4, 9, {"rehire": option})
    state = replace(state, kennels=(replace(state.kennels[0], coins=0), *state.kennels[1:]))
    state = until(state, lambda v: v["round"] == 2)
    assert not kennel(state, 0)["helper"] and not kennel(state, 0)["helper_paid"]
    state = until(state, lambda v: salary_of_0(v) or v["round"] == 3)
    assert GAME.view(state, None)["round"] == 2
    placed = [box["meeples"].count(0) for box in GAME.view(state, None)["boxes"].values()]
    assert sum(placed) == 1  # one action in the next round's phase 2
    assert kennel(state, 0)["coins"] >= 1 and legal(state, 0) == ["rehire", "no-rehire"]
    state = act(state, 0, "no-rehire")
    state = until(state, lambda v: salary_of_0(v) or v["round"] == 4)
    assert kennel(state, 0)["coins"] >= 1
    if offered:  # option any_later: in any later phase 3
        assert GAME.view(state, None)["round"] == 3 and legal(state, 0) == ["rehire", "no-rehire"]
        assert kennel(act(state, 0, "rehire"), 0)["helper"]
    else:
        assert GAME.view(state, None)["round"] == 4 and not kennel(state, 0)["helper"]


# § Fim do jogo ------------------------------------------------------------------------------------


def test_fim_do_jogo_receba_1_cao_is_rescuing_a_dog_not_staying_home() -> None:
    # "A partida termina também se, durante a Fase 1, todos os jogadores decidirem não mover suas
    # pick-ups e nem resgatar qualquer cão"; Receba 1 cão: "Durante a Fase 1, antes de retornar
    # ao canil, pegue 1 cão do estoque geral ... e coloque em sua pick-up."
    def everybody_stays(use_card: bool) -> bool:
        state = GAME.new_state(4, 13)
        dog_card = next(i for i, c in enumerate(COMP.cards) if c.special == "dog")
        state = deal_box(state, 0, ("dog",))  # one Receba 1 cão card from the pile to seat 0
        kennels = (replace(state.kennels[0], cards=(dog_card,)), *state.kennels[1:])
        state = replace(state, kennels=kennels, boxes=((), *state.boxes[1:]))
        GAME.check_invariants(state)
        if use_card:
            state = act(state, 0, "use dog city")
            assert len(kennel(state, 0)["truck"]) + len(GAME.view(state, None)["fair"]["dogs"]) == 1
        state = act(state, 0, "stay")
        while GAME.view(state, None)["phase"] == "move":
            state = auto(state)
        last: bool = GAME.view(state, None)["last_round"]
        return last

    assert everybody_stays(use_card=False)
    assert not everybody_stays(use_card=True)


@pytest.mark.parametrize(("dogs_left", "last"), [(4, True), (5, False)])
def test_fim_do_jogo_dois_jogadores_counts_fichas_de_caes_not_blocking_tokens(
    dogs_left: int, last: bool
) -> None:
    # "o número de fichas de cães de um dos dois grupos ... será insuficiente para repôr todos os
    # espaços vazios": with 2 players the supply also holds blocking tokens, which are not dogs.
    state = GAME.new_state(2, 17)
    city = [t for t in (*state.bags[CITY], *state.spaces[1:9]) if t != BLOCK]
    board = list(state.spaces)
    board[1:9] = [city[0], -1, -1, -1, -1, *city[1:4]]  # C2..C5 empty
    supply = (BLOCK, BLOCK, BLOCK, *city[4 : 4 + dogs_left])
    state = replace(state, spaces=tuple(board), bags=(supply, state.bags[COUNTRY]))
    state = GAME.apply(state, 0, GAME.parse_action("move C1"))  # the fifth empty city space
    state = GAME.apply(state, 1, GAME.parse_action("stay"))
    state = GAME.apply(state, 0, GAME.parse_action("home"))
    view = GAME.view(state, None)
    assert view["phase"] == "arrange" and view["decision"]["kind"] == "bonus"  # all home: checked
    assert view["supply"]["city"] == 3 + dogs_left and view["supply_dogs"]["city"] == dogs_left
    assert f"reserva: {3 + dogs_left} fichas, {dogs_left} cães" in GAME.render(state, None, "pt")
    assert view["last_round"] is last


# Records made under the previous rules ------------------------------------------------------------------


def test_a_record_made_under_dogs_rules_version_1_is_refused_naming_the_version() -> None:
    record = new_record(GAME, 2, 1, {}, ("bot:greedy", "bot:random"))
    assert record.rules_version == "2"
    old = MatchRecord.from_json(
        {
            **record.to_json(),
            "rules_version": "1",
            "options": {
                "blocking_end": "next",
                "centre_passable": False,
                "full_pen_bonus": "once",
                "resource_cards": "keep",
            },
            "actions": [[0, "move K1"], [1, "stay"]],
        }
    )
    with pytest.raises(RecordError) as info:
        replay(old)
    assert info.value.code == "rules_version"
    assert "dogs rules version 1" in str(info.value) and "this build has version 2" in str(info.value)
    assert "versão 1 das regras de dogs" in info.value.message("pt")
    assert replay(record).decisions == 0
