"""DOGS final scoring (§ Pontuação final e vencedor) and the 2-player changes.

Per kennel: the pens' dogs (pairs, trios, fours), built extra pens holding a dog (2/3/5),
2 points per breed with a healthy dog (4 with 2 players), 2 for a helper paid in the last
round, 1 per three gas/food/medicine tokens, −2 per sick dog; with 2 players, −5 without a
healthy city dog and a healthy country dog. Ties go to the most healthy dogs.
"""

from __future__ import annotations

from functools import lru_cache

from tabuleiro.core import JsonDict, Outcome, competition_ranks
from tabuleiro.games.dogs import kennel as pens
from tabuleiro.games.dogs.components import CITY, COUNTRY, components
from tabuleiro.games.dogs.state import DogsState, Kennel

EXTRA_PEN_POINTS = (2, 3, 5)
HELPER_POINTS = 2
SICK_PENALTY = -2
MISSING_AREA_PENALTY = -5  # 2 players


def breakdown(k: Kennel, two_players: bool) -> dict[str, int]:
    """The score table's lines for one kennel; they add up to its score."""
    in_pens, extra_pens, breeds, areas = _pen_lines(k.pens, two_players)
    lines = {
        "pens": in_pens,
        "extra_pens": extra_pens,
        "breeds": breeds,
        "helper": HELPER_POINTS if k.helper_paid else 0,
        "resources": (k.gas + k.food + k.medicine) // 3,
        "sick": SICK_PENALTY * len(k.infirmary),
    }
    if two_players:
        lines["city_and_country"] = areas
    return lines


@lru_cache(maxsize=1024)
def _pen_lines(kennel_pens: tuple[pens.Pen, ...], two_players: bool) -> tuple[int, int, int, int]:
    """The lines that depend on the pens alone (pens, extra pens, breeds, both areas), worked
    out once per set of pens: the view shows every kennel's score so far."""
    healthy = pens.dogs(kennel_pens)
    areas = {components().breed_area[b] for b in healthy}
    return (
        sum(pens.points(pen) for pen in kennel_pens),
        sum(p for p, pen in zip(EXTRA_PEN_POINTS, kennel_pens[2:], strict=False) if pen),
        len(healthy) * (4 if two_players else 2),
        0 if {CITY, COUNTRY} <= areas else MISSING_AREA_PENALTY,
    )


def outcome(state: DogsState) -> Outcome:
    """Scores, breakdown, ranking with the tie-break, and each kennel's contents."""
    two = state.players == 2
    names = components().breed_ids
    lines = [breakdown(k, two) for k in state.kennels]
    scores = tuple(sum(b.values()) for b in lines)
    healthy = [sum(pens.dogs(k.pens).values()) for k in state.kennels]
    details: list[JsonDict] = [
        {
            "pens": [{names[b]: n for b, n in pen} for pen in k.pens],
            "infirmary": [names[b] for b in k.infirmary],
            "healthy_dogs": healthy[i],
        }
        for i, k in enumerate(state.kennels)
    ]
    ranks = competition_ranks(list(zip(scores, healthy, strict=True)))
    return Outcome(scores, tuple(lines), ranks, tuple(details))
