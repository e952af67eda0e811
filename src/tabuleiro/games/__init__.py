"""The built-in games; importing this package registers each of them."""

from tabuleiro.games import avenue

__all__ = ["avenue"]
