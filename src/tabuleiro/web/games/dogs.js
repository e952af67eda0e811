// DOGS: the city/countryside board with its roads, dogs (breed, sick, lost), blocking tokens
// and pick-ups; the gas to each space while a pick-up moves; the Dog Fair and the action
// board with its cards and meeples; every kennel (pens in two rows, infirmary, resources,
// cards, helper, pick-up load); and the pending decision as a dialog: buying gas, the
// homecoming bonus, placing dogs (put, lift, donate, the Vet card), answering a donation,
// a box's action, feeding and salaries. Every button is one entry of `legal`.

export const strings = {
  pt: {
    round: "Rodada {round}",
    first: "Jogador inicial: {name}",
    last_round: "Última rodada",
    next_last: "A próxima rodada será a última",
    supply: "Reserva: cidade {city} · campo {country}",
    designed: "Tabuleiro, cães doentes/perdidos e cartas criados pelo Tabuleiro (os impressos não são públicos)",
    "phase.fuel": "Fase 1 · abastecer",
    "phase.move": "Fase 1 · recolher os cães",
    "phase.arrange": "Fase 1 · acomodar os cães",
    "phase.actions": "Fase 2 · ações",
    "phase.feed": "Fase 3 · alimentar",
    "phase.salary": "Fase 3 · salários",
    "phase.over": "Fim de jogo",
    deciding: "{name} decide: {what}",
    "d.fuel": "comprar gasolina (1 moeda = 3, no máximo 9)",
    "d.move": "mover a pick-up, voltar ao canil ou ficar",
    "d.bonus": "bônus de retorno ao canil",
    "d.arrange": "acomodar os cães nas baias",
    "d.offer": "aceitar ou recusar um cão doado por {donor}",
    "d.place": "escolher um box de ação e uma carta",
    "d.box": "ação do box {box}",
    "d.feed": "alimentar as baias",
    "d.salary": "pagar o ajudante",
    tap_space: "Toque num espaço destacado: o número é a gasolina gasta.",
    tap_card: "Toque numa carta destacada no quadro de ações para pôr seu meeple naquele box.",
    tap_pen: "Escolha um cão a acomodar e toque numa baia destacada; toque num cão de uma baia para retirá-lo.",
    pool: "A acomodar:",
    lifts: "Retiradas restantes: {n}",
    offered: "Cão oferecido:",
    swap: "Troca de cães",
    swap_pick: "Toque em dois cães no tabuleiro para trocá-los de lugar.",
    swap_cancel: "Cancelar a troca",
    more: "Outras jogadas",
    fair: "Feira de Cães",
    fair_price: "{n} à venda · preço {price:# moeda|# moedas}",
    fair_card: "Raças que a Feira compra (2 moedas):",
    fair_none: "Nenhum cão à venda.",
    boxes: "Quadro de ações · até {cap:# meeple|# meeples} por box",
    deck: "Monte {deck} · descarte {discard}",
    "box.prefeitura": "Prefeitura",
    "box.armazem": "Armazém",
    "box.petshop": "Pet Shop",
    "box.veterinario": "Veterinário",
    "box.feira": "Feira de Cães",
    "what.prefeitura": "construir baia (2 moedas)",
    "what.armazem": "trocar até 2 fichas",
    "what.petshop": "1 moeda = 2 ração/remédio",
    "what.veterinario": "1 remédio cura 1 cão",
    "what.feira": "vender, comprar ou trocar",
    free_entry: "Entrada Livre",
    no_card: "sem carta",
    kennel: "Canil de {name}",
    your_kennel: "Seu canil",
    points: "{n:# pt|# pts} agora",
    coins: "Moedas",
    gas: "Gasolina",
    food: "Ração",
    medicine: "Remédio",
    helper_paid: "Ajudante pago",
    helper_due: "Ajudante (salário a pagar)",
    no_helper: "Sem ajudante",
    cards: "Cartas:",
    no_cards: "nenhuma carta",
    pen: "Baia {n}",
    pen_points: "{n:# pt|# pts}",
    pen_extra: "+{n}",
    pen_unbuilt: "não construída (+{n})",
    full_bonus: "bônus de baia cheia recebido",
    infirmary: "Enfermaria {n}/6",
    office: "Escritório",
    storage: "Depósito",
    garage: "Garagem",
    truck: "Pick-up:",
    "trip.centre": "no centro",
    "trip.out": "em {space}",
    "trip.home": "de volta ao canil",
    "trip.stayed": "ficou no canil",
    empty: "vazia",
    map_label: "Mapa de DOGS",
    trucks_here: "caminhão de {names}",
    gas_cost: "custa {n} de gasolina",
    centre_space: "o centro",
    swap_here: "escolher para a troca",
    sick: "doente",
    lost: "perdido",
    block: "bloqueio",
    reward: "recompensa {n}",
    city: "Cidade",
    country: "Campo",
    "card.food": "+{n} ração",
    "card.medicine": "+{n} remédio",
    "card.gas": "+{n} gasolina",
    "card.coins": "+{n:# moeda|# moedas}",
    "card.dog": "Receba 1 cão",
    "card.trained": "Cão Adestrado",
    "card.prize": "Cão Premiado",
    "card.vet": "Veterinário",
    "card.swap": "Troca de cães",
    "breed.beagle": "Beagle",
    "breed_short.beagle": "Beag",
    "breed.vira_lata": "Vira-Lata",
    "breed_short.vira_lata": "Vira",
    "breed.rottweiler": "Rottweiler",
    "breed_short.rottweiler": "Rott",
    "breed.bulldog": "Bulldog",
    "breed_short.bulldog": "Bull",
    "breed.golden": "Golden Retriever",
    "breed_short.golden": "Gold",
    "breed.yorkshire": "Yorkshire",
    "breed_short.yorkshire": "York",
    "breed.border_collie": "Border Collie",
    "breed_short.border_collie": "B.C.",
    "breed.labrador": "Labrador",
    "breed_short.labrador": "Lab",
    "breed.dalmata": "Dálmata",
    "breed_short.dalmata": "Dálm",
    "breed.pastor_alemao": "Pastor Alemão",
    "breed_short.pastor_alemao": "P.A.",
    "breed.poodle": "Poodle",
    "breed_short.poodle": "Pood",
    "breed.sao_bernardo": "São Bernardo",
    "breed_short.sao_bernardo": "S.B.",
    "card.discount": "Desconto",
    "card.helper": "Ajudante",
    "card.free": "Entrada Livre",
    "cat.pens": "Matilha (baias)",
    "cat.extra_pens": "Baias adicionais",
    "cat.breeds": "Diversidade (raças)",
    "cat.helper": "Ajudante",
    "cat.resources": "Recursos",
    "cat.sick": "Cães doentes (−2 cada)",
    "cat.city_and_country": "Cão da cidade e do campo (−5)",
  },
  en: {
    round: "Round {round}",
    first: "First player: {name}",
    last_round: "Last round",
    next_last: "Next round is the last",
    supply: "Supply: city {city} · country {country}",
    designed: "Board, sick/lost dogs and cards designed by Tabuleiro (the printed ones are not public)",
    "phase.fuel": "Phase 1 · fuelling",
    "phase.move": "Phase 1 · collecting dogs",
    "phase.arrange": "Phase 1 · housing the dogs",
    "phase.actions": "Phase 2 · actions",
    "phase.feed": "Phase 3 · feeding",
    "phase.salary": "Phase 3 · salaries",
    "phase.over": "Game over",
    deciding: "{name} decides: {what}",
    "d.fuel": "buying gas (1 coin = 3, at most 9)",
    "d.move": "moving the pick-up, going home or staying",
    "d.bonus": "the homecoming bonus",
    "d.arrange": "housing the dogs in the pens",
    "d.offer": "accepting or declining a dog given away by {donor}",
    "d.place": "choosing an action box and a card",
    "d.box": "the {box} box's action",
    "d.feed": "feeding the pens",
    "d.salary": "paying the helper",
    tap_space: "Tap a highlighted space: the number is the gas it takes.",
    tap_card: "Tap a highlighted card on the action board to put your meeple on that box.",
    tap_pen: "Pick a dog to place, then tap a highlighted pen; tap a dog in a pen to take it out.",
    pool: "To place:",
    lifts: "Lifts left: {n}",
    offered: "Dog offered:",
    swap: "Dog swap",
    swap_pick: "Tap two dogs on the board to swap them.",
    swap_cancel: "Cancel the swap",
    more: "Other moves",
    fair: "Dog Fair",
    fair_price: "{n} for sale · price {price:# coin|# coins}",
    fair_card: "Breeds the Fair buys (2 coins):",
    fair_none: "No dog for sale.",
    boxes: "Action board · up to {cap:# meeple|# meeples} per box",
    deck: "Pile {deck} · discard {discard}",
    "box.prefeitura": "Town hall",
    "box.armazem": "Warehouse",
    "box.petshop": "Pet shop",
    "box.veterinario": "Vet",
    "box.feira": "Dog Fair",
    "what.prefeitura": "build a pen (2 coins)",
    "what.armazem": "swap up to 2 tokens",
    "what.petshop": "1 coin = 2 food/medicine",
    "what.veterinario": "1 medicine cures 1 dog",
    "what.feira": "sell, buy or trade",
    free_entry: "Free entry",
    no_card: "no card",
    kennel: "{name}'s kennel",
    your_kennel: "Your kennel",
    points: "{n:# pt|# pts} now",
    coins: "Coins",
    gas: "Gas",
    food: "Food",
    medicine: "Medicine",
    helper_paid: "Helper paid",
    helper_due: "Helper (salary due)",
    no_helper: "No helper",
    cards: "Cards:",
    no_cards: "no cards",
    pen: "Pen {n}",
    pen_points: "{n:# pt|# pts}",
    pen_extra: "+{n}",
    pen_unbuilt: "not built (+{n})",
    full_bonus: "full-pen bonus taken",
    infirmary: "Infirmary {n}/6",
    office: "Office",
    storage: "Storage",
    garage: "Garage",
    truck: "Pick-up:",
    "trip.centre": "on the centre",
    "trip.out": "on {space}",
    "trip.home": "back home",
    "trip.stayed": "stayed home",
    empty: "empty",
    map_label: "DOGS map",
    trucks_here: "{names}'s truck",
    gas_cost: "costs {n} gas",
    centre_space: "the centre",
    swap_here: "choose for the swap",
    sick: "sick",
    lost: "lost",
    block: "roadwork",
    reward: "reward {n}",
    city: "City",
    country: "Countryside",
    "card.food": "+{n} food",
    "card.medicine": "+{n} medicine",
    "card.gas": "+{n} gas",
    "card.coins": "+{n:# coin|# coins}",
    "card.dog": "Get 1 dog",
    "card.trained": "Trained dog",
    "card.prize": "Prize dog",
    "card.vet": "Vet",
    "card.swap": "Dog swap",
    "breed.beagle": "Beagle",
    "breed_short.beagle": "Beag",
    "breed.vira_lata": "Mutt",
    "breed_short.vira_lata": "Mutt",
    "breed.rottweiler": "Rottweiler",
    "breed_short.rottweiler": "Rott",
    "breed.bulldog": "Bulldog",
    "breed_short.bulldog": "Bull",
    "breed.golden": "Golden Retriever",
    "breed_short.golden": "Gold",
    "breed.yorkshire": "Yorkshire",
    "breed_short.yorkshire": "York",
    "breed.border_collie": "Border Collie",
    "breed_short.border_collie": "B.C.",
    "breed.labrador": "Labrador",
    "breed_short.labrador": "Lab",
    "breed.dalmata": "Dalmatian",
    "breed_short.dalmata": "Dalm",
    "breed.pastor_alemao": "German Shepherd",
    "breed_short.pastor_alemao": "G.S.",
    "breed.poodle": "Poodle",
    "breed_short.poodle": "Pood",
    "breed.sao_bernardo": "Saint Bernard",
    "breed_short.sao_bernardo": "St.B.",
    "card.discount": "Discount",
    "card.helper": "Helper",
    "card.free": "Free entry",
    "cat.pens": "Pack (pens)",
    "cat.extra_pens": "Extra pens",
    "cat.breeds": "Diversity (breeds)",
    "cat.helper": "Helper",
    "cat.resources": "Resources",
    "cat.sick": "Sick dogs (−2 each)",
    "cat.city_and_country": "City and country dog (−5)",
  },
};

export const css = `
.dogs-info { display: flex; flex-wrap: wrap; gap: 6px 14px; margin-bottom: 6px; font-size: 0.92rem; }
.dogs-info .last { color: var(--bad); font-weight: 700; }
.dogs-decision { background: #fff8db; border: 1px solid #e9d48a; border-radius: 8px; padding: 6px 10px; margin: 6px 0; }
.dogs-map .space .legal-ring { fill: none; stroke: #8a5200; stroke-width: 3; stroke-dasharray: 5 4; }
.dogs-map .legal:hover .legal-ring, .dogs-map .legal:focus .legal-ring { stroke: #335c67; stroke-dasharray: none; }
.dogs-map .legal:focus { outline: none; }
.dogs-map .picked circle.disc { stroke: #335c67; stroke-width: 4; }
.dogs-table { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 2fr); gap: 10px; margin-top: 10px; }
.dogs-fair, .dogs-boxes { border: 1px solid var(--line); border-radius: 8px; padding: 8px; }
.dogs-boxes .box { display: grid; grid-template-columns: 9em 1fr; gap: 4px 8px; padding: 5px 0; border-bottom: 1px solid #f0ece4; align-items: center; }
.dogs-boxes .box:last-child { border-bottom: none; }
.dogs-boxes .box .what { font-size: 0.8rem; color: var(--muted); display: block; }
.dogs-boxes .cards { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.dog-card { display: inline-block; padding: 3px 8px; border-radius: 6px; border: 1px solid #b8ab8f; background: #f7f1e3; font-size: 0.85rem; min-height: 0; }
button.dog-card { cursor: pointer; }
button.dog-card.legal { border: 2px solid #8a5200; background: #fff3b0; }
.dog-chip { display: inline-flex; align-items: center; gap: 3px; padding: 2px 6px; border-radius: 999px; border: 1px solid rgba(0,0,0,0.25); font-size: 0.8rem; background: #fff; min-height: 0; line-height: 1.3; }
.dog-chip .swatch { width: 10px; height: 10px; border-radius: 50%; display: inline-block; }
.dog-chip.sick { border-color: var(--bad); }
.dog-chip.sick::after { content: "✚"; color: var(--bad); }
button.dog-chip { cursor: pointer; }
button.dog-chip.selected { border: 2px solid #335c67; background: #e0f2f1; }
button.dog-chip.legal { border: 2px dashed #8a5200; }
.meeple { display: inline-block; width: 14px; height: 18px; border-radius: 7px 7px 3px 3px; border: 1px solid rgba(0,0,0,0.4); vertical-align: middle; margin-right: 2px; }
.kennel { border: 1px solid var(--line); border-radius: 8px; padding: 8px; margin-bottom: 8px; background: #fffdf8; }
.kennel h3 { margin: 0 0 4px; font-size: 1rem; display: flex; gap: 6px; align-items: center; }
.kennel h3 .pts { margin-left: auto; font-variant-numeric: tabular-nums; }
.kennel .res { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 0.88rem; }
.kennel .pens { display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: 6px; margin: 6px 0; }
.kennel .pen { border: 2px solid #b8ab8f; border-radius: 6px; padding: 4px; min-height: 64px; background: #fff; }
.kennel .pen.unbuilt { border-style: dashed; border-color: #8c8472; background: transparent; }
.kennel .pen.target { border-color: #8a5200; background: #fff8db; cursor: pointer; }
.kennel .pen .head { display: flex; justify-content: space-between; gap: 0 4px; flex-wrap: wrap; font-size: 0.78rem; color: var(--muted); }
.kennel .pen .row { display: flex; gap: 3px; min-height: 22px; border-top: 1px dotted #ddd; padding-top: 2px; flex-wrap: wrap; }
.kennel .line { font-size: 0.88rem; margin: 3px 0; display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.dogs-dialog { border: 2px solid var(--accent); border-radius: 8px; padding: 8px; margin-bottom: 8px; background: #f4faf9; }
.dogs-dialog h2, .dogs-dialog h3 { margin: 0 0 6px; font-size: 1rem; }
.dogs-dialog .buttons { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; }
.dogs-dialog .buttons button { min-height: 36px; }
@media (max-width: 860px) { .dogs-table { grid-template-columns: minmax(0, 1fr); } }
`;

const BOXES = ["prefeitura", "armazem", "petshop", "veterinario", "feira"];
const EXTRA_POINTS = [2, 3, 5];
const BREED_COLOURS = {
  beagle: "#c97b3c",
  vira_lata: "#8d6e63",
  rottweiler: "#3e2723",
  bulldog: "#d4a373",
  golden: "#e0a526",
  yorkshire: "#6d8fa8",
  border_collie: "#37474f",
  labrador: "#f2d16b",
  dalmata: "#eeeeee",
  pastor_alemao: "#7b5b3a",
  poodle: "#e6a4c4",
  sao_bernardo: "#b5542f",
};
const SCALE_X = 7;
const SCALE_Y = 5.2;
const PAD = 36;
const R = 23;

function words(entry) {
  return entry.notation.split(" ");
}

function breedName(ctx, id) {
  return ctx.t(`breed.${id}`);
}

function cardName(ctx, name) {
  const match = /^(food|medicine|gas|coins)(\d)$/.exec(name);
  return match ? ctx.t(`card.${match[1]}`, { n: match[2] }) : ctx.t(`card.${name}`);
}

function dogChip(ctx, breed, { sick = false, attrs = {}, tag = "span" } = {}) {
  const { class: extra, ...rest } = attrs;
  const title = breedName(ctx, breed) + (sick ? ` (${ctx.t("sick")})` : "");
  return ctx.h(tag, { title, ...rest, class: `dog-chip${sick ? " sick" : ""}${extra ? ` ${extra}` : ""}`, ...(tag === "button" ? { type: "button" } : {}) }, [
    ctx.h("span", { class: "swatch", style: `background:${BREED_COLOURS[breed] || "#999"}` }),
    breedName(ctx, breed),
  ]);
}

function entryButton(ctx, entry, extra = {}) {
  return ctx.h("button", {
    type: "button",
    "data-notation": entry.notation,
    disabled: ctx.busy,
    onclick: () => ctx.act(entry),
    ...extra,
  }, ctx.pick(entry.text));
}

// -- the board --------------------------------------------------------------------------

const TOP = 8; // the spaces lie between y = 14 and 86 of the board's 0-100 units

function spaceXY(space) {
  return [PAD + space.xy[0] * SCALE_X, PAD + (space.xy[1] - TOP) * SCALE_Y];
}

function tokenArt(ctx, token, x, y) {
  if (!token) return [];
  if (token === "block") {
    return [
      ctx.svg("circle", { cx: x, cy: y, r: R - 5, fill: "#ff9800", stroke: "#333", "stroke-width": 1.5 }),
      ctx.svg("path", { d: `M${x - 10},${y - 10} L${x + 10},${y + 10} M${x + 10},${y - 10} L${x - 10},${y + 10}`, stroke: "#222", "stroke-width": 4 }),
    ];
  }
  const parts = [
    ctx.svg("circle", { class: "disc", cx: x, cy: y, r: R - 5, fill: BREED_COLOURS[token.breed] || "#999", stroke: "#222", "stroke-width": 1.5 }),
    ctx.svg("text", { "aria-hidden": "true", x, y: y + 4, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: ["rottweiler", "border_collie", "pastor_alemao", "vira_lata", "sao_bernardo"].includes(token.breed) ? "#fff" : "#222" }, ctx.t(`breed_short.${token.breed}`)),
  ];
  if (token.kind === "sick") {
    parts.push(ctx.svg("circle", { cx: x + 13, cy: y - 13, r: 7, fill: "#fff", stroke: "#b91c1c", "stroke-width": 1.5 }));
    parts.push(ctx.svg("path", { d: `M${x + 13},${y - 17.5} v9 M${x + 8.5},${y - 13} h9`, stroke: "#b91c1c", "stroke-width": 2.5 }));
  } else if (token.kind === "lost") {
    parts.push(ctx.svg("circle", { cx: x + 13, cy: y - 13, r: 7, fill: "#f5c518", stroke: "#7a5b00", "stroke-width": 1.5 }));
    parts.push(ctx.svg("text", { "aria-hidden": "true", x: x + 13, y: y - 9.5, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#5a4300" }, "$"));
  }
  return parts;
}

function tokenTitle(ctx, token) {
  if (!token) return ctx.t("empty");
  if (token === "block") return ctx.t("block");
  return breedName(ctx, token.breed) + (token.kind === "healthy" ? "" : ` (${ctx.t(token.kind)})`);
}

/** Every space of the map in words (what is on it, its reward, the trucks there), for screen readers. */
function mapSummary(ctx, view) {
  const rows = view.map.spaces.filter((space) => space.area !== "centre").map((space) => {
    const trucks = view.kennels.map((k, seat) => (k.position === space.name ? ctx.seatName(seat) : null)).filter(Boolean);
    const words = [tokenTitle(ctx, view.board[space.name] ?? null), ctx.t("reward", { n: space.reward })];
    if (trucks.length) words.push(ctx.t("trucks_here", { names: trucks.join(", ") }));
    return [space.name, words.join(", ")];
  });
  return ctx.a11y.srTable(ctx.t("map_label"), rows, { "data-summary": "dogs" });
}

function mapSvg(ctx, view, { moves, swapTargets, picked }) {
  const spaces = view.map.spaces;
  const byName = new Map(spaces.map((s) => [s.name, s]));
  const width = PAD * 2 + 100 * SCALE_X;
  const height = PAD * 2 + (100 - 2 * TOP) * SCALE_Y;
  const interactive = moves.size > 0 || swapTargets.size > 0;
  const root = ctx.svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    width,
    class: "dogs-map",
    role: interactive ? "group" : "img",
    "aria-label": ctx.t("map_label"),
    "data-roving": interactive ? "dogs-map" : undefined,
  });
  root.append(ctx.svg("rect", { x: 0, y: 0, width: width / 2, height, fill: "#e3eefb" }));
  root.append(ctx.svg("rect", { x: width / 2, y: 0, width: width / 2, height, fill: "#e6f2df" }));
  root.append(ctx.svg("text", { x: 14, y: 22, "font-size": 15, "font-weight": 700, fill: "#2f5d9a" }, ctx.t("city")));
  root.append(ctx.svg("text", { x: width - 14, y: 22, "text-anchor": "end", "font-size": 15, "font-weight": 700, fill: "#3d7a2e" }, ctx.t("country")));
  for (const [a, b] of view.map.roads) {
    const [ax, ay] = spaceXY(byName.get(a));
    const [bx, by] = spaceXY(byName.get(b));
    root.append(ctx.svg("line", { x1: ax, y1: ay, x2: bx, y2: by, stroke: "#9e9486", "stroke-width": 7, "stroke-linecap": "round" }));
    root.append(ctx.svg("line", { x1: ax, y1: ay, x2: bx, y2: by, stroke: "#f7f3ea", "stroke-width": 2, "stroke-dasharray": "6 6" }));
  }
  const trucks = new Map();
  view.kennels.forEach((k, seat) => {
    if (k.position === "garage") return;
    if (!trucks.has(k.position)) trucks.set(k.position, []);
    trucks.get(k.position).push(seat);
  });
  const gasTo = view.decision?.gas_to || {};
  for (const space of spaces) {
    const [x, y] = spaceXY(space);
    const token = view.board[space.name] ?? null;
    const centre = space.area === "centre";
    const move = moves.get(space.name);
    const swappable = swapTargets.has(space.name);
    const group = ctx.svg("g", {
      class: `space${move || swappable ? " legal" : ""}${picked === space.name ? " picked" : ""}`,
      "data-space": space.name,
    });
    group.append(ctx.svg("title", {}, centre ? "X" : `${space.name} · ${tokenTitle(ctx, token)} · ${ctx.t("reward", { n: space.reward })}`));
    group.append(ctx.svg("circle", {
      cx: x, cy: y, r: R,
      fill: centre ? "#cfc8bb" : space.area === "city" ? "#bcd3f2" : "#c4e0b4",
      stroke: centre ? "#6b6250" : space.area === "city" ? "#2f5d9a" : "#3d7a2e",
      "stroke-width": 2,
    }));
    if (centre) {
      group.append(ctx.svg("text", { x, y: y + 6, "text-anchor": "middle", "font-size": 17, "font-weight": 700, fill: "#4a4336" }, "X"));
    } else {
      group.append(...tokenArt(ctx, token, x, y));
      group.append(ctx.svg("text", { x, y: y - R - 5, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#333" }, space.name));
      // said in the space's name ("reward 3"): the printed "$3" is a picture of it
      group.append(ctx.svg("text", { "aria-hidden": "true", x: x - R + 1, y: y + R + 2, "font-size": 10, fill: "#7a5b00" }, `$${space.reward}`));
    }
    if (move || swappable) {
      group.append(ctx.svg("circle", { class: "legal-ring", cx: x, cy: y, r: R + 5 }));
      group.append(ctx.svg("circle", { class: "focus-ring", cx: x, cy: y, r: R + 9 }));
      const entry = move;
      if (entry) group.setAttribute("data-action", entry.notation);
      const onclick = () => (entry ? ctx.act(entry) : swappable && swapTargets.get(space.name)());
      // the name says what the space holds, then what choosing it does
      const what = [centre ? ctx.t("centre_space") : `${tokenTitle(ctx, token)}, ${ctx.t("reward", { n: space.reward })}`];
      if (trucks.has(space.name)) what.push(ctx.t("trucks_here", { names: trucks.get(space.name).map((seat) => ctx.seatName(seat)).join(", ") }));
      if (move && gasTo[space.name] !== undefined) what.push(ctx.t("gas_cost", { n: gasTo[space.name] }));
      const doing = entry ? ctx.pick(entry.text) : ctx.t("swap_here");
      ctx.a11y.svgButton(group, { label: `${centre ? "X" : space.name}: ${what.join(", ")}; ${doing}`, item: space.name, action: onclick });
    }
    if (move && gasTo[space.name] !== undefined) {
      // the gas it takes: a fuel drop and the number
      const bx = x + R - 6;
      const by = y + R - 12;
      group.append(ctx.svg("rect", { x: bx, y: by, width: 27, height: 17, rx: 8, fill: "#335c67" }));
      group.append(ctx.svg("path", { d: `M${bx + 8},${by + 3} q-5,6 0,10 q5,-4 0,-10 z`, fill: "#f5c518" }));
      group.append(ctx.svg("text", { "aria-hidden": "true", x: bx + 19, y: by + 13, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff", "data-gas": space.name }, String(gasTo[space.name])));
    }
    const here = trucks.get(space.name) || [];
    here.forEach((seat, i) => {
      const tx = x - R - 6 + i * 13;
      const ty = centre ? y + R + 4 : y + R - 2;
      group.append(ctx.svg("rect", { x: tx, y: ty, width: 18, height: 12, rx: 3, fill: ctx.seatColour(seat), stroke: "#111", "data-truck": seat, "data-label-bg": `seat-${seat}` }));
      group.append(ctx.svg("text", { "aria-hidden": "true", x: tx + 9, y: ty + 10, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: ctx.a11y.inkOn(ctx.seatColour(seat)), "data-label-of": `seat-${seat}` }, String(seat + 1)));
    });
    root.append(group);
  }
  return root;
}

// -- the Fair and the action board --------------------------------------------------------

function fairPanel(ctx, view) {
  const fair = view.fair;
  const counts = new Map();
  for (const breed of fair.dogs) counts.set(breed, (counts.get(breed) || 0) + 1);
  return ctx.h("div", { class: "dogs-fair", "data-testid": "fair" }, [
    ctx.h("h2", {}, ctx.t("fair")),
    ctx.h("p", { class: "muted" }, ctx.t("fair_card")),
    ctx.h("div", { class: "line" }, fair.card.map((breed) => dogChip(ctx, breed))),
    ctx.h("p", {}, fair.dogs.length ? ctx.t("fair_price", { n: fair.dogs.length, price: fair.price }) : ctx.t("fair_none")),
    ctx.h("div", { class: "line" }, [...counts].map(([breed, n]) => ctx.h("span", {}, [dogChip(ctx, breed), n > 1 ? ` ×${n}` : ""]))),
  ]);
}

function boxesPanel(ctx, view, places) {
  const cap = view.players === 2 ? 1 : 2;
  const rows = BOXES.map((box) => {
    const info = view.boxes[box];
    const cards = info.cards.map((name) => {
      const entry = places.get(`${box} ${name}`);
      return entry
        ? ctx.h("button", { type: "button", class: "dog-card legal", "data-action": entry.notation, disabled: ctx.busy, title: ctx.pick(entry.text), onclick: () => ctx.act(entry) }, cardName(ctx, name))
        : ctx.h("span", { class: "dog-card", "data-card": name }, cardName(ctx, name));
    });
    for (const special of ["use-free", "no-card"]) {
      const entry = places.get(`${box} ${special}`);
      if (entry) {
        cards.push(ctx.h("button", { type: "button", class: "dog-card legal", "data-action": entry.notation, disabled: ctx.busy, onclick: () => ctx.act(entry) }, special === "use-free" ? ctx.t("free_entry") : ctx.t("no_card")));
      }
    }
    const meeples = info.meeples.map((seat) => ctx.h("span", { class: "meeple", style: `background:${ctx.seatColour(seat)}`, title: ctx.seatName(seat) }));
    return ctx.h("div", { class: "box", "data-box": box }, [
      ctx.h("div", {}, [ctx.h("strong", {}, ctx.t(`box.${box}`)), ctx.h("span", { class: "what" }, ctx.t(`what.${box}`))]),
      ctx.h("div", { class: "cards" }, [...cards, ...meeples]),
    ]);
  });
  return ctx.h("div", { class: "dogs-boxes", "data-testid": "boxes" }, [
    ctx.h("h2", {}, ctx.t("boxes", { cap })),
    ...rows,
    ctx.h("p", { class: "muted" }, ctx.t("deck", { deck: view.deck, discard: view.discard })),
  ]);
}

// -- kennels ------------------------------------------------------------------------------

function dogsOf(pen) {
  // A pen's dogs in its two rows: one row per two dogs of a breed.
  const rows = [];
  for (const [breed, n] of Object.entries(pen)) {
    for (let left = n; left > 0; left -= 2) rows.push(Array(Math.min(2, left)).fill(breed));
  }
  while (rows.length < 2) rows.push([]);
  return rows;
}

function kennelPanel(ctx, view, seat, { puts = new Map(), lifts = new Map(), cardEntries = new Map(), selected = null } = {}) {
  const k = view.kennels[seat];
  const mine = seat === ctx.seat;
  const helper = !k.helper ? ctx.t("no_helper") : k.helper_paid ? ctx.t("helper_paid") : ctx.t("helper_due");
  const pens = [];
  for (let i = 0; i < 5; i++) {
    const built = i < k.pens.length;
    const extra = i >= 2 ? EXTRA_POINTS[i - 2] : 0;
    if (!built) {
      pens.push(ctx.h("div", { class: "pen unbuilt", "data-pen": i + 1 }, [ctx.h("div", { class: "head" }, [ctx.h("span", {}, ctx.t("pen", { n: i + 1 })), ctx.h("span", {}, ctx.t("pen_unbuilt", { n: extra }))])]));
      continue;
    }
    const put = selected ? puts.get(`${selected} ${i + 1}`) : null;
    const rows = dogsOf(k.pens[i]).map((row) => ctx.h("div", { class: "row" }, row.map((breed) => {
      const lift = lifts.get(`${breed} ${i + 1}`);
      return lift
        ? dogChip(ctx, breed, { tag: "button", attrs: { class: "legal", "data-action": lift.notation, title: ctx.pick(lift.text), disabled: ctx.busy, onclick: (e) => { e.stopPropagation(); ctx.act(lift); } } })
        : dogChip(ctx, breed);
    })));
    const head = [ctx.t("pen", { n: i + 1 }), [ctx.t("pen_points", { n: k.pen_points[i] }), extra ? ` · ${ctx.t("pen_extra", { n: extra })}` : "", k.full_pen_bonus[i] ? " ★" : ""].join("")];
    pens.push(ctx.h("div", {
      class: `pen${put ? " target legal" : ""}`,
      "data-pen": i + 1,
      "data-action": put ? put.notation : undefined,
      title: k.full_pen_bonus[i] ? ctx.t("full_bonus") : undefined,
      onclick: put ? () => ctx.act(put) : undefined,
    }, [
      ctx.h("div", { class: "head" }, head.map((x) => ctx.h("span", {}, x))),
      // the pen takes a click anywhere; this button is the same choice for the keyboard
      put ? ctx.h("button", { type: "button", class: "small", "data-put": i + 1, disabled: ctx.busy, onclick: (e) => { e.stopPropagation(); ctx.act(put); } }, ctx.pick(put.text)) : null,
      ...rows,
    ]));
  }
  const cards = k.cards.length
    ? k.cards.map((name) => {
      const entry = mine ? cardEntries.get(name) : null;
      return entry
        ? ctx.h("button", { type: "button", class: "dog-card legal", "data-action": entry.notation, title: ctx.pick(entry.text), disabled: ctx.busy, onclick: entry.onclick || (() => ctx.act(entry)) }, cardName(ctx, name))
        : ctx.h("span", { class: "dog-card" }, cardName(ctx, name));
    })
    : [ctx.h("span", { class: "muted" }, ctx.t("no_cards"))];
  const truck = k.trip === "home" || (k.trip === "stayed" && !k.truck.length) || view.phase !== "move"
    ? null
    : ctx.h("div", { class: "line" }, [
      ctx.h("strong", {}, ctx.t("truck")),
      ctx.t(`trip.${k.trip}`, { space: k.position }),
      ...k.truck.map((token) => (token ? dogChip(ctx, token.breed, { sick: token.kind === "sick" }) : null)),
    ]);
  return ctx.h("div", { class: "kennel", "data-kennel": seat }, [
    ctx.h("h3", {}, [
      ctx.h("span", { class: "dot", style: `background:${ctx.seatColour(seat)}` }),
      mine ? ctx.t("your_kennel") : ctx.t("kennel", { name: ctx.seatName(seat) }),
      ctx.h("span", { class: "pts" }, ctx.t("points", { n: k.points_now })),
    ]),
    ctx.h("div", { class: "res" }, [
      [ctx.t("office"), `${ctx.t("coins")} ${k.coins} · ${helper}`, "office"],
      [ctx.t("storage"), `${ctx.t("food")} ${k.food}`, "storage"],
      [ctx.t("garage"), `${ctx.t("gas")} ${k.gas}/9`, "garage"],
    ].map(([area, what, id]) => ctx.h("span", { "data-area": id }, [ctx.h("strong", {}, area), ` ${what}`]))),
    ctx.h("div", { class: "pens" }, pens),
    ctx.h("div", { class: "line", "data-area": "infirmary" }, [
      ctx.h("strong", {}, ctx.t("infirmary", { n: k.infirmary.length })),
      `${ctx.t("medicine")} ${k.medicine}`,
      ...k.infirmary.map((breed) => dogChip(ctx, breed, { sick: true })),
    ]),
    ctx.h("div", { class: "line" }, [ctx.h("strong", {}, ctx.t("cards")), ...cards]),
    truck,
  ]);
}

// -- the pending decision -------------------------------------------------------------------

function decisionText(ctx, view) {
  const d = view.decision;
  if (!d) return null;
  const seat = d.kind === "offer" ? d.asking : d.seat;
  const what = d.kind === "box"
    ? ctx.t("d.box", { box: ctx.t(`box.${d.box}`) })
    : ctx.t(`d.${d.kind}`, { donor: ctx.seatName(d.seat) });
  return ctx.t("deciding", { name: ctx.seatName(seat), what });
}

function dialog(ctx, view, groups) {
  const { legal, local } = ctx;
  const d = view.decision;
  const parts = [ctx.h("h2", {}, decisionText(ctx, view))];
  if (d.kind === "move") parts.push(ctx.h("p", { class: "muted" }, local.swap ? ctx.t("swap_pick") : ctx.t("tap_space")));
  if (d.kind === "place") parts.push(ctx.h("p", { class: "muted" }, ctx.t("tap_card")));
  if (d.kind === "arrange" && (groups.puts.size || groups.lifts.size)) {
    parts.push(ctx.h("p", { class: "muted" }, ctx.t("tap_pen")));
  }
  if (d.kind === "arrange" && d.pool.length) {
    const seen = new Set();
    parts.push(ctx.h("div", { class: "line" }, [ctx.h("strong", {}, ctx.t("pool")), ...d.pool.map((breed) => {
      const first = !seen.has(breed);
      seen.add(breed);
      const placeable = [...groups.puts.keys()].some((key) => key.startsWith(`${breed} `));
      return placeable && first
        ? dogChip(ctx, breed, { tag: "button", attrs: { class: breed === local.pick ? "selected" : "", "data-pick": breed, onclick: () => { local.pick = breed; ctx.redraw(); } } })
        : dogChip(ctx, breed);
    })]));
    if (d.lifts > 0 && groups.lifts.size) parts.push(ctx.h("p", { class: "muted" }, ctx.t("lifts", { n: d.lifts })));
  }
  if (d.kind === "offer" && d.dog) {
    parts.push(ctx.h("div", { class: "line" }, [ctx.h("strong", {}, ctx.t("offered")), dogChip(ctx, d.dog.breed, { sick: d.dog.kind === "sick" })]));
  }
  if (local.swap) {
    parts.push(ctx.h("div", { class: "buttons" }, ctx.h("button", { type: "button", "data-action": "swap-cancel", onclick: () => { local.swap = false; local.swapA = null; ctx.redraw(); } }, ctx.t("swap_cancel"))));
  }
  parts.push(ctx.h("div", { class: "buttons" }, groups.rest.map((entry) => entryButton(ctx, entry, { class: ["done", "feed", "accept", "home"].includes(entry.notation) ? "primary" : "" }))));
  if (!legal.length) return null;
  return ctx.h("div", { class: "decision dogs-dialog", "data-testid": "decision", "data-kind": d.kind }, parts);
}

// -- the renderer ---------------------------------------------------------------------------

export function render(ctx) {
  const { view, legal, local } = ctx;
  const moves = new Map();
  const places = new Map();
  const puts = new Map();
  const lifts = new Map();
  const swaps = [];
  const cardEntries = new Map();
  const rest = [];
  for (const entry of legal) {
    const [head, ...args] = words(entry);
    if (head === "move") moves.set(args[0], entry);
    else if (head === "place") places.set(args.join(" "), entry);
    else if (head === "put") puts.set(args.join(" "), entry);
    else if (head === "lift") lifts.set(args.join(" "), entry);
    else if (head === "use" && args[0] === "swap") swaps.push(entry);
    else {
      if (head === "use" && args.length === 1) cardEntries.set(args[0], entry);
      rest.push(entry);
    }
  }
  if (view.decision?.kind !== "arrange" || !view.decision.pool.includes(local.pick)) local.pick = null;
  if (!local.pick && view.decision?.kind === "arrange") {
    local.pick = view.decision.pool.find((breed) => [...puts.keys()].some((key) => key.startsWith(`${breed} `))) ?? null;
  }
  if (!swaps.length) {
    local.swap = false;
    local.swapA = null;
  }
  if (swaps.length) {
    cardEntries.set("swap", { notation: "use swap", text: ctx.t("card.swap"), onclick: () => { local.swap = true; local.swapA = null; ctx.redraw(); } });
  }
  // Swap mode: the first tap picks a dog, the second the dog it swaps with.
  const swapTargets = new Map();
  if (local.swap) {
    for (const entry of swaps) {
      const [, , a, b] = words(entry);
      if (!local.swapA) {
        swapTargets.set(a, () => { local.swapA = a; ctx.redraw(); });
        swapTargets.set(b, () => { local.swapA = b; ctx.redraw(); });
      } else if (a === local.swapA || b === local.swapA) {
        const other = a === local.swapA ? b : a;
        swapTargets.set(other, () => { local.swap = false; local.swapA = null; ctx.act(entry); });
      }
    }
  }

  const info = [
    ctx.h("strong", {}, ctx.t("round", { round: view.round })),
    ctx.h("span", {}, ctx.t(`phase.${view.phase}`)),
    ctx.h("span", {}, ctx.t("first", { name: ctx.seatName(view.first_player) })),
    view.last_round ? ctx.h("span", { class: "last" }, ctx.t("last_round")) : view.next_round_last ? ctx.h("span", { class: "last" }, ctx.t("next_last")) : null,
    ctx.h("span", { class: "muted" }, ctx.t("supply", view.supply)),
  ];
  ctx.el.board.append(ctx.h("div", { class: "dogs-info" }, info));
  const deciding = decisionText(ctx, view);
  if (deciding && !legal.length) ctx.el.board.append(ctx.h("div", { class: "dogs-decision" }, deciding));
  ctx.el.board.append(mapSvg(ctx, view, { moves, swapTargets, picked: local.swapA }), mapSummary(ctx, view));
  ctx.el.board.append(ctx.h("div", { class: "dogs-table" }, [fairPanel(ctx, view), boxesPanel(ctx, view, places)]));
  if (view.designed?.length) ctx.el.board.append(ctx.h("p", { class: "muted" }, ctx.t("designed")));

  const seated = ctx.seat !== null && ctx.seat !== undefined;
  if (seated) {
    if (view.decision && legal.length) ctx.el.mine.append(dialog(ctx, view, { puts, lifts, rest }));
    ctx.el.mine.append(kennelPanel(ctx, view, ctx.seat, { puts, lifts, cardEntries, selected: local.pick }));
  }
  view.kennels.forEach((_, seat) => {
    if (seat !== ctx.seat) ctx.el.others.append(kennelPanel(ctx, view, seat));
  });
}

export function scores(view) {
  return view.kennels.map((k) => k.points_now);
}
