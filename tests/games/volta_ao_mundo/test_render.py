"""Terminal pictures and the action descriptions, in Portuguese and English."""

import re

import pytest

from tabuleiro.games.volta_ao_mundo import GAME
from tabuleiro.games.volta_ao_mundo.render import WIDTH, card_text
from tabuleiro.play import Session

from .helpers import mover, new, play, with_events


def _midgame(seed=7, steps=60):
    session = Session(GAME, 3, seed, {}, ["greedy"] * 3)
    for _ in range(steps):
        seat = min(GAME.to_act(session.state))
        session.act(
            seat,
            session.bots[seat].act(GAME.view(session.state, seat), GAME.legal_actions(session.state, seat)),
        )
    return session.state


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_render_says_the_content_is_designed_and_fits_the_width(lang):
    state = _midgame()
    picture = GAME.render(state, 0, lang)
    first = picture.splitlines()[0]
    assert ("criados pelo Tabuleiro" if lang == "pt" else "designed by Tabuleiro") in first
    assert all(len(line) <= WIDTH for line in picture.splitlines())
    assert "[" not in picture and "\x1b" not in picture


def test_render_shows_weather_market_travellers_routes_and_map():
    state = _midgame()
    picture = GAME.render(state, None, "pt")
    for words in ("Clima em jogo", "Mercado:", "Baralho:", "Jogador 3", "Rotas a partir de", "Mapa"):
        assert words in picture
    for seat, t in enumerate(GAME.view(state, None)["travellers"]):
        assert re.search(rf"{t['city']}\d*{seat + 1}", picture), "the map marks every traveller"
        assert f"{t['days']} {'dia' if t['days'] == 1 else 'dias'}" in picture


def test_render_draft_shows_only_your_own_hand():
    state = new(3, seed=5)
    state = play(state, 0, GAME.format_action(GAME.legal_actions(state, 0)[0]))
    mine, other = GAME.render(state, 0, "en"), GAME.render(state, 1, "en")
    assert "Your sealed choice" in mine and "Your sealed choice" not in other
    assert "Already chosen: Player 1" in other
    assert "Your hand" not in GAME.render(state, None, "en")


def test_render_a_move_in_progress_and_an_event():
    state = play(with_events(mover("M26", weather="W01"), "E01"), 0, "move ALD")
    picture = GAME.render(state, 0, "pt")
    assert "Desvio pela costa" in picture and "Movimento de Jogador 1 (você)" in picture


def test_card_text_shows_both_faces():
    assert card_text("M01", "a", "pt") == "M01 trem −1 (verso: navio −1)"
    assert card_text("M41", "b", "en") == "M41 padlock (back: Newspaper correspondent)"


def test_describe_actions_in_words():
    move = GAME.parse_action("move CCU")
    assert GAME.describe_action(move, "pt") == "viajar para Calcutá"
    assert GAME.describe_action(move, "en") == "travel to Calcutta"
    free = GAME.parse_action("free buy 2")
    assert GAME.describe_action(free, "pt") == "ação livre: comprar a carta 2 do mercado"
    cable = GAME.parse_action("telegraph 2 income collect")
    assert GAME.describe_action(cable, "en") == "telegraph, card at 2: raise income + collect income"


@pytest.mark.parametrize(
    ("lang", "warning"),
    [("pt", "ATENÇÃO: de lá não há volta possível"), ("en", "WARNING: no way home from there")],
)
def test_render_warns_on_a_route_that_leaves_no_way_home(lang, warning):
    # Research A-9 rule 10: the route list marks the destination the view's preview flags.
    picture = GAME.render(mover(where="SFO", origin="NYC", path=("PTY",)), 0, lang)
    lines = {line.split()[0]: line for line in picture.splitlines() if line.startswith("  ") and ":" in line}
    assert warning in lines["SLC"] and warning not in lines["YOK"] and warning not in lines["HNL"]


def test_render_the_sponsor_choice_says_where_the_coins_go():
    state = play(with_events(mover("T1", "M55", weather="W01", fame=1), "E11"), 0, "move ALD")
    picture = " ".join(GAME.render(state, 0, "pt").split())  # long lines are wrapped
    assert "Patrocinador generoso" in picture and "1 moeda nela, 1 na mão." in picture
    english = " ".join(GAME.render(state, 0, "en").split())
    assert "Choose the telegraph card (sponsor N): 1 coin on it, 1 in hand." in english
    sponsor = GAME.parse_action("sponsor 2")
    assert GAME.describe_action(sponsor, "pt") == "as moedas do patrocinador na carta telégrafo em 2"
    assert GAME.describe_action(sponsor, "en") == "the sponsor's coins onto the telegraph card at 2"
