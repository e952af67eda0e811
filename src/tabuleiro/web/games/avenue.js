// Avenue: the map sheet in SVG (farms, castles, grapes by colour, drawn roads), the revealed
// road card, the farms column with its scores. Click a highlighted square to draw the
// card's segment there, or peek at the next farm card. Simultaneous choices show as "done"
// without revealing them.

export const strings = {
  pt: {
    round: "Rodada {round}/5",
    farm: "Fazenda desta rodada: {farm}",
    yellow: "Cartas amarelas nesta rodada: {n}/4",
    decks: "Baralho de estradas: {deck} · descarte: {discard} · fazendas no baralho: {farms}",
    card: "Carta revelada",
    card_yellow: "amarela (de pontuação)",
    card_grey: "cinza",
    peek: "Olhar a próxima fazenda",
    peeked_farm: "Você olhou: a próxima fazenda é {farm}.",
    pending: "Sua escolha (secreta até todos escolherem): {choice}",
    pending_peek: "olhar a próxima fazenda",
    click: "Toque numa casa destacada para desenhar o trecho.",
    designed: "Mapa {map} criado pelo Tabuleiro (a folha impressa não é pública)",
    map: "Mapa {map}",
    farms_column: "Fazendas",
    castle_purple: "Castelo roxo",
    castle_green: "Castelo verde",
    zeros: "Zeros (−5 cada)",
    total: "Total",
    sheet_of: "Folha de {name}",
    done: "✓ pronto",
    choosing: "escolhendo…",
    peeked: "olhou a fazenda",
    over: "Fim de jogo",
    "cat.farm": "Fazenda {n} ({farm})",
    "cat.castle_purple": "Uvas roxas ligadas ao castelo roxo",
    "cat.castle_green": "Uvas verdes ligadas ao castelo verde",
    "cat.subtotal": "Subtotal",
    "cat.zeros": "−5 por fazenda com 0",
    "side.N": "norte", "side.S": "sul", "side.E": "leste", "side.W": "oeste",
    road: "estrada {a}–{b}",
    road_here: "desenhar a estrada {a}–{b} aqui",
    sq_empty: "vazia",
    sq_farm: "fazenda {farm}",
    sq_farm_now: "fazenda {farm}, a desta rodada",
    sq_castle_purple: "castelo roxo",
    sq_castle_green: "castelo verde",
    grapes_purple: "{n} uva roxa",
    grapes_purple_n: "{n} uvas roxas",
    grapes_green: "{n} uva verde",
    grapes_green_n: "{n} uvas verdes",
    card_said: "Carta revelada: {colour}, {road}.",
    card_none: "Nenhuma carta revelada.",
    summary: "Folha de {name} em palavras",
    farm_row: "Fazenda {n}",
    farm_row_value: "{farm}: {score:# ponto|# pontos}",
    not_scored: "ainda não pontuada",
  },
  en: {
    round: "Round {round}/5",
    farm: "Farm scored this round: {farm}",
    yellow: "Yellow cards this round: {n}/4",
    decks: "Road deck: {deck} · discard: {discard} · farms in the deck: {farms}",
    card: "Revealed card",
    card_yellow: "yellow (scoring)",
    card_grey: "grey",
    peek: "Peek at the next farm",
    peeked_farm: "You peeked: the next farm is {farm}.",
    pending: "Your choice (secret until everyone has chosen): {choice}",
    pending_peek: "peek at the next farm",
    click: "Tap a highlighted square to draw the segment.",
    designed: "Map {map} designed by Tabuleiro (the printed sheet is not public)",
    map: "Map {map}",
    farms_column: "Farms",
    castle_purple: "Purple castle",
    castle_green: "Green castle",
    zeros: "Zeros (−5 each)",
    total: "Total",
    sheet_of: "{name}'s sheet",
    done: "✓ done",
    choosing: "choosing…",
    peeked: "peeked at the farm",
    over: "Game over",
    "cat.farm": "Farm {n} ({farm})",
    "cat.castle_purple": "Purple grapes joined to the purple castle",
    "cat.castle_green": "Green grapes joined to the green castle",
    "cat.subtotal": "Subtotal",
    "cat.zeros": "−5 per farm scored 0",
    "side.N": "north", "side.S": "south", "side.E": "east", "side.W": "west",
    road: "{a}–{b} road",
    road_here: "draw the {a}–{b} road here",
    sq_empty: "empty",
    sq_farm: "farm {farm}",
    sq_farm_now: "farm {farm}, this round's",
    sq_castle_purple: "purple castle",
    sq_castle_green: "green castle",
    grapes_purple: "{n} purple grape",
    grapes_purple_n: "{n} purple grapes",
    grapes_green: "{n} green grape",
    grapes_green_n: "{n} green grapes",
    card_said: "Revealed card: {colour}, {road}.",
    card_none: "No card revealed.",
    summary: "{name}'s sheet in words",
    farm_row: "Farm {n}",
    farm_row_value: "{farm}: {score:# point|# points}",
    not_scored: "not scored yet",
  },
};

export const css = `
.avenue-sheet .legal .ghost { opacity: 0; pointer-events: none; }
.avenue-sheet .legal:hover .ghost, .avenue-sheet .legal:focus .ghost { opacity: 0.55; }
.avenue-info > div { margin-right: 6px; }
.others .other { margin-bottom: 8px; }
.others .other .zoom-open { margin-left: 4px; }
@media (max-width: 860px) {
  .avenue-decision .panel-row { flex-wrap: nowrap; gap: 10px; }
  .avenue-decision .road-card { width: 52px; }
  .avenue-decision h2 { display: none; }
  .avenue-decision .panel-row p { margin: 0 0 2px; font-size: 0.9rem; }
}
`;

const S = 60;
const COLS = "abcdef";
const GRID_X = 26;
const GRID_Y = 26;
const COLUMN_X = GRID_X + 6 * S + 14;
const PURPLE = "#7b3fa0";
const GREEN = "#3f8f3f";
const FARM = "#c8823c";
const ROAD = "#2b2b2b";
// Legal squares: a dashed outline 6.3:1 against the sheet's paper (WCAG 1.4.11) and a corner
// marker, so the highlight does not rest on colour alone.
const LEGAL_INK = "#8a5200";
const LEGAL_TINT = "rgba(245, 197, 24, 0.28)";

/** A road segment in words ("north–east road"), from the sides it joins. */
function roadWords(ctx, view, segment) {
  const [a, b] = view.map.segments[segment].map((side) => ctx.t(`side.${side}`));
  return { a, b };
}

/** What is printed on a square, in words: a farm, a castle, grapes or nothing. */
function tokenWords(ctx, token, currentFarm) {
  if (/^[A-F]$/.test(token)) return ctx.t(token === currentFarm ? "sq_farm_now" : "sq_farm", { farm: token });
  if (token === "CP") return ctx.t("sq_castle_purple");
  if (token === "CG") return ctx.t("sq_castle_green");
  if (token === ".") return ctx.t("sq_empty");
  const words = [];
  for (const [letter, key] of [["P", "grapes_purple"], ["G", "grapes_green"]]) {
    const n = [...token].filter((c) => c === letter).length;
    if (n) words.push(ctx.t(n === 1 ? key : `${key}_n`, { n }));
  }
  return words.join(", ");
}

/** A square's content in words: what is printed on it and the road drawn there, if any. */
function squareWords(ctx, view, sheet, i) {
  const currentFarm = view.finished ? null : view.farms[view.farms.length - 1];
  const parts = [tokenWords(ctx, view.map.squares[i], currentFarm)];
  const road = sheet.roads[i];
  if (road) parts.push(ctx.t("road", roadWords(ctx, view, road)));
  return parts.join(", ");
}

function squareName(i) {
  return `${COLS[i % 6]}${Math.floor(i / 6) + 1}`;
}

function sideMid(side, x, y) {
  return { N: [x + S / 2, y], S: [x + S / 2, y + S], W: [x, y + S / 2], E: [x + S, y + S / 2] }[side];
}

function roadPath(sides, x, y) {
  const [a, b] = sides.map((side) => sideMid(side, x, y));
  return `M${a[0]},${a[1]} Q${x + S / 2},${y + S / 2} ${b[0]},${b[1]}`;
}

function grapes(ctx, token, x, y) {
  const spots = {
    1: [[0, 0]],
    2: [[-9, 0], [9, 0]],
    3: [[-9, -7], [9, -7], [0, 8]],
    4: [[-9, -9], [9, -9], [-9, 9], [9, 9]],
  }[token.length] || [];
  return spots.map(([dx, dy], i) => ctx.svg("circle", {
    cx: x + S / 2 + dx,
    cy: y + S / 2 + dy,
    r: 7.5,
    fill: token[i] === "P" ? PURPLE : GREEN,
    stroke: "#fff",
    "stroke-width": 1.5,
  }));
}

function squareArt(ctx, token, x, y, highlight) {
  const parts = [];
  if (/^[A-F]$/.test(token)) {
    parts.push(ctx.svg("path", {
      d: `M${x + 12},${y + 28} L${x + 30},${y + 12} L${x + 48},${y + 28} L${x + 48},${y + 50} L${x + 12},${y + 50} Z`,
      fill: FARM,
      stroke: highlight ? "#f5c518" : "#7a4a1c",
      "stroke-width": highlight ? 4 : 1.5,
    }));
    parts.push(ctx.svg("text", { x: x + 30, y: y + 45, "text-anchor": "middle", "font-size": 17, "font-weight": 700, fill: "#fff" }, token));
  } else if (token === "CP" || token === "CG") {
    const colour = token === "CP" ? PURPLE : GREEN;
    parts.push(ctx.svg("path", {
      d: `M${x + 14},${y + 50} L${x + 14},${y + 16} L${x + 21},${y + 16} L${x + 21},${y + 22} L${x + 27},${y + 22} L${x + 27},${y + 16} L${x + 33},${y + 16} L${x + 33},${y + 22} L${x + 39},${y + 22} L${x + 39},${y + 16} L${x + 46},${y + 16} L${x + 46},${y + 50} Z`,
      fill: colour,
      stroke: "#222",
      "stroke-width": 1,
    }));
    parts.push(ctx.svg("rect", { x: x + 26, y: y + 36, width: 8, height: 14, fill: "#222" }));
  } else if (token !== ".") {
    parts.push(...grapes(ctx, token, x, y));
  }
  return parts;
}

/** The map sheet of one seat: squares, roads, farms column; clickable squares when `legal`. */
function sheetSvg(ctx, view, seat, { legal = new Map(), pending = null, small = false } = {}) {
  const sheet = view.sheets[seat];
  const map = view.map;
  const segments = map.segments;
  const currentFarm = view.finished ? null : view.farms[view.farms.length - 1];
  const width = COLUMN_X + 150;
  const height = GRID_Y + 7 * S + 8;
  const root = ctx.svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    width: small ? 260 : width,
    class: small ? "avenue-sheet small" : "avenue-sheet",
    // a sheet with squares to choose is a group of buttons (one Tab stop, arrows inside)
    role: legal.size ? "group" : "img",
    "aria-label": ctx.t("sheet_of", { name: ctx.seatName(seat) }),
    "data-sheet": seat,
    "data-roving": legal.size ? "avenue-sheet" : undefined,
  });
  root.append(ctx.svg("rect", { x: GRID_X, y: GRID_Y, width: 6 * S, height: 7 * S, fill: "#fffdf6", stroke: "#8a8170" }));
  for (let c = 0; c < 6; c++) {
    root.append(ctx.svg("text", { x: GRID_X + c * S + S / 2, y: GRID_Y - 8, "text-anchor": "middle", "font-size": 13, fill: "#555b67" }, COLS[c]));
  }
  for (let r = 0; r < 7; r++) {
    root.append(ctx.svg("text", { x: GRID_X - 9, y: GRID_Y + r * S + S / 2 + 5, "text-anchor": "middle", "font-size": 13, fill: "#555b67" }, r + 1));
  }
  map.squares.forEach((token, i) => {
    const x = GRID_X + (i % 6) * S;
    const y = GRID_Y + Math.floor(i / 6) * S;
    root.append(ctx.svg("rect", { x, y, width: S, height: S, fill: "none", stroke: "#d8d0bf", "stroke-width": 1 }));
    root.append(...squareArt(ctx, token, x, y, token === currentFarm));
  });
  sheet.roads.forEach((segment, i) => {
    if (!segment) return;
    const x = GRID_X + (i % 6) * S;
    const y = GRID_Y + Math.floor(i / 6) * S;
    root.append(ctx.svg("path", { d: roadPath(segments[segment], x, y), stroke: ROAD, "stroke-width": 7, fill: "none", "stroke-linecap": "round", "data-road": squareName(i) }));
  });
  const card = view.card;
  if (pending && pending !== "peek" && card) {
    const i = COLS.indexOf(pending[0]) + (Number(pending[1]) - 1) * 6;
    const x = GRID_X + (i % 6) * S;
    const y = GRID_Y + Math.floor(i / 6) * S;
    root.append(ctx.svg("path", { d: roadPath(segments[card.segment], x, y), stroke: "#335c67", "stroke-width": 7, "stroke-dasharray": "10 6", fill: "none", "stroke-linecap": "round", "data-pending": pending }));
  }
  for (const [name, entry] of legal) {
    const i = COLS.indexOf(name[0]) + (Number(name[1]) - 1) * 6;
    const x = GRID_X + (i % 6) * S;
    const y = GRID_Y + Math.floor(i / 6) * S;
    const group = ctx.svg("g", { class: "legal", "data-square": name }, [
      ctx.svg("rect", { x: x + 3, y: y + 3, width: S - 6, height: S - 6, rx: 6, fill: LEGAL_TINT, stroke: LEGAL_INK, "stroke-width": 2.5, "stroke-dasharray": "6 4" }),
      ctx.svg("path", { d: `M${x + 5},${y + 17} V${y + 5} H${x + 17} Z`, fill: LEGAL_INK }),
      ctx.svg("path", { class: "ghost", d: roadPath(segments[card.segment], x, y), stroke: "#335c67", "stroke-width": 7, fill: "none", "stroke-linecap": "round" }),
      ctx.svg("rect", { class: "focus-ring", x: x + 1, y: y + 1, width: S - 2, height: S - 2, rx: 7 }),
    ]);
    // the name says what the square holds, then what choosing it does
    const label = `${name}: ${squareWords(ctx, view, sheet, i)}; ${ctx.t("road_here", roadWords(ctx, view, card.segment))}`;
    root.append(ctx.a11y.svgButton(group, { label, item: name, action: () => ctx.act(entry) }));
  }
  root.append(...farmsColumn(ctx, view, sheet));
  return root;
}

function farmsColumn(ctx, view, sheet) {
  const out = [];
  const x = COLUMN_X;
  const rowH = 40;
  out.push(ctx.svg("text", { x: x + 60, y: GRID_Y + 14, "text-anchor": "middle", "font-size": 13, "font-weight": 700 }, ctx.t("farms_column")));
  for (let i = 0; i < 5; i++) {
    const y = GRID_Y + 24 + i * rowH;
    const farm = view.farms[i];
    const row = sheet.rows[i];
    const current = !view.finished && i === view.farms.length - 1 && !row;
    out.push(ctx.svg("rect", { x, y, width: 36, height: rowH - 6, rx: 5, fill: current ? "#f5c518" : "#f4e6c8", stroke: "#b49b6c" }));
    out.push(ctx.svg("text", { x: x + 18, y: y + 23, "text-anchor": "middle", "font-size": 16, "font-weight": 700 }, farm ?? ""));
    out.push(ctx.svg("rect", { x: x + 42, y, width: 78, height: rowH - 6, rx: 5, fill: "#fff", stroke: "#b49b6c" }));
    if (row) {
      out.push(ctx.svg("text", { x: x + 81, y: y + 23, "text-anchor": "middle", "font-size": 16, "font-weight": 700, fill: row.score === 0 ? "#b91c1c" : "#222", "data-row": i }, String(row.score)));
    }
  }
  const lines = sheet.lines;
  const rows = [
    [ctx.t("castle_purple"), lines.castle_purple, PURPLE],
    [ctx.t("castle_green"), lines.castle_green, GREEN],
    [ctx.t("zeros"), lines.zeros, "#b91c1c"],
    [ctx.t("total"), sheet.score, "#222"],
  ];
  rows.forEach(([label, value, colour], k) => {
    const y = GRID_Y + 24 + 5 * rowH + 12 + k * 34;
    out.push(ctx.svg("text", { x, y: y + 12, "font-size": 11, fill: colour }, label));
    out.push(ctx.svg("text", { x: x + 120, y: y + 26, "text-anchor": "end", "font-size": 17, "font-weight": 700, fill: colour, "data-line": k }, String(value)));
  });
  return out;
}

/** The revealed road card in words: its colour and the road it draws. */
function cardWords(ctx, view) {
  const card = view.card;
  if (!card) return ctx.t("card_none");
  return ctx.t("card_said", { colour: card.yellow ? ctx.t("card_yellow") : ctx.t("card_grey"), road: ctx.t("road", roadWords(ctx, view, card.segment)) });
}

/** Every square of one sheet and its farms column in words, for screen readers. */
function sheetSummary(ctx, view, seat) {
  const sheet = view.sheets[seat];
  const rows = view.map.squares.map((_, i) => [squareName(i), squareWords(ctx, view, sheet, i)]);
  for (let i = 0; i < 5; i++) {
    const row = sheet.rows[i];
    rows.push([ctx.t("farm_row", { n: i + 1 }), row ? ctx.t("farm_row_value", { farm: row.farm, score: row.score }) : ctx.t("not_scored")]);
  }
  rows.push([ctx.t("castle_purple"), String(sheet.lines.castle_purple)]);
  rows.push([ctx.t("castle_green"), String(sheet.lines.castle_green)]);
  rows.push([ctx.t("zeros"), String(sheet.lines.zeros)]);
  rows.push([ctx.t("total"), String(sheet.score)]);
  return ctx.a11y.srTable(ctx.t("summary", { name: ctx.seatName(seat) }), rows, { "data-summary": seat });
}

function cardSvg(ctx, view) {
  const card = view.card;
  const root = ctx.svg("svg", { viewBox: "0 0 90 120", width: 90, class: "road-card", "data-card": card ? card.segment : "none", role: "img", "aria-label": cardWords(ctx, view) });
  if (!card) return root;
  root.append(ctx.svg("rect", { x: 2, y: 2, width: 86, height: 116, rx: 10, fill: card.yellow ? "#f5c518" : "#b5b5b5", stroke: "#555" }));
  root.append(ctx.svg("rect", { x: 15, y: 30, width: S, height: S, fill: "#fffdf6", stroke: "#777" }));
  root.append(ctx.svg("path", { d: roadPath(view.map.segments[card.segment], 15, 30), stroke: ROAD, "stroke-width": 7, fill: "none", "stroke-linecap": "round" }));
  root.append(ctx.svg("text", { x: 12, y: 22, "font-size": 16, "font-weight": 700 }, String(card.segment)));
  return root;
}

export function render(ctx) {
  const { view, legal } = ctx;
  const seat = ctx.seat;
  const drawActions = new Map(legal.filter((e) => e.action.type === "draw").map((e) => [e.action.square, e]));
  const peek = legal.find((e) => e.action.type === "peek");
  const shownSeat = seat ?? Math.min(ctx.local.sheet ?? 0, view.players - 1);
  const pending = view.private?.pending ?? null;

  const info = [
    ctx.h("strong", {}, view.finished ? ctx.t("over") : ctx.t("round", { round: view.round })),
    view.farms.length && !view.finished ? ctx.h("span", {}, ctx.t("farm", { farm: view.farms[view.farms.length - 1] })) : null,
    view.finished ? null : ctx.h("span", {}, ctx.t("yellow", { n: view.yellow })),
    ctx.h("span", { class: "muted" }, view.map.designed ? ctx.t("designed", { map: view.map.id }) : ctx.t("map", { map: view.map.id })),
  ];
  const tabs = seat === null && view.players > 1
    ? ctx.h("div", { class: "panel-row" }, view.sheets.map((_, s) => ctx.h("button", {
      type: "button",
      class: s === shownSeat ? "small primary" : "small",
      "aria-pressed": String(s === shownSeat),
      "data-sheet-tab": s,
      onclick: () => { ctx.local.sheet = s; ctx.redraw(); },
    }, ctx.seatName(s))))
    : null;
  ctx.el.board.append(...[
    ctx.h("div", { class: "panel-row avenue-info" }, info.filter(Boolean).map((x) => ctx.h("div", {}, x))),
    tabs,
    sheetSvg(ctx, view, shownSeat, { legal: drawActions, pending: seat === null ? null : pending }),
    sheetSummary(ctx, view, shownSeat),
  ].filter(Boolean));
  if (!view.finished) ctx.announce(cardWords(ctx, view));

  const mine = view.finished ? [] : [
    ctx.h("div", { class: "panel-row" }, [
      cardSvg(ctx, view),
      ctx.h("div", {}, [
        ctx.h("h2", {}, ctx.t("card")),
        view.card ? ctx.h("p", {}, `${view.card.segment} · ${view.card.yellow ? ctx.t("card_yellow") : ctx.t("card_grey")}`) : null,
        ctx.h("p", { class: "muted" }, ctx.t("decks", { deck: view.road_deck, discard: view.road_discard, farms: view.farm_deck })),
      ]),
    ]),
  ];
  if (drawActions.size) mine.push(ctx.h("p", {}, ctx.t("click")));
  if (peek) {
    mine.push(ctx.h("button", { type: "button", class: "primary", "data-action": "peek", disabled: ctx.busy, onclick: () => ctx.act(peek) }, ctx.t("peek")));
  }
  if (pending) {
    mine.push(ctx.h("p", { class: "pending" }, ctx.t("pending", { choice: pending === "peek" ? ctx.t("pending_peek") : pending })));
  }
  if (view.private?.peeked_farm) {
    mine.push(ctx.h("p", { class: "peeked", "data-testid": "peeked" }, ctx.t("peeked_farm", { farm: view.private.peeked_farm })));
  }
  // the prompt, the card to draw and its buttons: the decision panel the shell keeps in view
  if (mine.length) ctx.el.mine.append(ctx.h("div", { class: "decision avenue-decision", "data-testid": "decision" }, mine));

  const others = view.sheets.map((sheet, s) => s).filter((s) => s !== shownSeat);
  for (const s of others) {
    const sheet = view.sheets[s];
    const state = view.finished ? "" : sheet.committed ? ctx.t("done") : ctx.t("choosing");
    ctx.el.others.append(ctx.h("div", { class: "other", "data-other": s }, [
      ctx.h("p", {}, [
        ctx.h("span", { class: "dot", style: `background:${ctx.seatColour(s)}` }),
        ` ${ctx.seatName(s)} · ${sheet.score} · ${state}${sheet.peeked ? ` · ${ctx.t("peeked")}` : ""} `,
        // the table offers it; a rules page or the lobby's picture draws without it
        ctx.zoom?.(`avenue-sheet-${s}`, ctx.t("sheet_of", { name: ctx.seatName(s) }), () => sheetSvg(ctx, view, s, {})),
      ]),
      sheetSvg(ctx, view, s, { small: true }),
    ]));
  }
}

export function scores(view) {
  return view.sheets.map((sheet) => sheet.score);
}

export function scoreSheet(ctx, outcome) {
  const rows = [];
  const details = outcome.details;
  for (let i = 0; i < 5; i++) {
    rows.push({
      label: ctx.t("cat.farm", { n: i + 1, farm: details[0]?.rows[i]?.farm ?? "" }),
      values: outcome.breakdown.map((b) => b[`farm_${i + 1}`]),
    });
  }
  rows.push({ label: ctx.t("cat.castle_purple"), values: outcome.breakdown.map((b) => b.castle_purple) });
  rows.push({ label: ctx.t("cat.castle_green"), values: outcome.breakdown.map((b) => b.castle_green) });
  rows.push({ label: ctx.t("cat.subtotal"), values: details.map((d) => d.subtotal), class: "sub" });
  rows.push({ label: ctx.t("cat.zeros"), values: outcome.breakdown.map((b) => b.zeros) });
  return rows;
}
