"""Why a move of Around the World in 80 Days is illegal: the rule that forbids it.

`illegal_reason` keeps the rules module's cheap check for legal moves; an illegal move is then
explained, in English and Portuguese, citing the rulebook's section (or the RULES.md
interpretation): a route that does not exist, a visited city, the start city before both
oceans, the same main action twice, a second free action, a card that costs more than the
coins, a padlock face turned by hand… A move this module cannot explain keeps the rules
module's message naming the pending decision.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass

from tabuleiro.core import IllegalActionError
from tabuleiro.core.i18n import plural_form
from tabuleiro.games.volta_ao_mundo import rules
from tabuleiro.games.volta_ao_mundo import tableau as tb
from tabuleiro.games.volta_ao_mundo.actions import (
    Buy,
    End,
    Flip,
    Leg,
    Lock,
    Move,
    Pick,
    RaceAction,
    Refresh,
    Rest,
    Sabotage,
    Start,
    Swap,
    Telegraph,
    UseEffect,
    pos_text,
)
from tabuleiro.games.volta_ao_mundo.components import (
    ACTIVE_EFFECTS,
    BOTH_OCEANS,
    MAP_TRANSPORTS,
    PACIFIC,
    TRANSPORTS,
    components,
)
from tabuleiro.games.volta_ao_mundo.state import (
    BUY,
    DRAFT,
    EFFECT,
    MOVE,
    OVERFLOW,
    PLAY,
    RACING,
    START,
    TELEGRAPH,
    RaceState,
    Traveller,
)

COMP = components()
MAIN_WORDS = {MOVE: "move", TELEGRAPH: "telegraph", EFFECT: "effect", BUY: "buy"}


def illegal_reason(state: RaceState, seat: int, action: RaceAction) -> IllegalActionError | None:
    """None when `action` is legal now; otherwise the rule that forbids it."""
    error = rules.illegal_reason(state, seat, action)
    if error is None:
        return None
    return explain(state, seat, action) or error


def _error(en: str, pt: str) -> IllegalActionError:
    return IllegalActionError(en, pt)


def explain(state: RaceState, seat: int, action: RaceAction) -> IllegalActionError | None:
    """The rule an illegal `action` breaks, or None when only the pending decision can be named."""
    if not _plain(action):
        return None
    if state.phase == DRAFT and isinstance(action, Pick):
        city = COMP.city_ids[action.city]
        return _error(
            f"{city} is not in your hand: keep one of the city cards you hold (§ Início do jogo)",
            f"{city} não está na sua mão: fique com uma das cartas de cidade que você tem (§ Início do jogo)",
        )
    if state.phase == START and isinstance(action, Start):
        city = COMP.city_ids[action.city]
        return _error(
            f"{city} is not one of your five city cards: start from one of them (§ Início do jogo)",
            f"{city} não é uma das suas cinco cartas de cidade: parta de uma delas (§ Início do jogo)",
        )
    if state.phase != PLAY:
        return None
    frame = state.stack[-1]
    t = state.travellers[seat]
    if frame.kind == "turn":
        return _turn(state, seat, t, action)
    if frame.kind == "rest":
        return _rest(state, seat, t, action)
    if frame.kind == "leg" and isinstance(action, Leg):
        trip = state.trip
        mask = trip.legs_mask if trip is not None and trip.legs_mask else TRANSPORTS["balloon"]
        return _destination(state, t, action.city, mask)
    if frame.kind == "opening" and isinstance(action, Buy) and not action.free and action.office < 0:
        return _market(state, seat, action.market)
    if frame.kind == "event" and isinstance(action, Telegraph):
        return _telegraph(t, action, any_face=False, pairs=True)
    if frame.kind == "gamblers" and isinstance(action, Flip) and not action.free and action.pos >= 0:
        target = state.travellers[frame.target].tableau[action.pos]
        if target is None or not tb.turnable(target):
            return _padlock_or_empty(action.pos, "the moving traveller's", "do viajante que se move")
        return None
    if frame.kind == "sabotage" and isinstance(action, Sabotage):
        return _sabotage(state, action.market)
    if frame.kind == "lock" and isinstance(action, Lock):
        return _error(
            "the lock token goes on a card next to this one (left or right) that has none yet "
            "(§ Cartas de movimento: tranque uma carta adjacente; RULES.md interpretation 35)",
            "o cadeado vai numa carta vizinha desta (à esquerda ou à direita) que ainda não tem um "
            "(§ Cartas de movimento: tranque uma carta adjacente; RULES.md interpretação 35)",
        )
    return None


def _plain(action: object) -> bool:
    """Every field holds a value of the kind the notation writes (a value built directly in
    Python may not: those keep the generic message)."""
    if not is_dataclass(action) or isinstance(action, type):
        return False
    for f in fields(action):
        value = getattr(action, f.name)
        if f.name == "free":
            ok = type(value) is bool
        elif f.name == "options":
            ok = type(value) is tuple and all(type(o) is str for o in value)
        elif f.name == "markets":
            ok = type(value) is tuple and all(type(m) is int and 0 <= m < 5 for m in value)
        elif f.name == "word":
            ok = type(value) is str
        elif f.name == "city":
            ok = type(value) is int and -1 <= value < len(COMP.city_ids)
        elif f.name == "market":
            ok = type(value) is int and 0 <= value < 5
        else:
            ok = type(value) is int and -1 <= value <= OVERFLOW
        if not ok:
            return False
    return True


# -- the turn -----------------------------------------------------------------------------------


def _main_bit(action: RaceAction) -> int:
    if isinstance(action, Move):
        return MOVE
    if isinstance(action, Telegraph):
        return TELEGRAPH
    if isinstance(action, UseEffect):
        return EFFECT
    if isinstance(action, Buy) and not action.free:
        return BUY
    if isinstance(action, Swap) and not action.free and action.office >= 0:
        return TELEGRAPH  # the Escritório's Manipular is the Telegraph action (interpretation 10)
    return 0


def _turn(state: RaceState, seat: int, t: Traveller, action: RaceAction) -> IllegalActionError | None:
    turn = state.turn
    assert turn is not None
    if isinstance(action, Rest):
        return _error(
            "Rest is a turn's only action: it cannot follow a main or free action (§ Descansar; "
            "RULES.md interpretation 7)",
            "Descansar é a única ação do turno: não vem depois de uma ação principal ou livre (§ Descansar; "
            "RULES.md interpretação 7)",
        )
    if isinstance(action, End):
        return _error(
            f"a turn takes two different main actions; {turn.mains} taken so far (§ O turno; "
            "RULES.md interpretation 6)",
            "o turno tem duas ações principais diferentes; "
            f"{plural_form(turn.mains, '# feita|# feitas')} até agora (§ O turno; "
            "RULES.md interpretação 6)",
        )
    if isinstance(action, Refresh):
        return _error(
            "discarding and replacing market cards is a Rest action: rest first (§ Descansar)",
            "descartar e repor cartas do mercado é uma ação do Descanso: descanse primeiro (§ Descansar)",
        )
    if isinstance(action, Buy | Swap | Flip) and action.free:
        if turn.free:
            return _error(
                "one free action per turn, and it has been taken (§ O turno; RULES.md interpretation 7)",
                "uma ação livre por turno, e ela já foi feita (§ O turno; RULES.md interpretação 7)",
            )
        if isinstance(action, Buy):
            return _market(state, seat, action.market) if action.office < 0 else None
        if isinstance(action, Swap):
            return _swap(t, action.a, action.b) if action.office < 0 else None
        return _flip(t, action.pos)
    if isinstance(action, Flip):
        return _error(
            f"turning a card over is the free action: free flip {pos_text(action.pos)} (§ O turno)",
            f"desvirar uma carta é a ação livre: free flip {pos_text(action.pos)} (§ O turno)",
        )
    if isinstance(action, Swap) and action.office < 0:
        return _error(
            "moving a card one space is the free action (free swap A B) or an Escritório's Manipular "
            "(swap A B office N) (§ O turno; § Telégrafo: Manipular o tableau)",
            "mudar uma carta de lugar é a ação livre (free swap A B) ou o Manipular de um Escritório "
            "(swap A B office N) (§ O turno; § Telégrafo: Manipular o tableau)",
        )
    bit = _main_bit(action)
    if not bit:
        return None
    if turn.mains >= 2:
        return _error(
            "your two main actions are taken: end the turn (§ O turno)",
            "suas duas ações principais já foram feitas: encerre o turno com end (§ O turno)",
        )
    if turn.used & bit:
        word = MAIN_WORDS[bit]
        return _error(
            f"never the same action twice: a turn takes two different main actions, and {word} is taken "
            "(§ O turno; RULES.md interpretation 6)",
            f"nunca a mesma ação: o turno tem duas ações principais diferentes, e {word} já foi feita "
            "(§ O turno; RULES.md interpretação 6)",
        )
    if isinstance(action, Move):
        return _destination(state, t, action.city, TRANSPORTS["balloon"])
    if isinstance(action, Telegraph):
        return _telegraph(t, action, any_face=False, pairs=True)
    if isinstance(action, UseEffect):
        return _effect(state, seat, t, action)
    assert isinstance(action, Buy | Swap)
    if action.office >= 0 and not _is_office(t, action.office):
        where = pos_text(action.office)
        return _error(
            f"position {where} holds no Escritório (a telegraph card on its back) "
            "(§ Telégrafo; RULES.md interpretation 10)",
            f"a posição {where} não tem um Escritório (carta de telégrafo virada) "
            "(§ Telégrafo; RULES.md interpretação 10)",
        )
    if isinstance(action, Buy):
        return _market(state, seat, action.market)
    return _swap(t, action.a, action.b)


def _rest(state: RaceState, seat: int, t: Traveller, action: RaceAction) -> IllegalActionError | None:
    if isinstance(action, Buy | Swap | Flip) and (action.free or getattr(action, "office", -1) >= 0):
        return _error(
            "a Rest takes no free action and needs no Escritório: write the action plainly "
            "(swap A B, flip N, buy N) (§ Descansar)",
            "o Descanso não tem ação livre nem usa Escritório: escreva a ação simples "
            "(swap A B, flip N, buy N) (§ Descansar)",
        )
    if isinstance(action, Move | UseEffect | Rest):
        return _error(
            "during a Rest: move a card, turn a card, telegraph, refresh the market or buy, then end "
            "(§ Descansar)",
            "no Descanso: mude uma carta de lugar, vire uma carta, telégrafo, renove o mercado ou compre, "
            "depois end (§ Descansar)",
        )
    if isinstance(action, Telegraph):
        return _telegraph(t, action, any_face=True, pairs=False)
    if isinstance(action, Refresh):
        empty = [m for m in action.markets if state.market[m] < 0]
        return _empty_market(empty[0]) if empty else None
    if isinstance(action, Buy):
        return _market(state, seat, action.market)
    if isinstance(action, Swap):
        return _swap(t, action.a, action.b)
    if isinstance(action, Flip):
        return _flip(t, action.pos)
    return None


# -- what the actions name ---------------------------------------------------------------------


def _destination(state: RaceState, t: Traveller, city: int, mask: int) -> IllegalActionError | None:
    if t.status != RACING or city < 0:
        return None
    here, there = COMP.city_ids[t.city], COMP.city_ids[city]
    routes = [route for route, other in COMP.adjacent[t.city] if other == city]
    if not routes:
        return _error(
            f"no route joins {here} and {there}: a move follows one route of the map to a neighbouring "
            "city (§ Movimento: definir o trajeto)",
            f"nenhuma rota liga {here} a {there}: o movimento segue uma rota do mapa até uma cidade vizinha "
            "(§ Movimento: definir o trajeto)",
        )
    if not any(COMP.routes[r].transport & mask for r in routes):
        kinds = "/".join(name for name in MAP_TRANSPORTS if TRANSPORTS[name] & mask)
        return _error(
            f"this extra space must go by {kinds} (the card or event that gives it says so)",
            f"este espaço extra deve ser feito por {kinds} (como diz a carta ou o evento que o dá)",
        )
    if city == t.origin:
        oceans = t.oceans | COMP.routes[routes[0]].ocean
        if oceans != BOTH_OCEANS:
            missing = "Atlantic" if oceans & PACIFIC else "Pacific"
            falta = "Atlântico" if oceans & PACIFIC else "Pacífico"
            return _error(
                f"you return to your start city {there} only after crossing the Atlantic and the Pacific; "
                f"the {missing} is still ahead (§ Ambientação; RULES.md interpretation 27)",
                f"você só volta à sua cidade de partida {there} depois de cruzar o Atlântico e o Pacífico; "
                f"falta o {falta} (§ Ambientação; RULES.md interpretação 27)",
            )
        if not state.options.winding:
            return None
        return _error(
            "strict circumnavigation: finishing also needs a full turn of longitude "
            "(option winding; RULES.md interpretation 27)",
            "volta estrita: terminar exige também uma volta completa em longitude "
            "(opção winding; RULES.md interpretação 27)",
        )
    if t.visited >> city & 1:
        return _error(
            f"you have already been to {there}: you never return to a city already visited (§ Ambientação)",
            f"você já passou por {there}: não se pode voltar a uma cidade já visitada (§ Ambientação)",
        )
    return None


def _no_card(pos: int) -> IllegalActionError:
    where = pos_text(pos)
    return _error(
        f"position {where} of your tableau holds no card", f"a posição {where} do seu tableau está vazia"
    )


def _telegraph(t: Traveller, action: Telegraph, *, any_face: bool, pairs: bool) -> IllegalActionError | None:
    placed = t.tableau[action.slot]
    where = pos_text(action.slot)
    if placed is None:
        return _no_card(action.slot)
    if not tb.is_telegraph(placed):
        return _error(
            f"the card at {where} is not a telegraph card (§ Telégrafo)",
            f"a carta em {where} não é uma carta de telégrafo (§ Telégrafo)",
        )
    if placed.face and not any_face:
        return _error(
            f"the telegraph card at {where} shows its Escritório back: after use the card turns over "
            "(§ Telégrafo)",
            f"a carta de telégrafo em {where} mostra o verso Escritório: após a utilização a carta é virada "
            "(§ Telégrafo)",
        )
    if len(action.options) == 2:
        if not pairs:
            return _error(
                "one telegraph option per Rest action (§ Descansar; RULES.md interpretation 25)",
                "uma opção de telégrafo por ação de Descanso (§ Descansar; RULES.md interpretação 25)",
            )
        if not tb.telegraph_values(placed).multi:
            return _error(
                f"the telegraph card at {where} sends one option at a time; two need an improved card "
                "such as the Submarine cable (§ Telégrafo)",
                f"a carta de telégrafo em {where} faz uma opção por vez; duas exigem uma carta melhorada "
                "como o Cabo submarino (§ Telégrafo)",
            )
    return None


def _is_office(t: Traveller, pos: int) -> bool:
    placed = t.tableau[pos]
    return placed is not None and placed.face == 1 and tb.is_telegraph(placed)


def _empty_market(market: int) -> IllegalActionError:
    return _error(f"market place {market + 1} is empty", f"o espaço {market + 1} do mercado está vazio")


def _market(state: RaceState, seat: int, market: int) -> IllegalActionError | None:
    if state.market[market] < 0:
        return _empty_market(market)
    cost, coins = tb.price(state, seat, market), state.travellers[seat].coins
    if coins < cost:
        return _error(
            f"the card at market place {market + 1} costs {plural_form(cost, '# coin|# coins')} and "
            f"you have {coins} (§ Mercado)",
            f"a carta no espaço {market + 1} do mercado custa {plural_form(cost, '# moeda|# moedas')} "
            f"e você tem {coins} (§ Mercado)",
        )
    return None


def _swap(t: Traveller, a: int, b: int) -> IllegalActionError | None:
    if a < 0 or b < 0:
        return None
    if a >= tb.open_slots(t) or b != tb.right_of(t, a):
        return _error(
            "a card moves one space: swap two neighbouring open positions (the overflow o follows the "
            "last open slot) (§ O turno: alterar a ordem de uma carta em um espaço)",
            "uma carta anda um espaço: troque duas posições abertas vizinhas (a posição o vem depois do "
            "último espaço aberto) (§ O turno: alterar a ordem de uma carta em um espaço)",
        )
    if t.tableau[a] is None and t.tableau[b] is None:
        return _error(
            f"positions {pos_text(a)} and {pos_text(b)} are both empty",
            f"as posições {pos_text(a)} e {pos_text(b)} estão vazias",
        )
    return None


def _flip(t: Traveller, pos: int) -> IllegalActionError | None:
    if pos < 0:
        return None
    placed = t.tableau[pos]
    if placed is None:
        return _no_card(pos)
    if not tb.turnable(placed):
        where = pos_text(pos)
        return _error(
            f"the card at {where} has a padlock face: it is never turned by hand (§ Efeitos; "
            "RULES.md interpretation 11)",
            f"a carta em {where} tem um lado com cadeado: nunca é desvirada à mão (§ Efeitos; "
            "RULES.md interpretação 11)",
        )
    return None


def _effect(state: RaceState, seat: int, t: Traveller, action: UseEffect) -> IllegalActionError | None:
    slot = action.slot
    if slot < 0:
        return None
    placed = t.tableau[slot]
    if placed is None:
        return _no_card(slot)
    effect = tb.face(placed).effect
    where = pos_text(slot)
    if effect == "charter" and action.city >= 0:
        return _destination(state, t, action.city, TRANSPORTS["balloon"])
    if effect == "lawyer" and action.pos >= 0:
        target = t.tableau[action.pos]
        if target is None or COMP.cards[target.card].category != "sabotage":
            return _error(
                f"the Lawyer removes a sabotage card of your tableau; position {pos_text(action.pos)} "
                "holds none (§ Efeitos)",
                f"o Advogado remove uma carta de sabotagem do seu tableau; a posição {pos_text(action.pos)} "
                "não tem nenhuma (§ Efeitos)",
            )
    if effect == "bribe" and 0 <= action.seat < state.players and action.pos >= 0:
        if action.seat == seat:
            return _error(
                "the Bribe turns a card of another traveller (§ Efeitos)",
                "o Suborno vira uma carta de outro viajante (§ Efeitos)",
            )
        target = state.travellers[action.seat].tableau[action.pos]
        if target is None or not tb.turnable(target):
            return _padlock_or_empty(action.pos, "that traveller's", "desse viajante")
    if effect not in ACTIVE_EFFECTS:
        return _error(
            f"the card at {where} shows no active effect: passive effects act by themselves and a "
            "padlock face does nothing (§ Efeitos)",
            f"a carta em {where} não mostra um efeito ativo: efeitos passivos agem sozinhos e o lado com "
            "cadeado não faz nada (§ Efeitos)",
        )
    return None


def _padlock_or_empty(pos: int, whose_en: str, whose_pt: str) -> IllegalActionError:
    where = pos_text(pos)
    return _error(
        f"position {where} of {whose_en} tableau holds no card that turns by hand: empty, or a "
        "padlock face (§ Efeitos; RULES.md interpretation 11)",
        f"a posição {where} do tableau {whose_pt} não tem carta que se vire à mão: vazia, ou com "
        "cadeado (§ Efeitos; RULES.md interpretação 11)",
    )


def _sabotage(state: RaceState, market: int) -> IllegalActionError | None:
    if state.market[market] < 0:
        return _empty_market(market)
    if state.under[market] >= 0:
        return _error(
            f"market card {market + 1} already has a sabotage card under it: one per card "
            "(§ Mercado; RULES.md interpretation 13)",
            f"a carta {market + 1} do mercado já tem uma sabotagem embaixo: uma por carta "
            "(§ Mercado; RULES.md interpretação 13)",
        )
    return None
