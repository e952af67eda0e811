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
Cards, whenever their timing allows: ``use food2`` · ``use swap C3 C5`` · ``use dog city``

Breeds are written by id (``poodle``, ``sao_bernardo``), spaces C1..C8 / K1..K8, pens 1..5.
The JSON form is ``{"text": "<notation>"}``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabuleiro.core import InvalidActionError, JsonDict, Lang
from tabuleiro.core.i18n import Catalogue, text
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


BOX_NAMES: Catalogue = {
    "prefeitura": {"pt": "Prefeitura", "en": "Town hall"},
    "armazem": {"pt": "Armazém", "en": "Warehouse"},
    "petshop": {"pt": "Pet Shop", "en": "Pet shop"},
    "veterinario": {"pt": "Veterinário", "en": "Vet"},
    "feira": {"pt": "Feira de Cães", "en": "Dog Fair"},
}
RESOURCE_NAMES: Catalogue = {
    "food": {"pt": "ração", "en": "food"},
    "medicine": {"pt": "remédio", "en": "medicine"},
    "gas": {"pt": "gasolina", "en": "gas"},
    "coins": {"pt": "{n:moeda|moedas}", "en": "{n:coin|coins}"},
}
CARD_NAMES: Catalogue = {
    "dog": {"pt": "Receba 1 cão", "en": "Get 1 dog"},
    "trained": {"pt": "Cão Adestrado", "en": "Trained dog"},
    "prize": {"pt": "Cão Premiado", "en": "Prize dog"},
    "vet": {"pt": "Veterinário", "en": "Vet"},
    "swap": {"pt": "Troca de cães", "en": "Dog swap"},
    "discount": {"pt": "Desconto", "en": "Discount"},
    "helper": {"pt": "Ajudante", "en": "Helper"},
    "free": {"pt": "Entrada Livre", "en": "Free entry"},
}
AREA_NAMES: Catalogue = {
    "city": {"pt": "da cidade", "en": "city"},
    "country": {"pt": "do campo", "en": "country"},
}
WORDS: Catalogue = {
    "fuel": {
        "pt": "Comprar {gas} de gasolina por {coins:# moeda|# moedas}",
        "en": "Buy {gas} gas for {coins:# coin|# coins}",
    },
    "fuel_none": {"pt": "Não comprar gasolina", "en": "Buy no gas"},
    "move": {"pt": "Ir até {space} e recolher o cão", "en": "Drive to {space} and pick up the dog"},
    "home": {"pt": "Voltar ao canil (1 gasolina)", "en": "Go home (1 gas)"},
    "stay": {"pt": "Não sair com a pick-up nesta rodada", "en": "Stay home this round"},
    "bonus": {"pt": "Bônus de retorno: 1 {res}", "en": "Homecoming bonus: 1 {res}"},
    "use": {"pt": "Usar a carta: receber {n} {res}", "en": "Use the card: get {n} {res}"},
    "use_swap": {
        "pt": "Troca de cães: trocar os cães de {a} e {b}",
        "en": "Dog swap: swap the dogs on {a} and {b}",
    },
    "use_dog": {
        "pt": "Receba 1 cão: um cão da reserva {area}",
        "en": "Get 1 dog: a dog from the {area} supply",
    },
    "vet_yes": {
        "pt": "Usar a carta Veterinário: os doentes trazidos vão direto às baias",
        "en": "Use the Vet card: the sick dogs brought home go straight to the pens",
    },
    "vet_no": {"pt": "Não usar a carta Veterinário", "en": "Keep the Vet card"},
    "donate": {"pt": "Doar um {breed}", "en": "Give away a {breed}"},
    "donate_sick": {"pt": "Doar um {breed} doente", "en": "Give away a sick {breed}"},
    "accept": {"pt": "Aceitar o cão doado", "en": "Accept the dog"},
    "decline": {"pt": "Recusar o cão doado", "en": "Decline the dog"},
    "put": {"pt": "Colocar um {breed} na baia {pen}", "en": "Put a {breed} in pen {pen}"},
    "lift": {"pt": "Tirar um {breed} da baia {pen}", "en": "Take a {breed} out of pen {pen}"},
    "done": {"pt": "Concluir", "en": "Done"},
    "place": {"pt": "{box}: pegar a carta {card}", "en": "{box}: take the card {card}"},
    "place_free": {"pt": "{box}: Entrada Livre (sem carta)", "en": "{box}: free entry (no card)"},
    "place_none": {"pt": "{box} (sem carta)", "en": "{box} (no card left)"},
    "build": {"pt": "Construir a próxima baia (2 moedas)", "en": "Build the next pen (2 coins)"},
    "build_discount": {
        "pt": "Construir a próxima baia com o Desconto (1 moeda)",
        "en": "Build the next pen with the Discount (1 coin)",
    },
    "exchange": {"pt": "Trocar 1 {give} por 1 {take}", "en": "Exchange 1 {give} for 1 {take}"},
    "shop": {
        "pt": "Comprar 1 {first} e 1 {second} por 1 moeda",
        "en": "Buy 1 {first} and 1 {second} for 1 coin",
    },
    "shop_two": {"pt": "Comprar 2 {res} por 1 moeda", "en": "Buy 2 {res} for 1 coin"},
    "cure": {"pt": "Curar um {breed} (1 remédio)", "en": "Cure a {breed} (1 medicine)"},
    "sell": {
        "pt": "Vender um {breed} da baia {pen} por {coins:# moeda|# moedas}",
        "en": "Sell a {breed} from pen {pen} for {coins:# coin|# coins}",
    },
    "buy": {"pt": "Comprar um {breed} da Feira", "en": "Buy a {breed} from the Fair"},
    "trade": {
        "pt": "Trocar um {breed} da baia {pen} por um {fair}",
        "en": "Trade a {breed} from pen {pen} for a {fair}",
    },
    "feed": {
        "pt": "Alimentar as baias (1 ração por baia ocupada)",
        "en": "Feed the pens (1 food per occupied pen)",
    },
    "starve": {
        "pt": "Deixar a baia {pen} sem ração: um {breed} vai para a enfermaria",
        "en": "Leave pen {pen} unfed: a {breed} goes to the infirmary",
    },
    "salary_coin": {"pt": "Pagar o ajudante com 1 moeda", "en": "Pay the helper 1 coin"},
    "salary_card": {
        "pt": "Pagar o ajudante com a carta Ajudante",
        "en": "Pay the helper with the Helper card",
    },
    "rehire": {"pt": "Recontratar o ajudante (1 moeda)", "en": "Rehire the helper (1 coin)"},
    "no_rehire": {"pt": "Ficar sem ajudante", "en": "Go without a helper"},
}


def card_words(card: int, lang: Lang) -> str:
    """A card's name in words: ``+2 ração`` or ``Troca de cães``."""
    c = components().cards[card]
    if c.resource:
        return f"+{c.units} {text(RESOURCE_NAMES, c.resource, lang, n=c.units)}"
    return text(CARD_NAMES, c.special or "", lang)


def describe_action(action: DogsAction, lang: Lang) -> str:
    """The action in plain words, with the rulebook's breed names."""
    comp = components()

    def w(key: str, **values: object) -> str:
        return text(WORDS, key, lang, **values)

    def breed(b: int) -> str:
        return comp.breed_names[b]

    def res(name: str, n: int = 1) -> str:
        return text(RESOURCE_NAMES, name, lang, n=n)

    match action:
        case Fuel(coins):
            return w("fuel", gas=3 * coins, coins=coins) if coins else w("fuel_none")
        case Move(space):
            return w("move", space=_space(space))
        case Home():
            return w("home")
        case Stay():
            return w("stay")
        case Bonus(resource):
            return w("bonus", res=res(resource))
        case UseCard(card, a, b):
            special = comp.cards[card].special
            if special == "swap":
                return w("use_swap", a=_space(a), b=_space(b))
            if special == "dog":
                return w("use_dog", area=text(AREA_NAMES, AREAS[a], lang))
            return w(
                "use",
                n=comp.cards[card].units,
                res=res(comp.cards[card].resource or "", comp.cards[card].units),
            )
        case Vet(use):
            return w("vet_yes" if use else "vet_no")
        case Donate(b, sick):
            return w("donate_sick" if sick else "donate", breed=breed(b))
        case Answer(accept):
            return w("accept" if accept else "decline")
        case Put(b, pen):
            return w("put", breed=breed(b), pen=pen + 1)
        case Lift(b, pen):
            return w("lift", breed=breed(b), pen=pen + 1)
        case Done():
            return w("done")
        case Place(box, card):
            name = text(BOX_NAMES, BOXES[box], lang)
            if card == FREE:
                return w("place_free", box=name)
            if card == NO_CARD:
                return w("place_none", box=name)
            return w("place", box=name, card=card_words(card, lang))
        case Build(discount):
            return w("build_discount" if discount else "build")
        case Exchange(give, take):
            return w("exchange", give=res(give), take=res(take))
        case Shop(first, second) if first == second:
            return w("shop_two", res=res(first, 2))
        case Shop(first, second):
            return w("shop", first=res(first), second=res(second))
        case Cure(b):
            return w("cure", breed=breed(b))
        case Sell(b, pen, trained, prize):
            return w("sell", breed=breed(b), pen=pen + 1, coins=2 + trained + 2 * prize)
        case Buy(b):
            return w("buy", breed=breed(b))
        case Trade(b, pen, fair_breed):
            return w("trade", breed=breed(b), pen=pen + 1, fair=breed(fair_breed))
        case Starve(pen, b):
            return w("starve", pen=pen + 1, breed=breed(b))
        case Feed():
            return w("feed")
        case Salary(how):
            return w(
                {"coin": "salary_coin", "card": "salary_card", "rehire": "rehire", "none": "no_rehire"}[how]
            )
    raise TypeError(f"not a DOGS action: {action!r}")
