"""Metro scoring: lines, company values and shares (expansion 1), station numbers (4).

§ Pontuação e fim do jogo: a line scores 1 point per tile passage, doubled when it ends at
the central station; printed central tracks never score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabuleiro.core import JsonDict, Outcome, competition_ranks
from tabuleiro.games.metro.components import components

if TYPE_CHECKING:
    from tabuleiro.games.metro.state import Line, MetroOptions, MetroState

PERCENTS = (10, 20, 30, 40)


def line_points(departure: int, line: Line, options: MetroOptions) -> tuple[int, bool]:
    """(points, doubled) of a finished line.

    Doubled when a line from an edge station ends at the central station; lines starting at
    the centre (expansion 2) are never doubled. Passages through central track tiles
    (expansion 3) count when the option ``central_tracks_score`` says so (interpretation).
    """
    passages = line[2] + (line[3] if options.central_tracks_score else 0)
    doubled = departure < 32 and line[4] > 32
    return passages * (2 if doubled else 1), doubled


def station_name(departure_or_end: int, *, end: bool = False) -> str:
    """``0`` → ``"1"`` for departures, ``32`` → ``"F1"``; with `end`, 1..32 and 33..40."""
    index = departure_or_end - 1 if end else departure_or_end
    return str(index + 1) if index < 32 else f"F{index - 31}"


def company_values(profits: Sequence[int]) -> tuple[int, ...]:
    """§ Expansão 1: 8 for the most profit, 7 for the next…; ties share the higher value and
    the following value is skipped (8, 7, 6, 6, 4)."""
    top = len(profits)
    return tuple(top - sum(1 for other in profits if other > p) for p in profits)


def line_record(state: MetroState, departure: int, points: int) -> JsonDict:
    """One scored line as the score sheet lists it."""
    line = state.lines[departure]
    _, doubled = line_points(departure, line, state.options)
    return {
        "owner": state.owners[departure],
        "start": station_name(departure),
        "end": station_name(line[4], end=True),
        "tiles": line[2],
        "central_tiles": line[3],
        "doubled": doubled,
        "points": points,
    }


def number_points(state: MetroState, number: int) -> int:
    """§ Expansão 4: "Para cada estação de metrô que termina em uma estação para a qual o
    jogador tem o número apropriado, ele ganha os pontos daquela linha": the points of the line
    ending at station `number`, with a wagon or not, doubled when it started at the central
    station ("Linhas de metrô que começam em uma estação central marcam o dobro"). With the
    house rule ``number_lines=wagons`` a line without a wagon gives nothing."""
    for departure, line in enumerate(state.lines):
        if line[4] != number:
            continue
        if state.owners[departure] < 0 and state.options.number_lines == "wagons":
            return 0
        points, _ = line_points(departure, line, state.options)
        return points * (2 if departure >= 32 else 1)
    return 0


def outcome(state: MetroState) -> Outcome:
    """Final scores, breakdown by category, ranking (ties share) and the score sheet."""
    lines = [line_record(state, d, points) for d, points in state.scored]
    if state.options.companies:
        return _company_outcome(state, lines)
    breakdown = []
    details = []
    for seat in range(state.players):
        own = [entry for entry in lines if entry["owner"] == seat]
        row = {"lines": sum(entry["points"] for entry in own)}
        numbers = [{"station": n, "points": number_points(state, n)} for n in state.numbers[seat]]
        if state.options.station_numbers:
            row["station_numbers"] = sum(n["points"] for n in numbers)
        breakdown.append(row)
        details.append({"lines": own, "station_numbers": numbers})
    scores = tuple(sum(b.values()) for b in breakdown)
    return Outcome(scores, tuple(breakdown), competition_ranks(scores), tuple(details), {"lines": lines})


def _company_outcome(state: MetroState, lines: list[JsonDict]) -> Outcome:
    """§ Expansão 1, Pontuação e fim do jogo: shares × company value, plus majority bonuses."""
    colours = [c["id"] for c in components().colours]
    profits = state.scores
    values = company_values(profits)
    holdings = [[0] * len(profits) for _ in range(state.players)]
    for seat, shares in enumerate(state.shares):
        for percent, company in zip(PERCENTS, shares, strict=True):
            holdings[seat][company] += percent
    breakdown, details = [], []
    for seat in range(state.players):
        share_points = sum(h // 10 * values[c] for c, h in enumerate(holdings[seat]))
        bonus = 0
        majorities = []
        for c, held in enumerate(holdings[seat]):
            best = max(h[c] for h in holdings)
            if held and held == best:
                bonus += profits[c] // 10
                majorities.append(colours[c])
        breakdown.append({"shares": share_points, "majorities": bonus})
        details.append(
            {
                "shares": [
                    {"percent": p, "company": colours[c]}
                    for p, c in zip(PERCENTS, state.shares[seat], strict=True)
                ],
                "majorities": majorities,
            }
        )
    scores = tuple(b["shares"] + b["majorities"] for b in breakdown)
    overview = {
        "lines": lines,
        "companies": [
            {"company": colours[c], "profit": profits[c], "value": values[c]} for c in range(len(profits))
        ],
    }
    return Outcome(scores, tuple(breakdown), competition_ranks(scores), tuple(details), overview)
