"""Results kept for the objects they were computed from, for views of immutable states.

A view is asked for state after state, and consecutive states share most of their parts:
a move changes a few fields and the copy keeps the others as the very same objects. A piece
of a view computed from such a part (the options, a tuple of scored lines) can be handed out
again while the same objects come back, without hashing or comparing their contents. Views
are read, never changed, by their receivers, so the pieces may be shared between views.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import update_wrapper
from operator import is_
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")
_NOTHING: tuple[object, ...] = (object(),)


class LastByIdentity(Generic[P, R]):
    """`fn` with its last result kept: the same argument objects (``is``) get it back.

    Only positional arguments count, each compared by identity, so it suits arguments that
    are immutable (tuples, frozen dataclasses, ints). The entry is replaced whole, so
    several threads may share one; holding the arguments keeps their identities from being
    reused.
    """

    __slots__ = ("__dict__", "_entry", "_fn")

    def __init__(self, fn: Callable[P, R]) -> None:
        self._fn = fn
        self._entry: tuple[tuple[object, ...], R | None] = (_NOTHING, None)
        update_wrapper(self, fn)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        kept_args, kept = self._entry
        if len(kept_args) == len(args) and all(map(is_, args, kept_args)) and not kwargs:
            return kept  # type: ignore[return-value]
        value = self._fn(*args, **kwargs)
        if not kwargs:
            self._entry = (args, value)
        return value


def last_by_identity(fn: Callable[P, R]) -> LastByIdentity[P, R]:
    """Decorator: `fn` keeps its last result for the same argument objects (`LastByIdentity`)."""
    return LastByIdentity(fn)


A = TypeVar("A")


def last_for_one(fn: Callable[[A], R]) -> Callable[[A], R]:
    """Decorator: `last_by_identity` for a function of one positional argument, without the
    generic call (argument packing, one comparison per argument): for the pieces a view asks
    for on every state."""
    entry: tuple[object, R | None] = (_NOTHING, None)

    def kept(arg: A) -> R:
        nonlocal entry
        kept_arg, value = entry
        if kept_arg is arg:
            return value  # type: ignore[return-value]
        value = fn(arg)
        entry = (arg, value)
        return value

    return update_wrapper(kept, fn)
