"""Volta ao mundo em 80 dias, the log in words (issue 20 point 6): moves as the rulebook says
them, the cards turned face up (weather, events, market, start cities), rounds, arrivals and
the final ranking, in Portuguese and English, told from the spectator views around each move."""

import pytest

from tabuleiro.core import Lang
from tabuleiro.core.narration import Narration, plain, plain_narration
from tabuleiro.games.volta_ao_mundo import GAME
from tabuleiro.games.volta_ao_mundo.actions import Move, RaceAction
from tabuleiro.games.volta_ao_mundo.components import WEATHERS, components
from tabuleiro.games.volta_ao_mundo.render import face_text
from tabuleiro.games.volta_ao_mundo.state import PLAY, RaceState
from tabuleiro.play.narration import tell
from tabuleiro.play.session import Session

from .helpers import mover, new, with_events

COMP = components()
WEATHER_PT = {"sun": "sol", "fog": "névoa +1", "storm": "tempestade +2"}
ICON_PT = ("", " com jornal", " com estrela (+1 fama)", " com moeda (+1 moeda)")


def narrate(
    seat: int, action: object, before: dict[str, object], after: dict[str, object], lang: Lang
) -> Narration:
    """The game's narration with its seat marks written as "Jogador N" / "Player N"."""
    return plain_narration(GAME.narrate(seat, action, before, after, lang), lang)


def told(state: RaceState, seat: int, text: str, lang: Lang = "pt") -> tuple[RaceState, Narration]:
    """`seat` plays `text`; the state after it and its narration in `lang`."""
    action = GAME.parse_action(text)
    after = GAME.apply(state, seat, action)
    return after, narrate(seat, action, GAME.view(state, None), GAME.view(after, None), lang)


def weather_pt(card: int) -> str:
    """The weather card's rows as the log writes them, from the components."""
    rows = [WEATHER_PT[WEATHERS[weather]] + ICON_PT[icon] for weather, icon in COMP.weather[card]]
    return f"Nova carta de clima: navio {rows[0]}, trem {rows[1]}, charrete {rows[2]}"


def test_movimento_exemplo_bombaim_calcuta_told_step_by_step() -> None:
    # The rulebook's worked example: Bombaim → Allahabad on a sunny day, one more space to
    # Calcutá, one day in all; the weather card that acted is discarded and the next revealed.
    state = mover("M07", "M01", "M21", "M02")
    state, pt = told(state, 0, "move ALD")
    assert pt.move == "parte de Bombaim para Allahabad de trem, com sol" and pt.events == ()
    after, pt = told(state, 0, "leg CCU")
    _, en = told(state, 0, "leg CCU", "en")
    assert pt.move == "anda mais um espaço, até Calcutá de trem; chega a Calcutá em 1 dia (total 1 dia)"
    assert en.move == "travels one more space, to Calcutta by train; reaches Calcutta in 1 day (1 day in all)"
    assert [e.kind for e in pt.events] == ["chance"] == [e.kind for e in en.events]
    assert pt.events[0].text == weather_pt(after.weather)
    assert en.events[0].text.startswith("New weather card: ship ")


def test_realizar_o_evento_the_event_card_read_aloud_is_a_chance_event() -> None:
    state = with_events(mover(weather="W01"), "E02")  # W01: the train row has a newspaper
    after, pt = told(state, 0, "move ALD")
    _, en = told(state, 0, "move ALD", "en")
    was, now = state.travellers[0], after.travellers[0]
    paid = (  # every event pays its watermark (§ Realizar o evento)
        f"; fama +1 ({now.fame})" if now.fame > was.fame else f"; moedas +1 ({now.coins} na mão)"
    )
    assert (
        pt.move
        == f"parte de Bombaim para Allahabad de trem, com sol; chega a Allahabad em 2 dias (total 2 dias){paid}"
    )
    assert pt.events[0].kind == "chance" and pt.events[0].text == "Evento: Greve — +1 dia neste movimento."
    assert en.events[0].text == "Event: Strike — +1 day to this move."


def test_mercado_a_purchase_its_price_and_the_card_that_takes_its_place() -> None:
    state = mover(coins=20)
    bought = COMP.cards[state.market[2]]
    after, pt = told(state, 0, "buy 3")
    incoming = COMP.cards[after.market[2]] if after.market[2] not in state.market else None
    name = face_text(bought.faces[0], "pt")
    paid = state.travellers[0].coins - after.travellers[0].coins
    assert pt.move == f"compra a carta {name[:1].upper() + name[1:]} do mercado por {paid} moedas"
    assert incoming is not None
    new_name = face_text(incoming.faces[0], "pt")
    assert [(e.kind, e.text) for e in pt.events] == [
        ("chance", f"Entra no mercado: {new_name[:1].upper() + new_name[1:]} por {incoming.price} moedas")
    ]


def draft(players: int, seed: int, choice: int = 0) -> list[tuple[RaceState, int, RaceAction, RaceState]]:
    """The draft and the choice of start cities, each seat taking its `choice`-th legal card."""
    state, steps = new(players, seed), []
    while state.phase != PLAY:
        for seat in sorted(GAME.to_act(state)):
            options = GAME.legal_actions(state, seat)
            action = options[min(choice, len(options) - 1)]
            after = GAME.apply(state, seat, action)
            steps.append((state, seat, action, after))
            state = after
    return steps


def narrated(step: tuple[RaceState, int, RaceAction, RaceState], lang: Lang = "pt") -> Narration:
    before, seat, action, after = step
    return narrate(seat, action, GAME.view(before, None), GAME.view(after, None), lang)


def test_inicio_do_jogo_the_race_begins_start_cities_the_first_player_and_the_first_weather() -> None:
    steps = draft(3, seed=4)
    *_, (_, _, _, state) = steps
    pt = narrated(steps[-1])
    texts = [(e.kind, e.text) for e in pt.events]
    assert texts[0] == ("round", "A corrida começa — Rodada 1")
    for seat, t in enumerate(state.travellers):
        city = COMP.city_names[t.origin]["pt"]
        line = next(text for kind, text in texts if text.startswith(f"Jogador {seat + 1} parte de "))
        assert line.startswith(f"Jogador {seat + 1} parte de {city}; as outras cartas (")
        assert line.endswith(f") dão {t.coins} moedas e {t.fame} de fama")
    assert ("chance", f"Primeiro jogador sorteado: Jogador {state.first + 1}") in texts
    assert texts[-1] == ("chance", weather_pt(state.weather))
    en = narrated(steps[-1], "en")
    assert [e.kind for e in en.events] == [e.kind for e in pt.events]
    assert en.events[0].text == "The race begins — Round 1"


def test_inicio_do_jogo_the_draft_tells_nobody_which_card_was_kept() -> None:
    # Interpretation 45: picks are sealed. Whichever cards were kept, the events every seat
    # sees during the draft are the same (only the end of the draft is announced).
    first, other = draft(2, seed=9, choice=0), draft(2, seed=9, choice=1)
    assert [a for _, _, a, _ in first] != [a for _, _, a, _ in other]
    for mine, theirs in zip(first[:-1], other[:-1], strict=True):
        assert narrated(mine).events == narrated(theirs).events
        assert [e.kind for e in narrated(mine).events] in ([], ["round"])


def bots_race(
    players: int, seed: int, bots: str
) -> tuple[RaceState, list[tuple[RaceState, RaceState, Narration, Narration]]]:
    """A whole race between `bots` (``greedy`` or ``random``): every move's states and words."""
    session = Session(GAME, players, seed, None, [bots] * players)
    said = []
    while not session.finished:
        before = session.state
        seat = min(GAME.to_act(before))
        action = session.bots[seat].act(GAME.view(before, seat), GAME.legal_actions(before, seat))
        session.act(seat, action)
        views = GAME.view(before, None), GAME.view(session.state, None)
        pt, en = (narrate(seat, action, *views, lang) for lang in ("pt", "en"))
        entry = tell(GAME, seat, action, *views)  # what the server logs
        assert {lang: plain(entry["text"][lang], lang) for lang in ("pt", "en")} == {
            "pt": pt.move,
            "en": en.move,
        }
        assert len(entry["events"]) == len(pt.events)
        said.append((before, session.state, pt, en))
    return session.state, said


def test_a_round_begins_each_time_the_turn_comes_back_round_to_the_first_player() -> None:
    _, said = bots_race(3, seed=2, bots="greedy")
    index = next(i for i, (_, _, pt, _) in enumerate(said) if any(e.text == "Rodada 2" for e in pt.events))
    before, after, _, en = said[index]
    assert after.turn.seat == after.first and before.turn.seat != after.first
    assert any(e.kind == "round" and e.text == "Round 2" for e in en.events)
    # No "Round 2" before the first player's second turn: every seat had its first turn.
    seats = [
        b.turn.seat
        for b, a, _, _ in said[: index + 1]
        if b.phase == PLAY and b.turn and a.turn_index != b.turn_index
    ]
    assert sorted(seats) == [0, 1, 2]  # each seat ended exactly one turn before round 2
    numbers = [
        int(e.text.split()[-1]) for _, _, pt, _ in said for e in pt.events if e.text.startswith("Rodada ")
    ]
    assert numbers == list(range(2, len(numbers) + 2)) and len(numbers) > 5


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 5)])
def test_fim_da_corrida_arrivals_are_scored_in_days_and_the_ranking_is_the_outcomes(
    players: int, seed: int
) -> None:
    state, said = bots_race(players, seed, bots="greedy")
    outcome = GAME.outcome(state)
    assert outcome is not None
    homes = [e.text for _, _, pt, _ in said for e in pt.events if e.kind == "score" and "completa" in e.text]
    finished = [s for s, t in enumerate(state.travellers) if t.status == 1]
    assert finished and len(homes) == len(finished)
    for seat in finished:
        days = state.travellers[seat].days
        fogg = " — recorde de Fogg quebrado!" if days < 80 else ""
        assert f"Jogador {seat + 1} completa a volta ao mundo em {days} dias{fogg}" in homes
    ends = [e.text for _, _, pt, _ in said for e in pt.events if e.kind == "end"]
    assert len(ends) == 1 and said[-1][2].events[-1].kind == "end"
    order = sorted(range(players), key=lambda s: (outcome.ranks[s], s))
    first = order[0]
    assert ends[0].startswith(f"Fim da corrida — 1º Jogador {first + 1} ({outcome.scores[first]} dias)")
    for place, seat in enumerate(order):
        assert f"{outcome.ranks[seat]}º Jogador {seat + 1} (" in ends[0].split(", ")[place]


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (4, 23)])
def test_a_random_whole_race_every_move_told_in_both_languages_with_the_same_events(
    players: int, seed: int
) -> None:
    state, said = bots_race(players, seed, bots="random")
    assert state.finished
    for _, _, pt, en in said:
        assert pt.move and en.move
        assert [e.kind for e in pt.events] == [e.kind for e in en.events]
        assert all(e.text for e in (*pt.events, *en.events))
    kinds = {e.kind for _, _, pt, _ in said for e in pt.events}
    assert {"chance", "round", "end"} <= kinds


def test_a_move_is_told_from_the_table_only_never_from_a_hidden_deck() -> None:
    # The same move from two states that differ only in hidden order (the event deck under
    # the card drawn) is told the same way: the narration reads spectator views.
    action = Move(COMP.city("ALD"))
    told_as = []
    for hidden in ("E03", "E05"):
        state = with_events(mover(weather="W01"), "E02", hidden)
        after = GAME.apply(state, 0, action)
        assert after.event_deck[0] == COMP.events.index(next(e for e in COMP.events if e.id == hidden))
        told_as.append(narrate(0, action, GAME.view(state, None), GAME.view(after, None), "pt"))
    assert told_as[0] == told_as[1] and "Greve" in told_as[0].events[0].text
