"""The DOGS log in words: each move in the rulebook's vocabulary and the public events after it.

Told from two spectator views, the table just before and just after the move (see
`tabuleiro.core.narration`), so nothing a seat keeps hidden can reach the log; in DOGS almost
everything is open anyway (kennels, trucks and held cards lie face up, § Uso das cartas). The
chance events are the dogs turned face up on the board (§ Fase 3, task 4), the cards dealt above
the action boxes and the Fair card revealed (§ Fase 3, task 3), and the dog drawn with Receba
1 cão. Rounds and phases are announced (§ Como jogar: "três fases, jogadas em ordem"), and the
end tells each kennel's points and the ranking (§ Pontuação final e vencedor).
"""

from __future__ import annotations

from collections.abc import Iterator

from tabuleiro.core import JsonDict, Lang, competition_ranks, seat_mark
from tabuleiro.core.i18n import Catalogue, text
from tabuleiro.core.narration import Event, Narration
from tabuleiro.games.dogs.actions import (
    BOX_NAMES,
    FREE,
    NO_CARD,
    Answer,
    Bonus,
    Build,
    Buy,
    Cure,
    DogsAction,
    Donate,
    Done,
    Exchange,
    Feed,
    Fuel,
    Home,
    Lift,
    Move,
    Place,
    Put,
    Salary,
    Sell,
    Shop,
    Starve,
    Stay,
    Trade,
    UseCard,
    Vet,
    card_words,
)
from tabuleiro.games.dogs.components import AREAS, components
from tabuleiro.games.dogs.state import BOXES

EXTRA_PEN_POINTS = (2, 3, 5)
"""Points of the extra pens 3, 4 and 5 (§ Fase 2, Prefeitura: "2pt, depois a de 3pt ... 5 pt")."""

PHASE_OF = {"fuel": 1, "move": 1, "arrange": 1, "actions": 2, "feed": 3, "salary": 3}
"""The rulebook's phase (§ Como jogar) of each step of the engine."""

WORDS: Catalogue = {
    "dog": {"pt": "um {breed}", "en": "a {breed}"},
    "sick_dog": {"pt": "um {breed} doente", "en": "a sick {breed}"},
    "lost_dog": {"pt": "um {breed} perdido", "en": "a lost {breed}"},
    "block": {"pt": "uma ficha de bloqueio", "en": "a blocking token"},
    "fuel": {
        "pt": "compra {gas:# ficha|# fichas} de gasolina por {coins:# moeda|# moedas}",
        "en": "buys {gas} gas for {coins:# coin|# coins}",
    },
    "fuel_none": {"pt": "não compra gasolina", "en": "buys no gas"},
    "move": {
        "pt": "vai até {space} ({gas:# ficha|# fichas} de gasolina) e recolhe {dog}",
        "en": "drives to {space} ({gas} gas) and picks up {dog}",
    },
    "move_lost": {
        "pt": "vai até {space} ({gas:# ficha|# fichas} de gasolina) e resgata {dog}: entregue à Feira,"
        " recompensa de {coins:# moeda|# moedas}",
        "en": "drives to {space} ({gas} gas) and rescues {dog}: handed to the Fair for a reward of"
        " {coins:# coin|# coins}",
    },
    "home": {"pt": "volta ao canil (1 ficha de gasolina)", "en": "drives home (1 gas)"},
    "home_first": {
        "pt": "volta ao canil (1 ficha de gasolina), o primeiro a voltar",
        "en": "drives home (1 gas), the first one home",
    },
    "stay": {
        "pt": "fica no canil nesta rodada, sem mover a pick-up",
        "en": "stays home this round without moving the pick-up",
    },
    "bonus": {"pt": "recebe {res} do estoque por voltar ao canil", "en": "takes {res} for coming home"},
    "use": {"pt": "usa a carta {card}", "en": "uses the card {card}"},
    "use_swap": {
        "pt": "usa a Troca de cães: {dog_a} em {a} troca de lugar com {dog_b} em {b}",
        "en": "uses the Dog swap: {dog_a} on {a} changes places with {dog_b} on {b}",
    },
    "use_dog": {
        "pt": "usa a carta Receba 1 cão: pega {dog} da reserva {area}",
        "en": "uses the Get 1 dog card: takes {dog} from the {area} supply",
    },
    "use_dog_lost": {
        "pt": "usa a carta Receba 1 cão: pega {dog} da reserva {area}, entregue à Feira por 1 moeda",
        "en": "uses the Get 1 dog card: takes {dog} from the {area} supply, handed to the Fair for 1 coin",
    },
    "vet_yes": {
        "pt": "usa a carta Veterinário: os cães doentes trazidos vão direto às baias",
        "en": "uses the Vet card: the sick dogs brought home go straight to the pens",
    },
    "vet_no": {"pt": "guarda a carta Veterinário", "en": "keeps the Vet card"},
    "donate": {"pt": "doa {dog}", "en": "gives away {dog}"},
    "offered": {"pt": "; oferecido a {who}", "en": "; offered to {who}"},
    "to_fair": {
        "pt": "; nenhum canil o acolhe e ele vai para a Feira",
        "en": "; no kennel takes it, so it goes to the Fair",
    },
    "accept": {"pt": "aceita {dog} doado", "en": "accepts {dog} given away"},
    "decline": {"pt": "recusa {dog} doado", "en": "declines {dog} given away"},
    "put": {"pt": "coloca {dog} na baia {pen}", "en": "puts {dog} in pen {pen}"},
    "lift": {"pt": "tira {dog} da baia {pen}", "en": "takes {dog} out of pen {pen}"},
    "done_arrange": {"pt": "termina de organizar as baias", "en": "finishes arranging the pens"},
    "done_box": {"pt": "encerra a ação", "en": "ends the action"},
    "done": {"pt": "conclui", "en": "is done"},
    "full_pen": {
        "pt": "; baia cheia com a mesma raça: +1 moeda",
        "en": "; a pen full of one breed: +1 coin",
    },
    "place": {
        "pt": "coloca um meeple no box {box} e pega a carta {card}",
        "en": "puts a meeple on the {box} box and takes the card {card}",
    },
    "place_free": {
        "pt": "usa a Entrada Livre: um meeple no box {box}, sem carta",
        "en": "uses the Free entry: a meeple on the {box} box, no card",
    },
    "place_none": {
        "pt": "coloca um meeple no box {box} (sem carta)",
        "en": "puts a meeple on the {box} box (no card left)",
    },
    "build": {
        "pt": "ativa a baia adicional de {points}pt por {coins:# moeda|# moedas}",
        "en": "builds the {points}-point extra pen for {coins:# coin|# coins}",
    },
    "build_discount": {
        "pt": "usa o Desconto e ativa a baia adicional de {points}pt por 1 moeda",
        "en": "uses the Discount and builds the {points}-point extra pen for 1 coin",
    },
    "exchange": {
        "pt": "troca {give} por {take} no Armazém",
        "en": "exchanges {give} for {take} at the Warehouse",
    },
    "shop": {
        "pt": "compra {first} e {second} por 1 moeda no Pet Shop",
        "en": "buys {first} and {second} for 1 coin at the Pet shop",
    },
    "shop_two": {"pt": "compra {res} por 1 moeda no Pet Shop", "en": "buys {res} for 1 coin at the Pet shop"},
    "cure": {
        "pt": "cura {dog} com 1 medicamento e o coloca numa baia",
        "en": "cures {dog} with 1 medicine and puts it in a pen",
    },
    "sell": {
        "pt": "vende {dog} da baia {pen} à Feira por {coins:# moeda|# moedas}",
        "en": "sells {dog} from pen {pen} to the Fair for {coins:# coin|# coins}",
    },
    "buy": {
        "pt": "compra {dog} da Feira por {coins:# moeda|# moedas}",
        "en": "buys {dog} from the Fair for {coins:# coin|# coins}",
    },
    "trade": {
        "pt": "troca {dog} da baia {pen} por {fair} da Feira",
        "en": "trades {dog} from pen {pen} for {fair} from the Fair",
    },
    "starve": {
        "pt": "não tem ração para a baia {pen}: {dog} adoece e vai para a enfermaria",
        "en": "has no food for pen {pen}: {dog} falls sick and goes to the infirmary",
    },
    "starve_fair": {
        "pt": "não tem ração para a baia {pen}: {dog} adoece e, com a enfermaria lotada, vai para a Feira",
        "en": "has no food for pen {pen}: {dog} falls sick and, the infirmary being full, goes to the Fair",
    },
    "feed": {
        "pt": "alimenta as baias com {n:# ficha|# fichas} de ração",
        "en": "feeds the pens with {n} food",
    },
    "feed_none": {"pt": "não alimenta mais nenhuma baia", "en": "feeds no more pens"},
    "salary_coin": {"pt": "paga o salário do ajudante (1 moeda)", "en": "pays the helper's wages (1 coin)"},
    "salary_card": {
        "pt": "paga o salário do ajudante com a carta Ajudante",
        "en": "pays the helper's wages with the Helper card",
    },
    "rehire": {"pt": "recontrata o ajudante (1 moeda)", "en": "hires the helper back (1 coin)"},
    "no_salary": {"pt": "fica sem ajudante", "en": "goes without a helper"},
    "closing_tasks": {"pt": "; encerramento: {done}", "en": "; closing the round: {done}"},
    "fed": {
        "pt": "{who} alimenta {n:# baia|# baias}",
        "en": "{who} feeds {n:# pen|# pens}",
    },
    "helper_left": {
        "pt": "{who} não pode pagar o salário e perde o ajudante",
        "en": "{who} cannot pay the wages and loses the helper",
    },
    "round": {"pt": "Rodada {n}", "en": "Round {n}"},
    "round_coin": {
        "pt": "Rodada {n}: cada jogador recebe 1 moeda; jogador inicial: {first}",
        "en": "Round {n}: every player gets 1 coin; first player: {first}",
    },
    "phase_2": {"pt": "Fase 2 — ações", "en": "Phase 2 — actions"},
    "phase_3": {"pt": "Fase 3 — encerramento da rodada", "en": "Phase 3 — end of the round"},
    "last_round": {
        "pt": "Esta é a última rodada: a reserva não tem cães para repor os espaços vazios",
        "en": "This is the last round: a supply has too few dogs to refill the empty spaces",
    },
    "last_round_stayed": {
        "pt": "Esta é a última rodada: todos ficaram no canil sem resgatar nenhum cão",
        "en": "This is the last round: everybody stayed home without rescuing a dog",
    },
    "next_last": {
        "pt": "As seis fichas de bloqueio estão no tabuleiro: a próxima rodada será a última",
        "en": "All six blocking tokens are on the board: the next round will be the last",
    },
    "refill": {"pt": "Novos cães no tabuleiro: {dogs}", "en": "New dogs on the board: {dogs}"},
    "box_cards": {"pt": "Novas cartas nos boxes: {cards}", "en": "New cards above the boxes: {cards}"},
    "fair_card": {
        "pt": "Nova carta da Feira: a Feira compra {breeds}",
        "en": "New Fair card: the Fair buys {breeds}",
    },
    "drawn": {"pt": "Sai da reserva {area}: {dog}", "en": "Drawn from the {area} supply: {dog}"},
    "points": {
        "pt": "{who}: {points:# ponto|# pontos} ({dogs:# cão sadio|# cães sadios})",
        "en": "{who}: {points:# point|# points} ({dogs:# healthy dog|# healthy dogs})",
    },
    "end": {"pt": "Fim do jogo — {ranking}", "en": "Game over — {ranking}"},
    "place_rank": {"pt": "{rank}º {who} ({points})", "en": "{rank}. {who} ({points})"},
    "and": {"pt": " e ", "en": " and "},
}
TOKENS: Catalogue = {
    "food": {"pt": "{n:# ficha|# fichas} de ração", "en": "{n} food"},
    "medicine": {"pt": "{n:# ficha|# fichas} de medicamento", "en": "{n} medicine"},
    "gas": {"pt": "{n:# ficha|# fichas} de gasolina", "en": "{n} gas"},
}
AREA_OF: Catalogue = {
    "city": {"pt": "da cidade", "en": "city"},
    "country": {"pt": "do campo", "en": "country"},
}


def _w(key: str, lang: Lang, **values: object) -> str:
    return text(WORDS, key, lang, **values)


def player(seat: int) -> str:
    """A seat as every narration names it: the log shows the player's name there."""
    return seat_mark(seat)


def _breed(breed_id: str) -> str:
    comp = components()
    return comp.breed_names[comp.breed_ids.index(breed_id)]


def dog_words(token: object, lang: Lang) -> str:
    """A dog token of a view in words: ``um Poodle``, ``um Poodle doente``, ``a lost Poodle``."""
    if token == "block":
        return _w("block", lang)
    if not isinstance(token, dict):
        return "—"
    kind = {"sick": "sick_dog", "lost": "lost_dog"}.get(str(token["kind"]), "dog")
    return _w(kind, lang, breed=_breed(str(token["breed"])))


def _healthy(breed: int, lang: Lang) -> str:
    return _w("dog", lang, breed=components().breed_names[breed])


def _res(name: str, lang: Lang, n: int = 1) -> str:
    """``1 ficha de ração``, ``2 fichas de medicamento`` / ``2 medicine``: tokens counted."""
    return text(TOKENS, name, lang, n=n)


def _card_named(name: str, lang: Lang) -> str:
    names = [c.name for c in components().cards]
    return card_words(names.index(name), lang)


def _kennel(view: JsonDict, seat: int) -> JsonDict:
    kennel: JsonDict = view["kennels"][seat]
    return kennel


def _fair_grew(before: JsonDict, after: JsonDict) -> bool:
    return len(after["fair"]["dogs"]) > len(before["fair"]["dogs"])


def _full_pen(before: JsonDict, after: JsonDict, seat: int, lang: Lang) -> str:
    """The full-pen bonus (§ Bônus pela baia cheia) when this move earned it."""
    was, now = _kennel(before, seat)["full_pen_bonus"], _kennel(after, seat)["full_pen_bonus"]
    earned = sum(1 for i, got in enumerate(now) if got and not (i < len(was) and was[i]))
    return _w("full_pen", lang) * earned


def _move(seat: int, action: DogsAction, before: JsonDict, after: JsonDict, lang: Lang) -> str:
    """The move in words, with what everybody saw it do."""
    comp = components()
    mine, then = _kennel(before, seat), _kennel(after, seat)

    def w(key: str, **values: object) -> str:
        return _w(key, lang, **values)

    match action:
        case Fuel(coins):
            return w("fuel", gas=then["gas"] - mine["gas"], coins=coins) if coins else w("fuel_none")
        case Move(space):
            name = comp.space_names[space]
            token = before["board"][name]
            gas = mine["gas"] - then["gas"]
            if isinstance(token, dict) and token["kind"] == "lost":
                reward = then["coins"] - mine["coins"]
                return w("move_lost", space=name, gas=gas, dog=dog_words(token, lang), coins=reward)
            return w("move", space=name, gas=gas, dog=dog_words(token, lang))
        case Home():
            first = not before["home_order"] and before["players"] > 2
            return w("home_first" if first else "home")
        case Stay():
            return w("stay")
        case Bonus(resource):
            return w("bonus", res=_res(resource, lang))
        case UseCard(card, a, b):
            return _use_card(card, a, b, before, after, seat, lang)
        case Vet(use):
            return w("vet_yes" if use else "vet_no")
        case Donate(breed, sick):
            dog = _w("sick_dog" if sick else "dog", lang, breed=comp.breed_names[breed])
            return w("donate", dog=dog) + _offer_fate(before, after, lang)
        case Answer(accept):
            offered = before["decision"] or {}
            dog = dog_words(offered.get("dog"), lang)
            return w("accept" if accept else "decline", dog=dog) + (
                "" if accept else _offer_fate(before, after, lang)
            )
        case Put(breed, pen):
            return w("put", dog=_healthy(breed, lang), pen=pen + 1) + _full_pen(before, after, seat, lang)
        case Lift(breed, pen):
            return w("lift", dog=_healthy(breed, lang), pen=pen + 1)
        case Place(box, card):
            name = text(BOX_NAMES, BOXES[box], lang)
            if card == FREE:
                return w("place_free", box=name)
            if card == NO_CARD:
                return w("place_none", box=name)
            return w("place", box=name, card=card_words(card, lang))
        case Build(discount):
            points = EXTRA_PEN_POINTS[min(len(then["pens"]), 5) - 3]
            if discount:
                return w("build_discount", points=points)
            return w("build", points=points, coins=mine["coins"] - then["coins"])
        case Exchange(give, take):
            return w("exchange", give=_res(give, lang), take=_res(take, lang))
        case Shop(first, second) if first == second:
            return w("shop_two", res=_res(first, lang, 2))
        case Shop(first, second):
            return w("shop", first=_res(first, lang), second=_res(second, lang))
        case Cure(breed):
            return w("cure", dog=_healthy(breed, lang)) + _full_pen(before, after, seat, lang)
        case Sell(breed, pen):
            coins = then["coins"] - mine["coins"]
            return w("sell", dog=_healthy(breed, lang), pen=pen + 1, coins=coins)
        case Buy(breed):
            return w("buy", dog=_healthy(breed, lang), coins=before["fair"]["price"])
        case Trade(breed, pen, fair_breed):
            fair = _healthy(fair_breed, lang)
            return w("trade", dog=_healthy(breed, lang), pen=pen + 1, fair=fair) + _full_pen(
                before, after, seat, lang
            )
        case Starve(pen, breed):
            key = "starve_fair" if _fair_grew(before, after) else "starve"
            return w(key, pen=pen + 1, dog=_healthy(breed, lang))
        case Feed():
            spent = mine["food"] - then["food"]
            return w("feed", n=spent) if spent else w("feed_none")
        case Salary(how):
            key = {"coin": "salary_coin", "card": "salary_card", "rehire": "rehire", "none": "no_salary"}[how]
            return w(key)
        case Done():
            return _done(seat, before, after, lang)
    raise TypeError(f"not a DOGS action: {action!r}")


def _done(seat: int, before: JsonDict, after: JsonDict, lang: Lang) -> str:
    """`done`: the end of a redistribution or of a box's action."""
    decision = before["decision"] or {}
    key = {"arrange": "done_arrange", "box": "done_box"}.get(str(decision.get("kind")), "done")
    return _w(key, lang) + _full_pen(before, after, seat, lang)


def _use_card(card: int, a: int, b: int, before: JsonDict, after: JsonDict, seat: int, lang: Lang) -> str:
    """A held card used: its tokens, the dogs swapped (Troca de cães) or the dog drawn."""
    comp = components()
    special = comp.cards[card].special
    if special == "swap":
        first, second = comp.space_names[a], comp.space_names[b]
        return _w(
            "use_swap",
            lang,
            a=first,
            b=second,
            dog_a=dog_words(before["board"][first], lang),
            dog_b=dog_words(before["board"][second], lang),
        )
    if special == "dog":
        area = text(AREA_OF, AREAS[a], lang)
        drawn = _drawn(before, after, seat)
        if drawn is None:  # the Receba 1 cão dog was lost: it went to the Fair (interpretation 6)
            breed = after["fair"]["dogs"][-1] if _fair_grew(before, after) else None
            lost = {"breed": breed, "kind": "lost"} if breed else None
            return _w("use_dog_lost", lang, dog=dog_words(lost, lang), area=area)
        return _w("use_dog", lang, dog=dog_words(drawn, lang), area=area)
    return _w("use", lang, card=card_words(card, lang))


def _drawn(before: JsonDict, after: JsonDict, seat: int) -> JsonDict | None:
    """The dog the Receba 1 cão card put on the seat's pick-up, if it stayed there."""
    was, now = _kennel(before, seat)["truck"], _kennel(after, seat)["truck"]
    if len(now) > len(was):
        drawn: JsonDict = now[-1]
        return drawn
    return None


def _offer_fate(before: JsonDict, after: JsonDict, lang: Lang) -> str:
    """Where a donated dog went next: offered to the next kennel, or to the Fair (§ Fase 1)."""
    decision = after["decision"] or {}
    if decision.get("kind") == "offer":
        return _w("offered", lang, who=player(int(decision["asking"])))
    if _fair_grew(before, after):
        return _w("to_fair", lang)
    return ""


def _chance(
    seat: int, action: DogsAction | None, before: JsonDict, after: JsonDict, lang: Lang
) -> Iterator[Event]:
    """Dogs and cards turned face up: the refill, the box cards, the Fair card, a drawn dog."""
    comp = components()
    if isinstance(action, UseCard) and comp.cards[action.card].special == "dog":
        drawn = _drawn(before, after, seat)
        lost = after["fair"]["dogs"][-1] if drawn is None and _fair_grew(before, after) else None
        dog = drawn if drawn is not None else {"breed": lost, "kind": "lost"} if lost else None
        if dog is not None:
            area = text(AREA_OF, AREAS[action.a], lang)
            yield Event("chance", _w("drawn", lang, area=area, dog=dog_words(dog, lang)))
    refilled = [
        f"{space} {dog_words(token, lang)}"
        for space, token in after["board"].items()
        if token is not None and before["board"].get(space) is None
    ]
    if refilled:
        yield Event("chance", _w("refill", lang, dogs=", ".join(refilled)))
    dealt = _dealt(before, after, lang)
    if dealt:
        yield Event("chance", _w("box_cards", lang, cards="; ".join(dealt)))
    if after["fair"]["card"] != before["fair"]["card"]:
        breeds = [_breed(b) for b in after["fair"]["card"]]
        joined = ", ".join(breeds[:-1]) + _w("and", lang) + breeds[-1] if len(breeds) > 1 else "".join(breeds)
        yield Event("chance", _w("fair_card", lang, breeds=joined))


def _dealt(before: JsonDict, after: JsonDict, lang: Lang) -> list[str]:
    """The boxes whose cards were dealt anew (§ Fase 3, task 3), with the cards now above them."""
    out = []
    for box in BOXES:
        was, now = before["boxes"][box]["cards"], after["boxes"][box]["cards"]
        if now and (len(now) > len(was) or (now != was and len(now) == len(was))):
            cards = ", ".join(_card_named(c, lang) for c in now)
            out.append(f"{text(BOX_NAMES, box, lang)}: {cards}")
    return out


def _closing(before: JsonDict, after: JsonDict, lang: Lang) -> Iterator[Event]:
    """Phase 3 begins: announced also when its tasks all ran by themselves (every pen fed,
    every wage paid) and the table went straight to the next round."""
    was = PHASE_OF.get(str(before["phase"]), 0)
    now = (
        3 if after["round"] != before["round"] or after["finished"] else PHASE_OF.get(str(after["phase"]), 0)
    )
    if was in (1, 2) and now == 3:
        yield Event("round", _w("phase_3", lang))


def _rounds(before: JsonDict, after: JsonDict, lang: Lang) -> Iterator[Event]:
    """A new round, a new phase, the last round announced (§ Como jogar, § Fim do jogo)."""
    if after["finished"]:
        return
    if after["round"] != before["round"]:
        first = player(int(after["first_player"]))
        yield Event("round", _w("round_coin", lang, n=after["round"], first=first))
    if PHASE_OF.get(str(after["phase"])) == 2 and PHASE_OF.get(str(before["phase"])) != 2:
        yield Event("round", _w("phase_2", lang))
    if after["last_round"] and not before["last_round"]:
        # § Fim do jogo: the supply cannot refill its area, or nobody moved nor rescued a dog
        stayed = all(k["trip"] == "stayed" for k in after["kennels"])
        yield Event("round", _w("last_round_stayed" if stayed else "last_round", lang))
    if after["next_round_last"] and not before["next_round_last"]:
        yield Event("round", _w("next_last", lang))


def _end(before: JsonDict, after: JsonDict, lang: Lang) -> Iterator[Event]:
    """Each kennel's points and the ranking when the game ends (§ Pontuação final e vencedor:
    ties go to the most healthy dogs)."""
    if not after["finished"] or before["finished"]:
        return
    kennels = after["kennels"]
    points = [int(k["points_now"]) for k in kennels]
    healthy = [sum(n for pen in k["pens"] for n in pen.values()) for k in kennels]
    for seat in range(len(kennels)):
        who = player(seat)
        yield Event("score", _w("points", lang, who=who, points=points[seat], dogs=healthy[seat]))
    ranks = competition_ranks(list(zip(points, healthy, strict=True)))
    order = sorted(range(len(kennels)), key=lambda s: (ranks[s], s))
    ranking = ", ".join(_w("place_rank", lang, rank=ranks[s], who=player(s), points=points[s]) for s in order)
    yield Event("end", _w("end", lang, ranking=ranking))


def _closing_tasks(seat: int, action: DogsAction, before: JsonDict, after: JsonDict, lang: Lang) -> str:
    """§ Fase 3, tasks 1 and 2 done by themselves after this move: the pens fed where the food
    sufficed and nothing was to choose, and helpers who left unpaid."""
    was = PHASE_OF.get(str(before["phase"]), 0)
    ended = after["round"] != before["round"] or after["finished"]
    if was < 2 or not (ended or PHASE_OF.get(str(after["phase"])) == 3):
        return ""
    done = []
    for other, (k0, k1) in enumerate(zip(before["kennels"], after["kennels"], strict=True)):
        own = other == seat and isinstance(action, Feed | Starve | Salary)
        spent = k0["food"] - k1["food"]
        if spent > 0 and not own:
            done.append(_w("fed", lang, who=player(other), n=spent))
        if k0["helper"] and not k1["helper"] and not own:
            done.append(_w("helper_left", lang, who=player(other)))
    return _w("closing_tasks", lang, done=", ".join(done)) if done else ""


def opening(view: JsonDict, lang: Lang) -> tuple[Event, ...]:
    """§ Preparação: the dogs put on the board, the cards above the boxes and the Fair card,
    told as if turned up on an empty table."""
    empty = {
        **view,
        "board": {space: token if token == "block" else None for space, token in view["board"].items()},
        "boxes": {box: {**spot, "cards": []} for box, spot in view["boxes"].items()},
        "fair": {**view["fair"], "card": None},
    }
    return tuple(_chance(-1, None, empty, view, lang))


def narrate(seat: int, action: DogsAction, before: JsonDict, after: JsonDict, lang: Lang) -> Narration:
    """`seat`'s `action` in words and the public events that followed it, from the spectator
    views `before` and `after` it."""
    move = _move(seat, action, before, after, lang) + _closing_tasks(seat, action, before, after, lang)
    events = (
        *_closing(before, after, lang),
        *_chance(seat, action, before, after, lang),
        *_rounds(before, after, lang),
        *_end(before, after, lang),
    )
    return Narration(move, events)
