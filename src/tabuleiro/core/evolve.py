"""A fast `dataclasses.replace` for the frozen dataclasses that hold game states."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
_MISSING = object()
_EVOLVERS: dict[type, Callable[..., Any]] = {}
_DICT_FIELDS: dict[type, frozenset[str] | None] = {}
_new = object.__new__
_set = object.__setattr__


def _compile(cls: type) -> Callable[..., Any]:
    # Like dataclasses' own generated __init__: one keyword per field, copied unless given.
    names = [f.name for f in dataclasses.fields(cls)]
    params = ", ".join(f"{n}=_MISSING" for n in names)
    body = "\n".join(f"    _set(new, {n!r}, obj.{n} if {n} is _MISSING else {n})" for n in names)
    source = f"def evolve(obj, *, {params}):\n    new = _new(_cls)\n{body}\n    return new\n"
    scope = {"_MISSING": _MISSING, "_new": object.__new__, "_set": object.__setattr__, "_cls": cls}
    exec(source, scope)  # the source is built from the dataclass's own field names
    fn: Callable[..., Any] = scope["evolve"]  # type: ignore[assignment]
    return fn


def quick_init(cls: type[T]) -> type[T]:
    """Class decorator, above ``@dataclass(frozen=True)`` on a class without slots: an
    ``__init__`` that hands the instance its field dict at once, where the generated one makes
    one frozen assignment per field (a 24-field move record builds three times faster).

    Same signature and defaults; no ``__post_init__``, default factories or keyword-only fields.
    """
    if not dataclasses.is_dataclass(cls) or not cls.__dictoffset__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: quick_init needs a dataclass without slots or __post_init__")
    scope: dict[str, Any] = {"_set": object.__setattr__}
    params = []
    for f in dataclasses.fields(cls):
        if f.default_factory is not dataclasses.MISSING or f.kw_only or not f.init:
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init takes plain fields only")
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            scope[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
    names = [f.name for f in dataclasses.fields(cls)]
    fields = ", ".join(f"{n!r}: {n}" for n in names)
    source = f"def __init__(self, {', '.join(params)}):\n    _set(self, '__dict__', {{{fields}}})\n"
    exec(source, scope)  # the source is built from the dataclass's own field names
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


def _fields_in_dict(cls: type) -> frozenset[str] | None:
    """The field names of a dataclass whose instances keep their fields in a ``__dict__``."""
    if not cls.__dictoffset__:
        return None
    return frozenset(f.name for f in dataclasses.fields(cls))


def evolve(obj: T, **changes: Any) -> T:
    """A copy of `obj` with some fields changed.

    Same result as `dataclasses.replace` for frozen dataclasses without ``__post_init__`` or
    init-only fields, several times faster: game engines call it on every action. Classes
    whose instances keep a ``__dict__`` (no ``slots=True``) are copied fastest, so large state
    classes copied on every step are best declared without slots.

    Raises:
        TypeError: a name in `changes` that is not a field.
    """
    cls = type(obj)
    if cls in DRAFTED:  # a state one `apply` is still building: nobody else holds it
        fields = obj.__dict__
        size = len(fields)
        fields.update(changes)
        if len(fields) != size:  # the draft holds every field: a longer dict names a stranger
            strangers = changes.keys() - (_fields_in_dict(cls) or frozenset())
            for name in strangers:
                del fields[name]
            raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(strangers))}")
        return obj
    try:
        known = _DICT_FIELDS[cls]
    except KeyError:
        known = _DICT_FIELDS[cls] = _fields_in_dict(cls)
    if known is not None:
        # Fields in the instance's __dict__: the copy is one dict update in C, whatever the
        # number of fields (a 22-field state copies about three times faster than field by field).
        # Copying the old dict and handing it to the new instance beats filling the new
        # instance's own dict (which CPython first materialises empty) by about a third.
        old = obj.__dict__
        fields = old.copy()
        fields.update(changes)
        if len(fields) != len(old):  # the instance holds every field: a longer dict names a stranger
            raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(changes.keys() - known))}")
        new = _new(cls)
        _set(new, "__dict__", fields)
        return new
    fn = _EVOLVERS.get(cls)
    if fn is None:
        fn = _EVOLVERS[cls] = _compile(cls)
    return fn(obj, **changes)  # type: ignore[no-any-return]


DRAFTED: dict[type, type] = {}
"""Each draft class (see `draft`) and the state class it drafts."""
_DRAFTS: dict[type, type] = {}


def draft(state: T) -> T:
    """A private copy of `state` for one `apply` to build on; `freeze` it before returning it.

    An action changes a state in several steps, each through `evolve`; on a draft, `evolve`
    writes into the copy in place instead of copying every field again. The draft is an
    instance of a subclass without fields of its own, made once per state class (a dataclass
    keeping its fields in a ``__dict__``), so only drafts are ever changed. The caller must
    hold no reference to an earlier step of the draft, and must not hand it out until frozen.
    """
    cls = type(state)
    sub = _DRAFTS.get(cls)
    if sub is None:
        if not cls.__dictoffset__:
            raise TypeError(f"{cls.__name__}: only states keeping their fields in a __dict__ have drafts")
        sub = _DRAFTS[cls] = type(
            f"Draft{cls.__name__}",
            (cls,),
            {"__slots__": (), "__doc__": f"A {cls.__name__} being built (`tabuleiro.core.evolve.draft`)."},
        )
        DRAFTED[sub] = cls
    new: T = _new(sub)
    _set(new, "__dict__", state.__dict__.copy())
    return new


def freeze(state: T) -> T:
    """The draft `state` as an ordinary, immutable instance of its state class from now on."""
    _set(state, "__class__", DRAFTED[type(state)])
    return state


def logged(after: T, before: T, log: object) -> T:
    """`after` with its ``log`` field naming the action just played. A state an `apply` has
    just built is still private to it (nobody holds it yet), so the log is written into it
    rather than into one more copy; when the apply built nothing (`after` is `before`, which
    callers hold) a copy is made, so the state the apply was given never changes."""
    if after is before:
        return evolve(after, log=log)
    _set(after, "log", log)
    return after
