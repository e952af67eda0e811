"""The log of Volta ao mundo em 80 dias in words: each move as the rulebook says it, and the
public events after it.

Told from two spectator views, the table just before and just after the move (see
`tabuleiro.core.narration`), so no draft hand or sealed pick reaches an event; a sealed pick's
own words are shown only once the server unseals it. The chance events are the cards turned
face up: the weather card (§ Início do jogo, § Movimento: "descarta a carta de clima"), the
event card read aloud (§ Realizar o evento: "lê-la em voz alta para todos"), the market's new
cards (§ Mercado: "preencha o espaço vazio com a próxima carta"), city cards revealed by events,
and at the start of the race the start cities and the first player. A new round begins each
time the turn comes back round the table; a traveller home is a score (the days), and the end
of the race ranks everyone (interpretation 28).
"""

from __future__ import annotations

from collections.abc import Iterator

from tabuleiro.core import JsonDict, Lang, competition_ranks, seat_mark
from tabuleiro.core.i18n import Catalogue, text
from tabuleiro.core.narration import Event, Narration
from tabuleiro.games.volta_ao_mundo import render
from tabuleiro.games.volta_ao_mundo.actions import (
    Buy,
    Choose,
    Detour,
    End,
    FaceChoice,
    Flip,
    Leg,
    Lock,
    Move,
    Pick,
    Plan,
    RaceAction,
    Refresh,
    Rest,
    Sabotage,
    Sponsor,
    Start,
    Swap,
    Telegraph,
    UseEffect,
    pos_text,
)
from tabuleiro.games.volta_ao_mundo.components import TRANSPORTS, components
from tabuleiro.games.volta_ao_mundo.scoring import FOGG_DAYS
from tabuleiro.games.volta_ao_mundo.state import OVERFLOW

COMP = components()
CARDS = {c.id: c for c in COMP.cards}
EVENTS = {e.id: e for e in COMP.events}
TRANSPORT_OF = {mask: name for name, mask in TRANSPORTS.items()}
TRAVEL_LEDGER = ("routes", "weather", "events", "cards", "sabotage", "minimum")
"""The ledger lines a Move adds to (§ Movimento); ``idle`` and ``rest`` are the turn's."""

WORDS: Catalogue = {
    "pick": {"pt": "fica com a carta de cidade {city}", "en": "keeps the city card {city}"},
    "start": {"pt": "escolhe {city} como cidade de partida", "en": "chooses {city} as the start city"},
    "move": {
        "pt": "parte de {a} para {b} de {transport}, com {weather}",
        "en": "sets off from {a} to {b} by {transport}, in {weather}",
    },
    "charter": {
        "pt": "usa o Fretamento: de {a} para {b}, sem clima",
        "en": "uses the Charter: from {a} to {b}, no weather",
    },
    "leg": {
        "pt": "anda mais um espaço, até {city} de {transport}",
        "en": "travels one more space, to {city} by {transport}",
    },
    "stop": {"pt": "não anda mais", "en": "travels no further"},
    "detour": {"pt": "muda o destino para {city}", "en": "changes the destination to {city}"},
    "arrive": {
        "pt": "; chega a {city} em {days:# dia|# dias} (total {total:# dia|# dias})",
        "en": "; reaches {city} in {days:# day|# days} ({total:# day|# days} in all)",
    },
    "sun": {"pt": "sol", "en": "sunshine"},
    "fog": {"pt": "névoa (+1 dia)", "en": "fog (+1 day)"},
    "storm": {"pt": "tempestade (+2 dias)", "en": "a storm (+2 days)"},
    "telegraph": {"pt": "usa o telégrafo ({card})", "en": "uses the telegraph ({card})"},
    "fame": {"pt": "; fama +{n} ({total})", "en": "; fame +{n} ({total})"},
    "income": {
        "pt": "; renda: +{n:# moeda|# moedas} na carta",
        "en": "; income: +{n:# coin|# coins} on the card",
    },
    "collect": {
        "pt": "; coleta {n:# moeda|# moedas} ({total} na mão)",
        "en": "; collects {n:# coin|# coins} ({total} in hand)",
    },
    "fame_change": {"pt": "; fama {n} ({total})", "en": "; fame {n} ({total})"},
    "coins_change": {"pt": "; moedas {n} ({total} na mão)", "en": "; coins {n} ({total} in hand)"},
    "discarded": {
        "pt": "; sai do tableau e vai para o descarte: {cards}",
        "en": "; off the tableau to the discard: {cards}",
    },
    "passport": {
        "pt": "; um novo passaporte abre o espaço {n} do tableau",
        "en": "; a new passport opens tableau slot {n}",
    },
    "buy": {
        "pt": "compra a carta {card} do mercado por {coins:# moeda|# moedas}",
        "en": "buys the card {card} from the market for {coins:# coin|# coins}",
    },
    "with_sabotage": {"pt": " e leva a sabotagem {card}", "en": " and takes the sabotage card {card}"},
    "office": {"pt": " (Escritório)", "en": " (office)"},
    "free": {"pt": " (ação livre)", "en": " (free action)"},
    "swap": {
        "pt": "troca de lugar as cartas das posições {a} e {b} do tableau",
        "en": "swaps the cards at tableau positions {a} and {b}",
    },
    "flip": {"pt": "vira a carta em {pos}, agora {card}", "en": "turns over the card at {pos}, now {card}"},
    "flip_other": {
        "pt": "vira a carta em {pos} de {who}, agora {card}",
        "en": "turns over {who}'s card at {pos}, now {card}",
    },
    "effect": {"pt": "usa o efeito {card}", "en": "uses the effect {card}"},
    "effect_on": {
        "pt": "usa o efeito {card} na posição {pos}",
        "en": "uses the effect {card} on position {pos}",
    },
    "effect_seat": {
        "pt": "usa o efeito {card} na carta em {pos} de {who}",
        "en": "uses the effect {card} on {who}'s card at {pos}",
    },
    "rest": {"pt": "descansa ({n:# ação|# ações})", "en": "rests ({n:# action|# actions})"},
    "refresh": {
        "pt": "descarta e repõe as cartas {places} do mercado",
        "en": "discards and replaces market cards {places}",
    },
    "end": {"pt": "encerra o turno", "en": "ends the turn"},
    "idle": {"pt": "; turno sem mover: +1 dia", "en": "; a turn without a Move: +1 day"},
    "rested": {"pt": "; descanso: +{n:# dia|# dias}", "en": "; rest: +{n:# day|# days}"},
    "sponsor": {
        "pt": "põe as moedas do patrocinador na carta telégrafo em {pos}",
        "en": "puts the sponsor's coins onto the telegraph card at {pos}",
    },
    "lock": {"pt": "põe um cadeado na carta em {pos}", "en": "puts a lock token on the card at {pos}"},
    "face": {"pt": "escolhe o lado {face}: {card}", "en": "chooses face {face}: {card}"},
    "skip": {"pt": "não faz nada", "en": "does nothing"},
    "elephant": {
        "pt": "vai de elefante (movimento de charrete)",
        "en": "rides the elephant (a carriage move)",
    },
    "pay": {"pt": "paga as moedas", "en": "pays the coins"},
    "delay": {"pt": "perde o dia", "en": "loses the day"},
    "sabotage": {"pt": "recebe a carta de sabotagem", "en": "takes the sabotage card"},
    "hold": {
        "pt": "gasta o cadeado: a carta não vira",
        "en": "spends the lock token: the card keeps its face",
    },
    "turn": {"pt": "deixa a carta virar", "en": "lets the card turn over"},
    "sabotage_under": {
        "pt": "põe uma carta de sabotagem sob a carta {m} do mercado ({card})",
        "en": "puts a sabotage card under market card {m} ({card})",
    },
    "plan": {
        "pt": "planeja: a carta em {pos}, lado {face}, vai para o próximo espaço",
        "en": "plans: the card at {pos}, face {face}, goes to the next place",
    },
    "phase_start": {
        "pt": "Fim do draft: cada jogador escolhe a cidade de partida",
        "en": "The draft is over: every player chooses a start city",
    },
    "race": {"pt": "A corrida começa — Rodada 1", "en": "The race begins — Round 1"},
    "round": {"pt": "Rodada {n}", "en": "Round {n}"},
    "origin": {
        "pt": "{who} parte de {city}; as outras cartas ({cards}) dão {coins:# moeda|# moedas}"
        " e {fame} de fama",
        "en": "{who} starts in {city}; the other cards ({cards}) give {coins:# coin|# coins} and {fame} fame",
    },
    "first": {"pt": "Primeiro jogador sorteado: {who}", "en": "First player drawn: {who}"},
    "weather_card": {
        "pt": "Nova carta de clima: navio {ship}, trem {train}, charrete {carriage}",
        "en": "New weather card: ship {ship}, train {train}, carriage {carriage}",
    },
    "icon_event": {"pt": " com jornal", "en": " with a newspaper"},
    "icon_fame": {"pt": " com estrela (+1 fama)", "en": " with a star (+1 fame)"},
    "icon_coin": {"pt": " com moeda (+1 moeda)", "en": " with a coin (+1 coin)"},
    "event": {"pt": "Evento: {name} — {text}", "en": "Event: {name} — {text}"},
    "market": {
        "pt": "Entra no mercado: {card} por {price:# moeda|# moedas}",
        "en": "New in the market: {card} for {price:# coin|# coins}",
    },
    "city_card": {"pt": "Carta de cidade revelada: {city}", "en": "City card revealed: {city}"},
    "home": {
        "pt": "{who} completa a volta ao mundo em {days} dias",
        "en": "{who} completes the journey round the world in {days} days",
    },
    "fogg": {"pt": " — recorde de Fogg quebrado!", "en": " — Fogg's record broken!"},
    "out": {"pt": "{who} sai da corrida", "en": "{who} is out of the race"},
    "race_over": {"pt": "Fim da corrida — {ranking}", "en": "The race is over — {ranking}"},
    "rank_home": {"pt": "{rank}º {who} ({days} dias)", "en": "{rank}. {who} ({days} days)"},
    "rank_out": {
        "pt": "{rank}º {who} (não voltou; {cities:# cidade|# cidades})",
        "en": "{rank}. {who} (not back; {cities:# city|# cities})",
    },
}


def _w(key: str, lang: Lang, **values: object) -> str:
    return text(WORDS, key, lang, **values)


def player(seat: int) -> str:
    """A seat as every narration names it: the log shows the player's name there."""
    return seat_mark(seat)


def city_name(code: str | None, lang: Lang) -> str:
    """A city's name in `lang` from its id (``BOM`` → ``Bombaim``)."""
    return COMP.city_names[COMP.city(code)][lang] if code else "—"


def _city(index: int, lang: Lang) -> str:
    return COMP.city_names[index][lang]


def card_name(placed: JsonDict | None, lang: Lang) -> str:
    """The face up of a tableau or market card in words (``Trem −1``)."""
    if placed is None:
        return "—"
    card = CARDS[str(placed["card"])]
    words = render.face_text(card.faces["ab".index(str(placed.get("face", "a")))], lang)
    return words[:1].upper() + words[1:]


def _transport(name: str, lang: Lang) -> str:
    return text(render.TEXT, name, lang)


def _traveller(view: JsonDict, seat: int) -> JsonDict:
    traveller: JsonDict = view["travellers"][seat]
    return traveller


def _at(view: JsonDict, seat: int, pos: int) -> JsonDict | None:
    t = _traveller(view, seat)
    placed: JsonDict | None = t["overflow"] if pos == OVERFLOW else t["tableau"][pos]
    return placed


def _move(seat: int, action: RaceAction, before: JsonDict, after: JsonDict, lang: Lang) -> str:
    """The move in words (third person, no name: the log puts the name before it)."""
    was = _traveller(before, seat)

    def w(key: str, **values: object) -> str:
        return _w(key, lang, **values)

    match action:
        case Pick(city):
            return w("pick", city=_city(city, lang))
        case Start(city):
            return w("start", city=_city(city, lang))
        case Move(city):
            return _departure(was["city"], city, before, lang)
        case Leg(city):
            route = COMP.routes[COMP.route_between(COMP.city(was["city"]), city)]
            name = TRANSPORT_OF[route.transport]
            return w("leg", city=_city(city, lang), transport=_transport(name, lang))
        case Detour(city):
            return w("detour", city=_city(city, lang))
        case Telegraph(slot):
            return w("telegraph", card=card_name(_at(before, seat, slot), lang)) + _telegraph(
                seat, before, after, lang
            )
        case Buy(market, office, free):
            return _buy(seat, market, before, after, lang) + _office(office, free, lang)
        case Swap(a, b, office, free):
            return w("swap", a=pos_text(a), b=pos_text(b)) + _office(office, free, lang)
        case Flip(pos, free):
            return _flip(seat, pos, before, after, lang) + _office(-1, free, lang)
        case UseEffect(slot, target, pos, city):
            card = card_name(_at(before, seat, slot), lang)
            if city >= 0:
                return w("charter", a=city_name(was["city"], lang), b=_city(city, lang))
            if target >= 0:
                return w("effect_seat", card=card, pos=pos_text(pos), who=player(target))
            if pos >= 0:
                return w("effect_on", card=card, pos=pos_text(pos))
            return w("effect", card=card) + _telegraph(seat, before, after, lang)
        case Rest():
            return w("rest", n=before["players"] + 1)
        case End():
            return w("end")
        case Sponsor(pos):
            return w("sponsor", pos=pos_text(pos))
        case Lock(pos):
            return w("lock", pos=pos_text(pos))
        case FaceChoice(face):
            chosen = (before["decision"] or {}).get("card")
            shown = card_name({"card": chosen, "face": "ab"[face]}, lang) if chosen else "—"
            return w("face", face="AB"[face], card=shown)
        case Choose(word):
            return w(word)
        case Sabotage(market):
            return w("sabotage_under", m=market + 1, card=card_name(before["market"][market], lang))
        case Plan(pos, face):
            return w("plan", pos=pos_text(pos), face="AB"[face])
        case Refresh(markets):
            return w("refresh", places=", ".join(str(m + 1) for m in markets))
    raise TypeError(f"not an Around the World in 80 Days action: {action!r}")


def _departure(origin: str, city: int, before: JsonDict, lang: Lang) -> str:
    """§ Movimento, steps 1 and 2: the destination, the transport and the weather read."""
    route = COMP.routes[COMP.route_between(COMP.city(origin), city)]
    name = TRANSPORT_OF[route.transport]
    row = (before["weather"] or {}).get(name) or {}
    weather = _w(str(row.get("weather", "sun")), lang)
    return _w(
        "move",
        lang,
        a=city_name(origin, lang),
        b=_city(city, lang),
        transport=_transport(name, lang),
        weather=weather,
    )


def _office(office: int, free: bool, lang: Lang) -> str:
    return (_w("office", lang) if office >= 0 else "") + (_w("free", lang) if free else "")


def _buy(seat: int, market: int, before: JsonDict, after: JsonDict, lang: Lang) -> str:
    """§ Mercado: the card bought, what it cost, and the sabotage card under it."""
    offer = before["market"][market] or {}
    paid = max(0, _traveller(before, seat)["coins"] - _traveller(after, seat)["coins"])
    out = _w("buy", lang, card=card_name(offer, lang), coins=paid)
    if offer.get("sabotage"):
        out += _w("with_sabotage", lang, card=card_name({"card": offer["sabotage"]}, lang))
    return out


def _flip(seat: int, pos: int, before: JsonDict, after: JsonDict, lang: Lang) -> str:
    decision = before["decision"] or {}
    if decision.get("kind") == "gamblers":  # event E07: the player on the left turns a card
        target = int(decision["target"])
        card = card_name(_at(after, target, pos), lang)
        return _w("flip_other", lang, pos=pos_text(pos), who=player(target), card=card)
    return _w("flip", lang, pos=pos_text(pos), card=card_name(_at(after, seat, pos), lang))


def _telegraph(seat: int, before: JsonDict, after: JsonDict, lang: Lang) -> str:
    """§ Telégrafo: fame raised, coins put on the card, income collected."""
    was, now = _traveller(before, seat), _traveller(after, seat)
    out = ""
    if now["fame"] > was["fame"]:
        out += _w("fame", lang, n=now["fame"] - was["fame"], total=now["fame"])
    on_card = _coins_on_cards(now) - _coins_on_cards(was)
    if on_card > 0:
        out += _w("income", lang, n=on_card)
    if now["coins"] > was["coins"]:
        out += _w("collect", lang, n=now["coins"] - was["coins"], total=now["coins"])
    return out


def _coins_on_cards(t: JsonDict) -> int:
    return sum(int(p["coins"]) for p in [*t["tableau"], t["overflow"]] if p)


def _aftermath(seat: int, before: JsonDict, after: JsonDict, lang: Lang) -> str:
    """What the move did to the mover's journey: the arrival and its days when a Move ended,
    fame and coins won or lost on the way, cards leaving the tableau (§ Mercado: the card out
    of the tableau "será descartada no final do seu turno"), a passport opened, the day a turn
    without a Move costs, Rest's days."""
    was, now = _traveller(before, seat), _traveller(after, seat)
    out = ""
    moving = before["trip"] is not None or now["city"] != was["city"]
    if moving and after["trip"] is None and now["city"] is not None:
        days = sum(now["ledger"][k] - was["ledger"][k] for k in TRAVEL_LEDGER)
        out += _w("arrive", lang, city=city_name(now["city"], lang), days=days, total=now["days"])
    if moving or after["trip"] is not None:  # an event, a weather icon or a card paid on the way
        if now["fame"] != was["fame"]:
            out += _w("fame_change", lang, n=f"{now['fame'] - was['fame']:+d}", total=now["fame"])
        if now["coins"] != was["coins"]:
            out += _w("coins_change", lang, n=f"{now['coins'] - was['coins']:+d}", total=now["coins"])
    gone = _cards_of(was) - _cards_of(now)
    if gone:
        out += _w("discarded", lang, cards=", ".join(card_name({"card": c}, lang) for c in sorted(gone)))
    if was["origin"] is not None and now["slots"] > was["slots"]:
        out += _w("passport", lang, n=now["slots"])
    if now["ledger"]["idle"] > was["ledger"]["idle"]:
        out += _w("idle", lang)
    rest = now["ledger"]["rest"] - was["ledger"]["rest"]
    if rest > 0:
        out += _w("rested", lang, n=rest)
    return out


def _cards_of(t: JsonDict) -> set[str]:
    return {str(p["card"]) for p in [*t["tableau"], t["overflow"]] if p}


def _weather_words(weather: JsonDict, lang: Lang) -> dict[str, str]:
    out = {}
    for name in ("ship", "train", "carriage"):
        row = weather[name]
        icon = _w(f"icon_{row['icon']}", lang) if row["icon"] else ""
        out[name] = text(render.TEXT, str(row["weather"]), lang) + icon
    return out


def _chance(before: JsonDict, after: JsonDict, lang: Lang) -> Iterator[Event]:
    """Cards turned face up for everyone: an event read, city cards, the market, the weather."""
    read = after["last_event"] != before["last_event"] or after["event_deck"] != before["event_deck"]
    if after["last_event"] and read:
        event = EVENTS[str(after["last_event"])]
        name, words = (event.name_pt, event.text_pt) if lang == "pt" else (event.name_en, event.text_en)
        yield Event("chance", _w("event", lang, name=name, text=words))
    for code in after["city_discard"][len(before["city_discard"]) :]:
        yield Event("chance", _w("city_card", lang, city=city_name(code, lang)))
    shown = {m["card"] for m in before["market"] if m}
    for offer in after["market"]:
        if offer and offer["card"] not in shown:
            yield Event("chance", _w("market", lang, card=card_name(offer, lang), price=offer["price"]))
    if after["weather"] and after["weather"] != before["weather"]:
        yield Event("chance", _w("weather_card", lang, **_weather_words(after["weather"], lang)))


def _race_begins(before: JsonDict, after: JsonDict, lang: Lang) -> Iterator[Event]:
    """§ Início do jogo: the draft over, the start cities revealed, the first player drawn."""
    if before["phase"] == "draft" and after["phase"] == "start":
        yield Event("round", _w("phase_start", lang))
    if before["phase"] in ("draft", "start") and after["phase"] == "race":
        yield Event("round", _w("race", lang))
        for seat, t in enumerate(after["travellers"]):
            others = [c for c in t["drafted"] or [] if c != t["origin"]]
            cities = ", ".join(city_name(c, lang) for c in others)
            yield Event(
                "chance",
                _w(
                    "origin",
                    lang,
                    who=player(seat),
                    city=city_name(t["origin"], lang),
                    cards=cities,
                    coins=t["coins"],
                    fame=t["fame"],
                ),
            )
        yield Event("chance", _w("first", lang, who=player(int(after["first_player"]))))


def _new_round(before: JsonDict, after: JsonDict, lang: Lang) -> Iterator[Event]:
    """A round begins when the turn comes back round the table to (or past) the first player."""
    if before["phase"] != "race" or after["phase"] != "race" or not before["turn"] or not after["turn"]:
        return
    if after["turn_index"] == before["turn_index"]:
        return
    first, players = int(after["first_player"]), int(after["players"])
    was = (int(before["turn"]["seat"]) - first) % players
    now = (int(after["turn"]["seat"]) - first) % players
    if now <= was:
        n = int(_traveller(after, int(after["turn"]["seat"]))["turns"]) + 1
        yield Event("round", _w("round", lang, n=n))


def _standings(before: JsonDict, after: JsonDict, lang: Lang) -> Iterator[Event]:
    """A traveller home (the score is the days) or out of the race, and the final ranking."""
    for seat, (was, now) in enumerate(zip(before["travellers"], after["travellers"], strict=True)):
        if now["status"] == was["status"]:
            continue
        if now["status"] == "finished":
            fogg = _w("fogg", lang) if now["days"] < FOGG_DAYS else ""
            yield Event("score", _w("home", lang, who=player(seat), days=now["days"]) + fogg)
        elif now["status"] == "out":
            yield Event("score", _w("out", lang, who=player(seat)))
    if after["finished"] and not before["finished"]:
        yield Event("end", _w("race_over", lang, ranking=_ranking(after, lang)))


def _ranking(view: JsonDict, lang: Lang) -> str:
    """Interpretation 28's order, read from the view: finishers by fewest days, fewer turns,
    home first, more fame, more coins (on telegraph cards too); then the others by cities
    visited and fewest days (the same keys as `scoring.rank_key`)."""
    keys = []
    for t in view["travellers"]:
        if t["status"] == "finished":
            coins = t["coins"] + _coins_on_cards(t)
            keys.append((1, -t["days"], -t["turns"], -t["finished_turn"], t["fame"], coins))
        else:
            keys.append((0, len(set(t["path"])), -t["days"], 0, 0, 0))
    ranks = competition_ranks(keys)
    order = sorted(range(len(keys)), key=lambda s: (ranks[s], s))
    parts = []
    for s in order:
        t = view["travellers"][s]
        who = player(s)
        if t["status"] == "finished":
            parts.append(_w("rank_home", lang, rank=ranks[s], who=who, days=t["days"]))
        else:
            parts.append(_w("rank_out", lang, rank=ranks[s], who=who, cities=len(set(t["path"]))))
    return ", ".join(parts)


def narrate(seat: int, action: RaceAction, before: JsonDict, after: JsonDict, lang: Lang) -> Narration:
    """`seat`'s `action` in words and the public events that followed it, from the spectator
    views `before` and `after` it."""
    move = _move(seat, action, before, after, lang)
    if before["phase"] == "race":
        move += _aftermath(seat, before, after, lang)
    events = (
        *_race_begins(before, after, lang),
        *_chance(before, after, lang),
        *_standings(before, after, lang),
        *_new_round(before, after, lang),
    )
    return Narration(move, events)
