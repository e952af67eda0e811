"""Sonora final scoring (§ Fim do jogo e pontuação final) and the tie-break (§ Empates).

Each sheet's four scores, in the score column's order: Ruins (rewards of finished buildings),
Riverbed (circled numbers), Canyon (5, 7, 10, 14, 19, 25, 32, 40, then +5 per cactus of a
type), Mud cracks (2, 4 or 6 per enclosed cactus). Ties go to the most circled Discovery
bonuses, then the win is shared.
"""

from __future__ import annotations

from functools import lru_cache

from tabuleiro.core import JsonDict, Outcome, competition_ranks
from tabuleiro.games.sonora import scoresheet as ss
from tabuleiro.games.sonora.components import printed
from tabuleiro.games.sonora.state import Sheet, SonoraState


def ruins_points(sheet: Sheet) -> int:
    """§ Pontuação das ruínas: the upper or lower reward of every finished building."""
    total = 0
    for reward, b in zip(sheet.rewards, printed().buildings, strict=True):
        total += b.upper_points if reward == 1 else b.lower_points if reward == 2 else 0
    return total


def breakdown(sheet: Sheet) -> dict[str, int]:
    """The score column (lizard, owl, fox, rabbit); the values add up to the total."""
    return dict(_breakdown(sheet))


@lru_cache(maxsize=4096)
def _breakdown(sheet: Sheet) -> tuple[tuple[str, int], ...]:
    return tuple(
        {
            "ruins": ruins_points(sheet),
            "riverbed": ss.river_points(sheet),
            "canyon": sum(ss.canyon_points(n) for n in ss.cactus_counts(sheet)),
            "mudcracks": ss.mud_points(sheet),
        }.items()
    )


def discoveries(sheet: Sheet) -> int:
    """Discovery bonuses circled (the tie-break)."""
    return sum(sheet.found)


def details(sheet: Sheet) -> JsonDict:
    """The facts behind a sheet's scores."""
    p = printed()
    return {
        "buildings": {
            b.id: ("upper", "lower")[r - 1] for b, r in zip(p.buildings, sheet.rewards, strict=True) if r
        },
        "circled": [p.river_ids[s] for s in ss.bits(sheet.circled)],
        "cacti": list(ss.cactus_counts(sheet)),
        "enclosed": [p.face_symbol[f] for f in ss.enclosed(sheet) if p.face_symbol[f] in p.cactus_points],
        "discoveries": discoveries(sheet),
    }


def outcome(state: SonoraState) -> Outcome:
    """Scores, breakdown, ranking with the tie-break, and each sheet's scoring facts."""
    sheets = [d.sheet for d in state.desks]
    lines = tuple(breakdown(s) for s in sheets)
    scores = tuple(sum(b.values()) for b in lines)
    keys = [(score, discoveries(s)) for score, s in zip(scores, sheets, strict=True)]
    return Outcome(scores, lines, competition_ranks(keys), tuple(details(s) for s in sheets))
