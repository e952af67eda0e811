"""Sonora's log in words: situations played through the protocol, told from spectator views."""

from dataclasses import replace

import pytest

from tabuleiro.core import Event, Lang, Narration, Rng, plain
from tabuleiro.games.sonora import GAME
from tabuleiro.games.sonora.components import board
from tabuleiro.games.sonora.state import BOARD, HAND, Frame, SonoraState

from .helpers import P, new, placed, play, with_sheet

RUINS_SPOT, RUINS_SPOT_2, LIZARD = (-60.0, 60.0), (-80.0, 80.0), (35.0, 100.0)
RIVER_SPOT = (60.0, 60.0)
LANGS: tuple[Lang, ...] = ("pt", "en")


def told(state: SonoraState, seat: int, text: str) -> tuple[SonoraState, dict[Lang, Narration]]:
    """`seat` plays `text`; the state after it and the narration in both languages, told from
    the spectator views just before and just after (as the server does)."""
    action = GAME.parse_action(text)
    before = GAME.view(state, None)
    state = GAME.apply(state, seat, action)
    after = GAME.view(state, None)
    return state, {lang: _plain(GAME.narrate(seat, action, before, after, lang), lang) for lang in LANGS}


def _plain(narration: Narration, lang: Lang) -> Narration:
    """The narration with its seat marks written as "Jogador N" / "Player N"."""
    move = None if narration.move is None else plain(narration.move, lang)
    return Narration(move, tuple(Event(e.kind, plain(e.text, lang)) for e in narration.events))


def texts(narration: Narration) -> list[tuple[str, str]]:
    return [(event.kind, event.text) for event in narration.events]


def knock_off_again(state: SonoraState, keep: bool = True) -> SonoraState:
    """Seat 1's disc 1 back at (85, -85) in front of its corner, seat 0's discs back in hand
    and seat 0 to flick; unless not `keep`, seat 0 then knocks it off and keeps its disc."""
    where, pos = list(state.where), list(state.pos)
    for d in range(5):
        where[d], pos[d] = HAND, (0.0, 0.0)
    state = replace(state, where=tuple(where), pos=tuple(pos), turns=(0, 1, 1, 0, 0, 1, 1, 0, 1))
    state = flicking(state, {(1, 1): (85.0, -85.0)}, 0)
    return play(state, 0, "flick 1 0 0 900", "keep") if keep else state


def flicking(state: SonoraState, board: dict[tuple[int, int], tuple[float, float]], seat: int) -> SonoraState:
    """`state` in its flick phase with these discs resting on the board and `seat` to flick."""
    where, pos = list(state.where), list(state.pos)
    for (s, n), xy in board.items():
        d = s * 5 + n - 1
        where[d], pos[d] = BOARD, xy
    return replace(state, where=tuple(where), pos=tuple(pos), stack=(Frame("turn", seat),))


# -- the flick phase -------------------------------------------------------------------------


def test_a_flick_says_where_the_disc_came_to_rest() -> None:
    _, said = told(new(2), 0, "flick 1 0 0 60")
    assert said["pt"].move == "piparota o disco 1: para nas Ruínas"
    assert said["en"].move == "flicks disc 1: comes to rest in the Ruins"
    assert said["pt"].events == said["en"].events == (), "no hand noise: no chance"


def test_a_flick_on_a_multiplier_says_what_the_circle_is_worth() -> None:
    # § Círculos multiplicadores: the Rabbit doubles in the Mud cracks, the Fox counts twice.
    _, said = told(new(2), 0, "flick 1 0 25 200")
    assert (
        said["pt"].move == "piparota o disco 1: para no círculo do Coelho (vale o dobro nas Rachas na lama)"
    )
    assert (
        said["en"].move == "flicks disc 1: comes to rest on a Rabbit circle (worth double in the Mud cracks)"
    )
    _, said = told(new(2), 0, "flick 1 0 -25 200")
    assert (
        said["pt"].move
        == "piparota o disco 1: para no círculo da Raposa (conta como 2 discos no Desfiladeiro)"
    )
    assert said["en"].move == "flicks disc 1: comes to rest on a Fox circle (counts as 2 discs in the Canyon)"


def test_an_owl_circle_in_english() -> None:
    _, said = told(flicking(new(2), {}, 1), 1, "flick 1 0 -25 200")
    assert (
        said["en"].move == "flicks disc 1: comes to rest on an Owl circle (counts as 2 discs in the Riverbed)"
    )
    assert (
        said["pt"].move
        == "piparota o disco 1: para no círculo da Coruja (conta como 2 discos no Leito do rio)"
    )


def test_a_flick_tells_the_discs_it_pushed_from_zone_to_zone() -> None:
    _, said = told(flicking(new(2), {(1, 3): (-40.0, 40.0)}, 0), 0, "flick 1 0 0 200")
    assert (
        said["pt"].move
        == "piparota o disco 1: para nas Ruínas; empurra o disco 3 do Jogador 2 (Ruínas → Rachas na lama)"
    )
    assert said["en"].move == (
        "flicks disc 1: comes to rest in the Ruins; pushes Player 2's disc 3 (Ruins → Mud cracks)"
    )


def test_knocking_another_players_disc_off_the_board() -> None:
    state = flicking(new(2), {(1, 1): (85.0, -85.0)}, 0)
    _, said = told(state, 0, "flick 1 0 0 900")
    assert said["pt"].move == (
        "piparota o disco 1: para nas Rachas na lama; atira o disco 1 do Jogador 2 para fora do "
        "tabuleiro: o Jogador 2 piparota-o de novo"
    )
    assert said["en"].move == (
        "flicks disc 1: comes to rest in the Mud cracks; knocks Player 2's disc 1 off the board: "
        "Player 2 flicks it again"
    )


def test_flicking_your_own_disc_off_the_board() -> None:
    _, said = told(new(2), 0, "flick 1 0 0 900")
    assert said["pt"].move == "piparota o disco 1: sai do tabuleiro e fica desqualificado nesta rodada"
    assert said["en"].move == "flicks disc 1: leaves the board and is disqualified for the round"


def test_a_disc_pushed_into_the_hole_then_its_owner_chooses_the_area() -> None:
    state = flicking(new(2), {(1, 2): (-30.0, 30.0)}, 0)
    state, said = told(state, 0, "flick 1 0 0 146")
    assert (
        said["pt"].move == "piparota o disco 1: para nas Ruínas; empurra o disco 2 do Jogador 2 para a mosca"
    )
    assert (
        said["en"].move == "flicks disc 1: comes to rest in the Ruins; pushes Player 2's disc 2 into the hole"
    )
    state, said = told(state, 0, "keep")
    assert said["pt"].move == "não usa Piparotar de Novo: o disco 1 fica nas Ruínas"
    assert said["en"].move == "does not use a Re-flick bonus: disc 1 stays in the Ruins"
    _, said = told(state, 1, "hole canyon")
    assert (
        said["pt"].move == "põe o disco 2, caído na mosca, no Desfiladeiro: conta como se lá tivesse parado"
    )
    assert said["en"].move == "puts disc 2, fallen in the hole, in the Canyon: it scores as if it lay there"


def test_a_flick_that_does_not_leave_the_corner_is_repeated() -> None:
    _, said = told(new(2), 0, "flick 1 0 0 1")
    assert said["pt"].move == (
        "piparota o disco 1: não sai do canto de lançamento e volta à mão para repetir o piparote (repetição 1)"
    )
    assert said["en"].move == (
        "flicks disc 1: does not leave the launch corner and comes back to be flicked again (repeat 1)"
    )


def test_the_safeguard_and_the_house_rule_for_a_disc_that_stays_on_its_corner() -> None:
    # Interpretation 3: the 10th failure sets the disc down; corner_repeats=three: the 4th is out.
    state = play(new(2), 0, *["flick 1 0 0 5"] * 9)
    _, said = told(state, 0, "flick 1 0 0 5")
    assert said["pt"].move == (
        "piparota o disco 1: não sai do canto de lançamento pela 10.ª vez: é pousado à frente do canto "
        "(salvaguarda), nas Ruínas"
    )
    assert said["en"].move == (
        "flicks disc 1: fails to leave the launch corner for the 10th time: it is set down in front of the "
        "corner (safeguard), in the Ruins"
    )
    state = play(new(2, corner_repeats="three"), 0, *["flick 1 0 0 5"] * 3)
    _, said = told(state, 0, "flick 1 0 0 5")
    assert said["pt"].move == (
        "piparota o disco 1: não sai do canto de lançamento pela 4.ª vez e fica fora nesta rodada (regra da casa)"
    )
    assert said["en"].move == (
        "flicks disc 1: fails to leave the launch corner for the 4th time and is out for the round (house rule)"
    )


def test_the_advanced_variant_disqualification() -> None:
    _, said = told(new(2, advanced=True), 0, "flick 1 0 0 60")
    assert said["pt"].move == (
        "piparota o disco 1: para na zona do seu próprio canto sem tocar em nada e fica desqualificado "
        "(variante avançada)"
    )
    assert said["en"].move == (
        "flicks disc 1: comes to rest in its own corner's zone without touching anything and is "
        "disqualified (advanced variant)"
    )


def test_the_eleventh_knock_off_sets_the_disc_down() -> None:
    state = new(2)
    for _ in range(10):
        state = play(knock_off_again(state), 1, "flick 1 0 0 100")
        if state.stack[-1].kind == "reflick":
            state = play(state, 1, "keep")
    state = knock_off_again(state, keep=False)
    _, said = told(state, 0, "flick 1 0 0 900")
    assert said["pt"].move == (
        "piparota o disco 1: para nas Rachas na lama; atira o disco 1 do Jogador 2 para fora do tabuleiro "
        "pela 11.ª vez nesta rodada: é pousado à frente do canto do dono (salvaguarda), nas Rachas na lama"
    )
    assert said["en"].move == (
        "flicks disc 1: comes to rest in the Mud cracks; knocks Player 2's disc 1 off the board for the "
        "11th time this round: it is set down in front of its owner's corner (safeguard), in the Mud cracks"
    )


def test_the_re_flick_bonus() -> None:
    state, _ = told(new(2), 0, "flick 1 0 0 60")
    _, said = told(state, 0, "reflick")
    assert (
        said["pt"].move
        == "usa uma Bonificação Piparotar de Novo: o disco 1 volta ao canto para outro piparote"
    )
    assert said["en"].move == "uses a Re-flick bonus: disc 1 goes back to the corner to be flicked again"
    _, said = told(play(state, 0, "reflick"), 0, "flick 1 0 -25 200")
    assert (
        said["pt"].move
        == "piparota de novo o disco 1: para no círculo da Raposa (conta como 2 discos no Desfiladeiro)"
    )
    assert (
        said["en"].move
        == "flicks disc 1 again: comes to rest on a Fox circle (counts as 2 discs in the Canyon)"
    )


def test_the_simulated_hand_is_a_chance_event_with_what_it_gave() -> None:
    state, said = told(new(2, hand_noise="normal"), 0, "flick 1 0 0 300")
    assert state.flight is not None
    angle = f"{state.flight.angle:.1f}".rstrip("0").rstrip(".")
    mu_g = 2 * board().physics.mu_board * board().physics.g
    strength = round(round(state.flight.speed, 1) ** 2 / mu_g)
    assert angle != "0" and strength != 300, "this seed's hand wobbles"
    assert texts(said["pt"]) == [
        ("chance", f"Mão normal: ângulo {angle}° (pedido 0°), força {strength} mm (pedida 300 mm)")
    ]
    assert texts(said["en"]) == [
        ("chance", f"Normal hand: angle {angle}° (asked 0°), strength {strength} mm (asked 300 mm)")
    ]


# -- the write phase -------------------------------------------------------------------------


def test_the_last_flick_opens_the_writing_phase() -> None:
    state = replace(flicking(new(2), {(0, 1): RUINS_SPOT, (0, 2): RUINS_SPOT_2}, 1), turns=())
    state, said = told(state, 1, "flick 1 0 0 60")
    assert said["pt"].move == "piparota o disco 1: para nas Rachas na lama"
    state, said = told(state, 1, "keep")
    assert texts(said["pt"]) == [
        ("round", "Fase de anotar — Bonificações de Troca (ao mesmo tempo, em segredo)")
    ]
    assert texts(said["en"]) == [("round", "Writing phase — Swap bonuses (at the same time, in secret)")]


def test_the_ruins_step_order_then_a_building_finished_first_and_later() -> None:
    # § Exemplo das Ruínas: Maria's 2 + 3 + 2x4 = 13 scores first and finishes building B.
    spots = {
        (0, 2): RUINS_SPOT,
        (0, 3): RUINS_SPOT_2,
        (0, 4): LIZARD,
        (1, 5): (-40.0, 30.0),
        (1, 4): (-60.0, 30.0),
    }
    state = placed(new(2), spots, swaps=True)
    state, said = told(state, 0, "done")
    assert said["pt"].move == "termina as trocas" and said["pt"].events == (), "sealed: nothing to tell"
    state, said = told(state, 1, "done")
    assert texts(said["pt"]) == [
        ("round", "Ruínas, por esta ordem: Jogador 1 (valor 13), Jogador 2 (valor 9)")
    ]
    assert texts(said["en"]) == [("round", "Ruins, in this order: Player 1 (value 13), Player 2 (value 9)")]
    state, said = told(state, 0, "ruins B 9")
    assert said["pt"].move == "marca 9 hexágonos no edifício B (9 de 9) e finaliza-o"
    assert said["en"].move == "crosses 9 hexes of building B (9 of 9) and finishes it"
    assert texts(said["pt"]) == [
        (
            "score",
            "Jogador 1 finaliza primeiro o edifício B: recompensa superior de 11 pontos e uma "
            "Bonificação de Troca; os outros riscam-na",
        )
    ]
    assert texts(said["en"]) == [
        (
            "score",
            "Player 1 finishes building B first: the upper reward of 11 points and a Swap bonus; the others cross it off",
        )
    ]
    state, said = told(state, 0, "ruins C 1")
    assert said["pt"].move == "marca 1 hexágono no edifício C (1 de 7)" and said["pt"].events == ()
    state, said = told(state, 0, "ruins C 3")
    assert said["en"].move == "crosses 3 hexes of building C (4 of 7)"
    state, said = told(state, 1, "ruins B 9")
    assert texts(said["pt"])[0] == (
        "score",
        "Jogador 2 finaliza o edifício B: recompensa inferior de 5 pontos",
    )
    assert texts(said["en"])[0] == ("score", "Player 2 finishes building B: the lower reward of 5 points")
    kinds = [kind for kind, _ in texts(said["pt"])]
    assert kinds == ["score", "score", "score", "round"], "nothing else to write: the round ends"


def test_sealed_moves_tell_no_event_and_the_round_ends_with_every_sheet() -> None:
    state = placed(new(2), {(0, 3): RIVER_SPOT, (1, 2): RIVER_SPOT})
    state, said = told(state, 0, "path R3")
    assert said["pt"].move == "traça um caminho no Leito do rio até R3, que vale 1 ponto no fim"
    assert said["en"].move == "draws a path in the Riverbed to R3, worth 1 point at the end"
    assert said["pt"].events == said["en"].events == (), "the others see nothing until the step resolves"
    state, said = told(state, 1, "path L2")
    assert texts(said["pt"]) == [
        (
            "score",
            "Fim da rodada 1: Jogador 1 — 1 ponto (Ruínas 0 · Leito do rio 1 · Desfiladeiro 0 · Rachas na lama 0)",
        ),
        (
            "score",
            "Fim da rodada 1: Jogador 2 — 1 ponto (Ruínas 0 · Leito do rio 1 · Desfiladeiro 0 · Rachas na lama 0)",
        ),
        (
            "round",
            "Rodada 2 de 6 — o tabuleiro roda 90°; primeiro jogador: Jogador 2; cantos: Desfiladeiro "
            "(Jogador 1), Leito do rio (Jogador 2)",
        ),
    ]
    assert texts(said["en"])[2] == (
        "round",
        "Round 2 of 6 — the board turns 90°; first player: Player 2; corners: Canyon (Player 1), Riverbed (Player 2)",
    )


def test_the_printed_sheet_tells_what_a_move_reaches() -> None:
    bonus_end = next(i for i, b in enumerate(P.river_bonus) if b == "swap")
    state = placed(new(2), {(0, 3): RIVER_SPOT, (1, 2): RIVER_SPOT})
    before = GAME.view(state, None)
    action = GAME.parse_action(f"path {P.river_ids[bonus_end]}")
    said = GAME.narrate(0, action, before, before, "pt")
    assert (
        said.move
        == f"traça um caminho no Leito do rio até {P.river_ids[bonus_end]} e ganha uma Bonificação de Troca"
    )
    said = GAME.narrate(0, GAME.parse_action("node B1"), before, before, "en")
    assert said.move == f"marks node B1 in the Mud cracks (cost {P.mud_value[P.mud_ids.index('B1')]})"


def test_the_end_ranks_the_sheets_with_the_discovery_tie_break() -> None:
    state = with_sheet(replace(new(2, rounds=5), round=4, first=0), 1, found=(1, 0, 0), spent=(1, 0, 0))
    state = placed(state, {(0, 3): RIVER_SPOT, (1, 2): RIVER_SPOT})
    state, _ = told(state, 0, "path R3")
    state, said = told(state, 1, "path L2")
    assert state.finished
    assert [kind for kind, _ in texts(said["pt"])] == ["score", "score", "end"]
    assert texts(said["pt"])[-1] == (
        "end",
        "Fim da partida — 1.º Jogador 2 (1 ponto), 2.º Jogador 1 (1 ponto) — empate desfeito pelas "
        "Bonificações de Descoberta",
    )
    assert texts(said["en"])[-1] == (
        "end",
        "Game over — 1st Player 2 (1 point), 2nd Player 1 (1 point) — tie broken by the Discovery bonuses",
    )
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.ranks == (2, 1)


# -- whole games -----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "noise"), [(1, "shaky"), (2, "normal"), (3, "off"), (4, "steady")])
def test_every_move_of_a_random_game_is_told_in_both_languages(players: int, noise: str) -> None:
    state = GAME.new_state(players, 11, {"rounds": 5, "hand_noise": noise})
    rng = Rng.from_seed(players)
    before = GAME.view(state, None)
    kinds: set[str] = set()
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        action, rng = rng.choice(list(GAME.legal_actions(state, seat)))
        state = GAME.apply(state, seat, action)
        after = GAME.view(state, None)
        pt, en = (GAME.narrate(seat, action, before, after, lang) for lang in LANGS)
        for said in (pt, en):
            assert said.move and "{" not in said.move, (GAME.format_action(action), said.move)
            assert all(event.text and "{" not in event.text for event in said.events), said.events
        assert [e.kind for e in pt.events] == [e.kind for e in en.events], (pt.events, en.events)
        kinds.update(e.kind for e in pt.events)
        before = after
    expected = {"round", "score", "end"} | ({"chance"} if noise != "off" else set())
    assert kinds == expected, kinds
    assert isinstance(pt.events[-1], Event) and pt.events[-1].kind == "end"


# -- exact halves, solo ----------------------------------------------------------------------


def test_a_disc_in_exact_halves_and_its_owners_choice() -> None:
    state = flicking(new(2), {(0, 3): (0.0, 60.0)}, 0)
    state = replace(state, stack=(Frame("reflick", 0, 2),))
    _, said = told(state, 0, "keep")
    assert said["pt"].move == (
        "não usa Piparotar de Novo: o disco 3 fica na fronteira entre Ruínas e Leito do rio (metades exatas: o "
        "dono escolhe)"
    )
    assert said["en"].move == (
        "does not use a Re-flick bonus: disc 3 stays on the border of Ruins and Riverbed (exact halves: its "
        "owner chooses)"
    )
    state = placed(new(2), {(0, 3): (0.0, 60.0), (1, 1): RIVER_SPOT, (1, 2): RUINS_SPOT}, swaps=True)
    _, said = told(state, 0, "zone 3 riverbed")
    assert said["pt"].move == "escolhe: o disco 3, em metades exatas, conta no Leito do rio"
    assert said["en"].move == "chooses: disc 3, in exact halves, counts in the Riverbed"
    assert said["pt"].events == (), "a sealed choice: nothing to tell the others"


def test_solo_colours_then_the_ai_step_and_its_moves() -> None:
    state = placed(new(1), {(1, 3): (-60.0, -60.0), (1, 2): RUINS_SPOT, (0, 1): RIVER_SPOT})
    state, said = told(state, 0, "colours a b")
    assert said["pt"].move == "fica com os discos da cor a e dá os da cor b à IA; os outros voltam à caixa"
    assert (
        said["en"].move
        == "keeps the discs of colour a and gives colour b to the AI; the others go back in the box"
    )
    assert texts(said["pt"]) == [
        (
            "round",
            "Os discos da IA: 2 hexágonos circulados no edifício da IA, formas 3, caminhos —, Rachas 0",
        )
    ]
    assert texts(said["en"]) == [
        ("round", "The AI's discs: 2 hexes circled in the AI building, shapes 3, paths —, Mud cracks 0")
    ]
    state, said = told(state, 0, "ai cell a9")
    assert said["pt"].move == "desenha para a IA a casa a9 no Desfiladeiro"
    assert said["en"].move == "draws square a9 in the Canyon for the AI"
