"""Metro's options and state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tabuleiro.core import Options, Rng, bool_option, choice_option, int_option

if TYPE_CHECKING:
    from tabuleiro.games.metro.actions import MetroAction

Line = tuple[int, int, int, int, int]
"""One line from a departure: (square it waits at or -1 once ended, entry exit there,
passages through placed tiles, passages through central track tiles, end), where end is 0
while open, 1..32 for an edge station, 33..40 for central faces F1..F8."""


@dataclass(frozen=True, slots=True)
class MetroOptions(Options):
    """Variants and expansions of a match of Metro."""

    free_orientation: bool = bool_option(
        False,
        en="Variant: tiles may be placed in any orientation (arrows ignored)",
        pt="Variação: peças em qualquer orientação (setas ignoradas)",
    )
    hand_size: int = int_option(
        1,
        minimum=1,
        maximum=3,
        en="Variant: tiles in hand (1 in the base game; 2 or 3 for more choice)",
        pt="Variação: peças na mão (1 no jogo básico; 2 ou 3 para mais escolha)",
    )
    companies: bool = bool_option(
        False,
        en="Expansion 1, Subway Companies: players buy shares of 8 companies",
        pt="Expansão 1, Companhias de Metrô: os jogadores compram ações de 8 companhias",
    )
    central_stations: bool = bool_option(
        False,
        en="Expansion 2, Metro Stations: a wagon on the central station for an extra line",
        pt="Expansão 2, Estações de Metrô: um vagão na estação central para uma linha a mais",
    )
    central_tracks: bool = bool_option(
        False,
        en="Expansion 3, Central Tracks: 4 central track tiles cover the centre (tile faces designed)",
        pt="Expansão 3, Trilhos Centrais: 4 peças centrais cobrem o centro (faces criadas pelo Tabuleiro)",
    )
    station_numbers: bool = bool_option(
        False,
        en="Expansion 4, Numbered Stations: secret station numbers score at the end (colours designed)",
        pt="Expansão 4, Estações Numeradas: números secretos pontuam no fim (cores criadas pelo Tabuleiro)",
    )
    numbers_per_colour: int = int_option(
        1,
        requires="station_numbers",
        minimum=1,
        maximum=4,
        en="Expansion 4: station numbers each player takes of each colour (8 per colour in all)",
        pt="Expansão 4: números de estação de cada cor por jogador (8 por cor ao todo)",
    )
    one_tile_rule: str = choice_option(
        "wagons",
        ("wagons", "all"),
        en="Which lines may not be closed through a single tile: those with a wagon, or every station's",
        pt="Quais linhas não podem ser fechadas por uma só peça: as que têm vagão, ou as de toda estação",
        labels={
            "wagons": ("lines with a wagon", "linhas com vagão"),
            "all": ("every station's line", "linhas de toda estação"),
        },
    )
    central_tracks_score: bool = bool_option(
        False,
        requires="central_tracks",
        en="Expansion 3, house rule: each pass through a central track tile also scores 1 point "
        "(the rulebook: only tiles placed by players score)",
        pt="Expansão 3, regra da casa: cada passagem por uma peça de trilho central também vale 1 ponto "
        "(o manual: só as peças colocadas pelos jogadores dão pontos)",
    )
    central_wagon_on_closed_line: bool = bool_option(
        True,
        requires="central_stations",
        en="Expansion 2: a central wagon may go on any unoccupied face, even one whose line is already "
        "complete (it scores at once); off: only faces whose line is still open (house rule)",
        pt="Expansão 2: o vagão central pode ir a qualquer face não ocupada, mesmo com a linha já completa "
        "(pontua na hora); desligada: só faces com a linha em aberto (regra da casa)",
    )
    number_lines: str = choice_option(
        "all",
        ("all", "wagons"),
        requires="station_numbers",
        en="Expansion 4: which lines score for a station number: every line ending there (rulebook), "
        "or only lines with a wagon (house rule)",
        pt="Expansão 4: quais linhas pontuam para um número de estação: toda linha que termina nela "
        "(manual), ou só as linhas com vagão (regra da casa)",
        labels={
            "all": ("every line", "toda linha"),
            "wagons": ("lines with a wagon", "linhas com vagão"),
        },
    )
    max_swap_streak: int = int_option(
        0,
        requires="companies",
        minimum=0,
        maximum=10,
        en="Expansion 1, house rule: most share swaps one player may make in a row (0: no limit, as the "
        "rulebook; only the 25-point mark stops swaps)",
        pt="Expansão 1, regra da casa: máximo de trocas de ações seguidas de um jogador (0: sem limite, "
        "como no manual; só a marca de 25 pontos encerra as trocas)",
    )


@dataclass(frozen=True)
class MetroState:
    """A match of Metro.

    Attributes:
        players: number of seats.
        options: variants and expansions.
        rng: the generator (hidden).
        board: per square, -1 empty, -2 central station, else tile code ``face * 4 + rotation``.
        filled: bit mask of squares holding a tile placed by a player.
        anchors: bit mask of squares a tile may go on (edge squares and next to placed tiles).
        pile: face-down track tiles, top first (hidden).
        hands: per seat, the faces in hand (hidden from the others).
        drawn: the face the seat to act drew and must place now, or -1 (hidden from others).
        turn: the seat to act, or -1 once the game is over.
        lines: per departure (stations 1..32, then central faces F1..F8), the line's progress.
        heads: per square, the open lines waiting there for a tile, as a bit set of
            departures (kept with `lines`, so that a tile follows only its own lines).
        owners: per departure, the owner (a seat, or a company with expansion 1) or -1.
        scores: per owner (seats, or companies with expansion 1), points on the score track.
        scored: the lines scored so far, in order: (departure, points).
        shares: expansion 1, per seat, the company of its 10/20/30/40% share (hidden).
        revealed: expansion 1, per seat and percentage, shares shown for a central wagon.
        share_piles: expansion 1, per percentage, the face-down shares, top first (hidden).
        face_up: expansion 1, per percentage, the face-up share's company.
        central_wagons: expansion 2, per owner, whether its central wagon is still unused.
        numbers: expansion 4, per seat, its secret station numbers.
        swap_streak: per seat, share swaps made in a row.
        table_swaps: expansion 1, swaps made by the whole table since a tile was last placed
            (or a central wagon put down), public; the engine's safeguard against a game that
            could never end (``rules.TABLE_SWAP_LIMIT``).
        placed: tiles placed by players.
        last: the previous action and its seat, public (written out only by the view).
    """

    players: int
    options: MetroOptions
    rng: Rng
    board: tuple[int, ...]
    filled: int
    anchors: int
    pile: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    drawn: int
    turn: int
    lines: tuple[Line, ...]
    heads: tuple[int, ...]
    owners: tuple[int, ...]
    scores: tuple[int, ...]
    scored: tuple[tuple[int, int], ...]
    shares: tuple[tuple[int, ...], ...]
    revealed: tuple[tuple[bool, ...], ...]
    share_piles: tuple[tuple[int, ...], ...]
    face_up: tuple[int, ...]
    central_wagons: tuple[bool, ...]
    numbers: tuple[tuple[int, ...], ...]
    swap_streak: tuple[int, ...]
    placed: int
    last: tuple[int, MetroAction] | None
    table_swaps: int = 0

    def __copy__(self) -> MetroState:
        # Immutable: like a tuple, a copy may be the value itself.
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> MetroState:
        return self

    @property
    def finished(self) -> bool:
        """True once every tile is placed."""
        return self.turn < 0
