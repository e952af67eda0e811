"""The built-in games; importing this package registers each of them."""

from tabuleiro.games import avenue, dogs, metro, sonora

__all__ = ["avenue", "dogs", "metro", "sonora"]
