"""Typed errors with stable codes.

Every error the engine or its tooling raises on bad input is a `TabuleiroError`. The
`code` is a stable, machine-readable identifier (the server and the CLI rely on it);
the message is readable on its own, in English and in Portuguese, and names the rule
or the field at fault.
"""

from __future__ import annotations

from typing import ClassVar, Literal

Lang = Literal["pt", "en"]


class TabuleiroError(Exception):
    """Base of every error Tabuleiro raises on bad input.

    Args:
        en: the message in English (also `str(error)`).
        pt: the message in Portuguese; defaults to the English one.
        code: overrides the class's default code.
    """

    default_code: ClassVar[str] = "error"

    def __init__(self, en: str, pt: str | None = None, *, code: str | None = None) -> None:
        super().__init__(en)
        self.code = code or self.default_code
        self.en = en
        self.pt = pt if pt is not None else en

    def message(self, lang: Lang = "en") -> str:
        """The message in `lang`."""
        return self.pt if lang == "pt" else self.en


class InvalidActionError(TabuleiroError, ValueError):
    """Action text or JSON that does not parse into an action of the game."""

    default_code = "invalid_action"


class IllegalActionError(TabuleiroError, ValueError):
    """A well-formed action the rules do not allow now.

    Codes, checked in this order: ``game_over``, ``not_your_turn``,
    ``already_committed``, ``not_legal``.
    """

    default_code = "not_legal"

    def __init__(
        self,
        en: str,
        pt: str | None = None,
        *,
        code: str | None = None,
        seat: int | None = None,
        action: str | None = None,
    ) -> None:
        super().__init__(en, pt, code=code)
        self.seat = seat
        self.action = action


class OptionError(TabuleiroError, ValueError):
    """An unknown option name (``unknown_option``) or a bad value (``bad_option``)."""

    default_code = "bad_option"


class SetupError(TabuleiroError, ValueError):
    """A match that cannot be set up: unknown game, player count, seed or bot."""

    default_code = "bad_setup"


class RecordError(TabuleiroError, ValueError):
    """A match record that is corrupt, truncated, or replays into an illegal action."""

    default_code = "bad_record"


class DataError(TabuleiroError, ValueError):
    """A component data file that does not match its schema (names file, path, expectation)."""

    default_code = "bad_data"
