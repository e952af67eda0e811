"""Why a DOGS move is illegal: the rule that forbids it, in English and Portuguese.

`illegal_reason` answers legal moves with the rules module's cheap check; only an illegal move
is explained. A move of the pending decision's kind gets the rule it breaks (gas for the
distance, a blocked space, a pen rule, the coins it costs, a card not held…), citing the
rulebook's section; a move of another kind gets the pending decision's name.
"""

from __future__ import annotations

from dataclasses import fields

from tabuleiro.core import IllegalActionError
from tabuleiro.core.i18n import plural_form
from tabuleiro.games.dogs import kennel as pens
from tabuleiro.games.dogs import rules
from tabuleiro.games.dogs.actions import (
    FREE,
    NO_CARD,
    TOKENS,
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
from tabuleiro.games.dogs.components import AREAS, BLOCK, CITY, components
from tabuleiro.games.dogs.state import BOXES, DogsState, Frame, Kennel

# The action types each pending decision takes (cards are usable at several, see _use_card).
KINDS: dict[str, tuple[type, ...]] = {
    "fuel": (Fuel,),
    "move": (Move, Home, Stay),
    "bonus": (Bonus,),
    "arrange": (Vet, Donate, Put, Lift, Done),
    "offer": (Answer,),
    "place": (Place,),
    "box": (Build, Exchange, Shop, Cure, Sell, Buy, Trade, Done),
    "feed": (Feed, Starve),
    "salary": (Salary,),
}
PENDING = {
    "fuel": ("buying gas (fuel N)", "compra de gasolina (fuel N)"),
    "move": ("moving your pick-up (move, home or stay)", "mover a pick-up (move, home ou stay)"),
    "bonus": ("choosing the return bonus (bonus food|medicine|gas)", "escolher o bônus de retorno"),
    "arrange": (
        "placing your dogs in the pens (put, lift, donate, done)",
        "acomodar os cães (put, lift, donate, done)",
    ),
    "offer": ("answering a donation (accept or decline)", "responder a uma doação (accept ou decline)"),
    "place": ("choosing an action box and its card (place BOX CARD)", "escolher um box de ação e sua carta"),
    "box": ("the action of your box, then done", "a ação do seu box, depois done"),
    "feed": ("feeding your pens (feed, or starve PEN BREED when food is short)", "alimentar as baias"),
    "salary": ("paying your helper (salary coin|card, rehire, no-rehire)", "pagar o ajudante"),
}
ACTION_TYPES = (*(t for kinds in KINDS.values() for t in kinds), UseCard)
BOX_SECTION = ("Prefeitura", "Armazém", "Pet Shop", "Veterinário", "Feira de Cães")
BOX_OF = {Build: rules.PREFEITURA, Exchange: rules.ARMAZEM, Shop: rules.PETSHOP, Cure: rules.VETERINARIO}


def illegal_reason(state: DogsState, seat: int, action: DogsAction) -> IllegalActionError | None:
    """None when `action` is legal now; otherwise the rule that forbids it."""
    frame = state.stack[-1]
    if rules.is_legal(state, seat, frame, action):
        return None
    return explain(state, seat, frame, action)


def _error(en: str, pt: str) -> IllegalActionError:
    return IllegalActionError(en, pt)


def _pending(frame: Frame) -> IllegalActionError:
    en, pt = PENDING[frame.kind]
    return _error(
        f"that move is not allowed now: the pending decision is {en}",
        f"essa jogada não é permitida agora: a decisão pendente é {pt}",
    )


def explain(state: DogsState, seat: int, frame: Frame, action: DogsAction) -> IllegalActionError:
    """The rule an illegal `action` breaks (the caller knows it is illegal)."""
    bad = _malformed(action)
    if bad is not None:
        return _error(
            f"that move names no {bad} DOGS has; see 'help' for the moves you have now",
            f"essa jogada cita um valor inexistente em DOGS ({bad}); veja 'ajuda' para as jogadas possíveis",
        )
    k = state.kennels[seat]
    if isinstance(action, UseCard):
        return _use_card(state, k, frame, action) or _pending(frame)
    if not isinstance(action, KINDS[frame.kind]):
        return _pending(frame)
    reason: IllegalActionError | None
    if frame.kind == "fuel":
        reason = _fuel(k, action)
    elif frame.kind == "move":
        reason = _move(state, seat, k, action)
    elif frame.kind == "bonus":
        reason = _gas_cap() if k.gas >= rules.GAS_CAP else None
    elif frame.kind == "arrange":
        reason = _arrange(k, frame, action)
    elif frame.kind == "place":
        reason = _place(state, k, action)
    elif frame.kind == "box":
        reason = _box(state, k, frame, action)
    elif frame.kind == "feed":
        reason = _feed(k, frame, action)
    elif frame.kind == "salary":
        reason = _salary(k, action)
    else:
        reason = None
    return reason or _pending(frame)


# -- values that name nothing ---------------------------------------------------------------------


def _is_int(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value < high


def _malformed(action: object) -> str | None:
    """The first field of `action` holding a value no DOGS move has, or None."""
    if not isinstance(action, ACTION_TYPES):
        return "action"
    comp = components()
    breeds, spaces, cards = len(comp.breed_ids), len(comp.space_names), len(comp.cards)
    for f in fields(action):  # type: ignore[arg-type]
        value = getattr(action, f.name)
        name = f.name
        if name in ("breed", "fair_breed"):
            ok = _is_int(value, 0, breeds)
        elif name == "space":
            ok = _is_int(value, 1, spaces)
        elif name in ("pen", "box"):
            ok = _is_int(value, 0, 5)
        elif name == "coins":
            ok = _is_int(value, 0, 1 << 31)
        elif name == "card":
            ok = _is_int(value, 0, cards) or (isinstance(action, Place) and value in (FREE, NO_CARD))
            ok = ok and type(value) is int
        elif name in ("a", "b"):
            ok = _is_int(value, -1, spaces)
        elif name in ("resource", "give", "take", "first", "second"):
            ok = type(value) is str and value in TOKENS
        elif name == "how":
            ok = type(value) is str and value in ("coin", "card", "rehire", "none")
        else:
            ok = type(value) is bool
        if not ok:
            return name
    return None


# -- cards ------------------------------------------------------------------------------------------


def _card_name(card: int) -> tuple[str, str]:
    return card_words(card, "en"), card_words(card, "pt")


def _use_card(state: DogsState, k: Kennel, frame: Frame, action: UseCard) -> IllegalActionError | None:
    comp = components()
    card = comp.cards[action.card]
    en, pt = _card_name(action.card)
    if action.card not in k.cards:
        return _error(
            f"you do not hold the {en} card (§ Uso das cartas: cards are kept open in front of you)",
            f"você não tem a carta {pt} (§ Uso das cartas: as cartas ficam abertas à sua frente)",
        )
    if frame.kind in ("offer", "arrange", "bonus"):
        return _error(
            f"cards are used at your own decisions, not while {PENDING[frame.kind][0]} "
            "(§ Uso das cartas; RULES.md § Uso das cartas no jogo)",
            f"cartas são usadas nas suas decisões, não ao {PENDING[frame.kind][1]} "
            "(§ Uso das cartas; RULES.md § Uso das cartas no jogo)",
        )
    if card.resource:
        return None
    if card.special not in ("swap", "dog"):
        use = {
            "trained": ("sell BREED PEN trained", "§ Cão Adestrado"),
            "prize": ("sell BREED PEN prize", "§ Cão Premiado"),
            "vet": ("vet yes, when your pick-up comes home with sick dogs", "§ Veterinário"),
            "discount": ("build discount, at the Prefeitura", "§ Desconto"),
            "helper": ("salary card, in phase 3", "§ Ajudante"),
            "free": ("place BOX use-free, on a full box", "§ Entrada Livre"),
        }[card.special or ""]
        return _error(
            f"the {en} card is played with its own move: {use[0]} ({use[1]})",
            f"a carta {pt} é jogada com a sua própria jogada: {use[0]} ({use[1]})",
        )
    if frame.kind != "move":
        when = (
            ("before moving your pick-up", "antes de mover sua pick-up")
            if card.special == "swap"
            else ("before returning to the kennel", "antes de retornar ao canil")
        )
        return _error(
            f"the {en} card is used during phase 1, {when[0]} (§ {card_words(action.card, 'pt')})",
            f"a carta {pt} é usada durante a fase 1, {when[1]} (§ {pt})",
        )
    if card.special == "dog":
        if action.a not in (0, 1) or action.b != -1:
            return None
        area = AREAS[action.a]
        return _error(
            f"the {area} supply has no dog left to take (§ Receba 1 cão)",
            f"a reserva {'da cidade' if action.a == CITY else 'do campo'} não tem mais cães (§ Receba 1 cão)",
        )
    return _swap_reason(state, action)


def _swap_reason(state: DogsState, action: UseCard) -> IllegalActionError | None:
    comp = components()
    names = comp.space_names
    for space in (action.a, action.b):
        if space < 1 or not 0 <= state.spaces[space] != BLOCK:
            where = names[space] if space >= 1 else "?"
            return _error(
                f"{where} holds no dog to swap (§ Troca de cães: two dogs on the board)",
                f"{where} não tem cão para trocar (§ Troca de cães: dois cães no tabuleiro)",
            )
    if comp.space_area[action.a] != comp.space_area[action.b]:
        return _error(
            "city dogs always stay in the city and country dogs in the country: swap two dogs of "
            "one area (§ Preparação 4; RULES.md interpretation 7)",
            "cães da cidade ficam sempre na área urbana e os do campo na rural: troque dois cães da "
            "mesma área (§ Preparação 4; RULES.md interpretação 7)",
        )
    return None


# -- phase 1 -------------------------------------------------------------------------------------------


def _gas_cap() -> IllegalActionError:
    return _error(
        "your garage already holds 9 gas, the most it may hold (§ Garagem)",
        "sua garagem já tem 9 fichas de gasolina, o máximo permitido (§ Garagem)",
    )


def _fuel(k: Kennel, action: DogsAction) -> IllegalActionError | None:
    assert isinstance(action, Fuel)
    if action.coins > k.coins:
        return _error(
            f"you have {plural_form(k.coins, '# coin|# coins')}: each coin buys 3 gas (§ Fase 1)",
            f"você tem {plural_form(k.coins, '# moeda|# moedas')}: cada moeda compra 3 fichas de "
            "gasolina (§ Fase 1)",
        )
    most = rules.max_fuel(k)
    return _error(
        f"{k.gas} gas plus {3 * action.coins} would pass 9: buy at most "
        f"{plural_form(most, '# coin|# coins')} of gas "
        "(§ Garagem: never more than 9 gas)",
        f"{k.gas} de gasolina mais {3 * action.coins} passaria de 9: compre no máximo "
        f"{plural_form(most, '# moeda|# moedas')} "
        "de gasolina (§ Garagem: nunca mais de 9 fichas)",
    )


def _move(state: DogsState, seat: int, k: Kennel, action: DogsAction) -> IllegalActionError | None:
    if isinstance(action, Home):
        return _error(
            "your pick-up has not left the centre: 'stay' keeps it home this phase (§ Fase 1)",
            "sua pick-up não saiu do centro: 'stay' a deixa no canil nesta fase (§ Fase 1)",
        )
    if isinstance(action, Stay):
        return _error(
            "your pick-up is out: 'home' brings it back for exactly 1 gas (§ Fase 1)",
            "sua pick-up está fora: 'home' a traz de volta por exatamente 1 gasolina (§ Fase 1)",
        )
    assert isinstance(action, Move)
    where = components().space_names[action.space]
    token = state.spaces[action.space]
    if token == BLOCK:
        return _error(
            f"{where} holds a blocking token: cross it for 2 gas but never stop there "
            "(§ Partidas com dois jogadores, fase 1)",
            f"{where} tem uma ficha de bloqueio: atravessá-la custa 2 gasolinas, mas não se pode parar nela "
            "(§ Partidas com dois jogadores, fase 1)",
        )
    if token < 0:
        return _error(
            f"{where} has no dog: a pick-up stops only on a space with a dog and takes it "
            "(§ Fase 1; RULES.md interpretation 1)",
            f"{where} não tem cão: a pick-up só para num espaço com cão e o recolhe "
            "(§ Fase 1; RULES.md interpretação 1)",
        )
    if any(other.position == action.space for s, other in enumerate(state.kennels) if s != seat):
        return _error(
            f"another pick-up is on {where}: two pick-ups never share a space (§ Fase 1)",
            f"outra pick-up está em {where}: duas pick-ups não ocupam o mesmo espaço (§ Fase 1)",
        )
    cost = rules.distances(state, k.position)[action.space]
    if cost >= 1 << 30:
        return _error(
            f"{where} cannot be reached without crossing the centre, which is a departure point only "
            "(RULES.md interpretation 3)",
            f"{where} não pode ser alcançado sem atravessar o centro, que é só ponto de partida "
            "(RULES.md interpretação 3)",
        )
    if cost > k.gas:
        return _error(
            f"reaching {where} costs {cost} gas and you have {k.gas}: without enough gas a move cannot "
            "be made (§ Fase 1)",
            f"chegar a {where} custa {cost} de gasolina e você tem {k.gas}: sem gasolina suficiente o "
            "movimento não pode ser feito (§ Fase 1)",
        )
    return _error(
        f"reaching {where} costs {cost} gas and you have {k.gas}: keep at least 1 gas to return to the "
        "kennel (§ Fase 1, IMPORTANTE)",
        f"chegar a {where} custa {cost} de gasolina e você tem {k.gas}: guarde pelo menos 1 ficha para "
        "voltar ao canil (§ Fase 1, IMPORTANTE)",
    )


# -- placing dogs ----------------------------------------------------------------------------------------


def _breed(b: int) -> str:
    return components().breed_ids[b]


def _arrange(k: Kennel, frame: Frame, action: DogsAction) -> IllegalActionError | None:
    if frame.vet:
        return _error(
            "first say whether the Vet card takes the sick dogs you brought home to the pens "
            "(vet yes|no; § Veterinário)",
            "primeiro diga se a carta Veterinário leva às baias os cães doentes trazidos "
            "(vet yes|no; § Veterinário)",
        )
    if isinstance(action, Vet):
        return _error(
            "the Vet card is decided when your pick-up brings sick dogs home and you hold it (§ Veterinário)",
            "a carta Veterinário é decidida quando sua pick-up traz cães doentes e você a tem "
            "(§ Veterinário)",
        )
    if len(k.infirmary) > rules.INFIRMARY_CAP:
        if isinstance(action, Donate) and action.sick:
            b = _breed(action.breed)
            return _error(f"your infirmary has no sick {b}", f"sua enfermaria não tem {b} doente")
        return _error(
            f"your infirmary holds {len(k.infirmary)} sick dogs, more than 6: donate a sick dog first "
            "(donate sick BREED; § Enfermaria, § Fase 1 exemplo 03)",
            f"sua enfermaria tem {len(k.infirmary)} cães doentes, mais de 6: doe um cão doente primeiro "
            "(donate sick RAÇA; § Enfermaria, § Fase 1 exemplo 03)",
        )
    _, excess = rules.pen_excess(k, frame.pool)
    if excess > 0:
        if isinstance(action, Donate) and not action.sick:
            b = _breed(action.breed)
            return _error(f"you have no healthy {b} to donate", f"você não tem {b} sadio para doar")
        return _error(
            "your pens cannot hold all your dogs however they are arranged: donate one "
            "(donate BREED; § Fase 1, doações)",
            "suas baias não comportam todos os seus cães em nenhum arranjo: doe um "
            "(donate RAÇA; § Fase 1, doações)",
        )
    if isinstance(action, Donate):
        return _error(
            "your pens hold all your dogs: a dog is donated only when there is no room for it "
            "(§ Fase 1, doações; RULES.md interpretation 8)",
            "suas baias comportam todos os seus cães: só se doa um cão quando não há espaço para ele "
            "(§ Fase 1, doações; RULES.md interpretação 8)",
        )
    if isinstance(action, Done):
        n = len(frame.pool)
        return _error(
            plural_form(n, "# dog still waits to be placed: put it|# dogs still wait to be placed: put them")
            + " in your pens first (put BREED PEN)",
            plural_form(n, "# cão ainda espera lugar: coloque-o|# cães ainda esperam lugar: coloque-os")
            + " nas baias primeiro (put RAÇA BAIA)",
        )
    assert isinstance(action, Put | Lift)
    b, number = _breed(action.breed), action.pen + 1
    if action.pen >= len(k.pens):
        return _not_built(number)
    if isinstance(action, Lift):
        if frame.lifts <= 0:
            return _error(
                "dogs move between pens only at the end of phase 1 (§ Fase 1: NÃO ESQUEÇA, the only "
                "redistribution of the round; RULES.md interpretation 10)",
                "os cães só mudam de baia no final da fase 1 (§ Fase 1: NÃO ESQUEÇA, a única "
                "redistribuição da rodada; RULES.md interpretação 10)",
            )
        return _error(f"pen {number} has no {b}", f"a baia {number} não tem {b}")
    if action.breed not in frame.pool:
        return _error(f"no {b} is waiting to be placed", f"nenhum {b} espera lugar")
    if pens.add(k.pens[action.pen], action.breed) is None:
        return _pen_rule(number, b)
    return _error(
        f"a {b} in pen {number} would leave no room for the other dogs waiting: put it elsewhere "
        "(RULES.md interpretation 8)",
        f"um {b} na baia {number} deixaria sem lugar os outros cães que esperam: coloque-o em outra baia "
        "(RULES.md interpretação 8)",
    )


def _not_built(number: int) -> IllegalActionError:
    return _error(
        f"pen {number} is not built: the extra pens are built at the Prefeitura (§ Prefeitura)",
        f"a baia {number} não está construída: as baias adicionais são ativadas na Prefeitura (§ Prefeitura)",
    )


def _pen_rule(number: int, breed: str) -> IllegalActionError:
    return _error(
        f"pen {number} has no room for a {breed}: a pen holds 4 dogs in two rows of two dogs of one "
        "breed, and at most two breeds (§ Baias construídas)",
        f"a baia {number} não tem lugar para um {breed}: uma baia acomoda 4 cães em duas fileiras de dois "
        "cães da mesma raça, no máximo duas raças (§ Baias construídas)",
    )


def _no_room(breed: str) -> IllegalActionError:
    return _error(
        f"no pen has a valid spot for a {breed} without rearranging (§ Baias construídas; "
        "RULES.md interpretation 10)",
        f"nenhuma baia tem espaço válido para um {breed} sem rearranjar (§ Baias construídas; "
        "RULES.md interpretação 10)",
    )


# -- phase 2 ---------------------------------------------------------------------------------------------


def _place(state: DogsState, k: Kennel, action: DogsAction) -> IllegalActionError | None:
    assert isinstance(action, Place)
    box, cap = BOX_SECTION[action.box], rules.box_capacity(state)
    taken = len(state.meeples[action.box])
    if action.card == FREE:
        if rules.CARD["free"] not in k.cards:
            return _error(
                "you do not hold the Free entry card (§ Entrada Livre)",
                "você não tem a carta Entrada Livre (§ Entrada Livre)",
            )
        if taken < cap:
            return _error(
                f"the {box} box is not full: Free entry is for a full box (§ Entrada Livre)",
                f"o box {box} não está cheio: a Entrada Livre é para um box ocupado (§ Entrada Livre)",
            )
        return _error(
            f"the {box} box already has an extra meeple (§ Entrada Livre)",
            f"o box {box} já tem um meeple a mais (§ Entrada Livre)",
        )
    if taken >= cap:
        return _error(
            f"the {box} box is full: at most {plural_form(cap, '# meeple|# meeples')} per box (§ Fase 2)",
            f"o box {box} está cheio: no máximo {plural_form(cap, '# meeple|# meeples')} por box (§ Fase 2)",
        )
    shown = state.boxes[action.box]
    if action.card == NO_CARD:
        return _error(
            f"the {box} box still has cards: choose one (place {BOXES[action.box]} CARD; § Fase 2)",
            f"o box {box} ainda tem cartas: escolha uma (place {BOXES[action.box]} CARTA; § Fase 2)",
        )
    en, pt = _card_name(action.card)
    listed_en = ", ".join(card_words(c, "en") for c in shown) or "none"
    listed_pt = ", ".join(card_words(c, "pt") for c in shown) or "nenhuma"
    return _error(
        f"the {box} box has no {en} card (its cards: {listed_en}; § Fase 2)",
        f"o box {box} não tem a carta {pt} (cartas: {listed_pt}; § Fase 2)",
    )


def _wrong_box(box: int, needed: int) -> IllegalActionError:
    return _error(
        f"that is the action of the {BOX_SECTION[needed]} box; your meeple is on the {BOX_SECTION[box]} "
        f"(§ {BOX_SECTION[needed]})",
        f"essa é a ação do box {BOX_SECTION[needed]}; seu meeple está no box {BOX_SECTION[box]} "
        f"(§ {BOX_SECTION[needed]})",
    )


def _box(state: DogsState, k: Kennel, frame: Frame, action: DogsAction) -> IllegalActionError | None:
    needed = BOX_OF.get(type(action), rules.FEIRA)
    if frame.box != needed:
        return _wrong_box(frame.box, needed)
    if isinstance(action, Build):
        return _build(k, frame, action)
    if isinstance(action, Exchange):
        return _exchange(k, frame, action)
    if isinstance(action, Shop):
        if not k.coins:
            return _error(
                "you have no coin: each coin buys two tokens of food or medicine (§ Pet Shop)",
                "você não tem moedas: cada moeda compra duas fichas de ração ou medicamento (§ Pet Shop)",
            )
        if "gas" in (action.first, action.second):
            return _error(
                "the Pet Shop sells food and medicine only (§ Pet Shop)",
                "o Pet Shop vende apenas ração e medicamentos (§ Pet Shop)",
            )
        return None
    if isinstance(action, Cure):
        b = _breed(action.breed)
        if not k.medicine:
            return _error(
                "you have no medicine: each cure costs 1 medicine (§ Veterinário)",
                "você não tem medicamentos: cada cura custa 1 ficha (§ Veterinário)",
            )
        if action.breed not in k.infirmary:
            return _error(f"your infirmary has no sick {b}", f"sua enfermaria não tem {b} doente")
        return _no_room(b)
    return _fair(state, k, frame, action)


def _build(k: Kennel, frame: Frame, action: Build) -> IllegalActionError | None:
    if len(k.pens) >= 2 + len(rules.EXTRA_PENS):
        return _error(
            "your three extra pens are all built (§ Prefeitura)",
            "suas três baias adicionais já estão construídas (§ Prefeitura)",
        )
    if frame.used:
        return _error(
            "the Prefeitura builds one pen per visit (§ Prefeitura)",
            "a Prefeitura ativa uma baia por visita (§ Prefeitura)",
        )
    if action.discount and rules.CARD["discount"] not in k.cards:
        return _error(
            "you do not hold the Discount card (§ Desconto)", "você não tem a carta Desconto (§ Desconto)"
        )
    cost = 1 if action.discount else rules.PEN_COST
    return _error(
        f"a pen costs {plural_form(cost, '# coin|# coins')} and you have {k.coins} (§ Prefeitura)",
        f"uma baia custa {plural_form(cost, '# moeda|# moedas')} e você tem {k.coins} (§ Prefeitura)",
    )


def _exchange(k: Kennel, frame: Frame, action: Exchange) -> IllegalActionError | None:
    if frame.used >= 2:
        return _error(
            "the Armazém exchanges at most two tokens per visit (§ Armazém)",
            "o Armazém troca no máximo duas fichas por visita (§ Armazém)",
        )
    if action.give == action.take:
        return _error(
            "exchange a token for a token of another kind (§ Armazém)",
            "troque uma ficha por outra de outro tipo (§ Armazém)",
        )
    if not getattr(k, action.give):
        return _error(
            f"you have no {action.give} to give (§ Armazém)",
            f"você não tem {action.give} para dar (§ Armazém)",
        )
    if action.take == "gas":
        return _gas_cap()
    return None


def _fair(state: DogsState, k: Kennel, frame: Frame, action: DogsAction) -> IllegalActionError | None:
    if frame.used:
        return _error(
            "one deal per visit to the Fair: a sale, a purchase or a trade (§ Feira de Cães)",
            "um negócio por visita à Feira: uma venda, uma compra ou uma troca (§ Feira de Cães)",
        )
    if isinstance(action, Sell | Trade):
        b, number = _breed(action.breed), action.pen + 1
        if action.pen >= len(k.pens):
            return _not_built(number)
        if all(breed != action.breed for breed, _ in k.pens[action.pen]):
            return _error(
                f"pen {number} has no {b} (sick dogs in the infirmary are never sold or traded; "
                "§ Feira de Cães)",
                f"a baia {number} não tem {b} (cães doentes na enfermaria jamais são vendidos ou trocados; "
                "§ Feira de Cães)",
            )
    if isinstance(action, Sell):
        return _sell(state, k, action)
    if isinstance(action, Buy):
        b = _breed(action.breed)
        if action.breed not in state.fair:
            return _not_at_fair(b)
        price = rules.fair_price(state)
        if k.coins < price:
            return _error(
                f"a dog costs 10 − {len(state.fair)} = {plural_form(price, '# coin|# coins')} (at "
                f"least 1) and you have {k.coins} "
                "(§ Feira de Cães: comprar)",
                f"um cão custa 10 − {len(state.fair)} = {plural_form(price, '# moeda|# moedas')} (no "
                f"mínimo 1) e você tem {k.coins} "
                "(§ Feira de Cães: comprar)",
            )
        return _no_room(b)
    assert isinstance(action, Trade)
    fair = _breed(action.fair_breed)
    if action.fair_breed not in state.fair:
        return _not_at_fair(fair)
    if action.fair_breed == action.breed:
        return _error("trade a dog for one of another breed", "troque um cão por outro de outra raça")
    return _no_room(fair)


def _not_at_fair(breed: str) -> IllegalActionError:
    return _error(
        f"there is no {breed} at the Fair (§ Feira de Cães)", f"não há {breed} na Feira (§ Feira de Cães)"
    )


def _sell(state: DogsState, k: Kennel, action: Sell) -> IllegalActionError | None:
    comp = components()
    shown = comp.fair_cards[state.fair_cards[0]]
    if action.breed not in shown:
        listed = ", ".join(comp.breed_ids[b] for b in shown)
        return _error(
            f"the Fair card shows {listed}: only those breeds are sold (§ Feira de Cães: vender)",
            f"a carta da Feira mostra {listed}: só essas raças são vendidas (§ Feira de Cães: vender)",
        )
    for on, card in ((action.trained, "trained"), (action.prize, "prize")):
        if on and rules.CARD[card] not in k.cards:
            en, pt = _card_name(rules.CARD[card])
            return _error(f"you do not hold the {en} card", f"você não tem a carta {pt}")
    return None


# -- phase 3 -----------------------------------------------------------------------------------------------


def _feed(k: Kennel, frame: Frame, action: DogsAction) -> IllegalActionError | None:
    hungry = rules.hungry_pens(k, frame.starved)
    if isinstance(action, Feed):
        return _error(
            f"you have {k.food} food for {plural_form(len(hungry), '# pen|# pens')} with dogs: choose "
            "a dog of an unfed pen for "
            "the infirmary (starve PEN BREED; § Fase 3, tarefa 1)",
            f"você tem {k.food} ração para {plural_form(len(hungry), '# baia|# baias')} com cães: "
            "escolha um cão de uma baia sem "
            "ração para a enfermaria (starve BAIA RAÇA; § Fase 3, tarefa 1)",
        )
    assert isinstance(action, Starve)
    number, b = action.pen + 1, _breed(action.breed)
    if k.food >= len(hungry):
        return _error(
            "you have food for every pen with dogs: feed them (§ Fase 3, tarefa 1)",
            "você tem ração para todas as baias com cães: alimente-as (§ Fase 3, tarefa 1)",
        )
    if action.pen not in hungry:
        return _error(
            f"pen {number} is not waiting for food (empty, or already left unfed)",
            f"a baia {number} não espera ração (vazia, ou já ficou sem ração)",
        )
    return _error(f"pen {number} has no {b}", f"a baia {number} não tem {b}")


def _salary(k: Kennel, action: DogsAction) -> IllegalActionError | None:
    assert isinstance(action, Salary)
    if action.how in ("coin", "card") and not k.helper:
        return _error(
            "you have no helper to pay; rehire him for 1 coin when the rules allow (§ Fase 3, tarefa 2)",
            "você não tem ajudante para pagar; recontrate-o por 1 moeda quando a regra permitir "
            "(§ Fase 3, tarefa 2)",
        )
    if action.how == "card":
        return _error(
            "you do not hold the Helper card (§ Ajudante)", "você não tem a carta Ajudante (§ Ajudante)"
        )
    if action.how == "coin" or (action.how == "rehire" and not k.coins):
        return _error(
            "you have no coin to pay the helper (§ Fase 3, tarefa 2)",
            "você não tem moeda para pagar o ajudante (§ Fase 3, tarefa 2)",
        )
    if action.how == "rehire":
        if k.helper:
            return _error("your helper is still working", "seu ajudante continua trabalhando")
        return _error(
            f"the helper left in round {k.helper_left}: he can be rehired only in the phase 3 of the next "
            "round (§ Fase 3, tarefa 2; RULES.md interpretation 15, option rehire)",
            f"o ajudante saiu na rodada {k.helper_left}: só pode ser recontratado na fase 3 da rodada "
            "seguinte (§ Fase 3, tarefa 2; RULES.md interpretação 15, opção rehire)",
        )
    return _error(
        "a working helper must be paid while you can: with a coin or the Helper card "
        "(§ Fase 3, tarefa 2; RULES.md interpretation 15)",
        "um ajudante que trabalha deve ser pago enquanto for possível: com uma moeda ou a carta Ajudante "
        "(§ Fase 3, tarefa 2; RULES.md interpretação 15)",
    )
