// Volta ao mundo em 80 dias: the world map with its cities and routes (train, ship, carriage;
// day costs; the Atlantic and Pacific crossings), every traveller's pawn, start city and
// path; the day and fame tracks with the passports; the weather card; the market with the
// next card's visible back; each tableau in slot order (face up, the other face, lock token,
// coins, closed slots, the overflow position); and the pending decision: the sealed city
// draft, the move preview (the running total of days card by card, from the view's
// `preview`, before the move is confirmed), the move being resolved, events and the rest.
// Every button sends one entry of `legal`; what no picture offers is listed as a button.

export const strings = {
  pt: {
    designed: "Mapa, cartas, clima, eventos e trilhas criados pelo Tabuleiro (os componentes impressos não são públicos).",
    "phase.draft": "Draft de cidades · rodada {n} de {of}",
    "phase.start": "Escolha da cidade de partida",
    "phase.race": "Corrida · turno {n}",
    "phase.over": "Fim da corrida",
    first: "Primeiro jogador: {name}",
    fogg: "Recorde de Fogg: 80 dias",
    you: "você",
    deciding: "{name} decide: {what}",
    "d.draft": "ficar com uma carta de cidade (escolha selada)",
    "d.start": "escolher a cidade de partida (escolha selada)",
    "d.turn": "duas ações principais diferentes e uma ação livre, ou descansar",
    "d.rest": "descanso: {n:# ação restante|# ações restantes}",
    "d.event": "o evento {name}",
    "d.gamblers": "qual carta de {target} vira (apostadores)",
    "d.leg": "andar mais um espaço ou parar",
    "d.lock": "qual carta vizinha recebe o cadeado",
    "d.face": "o lado da carta que age de novo",
    "d.token": "gastar o cadeado ou deixar a carta virar",
    "d.sabotage": "sob qual carta do mercado vai a sabotagem",
    "d.plan": "planejamento: a próxima carta e o lado",
    "d.opening": "comprar uma carta antes da corrida ou passar",
    draft_help: "Fique com uma carta; as outras passam para o jogador à direita. Sua escolha fica selada até todos escolherem, e as cartas guardadas só são reveladas com as cidades de partida.",
    start_help: "A cidade de partida não dá nada; as outras quatro dão suas moedas e fama.",
    hand: "Sua mão",
    kept: "Suas cartas guardadas",
    sealed: "Sua escolha selada: {city}",
    sealed_wait: "Escolha selada. Aguardando os outros.",
    progress: "{name}: {n:# carta guardada|# cartas guardadas} · {state}",
    "progress.done": "já escolheu",
    "progress.choosing": "escolhendo",
    gains: "recebe {coins:# moeda|# moedas} e {fame} de fama",
    city_card: "{coins:# moeda|# moedas} · {fame} fama",
    turn_help: "Ações principais (duas, diferentes): mover (toque numa cidade destacada no mapa), telégrafo, efeito, comprar. Uma ação livre: comprar, virar ou mover uma carta. Ou descansar, sozinho.",
    done_mains: "Já feito: {list}",
    free_used: "ação livre usada",
    free_left: "ação livre disponível",
    "main.move": "mover",
    "main.telegraph": "telégrafo",
    "main.effect": "efeito",
    "main.buy": "comprar",
    destinations: "Destinos (toque para ver a prévia)",
    preview: "Prévia: {route}",
    preview_stop: "Prévia: parar aqui",
    confirm: "Confirmar",
    cancel: "Cancelar",
    step_route: "{a} → {b} ({transport})",
    step_route_unnumbered: "{a} → {b} ({transport}, sem número: 1 dia)",
    step_weather: "Clima: {weather}",
    step_event: "Evento: carta ainda oculta (resolvida antes das cartas; não incluída)",
    step_card: "{card}",
    step_again: "{card} (de novo)",
    step_legs: "{card}: +{n:# espaço, escolhido|# espaços, escolhidos} durante o movimento (aqui: sem andar mais)",
    step_face: "{card} age de novo: o lado é escolhido durante o movimento (aqui: o lado atual)",
    step_minimum: "Mínimo de 1 dia",
    total: "Total: {n}",
    inexact: "Estimativa: o movimento ainda vai perguntar (espaço extra ou lado da carta).",
    strands: "Atenção: de lá não há volta possível; você sairia da corrida.",
    stranded: "Atenção: daqui já não há volta possível.",
    inexact_event: "Estimativa: o evento ainda está oculto e pode mudar os dias.",
    running: "total",
    trip: "Movimento de {name}: {route} · {transport} · {weather}",
    trip_total: "Total até agora: {n}",
    trip_done: "Já agiram: {list}",
    trip_left: "Ainda a agir: {list}",
    charter: "fretamento (sem clima, sem evento)",
    event_card: "Evento: {name}",
    watermark_fame: "marca d'água: +1 fama",
    watermark_coin: "marca d'água: +1 moeda",
    other_moves: "Outras jogadas",
    waiting: "Aguardando {name}.",
    map: "Mapa-múndi",
    city_here: "aqui: {names}",
    city_origin: "ponto de partida de {name}",
    city_hand: "na sua mão",
    city_kept: "carta guardada",
    legend_train: "trem",
    legend_ship: "navio",
    legend_carriage: "charrete",
    legend_ocean: "cruza oceano",
    legend_days: "número: dias (sem número: 1 dia)",
    atlantic: "Atlântico",
    pacific: "Pacífico",
    days_track: "Trilha de dias",
    fame_track: "Trilha de fama (passaportes abrem espaços do tableau)",
    slots_n: "{n:# espaço|# espaços}",
    weather: "Clima em jogo",
    weather_id: "carta {id} · {n} no monte",
    no_weather: "Nenhuma carta de clima ainda.",
    sun: "sol +0",
    fog: "névoa +1",
    storm: "tempestade +2",
    "icon.event": "evento",
    "icon.fame": "+1 fama",
    "icon.coin": "+1 moeda",
    ship: "navio",
    train: "trem",
    carriage: "charrete",
    balloon: "balão (qualquer)",
    market: "Mercado",
    deck: "Monte: {n:# carta|# cartas}",
    deck_back: "Verso da próxima carta:",
    deck_empty: "Monte vazio.",
    piles: "Descarte {d} · sabotagens {s} · eventos {e}",
    price: "{n:# moeda|# moedas}",
    back: "verso: {text}",
    face_a: "lado A",
    face_b: "lado B",
    under: "+ sabotagem por baixo: {text}",
    "cat.movement": "Movimento",
    "cat.effect": "Efeito",
    "cat.telegraph": "Telégrafo",
    "cat.sabotage": "Sabotagem",
    buy: "Comprar",
    buy_free: "Comprar (ação livre)",
    buy_office: "Comprar com o escritório em {p}",
    buy_event: "Comprar com desconto",
    buy_opening: "Comprar antes da corrida",
    place_sabotage: "Pôr a sabotagem aqui",
    refresh_mark: "trocar",
    refresh: "Trocar as cartas marcadas",
    refresh_help: "Descanso: marque as cartas do mercado a trocar.",
    tableau: "Tableau",
    your_tableau: "Seu tableau",
    traveller: "{name}",
    summary: "{city} · {days:# dia|# dias} · fama {fame} · {coins:# moeda|# moedas}",
    status_finished: "CHEGOU",
    status_out: "fora da corrida",
    start_city: "Partida: {city}",
    oceans: "Oceanos: {list}",
    none: "nenhum",
    path: "Caminho: {list}",
    slot: "Espaço {n}",
    overflow: "Fora do tableau",
    overflow_help: "Usável até o fim do turno, depois descartada; só uma carta cabe aqui.",
    closed: "Abre com fama {n}",
    empty: "vazio",
    lock_token: "cadeado",
    coins_on: "{n:# moeda|# moedas} na carta",
    flip: "Virar",
    flip_free: "Virar (livre)",
    flip_gamblers: "Virar esta carta",
    swap: "↔ {b}",
    swap_free: "↔ {b} (livre)",
    swap_office: "↔ {b} (escritório {p})",
    "tg.fame": "Fama",
    "tg.income": "Renda",
    "tg.collect": "Coletar",
    lock_here: "Cadeado aqui",
    plan: "Próxima: lado {f}",
    ledger: "Dias por causa: {list}",
    drafted: "Cartas de cidade: {list}",
    contacts: "Contatos a visitar: {list}",
    meetings: "Encontro marcado em: {list}",
    last_event: "Último evento: {name}",
    "eff.discount": "{t} −{v}",
    "eff.penalty": "{t} +{v:# dia|# dias}",
    "eff.extra_legs": "{t}: +{v:# espaço|# espaços}",
    "eff.lock_adjacent": "{t}: tranca uma vizinha",
    "eff.fame_on_move": "{t}: +{v} fama, sem desconto",
    "eff.repeat_left": "{t}: mova e repita (esquerda)",
    "eff.double_right": "{t}: efeito duplo (direita)",
    "eff.ignore_fog": "{t}: ignora névoa",
    "eff.ignore_storm": "{t}: ignora tempestade",
    "eff.no_flip_right": "{t}: a da direita não vira",
    "eff.telegraph": "★{fame} · renda {coins}",
    "eff.multi": " · 2 opções",
    "eff.office": "mover uma carta ou comprar",
    office: "Escritório",
    "eff.correspondent": "passivo: ao fim do movimento +2 fama e uma sabotagem",
    "eff.travel_agent": "passivo: próxima compra −{v} (e uma sabotagem)",
    "eff.planning": "ativo: ordem e lados das cartas só no Movimento deste turno",
    "eff.charter": "ativo: mover sem clima nem evento",
    "eff.lawyer": "ativo: descartar uma sabotagem",
    "eff.bribe": "ativo: virar uma carta de outro jogador",
    "eff.sponsorship": "ativo: +{v:# moeda|# moedas}",
    "eff.insurance": "passivo: anula o dano do próximo evento",
    "eff.scandal": "−{v} no próximo aumento de fama",
    "eff.locked": "cadeado (não vira mais)",
    "cat.routes": "Rotas",
    "cat.weather": "Clima",
    "cat.events": "Eventos",
    "cat.cards": "Cartas (descontos)",
    "cat.sabotage": "Sabotagem",
    "cat.minimum": "Mínimo de 1 dia",
    "cat.idle": "Turnos sem mover",
    "cat.rest": "Descanso",
    "sheet.status": "Situação",
    "sheet.turns": "Turnos",
    "sheet.cities": "Cidades visitadas",
    "sheet.fogg": "Recorde de Fogg quebrado!",
    "sheet.finished": "chegou",
    "sheet.out": "fora",
    "sheet.racing": "correndo",
  },
  en: {
    designed: "Map, cards, weather, events and tracks designed by Tabuleiro (the printed components are not public).",
    "phase.draft": "City draft · round {n} of {of}",
    "phase.start": "Choosing start cities",
    "phase.race": "Race · turn {n}",
    "phase.over": "The race is over",
    first: "First player: {name}",
    fogg: "Fogg's record: 80 days",
    you: "you",
    deciding: "{name} decides: {what}",
    "d.draft": "keeping one city card (sealed pick)",
    "d.start": "choosing a start city (sealed)",
    "d.turn": "two different main actions and one free action, or rest",
    "d.rest": "rest: {n:# action|# actions} left",
    "d.event": "the event {name}",
    "d.gamblers": "which card of {target} turns over (gamblers)",
    "d.leg": "one more space or stop",
    "d.lock": "which neighbouring card gets the lock token",
    "d.face": "the face of the card acting again",
    "d.token": "spend the lock token or let the card turn",
    "d.sabotage": "which market card gets the sabotage card",
    "d.plan": "planning: the next card and its face",
    "d.opening": "buying one card before the race, or passing",
    draft_help: "Keep one card; the others pass to the player on your right. Your pick stays sealed until everyone has chosen, and kept cards are revealed only with the start cities.",
    start_help: "The start city gives nothing; the other four give their coins and fame.",
    hand: "Your hand",
    kept: "Your kept cards",
    sealed: "Your sealed pick: {city}",
    sealed_wait: "Pick sealed. Waiting for the others.",
    progress: "{name}: {n:# card|# cards} kept · {state}",
    "progress.done": "has chosen",
    "progress.choosing": "choosing",
    gains: "gets {coins:# coin|# coins} and {fame} fame",
    city_card: "{coins:# coin|# coins} · {fame} fame",
    turn_help: "Main actions (two, different): move (tap a highlighted city on the map), telegraph, effect, buy. One free action: buy, turn over or move a card. Or rest, alone.",
    done_mains: "Done: {list}",
    free_used: "free action used",
    free_left: "free action available",
    "main.move": "move",
    "main.telegraph": "telegraph",
    "main.effect": "effect",
    "main.buy": "buy",
    destinations: "Destinations (tap for the preview)",
    preview: "Preview: {route}",
    preview_stop: "Preview: stop here",
    confirm: "Confirm",
    cancel: "Cancel",
    step_route: "{a} → {b} ({transport})",
    step_route_unnumbered: "{a} → {b} ({transport}, unnumbered: 1 day)",
    step_weather: "Weather: {weather}",
    step_event: "Event: card still hidden (resolved before the cards; not included)",
    step_card: "{card}",
    step_again: "{card} (again)",
    step_legs: "{card}: +{n:# space|# spaces}, chosen during the move (here: no further)",
    step_face: "{card} acts again: its face is chosen during the move (here: the face it shows)",
    step_minimum: "At least 1 day",
    total: "Total: {n}",
    inexact: "An estimate: the move will still ask you (an extra space or a card's face).",
    strands: "Warning: there is no way home from there; you would drop out of the race.",
    stranded: "Warning: there is no way home from here any more.",
    inexact_event: "An estimate: the event is still hidden and may change the days.",
    running: "total",
    trip: "{name}'s move: {route} · {transport} · {weather}",
    trip_total: "Running total: {n}",
    trip_done: "Took effect: {list}",
    trip_left: "Still to act: {list}",
    charter: "charter (no weather, no event)",
    event_card: "Event: {name}",
    watermark_fame: "watermark: +1 fame",
    watermark_coin: "watermark: +1 coin",
    other_moves: "Other moves",
    waiting: "Waiting for {name}.",
    map: "World map",
    city_here: "here: {names}",
    city_origin: "{name}'s starting point",
    city_hand: "in your hand",
    city_kept: "kept card",
    legend_train: "train",
    legend_ship: "ship",
    legend_carriage: "carriage",
    legend_ocean: "ocean crossing",
    legend_days: "number: days (none: 1 day)",
    atlantic: "Atlantic",
    pacific: "Pacific",
    days_track: "Day track",
    fame_track: "Fame track (passports open tableau slots)",
    slots_n: "{n:# slot|# slots}",
    weather: "Weather in play",
    weather_id: "card {id} · {n} in the deck",
    no_weather: "No weather card yet.",
    sun: "sun +0",
    fog: "fog +1",
    storm: "storm +2",
    "icon.event": "event",
    "icon.fame": "+1 fame",
    "icon.coin": "+1 coin",
    ship: "ship",
    train: "train",
    carriage: "carriage",
    balloon: "balloon (any)",
    market: "Market",
    deck: "Deck: {n:# card|# cards}",
    deck_back: "Back of the next card:",
    deck_empty: "The deck is empty.",
    piles: "Discard {d} · sabotage {s} · events {e}",
    price: "{n:# coin|# coins}",
    back: "back: {text}",
    face_a: "face A",
    face_b: "face B",
    under: "+ sabotage underneath: {text}",
    "cat.movement": "Movement",
    "cat.effect": "Effect",
    "cat.telegraph": "Telegraph",
    "cat.sabotage": "Sabotage",
    buy: "Buy",
    buy_free: "Buy (free action)",
    buy_office: "Buy with the office at {p}",
    buy_event: "Buy at a discount",
    buy_opening: "Buy before the race",
    place_sabotage: "Put the sabotage here",
    refresh_mark: "replace",
    refresh: "Replace the marked cards",
    refresh_help: "Rest: mark the market cards to replace.",
    tableau: "Tableau",
    your_tableau: "Your tableau",
    traveller: "{name}",
    summary: "{city} · {days:# day|# days} · fame {fame} · {coins:# coin|# coins}",
    status_finished: "BACK HOME",
    status_out: "out of the race",
    start_city: "Start: {city}",
    oceans: "Oceans: {list}",
    none: "none",
    path: "Path: {list}",
    slot: "Slot {n}",
    overflow: "Out of the tableau",
    overflow_help: "Usable until the end of the turn, then discarded; one card only.",
    closed: "Opens at fame {n}",
    empty: "empty",
    lock_token: "lock token",
    coins_on: "{n:# coin|# coins} on the card",
    flip: "Turn over",
    flip_free: "Turn over (free)",
    flip_gamblers: "Turn this card",
    swap: "↔ {b}",
    swap_free: "↔ {b} (free)",
    swap_office: "↔ {b} (office {p})",
    "tg.fame": "Fame",
    "tg.income": "Income",
    "tg.collect": "Collect",
    lock_here: "Lock this card",
    plan: "Next: face {f}",
    ledger: "Days by cause: {list}",
    drafted: "City cards: {list}",
    contacts: "Contacts to visit: {list}",
    meetings: "Appointment in: {list}",
    last_event: "Last event: {name}",
    "eff.discount": "{t} −{v}",
    "eff.penalty": "{t} +{v:# day|# days}",
    "eff.extra_legs": "{t}: +{v:# space|# spaces}",
    "eff.lock_adjacent": "{t}: lock a neighbour",
    "eff.fame_on_move": "{t}: +{v} fame, no discount",
    "eff.repeat_left": "{t}: move and repeat (left)",
    "eff.double_right": "{t}: do twice (right)",
    "eff.ignore_fog": "{t}: ignore fog",
    "eff.ignore_storm": "{t}: ignore storm",
    "eff.no_flip_right": "{t}: the right card keeps its face",
    "eff.telegraph": "★{fame} · income {coins}",
    "eff.multi": " · 2 options",
    "eff.office": "move a card or buy",
    office: "Office",
    "eff.correspondent": "passive: after the move +2 fame and a sabotage card",
    "eff.travel_agent": "passive: next purchase −{v} (and a sabotage card)",
    "eff.planning": "active: card order and faces for this turn's Move only",
    "eff.charter": "active: move with no weather and no event",
    "eff.lawyer": "active: discard a sabotage card",
    "eff.bribe": "active: turn over another player's card",
    "eff.sponsorship": "active: +{v:# coin|# coins}",
    "eff.insurance": "passive: cancels the next event's harm",
    "eff.scandal": "−{v} on the next fame raise",
    "eff.locked": "padlock (turns no more)",
    "cat.routes": "Routes",
    "cat.weather": "Weather",
    "cat.events": "Events",
    "cat.cards": "Cards (discounts)",
    "cat.sabotage": "Sabotage",
    "cat.minimum": "1-day minimum",
    "cat.idle": "Turns without a move",
    "cat.rest": "Rest",
    "sheet.status": "Standing",
    "sheet.turns": "Turns",
    "sheet.cities": "Cities visited",
    "sheet.fogg": "Fogg's record broken!",
    "sheet.finished": "back home",
    "sheet.out": "out",
    "sheet.racing": "racing",
  },
};

export const css = `
.board svg.vm-icon, .mine svg.vm-icon, .others svg.vm-icon { display: inline-block; vertical-align: -3px; flex: none; }
.vm-info { display: flex; flex-wrap: wrap; gap: 4px 14px; align-items: baseline; margin-bottom: 6px; font-size: 0.92rem; }
.vm-designed { font-size: 0.82rem; margin: 4px 0 8px; }
.vm-decision { border: 2px solid var(--accent); border-radius: 8px; padding: 8px 10px; margin: 6px 0 10px; background: #f4faf9; }
.vm-decision.waiting { border-color: var(--line); background: #fafafa; }
.vm-decision h2, .vm-decision h3 { margin: 0 0 6px; font-size: 1rem; }
.vm-decision p { margin: 4px 0; }
.vm-buttons { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; }
.vm-buttons button { min-height: 36px; }
.vm-cities { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; }
.vm-city { display: inline-flex; flex-direction: column; align-items: flex-start; gap: 1px; padding: 5px 9px; border-radius: 8px; border: 1px solid #b8ab8f; background: #f7f1e3; font-size: 0.88rem; min-height: 0; text-align: left; }
.vm-city small { color: var(--muted); }
button.vm-city.legal { border: 2px solid #8a5200; background: #fff3b0; }
.vm-city.sealed { border: 2px solid var(--accent); background: #e0f2f1; }
.vm-dest { display: grid; grid-template-columns: 1fr auto; gap: 4px; }
.vm-dest button { text-align: left; display: flex; justify-content: space-between; gap: 8px; min-height: 34px; padding: 4px 10px; }
.vm-dest button.selected { border: 2px solid var(--accent); background: #e0f2f1; }
.vm-preview { border: 1px dashed var(--accent); border-radius: 8px; padding: 6px 8px; margin: 6px 0; background: #fff; }
.vm-preview table { border-collapse: collapse; width: 100%; font-size: 0.88rem; font-variant-numeric: tabular-nums; }
.vm-preview td { padding: 2px 4px; border-bottom: 1px solid #f0ece4; }
.vm-preview td.n { text-align: right; white-space: nowrap; }
.vm-preview tr.total td { font-weight: 700; border-top: 2px solid var(--ink); }
.vm-warn { color: #a3281b; font-weight: 700; }
.vm-map { width: 100%; height: auto; display: block; background: #dfeef4; border-radius: 8px; }
.vm-map .legal .ring { fill: none; stroke: #8a5200; stroke-width: 2.5; stroke-dasharray: 4 3; }
.vm-map .legal:hover .ring, .vm-map .legal:focus .ring, .vm-map .picked .ring { stroke: #1f4e5a; stroke-dasharray: none; stroke-width: 3; }
.vm-map .legal:focus { outline: none; }
.vm-legend { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 0.8rem; color: var(--muted); margin: 4px 0 8px; align-items: center; }
.vm-legend svg { vertical-align: middle; }
.vm-tracks { width: 100%; height: auto; display: block; margin: 6px 0; }
.vm-table { display: grid; grid-template-columns: minmax(230px, 1fr) minmax(0, 3fr); gap: 10px; margin-top: 8px; }
.vm-weather, .vm-market { border: 1px solid var(--line); border-radius: 8px; padding: 8px; background: #fffdf8; }
.vm-weather table { border-collapse: collapse; font-size: 0.88rem; width: 100%; }
.vm-weather td { padding: 3px 4px; border-bottom: 1px solid #f0ece4; }
.vm-row { display: flex; flex-wrap: wrap; gap: 6px; align-items: stretch; }
.vm-card { display: flex; flex-direction: column; gap: 2px; width: 104px; min-height: 96px; padding: 5px 6px; border-radius: 7px; border: 1px solid #b8ab8f; background: #f7f1e3; font-size: 0.8rem; position: relative; }
.vm-card.cat-effect { background: #efe7f6; border-color: #a58bbd; }
.vm-card.cat-telegraph { background: #e8f1e4; border-color: #8fae83; }
.vm-card.cat-sabotage { background: #f8e1de; border-color: #c0776b; }
.vm-card .head { display: flex; justify-content: space-between; gap: 4px; font-size: 0.72rem; color: var(--muted); }
.vm-card .face { font-weight: 600; display: flex; gap: 4px; align-items: center; }
.vm-card .other { color: var(--muted); font-size: 0.74rem; }
.vm-card .price { align-self: flex-start; background: #d4a017; color: #fff; border-radius: 999px; padding: 0 6px; font-weight: 700; }
.vm-card .under { color: var(--bad); font-size: 0.74rem; }
.vm-card .tags { display: flex; flex-wrap: wrap; gap: 3px; font-size: 0.72rem; }
.vm-card .tag { border-radius: 999px; padding: 0 5px; background: #fff; border: 1px solid #ccc; }
.vm-card .tag.lock { border-color: #6b4f00; background: #fff3b0; }
.vm-card .acts { display: flex; flex-wrap: wrap; gap: 3px; margin-top: auto; }
.vm-card .acts button { padding: 1px 4px; min-height: 26px; font-size: 0.72rem; }
.vm-card button.legal { border: 2px solid #8a5200; background: #fff3b0; }
.vm-card.slot-empty { background: transparent; border-style: dashed; color: var(--muted); }
.vm-card.slot-closed { background: repeating-linear-gradient(45deg, #f3f0ea, #f3f0ea 6px, #ebe6dc 6px, #ebe6dc 12px); border-style: dashed; color: var(--muted); }
.vm-card.slot-overflow { border-style: dotted; border-width: 2px; }
.vm-card.acting { outline: 3px solid #8a5200; }
.vm-deck { width: 140px; }
.vm-tableau { border: 1px solid var(--line); border-radius: 8px; padding: 8px; margin-top: 10px; background: #fffdf8; }
.vm-tableau h3 { margin: 0 0 4px; font-size: 1rem; display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.vm-tableau .line { font-size: 0.85rem; margin: 2px 0; }
.vm-slots { display: flex; flex-wrap: wrap; gap: 4px; align-items: stretch; }
.vm-slot { display: flex; flex-direction: column; gap: 2px; }
.vm-slot .label { font-size: 0.72rem; color: var(--muted); }
.vm-side h3 { margin: 0 0 4px; font-size: 1rem; display: flex; flex-wrap: wrap; gap: 2px 6px; align-items: center; }
.vm-side h3 [data-summary] { flex-basis: 100%; font-weight: 400; font-size: 0.88rem; }
.vm-side .line { font-size: 0.85rem; margin: 2px 0; }
.vm-side .traveller { border-bottom: 1px solid #f0ece4; padding: 4px 0; }
.vm-scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
@media (max-width: 860px) {
  .vm-scroll .vm-map { min-width: 820px; }
  .vm-scroll .vm-tracks { min-width: 600px; }
  .vm-table { grid-template-columns: minmax(0, 1fr); }
  .vm-card { width: 98px; }
}
`;

// seats in the first four of Okabe and Ito's colour-blind-safe colours (as the table's palette)
const COLOURS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7"];
const ROUTE_STYLE = {
  train: { stroke: "#3d3229", width: 2.6, dash: null },
  ship: { stroke: "#2563a8", width: 1.8, dash: "5 3" },
  carriage: { stroke: "#9c5b1c", width: 2.4, dash: "0.5 4" },
};
const W = 1000;
const PAD = 18;
// A warped equirectangular projection cut in the Pacific: Europe and India are spread out,
// the oceans pressed together, so crowded cities stay apart. [from, units per degree].
const LON_WARP = [[-170, 0.5], [-130, 1.4], [-62, 0.45], [-14, 5], [42, 1.8], [68, 2.2], [124, 0.9], [190, 0]];
const LAT_WARP = [[-72, 0.8], [-61, 5], [-37, 1.2], [46, 0]]; // on -latitude (north first)
const LABEL_AT = { LIV: "w", LON: "w", PAR: "e", LIS: "w", MRS: "sw", TRN: "e", BDS: "s", BER: "n", IST: "e", ALX: "w", SUZ: "e", ALD: "n", CCU: "e", BOM: "w", SHA: "e", PEK: "n", HKG: "s", YOK: "e", SIN: "sw", BTV: "s", CMB: "s", OMA: "s", CHI: "n", NYC: "e", SLC: "n", SFO: "w", PTY: "w" };

function warp(v, table) {
  let out = 0;
  for (let i = 0; i < table.length - 1; i++) {
    const [a, weight] = table[i];
    const b = table[i + 1][0];
    if (v <= a) break;
    out += (Math.min(v, b) - a) * weight;
  }
  return out;
}

const LON_UNITS = warp(190, LON_WARP);
const LAT_UNITS = warp(46, LAT_WARP);
const SX = (W - 2 * PAD) / LON_UNITS;
const SY = SX * 1.2;
const H = Math.round(LAT_UNITS * SY + 2 * PAD);

function unwrap(lon) {
  return lon < -170 ? lon + 360 : lon;
}

function project(lon, lat) {
  return [PAD + warp(unwrap(lon), LON_WARP) * SX, PAD + warp(-lat, LAT_WARP) * SY];
}

// -- small helpers ----------------------------------------------------------------------------

function words(entry) {
  return entry.notation.split(" ");
}

function plural(ctx, n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

function dayWord(ctx, n) {
  return ctx.lang === "pt" ? plural(ctx, n, "dia", "dias") : plural(ctx, n, "day", "days");
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0";
}

function cityOf(view) {
  const map = new Map();
  for (const [id, pt, en, lon, lat, coins, fame] of view.map.cities) map.set(id, { id, name: { pt, en }, lon, lat, coins, fame });
  return map;
}

function routesOf(view) {
  const map = new Map();
  for (const [id, a, b, transport, days, numbered, ocean] of view.map.routes) map.set(id, { id, a, b, transport, days, numbered, ocean });
  return map;
}

// -- icons (drawn, no font glyphs) -------------------------------------------------------------

function icon(ctx, kind, size = 16) {
  const s = ctx.svg;
  const parts = {
    train: [s("rect", { x: 3, y: 5, width: 11, height: 7, rx: 1, fill: "#3d3229" }), s("rect", { x: 12, y: 2, width: 3, height: 4, fill: "#3d3229" }), s("circle", { cx: 6, cy: 14, r: 2, fill: "#3d3229" }), s("circle", { cx: 12, cy: 14, r: 2, fill: "#3d3229" })],
    ship: [s("path", { d: "M2,11 h16 l-3,5 h-10 z", fill: "#2563a8" }), s("path", { d: "M9,2 v8 M9,3 l6,6 h-6", stroke: "#2563a8", "stroke-width": 1.5, fill: "#9ec3ea" })],
    carriage: [s("rect", { x: 4, y: 4, width: 10, height: 7, rx: 2, fill: "#9c5b1c" }), s("circle", { cx: 6, cy: 14, r: 3, fill: "none", stroke: "#9c5b1c", "stroke-width": 1.5 }), s("circle", { cx: 13, cy: 14, r: 3, fill: "none", stroke: "#9c5b1c", "stroke-width": 1.5 }), s("path", { d: "M14,8 h5", stroke: "#9c5b1c", "stroke-width": 1.5 })],
    balloon: [s("circle", { cx: 10, cy: 7, r: 6, fill: "#d1495b" }), s("path", { d: "M5,10 L8,15 M15,10 L12,15", stroke: "#555", "stroke-width": 1 }), s("rect", { x: 8, y: 15, width: 4, height: 3, fill: "#8d6e63" })],
    sun: [s("circle", { cx: 10, cy: 10, r: 4.5, fill: "#f2b705" }), s("path", { d: "M10,1v3M10,16v3M1,10h3M16,10h3M3.6,3.6l2.1,2.1M14.3,14.3l2.1,2.1M3.6,16.4l2.1,-2.1M14.3,5.7l2.1,-2.1", stroke: "#f2b705", "stroke-width": 1.6 })],
    fog: [s("path", { d: "M2,6 q4,-3 8,0 t8,0 M2,11 q4,-3 8,0 t8,0 M2,16 q4,-3 8,0 t8,0", stroke: "#7c8a96", "stroke-width": 1.8, fill: "none" })],
    storm: [s("path", { d: "M4,11 a4,4 0 0 1 2,-7 a5,5 0 0 1 9,1 a3.5,3.5 0 0 1 0,6 z", fill: "#5c6b78" }), s("path", { d: "M10,10 l-3,5 h3 l-2,4 l6,-6 h-3 l2,-3 z", fill: "#f2b705" })],
    event: [s("rect", { x: 3, y: 3, width: 14, height: 14, rx: 1, fill: "#fff", stroke: "#333" }), s("path", { d: "M5,6h10M5,9h10M5,12h6M5,15h8", stroke: "#333", "stroke-width": 1.2 })],
    fame: [s("path", { d: "M10,1.5 l2.5,5.5 6,0.6 -4.5,4 1.3,6 -5.3,-3.1 -5.3,3.1 1.3,-6 -4.5,-4 6,-0.6 z", fill: "#e0a526", stroke: "#8a6200", "stroke-width": 0.6 })],
    coin: [s("circle", { cx: 10, cy: 10, r: 7.5, fill: "#e0a526", stroke: "#8a6200" }), s("circle", { cx: 10, cy: 10, r: 4.5, fill: "none", stroke: "#8a6200" })],
    lock: [s("rect", { x: 4, y: 9, width: 12, height: 9, rx: 1.5, fill: "#6b4f00" }), s("path", { d: "M6.5,9 v-3 a3.5,3.5 0 0 1 7,0 v3", stroke: "#6b4f00", "stroke-width": 2, fill: "none" })],
    passport: [s("rect", { x: 4, y: 2, width: 12, height: 16, rx: 1.5, fill: "#1f4e5a" }), s("circle", { cx: 10, cy: 9, r: 3, fill: "none", stroke: "#e0c060", "stroke-width": 1.2 })],
  }[kind];
  if (!parts) return null;
  return s("svg", { viewBox: "0 0 20 20", width: size, height: size, class: `vm-icon icon-${kind}`, "aria-hidden": "true" }, parts);
}

// -- card faces -------------------------------------------------------------------------------

function faceText(ctx, face) {
  if (!face) return "";
  const name = face.name ? ctx.pick(face.name) : "";
  const t = face.transport ? ctx.t(face.transport).split(" ")[0] : "";
  const key = `eff.${face.effect}`;
  let what;
  if (face.effect === "telegraph") what = ctx.t(key, { fame: face.fame, coins: face.coins }) + (face.multi ? ctx.t("eff.multi") : "");
  else what = ctx.t(key, { t: t.charAt(0).toUpperCase() + t.slice(1), v: face.value ?? "" });
  if (face.effect === "locked" && name) return name;
  if (face.effect === "office" && !name) return `${ctx.t("office")}: ${what}`;
  return name ? `${name}: ${what}` : what;
}

function faceLine(ctx, face, big = true) {
  return ctx.h("span", { class: big ? "face" : "other" }, [face?.transport ? icon(ctx, face.transport, big ? 16 : 12) : null, big ? faceText(ctx, face) : ctx.t("back", { text: faceText(ctx, face) })]);
}

function cardFaces(view, id) {
  return view.cards[id]?.faces ?? [null, null];
}

function cardLabel(ctx, view, id, face) {
  const faces = cardFaces(view, id);
  return `${id} ${faceText(ctx, faces[face === "b" ? 1 : 0])}`;
}

// -- the map ----------------------------------------------------------------------------------

function routeSegments(cities, route) {
  // One or two segments: a route across the map's cut leaves at one edge and comes back at the other.
  const a = cities.get(route.a);
  const b = cities.get(route.b);
  const [ax, ay] = project(a.lon, a.lat);
  const [bx, by] = project(b.lon, b.lat);
  if (Math.abs(unwrap(a.lon) - unwrap(b.lon)) <= 180) return [[ax, ay, bx, by]];
  const [west, east] = unwrap(a.lon) < unwrap(b.lon) ? [[ax, ay, a], [bx, by, b]] : [[bx, by, b], [ax, ay, a]];
  const span = unwrap(west[2].lon) + 360 - unwrap(east[2].lon);
  const t = (190 - unwrap(east[2].lon)) / span;
  const yEdge = east[1] + (west[1] - east[1]) * t;
  return [[east[0], east[1], W - 2, yEdge], [2, yEdge, west[0], west[1]]];
}

function mapSvg(ctx, ui) {
  const { view } = ctx;
  const cities = ui.cities;
  const routes = ui.routes;
  const interactive = ui.mapTargets.size > 0;
  const root = ctx.svg("svg", {
    viewBox: `0 0 ${W} ${H}`,
    class: "vm-map",
    role: interactive ? "group" : "img",
    "aria-label": ctx.t("map"),
    "data-testid": "map",
    "data-roving": interactive ? "vm-map" : undefined,
  });
  // graticule
  for (let lon = -150; lon <= 180; lon += 30) {
    const [x] = project(lon, 0);
    root.append(ctx.svg("line", { x1: x, y1: 0, x2: x, y2: H, stroke: "#c9dde6", "stroke-width": 0.6 }));
  }
  for (const lat of [60, 30, 0, -30]) {
    const [, y] = project(0, lat);
    root.append(ctx.svg("line", { x1: 0, y1: y, x2: W, y2: y, stroke: lat === 0 ? "#b5ccd6" : "#c9dde6", "stroke-width": lat === 0 ? 1 : 0.6 }));
  }
  for (const [name, lon, lat] of [["atlantic", -36, 18], ["pacific", -150, 2], ["pacific", 168, 2]]) {
    const [x, y] = project(lon, lat);
    root.append(ctx.svg("text", { x, y, "text-anchor": "middle", "font-size": 13, "font-style": "italic", fill: "#7fa3b5" }, ctx.t(name)));
  }
  // travellers' paths, under the routes
  view.travellers.forEach((t, seat) => {
    for (let i = 1; i < t.path.length; i++) {
      const route = ui.routeBetween(t.path[i - 1], t.path[i]);
      if (!route) continue;
      for (const [x1, y1, x2, y2] of routeSegments(cities, route)) {
        root.append(ctx.svg("line", { x1, y1: y1 + (seat - 1.5) * 1.6, x2, y2: y2 + (seat - 1.5) * 1.6, stroke: ctx.seatColour(seat), "stroke-width": 5, "stroke-opacity": 0.45, "stroke-linecap": "round", "data-path": seat }));
      }
    }
  });
  // routes
  for (const route of routes.values()) {
    const style = ROUTE_STYLE[route.transport];
    const g = ctx.svg("g", { "data-route": route.id, "data-transport": route.transport });
    g.append(ctx.svg("title", {}, `${ctx.pick(cities.get(route.a).name)} – ${ctx.pick(cities.get(route.b).name)}: ${ctx.t(route.transport)}, ${dayWord(ctx, route.days)}${route.ocean ? ` · ${ctx.t(route.ocean)}` : ""}`));
    const segments = routeSegments(cities, route);
    for (const [x1, y1, x2, y2] of segments) {
      if (route.ocean) g.append(ctx.svg("line", { x1, y1, x2, y2, stroke: "#6cc3c9", "stroke-width": 7, "stroke-opacity": 0.55, "stroke-linecap": "round", "data-ocean": route.ocean }));
      g.append(ctx.svg("line", { x1, y1, x2, y2, stroke: style.stroke, "stroke-width": style.width, "stroke-dasharray": style.dash, "stroke-linecap": "round" }));
      if (route.transport === "train") g.append(ctx.svg("line", { x1, y1, x2, y2, stroke: "#fff", "stroke-width": 0.9, "stroke-dasharray": "3 3" }));
    }
    if (route.numbered) {
      const [x1, y1, x2, y2] = segments.reduce((best, seg) => (Math.hypot(seg[2] - seg[0], seg[3] - seg[1]) > Math.hypot(best[2] - best[0], best[3] - best[1]) ? seg : best));
      const mx = (x1 + x2) / 2;
      const my = (y1 + y2) / 2;
      g.append(ctx.svg("circle", { cx: mx, cy: my, r: 6.5, fill: "#fffdf5", stroke: style.stroke, "stroke-width": 1 }));
      g.append(ctx.svg("text", { x: mx, y: my + 3, "text-anchor": "middle", "font-size": 8.5, "font-weight": 700, fill: "#222", "data-days": route.id }, String(route.days)));
    }
    root.append(g);
  }
  // cities
  const pawns = new Map();
  view.travellers.forEach((t, seat) => {
    if (t.city) pawns.set(t.city, [...(pawns.get(t.city) || []), seat]);
  });
  const origins = new Map(view.travellers.map((t, seat) => [t.origin, seat]).filter(([c]) => c));
  for (const city of cities.values()) {
    const [x, y] = project(city.lon, city.lat);
    const target = ui.mapTargets.get(city.id);
    const g = ctx.svg("g", { class: `city${target ? " legal" : ""}${target && ui.local.pick === target.notation ? " picked" : ""}`, "data-city": city.id });
    g.append(ctx.svg("title", {}, ctx.pick(city.name) + (target ? ` — ${ctx.pick(target.text)}` : "")));
    if (ui.hand.has(city.id)) g.append(ctx.svg("circle", { cx: x, cy: y, r: 10, fill: "#fff3b0", stroke: "#8a5200", "stroke-width": 1.5, "data-hand": city.id }));
    if (ui.kept.has(city.id)) g.append(ctx.svg("circle", { cx: x, cy: y, r: 10, fill: "#d7ecef", stroke: "#1f4e5a", "stroke-width": 1.5, "data-kept": city.id }));
    if (origins.has(city.id)) {
      const seat = origins.get(city.id);
      g.append(ctx.svg("rect", { x: x - 8, y: y - 8, width: 16, height: 16, rx: 3, fill: "none", stroke: ctx.seatColour(seat), "stroke-width": 2.5, "data-origin": seat }));
    }
    g.append(ctx.svg("circle", { cx: x, cy: y, r: 4.5, fill: "#fff", stroke: "#333", "stroke-width": 1.4 }));
    let at = LABEL_AT[city.id] || "s";
    if (pawns.has(city.id)) at = at.replace("n", "s"); // the pawn stands above the city
    const dx = at.includes("e") ? 7 : at.includes("w") ? -7 : 0;
    const dy = at.includes("n") ? -7 : at.includes("s") ? 13 : 3.5;
    const anchor = dx > 0 ? "start" : dx < 0 ? "end" : "middle";
    g.append(ctx.svg("text", { x: x + dx, y: y + dy, "text-anchor": anchor, "font-size": 9.5, "font-weight": 700, fill: "#1d2b33", stroke: "#dfeef4", "stroke-width": 2.5, "paint-order": "stroke" }, city.id));
    if (target) {
      g.append(ctx.svg("circle", { class: "ring", cx: x, cy: y, r: 12 }));
      g.append(ctx.svg("circle", { class: "focus-ring", cx: x, cy: y, r: 15 }));
      g.setAttribute("data-action", target.notation);
      // the name starts with the city's code as printed, then what is there, then the action
      const what = [ctx.pick(city.name)];
      if (pawns.has(city.id)) what.push(ctx.t("city_here", { names: pawns.get(city.id).map((seat) => ctx.seatName(seat)).join(", ") }));
      if (origins.has(city.id)) what.push(ctx.t("city_origin", { name: ctx.seatName(origins.get(city.id)) }));
      if (ui.hand.has(city.id)) what.push(ctx.t("city_hand"));
      if (ui.kept.has(city.id)) what.push(ctx.t("city_kept"));
      ctx.a11y.svgButton(g, { label: `${city.id} ${what.join(", ")}; ${ctx.pick(target.text)}`, item: city.id, action: () => ui.chooseTarget(target) });
    }
    (pawns.get(city.id) || []).forEach((seat, i, all) => {
      const px = x + (i - (all.length - 1) / 2) * 11;
      const py = y - 15;
      g.append(ctx.svg("path", { d: `M${px},${py + 8} l-5,-7 a5.5,5.5 0 1 1 10,0 z`, fill: ctx.seatColour(seat), stroke: "#111", "stroke-width": 0.8, "data-pawn": seat, "data-label-bg": `seat-${seat}` }));
      g.append(ctx.svg("text", { x: px, y: py + 1.5, "text-anchor": "middle", "font-size": 7, "font-weight": 700, fill: ctx.a11y.inkOn(ctx.seatColour(seat)), "data-label-of": `seat-${seat}` }, String(seat + 1)));
    });
    root.append(g);
  }
  return root;
}

function legend(ctx) {
  const sample = (transport) => {
    const style = ROUTE_STYLE[transport];
    return ctx.svg("svg", { viewBox: "0 0 30 8", width: 30, height: 8 }, [
      ctx.svg("line", { x1: 1, y1: 4, x2: 29, y2: 4, stroke: style.stroke, "stroke-width": style.width, "stroke-dasharray": style.dash, "stroke-linecap": "round" }),
      transport === "train" ? ctx.svg("line", { x1: 1, y1: 4, x2: 29, y2: 4, stroke: "#fff", "stroke-width": 0.9, "stroke-dasharray": "3 3" }) : null,
    ]);
  };
  return ctx.h("div", { class: "vm-legend" }, [
    ...["train", "ship", "carriage"].map((tr) => ctx.h("span", {}, [sample(tr), " ", ctx.t(`legend_${tr}`)])),
    ctx.h("span", {}, [ctx.svg("svg", { viewBox: "0 0 30 8", width: 30, height: 8 }, ctx.svg("line", { x1: 2, y1: 4, x2: 28, y2: 4, stroke: "#6cc3c9", "stroke-width": 7, "stroke-opacity": 0.55, "stroke-linecap": "round" })), " ", ctx.t("legend_ocean")]),
    ctx.h("span", {}, ctx.t("legend_days")),
  ]);
}

// -- tracks -----------------------------------------------------------------------------------

function tracksSvg(ctx, view) {
  const n = view.travellers.length;
  const TW = 760;
  const left = 78;
  const width = TW - left - 8;
  const lane = 15;
  const dayTop = 22;
  const dayH = 8 + n * lane;
  const fameTop = dayTop + dayH + 40;
  const fameH = 34 + n * lane;
  const root = ctx.svg("svg", { viewBox: `0 0 ${TW} ${fameTop + fameH + 4}`, class: "vm-tracks", "data-testid": "tracks" });
  const track = view.map.day_track;
  const showDays = Math.min(track, Math.max(100, ...view.travellers.map((t) => Math.ceil((t.days + 10) / 10) * 10)));
  const dx = (d) => left + (Math.min(d, showDays) / showDays) * width;
  root.append(ctx.svg("text", { x: 0, y: dayTop - 8, "font-size": 13, "font-weight": 700, fill: "#333" }, ctx.t("days_track")));
  root.append(ctx.svg("rect", { x: left, y: dayTop, width, height: dayH, fill: "#fffdf5", stroke: "#b8ab8f" }));
  for (let d = 0; d <= showDays; d += 10) {
    root.append(ctx.svg("line", { x1: dx(d), y1: dayTop, x2: dx(d), y2: dayTop + dayH, stroke: "#e4dccb" }));
    root.append(ctx.svg("text", { x: dx(d), y: dayTop + dayH + 12, "text-anchor": "middle", "font-size": 10, fill: "#666" }, String(d)));
  }
  root.append(ctx.svg("line", { x1: dx(80), y1: dayTop - 4, x2: dx(80), y2: dayTop + dayH + 3, stroke: "#b91c1c", "stroke-width": 2, "data-fogg": 80 }));
  root.append(ctx.svg("text", { x: dx(80) - 3, y: dayTop - 8, "text-anchor": "end", "font-size": 11, fill: "#b91c1c" }, ctx.t("fogg")));
  view.travellers.forEach((t, seat) => {
    const y = dayTop + 4 + lane / 2 + seat * lane;
    root.append(ctx.svg("text", { x: left - 10, y: y + 4, "text-anchor": "end", "font-size": 11, fill: "#333" }, ctx.seatName(seat)));
    root.append(ctx.svg("circle", { cx: dx(t.days), cy: y, r: 6, fill: ctx.seatColour(seat), stroke: "#111", "data-days-marker": seat }));
    root.append(ctx.svg("text", { x: dx(t.days) + 9, y: y + 4, "font-size": 11, "font-weight": 700, fill: "#222" }, String(t.days)));
  });
  const fame = view.map.fame_track;
  const cell = width / (fame + 1);
  const fx = (f) => left + (f + 0.5) * cell;
  root.append(ctx.svg("text", { x: 0, y: fameTop - 8, "font-size": 13, "font-weight": 700, fill: "#333" }, ctx.t("fame_track")));
  const passports = new Map(view.map.passports);
  for (let f = 0; f <= fame; f++) {
    const x = left + f * cell;
    const pass = passports.get(f);
    const g = ctx.svg("g", { "data-passport": pass ? f : undefined });
    g.append(ctx.svg("rect", { x, y: fameTop, width: cell, height: fameH, fill: pass ? "#e2eef0" : "#fffdf5", stroke: "#b8ab8f" }));
    g.append(ctx.svg("text", { x: x + cell / 2, y: fameTop + 12, "text-anchor": "middle", "font-size": 10, fill: "#555" }, String(f)));
    if (pass) {
      g.append(ctx.svg("title", {}, ctx.t("slots_n", { n: pass })));
      g.append(ctx.svg("rect", { x: x + 4, y: fameTop + 16, width: 9, height: 12, rx: 1.5, fill: "#1f4e5a" }));
      g.append(ctx.svg("text", { x: x + 15, y: fameTop + 26, "font-size": 10, "font-weight": 700, fill: "#1f4e5a" }, String(pass)));
    }
    root.append(g);
  }
  view.travellers.forEach((t, seat) => {
    const y = fameTop + 34 + seat * lane + lane / 2 - 2;
    root.append(ctx.svg("circle", { cx: fx(t.fame), cy: y, r: 5.5, fill: ctx.seatColour(seat), stroke: "#111", "data-fame-marker": seat }));
  });
  return root;
}

// -- weather, market ----------------------------------------------------------------------------

function weatherPanel(ctx, view) {
  const w = view.weather;
  // a new weather card is said in the live region: ship, train and carriage in words
  if (w) ctx.announce(`${ctx.t("weather")}: ${["ship", "train", "carriage"].map((tr) => `${ctx.t(tr)} ${ctx.t(w[tr].weather)}${w[tr].icon ? ` (${ctx.t(`icon.${w[tr].icon}`)})` : ""}`).join(", ")}.`);
  const body = w
    ? ctx.h("table", {}, ["ship", "train", "carriage"].map((tr) => ctx.h("tr", { "data-weather-row": tr }, [
      ctx.h("td", {}, [icon(ctx, tr), " ", ctx.t(tr)]),
      ctx.h("td", { "data-weather": w[tr].weather }, [icon(ctx, w[tr].weather), " ", ctx.t(w[tr].weather)]),
      ctx.h("td", {}, w[tr].icon ? [icon(ctx, w[tr].icon), " ", ctx.t(`icon.${w[tr].icon}`)] : ""),
    ])))
    : ctx.h("p", { class: "muted" }, ctx.t("no_weather"));
  return ctx.h("div", { class: "vm-weather", "data-testid": "weather" }, [
    ctx.h("h2", {}, ctx.t("weather")),
    body,
    w ? ctx.h("p", { class: "muted" }, ctx.t("weather_id", { id: w.card, n: view.weather_deck })) : null,
  ]);
}

function marketPanel(ctx, ui) {
  const { view } = ctx;
  const refreshes = ctx.legal.filter((e) => words(e)[0] === "refresh");
  const marked = ui.local.refresh || (ui.local.refresh = new Set());
  const cards = view.market.map((m, i) => {
    const place = String(i + 1);
    if (!m) return ctx.h("div", { class: "vm-card slot-empty", "data-market": place }, ctx.t("empty"));
    const info = view.cards[m.card];
    const faces = info.faces;
    const acts = [];
    for (const entry of ctx.legal) {
      const [head, ...args] = words(entry);
      let label = null;
      if (head === "buy" && args[0] === place) {
        label = args[1] === "office" ? ctx.t("buy_office", { p: args[2] }) : ui.decision?.kind === "event" ? ctx.t("buy_event") : ui.decision?.kind === "opening" ? ctx.t("buy_opening") : ctx.t("buy");
      } else if (head === "free" && args[0] === "buy" && args[1] === place) label = ctx.t("buy_free");
      else if (head === "sabotage" && args[0] === place) label = ctx.t("place_sabotage");
      if (label) acts.push(ui.button(entry, label, { class: "legal" }));
    }
    if (refreshes.length) {
      acts.push(ctx.h("label", { class: "tag" }, [ctx.h("input", { type: "checkbox", "data-refresh": place, checked: marked.has(place), onchange: (e) => { if (e.target.checked) marked.add(place); else marked.delete(place); ctx.redraw(); } }), " ", ctx.t("refresh_mark")]));
    }
    return ctx.h("div", { class: `vm-card cat-${info.category}`, "data-market": place, "data-card": m.card }, [
      ctx.h("div", { class: "head" }, [ctx.h("span", {}, `${place} · ${ctx.t(`cat.${info.category}`)}`), ctx.h("span", { class: "price", title: ctx.t("price", { n: m.price }) }, String(m.price))]),
      faceLine(ctx, faces[0]),
      faceLine(ctx, faces[1], false),
      m.sabotage ? ctx.h("span", { class: "under", "data-under": m.sabotage }, ctx.t("under", { text: faceText(ctx, cardFaces(view, m.sabotage)[0]) })) : null,
      acts.length ? ctx.h("div", { class: "acts" }, acts) : null,
    ]);
  });
  const deck = ctx.h("div", { class: "vm-card vm-deck", "data-testid": "deck" }, [
    ctx.h("div", { class: "head" }, ctx.t("deck", { n: view.deck })),
    view.deck_top_back ? [ctx.h("span", { class: "other" }, ctx.t("deck_back")), faceLine(ctx, view.deck_top_back)] : ctx.h("span", { class: "muted" }, ctx.t("deck_empty")),
    ctx.h("span", { class: "other" }, ctx.t("piles", { d: view.discard.length, s: view.skull, e: view.event_deck })),
  ]);
  const parts = [ctx.h("h2", {}, ctx.t("market")), ctx.h("div", { class: "vm-row" }, [...cards, deck])];
  if (refreshes.length) {
    const wanted = `refresh ${[...marked].sort().join(" ")}`;
    const entry = refreshes.find((e) => e.notation === wanted);
    for (const e of refreshes) ui.used.add(e.notation);
    parts.push(ctx.h("p", { class: "muted" }, ctx.t("refresh_help")));
    parts.push(entry
      ? ui.button(entry, ctx.t("refresh"), { class: "primary", "data-refresh-go": "1", onclick: () => { marked.clear(); ctx.act(entry); } })
      : ctx.h("button", { type: "button", disabled: true }, ctx.t("refresh")));
  }
  return ctx.h("div", { class: "vm-market", "data-testid": "market" }, parts);
}

// -- tableaux ---------------------------------------------------------------------------------

function passportFor(view, slot) {
  for (const [fame, slots] of view.map.passports) if (slots >= slot) return fame;
  return null;
}

function cardBox(ctx, ui, placed, pos, seat, swaps) {
  const { view } = ctx;
  const faces = cardFaces(view, placed.card);
  const up = placed.face === "b" ? 1 : 0;
  const info = view.cards[placed.card];
  const acting = ui.decision && ["lock", "face", "token"].includes(ui.decision.kind) && ui.decision.card === placed.card && ui.decision.seat === seat;
  const tags = [ctx.h("span", { class: "tag" }, ctx.t(up ? "face_b" : "face_a"))];
  if (placed.lock) tags.push(ctx.h("span", { class: "tag lock", "data-lock": pos }, [icon(ctx, "lock", 10), " ", ctx.t("lock_token")]));
  if (placed.coins) tags.push(ctx.h("span", { class: "tag", "data-coins": placed.coins }, [icon(ctx, "coin", 10), " ", ctx.t("coins_on", { n: placed.coins })]));
  const acts = [...ui.cardActions(pos, seat), ...swaps];
  return ctx.h("div", { class: `vm-card cat-${info?.category || "movement"}${acting ? " acting" : ""}`, "data-card": placed.card, "data-face": placed.face, "data-pos": pos, "data-seat": seat }, [
    ctx.h("div", { class: "head" }, [ctx.h("span", {}, placed.card), ctx.h("span", {}, ctx.t(`cat.${info?.category || "movement"}`))]),
    faceLine(ctx, faces[up]),
    faceLine(ctx, faces[1 - up], false),
    ctx.h("div", { class: "tags" }, tags),
    acts.length ? ctx.h("div", { class: "acts" }, acts) : null,
  ]);
}

function tableauPanel(ctx, ui, seat) {
  const { view } = ctx;
  const t = view.travellers[seat];
  const mine = seat === ctx.seat;
  const positions = [];
  const order = [...t.tableau.map((_, i) => String(i + 1)), "o"];
  order.forEach((pos, i) => {
    const placed = pos === "o" ? t.overflow : t.tableau[i];
    // Moving a card one space: the button sits on the left one of the two places.
    const swaps = mine && pos !== "o" && i < t.slots ? ui.swapButtons(pos, i + 1 < t.slots ? String(i + 2) : "o") : [];
    let box;
    if (placed) box = cardBox(ctx, ui, placed, pos, seat, swaps);
    else if (pos !== "o" && i >= t.slots) box = ctx.h("div", { class: "vm-card slot-closed", "data-pos": pos, "data-closed": "1" }, [icon(ctx, "passport", 14), ctx.t("closed", { n: passportFor(view, i + 1) })]);
    else box = ctx.h("div", { class: `vm-card slot-empty${pos === "o" ? " slot-overflow" : ""}`, "data-pos": pos }, [ctx.t("empty"), swaps.length ? ctx.h("div", { class: "acts" }, swaps) : null]);
    if (pos === "o" && placed) box.classList.add("slot-overflow");
    const label = pos === "o" ? ctx.h("span", { class: "label", title: ctx.t("overflow_help") }, ctx.t("overflow")) : ctx.h("span", { class: "label" }, ctx.t("slot", { n: pos }));
    positions.push(ctx.h("div", { class: "vm-slot" }, [label, box]));
  });
  return ctx.h("div", { class: "vm-tableau", "data-tableau": seat }, [
    travellerHead(ctx, view, seat),
    ctx.h("div", { class: "vm-slots" }, positions),
  ]);
}

function travellerHead(ctx, view, seat) {
  const t = view.travellers[seat];
  const cities = cityOf(view);
  const name = (id) => (id ? ctx.pick(cities.get(id).name) : "—");
  const status = t.status === "finished" ? ctx.t("status_finished") : t.status === "out" ? ctx.t("status_out") : null;
  return ctx.h("h3", {}, [
    ctx.h("span", { class: "dot", style: `background:${ctx.seatColour(seat)}` }),
    ctx.h("strong", {}, ctx.seatName(seat) + (seat === ctx.seat ? ` (${ctx.t("you")})` : "")),
    ctx.h("span", { "data-summary": seat }, ctx.t("summary", { city: name(t.city), days: t.days, fame: t.fame, coins: t.coins })),
    status ? ctx.h("strong", { class: "status-word" }, status) : null,
  ]);
}

function travellerDetails(ctx, view, seat) {
  const t = view.travellers[seat];
  const cities = cityOf(view);
  const name = (id) => ctx.pick(cities.get(id)?.name) || id;
  const oceans = t.oceans.length ? t.oceans.map((o) => ctx.t(o)).join(", ") : ctx.t("none");
  const ledger = Object.entries(t.ledger).filter(([, v]) => v).map(([k, v]) => `${ctx.t(`cat.${k}`)} ${v}`).join(" · ");
  return ctx.h("div", { class: "traveller", "data-traveller": seat }, [
    travellerHead(ctx, view, seat),
    t.origin ? ctx.h("p", { class: "line" }, ctx.t("start_city", { city: name(t.origin) })) : null,
    ctx.h("p", { class: "line", "data-oceans": seat }, ctx.t("oceans", { list: oceans })),
    t.path.length ? ctx.h("p", { class: "line", "data-visited": seat }, ctx.t("path", { list: t.path.map(name).join(" → ") })) : null,
    ledger ? ctx.h("p", { class: "line muted" }, ctx.t("ledger", { list: ledger })) : null,
    t.drafted && view.phase !== "draft" && view.phase !== "start" ? ctx.h("p", { class: "line muted" }, ctx.t("drafted", { list: t.drafted.map(name).join(", ") })) : null,
    t.contacts.length ? ctx.h("p", { class: "line muted" }, ctx.t("contacts", { list: t.contacts.map(name).join(", ") })) : null,
  ]);
}

// -- the decision -----------------------------------------------------------------------------

function decisionTitle(ctx, ui) {
  const { view } = ctx;
  const d = view.decision;
  if (view.phase === "draft" || view.phase === "start") return ctx.t(`d.${view.phase}`);
  if (!d) return "";
  const values = { n: d.left, target: d.target !== undefined ? ctx.seatName(d.target) : "" };
  if (d.kind === "event") values.name = ctx.pick(view.events[d.event]?.name);
  return ctx.t("deciding", { name: ctx.seatName(d.seat), what: ctx.t(`d.${d.kind}`, values) });
}

function draftPart(ctx, ui) {
  const { view } = ctx;
  const parts = [];
  const mine = view.private;
  const cities = ui.cities;
  const cityButton = (id, extra = {}, note = null) => {
    const city = cities.get(id);
    const entry = ui.by.get(`${view.phase === "draft" ? "pick" : "start"} ${id}`);
    const body = [ctx.h("strong", {}, ctx.pick(city.name)), ctx.h("small", {}, note || ctx.t("city_card", { coins: city.coins, fame: city.fame }))];
    if (entry) return ui.button(entry, body, { class: "vm-city legal", "data-city-card": id, ...extra });
    return ctx.h("span", { class: `vm-city${extra.sealed ? " sealed" : ""}`, "data-city-card": id, "data-sealed": extra.sealed ? "1" : undefined }, body);
  };
  parts.push(ctx.h("p", { class: "muted" }, ctx.t(view.phase === "draft" ? "draft_help" : "start_help")));
  if (mine) {
    if (view.phase === "draft" && mine.hand.length) {
      parts.push(ctx.h("strong", {}, ctx.t("hand")));
      parts.push(ctx.h("div", { class: "vm-cities", "data-testid": "hand" }, mine.hand.map((id) => cityButton(id))));
    }
    const me = view.travellers[ctx.seat];
    if (view.phase === "start") {
      parts.push(ctx.h("div", { class: "vm-cities", "data-testid": "kept" }, (me.drafted || []).map((id) => cityButton(id, { sealed: mine.sealed === id }, ctx.t("gains", mine.start_gains[id])))));
    } else if (me.drafted?.length) {
      parts.push(ctx.h("strong", {}, ctx.t("kept")));
      parts.push(ctx.h("div", { class: "vm-cities", "data-testid": "kept" }, me.drafted.map((id) => cityButton(id))));
    }
    if (mine.sealed) {
      parts.push(ctx.h("p", { "data-testid": "sealed" }, [ctx.h("strong", {}, ctx.t("sealed", { city: ctx.pick(cities.get(mine.sealed).name) })), " ", ctx.t("sealed_wait")]));
    }
  }
  parts.push(ctx.h("ul", { class: "vm-progress" }, view.travellers.map((t, seat) => ctx.h("li", { "data-progress": seat }, ctx.t("progress", {
    name: ctx.seatName(seat) + (seat === ctx.seat ? ` (${ctx.t("you")})` : ""),
    n: t.drafted_count,
    state: ctx.t(t.committed ? "progress.done" : "progress.choosing"),
  })))));
  return parts;
}

function stepRows(ctx, ui, preview) {
  const { view } = ctx;
  const cities = ui.cities;
  const rows = [];
  const row = (label, days, total, attrs = {}) => rows.push(ctx.h("tr", attrs, [ctx.h("td", {}, label), ctx.h("td", { class: "n" }, days), ctx.h("td", { class: "n" }, total)]));
  const me = view.travellers[view.decision?.seat ?? ctx.seat];
  const cardName = (id) => {
    const placed = [...me.tableau, me.overflow].find((p) => p && p.card === id);
    return cardLabel(ctx, view, id, placed?.face || "a");
  };
  for (const step of preview.steps) {
    const total = `${ctx.t("running")} ${step.total}`;
    if (step.what === "route") {
      const route = ui.routes.get(step.route);
      const key = route.numbered ? "step_route" : "step_route_unnumbered";
      row([icon(ctx, route.transport, 14), " ", ctx.t(key, { a: ctx.pick(cities.get(route.a).name), b: ctx.pick(cities.get(route.b).name), transport: ctx.t(route.transport) })], signed(step.days), total, { "data-step": "route" });
    } else if (step.what === "weather") row(ctx.t("step_weather", { weather: ui.previewWeather }), signed(step.days), total, { "data-step": "weather" });
    else if (step.what === "event") row([icon(ctx, "event", 14), " ", ctx.t("step_event")], "?", total, { "data-step": "event" });
    else if (step.what === "card" || step.what === "again") row(ctx.t(`step_${step.what}`, { card: cardName(step.card) }), signed(step.days), total, { "data-step": "card", "data-card": step.card });
    else if (step.what === "legs") row(ctx.t("step_legs", { card: step.card ? cardName(step.card) : "", n: step.days }), "", total, { "data-step": "legs" });
    else if (step.what === "face") row(ctx.t("step_face", { card: cardName(step.card) }), "", total, { "data-step": "face" });
    else if (step.what === "minimum") row(ctx.t("step_minimum"), signed(step.days), total, { "data-step": "minimum" });
  }
  rows.push(ctx.h("tr", { class: "total" }, [ctx.h("td", { colspan: 2 }, ctx.t("total", { n: dayWord(ctx, preview.total) })), ctx.h("td", { class: "n", "data-preview-total": preview.total }, String(preview.total))]));
  return rows;
}

function previewPart(ctx, ui) {
  const { view } = ctx;
  const previews = view.preview || {};
  const entries = ctx.legal.filter((e) => previews[e.notation]);
  if (!entries.length) return [];
  const parts = [ctx.h("strong", {}, ctx.t("destinations"))];
  const cities = ui.cities;
  const routeOf = (entry) => {
    const first = previews[entry.notation].steps.find((s) => s.what === "route");
    return first ? ui.routes.get(first.route) : null;
  };
  parts.push(ctx.h("div", { class: "vm-dest", "data-testid": "destinations" }, entries.map((entry) => {
    const route = routeOf(entry);
    const city = words(entry).at(-1);
    const label = route ? [icon(ctx, route.transport, 14), " ", ctx.pick(cities.get(city)?.name) || city] : [ctx.pick(entry.text)];
    return ctx.h("button", {
      type: "button",
      class: ui.local.pick === entry.notation ? "selected" : "",
      "data-preview": entry.notation,
      disabled: ctx.busy,
      onclick: () => ui.chooseTarget(entry),
    }, [
      ctx.h("span", {}, label),
      previews[entry.notation].strands ? ctx.h("span", { class: "vm-warn", title: ctx.t("strands"), "data-strands": "1" }, "⚠") : null,
      ctx.h("strong", {}, dayWord(ctx, previews[entry.notation].total)),
    ]);
  })));
  const chosen = entries.find((e) => e.notation === ui.local.pick);
  if (chosen) {
    const preview = previews[chosen.notation];
    const route = routeOf(chosen);
    const declared = view.trip ? null : route;
    ui.previewWeather = declared && view.weather && !chosen.notation.startsWith("effect") ? ctx.t(view.weather[declared.transport].weather) : ctx.t("charter");
    const title = chosen.notation === "stop" ? ctx.t("preview_stop") : ctx.t("preview", { route: ctx.pick(chosen.text) });
    parts.push(ctx.h("div", { class: "vm-preview", "data-testid": "preview", "data-notation": chosen.notation }, [
      ctx.h("strong", {}, title),
      ctx.h("table", {}, stepRows(ctx, ui, preview)),
      preview.exact ? null : ctx.h("p", { class: "muted" }, ctx.t(preview.steps.some((s) => s.what === "event") ? "inexact_event" : "inexact")),
      preview.strands ? ctx.h("p", { class: "vm-warn", "data-testid": "strands" }, ctx.t(chosen.notation === "stop" ? "stranded" : "strands")) : null,
      ctx.h("div", { class: "vm-buttons" }, [
        ui.button(chosen, ctx.t("confirm"), { class: "primary", "data-confirm": chosen.notation }),
        ctx.h("button", { type: "button", "data-cancel": "1", onclick: () => { ui.local.pick = null; ctx.redraw(); } }, ctx.t("cancel")),
      ]),
    ]));
  }
  for (const entry of entries) {
    ui.used.add(entry.notation);
    ui.inPanel.add(entry.notation);
  }
  return parts;
}

function tripPart(ctx, ui) {
  const { view } = ctx;
  const trip = view.trip;
  if (!trip) return [];
  const route = ui.routes.get(trip.route);
  const cities = ui.cities;
  const me = view.travellers[trip.seat];
  const label = (id) => {
    const placed = [...me.tableau, me.overflow].find((p) => p && p.card === id);
    return cardLabel(ctx, view, id, placed?.face || "a");
  };
  const left = trip.to_resolve.map(([, id]) => id);
  return [ctx.h("div", { class: "vm-preview", "data-testid": "trip" }, [
    ctx.h("strong", {}, ctx.t("trip", {
      name: ctx.seatName(trip.seat),
      route: `${ctx.pick(cities.get(route.a).name)} – ${ctx.pick(cities.get(route.b).name)}`,
      transport: ctx.t(trip.transport),
      weather: trip.charter ? ctx.t("charter") : ctx.t(trip.weather),
    })),
    ctx.h("p", { "data-trip-total": trip.total }, ctx.t("trip_total", { n: dayWord(ctx, trip.total) })),
    trip.took_effect.length ? ctx.h("p", { class: "muted" }, ctx.t("trip_done", { list: trip.took_effect.map(label).join(" · ") })) : null,
    left.length ? ctx.h("p", { class: "muted" }, ctx.t("trip_left", { list: left.map(label).join(" · ") })) : null,
  ])];
}

function eventPart(ctx, view, id) {
  const event = view.events[id];
  if (!event) return null;
  return ctx.h("div", { class: "vm-preview", "data-testid": "event", "data-event": id }, [
    ctx.h("strong", {}, [icon(ctx, "event", 14), " ", ctx.t("event_card", { name: ctx.pick(event.name) })]),
    ctx.h("p", {}, ctx.pick(event.text)),
    ctx.h("p", { class: "muted" }, ctx.t(`watermark_${event.watermark}`)),
  ]);
}

function turnPart(ctx, ui) {
  const { view } = ctx;
  const turn = view.turn;
  if (!turn || view.decision?.kind !== "turn" || turn.seat !== ctx.seat) return [];
  const done = turn.used.map((m) => ctx.t(`main.${m}`)).join(", ");
  return [
    ctx.h("p", { class: "muted" }, ctx.t("turn_help")),
    ctx.h("p", {}, [done ? ctx.t("done_mains", { list: done }) + " · " : "", ctx.t(turn.free_action_used ? "free_used" : "free_left")]),
  ];
}

function decisionPanel(ctx, ui) {
  const { view } = ctx;
  const d = view.decision;
  const mineToAct = ctx.legal.length > 0;
  const kind = view.phase === "draft" || view.phase === "start" ? view.phase : d?.kind || view.phase;
  const panel = ctx.h("div", { class: `decision vm-decision${mineToAct ? "" : " waiting"}`, "data-testid": "decision", "data-kind": kind });
  if (view.phase === "over") return null;
  const parts = [ctx.h("h2", {}, decisionTitle(ctx, ui))];
  if (view.phase === "draft" || view.phase === "start") parts.push(...draftPart(ctx, ui));
  else {
    parts.push(...tripPart(ctx, ui));
    if (d?.kind === "event") parts.push(eventPart(ctx, view, d.event));
    if (mineToAct) {
      parts.push(...turnPart(ctx, ui));
      parts.push(...previewPart(ctx, ui));
      if (d?.kind === "rest") parts.push(ctx.h("p", {}, ctx.t("d.rest", { n: d.left })));
    }
  }
  panel.append(...parts.filter(Boolean));
  ui.panel = panel;
  return panel;
}

function leftovers(ctx, ui) {
  if (!ui.panel) return;
  // A focused decision (an event, a lock, a face…) lists every choice here, even those also
  // drawn on the map or the cards; a turn or a rest lists what no picture offers.
  const focused = !["turn", "rest"].includes(ctx.view.decision?.kind) && ctx.view.phase === "race";
  const rest = ctx.legal.filter((e) => !ui.inPanel.has(e.notation) && (focused || !ui.used.has(e.notation)));
  if (!rest.length) return;
  ui.panel.append(ctx.h("div", { class: "vm-buttons", "data-testid": "other-moves" }, rest.map((entry) => ui.button(entry, ctx.pick(entry.text), {
    class: ["end", "stop", "hold", "skip"].includes(entry.notation) ? "primary" : "",
  }))));
}

// -- the renderer -----------------------------------------------------------------------------

function makeUi(ctx) {
  const { view, legal, local } = ctx;
  const ui = {
    local,
    by: new Map(legal.map((e) => [e.notation, e])),
    used: new Set(),
    inPanel: new Set(),
    cities: cityOf(view),
    routes: routesOf(view),
    decision: view.decision,
    hand: new Set(view.private?.hand || []),
    kept: new Set(view.phase === "draft" || view.phase === "start" ? view.travellers[ctx.seat ?? -1]?.drafted || [] : []),
    mapTargets: new Map(),
    panel: null,
    previewWeather: "",
  };
  const pairs = new Map();
  for (const route of ui.routes.values()) {
    pairs.set(`${route.a} ${route.b}`, route);
    pairs.set(`${route.b} ${route.a}`, route);
  }
  ui.routeBetween = (a, b) => pairs.get(`${a} ${b}`);
  ui.button = (entry, label, attrs = {}) => {
    ui.used.add(entry.notation);
    return ctx.h("button", { type: "button", "data-action": entry.notation, title: ctx.pick(entry.text), disabled: ctx.busy, onclick: () => { local.pick = null; ctx.act(entry); }, ...attrs }, label);
  };
  ui.chooseTarget = (entry) => {
    if ((view.preview || {})[entry.notation]) {
      local.pick = entry.notation;
      ctx.redraw();
    } else {
      local.pick = null;
      ctx.act(entry);
    }
  };
  for (const entry of legal) {
    const w = words(entry);
    const city = w.at(-1);
    const isCity = ui.cities.has(city) && (["move", "leg", "detour", "pick", "start"].includes(w[0]) || (w[0] === "effect" && w.length === 3));
    if (isCity) ui.mapTargets.set(city, entry);
  }
  if (local.pick && !ui.by.has(local.pick)) local.pick = null;
  if (!legal.some((e) => words(e)[0] === "refresh")) local.refresh = new Set();
  const gamblers = view.decision?.kind === "gamblers" ? view.decision.target : null;
  // The buttons on the card at `pos` of `seat`'s tableau: one's own card's actions, the card
  // the gamblers' event turns (the target's), the card a Bribe or a Lawyer aims at.
  ui.cardActions = (pos, seat) => {
    const out = [];
    const own = seat === ctx.seat;
    for (const entry of legal) {
      const [head, ...args] = words(entry);
      let label = null;
      if (head === "flip" && args[0] === pos && (gamblers !== null ? seat === gamblers : own)) {
        label = ctx.t(gamblers !== null ? "flip_gamblers" : "flip");
      } else if (head === "effect" && args.length === 3 && args[1] === `p${seat + 1}` && args[2] === pos) {
        label = ctx.pick(entry.text); // Bribe
      } else if (!own) {
        continue;
      } else if (head === "free" && args[0] === "flip" && args[1] === pos) {
        label = ctx.t("flip_free");
      } else if (head === "telegraph" && args[0] === pos) {
        label = args.slice(1).map((o) => ctx.t(`tg.${o}`)).join(" + ");
      } else if (head === "effect" && args.length === 1 && args[0] === pos) {
        label = ctx.pick(entry.text); // Planning, Sponsorship
      } else if (head === "effect" && args.length === 2 && args[1] === pos && !ui.cities.has(args[1])) {
        label = ctx.pick(entry.text); // Lawyer: on the sabotage card it discards
      } else if (head === "lock" && args[0] === pos) {
        label = ctx.t("lock_here");
      } else if (head === "plan" && args[0] === pos) {
        label = ctx.t("plan", { f: args[1].toUpperCase() });
      }
      if (label) out.push(ui.button(entry, label, { class: "legal" }));
    }
    return out;
  };
  ui.swapButtons = (a, b) => {
    const out = [];
    for (const entry of legal) {
      const w = words(entry);
      const free = w[0] === "free";
      const [head, x, y, office, p] = free ? w.slice(1) : w;
      if (head !== "swap" || x !== a || y !== b) continue;
      const label = free ? ctx.t("swap_free", { a, b }) : office ? ctx.t("swap_office", { a, b, p }) : ctx.t("swap", { a, b });
      out.push(ui.button(entry, label, { class: "legal" }));
    }
    return out;
  };
  return ui;
}

/** A picture in a box that scrolls sideways on a phone, keeping its place across updates
 * (first placed on `focus`, a fraction of the width: the viewer's pawn). */
function scroller(ctx, key, picture, focus) {
  const box = ctx.h("div", { class: `vm-scroll vm-${key}-box` }, picture);
  const local = ctx.local.scroll || (ctx.local.scroll = {});
  box.addEventListener("scroll", () => { local[key] = box.scrollLeft; });
  requestAnimationFrame(() => {
    if (box.scrollWidth <= box.clientWidth) return;
    if (local[key] === undefined && focus !== null) local[key] = focus * box.scrollWidth - box.clientWidth / 2;
    box.scrollLeft = local[key] ?? 0;
  });
  return box;
}

export function render(ctx) {
  const { view } = ctx;
  const ui = makeUi(ctx);
  const here = ui.cities.get(view.travellers[ctx.seat ?? -1]?.city || view.travellers[view.decision?.seat ?? 0]?.city);
  ui.focusX = here ? project(here.lon, here.lat)[0] / W : null;
  const info = [
    ctx.h("strong", {}, view.phase === "draft"
      ? ctx.t("phase.draft", { n: Math.min(view.travellers[0].drafted_count + 1, view.map.draft_keep), of: view.map.draft_keep })
      : view.phase === "race" ? ctx.t("phase.race", { n: view.turn_index }) : ctx.t(`phase.${view.phase}`)),
    view.phase === "race" ? ctx.h("span", {}, ctx.t("first", { name: ctx.seatName(view.first_player) })) : null,
    ctx.h("span", {}, ctx.t("fogg")),
    view.last_event ? ctx.h("span", { class: "muted" }, ctx.t("last_event", { name: ctx.pick(view.events[view.last_event]?.name) })) : null,
    view.meetings.length ? ctx.h("span", {}, ctx.t("meetings", { list: view.meetings.map((c) => ctx.pick(ui.cities.get(c).name)).join(", ") })) : null,
  ];
  const board = ctx.el.board;
  board.append(ctx.h("div", { class: "vm-info" }, info));
  const panel = decisionPanel(ctx, ui);
  if (panel) board.append(panel);
  board.append(scroller(ctx, "map", mapSvg(ctx, ui), ui.focusX));
  board.append(legend(ctx));
  board.append(ctx.h("p", { class: "muted vm-designed", "data-testid": "designed" }, ctx.t("designed")));
  board.append(scroller(ctx, "tracks", tracksSvg(ctx, view), null));
  board.append(ctx.h("div", { class: "vm-table" }, [weatherPanel(ctx, view), marketPanel(ctx, ui)]));
  const seats = view.travellers.map((_, s) => s);
  const order = ctx.seat !== null && ctx.seat !== undefined ? [ctx.seat, ...seats.filter((s) => s !== ctx.seat)] : seats;
  if (view.phase !== "draft" && view.phase !== "start") for (const seat of order) board.append(tableauPanel(ctx, ui, seat));
  leftovers(ctx, ui);

  const side = (seat) => ctx.h("div", { class: "vm-side" }, travellerDetails(ctx, view, seat));
  if (ctx.seat !== null && ctx.seat !== undefined) ctx.el.mine.append(side(ctx.seat));
  for (const seat of seats) if (seat !== ctx.seat) ctx.el.others.append(side(seat));
}

export function seatColour(view, seat) {
  return COLOURS[seat % COLOURS.length];
}

export function scoreSheet(ctx, outcome) {
  const keys = Object.keys(outcome.breakdown[0] || {});
  const rows = keys.map((key) => ({ label: ctx.t(`cat.${key}`), values: outcome.breakdown.map((b) => b[key]) }));
  const details = outcome.details || [];
  if (details.length) {
    rows.push({ label: ctx.t("sheet.turns"), values: details.map((d) => d.turns), class: "sub" });
    rows.push({ label: ctx.t("sheet.cities"), values: details.map((d) => d.cities), class: "sub" });
    rows.push({ label: ctx.t("sheet.status"), values: details.map((d) => ctx.t(`sheet.${d.status}`) + (d.fogg_record_broken ? ` · ${ctx.t("sheet.fogg")}` : "")), class: "sub" });
  }
  return rows;
}
