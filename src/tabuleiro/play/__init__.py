"""Driving matches: seats held by humans or bots, and the record of what was accepted."""

from tabuleiro.play.session import HUMAN, Session, parse_seats

__all__ = ["HUMAN", "Session", "parse_seats"]
