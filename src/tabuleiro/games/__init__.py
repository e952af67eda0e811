"""The built-in games; importing this package registers each of them."""

from tabuleiro.games import avenue, metro

__all__ = ["avenue", "metro"]
