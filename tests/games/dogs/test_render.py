"""The terminal picture of a DOGS view: header, board, Fair, action board, kennels."""

import random
import re
from dataclasses import replace

import pytest

from tabuleiro.core import Lang
from tabuleiro.games.dogs import GAME
from tabuleiro.games.dogs.components import BLOCK, HEALTHY, LOST, SICK, components, dog
from tabuleiro.games.dogs.render import WIDTH, render_view
from tabuleiro.games.dogs.state import ACTIONS, ARRANGE, PHASE_NAMES, DogsState, Frame

LANGS: tuple[Lang, ...] = ("pt", "en")


def breed(breed_id: str) -> int:
    return components().breed_ids.index(breed_id)


def played(players: int = 4, moves: int = 120, seed: int = 1) -> DogsState:
    state = GAME.new_state(players, seed)
    rng = random.Random(0)
    for _ in range(moves):
        if state.finished:
            break
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, legal[rng.randrange(len(legal))])
    return state


def first_in_phase(players: int, phase: str, kind: str | None = None, seed: int = 1) -> DogsState:
    """The first state of a random playthrough in `phase` (with a decision of `kind`)."""
    state = GAME.new_state(players, seed)
    rng = random.Random(seed)
    for _ in range(5000):
        view = GAME.view(state, 0)
        decision = view["decision"]
        if view["phase"] == phase and (kind is None or (decision and decision["kind"] == kind)):
            return state
        if state.finished:
            break
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, legal[rng.randrange(len(legal))])
    raise AssertionError(f"no {phase}/{kind} state reached")


def kennel_block(picture: str, n: int, lang: Lang = "pt") -> str:
    """The lines of player `n`'s kennel (1-based), up to the next kennel or blank line."""
    word = "Jogador" if lang == "pt" else "Player"
    lines = picture.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(rf"{word} {n}( \((você|you)\))?: ", line))
    block = [lines[start]]
    for line in lines[start + 1 :]:
        if not line or re.match(rf"{word} \d", line):
            break
        block.append(line)
    return "\n".join(block)


def joined(picture: str) -> str:
    """The picture with wrapped continuation lines glued back to the line they continue."""
    return re.sub(r"\n {4}", " ", picture)


def test_render_is_deterministic_and_is_the_games_render() -> None:
    state = played()
    view = GAME.view(state, 0)
    assert render_view(view, "pt") == render_view(view, "pt")
    assert render_view(view, "en") == GAME.render(state, 0, "en")
    assert render_view(view) == render_view(view, "pt")
    assert render_view(GAME.view(state, 2), "pt") != render_view(view, "pt")


PHASE_WORDS = {
    "fuel": ("fase 1, abastecer", "phase 1, fuelling"),
    "move": ("fase 1, recolher os cães", "phase 1, collecting dogs"),
    "arrange": ("fase 1, acomodar os cães", "phase 1, housing the dogs"),
    "actions": ("fase 2, ações", "phase 2, actions"),
    "feed": ("fase 3, alimentar", "phase 3, feeding"),
    "salary": ("fase 3, salários", "phase 3, salaries"),
    "over": ("fim de jogo", "game over"),
}


@pytest.mark.parametrize("phase", PHASE_NAMES)
def test_the_header_names_the_round_and_phase_in_each_language(phase: str) -> None:
    state = first_in_phase(4, phase)
    pt = render_view(GAME.view(state, 0), "pt").splitlines()
    en = render_view(GAME.view(state, 0), "en").splitlines()
    words_pt, words_en = PHASE_WORDS[phase]
    assert pt[0].startswith(f"DOGS — rodada {state.round} · ")
    assert en[0].startswith(f"DOGS — round {state.round} · ")
    assert words_pt in pt[0] and words_en in en[0]
    assert pt[0] != en[0]
    first = state.first + 1
    assert f"jogador inicial: Jogador {first}" in pt[0]
    assert f"first player: Player {first}" in en[0]


def test_the_header_says_whose_decision_and_marks_the_viewer() -> None:
    state = first_in_phase(4, "actions", "place")
    seat = state.stack[-1].seat
    mine = render_view(GAME.view(state, seat), "pt").splitlines()
    other = render_view(GAME.view(state, (seat + 1) % 4), "en").splitlines()
    assert mine[1] == f"Vez de Jogador {seat + 1} (você): escolher um box de ação e uma de suas cartas"
    assert other[1] == f"Player {seat + 1} to decide: choosing an action box and one of its cards"
    assert any(line.startswith("Notação: place BOX CARTA") for line in mine)


def test_the_last_round_and_the_previous_move_are_shown() -> None:
    state = played(4, 60)
    assert state.log is not None
    last = replace(state, last_round=True)
    pt = render_view(GAME.view(last, 0), "pt")
    en = render_view(GAME.view(last, 0), "en")
    assert "ÚLTIMA RODADA" in pt.splitlines()[0] and "LAST ROUND" in en.splitlines()[0]
    assert "ÚLTIMA RODADA" not in render_view(GAME.view(state, 0), "pt")
    seat, action = state.log
    assert f"Jogada anterior: Jogador {seat + 1}" in pt
    assert f"— {GAME.format_action(action)}" in pt


def test_every_board_space_shows_its_token_reward_and_roads() -> None:
    comp = components()
    state = GAME.new_state(4, 3)
    tokens = list(state.spaces)
    tokens[comp.space_names.index("C1")] = -1
    tokens[comp.space_names.index("C2")] = dog(breed("rottweiler"), SICK)
    tokens[comp.space_names.index("K3")] = dog(breed("sao_bernardo"), LOST)
    tokens[comp.space_names.index("K4")] = dog(breed("golden"), HEALTHY)
    state = replace(state, spaces=tuple(tokens))
    picture = render_view(GAME.view(state, 0), "pt")
    assert re.search(r"C1 \$1 vazio +→ X C2 C7 K1", picture)
    assert re.search(r"C2 \$2 Rottweiler doente +→ C1 C3", picture)
    assert re.search(r"K3 \$3 São Bernardo perdido +→ K2 K4", picture)
    assert re.search(r"K4 \$4 Golden Retriever +→ K3 K5", picture)
    english = render_view(GAME.view(state, 0), "en")
    assert re.search(r"C2 \$2 Rottweiler sick ", english) and re.search(r"K3 \$3 São Bernardo lost ", english)
    for s in range(1, len(comp.space_names)):
        name, token = comp.space_names[s], state.spaces[s]
        if token < 0:
            shown = "vazio"
        else:
            kind = ("", " doente", " perdido")[token % 3]
            shown = comp.breed_names[token // 3] + kind
        roads = " ".join(comp.space_names[r] for r in comp.roads[s])
        pattern = rf"(^  |│ ){name} \${comp.reward[s]} {re.escape(shown)} +→ {roads}( |$)"
        assert re.search(pattern, picture, re.MULTILINE), name


def test_the_map_names_every_space_and_the_pick_ups() -> None:
    comp = components()
    state = GAME.new_state(4, 2)
    kennels = list(state.kennels)
    kennels[1] = replace(kennels[1], position=comp.space_names.index("K5"), trip=1)
    state = replace(state, kennels=tuple(kennels))
    picture = render_view(GAME.view(state, 0), "pt")
    for name in comp.space_names:
        assert re.search(rf"(^| |-|/|\\){name}", picture, re.MULTILINE), name
    assert "K5·J2" in picture
    assert re.search(r"K5 \$4 .* J2 → K4 K6", picture)
    assert "K5·P2" in render_view(GAME.view(state, 0), "en")
    assert "No centro X: J1, J3, J4" in picture


def test_blocking_tokens_are_shown_with_two_players() -> None:
    state = next(s for s in (GAME.new_state(2, seed) for seed in range(50)) if BLOCK in s.spaces)
    view = GAME.view(state, 0)
    blocked = [name for name, token in view["board"].items() if token == "block"]
    assert blocked
    pt = render_view(view, "pt")
    en = render_view(view, "en")
    for name in blocked:
        assert re.search(rf"{name} \$\d BLOQUEIO ", pt), name
        assert re.search(rf"{name} \$\d BLOCK ", en), name
    assert "BLOQUEIO" not in render_view(GAME.view(GAME.new_state(4, 0), 0), "pt")
    assert "até 1 meeple por box" in pt


def test_the_supplies_and_the_dog_fair_show_price_and_card() -> None:
    comp = components()
    state = GAME.new_state(4, 5)
    fair = (breed("poodle"), breed("beagle"), breed("poodle"))
    state = replace(state, fair=fair)
    view = GAME.view(state, 0)
    assert view["fair"]["price"] == 7
    pt = render_view(view, "pt")
    en = render_view(view, "en")
    assert "Feira de Cães: 3 cães à venda por 7 moedas cada: Poodle ×2, Beagle" in pt
    assert "Dog Fair: 3 dogs for sale at 7 coins each: Poodle ×2, Beagle" in en
    card = ", ".join(comp.breed_names[b] for b in comp.fair_cards[state.fair_cards[0]])
    assert f"Carta da Feira (raças que a Feira compra por 2 moedas): {card}" in pt
    assert f"Fair card (breeds the Fair buys for 2 coins): {card}" in en
    assert f"Cidade · reserva: {len(state.bags[0])} fichas" in pt
    assert f"Campo · reserva: {len(state.bags[1])} fichas" in pt
    empty = render_view(GAME.view(replace(state, fair=()), 0), "pt")
    assert "Feira de Cães: 0 cães à venda por 10 moedas cada: nenhum" in empty


def test_the_action_board_shows_cards_and_meeples() -> None:
    comp = components()
    names = [c.name for c in comp.cards]
    state = GAME.new_state(4, 4)
    boxes = ((names.index("food2"), names.index("dog")), (), *state.boxes[2:])
    meeples = ((1, 3), (), (0,), (), (2, 2))
    state = replace(state, boxes=boxes, meeples=meeples, phase=ACTIONS)
    pt = render_view(GAME.view(state, 0), "pt").splitlines()
    en = render_view(GAME.view(state, 0), "en").splitlines()
    prefeitura = next(line for line in pt if line.startswith("  Prefeitura"))
    assert prefeitura.endswith("cartas: food2, dog · meeples: J2 J4")
    armazem = next(line for line in pt if line.startswith("  Armazém"))
    assert armazem.endswith("cartas: nenhuma · meeples: —")
    feira = next(line for line in en if line.startswith("  Dog Fair"))
    assert feira.endswith("meeples: P3 P3")
    assert any(line.startswith("  Pet Shop") and line.endswith("meeples: J1") for line in pt)
    assert "Quadro de ações (até 2 meeples por box):" in pt


def crafted_kennel_state() -> DogsState:
    state = GAME.new_state(4, 7)
    k = state.kennels[0]
    k = replace(
        k,
        coins=5,
        gas=7,
        food=3,
        medicine=1,
        pens=(
            ((breed("beagle"), 1), (breed("poodle"), 2)),
            ((breed("golden"), 4),),
            ((breed("labrador"), 1),),
        ),
        bonus=(False, True, False),
        infirmary=(breed("rottweiler"), breed("rottweiler"), breed("dalmata")),
        cards=(),
        helper=False,
        helper_paid=False,
    )
    k2 = replace(state.kennels[2], pens=((), ((breed("bulldog"), 2), (breed("yorkshire"), 2))), infirmary=())
    return replace(state, kennels=(k, state.kennels[1], k2, state.kennels[3]), phase=ACTIONS, stack=())


def test_each_kennel_shows_resources_pens_points_and_infirmary() -> None:
    state = crafted_kennel_state()
    picture = render_view(GAME.view(state, 1), "pt")
    one = joined(kennel_block(picture, 1))
    assert one.startswith("Jogador 1: 5 moedas · gasolina 7/9 · ração 3 · remédio 1 · sem ajudante")
    assert "Baias: 1: Beagle, Poodle ×2 = 3 pts · " in one
    assert "2: Golden Retriever ×4 = 12 pts (bônus de baia cheia recebido) · " in one
    assert "3 (+2): Labrador = 0 pts · não construídas: 4 (+3), 5 (+5)" in one
    assert "Enfermaria 3/6: Rottweiler ×2, Dálmata" in one
    three = joined(kennel_block(picture, 3))
    assert (
        "Baias: 1: vazia · 2: Bulldog ×2, Yorkshire ×2 = 5 pts · não construídas: 3 (+2), 4 (+3), 5 (+5)"
        in three
    )
    assert "Enfermaria 0/6: nenhuma" in three
    assert kennel_block(picture, 2).startswith("Jogador 2 (você): ")
    english = joined(kennel_block(render_view(GAME.view(state, 1), "en"), 1, "en"))
    assert "Pens: 1: Beagle, Poodle ×2 = 3 pts · " in english
    assert "(full-pen bonus taken)" in english
    assert "Infirmary 3/6: Rottweiler ×2, Dálmata" in english
    assert "no helper" in english


def test_a_kennel_shows_its_cards_helper_and_in_phase_1_its_pick_up() -> None:
    comp = components()
    names = [c.name for c in comp.cards]
    state = first_in_phase(4, "move", "move")
    k = replace(
        state.kennels[3],
        cards=(names.index("vet"), names.index("food2"), names.index("vet")),
        truck=(dog(breed("poodle"), SICK), dog(breed("beagle"))),
        position=comp.space_names.index("C6"),
        trip=1,
        helper=True,
        helper_paid=False,
    )
    state = replace(state, kennels=(*state.kennels[:3], k))
    four = joined(kennel_block(render_view(GAME.view(state, 0), "pt"), 4))
    assert "ajudante (salário pendente)" in four
    assert "cartas: vet ×2, food2" in four
    assert "Pick-up (rodando, em C6): Poodle doente, Beagle" in four
    later = replace(state, phase=ACTIONS)
    assert "Pick-up" not in kennel_block(render_view(GAME.view(later, 0), "pt"), 4)


def test_the_decision_line_of_an_offer() -> None:
    state = replace(
        crafted_kennel_state(),
        phase=ARRANGE,
        stack=(
            Frame("arrange", 1, pool=(breed("poodle"),), lifts=1),
            Frame("offer", 1, token=dog(breed("poodle"), SICK), candidates=(2, 3)),
        ),
    )
    pt = render_view(GAME.view(state, 2), "pt").splitlines()
    assert joined("\n".join(pt[1:3])).startswith(
        "Vez de Jogador 3 (você): aceitar ou recusar Poodle doente · doado por Jogador 2 · "
        "se recusar: Jogador 4, a Feira de Cães"
    )
    assert "Em espera: Jogador 2 (acomodar)" in pt
    assert "Notação: accept · decline" in pt
    en = joined(render_view(GAME.view(state, 0), "en"))
    assert "Player 3 to decide: accepting or declining Poodle sick · donated by Player 2 · " in en


def test_the_decision_line_of_an_arrange_frame() -> None:
    pool = tuple(sorted((breed("beagle"), breed("poodle"), breed("poodle"))))
    state = replace(
        crafted_kennel_state(),
        phase=ARRANGE,
        stack=(Frame("arrange", 0, pool=pool, lifts=3, vet=True),),
    )
    pt = joined(render_view(GAME.view(state, 0), "pt"))
    assert (
        "Vez de Jogador 1 (você): acomodar os cães nas baias · a acomodar: Beagle, Poodle ×2 · "
        "retiradas restantes: 3 · pode usar a carta Veterinário (vet yes|no)"
    ) in pt
    assert "Notação: put RAÇA BAIA · lift RAÇA BAIA" in pt
    en = joined(render_view(GAME.view(state, 1), "en"))
    assert (
        "Player 1 to decide: housing the dogs in the pens · to place: Beagle, Poodle ×2 · lifts left: 3" in en
    )


def test_the_decision_line_of_a_box_and_of_feeding() -> None:
    state = replace(crafted_kennel_state(), stack=(Frame("box", 2, box=4, used=1),))
    pt = render_view(GAME.view(state, 0), "pt")
    assert "Vez de Jogador 3: ação do box Feira de Cães, depois done · já usada 1x" in pt
    assert "Notação: sell RAÇA BAIA" in pt
    fed = replace(
        crafted_kennel_state(), phase=PHASE_NAMES.index("feed"), stack=(Frame("feed", 0, starved=0b10),)
    )
    assert (
        "Vez de Jogador 1 (você): alimentar as baias (1 ração por baia ocupada) · baias que ficam sem ração: 2"
        in (joined(render_view(GAME.view(fed, 0), "pt")))
    )
    assert "pens going unfed: 2" in render_view(GAME.view(fed, 0), "en")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lines_fit_and_no_square_brackets_or_escape_codes(players: int) -> None:
    seed = players
    state = GAME.new_state(players, seed)
    rng = random.Random(players)
    kinds: set[str] = set()
    for _ in range(400):
        for seat in (0, None):
            view = GAME.view(state, seat)
            for lang in LANGS:
                picture = render_view(view, lang)
                assert "[" not in picture and "]" not in picture
                assert "\x1b" not in picture
                too_wide = [line for line in picture.splitlines() if len(line) > WIDTH]
                assert not too_wide
        if state.stack:
            kinds.add(state.stack[-1].kind)
        if state.finished:  # random players end games early: play another one
            seed += 10
            state = GAME.new_state(players, seed)
            continue
        seat_to_act = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat_to_act)
        state = GAME.apply(state, seat_to_act, legal[rng.randrange(len(legal))])
    assert {"move", "arrange", "place", "box", "feed"} <= kinds


def test_the_designed_components_are_labelled() -> None:
    state = GAME.new_state(3, 1)
    assert GAME.view(state, None)["designed"] == ["board", "dog_tokens", "cards"]
    pt = joined(render_view(GAME.view(state, 0), "pt"))
    en = joined(render_view(GAME.view(state, 0), "en"))
    assert "Criados pelo Tabuleiro (os impressos não são públicos): tabuleiro e recompensas" in pt
    assert "Designed by Tabuleiro (the printed ones are not public): board and rewards" in en
    assert "sick and lost dogs per breed · cards and Fair cards" in en
    unlabelled = dict(GAME.view(state, 0), designed=[])
    assert "Designed by" not in render_view(unlabelled, "en")
