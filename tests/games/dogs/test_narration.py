"""DOGS, the log in words (issue 20 point 6): moves in the rulebook's vocabulary, the dogs and
cards turned face up, rounds and phases, and the final scores, in Portuguese and English,
told from the spectator views around each move."""

import random
from dataclasses import replace

import pytest

from tabuleiro.core import Lang
from tabuleiro.core.narration import Narration, plain, plain_narration
from tabuleiro.games.dogs import GAME, rules
from tabuleiro.games.dogs.actions import DogsAction
from tabuleiro.games.dogs.components import CITY, LOST, SICK, dog
from tabuleiro.games.dogs.state import DogsState
from tabuleiro.play.narration import tell

from .helpers import b, card, kennel, new, pen, sp


def narrate(
    seat: int, action: object, before: dict[str, object], after: dict[str, object], lang: Lang
) -> Narration:
    """The game's narration with its seat marks written as "Jogador N" / "Player N"."""
    return plain_narration(GAME.narrate(seat, action, before, after, lang), lang)


def told(state: DogsState, seat: int, text: str, lang: Lang = "pt") -> tuple[DogsState, Narration]:
    """`seat` plays `text`; the state after it and its narration in `lang`."""
    action = GAME.parse_action(text)
    after = GAME.apply(state, seat, action)
    return after, narrate(seat, action, GAME.view(state, None), GAME.view(after, None), lang)


def with_space(state: DogsState, name: str, token: int) -> DogsState:
    spaces = list(state.spaces)
    spaces[sp(name)] = token
    return replace(state, spaces=tuple(spaces))


def test_fase1_a_pick_up_driving_to_a_dog_says_where_what_and_the_gas_spent() -> None:
    state = with_space(new(4), "C5", dog(b("bulldog"), SICK))
    gas = GAME.view(state, None)["decision"]["gas_to"]["C5"]
    _, pt = told(state, state.first, "move C5")
    _, en = told(state, state.first, "move C5", "en")
    fichas = "1 ficha" if gas == 1 else f"{gas} fichas"
    assert pt.move == f"vai até C5 ({fichas} de gasolina) e recolhe um Bulldog doente"
    assert en.move == f"drives to C5 ({gas} gas) and picks up a sick Bulldog"


def test_fase1_a_lost_dog_goes_to_the_fair_and_the_log_says_the_reward() -> None:
    state = with_space(new(4), "C4", dog(b("rottweiler"), LOST))
    after, pt = told(state, state.first, "move C4")
    reward = after.kennels[state.first].coins - state.kennels[state.first].coins
    assert reward == rules.components().reward[sp("C4")]
    assert pt.move.endswith(f"resgata um Rottweiler perdido: entregue à Feira, recompensa de {reward} moedas")
    _, en = told(state, state.first, "move C4", "en")
    assert en.move.endswith(f"rescues a lost Rottweiler: handed to the Fair for a reward of {reward} coins")


def test_cartas_receba_1_cao_the_dog_drawn_is_a_chance_event_in_both_languages() -> None:
    state = new(4)
    supply = (dog(b("beagle"), SICK), *state.bags[CITY][1:])
    state = kennel(replace(state, bags=(supply, state.bags[1])), 0, cards=(card("dog"),))
    _, pt = told(state, 0, "use dog city")
    _, en = told(state, 0, "use dog city", "en")
    assert pt.move == "usa a carta Receba 1 cão: pega um Beagle doente da reserva da cidade"
    assert [(e.kind, e.text) for e in pt.events] == [("chance", "Sai da reserva da cidade: um Beagle doente")]
    assert [(e.kind, e.text) for e in en.events] == [("chance", "Drawn from the city supply: a sick Beagle")]


def test_fase1_redistribution_then_phase_2_and_the_full_pen_bonus() -> None:
    state = kennel(new(4), 0, truck=tuple([dog(b("poodle"))] * 4))
    state = replace(state, phase=rules.ARRANGE, queue=())
    state = rules._settle(rules._begin_arrange(replace(state, stack=()), 0))
    for _ in range(3):
        state, _ = told(state, 0, "put poodle 1")
    state, pt = told(state, 0, "put poodle 1")
    assert pt.move == "coloca um Poodle na baia 1"
    after, pt = told(state, 0, "done")
    _, en = told(state, 0, "done", "en")
    assert after.kennels[0].coins == state.kennels[0].coins + 1
    assert pt.move == "termina de organizar as baias; baia cheia com a mesma raça: +1 moeda"
    assert en.move == "finishes arranging the pens; a pen full of one breed: +1 coin"
    assert [(e.kind, e.text) for e in pt.events] == [("round", "Fase 2 — ações")]
    assert [(e.kind, e.text) for e in en.events] == [("round", "Phase 2 — actions")]


def test_fase1_a_donation_offered_clockwise_then_declined_goes_to_the_fair() -> None:
    truck = (dog(b("poodle")), dog(b("poodle")), dog(b("yorkshire")))
    state = kennel(new(4), 1, truck=truck, pens=(pen(poodle=2), pen(labrador=2, bulldog=2)))
    state = replace(state, phase=rules.ARRANGE, queue=(0, 2, 3))
    state = rules._settle(rules._begin_arrange(replace(state, stack=()), 1))
    state = kennel(state, 3, pens=(pen(labrador=4), pen(golden=4)))  # no room: skipped
    state, pt = told(state, 1, "donate yorkshire")
    assert pt.move == "doa um Yorkshire; oferecido a Jogador 3"
    state, en = told(state, 2, "decline", "en")
    assert en.move == "declines a Yorkshire given away; offered to Player 1"
    _, pt = told(state, 0, "decline")
    assert pt.move == "recusa um Yorkshire doado; nenhum canil o acolhe e ele vai para a Feira"


def test_fim_do_jogo_everybody_staying_home_makes_this_the_last_round() -> None:
    state = replace(new(3), phase=rules.MOVE)
    for seat in (state.first, (state.first + 1) % 3):
        state, pt = told(state, seat, "stay")
        assert pt.move == "fica no canil nesta rodada, sem mover a pick-up" and pt.events == ()
    _, pt = told(state, (state.first + 2) % 3, "stay")
    _, en = told(state, (state.first + 2) % 3, "stay", "en")
    assert ("round", "Esta é a última rodada: todos ficaram no canil sem resgatar nenhum cão") in [
        (e.kind, e.text) for e in pt.events
    ]
    assert "This is the last round: everybody stayed home without rescuing a dog" in [
        e.text for e in en.events
    ]


def test_fase2_a_sale_names_the_dog_the_pen_and_the_price() -> None:
    state = kennel(new(4), 0, pens=(pen(poodle=2), ()), cards=(card("prize"),))
    fair_cards = rules.components().fair_cards
    top = next(i for i in state.fair_cards if b("poodle") in fair_cards[i])
    state = replace(state, fair_cards=(top, *(i for i in state.fair_cards if i != top)))
    state = replace(state, phase=rules.ACTIONS, queue=(), stack=(rules.Frame("box", 0, box=4),))
    _, pt = told(state, 0, "sell poodle 1 prize")
    _, en = told(state, 0, "sell poodle 1 prize", "en")
    assert pt.move == "vende um Poodle da baia 1 à Feira por 4 moedas"
    assert en.move == "sells a Poodle from pen 1 to the Fair for 4 coins"


def play_until(
    state: DogsState, done, seed: int = 1
) -> tuple[DogsState, DogsState, list[tuple[Narration, Narration]]]:
    """Random legal moves until `done(before, after)` or the end: the states around the last
    move, and every narration in pt and en."""
    rng = random.Random(seed)
    said = []
    while not state.finished:
        seat = min(GAME.to_act(state))
        action: DogsAction = rng.choice(list(GAME.legal_actions(state, seat)))
        after = GAME.apply(state, seat, action)
        before_view, after_view = GAME.view(state, None), GAME.view(after, None)
        said.append(tuple(narrate(seat, action, before_view, after_view, lang) for lang in ("pt", "en")))
        entry = tell(GAME, seat, action, before_view, after_view)  # what the server logs
        assert {lang: plain(entry["text"][lang], lang) for lang in ("pt", "en")} == {
            "pt": said[-1][0].move,
            "en": said[-1][1].move,
        }
        if done(state, after) or after.finished:
            return state, after, said
        state = after
    raise AssertionError("the game was over before it began")


def test_fase3_the_new_round_deals_dogs_cards_and_the_fair_card_as_chance_events() -> None:
    state, after, said = play_until(new(3, seed=5), lambda s, a: a.round == 2)
    pt, en = said[-1]
    view = GAME.view(after, None)
    kinds = [e.kind for e in pt.events]
    assert kinds[-1] == "round" and kinds.count("chance") == 3
    first = after.first + 1
    assert pt.events[-1].text == f"Rodada 2: cada jogador recebe 1 moeda; jogador inicial: Jogador {first}"
    assert en.events[-1].text == f"Round 2: every player gets 1 coin; first player: Player {first}"
    # § Fase 3, tasks 1 and 2 done by themselves (food enough, nothing to choose; no coin for
    # the wages): told after the move that ended phase 2, kennel by kennel
    assert state.phase == rules.ACTIONS
    done = []
    for s, (k, k1) in enumerate(zip(state.kennels, after.kennels, strict=True)):
        if k.food > k1.food:
            n = k.food - k1.food
            done.append(f"Jogador {s + 1} alimenta {n} baia" + "s" * (n > 1))
        if k.helper and not k1.helper:
            done.append(f"Jogador {s + 1} não pode pagar o salário e perde o ajudante")
    assert done and pt.move.endswith("; encerramento: " + ", ".join(done))
    refill = next(e.text for e in pt.events if e.text.startswith("Novos cães no tabuleiro: "))
    before_board = GAME.view(state, None)["board"]
    filled = [s for s, t in view["board"].items() if t is not None and before_board[s] is None]
    assert filled and all(f"{s} um" in refill for s in filled)  # "um Poodle", "uma ficha de bloqueio"
    assert refill.count(", ") == len(filled) - 1
    names = rules.components().breed_names
    breeds = [names[x] for x in rules.components().fair_cards[after.fair_cards[0]]]
    fair = next(e.text for e in en.events if e.text.startswith("New Fair card: "))
    assert fair == f"New Fair card: the Fair buys {breeds[0]}, {breeds[1]} and {breeds[2]}"
    boxes = next(e.text for e in en.events if e.text.startswith("New cards above the boxes: "))
    assert boxes.count(";") == 4  # five boxes, two new cards each


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 7)])
def test_pontuacao_final_every_kennels_points_then_the_ranking_as_the_outcome_has_it(
    players: int, seed: int
) -> None:
    _, state, said = play_until(new(players, seed=seed), lambda s, a: False, seed)
    assert state.finished
    pt, en = said[-1]
    outcome = GAME.outcome(state)
    assert outcome is not None
    scores = [e.text for e in pt.events if e.kind == "score"]
    assert len(scores) == players
    for seat, points in enumerate(outcome.scores):
        assert scores[seat].startswith(f"Jogador {seat + 1}: {points} ponto")
    order = sorted(range(players), key=lambda s: (outcome.ranks[s], s))
    ranking = ", ".join(f"{outcome.ranks[s]}º Jogador {s + 1} ({outcome.scores[s]})" for s in order)
    assert [(e.kind, e.text) for e in pt.events if e.kind == "end"] == [("end", f"Fim do jogo — {ranking}")]
    assert [e.kind for e in en.events] == [e.kind for e in pt.events]


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
def test_a_random_whole_game_every_move_told_in_both_languages_with_the_same_events(
    players: int, seed: int
) -> None:
    _, state, said = play_until(new(players, seed=seed), lambda s, a: False, seed)
    assert state.finished
    for pt, en in said:
        assert pt.move and en.move
        assert [e.kind for e in pt.events] == [e.kind for e in en.events]
        assert all(e.text for e in (*pt.events, *en.events))
    kinds = {e.kind for pt, _ in said for e in pt.events}
    assert kinds == {"chance", "round", "score", "end"}


def test_preparacao_the_opening_tells_the_dogs_the_box_cards_and_the_fair_card() -> None:
    view = GAME.view(new(2, seed=1), None)
    pt, en = (GAME.narrate_opening(view, lang) for lang in ("pt", "en"))
    assert [e.kind for e in pt] == [e.kind for e in en] == ["chance", "chance", "chance"]
    dogs = [space for space, token in view["board"].items() if isinstance(token, dict)]
    assert pt[0].text.startswith("Novos cães no tabuleiro: ") and all(
        f"{space} " in pt[0].text for space in dogs
    )
    assert all(box["cards"] for box in view["boxes"].values()) and pt[1].text.startswith(
        "Novas cartas nos boxes: "
    )
    assert en[2].text.startswith("New Fair card: the Fair buys ")
