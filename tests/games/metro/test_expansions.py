"""The four expansions, each section of its rulebook page."""

from dataclasses import replace

import pytest

from tabuleiro.core import IllegalActionError, OptionError, Rng
from tabuleiro.games.metro import GAME
from tabuleiro.games.metro.actions import Central, Swap
from tabuleiro.games.metro.components import CENTRE, components
from tabuleiro.games.metro.rules import open_squares
from tabuleiro.games.metro.scoring import company_values, number_points
from tabuleiro.games.metro.state import MetroState

from .helpers import FACES, give, lay, new, play, sq
from .test_rules import SEVEN_PASSAGES

COLOURS = [c["id"] for c in components().colours]


# Expansão 1: Companhias de Metrô ------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 6])
def test_companhias_preparacao_eight_companies_and_one_share_of_each_pile(players: int) -> None:
    state = new(players, companies=True)
    for colour, stations in components().companies.items():
        assert {state.owners[n - 1] for n in stations} == {COLOURS.index(colour)}
    assert len(state.scores) == 8
    assert all(len(shares) == 4 for shares in state.shares)
    assert [len(p) for p in state.share_piles] == [8 - players - 1] * 4
    view = GAME.view(state, 0)
    assert view["private"]["shares"][0]["percent"] == 10
    assert "private" not in GAME.view(state, None) and view["shares"]["face_up"]["40"] in COLOURS


def test_companhias_line_points_go_to_the_company() -> None:
    state = give(lay(new(2, companies=True), SEVEN_PASSAGES), 0, "adad")
    black = COLOURS.index("black")  # station 31 belongs to black
    after = play(state, 0, "adad@d3")
    assert after.scores[black] - state.scores[black] == 14


def test_companhias_swap_face_up_share() -> None:
    state = new(3, companies=True, seed=4)
    mine, face_up, pile = state.shares[0][1], state.face_up[1], state.share_piles[1]
    after = play(state, 0, "swap 20 up")
    assert after.shares[0][1] == face_up
    assert after.face_up[1] == pile[0]
    assert after.share_piles[1] == (*pile[1:], mine)  # returned to the bottom
    assert after.turn == 1


def test_companhias_swap_top_share() -> None:
    state = new(3, companies=True, seed=4)
    mine, face_up, pile = state.shares[0][3], state.face_up[3], state.share_piles[3]
    after = play(state, 0, "swap 40 top")
    assert after.shares[0][3] == pile[0] and after.face_up[3] == face_up
    assert after.share_piles[3] == (*pile[1:], mine)


def test_companhias_no_swaps_once_a_company_reaches_25() -> None:
    state = new(2, companies=True)
    assert Swap(10, True) in GAME.legal_actions(state, 0)
    rich = replace(state, scores=(25, 0, 0, 0, 0, 0, 0, 0))
    assert not [a for a in GAME.legal_actions(rich, 0) if isinstance(a, Swap)]
    with pytest.raises(IllegalActionError, match="25 points"):
        play(rich, 0, "swap 10 up")


def test_companhias_ana_returns_her_20_share_to_the_bottom_and_takes_the_open_yellow_20() -> None:
    # "Ana quer a ação de 20% amarela. Ela devolve sua ação de 20% de outra cor, virada para
    # baixo, no fundo da pilha de 20% e pega a ação amarela de 20% que está aberta."
    state = new(2, companies=True, seed=6)
    view = GAME.view(state, 0)
    assert view["shares"]["face_up"]["20"] == "yellow"
    hers = view["private"]["shares"][1]
    assert hers["percent"] == 20 and hers["company"] != "yellow"
    top = state.share_piles[1][0]
    after = play(state, 0, "swap 20 up")
    mine = GAME.view(after, 0)["private"]["shares"]
    assert mine[1] == {"percent": 20, "company": "yellow", "shown": False}
    assert [s["company"] for s in mine[::2]] == [view["private"]["shares"][i]["company"] for i in (0, 2)]
    assert COLOURS[after.share_piles[1][-1]] == hers["company"]  # at the bottom of the 20% pile
    assert GAME.view(after, 1)["shares"]["face_up"]["20"] == COLOURS[top]  # the next share is revealed
    assert GAME.view(after, 1)["shares"]["piles"]["20"] == view["shares"]["piles"]["20"]


def test_companhias_only_the_25_point_mark_limits_swaps_each_share_refreshed_on_consecutive_turns() -> None:
    # "Ações podem ser trocadas apenas enquanto o primeiro marcador … não tiver alcançado … 25"
    state = new(2, companies=True, seed=6)
    for percent in (10, 20, 30, 40, 10, 20):
        state = play(state, 0, f"swap {percent} top")
        state = play(state, 1, GAME.format_action(GAME.legal_actions(state, 1)[0]))  # a tile
    assert state.swap_streak[0] == 6 and Swap(30, True) in GAME.legal_actions(state, 0)


def test_companhias_house_rule_max_swap_streak() -> None:
    state = new(2, companies=True, max_swap_streak=2)
    for _ in range(2):
        state = play(state, 0, "swap 10 up")
        state = play(state, 1, "swap 10 top")
    with pytest.raises(IllegalActionError, match="in a row"):
        play(state, 0, "swap 10 up")


def test_companhias_safeguard_only_stops_a_table_that_never_places_a_tile() -> None:
    # Interpretation 14: 32 swaps per seat in a row by the whole table, then a tile first.
    state = new(2, companies=True, seed=1)
    for turn in range(64):
        state = play(state, turn % 2, ("swap 10 up", "swap 20 top", "swap 30 up", "swap 40 top")[turn % 4])
    assert not [a for a in GAME.legal_actions(state, 0) if isinstance(a, Swap)]
    with pytest.raises(IllegalActionError, match="64 times in a row"):
        play(state, 0, "swap 10 up")
    state = play(state, 0, GAME.format_action(GAME.legal_actions(state, 0)[0]))  # a tile
    assert Swap(10, True) in GAME.legal_actions(state, 1)
    assert GAME.max_decisions(2, state.options) >= 60 + 64 * 61


def test_companhias_a_table_that_always_swaps_still_ends_within_the_bound() -> None:
    # Interpretation 14's proof, played: every seat swaps whenever it may, else plays a tile.
    state = new(2, companies=True, seed=8)
    decisions, longest, run = 0, 0, 0
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        swaps = [a for a in legal if isinstance(a, Swap)]
        action = swaps[decisions % len(swaps)] if swaps else legal[0]
        run = run + 1 if swaps else 0
        longest = max(longest, run)
        state = GAME.apply(state, seat, action)
        decisions += 1
    assert state.placed == 60 and longest == 64
    assert decisions <= GAME.max_decisions(2, state.options)


def test_companhias_company_values_8_7_6_6_4() -> None:
    # Yellow leads, orange second, blue and green share third, red next.
    profits = [40, 20, 30, 20, 5, 3, 10, 0]
    values = dict(zip(COLOURS, company_values(profits), strict=True))
    assert [values[c] for c in ("yellow", "orange", "blue", "green", "red")] == [8, 7, 6, 6, 4]


def test_companhias_ninas_68_points() -> None:
    profits = {
        "yellow": 38,
        "orange": 30,
        "red": 28,
        "blue": 20,
        "green": 15,
        "purple": 10,
        "black": 5,
        "white": 0,
    }
    state = new(2, companies=True)
    nina = tuple(COLOURS.index(c) for c in ("blue", "yellow", "green", "yellow"))  # 10, 20, 30, 40 %
    other = tuple(COLOURS.index(c) for c in ("yellow", "blue", "orange", "green"))
    state = replace(state, shares=(nina, other), scores=tuple(profits[c] for c in COLOURS), turn=-1)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.breakdown[0] == {"shares": 48 + 5 + 12, "majorities": 3}
    assert outcome.scores[0] == 68
    assert outcome.details[0]["majorities"] == ["yellow"]


def test_companhias_pontuacao_final_every_players_shares_are_revealed() -> None:
    # § Expansão 1, Pontuação e fim do jogo: "os jogadores somam seus pontos … ação de 40% = 4x
    # o valor": the final sheet lets everyone check every player's shares.
    state = new(3, companies=True, seed=2)
    assert "held" not in GAME.view(state, None)["shares"]
    state = _finish(state)
    outcome = GAME.outcome(state)
    assert outcome is not None
    for viewer in (None, 0, 2):
        held = GAME.view(state, viewer)["shares"]["held"]
        assert held == [outcome.details[s]["shares"] for s in range(3)]
        assert [[x["percent"] for x in own] for own in held] == [[10, 20, 30, 40]] * 3
    values = {c["company"]: c["value"] for c in outcome.overview["companies"]}
    for seat, own in enumerate(GAME.view(state, 1)["shares"]["held"]):
        assert outcome.breakdown[seat]["shares"] == sum(
            x["percent"] // 10 * values[x["company"]] for x in own
        )
    text = GAME.render(state, None, "pt")
    assert "Ações de cada jogador (fim do jogo):" in text
    names = {"yellow": "amarelo", "blue": "azul", "orange": "laranja", "green": "verde"}
    names |= {"purple": "roxo", "black": "preto", "red": "vermelho", "white": "branco"}
    first = GAME.view(state, None)["shares"]["held"][0][0]
    assert f"jogador 1: 10% {names[first['company']]}" in text.lower()


# Expansão 2: Estações de Metrô ----------------------------------------------------------------


def test_estacoes_a_central_wagon_gives_one_more_line_never_doubled() -> None:
    state = lay(new(2, central_stations=True), {"d3": "accd"})  # F1's line turns right to e3
    assert Central(0) in GAME.legal_actions(state, 0)
    state = play(state, 0, "central F1")
    assert state.owners[32] == 0 and not state.central_wagons[0]
    assert not [a for a in GAME.legal_actions(give(state, 0, "baac"), 0) if isinstance(a, Central)]
    state = play(give(state, 1, "baac"), 1, "baac@e3")  # e3 sends it back into the centre at F2
    line = state.lines[32]
    assert line[4] == 34 and line[2] == 2
    assert state.scored[-1] == (32, 2)  # 2 passages, not doubled


def test_estacoes_central_lines_must_pass_more_than_one_tile() -> None:
    state = lay(new(2, central_stations=True), {"c3": "aaaa"})
    state = give(play(state, 0, "central F1"), 1, "ccda")  # ccda on d3: exit 4 -> 5, back to F1
    assert GAME.parse_action("ccda@d3") not in GAME.legal_actions(state, 1)
    loose = give(lay(new(2, central_stations=True), {"c3": "aaaa"}), 1, "ccda")
    assert GAME.parse_action("ccda@d3") in GAME.legal_actions(loose, 1)  # no wagon: no line to protect


def test_estacoes_squares_beside_a_central_wagon_need_a_neighbouring_tile() -> None:
    state = play(new(2, central_stations=True), 0, "central F1")
    assert sq("d3") not in open_squares(state)
    assert sq("d3") in open_squares(lay(state, {"c3": "aaaa"}))


def test_estacoes_with_companies_the_shown_share_is_locked() -> None:
    state = new(2, central_stations=True, companies=True, seed=3)
    company = state.shares[0][1]
    state = play(state, 0, "central F3 20")
    assert state.owners[34] == company and state.revealed[0] == (False, True, False, False)
    assert not state.central_wagons[company]
    view = GAME.view(state, 1)
    assert view["shares"]["shown"][0] == [{"percent": 20, "company": COLOURS[company]}]
    state = play(state, 1, GAME.format_action(GAME.legal_actions(state, 1)[0]))
    assert Swap(20, True) not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalActionError, match="shown"):
        play(state, 0, "swap 20 up")
    with pytest.raises(IllegalActionError, match="name the share"):
        play(state, 0, "central F5")


def test_estacoes_em_qualquer_espaco_nao_ocupado_even_where_the_line_is_complete() -> None:
    # "colocar sua estação central de metrô em qualquer espaço não ocupado da estação central"
    closed = lay(new(2, central_stations=True), {"d3": "accd", "e3": "baac"})
    assert closed.lines[32][4] == 34  # F1's printed track runs d3, e3 and back in at F2
    assert Central(0) in GAME.legal_actions(closed, 0)
    after = play(closed, 0, "central F1")
    assert after.scores[0] - closed.scores[0] == 2  # scores at once: 2 tiles, never doubled
    house = lay(
        new(2, central_stations=True, central_wagon_on_closed_line=False), {"d3": "accd", "e3": "baac"}
    )
    assert Central(0) not in GAME.legal_actions(house, 0)


def test_estacoes_a_complete_line_through_one_tile_takes_no_wagon() -> None:
    # "Essa linha de metrô tem que passar por mais de uma peça": ccda on d3 turns F1 back to F1.
    state = lay(new(2, central_stations=True), {"c3": "aaaa", "d3": "ccda"})
    assert state.lines[32][2] == 1 and state.lines[32][4] == 33
    legal = GAME.legal_actions(state, 0)
    assert Central(0) not in legal and Central(1) in legal


# Expansão 3: Trilhos Centrais -----------------------------------------------------------------


def test_trilhos_centrais_four_designed_tiles_cover_the_centre() -> None:
    state = new(4, central_tracks=True, seed=6)
    designed = {components().faces[f] for f in components().central_faces}
    assert all(FACES[state.board[s] // 4] in designed for s in CENTRE)
    assert len(state.lines) == 32 and state.filled == 0
    assert sq("d3") not in open_squares(state)  # central tiles are no anchor


def test_trilhos_centrais_so_as_pecas_colocadas_pelos_jogadores_dao_pontos() -> None:
    # § Pontuação, Notas: "Só as peças colocadas no jogo pelos jogadores dão pontos de vitória."
    # Seed 2's central tiles lead a line entering d4 from above through d5 and out below it.
    tiles = {"d1": "aacb", "d2": "acba", "d3": "accd", "d6": "adad", "d7": "adbb"}
    for counted, points in ((False, 6), (True, 8)):
        options = {"central_tracks_score": counted} if counted else {}
        state = give(lay(new(2, seed=2, central_tracks=True, **options), tiles), 0, "aaaa")
        after = play(state, 0, "aaaa@d8")
        line = after.lines[4]  # station 5 (yellow, seat 0): d1 d2 d3, d4 d5 (central), d6 d7 d8
        assert line[4] == 20 and line[3] == 2
        assert after.scores[0] - state.scores[0] == points  # 6 placed tiles; house rule: + 2


@pytest.mark.parametrize("counted", [True, False])
def test_trilhos_centrais_lines_cross_the_centre_and_end_at_the_edge(counted: bool) -> None:
    crossed = 0
    for seed in range(6):
        state = new(2, seed=seed, central_tracks=True, central_tracks_score=counted)
        while GAME.to_act(state):
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            state = GAME.apply(state, seat, legal[seed % len(legal)])
        assert all(1 <= line[4] <= 32 for line in state.lines)
        for d, points in state.scored:
            line = state.lines[d]
            crossed += line[3] > 0
            assert points == line[2] + (line[3] if counted else 0)
    assert crossed > 0


# Expansão 4: Estações Numeradas -------------------------------------------------------------------


def test_estacoes_numeradas_dealt_secretly_per_colour() -> None:
    state = new(3, station_numbers=True, numbers_per_colour=2, seed=2)
    groups = components().number_groups
    for numbers in state.numbers:
        assert all(sum(1 for n in numbers if n in g) == 2 for g in groups.values())
    assert GAME.view(state, 1)["private"]["numbers"] == list(state.numbers[1])
    assert GAME.view(state, 0)["numbers_held"] == [8, 8, 8] and str(state.numbers[1]) not in str(
        GAME.view(state, 0)
    )


def _finish(state: MetroState) -> MetroState:
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


# Green's line from station 29 (h4) to station 28 (h5) through 12 placed tiles, in order.
GREEN_29_TO_28 = (
    ("h4", "acba"),  # enters at exit 2, up
    ("h3", "bbbb"),  # left
    ("g3", "aaaa"),
    ("f3", "dbba"),  # down
    ("f4", "aaaa"),
    ("f5", "aacb"),
    ("f6", "adad"),
    ("f7", "baac"),  # right
    ("g7", "cbaa"),
    ("h7", "badb"),  # up
    ("h6", "baac"),
    ("h5", "aacb"),  # out to the right at station 28's arrival
)


def test_estacoes_numeradas_o_jogador_amarelo_tem_a_estacao_28_e_ganha_12() -> None:
    # "O jogador amarelo tem a estação 28. Ele ganha 12 pontos de vitória por ela (a mesma
    # pontuação feita pelo jogador verde por construir a linha)."
    state = new(4, station_numbers=True, seed=0)
    assert 28 in GAME.view(state, 0)["private"]["numbers"]  # yellow, seat 0
    assert state.owners[28] == 3  # station 29's wagon is green's (seat 3) with 4 players
    for square, code in GREEN_29_TO_28:
        before = state
        state = play(give(state, 3, code), 3, f"{code}@{square}")
    assert state.scores[3] - before.scores[3] == 12  # green scores the line as it is built
    final = _finish(state)
    outcome = GAME.outcome(final)
    assert outcome is not None
    assert {"station": 28, "points": 12} in outcome.details[0]["station_numbers"]
    # "No fim do jogo, os jogadores revelam seus números de estação."
    assert "numbers_revealed" not in GAME.view(state, 1)
    assert 28 in GAME.view(final, 1)["numbers_revealed"][0]
    assert "Números de estação revelados (fim do jogo):" in GAME.render(final, None, "pt")


def test_estacoes_numeradas_a_line_scores_for_the_number_without_a_wagon() -> None:
    # "Para cada estação de metrô que termina em uma estação para a qual o jogador tem o número
    # apropriado, ele ganha os pontos daquela linha"; "Linhas … que começam em uma estação
    # central marcam o dobro". Without expansion 2 the central station's lines have no wagon:
    # F1's printed track runs up d3, d2, d1 to station 5.
    for rule, points in (("all", 6), ("wagons", 0)):
        options = {} if rule == "all" else {"number_lines": rule}
        state = new(2, station_numbers=True, seed=11, **options)
        assert 5 in GAME.view(state, 1)["private"]["numbers"]
        for square, code in (("d1", "aaaa"), ("d2", "aaaa"), ("d3", "aaaa")):
            state = play(give(state, 0, code), 0, f"{code}@{square}")
        assert state.owners[32] == -1 and state.lines[32][4] == 5 and state.lines[32][2] == 3
        outcome = GAME.outcome(_finish(state))
        assert outcome is not None
        assert {"station": 5, "points": points} in outcome.details[1]["station_numbers"]


def test_estacoes_numeradas_lines_from_the_centre_score_double() -> None:
    state = new(2, station_numbers=True, central_stations=True)
    lines = list(state.lines)
    lines[32] = (-1, 3, 5, 0, 7)
    state = replace(
        state,
        lines=tuple(lines),
        owners=(*state.owners[:32], 1, *state.owners[33:]),
        scored=((32, 5),),
        numbers=((7,), ()),
    )
    assert number_points(state, 7) == 10


def test_estacoes_numeradas_too_many_numbers_for_the_players() -> None:
    with pytest.raises(OptionError, match="use at most 1"):
        new(6, station_numbers=True, numbers_per_colour=2)
    assert len(new(4, station_numbers=True, numbers_per_colour=2).numbers[3]) == 8


def test_hidden_holdings_are_redrawn_for_the_leak_audit() -> None:
    state = new(4, companies=True, central_stations=True, seed=1)
    seen = {GAME.sample_consistent(state, 0, Rng.from_seed(i)).shares[1] for i in range(40)}
    assert len(seen) > 10
    assert all(
        GAME.sample_consistent(state, 0, Rng.from_seed(i)).shares[0] == state.shares[0] for i in range(5)
    )


@pytest.mark.parametrize("options", [{}, {"station_numbers": True, "central_stations": True}])
def test_totals_are_line_scores_plus_station_numbers_counted_from_the_board(options: dict[str, bool]) -> None:
    # Each total recounted from the finished lines by the rulebook's numbers alone: a line is
    # worth its tile passages, doubled when an edge line ends at the central station
    # (§ Pontuação); a station number is worth the line ending there, doubled when that line
    # started at the centre (§ Expansão 4). Nothing here calls the scoring code.
    for seed in range(4):
        state = new(3, seed=seed, **options)
        while GAME.to_act(state):
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            state = GAME.apply(state, seat, legal[(seed * 7) % len(legal)])
        outcome = GAME.outcome(state)
        assert outcome is not None
        worth = {}
        for d, (_, _, passages, _, end) in enumerate(state.lines):
            assert end, "every line ends by the end of the game"
            worth[d] = passages * (2 if d < 32 and end > 32 else 1)
        ending = {line[4]: d for d, line in enumerate(state.lines)}
        for seat in range(3):
            own = sum(p for d, p in worth.items() if state.owners[d] == seat)
            numbers = sum(worth[ending[n]] * (2 if ending[n] >= 32 else 1) for n in state.numbers[seat])
            assert outcome.breakdown[seat]["lines"] == own
            assert outcome.scores[seat] == own + numbers
            if options:
                assert outcome.breakdown[seat]["station_numbers"] == numbers
                assert len(state.numbers[seat]) == 4  # one number of each of the 4 colours
