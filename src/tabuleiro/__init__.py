"""Tabuleiro: rules engines, play, bots and research tools for five tabletop games."""

__version__ = "0.1.0"
