"""Volta ao mundo em 80 dias: actions and their notation.

Cities are written by their 3-letter id (``LON``, ``BOM``), tableau positions ``1``..``6``
and ``o`` for the overflow position, market cards by their place ``1``..``5``, players
``p1``..``p4``.

Setup:   ``pick BOM`` (sealed draft pick) · ``start BOM`` (sealed start city)
Turn:    ``move CCU`` · ``telegraph 1 fame|income|collect`` (two options with the Submarine
         cable: ``telegraph 2 income collect``) · ``buy 3`` · ``buy 3 office 1`` (with an
         office face, which turns back) · ``swap 2 3 office 1`` (the office's manipulation) ·
         ``effect 4`` · ``effect 4 3`` (Lawyer: the sabotage card at 3) · ``effect 4 p2 3``
         (Bribe: player 2's card at 3) · ``effect 4 SFO`` (Charter) · ``rest`` · ``end``
Free:    ``free buy 3`` · ``free flip 2`` · ``free swap 2 3``
Rest:    ``swap 2 3`` · ``flip 2`` · ``telegraph 1 income`` · ``refresh 1 4`` · ``buy 3`` · ``end``
Move:    ``leg ALD`` · ``stop`` · ``lock 2`` · ``face a|b`` · ``hold`` · ``turn``
Events:  ``detour CMB`` · ``skip`` · ``elephant`` · ``pay`` · ``delay`` · ``sabotage`` ·
         ``flip 2`` (the player on the left) · ``buy 3`` · ``telegraph 1 fame`` ·
         ``sponsor 2`` (the Generous sponsor's coins onto the telegraph card at 2)
Other:   ``sabotage 3`` (under market card 3) · ``plan 2 b`` (Planejamento: the card now at
         2, face B, goes to the next place)

The JSON form is ``{"text": "<notation>"}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from tabuleiro.core import InvalidActionError, JsonDict, Lang
from tabuleiro.games.volta_ao_mundo.components import components
from tabuleiro.games.volta_ao_mundo.state import OVERFLOW

TELEGRAPH_OPTIONS = ("fame", "income", "collect")
WORDS = ("stop", "skip", "elephant", "pay", "delay", "sabotage", "hold", "turn")


@dataclass(frozen=True, slots=True)
class Pick:
    city: int


@dataclass(frozen=True, slots=True)
class Start:
    city: int


@dataclass(frozen=True, slots=True)
class Move:
    city: int


@dataclass(frozen=True, slots=True)
class Telegraph:
    slot: int
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Buy:
    market: int
    office: int = -1
    free: bool = False


@dataclass(frozen=True, slots=True)
class Swap:
    """Exchange the cards (or gap) at positions `a` and `b` (adjacent, `a` first)."""

    a: int
    b: int
    office: int = -1
    free: bool = False


@dataclass(frozen=True, slots=True)
class Flip:
    pos: int
    free: bool = False


@dataclass(frozen=True, slots=True)
class UseEffect:
    slot: int
    seat: int = -1
    pos: int = -1
    city: int = -1


@dataclass(frozen=True, slots=True)
class Rest:
    pass


@dataclass(frozen=True, slots=True)
class End:
    pass


@dataclass(frozen=True, slots=True)
class Leg:
    city: int


@dataclass(frozen=True, slots=True)
class Detour:
    city: int


@dataclass(frozen=True, slots=True)
class Sponsor:
    """Event Generous sponsor: its coins go onto the telegraph card at `pos`."""

    pos: int


@dataclass(frozen=True, slots=True)
class Lock:
    pos: int


@dataclass(frozen=True, slots=True)
class FaceChoice:
    face: int


@dataclass(frozen=True, slots=True)
class Choose:
    word: str


@dataclass(frozen=True, slots=True)
class Sabotage:
    market: int


@dataclass(frozen=True, slots=True)
class Plan:
    pos: int
    face: int


@dataclass(frozen=True, slots=True)
class Refresh:
    markets: tuple[int, ...]


RaceAction = (
    Pick
    | Start
    | Move
    | Telegraph
    | Buy
    | Swap
    | Flip
    | UseEffect
    | Rest
    | End
    | Leg
    | Detour
    | Sponsor
    | Lock
    | FaceChoice
    | Choose
    | Sabotage
    | Plan
    | Refresh
)
REST, END = Rest(), End()
STOP, SKIP, ELEPHANT, PAY, DELAY, TAKE_SABOTAGE, HOLD, TURN = (Choose(w) for w in WORDS)
# The frequent actions, built once: equal actions are then often the same object, which
# makes the legality test `action in legal` fast.
_NO, _POS = (-1,), tuple(range(OVERFLOW + 1))
BUYS = {(m, o, f): Buy(m, o, f) for m in range(5) for o in _NO + _POS for f in (False, True)}
SWAPS = {
    (a, b, o, f): Swap(a, b, o, f)
    for a in _POS
    for b in _POS
    if a < b
    for o in _NO + _POS
    for f in (False, True)
}
FLIPS = {(p, f): Flip(p, f) for p in _POS for f in (False, True)}
TELEGRAPHS = {
    pos: (
        tuple(Telegraph(pos, (o,)) for o in TELEGRAPH_OPTIONS),
        tuple(Telegraph(pos, pair) for pair in permutations(TELEGRAPH_OPTIONS, 2)),
    )
    for pos in _POS
}
"""Per tableau position, its one-option and its two-option Telegraph actions, in order."""


def pos_text(pos: int) -> str:
    """A tableau position as written: ``1``..``6`` or ``o``."""
    return "o" if pos == OVERFLOW else str(pos + 1)


def _city(c: int) -> str:
    return components().city_ids[c]


_TEXTS: dict[int, tuple[RaceAction, str]] = {}
_TEXTS_KEPT = 4096


def format_action(action: RaceAction) -> str:
    """The action's notation.

    Most actions are the objects built once above (`BUYS`, `SWAPS`...) and every view writes
    out the last one and each Move's: the text is kept by the action's identity (actions are
    frozen)."""
    kept = _TEXTS.get(id(action))
    if kept is not None and kept[0] is action:
        return kept[1]
    text = _notation(action)
    if len(_TEXTS) >= _TEXTS_KEPT:
        _TEXTS.clear()
    _TEXTS[id(action)] = (action, text)  # holding `action` keeps its id from being reused
    return text


def _notation(action: RaceAction) -> str:
    match action:
        case Pick(city):
            return f"pick {_city(city)}"
        case Start(city):
            return f"start {_city(city)}"
        case Move(city):
            return f"move {_city(city)}"
        case Telegraph(slot, options):
            return f"telegraph {pos_text(slot)} {' '.join(options)}"
        case Buy(market, office, free):
            return (
                ("free " if free else "")
                + f"buy {market + 1}"
                + (f" office {pos_text(office)}" if office >= 0 else "")
            )
        case Swap(a, b, office, free):
            text = f"swap {pos_text(a)} {pos_text(b)}"
            return ("free " if free else "") + text + (f" office {pos_text(office)}" if office >= 0 else "")
        case Flip(pos, free):
            return ("free " if free else "") + f"flip {pos_text(pos)}"
        case UseEffect(slot, seat, pos, city):
            text = f"effect {pos_text(slot)}"
            if city >= 0:
                return f"{text} {_city(city)}"
            if seat >= 0:
                text += f" p{seat + 1}"
            return text + (f" {pos_text(pos)}" if pos >= 0 else "")
        case Rest():
            return "rest"
        case End():
            return "end"
        case Leg(city):
            return f"leg {_city(city)}"
        case Detour(city):
            return f"detour {_city(city)}"
        case Sponsor(pos):
            return f"sponsor {pos_text(pos)}"
        case Lock(pos):
            return f"lock {pos_text(pos)}"
        case FaceChoice(face):
            return f"face {'ab'[face]}"
        case Choose(word):
            return word
        case Sabotage(market):
            return f"sabotage {market + 1}"
        case Plan(pos, face):
            return f"plan {pos_text(pos)} {'ab'[face]}"
        case Refresh(markets):
            return "refresh " + " ".join(str(m + 1) for m in markets)
    raise TypeError(f"not an Around the World in 80 Days action: {action!r}")


def _invalid(text: str) -> InvalidActionError:
    return InvalidActionError(
        f"{text!r} is not a move of Around the World in 80 Days; see 'help' for the moves you have now",
        f"{text!r} não é uma jogada de Volta ao mundo em 80 dias; veja 'ajuda' para as jogadas possíveis",
    )


class _Reader:
    """Reads the words of one action, raising InvalidActionError on anything unexpected."""

    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self) -> InvalidActionError:
        return _invalid(self.text)

    def city(self, word: str) -> int:
        ids = components().city_ids
        if word.upper() not in ids:
            raise self.fail()
        return ids.index(word.upper())

    def pos(self, word: str, overflow: bool = True) -> int:
        if word == "o" and overflow:
            return OVERFLOW
        if len(word) == 1 and "1" <= word <= "6":
            return int(word) - 1
        raise self.fail()

    def market(self, word: str) -> int:
        if len(word) == 1 and "1" <= word <= "5":
            return int(word) - 1
        raise self.fail()

    def seat(self, word: str) -> int:
        if len(word) == 2 and word[0] == "p" and "1" <= word[1] <= "4":
            return int(word[1]) - 1
        raise self.fail()

    def face(self, word: str) -> int:
        if word not in ("a", "b"):
            raise self.fail()
        return "ab".index(word)


def parse_action(text: str) -> RaceAction:
    """The action written as `text`.

    Raises:
        InvalidActionError: text that is no move of this game.
    """
    if not isinstance(text, str):
        raise _invalid(repr(text))
    words = text.strip().lower().split()
    r = _Reader(text)
    free = bool(words) and words[0] == "free"
    if free:
        words = words[1:]
    if not words:
        raise r.fail()
    head, args = words[0], words[1:]
    if free and head not in ("buy", "flip", "swap"):
        raise r.fail()
    match head, args:
        case "rest", []:
            return REST
        case "end", []:
            return END
        case word, [] if word in WORDS:
            return Choose(word)
        case "pick", [city]:
            return Pick(r.city(city))
        case "start", [city]:
            return Start(r.city(city))
        case "move", [city]:
            return Move(r.city(city))
        case "leg", [city]:
            return Leg(r.city(city))
        case "detour", [city]:
            return Detour(r.city(city))
        case "telegraph", [slot, first, *rest] if len(rest) <= 1:
            options = (first, *rest)
            if not set(options) <= set(TELEGRAPH_OPTIONS) or len(set(options)) != len(options):
                raise r.fail()
            return Telegraph(r.pos(slot), options)
        case "buy", [market]:
            return Buy(r.market(market), free=free)
        case "buy", [market, "office", slot] if not free:
            return Buy(r.market(market), r.pos(slot))
        case "swap", [a, b]:
            return _swap(r, a, b, -1, free)
        case "swap", [a, b, "office", slot] if not free:
            return _swap(r, a, b, r.pos(slot), False)
        case "flip", [pos]:
            return Flip(r.pos(pos), free)
        case "effect", [slot]:
            return UseEffect(r.pos(slot))
        case "effect", [slot, target] if len(target) == 3:
            return UseEffect(r.pos(slot), city=r.city(target))
        case "effect", [slot, pos]:
            return UseEffect(r.pos(slot), pos=r.pos(pos))
        case "effect", [slot, seat, pos]:
            return UseEffect(r.pos(slot), seat=r.seat(seat), pos=r.pos(pos))
        case "sponsor", [pos]:
            return Sponsor(r.pos(pos))
        case "lock", [pos]:
            return Lock(r.pos(pos))
        case "face", [face]:
            return FaceChoice(r.face(face))
        case "sabotage", [market]:
            return Sabotage(r.market(market))
        case "plan", [pos, face]:
            return Plan(r.pos(pos, overflow=False), r.face(face))
        case "refresh", [*markets] if markets:
            chosen = tuple(r.market(m) for m in markets)
            if list(chosen) != sorted(set(chosen)):
                raise r.fail()
            return Refresh(chosen)
    raise r.fail()


def _swap(r: _Reader, a: str, b: str, office: int, free: bool) -> Swap:
    first, second = r.pos(a), r.pos(b)
    if first >= second or first == OVERFLOW:
        raise r.fail()
    return Swap(first, second, office, free)


def action_to_json(action: RaceAction) -> JsonDict:
    """The JSON form: the notation under ``text``."""
    return {"text": format_action(action)}


def action_from_json(data: object) -> RaceAction:
    """The action in JSON form.

    Raises:
        InvalidActionError: anything but ``{"text": "<notation>"}``.
    """
    if not isinstance(data, dict) or set(data) != {"text"} or not isinstance(data["text"], str):
        raise _invalid(repr(data))
    return parse_action(data["text"])


_WORDS: dict[str, tuple[str, str]] = {
    "telegraph": ("telegraph, card at {0}: {1}", "telégrafo, carta em {0}: {1}"),
    "buy": ("buy market card {0}", "comprar a carta {0} do mercado"),
    "swap": ("move a card: exchange places {0} and {1}", "mover uma carta: trocar os espaços {0} e {1}"),
    "flip": ("turn over the card at {0}", "virar a carta em {0}"),
    "effect": ("use the effect of the card at {0}", "usar o efeito da carta em {0}"),
    "rest": ("rest (two days)", "descansar (dois dias)"),
    "end": ("end", "encerrar"),
    "lock": ("lock token on the card at {0}", "cadeado na carta em {0}"),
    "sponsor": (
        "the sponsor's coins onto the telegraph card at {0}",
        "as moedas do patrocinador na carta telégrafo em {0}",
    ),
    "face": ("face {0}", "lado {0}"),
    "sabotage": ("sabotage card under market card {0}", "sabotagem sob a carta {0} do mercado"),
    "plan": ("next place: the card at {0}, face {1}", "próximo espaço: a carta em {0}, lado {1}"),
    "refresh": ("replace market cards {0}", "trocar as cartas {0} do mercado"),
    "stop": ("no more spaces", "não andar mais"),
    "skip": ("do nothing", "não fazer nada"),
    "elephant": ("ride the elephant (a carriage move)", "ir de elefante (movimento de charrete)"),
    "pay": ("pay the coins", "pagar as moedas"),
    "delay": ("lose the day", "perder o dia"),
    "hold": ("spend the lock token: the card keeps its face", "gastar o cadeado: a carta não vira"),
    "turn": ("let the card turn over", "deixar a carta virar"),
}
_TRAVEL = {
    "pick": ("keep the city card {0}", "ficar com a carta de cidade {0}"),
    "start": ("start the race in {0}", "começar a corrida em {0}"),
    "move": ("travel to {0}", "viajar para {0}"),
    "leg": ("travel one more space, to {0}", "andar mais um espaço, até {0}"),
    "detour": ("change the destination to {0}", "trocar o destino para {0}"),
}
_OPTION_WORDS = {
    "fame": ("raise fame", "aumentar a fama"),
    "income": ("raise income", "aumentar a renda"),
    "collect": ("collect income", "coletar a renda"),
}


def describe_action(action: RaceAction, lang: Lang) -> str:
    """The action in plain words, city names spelt out."""
    words = format_action(action).split()
    free = words[0] == "free"
    if free:
        words = words[1:]
    head, args = words[0], words[1:]
    pick = 1 if lang == "pt" else 0
    if head in _TRAVEL and isinstance(action, Pick | Start | Move | Leg | Detour):
        out = _TRAVEL[head][pick].format(components().city_names[action.city][lang])
    elif head == "telegraph" and isinstance(action, Telegraph):
        options = " + ".join(_OPTION_WORDS[o][pick] for o in action.options)
        out = _WORDS[head][pick].format(args[0], options)
    elif head == "effect" and isinstance(action, UseEffect):
        out = _WORDS[head][pick].format(args[0])
        if action.city >= 0:
            out += " → " + components().city_names[action.city][lang]
        elif action.seat >= 0:
            out += f" → {'Jogador' if pick else 'Player'} {action.seat + 1}, {pos_text(action.pos)}"
        elif action.pos >= 0:
            out += f" → {pos_text(action.pos)}"
    elif head == "refresh":
        out = _WORDS[head][pick].format(", ".join(args))
    elif head in _WORDS:
        out = _WORDS[head][pick].format(*args, "")
        if "office" in args:
            out += " (escritório)" if lang == "pt" else " (office)"
    else:
        out = " ".join(words)
    return (("ação livre: " if lang == "pt" else "free action: ") + out) if free else out
