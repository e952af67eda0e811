"""The end of the race and the winner (interpretation 28; the rulebook is silent).

The score is the day track: fewer days is better. Its breakdown is the same days by cause
(routes, weather, events, cards (negative: discounts), sabotage, the one-day minimum, turns
without a Move, Rest), so the lines add up to the score. Finishers rank first, by fewest
days, then fewer turns, then who got home first, more fame, more coins (in hand and on
telegraph cards); travellers who did not finish follow, by cities visited, then fewest
days. Finishing in under 80 days breaks Fogg's record: flavour only.
"""

from __future__ import annotations

from tabuleiro.core import JsonDict, Outcome, competition_ranks
from tabuleiro.games.volta_ao_mundo.components import components
from tabuleiro.games.volta_ao_mundo.state import FINISHED, LEDGER, STATUS_NAMES, RaceState, Traveller
from tabuleiro.games.volta_ao_mundo.tableau import coins_on_telegraphs

FOGG_DAYS = 80


def rank_key(t: Traveller) -> tuple[int, int, int, int, int, int]:
    """Higher is better: finished, fewer days, fewer turns, finished earlier, more fame, coins.

    "Finished earlier" (the match's turn number, `Traveller.finished_turn`) settles equal
    days and equal turns in favour of whoever got home first, earlier in turn order, as the
    research's proposal says. The end rule ``cannot_beat`` relies on it: a traveller on the
    best time less one day can at most tie, and a tie with as many turns goes to the one
    already home.
    """
    if t.status == FINISHED:
        return (1, -t.days, -t.turns, -t.finished_turn, t.fame, t.coins + coins_on_telegraphs(t))
    return (0, t.visited.bit_count(), -t.days, 0, 0, 0)


def outcome(state: RaceState) -> Outcome:
    """Days as scores, their causes as the breakdown, the ranking."""
    ids = components().city_ids
    ts = state.travellers
    details: list[JsonDict] = [
        {
            "status": STATUS_NAMES[t.status],
            "days": t.days,
            "turns": t.turns,
            "fame": t.fame,
            "coins": t.coins + coins_on_telegraphs(t),
            "cities": t.visited.bit_count(),
            "path": [ids[c] for c in t.path],
            "fogg_record_broken": t.status == FINISHED and t.days < FOGG_DAYS,
        }
        for t in ts
    ]
    finished = [t.days for t in ts if t.status == FINISHED]
    overview: JsonDict = {"best_days": min(finished) if finished else None, "fogg_days": FOGG_DAYS}
    return Outcome(
        scores=tuple(t.days for t in ts),
        breakdown=tuple(dict(zip(LEDGER, t.ledger, strict=True)) for t in ts),
        ranks=competition_ranks([rank_key(t) for t in ts]),
        details=tuple(details),
        overview=overview,
    )
