"""Avenue's options and state."""

from __future__ import annotations

from dataclasses import dataclass

from tabuleiro.core import Options, Rng, bool_option, choice_option
from tabuleiro.games.avenue.actions import AvenueAction


@dataclass(frozen=True, slots=True)
class AvenueOptions(Options):
    """The options of a match of Avenue."""

    map: str = choice_option(
        "A",
        ("A", "B", "C"),
        en="Map sheet: A is the published sheet; B and C are designed by Tabuleiro "
        "(the printed sheets B and C are not public)",
        pt="Folha de mapa: A é a folha publicada; B e C foram criadas pelo Tabuleiro "
        "(as folhas B e C impressas não são públicas)",
        labels={
            "A": ("A (published)", "A (publicada)"),
            "B": ("B (designed by Tabuleiro)", "B (criada pelo Tabuleiro)"),
            "C": ("C (designed by Tabuleiro)", "C (criada pelo Tabuleiro)"),
        },
    )
    tiebreak_castles: bool = bool_option(
        True,
        en="Tie-break: every scoring space of the sheet counts, castles included (rulebook); off: "
        "only the five farm rows (house rule, interpretation 9)",
        pt="Desempate: todos os espaços de pontuação da folha contam, castelos incluídos (manual); "
        "desligada: só as cinco linhas de fazenda (regra da casa, interpretação 9)",
    )


@dataclass(frozen=True, slots=True)
class Row:
    """One row of a player's score column: the farm's grapes and the points written."""

    grapes: int
    score: int


@dataclass(frozen=True)
class AvenueState:
    """A match of Avenue.

    Attributes:
        players: number of seats.
        options: the match options.
        rng: the generator for reshuffles (hidden).
        road_deck: the face-down road cards, top first (order hidden).
        road_discard: road cards of finished rounds.
        table: road cards revealed this round, the current one last.
        farm_deck: the face-down farm cards, top first (order hidden; a seat that
            peeked this round knows the top one).
        farms: farm cards revealed so far, this round's last.
        yellow: yellow cards revealed this round.
        roads: per seat, the segment drawn on each square (0 = none), 42 bytes.
        moves: per seat, its legal choices for a road card: a draw on each square without
            a road, in order, then the peek unless it peeked this round.
        peeked: per seat, whether it looked at the farm deck this round.
        pending: per seat, its sealed choice for the current card (hidden from others).
        waiting: the seats that have not chosen yet for the current card.
        rows: per seat, the score-column rows written so far.
        last: the choices of every seat for the previous card, once resolved (public).
    """

    players: int
    options: AvenueOptions
    rng: Rng
    road_deck: tuple[int, ...]
    road_discard: tuple[int, ...]
    table: tuple[int, ...]
    farm_deck: tuple[str, ...]
    farms: tuple[str, ...]
    yellow: int
    roads: tuple[bytes, ...]
    moves: tuple[tuple[AvenueAction, ...], ...]
    peeked: tuple[bool, ...]
    pending: tuple[AvenueAction | None, ...]
    waiting: frozenset[int]
    rows: tuple[tuple[Row, ...], ...]
    last: tuple[AvenueAction | None, ...] | None

    def __copy__(self) -> AvenueState:
        # Immutable: like a tuple, a copy may be the value itself.
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> AvenueState:
        return self

    @property
    def round(self) -> int:
        """The current round, 1 to 5."""
        return len(self.farms)

    @property
    def finished(self) -> bool:
        """True after the fifth scoring."""
        return not self.waiting
