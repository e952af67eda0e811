"""The built-in games; importing this package registers each of them."""

from tabuleiro.games import avenue, dogs, metro, sonora, volta_ao_mundo

__all__ = ["avenue", "dogs", "metro", "sonora", "volta_ao_mundo"]
