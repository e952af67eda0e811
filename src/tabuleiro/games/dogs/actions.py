"""DOGS actions and their notation.

Phase 1:  ``fuel 2`` · ``move C3`` · ``home`` · ``stay`` · ``bonus food`` · ``vet yes|no`` ·
          ``donate poodle`` · ``donate sick poodle`` · ``accept`` · ``decline`` ·
          ``put poodle 2`` · ``lift poodle 2`` · ``done``
Phase 2:  ``place feira food2`` (box and the card taken) · ``place feira use-free`` (Entrada
          Livre: a meeple on a full box, no card) · ``place feira no-card`` (none left) ·
          ``build`` · ``build discount`` · ``exchange gas food`` · ``shop food medicine`` ·
          ``cure poodle`` · ``sell poodle 2 [trained] [prize]`` · ``buy poodle`` ·
          ``trade beagle 1 poodle`` · ``done``
Phase 3:  ``starve 2 poodle`` · ``feed`` · ``salary coin|card`` · ``rehire`` · ``no-rehire``
Cards, whenever their timing allows: ``use food2`` · ``use swap C3 K5`` · ``use dog city``

Breeds are written by id (``poodle``, ``sao_bernardo``), spaces C1..C8 / K1..K8, pens 1..5.
The JSON form is ``{"text": "<notation>"}``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabuleiro.core import InvalidActionError, JsonDict, Lang
from tabuleiro.games.dogs.components import AREAS, components
from tabuleiro.games.dogs.state import BOXES

TOKENS = ("food", "medicine", "gas")


@dataclass(frozen=True, slots=True)
class Fuel:
    coins: int


@dataclass(frozen=True, slots=True)
class Move:
    space: int


@dataclass(frozen=True, slots=True)
class Home:
    pass


@dataclass(frozen=True, slots=True)
class Stay:
    pass


@dataclass(frozen=True, slots=True)
class Bonus:
    resource: str


@dataclass(frozen=True, slots=True)
class UseCard:
    """Use a held card: a resource card, or swap (spaces a, b), or dog (area a)."""

    card: int
    a: int = -1
    b: int = -1


@dataclass(frozen=True, slots=True)
class Vet:
    use: bool


@dataclass(frozen=True, slots=True)
class Donate:
    breed: int
    sick: bool = False


@dataclass(frozen=True, slots=True)
class Answer:
    accept: bool


@dataclass(frozen=True, slots=True)
class Put:
    breed: int
    pen: int


@dataclass(frozen=True, slots=True)
class Lift:
    breed: int
    pen: int


@dataclass(frozen=True, slots=True)
class Done:
    pass


@dataclass(frozen=True, slots=True)
class Place:
    """Put a meeple on `box` taking the card type `card` (FREE: Entrada Livre; NO_CARD: the
    box has no card left)."""

    box: int
    card: int


@dataclass(frozen=True, slots=True)
class Build:
    discount: bool


@dataclass(frozen=True, slots=True)
class Exchange:
    give: str
    take: str


@dataclass(frozen=True, slots=True)
class Shop:
    first: str
    second: str


@dataclass(frozen=True, slots=True)
class Cure:
    breed: int


@dataclass(frozen=True, slots=True)
class Sell:
    breed: int
    pen: int
    trained: bool = False
    prize: bool = False


@dataclass(frozen=True, slots=True)
class Buy:
    breed: int


@dataclass(frozen=True, slots=True)
class Trade:
    breed: int
    pen: int
    fair_breed: int


@dataclass(frozen=True, slots=True)
class Starve:
    pen: int
    breed: int


@dataclass(frozen=True, slots=True)
class Feed:
    pass


@dataclass(frozen=True, slots=True)
class Salary:
    """``coin`` or ``card`` pays the helper; ``rehire`` hires him back; ``none`` does not."""

    how: str


FREE, NO_CARD = -1, -2  # Place.card: Entrada Livre (no card), or a box left without cards

DogsAction = (
    Fuel
    | Move
    | Home
    | Stay
    | Bonus
    | UseCard
    | Vet
    | Donate
    | Answer
    | Put
    | Lift
    | Done
    | Place
    | Build
    | Exchange
    | Shop
    | Cure
    | Sell
    | Buy
    | Trade
    | Starve
    | Feed
    | Salary
)
HOME, STAY, DONE, FEED = Home(), Stay(), Done(), Feed()


def _breed(b: int) -> str:
    return components().breed_ids[b]


def _space(s: int) -> str:
    return components().space_names[s]


def _card(c: int) -> str:
    return components().cards[c].name


def format_action(action: DogsAction) -> str:
    """The action's notation."""
    match action:
        case Fuel(coins):
            return f"fuel {coins}"
        case Move(space):
            return f"move {_space(space)}"
        case Home():
            return "home"
        case Stay():
            return "stay"
        case Bonus(resource):
            return f"bonus {resource}"
        case UseCard(card, a, b):
            special = components().cards[card].special
            if special == "swap":
                return f"use swap {_space(a)} {_space(b)}"
            if special == "dog":
                return f"use dog {AREAS[a]}"
            return f"use {_card(card)}"
        case Vet(use):
            return f"vet {'yes' if use else 'no'}"
        case Donate(breed, sick):
            return f"donate {'sick ' if sick else ''}{_breed(breed)}"
        case Answer(accept):
            return "accept" if accept else "decline"
        case Put(breed, pen):
            return f"put {_breed(breed)} {pen + 1}"
        case Lift(breed, pen):
            return f"lift {_breed(breed)} {pen + 1}"
        case Done():
            return "done"
        case Place(box, card):
            what = {FREE: "use-free", NO_CARD: "no-card"}.get(card) or _card(card)
            return f"place {BOXES[box]} {what}"
        case Build(discount):
            return "build discount" if discount else "build"
        case Exchange(give, take):
            return f"exchange {give} {take}"
        case Shop(first, second):
            return f"shop {first} {second}"
        case Cure(breed):
            return f"cure {_breed(breed)}"
        case Sell(breed, pen, trained, prize):
            return (
                f"sell {_breed(breed)} {pen + 1}"
                + (" trained" if trained else "")
                + (" prize" if prize else "")
            )
        case Buy(breed):
            return f"buy {_breed(breed)}"
        case Trade(breed, pen, fair_breed):
            return f"trade {_breed(breed)} {pen + 1} {_breed(fair_breed)}"
        case Starve(pen, breed):
            return f"starve {pen + 1} {_breed(breed)}"
        case Feed():
            return "feed"
        case Salary(how):
            return {"coin": "salary coin", "card": "salary card", "rehire": "rehire", "none": "no-rehire"}[
                how
            ]
    raise TypeError(f"not a DOGS action: {action!r}")


def _invalid(text: str) -> InvalidActionError:
    return InvalidActionError(
        f"{text!r} is not a DOGS move; see 'help' for the moves you have now",
        f"{text!r} não é uma jogada de DOGS; veja 'ajuda' para as jogadas possíveis agora",
    )


class _Reader:
    """Reads the words of one action, raising InvalidActionError on anything unexpected."""

    def __init__(self, text: str, words: list[str]) -> None:
        self.text, self.words = text, words

    def fail(self) -> InvalidActionError:
        return _invalid(self.text)

    def breed(self, word: str) -> int:
        ids = components().breed_ids
        if word not in ids:
            raise self.fail()
        return ids.index(word)

    def space(self, word: str) -> int:
        names = components().space_names
        if word.upper() not in names[1:]:
            raise self.fail()
        return names.index(word.upper())

    def pen(self, word: str) -> int:
        if word not in ("1", "2", "3", "4", "5"):
            raise self.fail()
        return int(word) - 1

    def card(self, word: str) -> int:
        names = [c.name for c in components().cards]
        if word not in names:
            raise self.fail()
        return names.index(word)

    def token(self, word: str, allowed: tuple[str, ...] = TOKENS) -> str:
        if word not in allowed:
            raise self.fail()
        return word


def parse_action(text: str) -> DogsAction:
    """The action written as `text`.

    Raises:
        InvalidActionError: text that is no DOGS move.
    """
    if not isinstance(text, str):
        raise _invalid(repr(text))
    words = text.strip().lower().split()
    r = _Reader(text, words)
    if not words:
        raise r.fail()
    head, args = words[0], words[1:]
    simple: dict[str, DogsAction] = {
        "home": HOME,
        "stay": STAY,
        "done": DONE,
        "feed": FEED,
        "accept": Answer(True),
        "decline": Answer(False),
        "build": Build(False),
        "rehire": Salary("rehire"),
        "no-rehire": Salary("none"),
    }
    if not args and head in simple:
        return simple[head]
    match head, args:
        case "fuel", [n] if n.isdigit() and len(n) < 3:
            return Fuel(int(n))
        case "move", [space]:
            return Move(r.space(space))
        case "bonus", [res]:
            return Bonus(r.token(res))
        case "use", ["swap", a, b]:
            return UseCard(r.card("swap"), r.space(a), r.space(b))
        case "use", ["dog", area] if area in AREAS:
            return UseCard(r.card("dog"), AREAS.index(area))
        case "use", [name] if components().cards[r.card(name)].resource:
            return UseCard(r.card(name))
        case "vet", ["yes" | "no" as answer]:
            return Vet(answer == "yes")
        case "donate", ["sick", breed]:
            return Donate(r.breed(breed), True)
        case "donate", [breed]:
            return Donate(r.breed(breed))
        case "put", [breed, pen]:
            return Put(r.breed(breed), r.pen(pen))
        case "lift", [breed, pen]:
            return Lift(r.breed(breed), r.pen(pen))
        case "place", [box, card] if box in BOXES:
            special = {"use-free": FREE, "no-card": NO_CARD}.get(card)
            return Place(BOXES.index(box), special if special is not None else r.card(card))
        case "build", ["discount"]:
            return Build(True)
        case "exchange", [give, take] if give != take:
            return Exchange(r.token(give), r.token(take))
        case "shop", [first, second]:
            pair = sorted((r.token(first, TOKENS[:2]), r.token(second, TOKENS[:2])))
            return Shop(pair[0], pair[1])
        case "cure", [breed]:
            return Cure(r.breed(breed))
        case "sell", [breed, pen, *extras] if set(extras) <= {"trained", "prize"} and len(set(extras)) == len(
            extras
        ):
            return Sell(r.breed(breed), r.pen(pen), "trained" in extras, "prize" in extras)
        case "buy", [breed]:
            return Buy(r.breed(breed))
        case "trade", [breed, pen, fair_breed]:
            return Trade(r.breed(breed), r.pen(pen), r.breed(fair_breed))
        case "starve", [pen, breed]:
            return Starve(r.pen(pen), r.breed(breed))
        case "salary", ["coin" | "card" as how]:
            return Salary(how)
    raise r.fail()


def action_to_json(action: DogsAction) -> JsonDict:
    """The JSON form: the notation under ``text``."""
    return {"text": format_action(action)}


def action_from_json(data: object) -> DogsAction:
    """The action in JSON form.

    Raises:
        InvalidActionError: anything but ``{"text": "<notation>"}``.
    """
    if not isinstance(data, dict) or set(data) != {"text"} or not isinstance(data["text"], str):
        raise _invalid(repr(data))
    return parse_action(data["text"])


def describe_action(action: DogsAction, lang: Lang) -> str:  # noqa: ARG001 - same words in both languages
    """The action in plain words (the notation, with the breed names spelt out)."""
    text = format_action(action)
    comp = components()
    for breed_id, name in zip(comp.breed_ids, comp.breed_names, strict=True):
        text = text.replace(breed_id, name)
    return text
