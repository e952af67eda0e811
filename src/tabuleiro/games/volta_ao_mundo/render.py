"""Plain-text pictures of Volta ao mundo em 80 dias for terminals and golden files.

Built from the view dict (`tabuleiro.games.volta_ao_mundo.view`) and the static card and map
texts. The picture, in the order a player reads the table:

1. the title (the content is designed by Tabuleiro, which the title says), the phase, whose
   decision is pending and what it is about, the previous action;
2. during the draft: your hand, your kept cards and your sealed choice; who has chosen;
3. the weather card in play, row by row; the market with prices and sabotage cards, the
   movement deck and the B face of its top card, the other piles;
4. the Move being resolved, if any: route, weather, running total, what is left to act
   (and that no card discounts, when the carriage fame card cancelled them);
5. every traveller: city, days (and why), fame and open slots, coins, oceans, path, and the
   tableau slot by slot (face up, the other face, lock token, coins on a telegraph);
6. a world map by longitude and latitude with every city's code (a digit after the code:
   the travellers there), and the routes from the deciding traveller's city, with a warning
   on each destination that leaves no legal way home (the view's preview `strands`).

Players are numbered from 1 (``Jogador 2`` is seat 1; ``J2``/``P2`` on the map). No line is
wider than `WIDTH`; no ANSI codes, markup or square brackets.
"""

from __future__ import annotations

import textwrap

from tabuleiro.core import JsonDict, Lang
from tabuleiro.core.i18n import Catalogue, text
from tabuleiro.games.volta_ao_mundo.components import TRANSPORTS, Face, components

WIDTH = 100
MAP_ROWS = 22
NORTH, SOUTH = 68.0, -42.0
COMP = components()
CARDS = {c.id: c for c in COMP.cards}
TRANSPORT_OF = {mask: name for name, mask in TRANSPORTS.items()}

TEXT: Catalogue = {
    "title": {
        "pt": "Volta ao mundo em 80 dias — A grande corrida · mapa e cartas criados pelo Tabuleiro",
        "en": "Around the World in 80 Days — The Great Race · map and cards designed by Tabuleiro",
    },
    "phase_draft": {"pt": "Draft de cidades (escolhas seladas)", "en": "City draft (sealed picks)"},
    "phase_start": {"pt": "Escolha da cidade de partida (selada)", "en": "Choosing start cities (sealed)"},
    "phase_race": {"pt": "Corrida · turno {n}", "en": "Race · turn {n}"},
    "phase_over": {"pt": "Fim da corrida", "en": "The race is over"},
    "player": {"pt": "Jogador {n}", "en": "Player {n}"},
    "short": {"pt": "J{n}", "en": "P{n}"},
    "you": {"pt": " (você)", "en": " (you)"},
    "to_decide": {"pt": "Vez de {who}: {what}", "en": "{who} to decide: {what}"},
    "waiting_for": {"pt": "Aguardando: {who}", "en": "Waiting for: {who}"},
    "last": {"pt": "Jogada anterior: {who} — {action}", "en": "Previous move: {who} — {action}"},
    "d_draft": {"pt": "ficar com uma carta de cidade (pick CIDADE)", "en": "keep one city card (pick CITY)"},
    "d_start": {
        "pt": "escolher a cidade de partida (start CIDADE)",
        "en": "choose a start city (start CITY)",
    },
    "d_turn": {
        "pt": "duas ações diferentes (move, telegraph, effect, buy) e uma ação livre (free ...), ou rest",
        "en": "two different actions (move, telegraph, effect, buy) and one free action (free ...), or rest",
    },
    "d_rest": {
        "pt": "descanso: {n:# ação restante|# ações restantes}, ou end",
        "en": "rest: {n:# action|# actions} left, or end",
    },
    "d_event": {"pt": "evento {event}: {text}", "en": "event {event}: {text}"},
    "d_sponsor": {
        "pt": " Escolha a carta telégrafo (sponsor N): {on_card:# moeda|# moedas} nela, {to_hand} na mão.",
        "en": " Choose the telegraph card (sponsor N): {on_card:# coin|# coins} on it, {to_hand} in hand.",
    },
    "d_gamblers": {
        "pt": "virar uma carta do tableau de {who} (flip N)",
        "en": "turn over one card of {who}'s tableau (flip N)",
    },
    "d_leg": {
        "pt": "andar mais um espaço (leg CIDADE) ou stop",
        "en": "travel one more space (leg CITY) or stop",
    },
    "d_lock": {
        "pt": "qual vizinha de {card} recebe o cadeado (lock N)",
        "en": "which neighbour of {card} is locked",
    },
    "d_face": {
        "pt": "o lado de {card}, que age de novo (face a|b)",
        "en": "the face of {card}, acting again",
    },
    "d_token": {
        "pt": "{card} vai virar: gastar o cadeado (hold) ou deixar virar (turn)",
        "en": "{card} would turn over: spend its lock token (hold) or let it turn (turn)",
    },
    "d_sabotage": {
        "pt": "sob qual carta do mercado vai a sabotagem",
        "en": "which market card gets the sabotage",
    },
    "d_plan": {"pt": "planejamento: próxima carta e lado (plan N a|b)", "en": "planning: next card and face"},
    "d_opening": {
        "pt": "comprar uma carta do mercado antes da corrida (buy N) ou skip",
        "en": "buy one market card before the race (buy N) or skip",
    },
    "hand": {"pt": "Sua mão: {cards}", "en": "Your hand: {cards}"},
    "kept": {"pt": "Suas cartas: {cards}", "en": "Your cards: {cards}"},
    "sealed": {"pt": "Sua escolha selada: {city}", "en": "Your sealed choice: {city}"},
    "committed": {"pt": "Já escolheram: {who}", "en": "Already chosen: {who}"},
    "weather": {"pt": "Clima em jogo ({card}):", "en": "Weather in play ({card}):"},
    "market": {"pt": "Mercado:", "en": "Market:"},
    "price": {"pt": "{n:# moeda|# moedas}", "en": "{n:# coin|# coins}"},
    "under": {"pt": " + sabotagem {card}", "en": " + sabotage {card}"},
    "deck": {
        "pt": (
            "Baralho: {n:# carta|# cartas}, verso do topo: {back} · descarte {d} · sabotagens {s} "
            "· eventos {e}"
        ),
        "en": "Deck: {n:# card|# cards}, top card's back: {back} · discard {d} · sabotage {s} · events {e}",
    },
    "meetings": {"pt": "Encontro marcado em: {cities}", "en": "Appointment in: {cities}"},
    "trip": {
        "pt": (
            "Movimento de {who}: {route} ({transport}, {weather}{charter}) · total "
            "{total:# dia|# dias}{event}"
        ),
        "en": "{who}'s move: {route} ({transport}, {weather}{charter}) · total {total:# day|# days}{event}",
    },
    "trip_cards": {
        "pt": "  ainda a agir: {cards} · já agiram: {done}",
        "en": "  still to act: {cards} · acted: {done}",
    },
    "charter": {"pt": ", fretamento", "en": ", charter"},
    "no_discount": {
        "pt": " · sem descontos (carta de fama da charrete)",
        "en": " · no discounts (carriage fame card)",
    },
    "drafting": {
        "pt": "{who}: {n:# carta escolhida|# cartas escolhidas}",
        "en": "{who}: {n:# card|# cards} kept",
    },
    "traveller": {
        "pt": (
            "{who}: {status} em {city} · {days:# dia|# dias} · fama {fame} "
            "({slots:# espaço|# espaços}) · {coins:# moeda|# moedas}"
        ),
        "en": (
            "{who}: {status} in {city} · {days:# day|# days} · fame {fame} "
            "({slots:# slot|# slots}) · {coins:# coin|# coins}"
        ),
    },
    "origin": {
        "pt": "  partida {origin} · oceanos: {oceans} · caminho: {path}",
        "en": "  start {origin} · oceans: {oceans} · path: {path}",
    },
    "why": {"pt": "  dias: {items}", "en": "  days: {items}"},
    "racing": {"pt": "correndo", "en": "racing"},
    "finished": {"pt": "CHEGOU", "en": "BACK HOME"},
    "out": {"pt": "fora da corrida", "en": "out of the race"},
    "none": {"pt": "nenhum", "en": "none"},
    "atlantic": {"pt": "Atlântico", "en": "Atlantic"},
    "pacific": {"pt": "Pacífico", "en": "Pacific"},
    "empty": {"pt": "vazio", "en": "empty"},
    "overflow": {"pt": "fora", "en": "out"},
    "locked_token": {"pt": " +cadeado", "en": " +lock"},
    "on_card": {"pt": " +{n:# moeda|# moedas}", "en": " +{n:# coin|# coins}"},
    "other": {"pt": "verso", "en": "back"},
    "routes_from": {"pt": "Rotas a partir de {city}:", "en": "Routes from {city}:"},
    "visited": {"pt": " (visitada)", "en": " (visited)"},
    "home": {"pt": " (partida)", "en": " (start)"},
    "strands": {
        "pt": " · ATENÇÃO: de lá não há volta possível",
        "en": " · WARNING: no way home from there",
    },
    "map": {
        "pt": "Mapa (código da cidade; um dígito depois dele: o jogador que está lá)",
        "en": "Map (city code; a digit after it: the player standing there)",
    },
    "fogg": {"pt": "recorde de Fogg quebrado!", "en": "Fogg's record broken!"},
    "sun": {"pt": "sol", "en": "sun"},
    "fog": {"pt": "névoa +1", "en": "fog +1"},
    "storm": {"pt": "tempestade +2", "en": "storm +2"},
    "ship": {"pt": "navio", "en": "ship"},
    "train": {"pt": "trem", "en": "train"},
    "carriage": {"pt": "charrete", "en": "carriage"},
    "balloon": {"pt": "balão", "en": "balloon"},
    "icon_event": {"pt": "evento", "en": "event"},
    "icon_fame": {"pt": "+1 fama", "en": "+1 fame"},
    "icon_coin": {"pt": "+1 moeda", "en": "+1 coin"},
    "day": {"pt": "{n:# dia|# dias}", "en": "{n:# day|# days}"},
    "ledger_routes": {"pt": "rotas", "en": "routes"},
    "ledger_weather": {"pt": "clima", "en": "weather"},
    "ledger_events": {"pt": "eventos", "en": "events"},
    "ledger_cards": {"pt": "cartas", "en": "cards"},
    "ledger_sabotage": {"pt": "sabotagem", "en": "sabotage"},
    "ledger_minimum": {"pt": "mínimo de 1", "en": "1-day minimum"},
    "ledger_idle": {"pt": "sem mover", "en": "no move"},
    "ledger_rest": {"pt": "descanso", "en": "rest"},
}

FACE_TEXT: Catalogue = {
    "discount": {"pt": "{t} −{v}", "en": "{t} −{v}"},
    "penalty": {"pt": "{t} +{v} dia", "en": "{t} +{v} day"},
    "extra_legs": {"pt": "{t}: +{v:# espaço|# espaços}", "en": "{t}: +{v:# space|# spaces}"},
    "lock_adjacent": {"pt": "{t}: tranca vizinha", "en": "{t}: lock a neighbour"},
    "fame_on_move": {"pt": "{t}: +{v} fama", "en": "{t}: +{v} fame"},
    "repeat_left": {"pt": "{t}: mova e repita (esq.)", "en": "{t}: move and repeat (left)"},
    "double_right": {"pt": "{t}: efeito duplo (dir.)", "en": "{t}: do twice (right)"},
    "ignore_fog": {"pt": "{t}: ignora névoa", "en": "{t}: ignore fog"},
    "ignore_storm": {"pt": "{t}: ignora tempestade", "en": "{t}: ignore storm"},
    "no_flip_right": {"pt": "{t}: direita não vira", "en": "{t}: right card keeps its face"},
    "office": {"pt": "mover uma carta ou comprar", "en": "move a card or buy"},
    "locked": {"pt": "cadeado", "en": "padlock"},
}


def _t(key: str, lang: Lang, **values: object) -> str:
    return text(TEXT, key, lang, **values)


def face_text(face: Face, lang: Lang) -> str:
    """A card face in words (the printed name first, when it has one)."""
    name = face.name_pt if lang == "pt" else face.name_en
    effect = face.effect
    if effect == "telegraph":
        return f"{name} ★{face.fame} ${face.coins}" + (" (2 opções)" if face.multi and lang == "pt" else "")
    if effect in FACE_TEXT:
        transport = _t(TRANSPORT_OF.get(face.transport, "balloon"), lang)
        what = text(FACE_TEXT, effect, lang, t=transport, v=face.value)
        if effect == "locked":
            return name or what
        return f"{name}: {what}" if name else what
    return name


def card_text(card_id: str, face: str, lang: Lang, *, both: bool = True) -> str:
    """``Trem −1 (verso: Navio −1)``: the face up, then the other."""
    card = CARDS[card_id]
    up = "ab".index(face)
    out = f"{card_id} {face_text(card.faces[up], lang)}"
    return out + (f" ({_t('other', lang)}: {face_text(card.faces[1 - up], lang)})" if both else "")


def _who(seat: int, viewer: int | None, lang: Lang) -> str:
    return _t("player", lang, n=seat + 1) + (_t("you", lang) if seat == viewer else "")


def _city(code: str | None, lang: Lang) -> str:
    if code is None:
        return "—"
    return f"{COMP.city_names[COMP.city(code)][lang]} ({code})"


def _decision(view: JsonDict, lang: Lang) -> str:
    d = view["decision"]
    kind = d["kind"]
    if kind == "event":
        event = next(e for e in COMP.events if e.id == d["event"])
        name = event.name_pt if lang == "pt" else event.name_en
        out = _t("d_event", lang, event=name, text=event.text_pt if lang == "pt" else event.text_en)
        if "sponsor" in d:
            out += _t("d_sponsor", lang, **d["sponsor"])
        return out
    if kind == "rest":
        return _t("d_rest", lang, n=d["left"])
    if kind == "gamblers":
        return _t("d_gamblers", lang, who=_t("player", lang, n=d["target"] + 1))
    if kind in ("lock", "face", "token"):
        return _t(f"d_{kind}", lang, card=d["card"])
    return _t(f"d_{kind}", lang)


def _header(view: JsonDict, lang: Lang) -> list[str]:
    viewer = view["seat"]
    phase = view["phase"]
    lines = [_t("title", lang), _t(f"phase_{phase}", lang, n=view["turn_index"])]
    if phase in ("draft", "start"):
        waiting = ", ".join(_who(s, viewer, lang) for s in view["to_act"])
        lines.append(_t("to_decide", lang, who=waiting, what=_t(f"d_{phase}", lang)))
    elif view["decision"] is not None:
        seat = view["decision"]["seat"]
        lines.append(_t("to_decide", lang, who=_who(seat, viewer, lang), what=_decision(view, lang)))
    if view["last"] is not None:
        who = _who(view["last"]["seat"], viewer, lang)
        lines.append(_t("last", lang, who=who, action=view["last"]["action"]))
    return lines


def _draft(view: JsonDict, lang: Lang) -> list[str]:
    lines: list[str] = []
    private = view.get("private")
    viewer = view["seat"]
    if private is not None:
        lines.append(_t("hand", lang, cards=_cities(private["hand"], lang)))
        kept = view["travellers"][viewer]["drafted"] or []
        lines.append(_t("kept", lang, cards=_cities(kept, lang)))
        if private["sealed"]:
            lines.append(_t("sealed", lang, city=_city(private["sealed"], lang)))
    done = [_who(s, viewer, lang) for s, t in enumerate(view["travellers"]) if t.get("committed")]
    lines.append(_t("committed", lang, who=", ".join(done) or _t("none", lang)))
    return lines


def _cities(codes: list[str], lang: Lang) -> str:
    items = []
    for code in codes:
        c = COMP.city(code)
        items.append(f"{code} {COMP.city_names[c][lang]} (${COMP.city_coins[c]} ★{COMP.city_fame[c]})")
    return ", ".join(items) or _t("none", lang)


def _table(view: JsonDict, lang: Lang) -> list[str]:
    lines: list[str] = []
    weather = view["weather"]
    if weather is not None:
        lines.append(_t("weather", lang, card=weather["card"]))
        for transport in ("ship", "train", "carriage"):
            row = weather[transport]
            icon = f" · {_t('icon_' + row['icon'], lang)}" if row["icon"] else ""
            lines.append(f"  {_t(transport, lang):<9} {_t(row['weather'], lang)}{icon}")
    lines.append(_t("market", lang))
    for i, entry in enumerate(view["market"]):
        if entry is None:
            lines.append(f"  {i + 1}. —")
            continue
        under = _t("under", lang, card=entry["sabotage"]) if entry["sabotage"] else ""
        price = _t("price", lang, n=entry["price"])
        lines.append(f"  {i + 1}. {card_text(entry['card'], 'a', lang)} · {price}{under}")
    back = view["deck_top_back"]
    back_text = _face_from_json(back, lang) if back else "—"
    lines.append(
        _t(
            "deck",
            lang,
            n=view["deck"],
            back=back_text,
            d=len(view["discard"]),
            s=view["skull"],
            e=view["event_deck"],
        )
    )
    if view["meetings"]:
        lines.append(_t("meetings", lang, cities=", ".join(_city(c, lang) for c in view["meetings"])))
    return lines


def _face_from_json(face: JsonDict, lang: Lang) -> str:
    name = face.get("name") or {}
    built = Face(
        effect=face["effect"],
        transport=TRANSPORTS.get(face.get("transport", ""), 0),
        value=face.get("value", 0),
        fame=face.get("fame", 0),
        coins=face.get("coins", 0),
        multi=face.get("multi", False),
        name_pt=name.get("pt", ""),
        name_en=name.get("en", ""),
    )
    return face_text(built, lang)


def _trip(view: JsonDict, lang: Lang) -> list[str]:
    trip = view["trip"]
    if trip is None:
        return []
    route = next(r for r in COMP.routes if r.id == trip["route"])
    ends = f"{COMP.city_ids[route.a]}–{COMP.city_ids[route.b]}"
    event = ""
    if trip["event"]:
        e = next(x for x in COMP.events if x.id == trip["event"])
        event = f" · {e.name_pt if lang == 'pt' else e.name_en}"
    line = _t(
        "trip",
        lang,
        who=_who(trip["seat"], view["seat"], lang),
        route=ends,
        transport=_t(trip["transport"], lang),
        weather=_t(trip["weather"], lang),
        charter=_t("charter", lang) if trip["charter"] else "",
        total=trip["total"],
        event=event,
    )
    if trip["discounts_cancelled"]:
        line += _t("no_discount", lang)
    left = ", ".join(card for op, card in trip["to_resolve"] if op == "card") or "—"
    done = ", ".join(trip["took_effect"]) or "—"
    return [line, _t("trip_cards", lang, cards=left, done=done)]


def _traveller(seat: int, t: JsonDict, view: JsonDict, lang: Lang) -> list[str]:
    viewer = view["seat"]
    if t["origin"] is None:
        return [_t("drafting", lang, who=_who(seat, viewer, lang), n=t["drafted_count"])]
    status = _t(t["status"], lang)
    head = _t(
        "traveller",
        lang,
        who=_who(seat, viewer, lang),
        status=status,
        city=_city(t["city"], lang),
        days=t["days"],
        fame=t["fame"],
        slots=t["slots"],
        coins=t["coins"],
    )
    if t["status"] == "finished" and t["days"] < 80:
        head += " · " + _t("fogg", lang)
    lines = [head]
    oceans = ", ".join(_t(o, lang) for o in t["oceans"]) or _t("none", lang)
    lines.append(_t("origin", lang, origin=_city(t["origin"], lang), oceans=oceans, path="-".join(t["path"])))
    why = ", ".join(f"{_t('ledger_' + k, lang)} {v:+d}" for k, v in t["ledger"].items() if v)
    if why:
        lines.append(_t("why", lang, items=why))
    for i, placed in enumerate([*t["tableau"][: t["slots"]], t["overflow"]]):
        label = str(i + 1) if i < t["slots"] else _t("overflow", lang)
        if placed is None:
            lines.append(f"    {label}. {_t('empty', lang)}")
            continue
        extra = _t("locked_token", lang) if placed["lock"] else ""
        if placed["coins"]:
            extra += _t("on_card", lang, n=placed["coins"])
        lines.append(f"    {label}. {card_text(placed['card'], placed['face'], lang)}{extra}")
    return lines


def _map(view: JsonDict, lang: Lang) -> list[str]:
    """City codes placed by longitude and latitude; crowded ones move to the nearest free cell."""
    grid = [[" "] * WIDTH for _ in range(MAP_ROWS)]
    here: dict[str, str] = {}
    for seat, t in enumerate(view["travellers"]):
        if t["city"]:
            here[t["city"]] = here.get(t["city"], "") + str(seat + 1)
    order = sorted(range(len(COMP.city_ids)), key=lambda c: (-COMP.lat[c], COMP.lon[c]))
    for c in order:
        code = COMP.city_ids[c] + here.get(COMP.city_ids[c], "")
        col = round((COMP.lon[c] + 180) / 360 * (WIDTH - 5))
        row = round((NORTH - COMP.lat[c]) / (NORTH - SOUTH) * (MAP_ROWS - 1))
        for dr, dc in _spiral():
            r, k = row + dr, col + dc
            if 0 <= r < MAP_ROWS and k >= 0 and k + len(code) + 1 <= WIDTH:
                cells = grid[r][max(0, k - 1) : k + len(code) + 1]
                if all(x == " " for x in cells):
                    grid[r][k : k + len(code)] = list(code)
                    break
    return [_t("map", lang), *("".join(row).rstrip() for row in grid)]


def _spiral() -> list[tuple[int, int]]:
    steps = [(0, 0)]
    for radius in range(1, 12):
        steps += [(dr, dc) for dr in (0, -1, 1) for dc in (radius, -radius) if abs(dr) <= 1]
        steps += [(dr, 0) for dr in (-radius, radius)]
    return steps


def _routes(view: JsonDict, lang: Lang) -> list[str]:
    decision = view["decision"]
    if decision is None or view["phase"] != "race":
        return []
    seat = view["trip"]["seat"] if view["trip"] else decision["seat"]
    t = view["travellers"][seat]
    if not t["city"]:
        return []
    c = COMP.city(t["city"])
    visited = set(t["path"])
    stranding = _stranding(view)
    lines = [_t("routes_from", lang, city=_city(t["city"], lang))]
    for route, other in COMP.adjacent[c]:
        r = COMP.routes[route]
        code = COMP.city_ids[other]
        mark = _t("home", lang) if code == t["origin"] else _t("visited", lang) if code in visited else ""
        ocean = f" · {_t('atlantic' if r.ocean == 1 else 'pacific', lang)}" if r.ocean else ""
        transport = _t(TRANSPORT_OF[r.transport], lang)
        days = _t("day", lang, n=r.days)
        warning = _t("strands", lang) if code in stranding else ""
        lines.append(f"  {code} {COMP.city_names[other][lang]}: {transport}, {days}{ocean}{mark}{warning}")
    return lines


def _stranding(view: JsonDict) -> set[str]:
    """Cities whose previewed Move, extra space or Charter leaves no legal way home."""
    return {
        notation.split()[-1]
        for notation, preview in (view["preview"] or {}).items()
        if preview["strands"] and notation != "stop"
    }


def render_view(view: JsonDict, lang: Lang) -> str:
    """The picture of one seat's view (None: a spectator)."""
    parts = [_header(view, lang)]
    if view["phase"] in ("draft", "start"):
        parts.append(_draft(view, lang))
    parts.append(_table(view, lang))
    trip = _trip(view, lang)
    if trip:
        parts.append(trip)
    for seat, t in enumerate(view["travellers"]):
        parts.append(_traveller(seat, t, view, lang))
    routes = _routes(view, lang)
    if routes:
        parts.append(routes)
    parts.append(_map(view, lang))
    lines = [line for part in parts for line in [*part, ""]]
    return "\n".join(_fit(line) for line in lines).rstrip() + "\n"


def _fit(line: str) -> str:
    """A long line wrapped to `WIDTH`, continued under its own indentation plus four."""
    if len(line) <= WIDTH:
        return line
    indent = " " * (len(line) - len(line.lstrip()) + 4)
    return "\n".join(textwrap.wrap(line, WIDTH, subsequent_indent=indent, break_on_hyphens=False))
