// Metro: the 8×8 board with the stations in their owners' colours, the placed tiles with
// their tracks (each line drawn in its owner's colour, completed lines thicker with their
// points), the hand and the draw, the squares where the chosen tile may go, and the
// expansions' components when enabled (shares, central wagons, central tracks, station
// numbers — these in their owner's view only).

export const strings = {
  pt: {
    board: "Tabuleiro do Metrô",
    pile: "Estoque: {n:# peça|# peças}",
    placed: "Peças colocadas: {n}",
    hand: "Sua mão",
    drawn: "Peça comprada (coloque-a agora)",
    choose_tile: "Escolha uma peça e toque numa casa destacada.",
    rotate: "Girar ⟳",
    rotation: "Rotação: {n}×90°",
    other_moves: "Outras jogadas",
    "do.draw": "Comprar peça",
    "do.pass": "Passar",
    "do.swap": "Trocar a ação de {percent}% pela {take}",
    "do.take.up": "aberta",
    "do.take.top": "do topo",
    "do.central": "Vagão central em {face}",
    "do.central_share": "Vagão central em {face} ({percent}%)",
    lines: "Linhas completas",
    line: "{start} → {end}: {points:# pt|# pts}",
    doubled: " (dobro: estação central)",
    no_lines: "Nenhuma linha completa ainda.",
    centre: "Estação central",
    companies: "Companhias (lucro)",
    face_up: "Ações abertas: {list}",
    piles: "Ações no monte: {list}",
    shown: "Ações mostradas por {name}: {list}",
    my_shares: "Suas ações (secretas): {list}",
    wagons: "Vagões centrais ainda livres: {list}",
    numbers: "Seus números de estação (secretos): {list}",
    numbers_held: "Números de estação por jogador: {list}",
    hands: "Peças na mão: {list}",
    designed_central: "Faces das peças centrais criadas pelo Tabuleiro",
    none: "nenhum",
    "cat.lines": "Linhas",
    "cat.station_numbers": "Números de estação",
    "cat.shares": "Ações",
    "cat.majorities": "Maiorias",
    "sheet.share": "Ação de {p}%",
    "sheet.majorities": "Maioria em",
    "sheet.numbers": "Números de estação",
    held: "Ações de {name} (reveladas no fim): {list}",
    revealed: "Números de estação de {name} (revelados no fim): {list}",
    "colour.yellow": "amarelo", "colour.blue": "azul", "colour.orange": "laranja", "colour.green": "verde",
    "colour.purple": "roxo", "colour.black": "preto", "colour.red": "vermelho", "colour.white": "branco",
    sq_empty: "vazia",
    sq_station: "estação",
    sq_centre: "estação central",
    sq_tile: "peça {tile}",
    sq_line: "linha {colour} da estação {start}",
    sq_beside: "ao lado da estação {name} ({owner})",
    free: "livre",
    place_here: "colocar a peça {tile} aqui, girada {deg}°",
    tile_label: "Peça {tile}: {tracks}",
    tracks: "trilhos {list}",
    "exit.0": "norte 1", "exit.1": "norte 2", "exit.2": "leste 1", "exit.3": "leste 2",
    "exit.4": "sul 1", "exit.5": "sul 2", "exit.6": "oeste 1", "exit.7": "oeste 2",
    drew: "Você comprou a peça {tile}: coloque-a agora.",
    summary: "O tabuleiro do Metrô em palavras",
    stations: "Estações",
  },
  en: {
    board: "Metro board",
    pile: "Pile: {n:# tile|# tiles}",
    placed: "Tiles placed: {n}",
    hand: "Your hand",
    drawn: "Drawn tile (place it now)",
    choose_tile: "Pick a tile, then tap a highlighted square.",
    rotate: "Turn ⟳",
    rotation: "Rotation: {n}×90°",
    other_moves: "Other moves",
    "do.draw": "Draw a tile",
    "do.pass": "Pass",
    "do.swap": "Swap the {percent}% share for the {take} one",
    "do.take.up": "face-up",
    "do.take.top": "top",
    "do.central": "Central wagon on {face}",
    "do.central_share": "Central wagon on {face} ({percent}%)",
    lines: "Completed lines",
    line: "{start} → {end}: {points:# pt|# pts}",
    doubled: " (doubled: central station)",
    no_lines: "No completed line yet.",
    centre: "Central station",
    companies: "Companies (profit)",
    face_up: "Face-up shares: {list}",
    piles: "Shares in the piles: {list}",
    shown: "Shares shown by {name}: {list}",
    my_shares: "Your shares (secret): {list}",
    wagons: "Central wagons still free: {list}",
    numbers: "Your station numbers (secret): {list}",
    numbers_held: "Station numbers per player: {list}",
    hands: "Tiles in hand: {list}",
    designed_central: "Faces of the central tiles designed by Tabuleiro",
    none: "none",
    "cat.lines": "Lines",
    "cat.station_numbers": "Station numbers",
    "cat.shares": "Shares",
    "cat.majorities": "Majorities",
    "sheet.share": "{p}% share",
    "sheet.majorities": "Majority in",
    "sheet.numbers": "Station numbers",
    held: "Shares of {name} (revealed at the end): {list}",
    revealed: "Station numbers of {name} (revealed at the end): {list}",
    "colour.yellow": "yellow", "colour.blue": "blue", "colour.orange": "orange", "colour.green": "green",
    "colour.purple": "purple", "colour.black": "black", "colour.red": "red", "colour.white": "white",
    sq_empty: "empty",
    sq_station: "station",
    sq_centre: "central station",
    sq_tile: "tile {tile}",
    sq_line: "{colour} line from station {start}",
    sq_beside: "beside station {name} ({owner})",
    free: "free",
    place_here: "place tile {tile} here, turned {deg}°",
    tile_label: "Tile {tile}: {tracks}",
    tracks: "tracks {list}",
    "exit.0": "north 1", "exit.1": "north 2", "exit.2": "east 1", "exit.3": "east 2",
    "exit.4": "south 1", "exit.5": "south 2", "exit.6": "west 1", "exit.7": "west 2",
    drew: "You drew tile {tile}: place it now.",
    summary: "The Metro board in words",
    stations: "Stations",
  },
};

export const css = `
.metro-board .legal .ghost { opacity: 0; pointer-events: none; }
.metro-board .legal:hover .ghost, .metro-board .legal:focus .ghost { opacity: 0.75; }
.metro-hand { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; margin: 6px 0; }
.metro-hand button { padding: 4px; min-height: 0; }
.metro-hand button.selected { border: 3px solid #335c67; box-shadow: 0 0 0 2px #fff, 0 0 0 4px #335c67; }
.metro-tiles { display: flex; gap: 8px; flex-wrap: wrap; }
.metro-moves { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 6px; }
.swatch { display: inline-block; width: 14px; height: 14px; border-radius: 3px; border: 1px solid #555; vertical-align: middle; margin-right: 3px; }
`;

const S = 54;
const M = 34;
const COLS = "abcdefgh";
const HEX = {
  yellow: "#e8c31c",
  blue: "#2f6fd6",
  orange: "#f08a24",
  green: "#2e9e4f",
  purple: "#8e44ad",
  black: "#333333",
  red: "#d63b3b",
  white: "#f4f4f4",
};
const EXIT_XY = [[1 / 3, 0], [2 / 3, 0], [1, 1 / 3], [1, 2 / 3], [2 / 3, 1], [1 / 3, 1], [0, 2 / 3], [0, 1 / 3]];
const INWARD = [[0, 1], [0, 1], [-1, 0], [-1, 0], [0, -1], [0, -1], [1, 0], [1, 0]];

// Legal squares: a dashed outline 5.0:1 against the board (WCAG 1.4.11) and a corner marker.
const LEGAL_INK = "#8a5200";

/** Whose colour a station's line is, in words ("free" while nobody's line leaves it). */
function stationOwner(ctx, view, name) {
  const line = view.lines.find((l) => l.start === name);
  if (!line || line.owner === null || line.owner === undefined) return ctx.t("free");
  return ctx.t(`colour.${view.colours[line.owner]}`);
}

/** What is on a square in words: a tile and the lines through it, or nothing; stations beside it. */
function squareWords(ctx, view, index) {
  const name = `${COLS[index % 8]}${Math.floor(index / 8) + 1}`;
  const cell = view.board[index];
  const parts = [];
  if (cell === "station") parts.push(ctx.t(view.centre_is_station ? "sq_centre" : "sq_station"));
  else if (cell) {
    parts.push(ctx.t("sq_tile", { tile: cell.tile }));
    for (const line of view.lines) {
      if (line.owner === null || line.owner === undefined) continue;
      if (line.path.some(([square]) => square === name)) {
        parts.push(ctx.t("sq_line", { colour: ctx.t(`colour.${view.colours[line.owner]}`), start: line.start }));
      }
    }
  } else parts.push(ctx.t("sq_empty"));
  for (const station of view.stations) {
    if (station.square !== name || (station.name.startsWith("F") && !view.expansions.central_stations)) continue;
    parts.push(ctx.t("sq_beside", { name: station.name, owner: stationOwner(ctx, view, station.name) }));
  }
  return parts.join(", ");
}

/** Every square that holds something, and every station with its owner, for screen readers. */
function boardSummary(ctx, view) {
  const rows = [];
  view.board.forEach((cell, i) => {
    if (cell) rows.push([`${COLS[i % 8]}${Math.floor(i / 8) + 1}`, squareWords(ctx, view, i)]);
  });
  const stations = view.stations
    .filter((st) => !st.name.startsWith("F") || view.expansions.central_stations)
    .map((st) => `${st.name} (${st.square}): ${stationOwner(ctx, view, st.name)}`);
  rows.push([ctx.t("stations"), stations.join("; ")]);
  return ctx.a11y.srTable(ctx.t("summary"), rows, { "data-summary": "metro" });
}

/**
 * A tile's tracks in words, turned by `rotation`: each joins two of the eight exits, named by
 * side and counted clockwise (north 1 is the left one of the top edge).
 */
function trackWords(ctx, view, code, rotation) {
  const list = rotated(view, code, rotation).map(([a, b]) => `${ctx.t(`exit.${a}`)}–${ctx.t(`exit.${b}`)}`);
  return ctx.t("tracks", { list: list.join(", ") });
}

function squareIndex(name) {
  return COLS.indexOf(name[0]) + (Number(name.slice(1)) - 1) * 8;
}

function cellXY(index) {
  return [M + (index % 8) * S, M + Math.floor(index / 8) * S];
}

function ownerColour(view, owner) {
  if (owner === null || owner === undefined) return null;
  return HEX[view.colours[owner]] || "#999";
}

function trackPath(a, b, x, y, size = S) {
  const k = size * 0.42;
  const [ax, ay] = [x + EXIT_XY[a][0] * size, y + EXIT_XY[a][1] * size];
  const [bx, by] = [x + EXIT_XY[b][0] * size, y + EXIT_XY[b][1] * size];
  return `M${ax},${ay} C${ax + INWARD[a][0] * k},${ay + INWARD[a][1] * k} ${bx + INWARD[b][0] * k},${by + INWARD[b][1] * k} ${bx},${by}`;
}

function rotated(view, code, rotation) {
  return view.tile_tracks[code].map(([a, b]) => [(a + 2 * rotation) % 8, (b + 2 * rotation) % 8]);
}

/** One tile's picture (background and tracks) at (x, y). */
function tileArt(ctx, view, code, rotation, x, y, { size = S, central = false, ghost = false } = {}) {
  const parts = [ctx.svg("rect", {
    x, y, width: size, height: size, rx: 3,
    fill: central ? "#d8cfbd" : "#f3ead7",
    stroke: ghost ? "#335c67" : "#b8ab8f",
    "stroke-width": ghost ? 2 : 1,
  })];
  for (const [a, b] of rotated(view, code, rotation)) {
    parts.push(ctx.svg("path", { d: trackPath(a, b, x, y, size), stroke: "#8d8472", "stroke-width": size / 14, fill: "none" }));
  }
  if (!ghost) {
    // the arrow printed on every tile: it points up when the tile keeps the board's orientation
    parts.push(ctx.svg("path", {
      d: `M${x + size / 2},${y + size * 0.38} l-4,7 h8 z`,
      fill: "#b8ab8f",
      transform: rotation ? `rotate(${rotation * 90} ${x + size / 2} ${y + size / 2})` : undefined,
    }));
  }
  return parts;
}

function tileButtonSvg(ctx, view, code, rotation) {
  const root = ctx.svg("svg", { viewBox: `0 0 ${S} ${S}`, width: 64, height: 64, "aria-hidden": "true" });
  root.append(...tileArt(ctx, view, code, rotation, 0, 0));
  return root;
}

function stationMarker(ctx, view, station, owner, { numbered }) {
  const index = squareIndex(station.square);
  const [x, y] = cellXY(index);
  const a = EXIT_XY[station.departure];
  const b = EXIT_XY[station.arrival];
  const mx = x + ((a[0] + b[0]) / 2) * S;
  const my = y + ((a[1] + b[1]) / 2) * S;
  const out = INWARD[station.arrival];
  const central = station.name.startsWith("F");
  const d = central ? -10 : -15;
  const cx = mx + out[0] * d;
  const cy = my + out[1] * d;
  const colour = ownerColour(view, owner);
  const group = ctx.svg("g", { "data-station": station.name });
  group.append(ctx.svg("rect", {
    x: cx - 12, y: cy - 10, width: 24, height: 20, rx: 5,
    fill: colour || "#ffffff",
    "data-label-bg": `station-${station.name}`,
    stroke: numbered ? "#d63b3b" : "#555",
    "stroke-width": numbered ? 3 : 1,
  }));
  group.append(ctx.svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: ctx.a11y.inkOn(colour || "#ffffff"), "data-label-of": `station-${station.name}` }, station.name));
  return group;
}

function boardSvg(ctx, view, places) {
  const size = 2 * M + 8 * S;
  const root = ctx.svg("svg", {
    viewBox: `0 0 ${size} ${size}`,
    width: size,
    class: "metro-board",
    role: places.size ? "group" : "img",
    "aria-label": ctx.t("board"),
    "data-roving": places.size ? "metro-board" : undefined,
  });
  root.append(ctx.svg("rect", { x: M, y: M, width: 8 * S, height: 8 * S, fill: "#e9e4da", stroke: "#6b6250", "stroke-width": 2 }));
  for (let i = 0; i < 64; i++) {
    const [x, y] = cellXY(i);
    root.append(ctx.svg("rect", { x, y, width: S, height: S, fill: "none", stroke: "#d2cbbb" }));
  }
  if (view.centre_is_station) {
    const [x, y] = cellXY(27);
    root.append(ctx.svg("rect", { x: x + 2, y: y + 2, width: 2 * S - 4, height: 2 * S - 4, rx: 10, fill: "#5b6770", stroke: "#2d343a", "stroke-width": 2 }));
    root.append(ctx.svg("text", { x: x + S, y: y + S + 4, "text-anchor": "middle", "font-size": 10, fill: "#fff" }, ctx.t("centre")));
  }
  view.board.forEach((cell, i) => {
    if (!cell || cell === "station") return;
    const [x, y] = cellXY(i);
    const group = ctx.svg("g", { "data-tile": cell.tile, "data-at": `${COLS[i % 8]}${Math.floor(i / 8) + 1}` });
    group.append(...tileArt(ctx, view, cell.tile, cell.rotation, x, y, { central: cell.central }));
    root.append(group);
  });
  // Every line in its owner's colour; completed lines thicker.
  view.lines.forEach((line) => {
    const colour = ownerColour(view, line.owner);
    if (!colour || !line.path.length) return;
    for (const [square, a, b] of line.path) {
      const [x, y] = cellXY(squareIndex(square));
      root.append(ctx.svg("path", {
        d: trackPath(a, b, x, y),
        stroke: colour,
        "stroke-width": line.end ? 6 : 4,
        fill: "none",
        "stroke-linecap": "round",
        opacity: line.end ? 1 : 0.8,
        "data-line": line.start,
      }));
    }
  });
  const numbers = new Set((view.private?.numbers || []).map(String));
  const departures = new Map(view.lines.map((line, d) => [line.start, d]));
  for (const station of view.stations) {
    const central = station.name.startsWith("F");
    if (central && !view.expansions.central_stations) continue;
    const d = departures.get(station.name);
    const owner = d === undefined ? null : view.lines[d].owner;
    root.append(stationMarker(ctx, view, station, owner, { numbered: numbers.has(station.name) }));
  }
  // Points of completed lines, at the station where each ended.
  for (const line of view.lines) {
    if (line.points === null || line.points === undefined || !line.end) continue;
    const station = view.stations.find((s) => s.name === line.end);
    if (!station) continue;
    const [x, y] = cellXY(squareIndex(station.square));
    // beside the station's marker, on its arrival side
    const inward = INWARD[station.arrival];
    const a = EXIT_XY[station.arrival];
    const d = EXIT_XY[station.departure];
    const side = [Math.sign(a[0] - d[0]), Math.sign(a[1] - d[1])];
    const cx = x + ((a[0] + d[0]) / 2) * S - inward[0] * 15 + side[0] * 22;
    const cy = y + ((a[1] + d[1]) / 2) * S - inward[1] * 15 + side[1] * 22;
    root.append(ctx.svg("g", { "data-points": line.start }, [
      ctx.svg("circle", { cx, cy, r: 9, fill: ownerColour(view, line.owner) || "#999", stroke: "#222" }),
      ctx.svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#fff", stroke: "#000", "stroke-width": 0.3 }, String(line.points)),
    ]));
  }
  for (const [name, entry] of places) {
    const i = squareIndex(name);
    const [x, y] = cellXY(i);
    const ghost = ctx.svg("g", { class: "ghost" }, tileArt(ctx, view, entry.action.tile, entry.action.rotation, x, y, { ghost: true }));
    const group = ctx.svg("g", { class: "legal", "data-square": name }, [
      ctx.svg("rect", { x: x + 3, y: y + 3, width: S - 6, height: S - 6, rx: 5, fill: "rgba(245, 197, 24, 0.35)", stroke: LEGAL_INK, "stroke-width": 2.5, "stroke-dasharray": "6 4" }),
      ctx.svg("path", { d: `M${x + 5},${y + 15} V${y + 5} H${x + 15} Z`, fill: LEGAL_INK }),
      ghost,
      ctx.svg("rect", { class: "focus-ring", x: x + 1, y: y + 1, width: S - 2, height: S - 2, rx: 6 }),
    ]);
    // the name says what the square holds, then what choosing it does
    const action = `${ctx.t("place_here", { tile: entry.action.tile, deg: entry.action.rotation * 90 })}: ${trackWords(ctx, view, entry.action.tile, entry.action.rotation)}`;
    root.append(ctx.a11y.svgButton(group, { label: `${name}: ${squareWords(ctx, view, i)}; ${action}`, item: name, action: () => ctx.act(entry) }));
  }
  return root;
}

function swatch(ctx, colour) {
  return ctx.h("span", { class: "swatch", style: `background:${HEX[colour] || colour}` });
}

/**
 * A move button's words: what the player does ("Draw a tile"), where the log says what a
 * player did ("draws a tile from the pile", the engine's words for the move).
 */
function buttonLabel(ctx, action) {
  if (action.type === "swap") return ctx.t("do.swap", { percent: action.percent, take: ctx.t(`do.take.${action.take}`) });
  if (action.type === "central") return ctx.t(action.percent ? "do.central_share" : "do.central", { face: action.face, percent: action.percent });
  return ctx.t(`do.${action.type}`);
}

export function render(ctx) {
  const { view, legal, local } = ctx;
  const placeEntries = legal.filter((e) => e.action.type === "place");
  const tiles = [...new Set(placeEntries.map((e) => e.action.tile))];
  if (!tiles.includes(local.tile)) {
    local.tile = tiles[0] ?? null;
    local.rotation = 0;
  }
  const rotations = [...new Set(placeEntries.filter((e) => e.action.tile === local.tile).map((e) => e.action.rotation))];
  if (!rotations.includes(local.rotation)) local.rotation = rotations[0] ?? 0;
  const places = new Map(placeEntries
    .filter((e) => e.action.tile === local.tile && e.action.rotation === local.rotation)
    .map((e) => [e.action.square, e]));

  const info = [
    ctx.t("pile", { n: view.pile }),
    ctx.t("placed", { n: view.tiles_placed }),
    ctx.t("hands", { list: view.hand_sizes.map((n, s) => `${ctx.seatName(s)} ${n}`).join(", ") }),
  ];
  if (view.expansions.central_tracks) info.push(ctx.t("designed_central"));
  ctx.el.board.append(
    ctx.h("div", { class: "panel-row muted" }, info.map((text) => ctx.h("span", {}, text))),
    boardSvg(ctx, view, places),
    boardSummary(ctx, view),
  );

  // The viewer's own area: hand, drawn tile, other moves, secret components.
  const own = view.private;
  if (own) {
    const mine = [];
    const held = own.drawn ? [own.drawn] : own.hand;
    if (own.drawn) ctx.announce(ctx.t("drew", { tile: own.drawn }));
    mine.push(ctx.h("h2", { id: "metro-hand-title" }, own.drawn ? ctx.t("drawn") : ctx.t("hand")));
    // the hand is a radio group: one Tab stop, arrows between tiles, Enter or Space picks
    const hand = ctx.h("div", { role: "radiogroup", "aria-labelledby": "metro-hand-title", "data-roving": "metro-hand", class: "metro-tiles" }, held.map((code) => ctx.h("button", {
      type: "button",
      role: "radio",
      "aria-checked": String(code === local.tile),
      "aria-label": ctx.t("tile_label", { tile: code, tracks: trackWords(ctx, view, code, code === local.tile ? local.rotation : 0) }),
      class: code === local.tile ? "selected" : "",
      "data-hand": code,
      "data-item": code,
      title: code,
      disabled: !tiles.includes(code),
      onclick: () => { local.tile = code; local.rotation = 0; ctx.redraw(); },
    }, tileButtonSvg(ctx, view, code, code === local.tile ? local.rotation : 0))));
    mine.push(ctx.h("div", { class: "metro-hand" }, [
      hand,
      rotations.length > 1 ? ctx.h("button", {
        type: "button",
        "data-action": "rotate",
        onclick: () => { local.rotation = rotations[(rotations.indexOf(local.rotation) + 1) % rotations.length]; ctx.redraw(); },
      }, ctx.t("rotate")) : null,
    ]));
    if (view.free_orientation && local.tile) mine.push(ctx.h("p", { class: "muted" }, ctx.t("rotation", { n: local.rotation })));
    if (places.size) mine.push(ctx.h("p", {}, ctx.t("choose_tile")));
    const button = (entry) => ctx.h("button", {
      type: "button",
      class: ["draw", "pass"].includes(entry.action.type) ? "primary" : "",
      "data-action": entry.action.type,
      "data-notation": entry.notation,
      disabled: ctx.busy,
      onclick: () => ctx.act(entry),
    }, buttonLabel(ctx, entry.action));
    const main = legal.filter((e) => ["draw", "pass"].includes(e.action.type));
    const extra = legal.filter((e) => ["swap", "central"].includes(e.action.type));
    if (main.length) mine.push(ctx.h("div", { class: "metro-moves" }, main.map(button)));
    if (extra.length) {
      mine.push(ctx.h("details", { class: "metro-extra", open: extra.length <= 6 }, [
        ctx.h("summary", {}, `${ctx.t("other_moves")} (${extra.length})`),
        ctx.h("div", { class: "metro-moves" }, extra.map(button)),
      ]));
    }
    // the hand, the prompt and the buttons: the decision panel the shell keeps in view
    const decision = ctx.h("div", { class: "decision metro-decision", "data-testid": "decision" }, mine.splice(0));
    mine.push(decision);
    if (own.shares) {
      mine.push(ctx.h("p", {}, [ctx.t("my_shares", { list: "" }), ...own.shares.map((s) => ctx.h("span", {}, [swatch(ctx, s.company), `${s.percent}% `]))]));
    }
    if (own.numbers) mine.push(ctx.h("p", { "data-testid": "numbers" }, ctx.t("numbers", { list: own.numbers.join(", ") || ctx.t("none") })));
    ctx.el.mine.append(...mine);
  }

  // Public components of everyone: completed lines, companies, wagons, numbers held.
  const done = view.lines.filter((line) => line.points !== null && line.points !== undefined);
  const publicArea = [ctx.h("h2", {}, ctx.t("lines"))];
  publicArea.push(done.length === 0 ? ctx.h("p", { class: "muted" }, ctx.t("no_lines")) : ctx.h("ul", { class: "metro-lines" }, done.map((line) => ctx.h("li", {}, [
    swatch(ctx, view.colours[line.owner]),
    ctx.t("line", { start: line.start, end: line.end, points: line.points }),
  ]))));
  if (view.owners === "companies") {
    publicArea.push(ctx.h("h2", {}, ctx.t("companies")));
    publicArea.push(ctx.h("div", { class: "kv" }, view.colours.flatMap((colour, c) => [
      ctx.h("span", {}, [swatch(ctx, colour), ctx.t(`colour.${colour}`)]),
      ctx.h("strong", {}, String(view.scores[c])),
    ])));
    const shares = view.shares;
    publicArea.push(ctx.h("p", {}, [ctx.t("face_up", { list: "" }), ...Object.entries(shares.face_up).map(([p, colour]) => ctx.h("span", {}, [swatch(ctx, colour), `${p}% `]))]));
    publicArea.push(ctx.h("p", { class: "muted" }, ctx.t("piles", { list: Object.entries(shares.piles).map(([p, n]) => `${p}%×${n}`).join(", ") })));
    shares.shown.forEach((list, s) => {
      if (list.length) publicArea.push(ctx.h("p", {}, [ctx.t("shown", { name: ctx.seatName(s), list: "" }), ...list.map((x) => ctx.h("span", {}, [swatch(ctx, x.company), `${x.percent}% `]))]));
    });
    (shares.held || []).forEach((list, s) => {
      publicArea.push(ctx.h("p", { "data-testid": `held-${s}` }, [ctx.t("held", { name: ctx.seatName(s), list: "" }), ...list.map((x) => ctx.h("span", {}, [swatch(ctx, x.company), `${x.percent}% ${ctx.t(`colour.${x.company}`)} `]))]));
    });
  }
  if (view.central_wagons) {
    const free = view.central_wagons.map((free, owner) => (free ? owner : null)).filter((x) => x !== null);
    publicArea.push(ctx.h("p", {}, [ctx.t("wagons", { list: free.length ? "" : ctx.t("none") }), ...free.map((owner) => swatch(ctx, view.colours[owner]))]));
  }
  if (view.numbers_held) {
    publicArea.push(ctx.h("p", { class: "muted" }, ctx.t("numbers_held", { list: view.numbers_held.map((n, s) => `${ctx.seatName(s)} ${n}`).join(", ") })));
  }
  (view.numbers_revealed || []).forEach((numbers, s) => {
    publicArea.push(ctx.h("p", {}, ctx.t("revealed", { name: ctx.seatName(s), list: numbers.join(", ") || ctx.t("none") })));
  });
  ctx.el.others.append(...publicArea);
}

export function seatColour(view, seat) {
  return view.owners === "players" ? HEX[view.colours[seat]] : null;
}

export function scores(view) {
  return view.owners === "players" ? view.scores : null;
}

// The final sheet: the breakdown rows, then what lets players check them — with companies
// (expansion 1) every player's shares, each with its company's final value, and the
// majorities won; with station numbers (expansion 4) each number and its points.
export function scoreSheet(ctx, outcome) {
  const keys = Object.keys(outcome.breakdown[0] || {});
  const rows = keys.map((key) => ({ label: ctx.t(`cat.${key}`), values: outcome.breakdown.map((b) => b[key]) }));
  const details = outcome.details || [];
  const values = Object.fromEntries((outcome.overview?.companies || []).map((c) => [c.company, c.value]));
  if (details.length && details[0].shares) {
    [0, 1, 2, 3].forEach((i) => rows.push({
      label: ctx.t("sheet.share", { p: details[0].shares[i].percent }),
      values: details.map((d) => `${ctx.t(`colour.${d.shares[i].company}`)} (×${values[d.shares[i].company] ?? "?"})`),
      class: "sub",
    }));
    rows.push({
      label: ctx.t("sheet.majorities"),
      values: details.map((d) => d.majorities.map((c) => ctx.t(`colour.${c}`)).join(", ") || "—"),
      class: "sub",
    });
  }
  if (details.length && details[0].station_numbers?.length) {
    rows.push({
      label: ctx.t("sheet.numbers"),
      values: details.map((d) => d.station_numbers.map((n) => `${n.station}: ${n.points}`).join(", ")),
      class: "sub",
    });
  }
  return rows;
}
