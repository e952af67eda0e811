// Sonora: the board from above (zones, multiplier circles, the hole, the raised launch
// corners with this round's throwers, every disc), aiming by dragging a disc on your corner
// back like a slingshot, the server's trajectory of the last flick played back smoothly,
// and every scoresheet (Ruins buildings, Riverbed graph, Canyon grid with the shapes drawn,
// Mud-cracks lattice with its bonus columns, bonus track, Discovery area, scores), with the
// scoring choices made on the sheet. The geometry and the printed sheet come from the view's
// `layout`; legality is the server's: a flick is sent as its JSON form within the bounds of
// `layout.flick`, every other click sends one entry of `legal`.

export const strings = {
  pt: {
    round: "Rodada {round} de {rounds}",
    first: "Primeiro jogador: {name}",
    "phase.flick": "Fase do piparote",
    "phase.colours": "Escolha das cores (solo)",
    "phase.swap": "Anotar · bonificações de troca",
    "phase.ai": "Anotar · discos da IA",
    "phase.ruins": "Anotar · Ruínas",
    "phase.areas": "Anotar · outras áreas (simultâneo)",
    "phase.over": "Fim de jogo",
    designed: "Medidas do tabuleiro e folha de pontuação criadas pelo Tabuleiro: os originais não são públicos.",
    "area.ruins": "Ruínas",
    "area.riverbed": "Leito do rio",
    "area.canyon": "Desfiladeiro",
    "area.mudcracks": "Rachas na lama",
    "animal.lizard": "Lagarto",
    "animal.owl": "Coruja",
    "animal.fox": "Raposa",
    "animal.rabbit": "Coelho",
    "bonus.reflick": "Piparotar de novo",
    "bonus.swap": "Troca",
    "bonus.fox": "Raposa: uma forma de até 4",
    "bonus.owl": "Coruja: um caminho de 1 a 5",
    "bonus.rabbit": "Coelho: +5 nas Rachas na lama",
    "bonus.discovery": "Descoberta",
    "cactus.0": "Cacto A",
    "cactus.1": "Cacto B",
    "cactus.2": "Cacto C",
    "cactus.S": "Cacto pequeno (2)",
    "cactus.M": "Cacto médio (4)",
    "cactus.L": "Cacto grande (6)",
    hole: "Buraco (na mosca)",
    multiplier: "Círculo do {animal}: conta para {area}",
    corner_of: "Canto de lançamento de {name}",
    "where.hole": "Na mosca",
    "where.out": "Fora nesta rodada",
    "d.turn": "{name} piparota um disco",
    "d.flick": "{name} piparota de novo o disco {disc}",
    "d.reflick": "{name}: usar Piparotar de Novo no disco {disc}?",
    "d.hole": "{name}: o disco {disc} caiu na mosca — em que área ele pontua?",
    "d.colours": "Escolha a sua cor e a da IA",
    "d.swap": "Bonificações de troca: toque em dois discos seus no tabuleiro para trocá-los; depois, Pronto.",
    "d.ai": "Marque os discos da IA: toque numa casa marcada em roxo na sua folha.",
    "d.ai_buttons": "Marque os discos da IA: escolha um destes botões ou toque numa casa marcada em roxo na sua folha.",
    "d.ruins": "Ruínas: toque num hexágono destacado para riscar até ele ({n} a riscar).",
    "d.ruins_wait": "Ruínas: {name} anota agora (ordem pelo valor nas Ruínas).",
    "d.areas": "Anote os outros discos em qualquer ordem: toque nas casas, espaços e nós destacados.",
    "d.discover": "Descoberta: escolha um animal.",
    aim_help: "Arraste o disco do seu canto para trás, como um estilingue, e solte. A seta mostra a direção e até onde ele deslizaria num tabuleiro livre.",
    aim_disc: "Disco a piparotar:",
    aim_offset: "Ponto de lançamento na borda: {n} mm",
    aim_exact: "Valores exatos",
    aim_angle: "Ângulo (°, + à direita)",
    aim_strength: "Força (mm de deslize)",
    aim_go: "Piparotar",
    readout: "{angle}° · força {strength} mm",
    aim_keys: "Mirar o disco {disc}: ângulo {angle}°, força {strength} mm, ponto de lançamento {offset} mm. Setas esquerda e direita: ângulo; cima e baixo: força; Page Up e Page Down: ponto de lançamento; Enter: piparotar.",
    aim_said: "Ângulo {angle}°, força {strength} mm, ponto {offset} mm.",
    board_label: "Tabuleiro de Sonora",
    in_hand: "na mão",
    swap_pick: "escolher este disco para a troca",
    swap_unpick: "desfazer a escolha",
    board_aim: "Tabuleiro de Sonora: mire o disco",
    sheet_area: "Folha: {area}",
    last_flick: "Último piparote: {name}, disco {disc}: {angle}°, força {strength} mm (aplicado {applied}°, {speed} mm/s)",
    fell_hole: "{disc} de {name} caiu na mosca",
    fell_off: "{disc} de {name} saiu do tabuleiro",
    no_leave: "não saiu do canto: repete",
    set_down: "{disc} de {name} pousado à frente do seu canto (salvaguarda)",
    sheet_of: "Folha de {name}",
    your_sheet: "Sua folha",
    sealed_note: "Como estava no início desta etapa: as escolhas ficam ocultas até todos terminarem.",
    done_mark: "terminou",
    todo: "A anotar:",
    "todo.ruins": "Ruínas {n}",
    "todo.canyon": "formas até {list}",
    "todo.riverbed": "caminhos de {list}",
    "todo.owls": "caminhos Coruja (1–5): {n}",
    "todo.mudcracks": "Rachas {n}",
    "todo.discover": "descobertas a escolher: {n}",
    "todo.ai": "IA: formas {canyon} · caminhos {river} · círculos {mud}",
    nothing_todo: "nada a anotar",
    shape_tool: "Formas (girar e virar à vontade):",
    shape_help: "Escolha uma forma, toque no desfiladeiro para posicioná-la e confirme. Ou toque nas casas destacadas uma a uma.",
    rotate: "Girar ⟳",
    flip: "Virar ⇋",
    place: "Desenhar aqui",
    cancel: "Cancelar",
    drawing: "Desenhando a forma…",
    shape_stopped: "A forma não pôde continuar nessas casas; continue casa a casa ou feche-a.",
    no_start: "Nenhuma casa desta posição pode começar uma forma agora.",
    upper: "1º a completar: {bonus} e {points:# pt|# pts}",
    lower: "depois: {points:# pt|# pts}",
    sheet_total: "{n:# pt|# pts}",
    taken: "recompensa superior já tomada",
    ai_building: "Edifício da IA",
    table: "Pontos por cactos",
    track: "Bonificações de piparote",
    discovery: "Descoberta",
    scores: "Pontuação",
    ai_colour: "IA",
    you_colour: "Você",
    colours_line: "Cores: você {mine}, IA {ai}",
    "colour.a": "vermelho",
    "colour.b": "azul",
    "colour.c": "verde",
    "cat.ruins": "Ruínas (Lagarto)",
    "cat.riverbed": "Leito do rio (Coruja)",
    "cat.canyon": "Desfiladeiro (Raposa)",
    "cat.mudcracks": "Rachas na lama (Coelho)",
    "cat.discoveries": "Descobertas (desempate)",
    "n.empty": "livre",
    "n.crossed": "riscado",
    "n.circled": "circulado",
    "n.not_earned": "ainda não ganho",
    "n.points": "{n} pontos",
    "n.point": "{n} ponto",
    "n.start": "início",
    "n.start_cell": "casa inicial",
    "n.ai_start": "início da IA",
    "n.in_shape": "na forma em desenho",
    "n.hex": "{area}, edifício {building}, hexágono {i} de {n}: {state}",
    "n.space": "{printed}, {area}, espaço {id}: {state}",
    "n.through": "passando por {list}",
    "n.cell": "{area}, casa {cell}: {content}",
    "n.node": "{value}, {area}, nó {id}: {state}",
    "n.beside": "ao lado de {list}",
    "n.ai_circles": "{area}, nó {id}: círculos da IA {k} de {n}",
    "n.column": "{area}, coluna {bonus}: {k} de {n:# caixa marcada|# caixas marcadas}",
    "n.track": "{bonus} {i} de {n}: {state}",
  },
  en: {
    round: "Round {round} of {rounds}",
    first: "First player: {name}",
    "phase.flick": "Flick phase",
    "phase.colours": "Choosing colours (solo)",
    "phase.swap": "Writing · Swap bonuses",
    "phase.ai": "Writing · the AI's discs",
    "phase.ruins": "Writing · Ruins",
    "phase.areas": "Writing · the other areas (simultaneous)",
    "phase.over": "Game over",
    designed: "Board measurements and scoresheet designed by Tabuleiro: the originals are not public.",
    "area.ruins": "Ruins",
    "area.riverbed": "Riverbed",
    "area.canyon": "Canyon",
    "area.mudcracks": "Mud cracks",
    "animal.lizard": "Lizard",
    "animal.owl": "Owl",
    "animal.fox": "Fox",
    "animal.rabbit": "Rabbit",
    "bonus.reflick": "Re-flick",
    "bonus.swap": "Swap",
    "bonus.fox": "Fox: one shape of up to 4",
    "bonus.owl": "Owl: one path of 1 to 5",
    "bonus.rabbit": "Rabbit: +5 in the Mud cracks",
    "bonus.discovery": "Discovery",
    "cactus.0": "Cactus A",
    "cactus.1": "Cactus B",
    "cactus.2": "Cactus C",
    "cactus.S": "Small cactus (2)",
    "cactus.M": "Medium cactus (4)",
    "cactus.L": "Large cactus (6)",
    hole: "Hole (bullseye)",
    multiplier: "{animal} circle: scores in the {area}",
    corner_of: "{name}'s launch corner",
    "where.hole": "In the hole",
    "where.out": "Out this round",
    "d.turn": "{name} flicks a disc",
    "d.flick": "{name} flicks disc {disc} again",
    "d.reflick": "{name}: use a Re-flick on disc {disc}?",
    "d.hole": "{name}: disc {disc} fell in the hole — which area does it score in?",
    "d.colours": "Choose your colour and the AI's",
    "d.swap": "Swap bonuses: tap two of your discs on the board to swap them; then Done.",
    "d.ai": "Score the AI's discs: tap a space marked in purple on your sheet.",
    "d.ai_buttons": "Score the AI's discs: choose one of these buttons or tap a space marked in purple on your sheet.",
    "d.ruins": "Ruins: tap a highlighted hex to cross up to it ({n} to cross).",
    "d.ruins_wait": "Ruins: {name} is scoring now (in order of Ruins value).",
    "d.areas": "Score your other discs in any order: tap the highlighted squares, spaces and nodes.",
    "d.discover": "Discovery: choose an animal.",
    aim_help: "Drag the disc on your corner back like a slingshot and let go. The arrow shows the direction and how far it would slide on a clear board.",
    aim_disc: "Disc to flick:",
    aim_offset: "Launch point along the edge: {n} mm",
    aim_exact: "Exact values",
    aim_angle: "Angle (°, + to the right)",
    aim_strength: "Strength (mm of slide)",
    aim_go: "Flick",
    readout: "{angle}° · strength {strength} mm",
    aim_keys: "Aim disc {disc}: angle {angle}°, strength {strength} mm, launch point {offset} mm. Left and right arrows: angle; up and down: strength; Page Up and Page Down: launch point; Enter: flick.",
    aim_said: "Angle {angle}°, strength {strength} mm, point {offset} mm.",
    board_label: "Sonora board",
    in_hand: "in hand",
    swap_pick: "pick this disc for the swap",
    swap_unpick: "undo the pick",
    board_aim: "Sonora board: aim the disc",
    sheet_area: "Sheet: {area}",
    last_flick: "Last flick: {name}, disc {disc}: {angle}°, strength {strength} mm (applied {applied}°, {speed} mm/s)",
    fell_hole: "{name}'s {disc} fell in the hole",
    fell_off: "{name}'s {disc} left the board",
    no_leave: "did not leave the corner: flicked again",
    set_down: "{name}'s {disc} set down in front of its corner (safeguard)",
    sheet_of: "{name}'s sheet",
    your_sheet: "Your sheet",
    sealed_note: "As it was when this step began: the choices stay hidden until everyone is done.",
    done_mark: "done",
    todo: "To score:",
    "todo.ruins": "Ruins {n}",
    "todo.canyon": "shapes up to {list}",
    "todo.riverbed": "paths of {list}",
    "todo.owls": "Owl paths (1–5): {n}",
    "todo.mudcracks": "Mud cracks {n}",
    "todo.discover": "discoveries to choose: {n}",
    "todo.ai": "AI: shapes {canyon} · paths {river} · circles {mud}",
    nothing_todo: "nothing to score",
    shape_tool: "Shapes (turn and flip at will):",
    shape_help: "Pick a shape, tap the canyon to put it there and confirm. Or tap the highlighted squares one by one.",
    rotate: "Turn ⟳",
    flip: "Flip ⇋",
    place: "Draw it here",
    cancel: "Cancel",
    drawing: "Drawing the shape…",
    shape_stopped: "The shape could not go on over those squares; go on square by square or close it.",
    no_start: "None of these squares can start a shape now.",
    upper: "first to finish: {bonus} and {points:# pt|# pts}",
    lower: "later: {points:# pt|# pts}",
    sheet_total: "{n:# pt|# pts}",
    taken: "upper reward already taken",
    ai_building: "AI building",
    table: "Cactus points",
    track: "Flick bonuses",
    discovery: "Discovery",
    scores: "Score",
    ai_colour: "AI",
    you_colour: "You",
    colours_line: "Colours: you {mine}, AI {ai}",
    "colour.a": "red",
    "colour.b": "blue",
    "colour.c": "green",
    "cat.ruins": "Ruins (Lizard)",
    "cat.riverbed": "Riverbed (Owl)",
    "cat.canyon": "Canyon (Fox)",
    "cat.mudcracks": "Mud cracks (Rabbit)",
    "cat.discoveries": "Discoveries (tie-break)",
    "n.empty": "empty",
    "n.crossed": "crossed out",
    "n.circled": "circled",
    "n.not_earned": "not earned yet",
    "n.points": "{n} points",
    "n.point": "{n} point",
    "n.start": "start",
    "n.start_cell": "start square",
    "n.ai_start": "AI start",
    "n.in_shape": "in the shape being drawn",
    "n.hex": "{area}, building {building}, hexagon {i} of {n}: {state}",
    "n.space": "{printed}, {area} space {id}: {state}",
    "n.through": "through {list}",
    "n.cell": "{area}, square {cell}: {content}",
    "n.node": "{value}, {area} node {id}: {state}",
    "n.beside": "beside {list}",
    "n.ai_circles": "{area} node {id}: AI circles {k} of {n}",
    "n.column": "{area}, {bonus} column: {k} of {n:# box|# boxes} crossed out",
    "n.track": "{bonus} {i} of {n}: {state}",
  },
};

export const css = `
.sonora-info { display: flex; flex-wrap: wrap; gap: 4px 14px; margin-bottom: 6px; font-size: 0.92rem; align-items: center; }
.sonora-info .muted { font-size: 0.82rem; }
.sonora-decision { border: 2px solid var(--accent); border-radius: 8px; padding: 8px 10px; margin: 6px 0; background: #f4faf9; }
.sonora-decision.waiting { border-color: var(--line); background: #fbfaf6; }
.sonora-decision h2, .sonora-decision h3 { margin: 0 0 6px; font-size: 1rem; }
.sonora-decision p { margin: 4px 0; }
.sonora-buttons { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; }
.sonora-buttons button { min-height: 36px; }
.sonora-buttons button.selected { border: 3px solid var(--accent); }
.sonora-aim { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center; }
.sonora-aim label { display: flex; gap: 6px; align-items: center; font-size: 0.9rem; }
.sonora-aim input[type=number] { width: 6.5em; }
.sonora-aim input[type=range] { width: 140px; }
svg.sonora-board { user-select: none; -webkit-user-select: none; }
svg.sonora-board.can-aim, svg.sonora-board .aim-disc { touch-action: none; }
svg.sonora-board .aim-disc { cursor: grab; }
svg.sonora-board .hand-pick { cursor: pointer; }
.sonora .legal-ring, .sonora-sheet .legal-ring { fill: none; stroke: #8a5200; stroke-width: 2.5; stroke-dasharray: 4 3; }
.sonora-sheet .legal:hover .legal-ring, .sonora-sheet .legal:focus .legal-ring { stroke: #335c67; stroke-dasharray: none; }
.sonora-sheet .ai-legal .legal-ring { stroke: #7b3fa0; }
.sonora-sheet [data-space].previewed > circle:first-child { fill: #fff3b0; stroke-width: 2.5; }
.sonora-sheet .legal:focus { outline: none; }
.sonora-sheets { margin-top: 10px; }
.sonora-sheet { border: 1px solid var(--line); border-radius: 8px; padding: 8px; margin-bottom: 10px; background: #fffdf8; }
.sonora-sheet > h3 { margin: 0 0 4px; font-size: 1rem; display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
.sonora-sheet > h3 .pts { margin-left: auto; font-variant-numeric: tabular-nums; }
.sonora-sheet .areas { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 8px; }
.side .sonora-sheet .areas { grid-template-columns: minmax(0, 1fr); }
.sonora-sheet .area { border: 1px solid #eee4d2; border-radius: 6px; padding: 4px; background: #fff; min-width: 0; }
.sonora-sheet .area h4 { margin: 0 0 2px; font-size: 0.88rem; display: flex; gap: 4px; align-items: center; }
.sonora-sheet .area > svg { width: 100%; height: auto; display: block; }
.sonora-todo { font-size: 0.9rem; margin: 4px 0; }
.sonora-shapes { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; margin: 4px 0; }
.sonora-shapes button { padding: 3px; min-height: 0; line-height: 0; }
.sonora-shapes button.selected { border: 3px solid var(--accent); }
.sonora-note { color: var(--warn); font-size: 0.9rem; }
.sonora-legend { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 0.85rem; margin-top: 4px; }
.sonora-chip { display: inline-flex; align-items: center; justify-content: center; width: 20px; height: 20px; border-radius: 50%; color: #fff; font-size: 0.75rem; font-weight: 700; border: 1px solid rgba(0,0,0,0.4); vertical-align: middle; }
`;

// seats in the first four of Okabe and Ito's colour-blind-safe colours (as the table's palette)
const SEAT_HEX = ["#0072b2", "#d55e00", "#009e73", "#cc79a7"];
const SOLO_HEX = { a: "#c0392b", b: "#2e6fb7", c: "#2e8b57" };
const ZONE_FILL = { ruins: "#e9c9a3", riverbed: "#b9d6e8", canyon: "#eaa77b", mudcracks: "#d8c9a8" };
const ZONE_INK = { ruins: "#8a4b1f", riverbed: "#1f5f8b", canyon: "#96401b", mudcracks: "#6b5a33" };
const BONUS_FILL = { reflick: "#2e6fb7", swap: "#7b3fa0", fox: "#d9771f", owl: "#8a6a3b", rabbit: "#7d8790", discovery: "#138a8a" };
const CACTUS_FILL = ["#3f8f3a", "#6aa84f", "#2f6f5e"];
const AI_FILL = "#4a4458";
const VIEW = 190; // the board's viewBox half-size in mm: room outside the frame to pull back
const FRAME = 150;
const COLS = "abcdefghij";

// -- small helpers ------------------------------------------------------------------------

function entriesByNotation(legal) {
  return new Map(legal.map((e) => [e.notation, e]));
}

function discKey(view, d) {
  return view.players === 1 ? d.disc : `${d.seat}:${d.disc}`;
}

function discColour(ctx, view, d) {
  return view.players === 1 ? SOLO_HEX[d.disc[0]] || "#777" : ctx.seatColour(d.seat);
}

function ownDesk(view) {
  if (view.seat === null || view.seat === undefined) return null;
  return view.mine || view.sheets[view.seat];
}

function fmt(n) {
  const v = Math.round(n * 10) / 10;
  return String(Object.is(v, -0) ? 0 : v);
}

function actOn(ctx, entry) {
  return (e) => {
    if (e) e.stopPropagation();
    if (!ctx.busy) ctx.act(entry);
  };
}

/**
 * A sheet cell or space the player may choose: a button of its sheet's roving group, named by
 * what is there (`content`, its printed text first) and then what choosing it does.
 */
function clickable(ctx, node, entry, extraClass = "legal", content = "") {
  node.setAttribute("class", `${node.getAttribute("class") || ""} ${extraClass}`.trim());
  node.setAttribute("data-action", entry.notation);
  const label = content ? `${content}; ${ctx.pick(entry.text)}` : ctx.pick(entry.text);
  ctx.a11y.svgButton(node, { label, item: entry.notation, action: actOn(ctx, entry) });
  node.append(ctx.svg("title", {}, label));
  return node;
}

/** A sheet mark a player needs to know but cannot choose: a picture named in words. */
function named(node, label) {
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", label);
  return node;
}

/** The words for a mark's state on the sheet: crossed out, circled or empty. */
function markWords(ctx, { crossed = false, circled = false }) {
  const words = [];
  if (circled) words.push(ctx.t("n.circled"));
  if (crossed) words.push(ctx.t("n.crossed"));
  return words.length ? words.join(", ") : ctx.t("n.empty");
}

/** A sheet area's SVG: a group of buttons when it holds a choice, else a labelled picture. */
function areaSvg(ctx, area, attrs) {
  return ctx.svg("svg", { ...attrs, "data-area": area, role: "group", "aria-label": ctx.t("sheet_area", { area: ctx.t(`area.${area}`) }), "data-roving": `sonora-${area}` });
}

// -- pictograms (no emoji: the client's fonts may have none) -------------------------------

const ICONS = ["owl", "fox", "rabbit", "lizard", "reflick", "swap", "discovery", "cactus0", "cactus1", "cactus2"];

/** One pictogram drawn in a 20-unit box centred on the origin. */
function pictogram(ctx, kind, g) {
  const add = (tag, attrs) => g.append(ctx.svg(tag, attrs));
  const disc = (fill) => add("circle", { r: 10, fill, stroke: "rgba(0,0,0,0.35)", "stroke-width": 1 });
  switch (kind) {
    case "owl":
      disc(BONUS_FILL.owl);
      add("path", { d: "M-6,-7 L-4,-3 L-8,-3 Z M6,-7 L4,-3 L8,-3 Z", fill: "#f3e3c3" });
      add("circle", { cx: -3.4, cy: -0.5, r: 3.2, fill: "#fff" });
      add("circle", { cx: 3.4, cy: -0.5, r: 3.2, fill: "#fff" });
      add("circle", { cx: -3.4, cy: -0.5, r: 1.4, fill: "#222" });
      add("circle", { cx: 3.4, cy: -0.5, r: 1.4, fill: "#222" });
      add("path", { d: "M-1.2,2.5 L1.2,2.5 L0,5 Z", fill: "#f5c518" });
      break;
    case "fox":
      disc(BONUS_FILL.fox);
      add("path", { d: "M-7,-7 L-3,-3 L3,-3 L7,-7 L7,0 L0,7 L-7,0 Z", fill: "#fff2e0" });
      add("path", { d: "M-6,-2 L0,6 L6,-2 L3,-1 L0,1 L-3,-1 Z", fill: "#e2893a" });
      add("circle", { cx: 0, cy: 5.5, r: 1.3, fill: "#222" });
      add("circle", { cx: -2.6, cy: -1, r: 1, fill: "#222" });
      add("circle", { cx: 2.6, cy: -1, r: 1, fill: "#222" });
      break;
    case "rabbit":
      disc(BONUS_FILL.rabbit);
      add("ellipse", { cx: -2.6, cy: -5, rx: 1.8, ry: 4.6, fill: "#eef0f2" });
      add("ellipse", { cx: 2.6, cy: -5, rx: 1.8, ry: 4.6, fill: "#eef0f2" });
      add("circle", { cx: 0, cy: 2.5, r: 4.8, fill: "#eef0f2" });
      add("circle", { cx: -1.7, cy: 1.8, r: 0.9, fill: "#222" });
      add("circle", { cx: 1.7, cy: 1.8, r: 0.9, fill: "#222" });
      add("circle", { cx: 0, cy: 3.8, r: 0.9, fill: "#d97a8a" });
      break;
    case "lizard":
      disc("#5d8a2f");
      add("path", { d: "M-1,-8 C3,-6 3,-2 0,0 C-3,2 -3,5 1,8", fill: "none", stroke: "#e8f3c6", "stroke-width": 3, "stroke-linecap": "round" });
      add("circle", { cx: -1, cy: -7.5, r: 2.2, fill: "#e8f3c6" });
      add("path", { d: "M1.5,-4 L5,-5.5 M-2,-2 L-5.5,-3.5 M-1.5,3 L-5,4.5 M2,3.8 L5,5.5", stroke: "#e8f3c6", "stroke-width": 1.6, "stroke-linecap": "round" });
      break;
    case "reflick":
      disc(BONUS_FILL.reflick);
      add("path", { d: "M5.5,-2.5 A6,6 0 1 0 5,3.5", fill: "none", stroke: "#fff", "stroke-width": 2.2 });
      add("path", { d: "M7.5,-6 L6,-1 L1.5,-3.5 Z", fill: "#fff" });
      break;
    case "swap":
      disc(BONUS_FILL.swap);
      add("path", { d: "M-6,-3 H5 M2,-6 L5.5,-3 L2,0 M6,3 H-5 M-2,0 L-5.5,3 L-2,6", fill: "none", stroke: "#fff", "stroke-width": 2, "stroke-linecap": "round", "stroke-linejoin": "round" });
      break;
    case "discovery":
      disc(BONUS_FILL.discovery);
      add("path", { d: "M0,0 C1.5,-1 2,1 0.5,2 C-2,3 -3.5,0 -2,-2 C0,-4.5 4,-3.5 4.5,0 C5,4 0,6 -3,4.5 C-6.5,2.5 -6,-3 -3,-5.5", fill: "none", stroke: "#fff", "stroke-width": 1.8, "stroke-linecap": "round" });
      break;
    case "cactus0":
      add("path", { d: "M-1.8,8 V-7 A1.8,1.8 0 0 1 1.8,-7 V8 Z M-1.8,1 H-5 V-3.5 A1.4,1.4 0 0 1 -2.5,-3.5 V-1 H-1.8 Z M1.8,-1 H5 V-5 A1.4,1.4 0 0 0 2.5,-5 V-2.5 H1.8 Z", fill: CACTUS_FILL[0], stroke: "#1f4d1c", "stroke-width": 0.8 });
      break;
    case "cactus1":
      add("ellipse", { cx: 0, cy: 2, rx: 6.5, ry: 6, fill: CACTUS_FILL[1], stroke: "#2f5e1f", "stroke-width": 0.8 });
      add("path", { d: "M-3,-3 V7 M0,-4 V8 M3,-3 V7", stroke: "#2f5e1f", "stroke-width": 0.7 });
      add("circle", { cx: 0, cy: -4, r: 2, fill: "#e0568a" });
      break;
    case "cactus2":
      add("ellipse", { cx: 0, cy: 4, rx: 4, ry: 4.5, fill: CACTUS_FILL[2], stroke: "#173d33", "stroke-width": 0.8 });
      add("ellipse", { cx: -3.5, cy: -3, rx: 3, ry: 3.6, fill: CACTUS_FILL[2], stroke: "#173d33", "stroke-width": 0.8, transform: "rotate(-25 -3.5 -3)" });
      add("ellipse", { cx: 3.5, cy: -4, rx: 2.8, ry: 3.4, fill: CACTUS_FILL[2], stroke: "#173d33", "stroke-width": 0.8, transform: "rotate(25 3.5 -4)" });
      add("circle", { cx: 3.5, cy: -7.5, r: 1.2, fill: "#f5c518" });
      break;
  }
}

/** The pictograms, drawn once per page as <symbol>s that every sheet <use>s: a sheet holds
 * hundreds of them, and a <use> is one element. */
function ensureIcons(ctx) {
  if (document.getElementById("sonora-icons")) return;
  const defs = ctx.svg("svg", { id: "sonora-icons", width: 0, height: 0, style: "position:absolute", "aria-hidden": "true" });
  for (const kind of ICONS) {
    const symbol = ctx.svg("symbol", { id: `sonora-i-${kind}`, viewBox: "-10 -10 20 20" });
    pictogram(ctx, kind, symbol);
    defs.append(symbol);
  }
  document.body.append(defs);
}

/** A small picture of an animal, a bonus or a cactus, centred on (x, y), `s` wide. */
function icon(ctx, kind, x, y, s, title) {
  const use = ctx.svg("use", { href: `#sonora-i-${kind}`, x: x - s / 2, y: y - s / 2, width: s, height: s, "data-icon": kind });
  if (title) use.append(ctx.svg("title", {}, title));
  return use;
}



function mudCactus(ctx, symbol, x, y, s, title) {
  const scale = { S: 0.6, M: 0.8, L: 1 }[symbol] || 0.8;
  const g = icon(ctx, "cactus0", x, y - 2, s * scale, title);
  const label = ctx.svg("text", { x, y: y + s * 0.55, "text-anchor": "middle", "font-size": s * 0.32, "font-weight": 700, fill: "#2f4d1c" }, { S: "2", M: "4", L: "6" }[symbol]);
  return ctx.svg("g", { "data-cactus": symbol }, [g, label]);
}

function bonusIcon(ctx, bonus, x, y, s) {
  return icon(ctx, bonus, x, y, s, ctx.t(`bonus.${bonus}`));
}

function crossMark(ctx, x, y, r, colour = "#222", width = 2) {
  return ctx.svg("path", { d: `M${x - r},${y - r} L${x + r},${y + r} M${x + r},${y - r} L${x - r},${y + r}`, stroke: colour, "stroke-width": width, "stroke-linecap": "round", "pointer-events": "none" });
}

// -- the board -------------------------------------------------------------------------

function boardPoint(svgEl, event) {
  const p = svgEl.createSVGPoint();
  p.x = event.clientX;
  p.y = event.clientY;
  const q = p.matrixTransform(svgEl.getScreenCTM().inverse());
  return [q.x, -q.y];
}

function discArt(ctx, view, d, x, y, extra = {}, scale = 1) {
  const b = view.layout.board;
  const colour = discColour(ctx, view, d);
  const mine = ctx.seat !== null && ctx.seat !== undefined && d.seat === ctx.seat;
  return ctx.svg("g", { transform: `translate(${x} ${-y})${scale === 1 ? "" : ` scale(${scale})`}`, ...extra }, [
    ctx.svg("circle", { r: b.disc, fill: colour, stroke: mine ? "#111" : "rgba(0,0,0,0.55)", "stroke-width": mine ? 2 : 1.2, "data-label-bg": `disc-${discKey(view, d)}` }),
    ctx.svg("circle", { r: b.disc - 3, fill: "none", stroke: "rgba(255,255,255,0.45)", "stroke-width": 1 }),
    ctx.svg("text", { y: 4.5, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: ctx.a11y.inkOn(colour), "pointer-events": "none", "data-label-of": `disc-${discKey(view, d)}` }, d.disc.replace(/^[abc]/, "")),
  ]);
}

function cornerOf(view, seat) {
  const name = view.corners[seat];
  return view.layout.board.corners.find((c) => c.name === name);
}

/** Where the discs in a seat's hand wait: a row outside the frame beside its corner. */
function handSpots(corner, n) {
  const [px, py] = corner.point;
  const sx = Math.sign(px);
  const sy = Math.sign(py);
  const y = sy * (FRAME + 20);
  const step = n > 5 ? (2 * FRAME - 24) / (n - 1) : 28; // solo: 15 discs along one side
  return Array.from({ length: n }, (_, i) => [sx * (FRAME - 12 - i * step), y, Math.min(1, (step - 1) / 25)]);
}

function trackAt(track, frame) {
  const xy = track.xy;
  const n = xy.length / 2;
  const i = frame - track.from_frame;
  if (i <= 0) return [xy[0], xy[1], false];
  if (i >= n - 1) return [xy[2 * n - 2], xy[2 * n - 1], true];
  const f = Math.floor(i);
  const u = i - f;
  return [xy[2 * f] + (xy[2 * f + 2] - xy[2 * f]) * u, xy[2 * f + 1] + (xy[2 * f + 3] - xy[2 * f + 1]) * u, false];
}

function flickDuration(flick) {
  let frames = 0;
  for (const track of flick.tracks) frames = Math.max(frames, track.from_frame + track.xy.length / 2);
  return frames / flick.fps;
}

function flickKey(flick) {
  return flick ? JSON.stringify([flick.seat, flick.disc, flick.asked, flick.applied, flick.tracks.map((t) => t.xy.length)]) : "";
}

/** Start playing back a new flick (not the one on screen when the page opened). A flick is
 * new when the last flight changed, or when the last move is a flick made since the last one
 * seen (a Re-flick aimed exactly like the first flies exactly the same way). */
function followFlick(ctx, view) {
  const { local } = ctx;
  const key = flickKey(view.flick);
  const state = ctx.update.state_id;
  const flicked = Boolean(view.last?.action?.startsWith("flick "));
  const seen = local.flickKey !== undefined;
  const fresh = key !== local.flickKey || (flicked && local.flickState !== state);
  local.flickKey = key;
  if (flicked) local.flickState = state;
  if (!seen || !fresh || !view.flick) return;
  local.anim = { flick: view.flick, t0: performance.now(), duration: flickDuration(view.flick), players: view.players };
  local.played = (local.played || 0) + 1;
}

function animate(local) {
  if (local.looping) return;
  local.looping = true;
  const tick = () => {
    const a = local.anim;
    if (!a || !local.boardEl?.isConnected) {
      local.looping = false;
      return;
    }
    const t = (performance.now() - a.t0) / 1000;
    const fell = new Set(a.flick.fell.map((f) => (a.players === 1 ? f.disc : `${f.seat}:${f.disc}`)));
    for (const track of a.flick.tracks) {
      const key = a.players === 1 ? track.disc : `${track.seat}:${track.disc}`;
      const el = local.boardEl.querySelector(`[data-anim="${CSS.escape(key)}"]`);
      if (!el) continue;
      const [x, y, ended] = trackAt(track, t * a.flick.fps);
      el.setAttribute("transform", `translate(${x} ${-y})`);
      el.style.display = ended && fell.has(key) ? "none" : "";
    }
    if (t >= a.duration) {
      local.anim = null;
      local.looping = false;
      local.redraw?.();
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

function sendFlick(ctx, disc, offset, angle, strength) {
  const text = `flick ${disc} ${offset} ${fmt(angle)} ${strength}`;
  ctx.act({ action: { text }, notation: text, text: { pt: text, en: text } });
}

// The slingshot. A drag outlives redraws (an update may arrive while the disc is pulled back):
// its state is in `local.drag` and the window follows the pointer, reading the board on screen.
let aiming = null; // { ctx, svg, corner, view }: the latest board with a disc to aim

const PULL = 75; // mm of pull for the strongest flick; the speed grows with the pull, the strength with its square

function launchAt(corner, offset) {
  return [corner.launch[0] + offset * corner.right[0], corner.launch[1] + offset * corner.right[1]];
}

function shotFrom(bounds, corner, from, point) {
  const px = point[0] - from[0];
  const py = point[1] - from[1];
  const length = Math.hypot(px, py);
  const dir = length ? [-px / length, -py / length] : corner.towards;
  const along = dir[0] * corner.towards[0] + dir[1] * corner.towards[1];
  const side = dir[0] * corner.right[0] + dir[1] * corner.right[1];
  const limit = bounds.angle[1];
  const angle = Math.max(-limit, Math.min(limit, Math.round((Math.atan2(side, along) * 1800) / Math.PI) / 10));
  const [lo, hi] = bounds.strength;
  const strength = Math.max(lo, Math.min(hi, Math.round(hi * Math.min(1, length / PULL) ** 2)));
  return { length, angle, strength };
}

function showAim() {
  const drag = aiming?.ctx.local.drag;
  if (!drag?.point) return;
  const { ctx, svg: root, corner, view } = aiming;
  const [lx, ly] = launchAt(corner, drag.offset);
  const point = drag.point;
  const s = shotFrom(view.layout.flick, corner, [lx, ly], point);
  const a = (s.angle * Math.PI) / 180;
  const dir = [Math.cos(a) * corner.towards[0] + Math.sin(a) * corner.right[0], Math.cos(a) * corner.towards[1] + Math.sin(a) * corner.right[1]];
  const [ex, ey] = [lx + dir[0] * s.strength, ly + dir[1] * s.strength];
  const set = (selector, attrs) => {
    const el = root.querySelector(selector);
    if (!el) return null;
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    el.setAttribute("visibility", "visible");
    return el;
  };
  set(".aim-band", { x1: lx, y1: -ly, x2: point[0], y2: -point[1] });
  set(".aim-arrow", { x1: lx, y1: -ly, x2: ex, y2: -ey });
  set(".aim-ghost", { cx: ex, cy: -ey });
  // beside the pointer, pulled back outside the board, where the finger does not hide it
  const readout = set(".aim-readout", {
    x: Math.max(-VIEW + 2, Math.min(VIEW - 110, point[0] - 50)),
    y: Math.max(-VIEW + 12, Math.min(VIEW - 4, -point[1] + (point[1] > 0 ? -14 : 22))),
    "data-angle": fmt(s.angle),
    "data-strength": s.strength,
  });
  if (readout) {
    readout.textContent = ctx.t("readout", { angle: fmt(s.angle), strength: s.strength });
    const turn = Number(root.dataset.turn) || 0;
    if (turn) readout.setAttribute("transform", `rotate(${-turn} ${readout.getAttribute("x")} ${readout.getAttribute("y")})`);
  }
}

function endAim(event, cancel) {
  const drag = aiming?.ctx.local.drag;
  if (!drag || event.pointerId !== drag.id) return;
  const { ctx, svg: root, corner, view } = aiming;
  ctx.local.drag = null;
  delete root.dataset.aiming;
  for (const el of root.querySelectorAll(".aim-band, .aim-arrow, .aim-ghost, .aim-readout")) el.setAttribute("visibility", "hidden");
  const s = shotFrom(view.layout.flick, corner, launchAt(corner, drag.offset), boardPoint(root, event));
  if (!cancel && s.length >= 4) sendFlick(ctx, drag.disc, drag.offset, s.angle, s.strength);
}

if (typeof window !== "undefined" && !window.sonoraAiming) {
  window.sonoraAiming = true;
  window.addEventListener("pointermove", (e) => {
    const drag = aiming?.ctx.local.drag;
    if (!drag || e.pointerId !== drag.id) return;
    drag.point = boardPoint(aiming.svg, e);
    showAim();
  });
  window.addEventListener("pointerup", (e) => endAim(e, false));
  window.addEventListener("pointercancel", (e) => endAim(e, true));
}

function aimLayer(ctx, view, svgEl, corner, disc) {
  const { local } = ctx;
  const offset = local.aim.offset;
  const [lx, ly] = launchAt(corner, offset);
  const layer = ctx.svg("g", { class: "aim" });
  layer.append(ctx.svg("line", { x1: corner.launch_line[0][0], y1: -corner.launch_line[0][1], x2: corner.launch_line[1][0], y2: -corner.launch_line[1][1], stroke: "#fff", "stroke-width": 2, "stroke-dasharray": "3 3", opacity: 0.9 }));
  const hidden = { visibility: "hidden", "pointer-events": "none" };
  const band = ctx.svg("line", { class: "aim-band", stroke: "#6b3e1f", "stroke-width": 2.5, "stroke-linecap": "round", ...hidden });
  const arrow = ctx.svg("line", { class: "aim-arrow", stroke: "#111", "stroke-width": 2, "stroke-dasharray": "6 4", "marker-end": "url(#sonora-arrow)", ...hidden });
  const ghost = ctx.svg("circle", { class: "aim-ghost", r: view.layout.board.disc, fill: "none", stroke: "#111", "stroke-width": 1.5, "stroke-dasharray": "3 3", ...hidden });
  const readout = ctx.svg("text", { class: "aim-readout", "font-size": 12, "font-weight": 700, fill: "#111", stroke: "#fff", "stroke-width": 3, "paint-order": "stroke", "data-testid": "aim-readout", ...hidden });
  const d = view.discs.find((x) => x.disc === disc && (view.players === 1 || x.seat === ctx.seat));
  const art = discArt(ctx, view, d, lx, ly, { class: "aim-disc legal", "data-aim": disc });
  art.prepend(ctx.svg("circle", { r: view.layout.board.disc + 5, class: "legal-ring" }));
  art.append(ctx.svg("circle", { r: view.layout.board.disc + 9, class: "focus-ring" }));
  keyboardAim(ctx, view, art, corner, disc);
  layer.append(band, arrow, ghost, art, readout);
  art.addEventListener("pointerdown", (e) => {
    if (ctx.busy) return;
    e.preventDefault();
    local.drag = { id: e.pointerId, disc, offset, point: null };
    svgEl.dataset.aiming = "1";
  });
  aiming = { ctx, svg: svgEl, corner, view };
  if (local.drag && local.drag.disc === disc) {
    svgEl.dataset.aiming = "1";
    queueMicrotask(showAim);
  }
  return layer;
}

/** The point a pull would reach for a flick of `angle` and `strength`: the inverse of shotFrom. */
function pullPoint(bounds, corner, from, angle, strength) {
  const a = (angle * Math.PI) / 180;
  const dir = [Math.cos(a) * corner.towards[0] + Math.sin(a) * corner.right[0], Math.cos(a) * corner.towards[1] + Math.sin(a) * corner.right[1]];
  const length = PULL * Math.sqrt(strength / bounds.strength[1]);
  return [from[0] - dir[0] * length, from[1] - dir[1] * length];
}

/**
 * The slingshot by keyboard: left and right turn the angle, up and down change the strength,
 * Page Up and Page Down move the launch point, Enter or Space flicks; the values are said in
 * the live region and drawn as the pointer's aim would be.
 */
function keyboardAim(ctx, view, art, corner, disc) {
  const { local } = ctx;
  const bounds = view.layout.flick;
  const clamp = (v, [lo, hi]) => Math.max(lo, Math.min(hi, v));
  const angle = () => clamp(Number(local.aim.angle ?? 0) || 0, bounds.angle);
  const strength = () => clamp(Number(local.aim.strength ?? 200) || 0, bounds.strength);
  const values = () => ({ disc, angle: fmt(angle()), strength: strength(), offset: local.aim.offset });
  art.setAttribute("role", "button");
  art.setAttribute("tabindex", "-1");
  art.setAttribute("data-item", `aim-${disc}`);
  art.setAttribute("aria-label", ctx.t("aim_keys", values()));
  if (local.keyAim) {
    local.drag = { id: "keys", disc, offset: local.aim.offset, point: pullPoint(bounds, corner, launchAt(corner, local.aim.offset), angle(), strength()) };
  }
  art.addEventListener("keydown", (e) => {
    const step = e.shiftKey ? 10 : 1;
    const change = {
      ArrowLeft: () => { local.aim.angle = fmt(clamp(angle() - step * bounds.angle_step * 10, bounds.angle)); },
      ArrowRight: () => { local.aim.angle = fmt(clamp(angle() + step * bounds.angle_step * 10, bounds.angle)); },
      ArrowUp: () => { local.aim.strength = clamp(strength() + step * 10, bounds.strength); },
      ArrowDown: () => { local.aim.strength = clamp(strength() - step * 10, bounds.strength); },
      PageUp: () => { local.aim.offset = clamp(local.aim.offset + step, bounds.offset); },
      PageDown: () => { local.aim.offset = clamp(local.aim.offset - step, bounds.offset); },
    }[e.key];
    if (change) {
      e.preventDefault();
      e.stopPropagation();
      change();
      local.keyAim = true;
      ctx.announce(ctx.t("aim_said", values()));
      ctx.redraw();
      return;
    }
    if ((e.key === "Enter" || e.key === " ") && !e.repeat && !ctx.busy) {
      e.preventDefault();
      local.keyAim = false;
      local.drag = null;
      sendFlick(ctx, disc, local.aim.offset, angle(), strength());
    }
  });
}

/** The discs on the board and in hand in words (whose, where, on which multiplier), for screen readers. */
function boardSummary(ctx, view) {
  const rows = view.discs.filter((d) => d.where === "board" || d.where === "hand").map((d) => {
    const where = d.where === "hand" ? ctx.t("in_hand")
      : `${d.area ? ctx.t(`area.${d.area}`) : (d.halves || []).map((a) => ctx.t(`area.${a}`)).join(" | ")}${d.multiplier ? ` · ${ctx.t(`animal.${d.multiplier}`)}` : ""}`;
    return [view.players === 1 ? d.disc : `${ctx.seatName(d.seat)} · ${d.disc}`, where];
  });
  return ctx.a11y.srTable(ctx.t("board_label"), rows, { "data-summary": "sonora" });
}

/**
 * How far to turn the board (degrees, clockwise on screen) so that the viewer's corner is at
 * the bottom, as a player sits at the table; a spectator sits at seat 0's corner. Quarter turns
 * keep the square board square: a corner already at the bottom stays, a top one turns the
 * shorter way.
 */
export function boardTurn(view, seat) {
  const corner = cornerOf(view, seat ?? 0) ?? cornerOf(view, 0);
  if (!corner) return 0;
  const [px, py] = corner.point;
  if (py <= 0) return 0;
  return px < 0 ? -90 : 90;
}

/** Keep the board's words and pictures upright on a turned board: each turns back about its centre. */
function keepUpright(root, turn) {
  if (!turn) return;
  for (const el of root.querySelectorAll("text, use")) {
    let cx;
    let cy;
    if (el.tagName === "use") {
      cx = Number(el.getAttribute("x")) + Number(el.getAttribute("width")) / 2;
      cy = Number(el.getAttribute("y")) + Number(el.getAttribute("height")) / 2;
    } else {
      cx = Number(el.getAttribute("x") || 0);
      cy = Number(el.getAttribute("y") || 0) - 0.35 * Number(el.getAttribute("font-size") || 12);
    }
    const own = el.getAttribute("transform");
    el.setAttribute("transform", `rotate(${-turn} ${cx} ${cy})${own ? ` ${own}` : ""}`);
  }
}

function boardSvg(ctx, view, aim) {
  const { local } = ctx;
  const swaps = aim ? null : swapTargets(ctx, view);
  const interactive = Boolean(aim) || swaps.size > 0;
  const b = view.layout.board;
  const h = b.half;
  const root = ctx.svg("svg", { viewBox: `${-VIEW} ${-VIEW} ${2 * VIEW} ${2 * VIEW}`, width: 2 * VIEW * 2, class: `sonora-board${aim ? " can-aim" : ""}`, role: interactive ? "group" : "img", "aria-label": ctx.t(aim ? "board_aim" : "board_label"), "data-roving": interactive ? "sonora-board" : undefined, "data-touch-fit": "no", "data-played": local.played || 0 });
  root.append(ctx.svg("defs", {}, [
    ctx.svg("marker", { id: "sonora-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" }, [
      ctx.svg("path", { d: "M0,0 L10,5 L0,10 z", fill: "#111" }),
    ]),
    ctx.svg("radialGradient", { id: "sonora-hole" }, [
      ctx.svg("stop", { offset: "0%", "stop-color": "#1b1410" }),
      ctx.svg("stop", { offset: "75%", "stop-color": "#3a2a1e" }),
      ctx.svg("stop", { offset: "100%", "stop-color": "#7a5c43" }),
    ]),
  ]));
  root.append(ctx.svg("rect", { x: -FRAME, y: -FRAME, width: 2 * FRAME, height: 2 * FRAME, rx: 8, fill: "#5b3d26", stroke: "#2e1e12", "stroke-width": 2 }));
  for (const zone of b.zones) {
    const [sx, sy] = zone.signs;
    root.append(ctx.svg("rect", { x: sx < 0 ? -h : 0, y: sy > 0 ? -h : 0, width: h, height: h, fill: ZONE_FILL[zone.area], "data-zone": zone.area }));
    root.append(ctx.svg("text", { x: sx * 72, y: -sy * 70 + 4, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: ZONE_INK[zone.area], opacity: 0.85 }, ctx.t(`area.${zone.area}`)));
  }
  root.append(ctx.svg("path", { d: `M${-h},0 H${h} M0,${-h} V${h}`, stroke: "rgba(80,60,40,0.45)", "stroke-width": 1, "stroke-dasharray": "4 3" }));
  for (const m of b.multipliers) {
    const ring = ctx.svg("g", { "data-multiplier": m.animal }, [
      ctx.svg("title", {}, ctx.t("multiplier", { animal: ctx.t(`animal.${m.animal}`), area: ctx.t(`area.${m.area}`) })),
      ctx.svg("circle", { cx: m.x, cy: -m.y, r: m.radius, fill: "#fbf4e6", stroke: ZONE_INK[m.area], "stroke-width": 2.5 }),
    ]);
    ring.append(icon(ctx, m.animal, m.x, -m.y, m.radius * 1.45));
    root.append(ring);
  }
  root.append(ctx.svg("circle", { cx: 0, cy: 0, r: b.hole, fill: "url(#sonora-hole)", stroke: "#2e1e12", "stroke-width": 1.5 }, [ctx.svg("title", {}, ctx.t("hole"))]));
  const throwers = new Map(view.corners.map((name, seat) => [name, seat]));
  for (const corner of b.corners) {
    const seat = throwers.get(corner.name);
    const pts = corner.pad.map(([x, y]) => `${x},${-y}`).join(" ");
    const used = seat !== undefined;
    root.append(ctx.svg("polygon", { points: pts, fill: used ? "#f3e6cc" : "#cdbb98", stroke: used ? ctx.seatColour(seat) : "#8a7452", "stroke-width": used ? 4 : 2, "data-corner": corner.name, "data-thrower": used ? seat : undefined }, [
      ctx.svg("title", {}, used ? ctx.t("corner_of", { name: ctx.seatName(seat) }) : ctx.t(`area.${corner.zone}`)),
    ]));
    if (used) {
      const [px, py] = corner.point;
      root.append(ctx.svg("text", { x: px - Math.sign(px) * 20, y: -py + Math.sign(py) * 24 + 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#3a2a1e" }, `${seat + 1}`));
    }
  }
  // Discs in hand wait beside their owner's corner; discs on the board where they rest.
  const animated = new Set(local.anim ? local.anim.flick.tracks.map((t) => (view.players === 1 ? t.disc : `${t.seat}:${t.disc}`)) : []);
  const handBy = new Map();
  for (const d of view.discs) {
    if (d.where !== "hand") continue;
    const owner = d.seat;
    if (!handBy.has(owner)) handBy.set(owner, []);
    handBy.get(owner).push(d);
  }
  for (const [seat, discs] of handBy) {
    const corner = cornerOf(view, seat);
    if (!corner) continue;
    const shown = discs.filter((d) => !(aim && d.disc === local.aim.disc && seat === ctx.seat));
    const spots = handSpots(corner, shown.length);
    shown.forEach((d, i) => {
      const pick = aim && aim.discs.includes(d.disc) && seat === ctx.seat;
      const art = discArt(ctx, view, d, spots[i][0], spots[i][1], { "data-hand": discKey(view, d), class: pick ? "hand-pick" : undefined }, spots[i][2]);
      if (pick) art.addEventListener("click", () => { local.aim.disc = d.disc; ctx.redraw(); });
      root.append(art);
    });
  }
  for (const d of view.discs) {
    if (d.where !== "board" || animated.has(discKey(view, d))) continue;
    const art = discArt(ctx, view, d, d.x, d.y, { "data-disc": discKey(view, d), "data-area": d.area ?? "" });
    art.append(ctx.svg("title", {}, `${d.disc} · ${d.area ? ctx.t(`area.${d.area}`) : d.halves.map((a) => ctx.t(`area.${a}`)).join(" | ")}${d.multiplier ? ` · ${ctx.t(`animal.${d.multiplier}`)}` : ""}`));
    const target = swaps?.get(d.disc);
    if (target && d.seat === ctx.seat) {
      art.prepend(ctx.svg("circle", { r: b.disc + 5, class: "legal-ring" }));
      art.setAttribute("class", `legal${local.swapA === d.disc ? " picked" : ""}`);
      art.setAttribute("data-action", `swap-pick ${d.disc}`);
      art.append(ctx.svg("circle", { r: b.disc + 9, class: "focus-ring" }));
      ctx.a11y.svgButton(art, { label: `${d.disc}: ${ctx.t(local.swapA === d.disc ? "swap_unpick" : "swap_pick")}`, item: `swap-${d.disc}`, action: target });
      if (local.swapA === d.disc) art.prepend(ctx.svg("circle", { r: b.disc + 5, fill: "rgba(51,92,103,0.35)" }));
    }
    root.append(art);
  }
  if (local.anim) {
    const a = local.anim;
    for (const track of a.flick.tracks) {
      const d = { disc: track.disc, seat: track.seat };
      const [x, y] = trackAt(track, ((performance.now() - a.t0) / 1000) * a.flick.fps);
      root.append(discArt(ctx, view, d, x, y, { "data-anim": discKey(view, d) }));
    }
    root.dataset.animating = "1";
  }
  aiming = null;
  if (aim) {
    const corner = cornerOf(view, ctx.seat);
    if (corner) root.append(aimLayer(ctx, view, root, corner, local.aim.disc));
  }
  if (!aiming) local.drag = null;
  // § the table: each player flicks from the corner in front of them. The whole drawing turns
  // (a CSS transform, so the pointer maths through getScreenCTM stays in board millimetres).
  const turn = boardTurn(view, ctx.seat);
  root.dataset.turn = String(turn);
  if (turn) root.style.transform = `rotate(${turn}deg)`;
  keepUpright(root, turn);
  return root;
}

/** Swap step: the first tap picks one of your discs, the second the disc it swaps with. */
function swapTargets(ctx, view) {
  const { local, legal } = ctx;
  const swaps = legal.filter((e) => e.notation.startsWith("swap "));
  const out = new Map();
  if (!swaps.length) {
    local.swapA = null;
    return out;
  }
  for (const entry of swaps) {
    const [, a, b] = entry.notation.split(" ");
    if (!local.swapA) {
      for (const x of [a, b]) out.set(x, () => { local.swapA = x; ctx.redraw(); });
    } else if (a === local.swapA || b === local.swapA) {
      const other = a === local.swapA ? b : a;
      out.set(other, () => { local.swapA = null; ctx.act(entry); });
      out.set(local.swapA, () => { local.swapA = null; ctx.redraw(); });
    }
  }
  return out;
}

// -- the scoresheet ------------------------------------------------------------------------

function hexPath(x, y, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i + Math.PI / 6;
    pts.push(`${(x + r * Math.cos(a)).toFixed(2)},${(y + r * Math.sin(a)).toFixed(2)}`);
  }
  return `M${pts.join(" L")} Z`;
}

function hexes(ctx, n, x0, y0, { perRow = 5, r = 8, state, entryFor, nameFor, ink = "#8a4b1f" }) {
  const parts = [];
  const w = Math.sqrt(3) * r;
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / perRow);
    const col = i % perRow;
    const x = x0 + col * w + (row % 2 ? w / 2 : 0) + w / 2;
    const y = y0 + row * 1.5 * r + r;
    const s = state(i);
    const g = ctx.svg("g", { "data-hex": i, "data-mark": s === "empty" ? undefined : s });
    g.append(ctx.svg("path", { d: hexPath(x, y, r - 0.6), fill: s === "ai" ? "#ece4f3" : "#fff", stroke: ink, "stroke-width": 1 }));
    if (s === "crossed") g.append(crossMark(ctx, x, y, r * 0.45, "#222", 1.8));
    if (s === "ai") g.append(ctx.svg("circle", { cx: x, cy: y, r: r * 0.5, fill: "none", stroke: AI_FILL, "stroke-width": 1.6 }));
    if (s === "ai-crossed") {
      g.append(ctx.svg("circle", { cx: x, cy: y, r: r * 0.5, fill: "none", stroke: AI_FILL, "stroke-width": 1.6 }));
      g.append(crossMark(ctx, x, y, r * 0.45, "#222", 1.6));
    }
    const entry = entryFor?.(i);
    if (entry) {
      g.append(ctx.svg("path", { d: hexPath(x, y, r + 1), class: "legal-ring" }));
      clickable(ctx, g, entry, "legal", nameFor?.(i, s) ?? "");
    }
    parts.push(g);
  }
  return parts;
}

function ruinsSvg(ctx, view, desk, entries) {
  const sheet = desk.sheet;
  const buildings = view.layout.sheet.buildings;
  const solo = view.players === 1;
  const r = 8;
  const w = Math.sqrt(3) * r;
  const colW = 5 * w + w / 2 + 8;
  const top = solo ? 44 : 0;
  const blockH = 96;
  const width = 4 * colW;
  const height = top + 2 * blockH;
  // eight buildings of small hexagons: a phone draws them up to four screens wide (a11y.js)
  const root = areaSvg(ctx, "ruins", { viewBox: `0 0 ${width} ${height}`, "data-touch-spread": 4 });
  if (solo) {
    const ai = sheet.ai_building;
    root.append(ctx.svg("text", { x: 2, y: 10, "font-size": 9, "font-weight": 700, fill: AI_FILL }, `${ctx.t("ai_building")} (${ai.crossed}/${ai.circled})`));
    root.append(...hexes(ctx, view.layout.sheet.ai_building, 2, 13, {
      perRow: 15, r: 7, ink: AI_FILL,
      state: (i) => (i < ai.crossed ? "ai-crossed" : i < ai.circled ? "ai" : "empty"),
    }));
  }
  const taken = new Set(view.upper_taken);
  buildings.forEach((bld, i) => {
    const x0 = (i % 4) * colW;
    const y0 = top + Math.floor(i / 4) * blockH;
    const n = sheet.ruins[bld.id];
    const reward = sheet.ruins_rewards[bld.id];
    const g = ctx.svg("g", { "data-building": bld.id });
    g.append(ctx.svg("text", { x: x0 + 2, y: y0 + 10, "font-size": 11, "font-weight": 700, fill: "#8a4b1f" }, bld.id));
    g.append(ctx.svg("text", { x: x0 + 14, y: y0 + 10, "font-size": 8, fill: "#6b5a33" }, `${n}/${bld.hexes}`));
    g.append(...hexes(ctx, bld.hexes, x0 + 2, y0 + 13, {
      r,
      state: (k) => (k < n ? "crossed" : "empty"),
      entryFor: (k) => (k >= n ? entries.get(`ruins ${bld.id} ${k - n + 1}`) : null),
      nameFor: (k, s) => ctx.t("n.hex", { area: ctx.t("area.ruins"), building: bld.id, i: k + 1, n: bld.hexes, state: markWords(ctx, { crossed: s === "crossed" }) }),
    }));
    // rewards: the upper one (bonus and points) for the first to finish, the lower for the rest
    const ry = y0 + 13 + 5 * 1.5 * r + 4;
    const upperGone = taken.has(bld.id) && reward !== "upper";
    const upWords = `${ctx.t("upper", { bonus: ctx.t(`bonus.${bld.upper.bonus}`), points: bld.upper.points })}${upperGone ? ` · ${ctx.t("taken")}` : ""}`;
    const up = ctx.svg("g", { "data-reward": `${bld.id}-upper`, opacity: upperGone ? 0.45 : 1, role: "img", "aria-label": `${bld.id}: ${upWords}` }, [
      ctx.svg("title", {}, `${ctx.t("upper", { bonus: ctx.t(`bonus.${bld.upper.bonus}`), points: bld.upper.points })}${upperGone ? ` · ${ctx.t("taken")}` : ""}`),
      ctx.svg("rect", { x: x0 + 2, y: ry, width: 44, height: 18, rx: 4, fill: "#fff6e6", stroke: reward === "upper" ? "#111" : "#c9a27a", "stroke-width": reward === "upper" ? 2.2 : 1 }),
      bonusIcon(ctx, bld.upper.bonus, x0 + 12, ry + 9, 14),
      ctx.svg("text", { x: x0 + 33, y: ry + 13, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#5a3a1a" }, String(bld.upper.points)),
    ]);
    if (upperGone) up.append(ctx.svg("path", { d: `M${x0 + 2},${ry + 18} L${x0 + 46},${ry}`, stroke: "#b91c1c", "stroke-width": 2 }));
    const low = ctx.svg("g", { "data-reward": `${bld.id}-lower`, role: "img", "aria-label": `${bld.id}: ${ctx.t("lower", { points: bld.lower })}` }, [
      ctx.svg("title", {}, ctx.t("lower", { points: bld.lower })),
      ctx.svg("rect", { x: x0 + 50, y: ry, width: 24, height: 18, rx: 4, fill: "#fff6e6", stroke: reward === "lower" ? "#111" : "#c9a27a", "stroke-width": reward === "lower" ? 2.2 : 1 }),
      ctx.svg("text", { x: x0 + 62, y: ry + 13, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#5a3a1a" }, String(bld.lower)),
    ]);
    g.append(up, low);
    root.append(g);
  });
  return root;
}

function riverSvg(ctx, view, desk, entries, interactive) {
  const { local } = ctx;
  const spaces = view.layout.sheet.riverbed;
  const sx = 36;
  const sy = 27;
  const r = 11;
  const width = 8 * sx;
  const height = 14 * sy + 8;
  const at = (s) => [width / 2 + s.pos[0] * sx, 16 + s.pos[1] * sy];
  const byId = new Map(spaces.map((s) => [s.id, s]));
  const rb = desk.sheet.riverbed;
  const crossed = new Set(rb.crossed);
  const circled = new Set(rb.circled);
  const ai = new Set(rb.ai);
  const previews = interactive ? desk.previews : { paths: {}, ai_paths: [] };
  const root = areaSvg(ctx, "riverbed", { viewBox: `0 0 ${width} ${height}` });
  for (const s of spaces) {
    if (!s.parent) continue;
    const [x1, y1] = at(byId.get(s.parent));
    const [x2, y2] = at(s);
    root.append(ctx.svg("line", { x1, y1, x2, y2, stroke: "#7fb2d4", "stroke-width": 5, "stroke-linecap": "round" }));
  }
  const endsHere = new Map();
  for (const [a, b, path] of previews.ai_paths || []) {
    if (!endsHere.has(b)) endsHere.set(b, []);
    endsHere.get(b).push({ notation: `ai path ${a} ${b}`, path });
  }
  for (const s of spaces) {
    const [x, y] = at(s);
    const g = ctx.svg("g", { "data-space": s.id });
    const filled = ai.has(s.id);
    const mark = filled ? "ai" : circled.has(s.id) ? "circled" : crossed.has(s.id) ? "crossed" : null;
    if (mark) g.setAttribute("data-mark", mark);
    g.append(ctx.svg("circle", { cx: x, cy: y, r, fill: filled ? AI_FILL : "#fff", stroke: "#1f5f8b", "stroke-width": 1.4 }));
    if (s.id === "X") {
      g.append(crossMark(ctx, x, y, 5, "#1f5f8b", 2.4));
    } else if (!filled) {
      if (s.bonus) g.append(bonusIcon(ctx, s.bonus, x, y, 15));
      else g.append(ctx.svg("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#1f3f5b" }, String(s.points)));
    }
    if (s.ai_start) g.append(ctx.svg("rect", { x: x + r - 3, y: y + r - 3, width: 5, height: 5, fill: "#111" }));
    if (crossed.has(s.id)) g.append(crossMark(ctx, x, y, 6, "#222", 2));
    if (circled.has(s.id)) g.append(ctx.svg("circle", { cx: x, cy: y, r: r + 2.5, fill: "none", stroke: "#111", "stroke-width": 2 }));
    const entry = interactive ? entries.get(`path ${s.id}`) : null;
    // printed first (the points or the bonus), then the space and its marks
    const printedWords = s.id === "X" ? ctx.t("n.start") : s.bonus ? ctx.t(`bonus.${s.bonus}`) : ctx.t(s.points === 1 ? "n.point" : "n.points", { n: s.points });
    const spaceWords = ctx.t("n.space", {
      printed: printedWords, area: ctx.t("area.riverbed"), id: s.id,
      state: filled ? ctx.t("ai_colour") : markWords(ctx, { crossed: crossed.has(s.id), circled: circled.has(s.id) }),
    });
    if (entry) {
      g.append(ctx.svg("circle", { cx: x, cy: y, r: r + 4, class: "legal-ring" }));
      const path = previews.paths[s.id] || [];
      clickable(ctx, g, entry, "legal", path.length ? `${spaceWords}; ${ctx.t("n.through", { list: path.join(", ") })}` : spaceWords);
      g.addEventListener("pointerenter", () => highlight(root, path));
      g.addEventListener("pointerleave", () => highlight(root, []));
    }
    const aiEnds = interactive ? endsHere.get(s.id) : null;
    if (aiEnds && !entry) {
      const only = aiEnds.length === 1 ? entries.get(aiEnds[0].notation) : null;
      g.append(ctx.svg("circle", { cx: x, cy: y, r: r + 4, class: "legal-ring" }));
      g.setAttribute("class", "ai-legal");
      if (only) clickable(ctx, g, only, "legal ai-legal", spaceWords);
      g.addEventListener("pointerenter", () => highlight(root, aiEnds.flatMap((p) => p.path)));
      g.addEventListener("pointerleave", () => highlight(root, []));
    }
    root.append(g);
  }
  return root;
}

function highlight(root, ids) {
  const on = new Set(ids);
  for (const g of root.querySelectorAll("[data-space]")) g.classList.toggle("previewed", on.has(g.dataset.space));
}

function cellName(r, c) {
  return `${COLS[c]}${r + 1}`;
}

function parseCell(name) {
  return [Number(name.slice(1)) - 1, COLS.indexOf(name[0])];
}

/** The shape chosen in the palette, turned and flipped: cells relative to its anchor. */
function shapeCells(shape, turns, flipped) {
  let cells = shape.map(([r, c]) => [r, flipped ? -c : c]);
  for (let i = 0; i < turns; i++) cells = cells.map(([r, c]) => [c, -r]);
  const r0 = Math.min(...cells.map(([r]) => r));
  const c0 = Math.min(...cells.map(([, c]) => c));
  return cells.map(([r, c]) => [r - r0, c - c0]);
}

/** A Canyon square in words: what is printed there, then how it is marked. */
function canyonWords(ctx, printed, kind, mark, inShape, name) {
  const words = [];
  if ("abc".includes(printed)) words.push(ctx.t(`cactus.${"abc".indexOf(printed)}`));
  else if (["swap", "reflick", "fox", "owl", "rabbit", "discovery"].includes(kind)) words.push(ctx.t(`bonus.${kind}`));
  else if (printed === "S") words.push(ctx.t("n.start_cell"));
  else if (printed === "I") words.push(ctx.t("n.ai_start"));
  if (mark === "#") words.push(ctx.t("ai_colour"));
  else if (mark === "X" && printed !== "S") words.push(ctx.t("n.crossed"));
  if (inShape) words.push(ctx.t("n.in_shape"));
  return ctx.t("n.cell", { area: ctx.t("area.canyon"), cell: name, content: words.length ? words.join(", ") : ctx.t("n.empty") });
}

function canyonSvg(ctx, view, desk, entries, interactive) {
  const { local } = ctx;
  const L = view.layout.sheet.canyon;
  const size = 24;
  const tableW = 84;
  const width = L.cols * size + tableW + 6;
  const height = L.rows * size + 4;
  const sheet = desk.sheet.canyon;
  const mineRows = sheet.rows;
  const shapeOf = new Map();
  sheet.drawn.forEach((cells, i) => cells.forEach((name) => shapeOf.set(name, i)));
  sheet.ai_drawn.forEach((cells, i) => cells.forEach((name) => shapeOf.set(name, `ai${i}`)));
  const current = new Set(interactive ? desk.work.shape : []);
  const root = areaSvg(ctx, "canyon", { viewBox: `0 0 ${width} ${height}` });
  const ox = tableW + 4;
  const cellXY = (r, c) => [ox + c * size, 2 + r * size];
  const legend = L.legend;
  for (let r = 0; r < L.rows; r++) {
    for (let c = 0; c < L.cols; c++) {
      const printed = L.printed[r][c];
      if (printed === "#") continue;
      const [x, y] = cellXY(r, c);
      const name = cellName(r, c);
      const mark = mineRows[r][c];
      const g = ctx.svg("g", { "data-cell": name, "data-mark": mark === "X" && printed !== "S" ? "mine" : mark === "#" ? "ai" : undefined });
      const fill = mark === "#" ? AI_FILL : mark === "X" ? (printed === "S" ? "#d9cbb3" : "#f6d7a8") : current.has(name) ? "#fff3b0" : "#fffdf8";
      g.append(ctx.svg("rect", { x, y, width: size, height: size, fill, stroke: "#d4b08c", "stroke-width": 0.8 }));
      const kind = legend[printed];
      if (mark !== "#") {
        if (printed === "a" || printed === "b" || printed === "c") g.append(icon(ctx, `cactus${"abc".indexOf(printed)}`, x + size / 2, y + size / 2, size * 0.9, ctx.t(`cactus.${"abc".indexOf(printed)}`)));
        else if (["swap", "reflick", "fox", "owl", "rabbit", "discovery"].includes(kind)) g.append(bonusIcon(ctx, kind, x + size / 2, y + size / 2, size * 0.75));
        else if (printed === "S") g.append(ctx.svg("path", { d: `M${x + 3},${y + size - 3} L${x + size - 3},${y + 3}`, stroke: "#a08760", "stroke-width": 1.2 }));
      }
      if (printed === "I") g.append(ctx.svg("rect", { x: x + size / 2 - 3, y: y + size / 2 - 3, width: 6, height: 6, fill: mark === "#" ? "#fff" : "#111" }));
      if (interactive) {
        const entry = entries.get(`cell ${name}`) || entries.get(`ai cell ${name}`);
        if (entry && !local.shape) {
          g.append(ctx.svg("rect", { x: x + 2, y: y + 2, width: size - 4, height: size - 4, class: "legal-ring" }));
          clickable(ctx, g, entry, entry.notation.startsWith("ai ") ? "legal ai-legal" : "legal", canyonWords(ctx, printed, kind, mark, current.has(name), name));
        } else if (local.shape && !local.queue) {
          g.addEventListener("pointerenter", () => { local.shapeAt = [r, c]; drawGhost(ctx, view, root, cellXY, size); });
          g.addEventListener("click", () => { local.shapeAt = [r, c]; local.shapeNote = null; ctx.redraw(); });
          g.setAttribute("class", "placeable");
        }
      }
      root.append(g);
    }
  }
  // outlines: every shape's border (edges between squares of different shapes)
  const outline = (key, stroke, widthPx) => {
    const d = [];
    for (const [name, k] of shapeOf) {
      if (k !== key) continue;
      const [r, c] = parseCell(name);
      const [x, y] = cellXY(r, c);
      const same = (rr, cc) => shapeOf.get(cellName(rr, cc)) === key && rr >= 0 && cc >= 0 && cc < L.cols && rr < L.rows;
      if (!same(r - 1, c)) d.push(`M${x},${y} h${size}`);
      if (!same(r + 1, c)) d.push(`M${x},${y + size} h${size}`);
      if (!same(r, c - 1)) d.push(`M${x},${y} v${size}`);
      if (!same(r, c + 1)) d.push(`M${x + size},${y} v${size}`);
    }
    if (d.length) root.append(ctx.svg("path", { d: d.join(" "), stroke, "stroke-width": widthPx, fill: "none", "stroke-linecap": "square", "pointer-events": "none", "data-shape": key }));
  };
  sheet.drawn.forEach((_, i) => outline(i, "#6b3e1f", 2.2));
  sheet.ai_drawn.forEach((_, i) => outline(`ai${i}`, "#cfc6e0", 1.6));
  // the pre-drawn 2x2
  const start = [];
  L.printed.forEach((row, r) => [...row].forEach((ch, c) => { if (ch === "S") start.push([r, c]); }));
  if (start.length) {
    const [r0, c0] = start[0];
    const [x, y] = cellXY(r0, c0);
    root.append(ctx.svg("rect", { x, y, width: 2 * size, height: 2 * size, fill: "none", stroke: "#6b3e1f", "stroke-width": 2.2, "pointer-events": "none" }));
  }
  // the cactus table: a column per type, crossed top down
  const counts = sheet.cacti;
  root.append(ctx.svg("text", { x: 2, y: 10, "font-size": 8, "font-weight": 700, fill: "#96401b" }, ctx.t("table")));
  [0, 1, 2].forEach((t) => root.append(icon(ctx, `cactus${t}`, 10 + t * 18, 22, 14, ctx.t(`cactus.${t}`))));
  L.table.forEach((points, i) => {
    const y = 32 + i * 14;
    [0, 1, 2].forEach((t) => {
      const x = 3 + t * 18;
      root.append(ctx.svg("rect", { x, y, width: 14, height: 12, fill: "#fff", stroke: "#d4b08c" }));
      if (counts[t] > i) root.append(crossMark(ctx, x + 7, y + 6, 4, "#222", 1.5));
    });
    root.append(ctx.svg("text", { x: 58, y: y + 10, "font-size": 9, "font-weight": 700, fill: "#5a3a1a" }, String(points)));
  });
  root.append(ctx.svg("text", { x: 3, y: 32 + L.table.length * 14 + 10, "font-size": 9, fill: "#5a3a1a" }, `+${L.overflow}…`));
  if (interactive && local.shape) drawGhost(ctx, view, root, cellXY, size);
  return root;
}

function ghostCells(ctx, view) {
  const { local } = ctx;
  if (!local.shape || !local.shapeAt) return [];
  const shape = view.layout.sheet.canyon.polyominoes[local.shape.index];
  const [r0, c0] = local.shapeAt;
  return shapeCells(shape, local.shape.turns, local.shape.flipped).map(([r, c]) => [r0 + r, c0 + c]);
}

function drawGhost(ctx, view, root, cellXY, size) {
  root.querySelector(".ghost")?.remove();
  const L = view.layout.sheet.canyon;
  const g = ctx.svg("g", { class: "ghost", "pointer-events": "none" });
  for (const [r, c] of ghostCells(ctx, view)) {
    if (r < 0 || c < 0 || r >= L.rows || c >= L.cols) continue;
    const [x, y] = cellXY(r, c);
    g.append(ctx.svg("rect", { x: x + 1.5, y: y + 1.5, width: size - 3, height: size - 3, fill: "rgba(51,92,103,0.35)", stroke: "#335c67", "stroke-width": 2 }));
  }
  root.append(g);
}

/** Draw the chosen shape: its squares one at a time, each one a legal entry when it is sent. */
function placeShape(ctx, view) {
  const { local, legal } = ctx;
  const cells = ghostCells(ctx, view).map(([r, c]) => cellName(r, c));
  const legalNow = new Set(legal.filter((e) => e.notation.startsWith("cell ")).map((e) => e.notation.slice(5)));
  const first = cells.find((name) => legalNow.has(name));
  if (!first) {
    local.shapeNote = ctx.t("no_start");
    ctx.redraw();
    return;
  }
  // breadth-first from the first square, so each next square touches the ones drawn
  const left = new Set(cells);
  const order = [first];
  left.delete(first);
  for (let i = 0; i < order.length; i++) {
    const [r, c] = parseCell(order[i]);
    for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
      const name = cellName(r + dr, c + dc);
      if (left.has(name)) {
        left.delete(name);
        order.push(name);
      }
    }
  }
  local.queue = { cells: order, sent: null, acted: false };
  local.shape = null;
  local.shapeAt = null;
  runQueue(ctx);
}

function runQueue(ctx) {
  const { local } = ctx;
  const q = local.queue;
  if (!q || ctx.busy) return;
  const sid = ctx.update.state_id;
  if (q.sent !== null) {
    if (!q.acted) return;
    if (q.sent === sid) {
      local.queue = null; // refused: the shell shows the server's message
      return;
    }
    q.sent = null;
    q.acted = false;
  }
  const entries = entriesByNotation(ctx.legal);
  let entry = null;
  if (q.cells.length) {
    entry = entries.get(`cell ${q.cells[0]}`);
    if (!entry) {
      local.queue = null;
      local.shapeNote = ctx.t("shape_stopped");
      return;
    }
    q.cells.shift();
  } else {
    entry = (ownDesk(ctx.view)?.work.shape.length ?? 0) > 0 ? entries.get("end") : null;
    local.queue = null;
    if (!entry) return;
  }
  q.sent = sid;
  const act = ctx.act;
  setTimeout(async () => {
    await act(entry);
    q.acted = true;
    local.redraw?.();
  }, 0);
}

function mudSvg(ctx, view, desk, entries, interactive) {
  const L = view.layout.sheet.mudcracks;
  const unit = 40;
  const sheet = desk.sheet.mudcracks;
  const marked = new Set(sheet.marked);
  const aiCircles = sheet.ai_circles;
  const pos = new Map(L.nodes.map((n) => [n.id, [n.axial[0] + n.axial[1] / 2, (n.axial[1] * Math.sqrt(3)) / 2]]));
  const xs = [...pos.values()].map(([x]) => x);
  const ys = [...pos.values()].map(([, y]) => y);
  const pad = 20;
  const colH = 6 * 13 + 30;
  const width = (Math.max(...xs) - Math.min(...xs)) * unit + 2 * pad;
  const latticeH = (Math.max(...ys) - Math.min(...ys)) * unit + 2 * pad;
  const height = latticeH + colH;
  const at = (id) => {
    const [x, y] = pos.get(id);
    return [pad + (x - Math.min(...xs)) * unit, pad + (y - Math.min(...ys)) * unit];
  };
  const root = areaSvg(ctx, "mudcracks", { viewBox: `0 0 ${width} ${height}` });
  root.append(ctx.svg("rect", { x: 0, y: 0, width, height: latticeH, fill: "#efe4cc", rx: 6 }));
  const edges = new Map();
  for (const face of L.faces) {
    const [a, b, c] = face.nodes;
    for (const [p, q] of [[a, b], [b, c], [a, c]]) edges.set([p, q].sort().join("|"), [p, q]);
    const pts = face.nodes.map(at);
    const enclosed = face.nodes.every((n) => marked.has(n));
    root.append(ctx.svg("polygon", { points: pts.map(([x, y]) => `${x},${y}`).join(" "), fill: enclosed ? "rgba(214,158,0,0.28)" : "none", "data-face": face.nodes.join("-") }));
    const cx = (pts[0][0] + pts[1][0] + pts[2][0]) / 3;
    const cy = (pts[0][1] + pts[1][1] + pts[2][1]) / 3;
    if (["S", "M", "L"].includes(face.symbol)) root.append(mudCactus(ctx, face.symbol, cx, cy, 15, ctx.t(`cactus.${face.symbol}`)));
    else if (face.symbol !== "-") root.append(bonusIcon(ctx, face.symbol, cx, cy, 12));
  }
  for (const [p, q] of edges.values()) {
    const [x1, y1] = at(p);
    const [x2, y2] = at(q);
    const both = marked.has(p) && marked.has(q);
    root.append(ctx.svg("line", { x1, y1, x2, y2, stroke: both ? "#3a2a1e" : "#b9a57e", "stroke-width": both ? 2.6 : 1, "pointer-events": "none" }));
  }
  const beside = new Map();
  for (const face of L.faces) {
    if (face.symbol === "-") continue;
    const words = ["S", "M", "L"].includes(face.symbol) ? ctx.t(`cactus.${face.symbol}`) : ctx.t(`bonus.${face.symbol}`);
    for (const n of face.nodes) beside.set(n, [...(beside.get(n) || []), words]);
  }
  const mud = ctx.t("area.mudcracks");
  for (const node of L.nodes) {
    const [x, y] = at(node.id);
    const g = ctx.svg("g", { "data-node": node.id, "data-mark": marked.has(node.id) && node.id !== "X" ? "marked" : undefined });
    g.append(ctx.svg("circle", { cx: x, cy: y, r: 8.5, fill: "#fffaf0", stroke: "#6b5a33", "stroke-width": 1.2 }));
    if (node.id === "X" || marked.has(node.id)) g.append(crossMark(ctx, x, y, 4.5, "#3a2a1e", 2));
    else g.append(ctx.svg("text", { x, y: y + 3.5, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#3a2a1e" }, String(node.value)));
    if (node.ai_circles) {
      // the solo circles around an outer node, pointing outwards
      const [cx0, cy0] = at("X");
      const base = Math.atan2(y - cy0, x - cx0);
      const filledN = aiCircles[node.id] || 0;
      const aiEntry = interactive ? entries.get(`ai circle ${node.id}`) : null;
      const ring = ctx.svg("g", { "data-ai-circles": node.id });
      for (let i = 0; i < node.ai_circles; i++) {
        const a = base + (i - 1) * 0.75;
        ring.append(ctx.svg("circle", { cx: x + Math.cos(a) * 13, cy: y + Math.sin(a) * 13, r: 2.8, fill: i < filledN ? AI_FILL : "#fff", stroke: AI_FILL, "stroke-width": 0.9 }));
      }
      if (aiEntry) {
        ring.append(ctx.svg("circle", { cx: x, cy: y, r: 17, class: "legal-ring" }));
        clickable(ctx, ring, aiEntry, "legal ai-legal", ctx.t("n.ai_circles", { area: mud, id: node.id, k: filledN, n: node.ai_circles }));
      }
      g.append(ring);
    }
    const entry = interactive ? entries.get(`node ${node.id}`) : null;
    if (entry) {
      g.append(ctx.svg("circle", { cx: x, cy: y, r: 11.5, class: "legal-ring" }));
      const near = beside.get(node.id) || [];
      const state = node.id === "X" ? ctx.t("n.start") : markWords(ctx, { crossed: marked.has(node.id) });
      const words = ctx.t("n.node", { value: node.value, area: mud, id: node.id, state });
      clickable(ctx, g, entry, "legal", near.length ? `${words}, ${ctx.t("n.beside", { list: near.join(", ") })}` : words);
    }
    root.append(g);
  }
  // bonus columns: fill every box of a column to take its bonus
  const cols = L.columns;
  const colW = width / cols.length;
  cols.forEach((col, i) => {
    const x = i * colW + colW / 2;
    const n = sheet.columns[i];
    const g = ctx.svg("g", { "data-column": col.bonus });
    for (let k = 0; k < col.boxes; k++) {
      const y = latticeH + 6 + (5 - k) * 13 + (6 - col.boxes) * 0;
      g.append(ctx.svg("rect", { x: x - 6, y, width: 12, height: 11, fill: "#fff", stroke: "#6b5a33", "stroke-width": 0.9 }));
      if (k < n) g.append(crossMark(ctx, x, y + 5.5, 3.5, "#222", 1.4), ctx.svg("g", { "data-mark": "box" }));
    }
    g.append(bonusIcon(ctx, col.bonus, x, latticeH + 6 + 6 * 13 + 9, 15));
    const entry = interactive ? entries.get(`box ${col.bonus}`) : null;
    if (entry) {
      const y = latticeH + 6 + (5 - n) * 13;
      g.append(ctx.svg("rect", { x: x - 8, y: y - 2, width: 16, height: 15, class: "legal-ring" }));
      clickable(ctx, g, entry, "legal", ctx.t("n.column", { area: mud, bonus: ctx.t(`bonus.${col.bonus}`), k: n, n: col.boxes }));
    } else {
      named(g, ctx.t("n.column", { area: mud, bonus: ctx.t(`bonus.${col.bonus}`), k: n, n: col.boxes }));
    }
    root.append(g);
  });
  return root;
}

function bonusSvg(ctx, view, desk) {
  const L = view.layout.sheet;
  const b = desk.sheet.bonuses;
  const width = 260;
  const height = 148;
  const root = areaSvg(ctx, "bonuses", { viewBox: `0 0 ${width} ${height}` });
  const row = (kind, circled, crossed, n, y) => {
    for (let i = 0; i < n; i++) {
      const x = 14 + i * 22;
      const state = i < circled ? markWords(ctx, { circled: true, crossed: i < crossed }) : ctx.t("n.not_earned");
      const g = named(ctx.svg("g", { opacity: i < circled ? 1 : 0.35, "data-track": kind }), ctx.t("n.track", { bonus: ctx.t(`bonus.${kind}`), i: i + 1, n, state }));
      g.append(bonusIcon(ctx, kind, x, y, 16));
      if (i < circled) g.append(ctx.svg("circle", { cx: x, cy: y, r: 10, fill: "none", stroke: "#111", "stroke-width": 1.6 }));
      if (i < crossed) g.append(crossMark(ctx, x, y, 6, "#111", 2));
      root.append(g);
    }
  };
  root.append(ctx.svg("text", { x: 2, y: 10, "font-size": 9, "font-weight": 700, fill: "#333" }, ctx.t("track")));
  row("reflick", b.reflick.circled, b.reflick.crossed, L.track, 24);
  row("swap", b.swap.circled, b.swap.crossed, L.track, 48);
  root.append(ctx.svg("text", { x: 2, y: 74, "font-size": 9, "font-weight": 700, fill: "#333" }, ctx.t("discovery")));
  let x = 14;
  for (const animal of ["fox", "owl", "rabbit"]) {
    const d = b.discovery[animal];
    for (let i = 0; i < L.discovery[animal]; i++) {
      const state = i < d.circled ? markWords(ctx, { circled: true, crossed: i < d.crossed }) : ctx.t("n.not_earned");
      const g = named(ctx.svg("g", { opacity: i < d.circled ? 1 : 0.35, "data-discovery": animal }), ctx.t("n.track", { bonus: ctx.t(`bonus.${animal}`), i: i + 1, n: L.discovery[animal], state }));
      g.append(bonusIcon(ctx, animal, x, 88, 16));
      if (i < d.circled) g.append(ctx.svg("circle", { cx: x, cy: 88, r: 10, fill: "none", stroke: "#111", "stroke-width": 1.6 }));
      if (i < d.crossed) g.append(crossMark(ctx, x, 88, 6, "#111", 2));
      root.append(g);
      x += 22;
    }
    x += 6;
  }
  const s = desk.sheet.scores;
  const areas = [["lizard", "ruins"], ["owl", "riverbed"], ["fox", "canyon"], ["rabbit", "mudcracks"]];
  areas.forEach(([animal, area], i) => {
    const cx = 22 + i * 48;
    root.append(icon(ctx, animal, cx, 118, 18, ctx.t(`area.${area}`)));
    root.append(ctx.svg("text", { x: cx + 12, y: 123, "font-size": 12, "font-weight": 700, fill: "#222", "data-score": area }, String(s[area])));
  });
  const total = Object.values(s).reduce((a, v) => a + v, 0);
  root.append(ctx.svg("text", { x: 214, y: 123, "font-size": 12, "font-weight": 700, fill: "#222" }, `= ${total}`));
  return root;
}

function todoLine(ctx, view, desk) {
  const w = desk.work;
  const parts = [];
  if (w.ruins) parts.push(ctx.t("todo.ruins", { n: w.ruins }));
  if (w.canyon.length) parts.push(ctx.t("todo.canyon", { list: w.canyon.join(", ") }));
  if (w.riverbed.length) parts.push(ctx.t("todo.riverbed", { list: w.riverbed.join(", ") }));
  if (w.owls) parts.push(ctx.t("todo.owls", { n: w.owls }));
  if (w.mudcracks) parts.push(ctx.t("todo.mudcracks", { n: w.mudcracks }));
  if (w.discover) parts.push(ctx.t("todo.discover", { n: w.discover }));
  const ai = w.ai;
  if (ai.canyon.length || ai.riverbed.length || ai.mudcracks) {
    parts.push(ctx.t("todo.ai", { canyon: ai.canyon.join(", ") || "–", river: ai.riverbed.join(", ") || "–", mud: ai.mudcracks }));
  }
  return ctx.h("p", { class: "sonora-todo", "data-testid": "todo" }, [ctx.h("strong", {}, `${ctx.t("todo")} `), parts.length ? parts.join(" · ") : ctx.t("nothing_todo")]);
}

function sheetPanel(ctx, view, seat, desk, { interactive, sealed }) {
  const entries = interactive ? entriesByNotation(ctx.legal) : new Map();
  const mine = seat === ctx.seat;
  const total = Object.values(desk.sheet.scores).reduce((a, v) => a + v, 0);
  const area = (name, animal, svgEl) => ctx.h("div", { class: "area", "data-testid": `area-${name}` }, [
    ctx.h("h4", {}, [ctx.svg("svg", { viewBox: "-10 -10 20 20", width: 18, height: 18 }, ctx.svg("use", { href: `#sonora-i-${animal}` })), ctx.t(`area.${name}`)]),
    svgEl,
  ]);
  const parts = [
    ctx.h("h3", {}, [
      ctx.h("span", { class: "dot", style: `background:${ctx.seatColour(seat)}` }),
      mine ? ctx.t("your_sheet") : ctx.t("sheet_of", { name: ctx.seatName(seat) }),
      view.sheets[seat].done && view.phase !== "flick" && view.phase !== "over" ? ctx.h("span", { class: "badge done" }, ctx.t("done_mark")) : null,
      ctx.h("span", { class: "pts" }, ctx.t("sheet_total", { n: total })),
    ]),
  ];
  if (sealed && !mine) parts.push(ctx.h("p", { class: "muted" }, ctx.t("sealed_note")));
  if (["ai", "ruins", "areas"].includes(view.phase)) parts.push(todoLine(ctx, view, desk));
  parts.push(ctx.h("div", { class: "areas" }, [
    area("ruins", "lizard", ruinsSvg(ctx, view, desk, entries)),
    area("riverbed", "owl", riverSvg(ctx, view, desk, entries, interactive)),
    area("canyon", "fox", canyonSvg(ctx, view, desk, entries, interactive)),
    area("mudcracks", "rabbit", mudSvg(ctx, view, desk, entries, interactive)),
    ctx.h("div", { class: "area", "data-testid": "area-bonuses" }, [ctx.h("h4", {}, ctx.t("scores")), bonusSvg(ctx, view, desk)]),
  ]));
  return ctx.h("div", { class: "sonora-sheet", "data-sheet": seat }, parts);
}

// -- the decision panel -------------------------------------------------------------------

/** The phases whose choices are made on the seat's own sheet. */
const SHEET_PHASES = new Set(["ai", "ruins", "areas"]);
const ON_SHEET = /^(ruins |cell |ai cell |path |node |ai circle |box |flick |swap )/;

function colourChip(ctx, letter) {
  return ctx.h("span", { class: "sonora-chip", style: `background:${SOLO_HEX[letter]}` }, letter.toUpperCase());
}

function entryLabel(ctx, entry) {
  const words = entry.notation.split(" ");
  if (words[0] === "colours") {
    // solo: your colour, then the AI's
    return [`${ctx.t("you_colour")} `, colourChip(ctx, words[1]), ` ${ctx.t(`colour.${words[1]}`)} · ${ctx.t("ai_colour")} `, colourChip(ctx, words[2]), ` ${ctx.t(`colour.${words[2]}`)}`];
  }
  return ctx.pick(entry.text);
}

function entryButton(ctx, entry, extra = {}) {
  return ctx.h("button", { type: "button", "data-notation": entry.notation, disabled: ctx.busy, onclick: () => ctx.act(entry), title: ctx.pick(entry.text), ...extra }, entryLabel(ctx, entry));
}

function shapeTool(ctx, view, desk) {
  const { local } = ctx;
  const max = Math.max(0, ...desk.work.canyon);
  const shapes = view.layout.sheet.canyon.polyominoes.map((cells, index) => ({ cells, index })).filter((s) => s.cells.length <= max);
  const palette = shapes.map((s) => {
    const cells = local.shape?.index === s.index ? shapeCells(s.cells, local.shape.turns, local.shape.flipped) : s.cells;
    const rows = Math.max(...cells.map(([r]) => r)) + 1;
    const cols = Math.max(...cells.map(([, c]) => c)) + 1;
    const pic = ctx.svg("svg", { viewBox: `-1 -1 ${5 * 6 + 2} ${5 * 6 + 2}`, width: 30, height: 30 }, cells.map(([r, c]) => ctx.svg("rect", { x: c * 6 + (5 - cols) * 3, y: r * 6 + (5 - rows) * 3, width: 5.4, height: 5.4, fill: "#d9771f" })));
    return ctx.h("button", {
      type: "button",
      class: local.shape?.index === s.index ? "selected" : "",
      "data-shape": s.index,
      title: String(s.cells.length),
      onclick: () => {
        local.shape = local.shape?.index === s.index ? null : { index: s.index, turns: 0, flipped: false };
        local.shapeNote = null;
        ctx.redraw();
      },
    }, pic);
  });
  const controls = local.shape ? [
    ctx.h("button", { type: "button", "data-action": "rotate", onclick: () => { local.shape.turns = (local.shape.turns + 1) % 4; ctx.redraw(); } }, ctx.t("rotate")),
    ctx.h("button", { type: "button", "data-action": "flip", onclick: () => { local.shape.flipped = !local.shape.flipped; ctx.redraw(); } }, ctx.t("flip")),
    local.shapeAt ? ctx.h("button", { type: "button", class: "primary", "data-action": "place", disabled: ctx.busy, onclick: () => placeShape(ctx, view) }, ctx.t("place")) : null,
    ctx.h("button", { type: "button", "data-action": "cancel-shape", onclick: () => { local.shape = null; local.shapeAt = null; ctx.redraw(); } }, ctx.t("cancel")),
  ] : [];
  return ctx.h("div", { "data-testid": "shape-tool" }, [
    ctx.h("p", { class: "muted" }, ctx.t("shape_help")),
    ctx.h("div", { class: "sonora-shapes" }, [ctx.h("strong", {}, ctx.t("shape_tool")), ...palette]),
    controls.length ? ctx.h("div", { class: "sonora-buttons" }, controls) : null,
  ]);
}

function aimControls(ctx, view, aim) {
  const { local } = ctx;
  const bounds = view.layout.flick;
  const discButtons = aim.discs.map((disc) => ctx.h("button", {
    type: "button",
    role: "radio",
    "aria-checked": String(disc === local.aim.disc),
    class: disc === local.aim.disc ? "selected" : "",
    "data-pick": disc,
    "data-item": disc,
    onclick: () => { local.aim.disc = disc; ctx.redraw(); },
  }, disc));
  const angle = ctx.h("input", { type: "number", name: "angle", step: bounds.angle_step, min: bounds.angle[0], max: bounds.angle[1], value: local.aim.angle ?? 0, oninput: (e) => { local.aim.angle = e.target.value; } });
  const strength = ctx.h("input", { type: "number", name: "strength", step: 1, min: bounds.strength[0], max: bounds.strength[1], value: local.aim.strength ?? 200, oninput: (e) => { local.aim.strength = e.target.value; } });
  return ctx.h("div", { "data-testid": "aim" }, [
    ctx.h("p", {}, ctx.t("aim_help")),
    ctx.h("div", { class: "sonora-aim" }, [
      ctx.h("span", { id: "sonora-aim-disc" }, ctx.t("aim_disc")),
      ctx.h("div", { class: "sonora-buttons", role: "radiogroup", "aria-labelledby": "sonora-aim-disc", "data-roving": "sonora-discs" }, discButtons),
    ]),
    ctx.h("div", { class: "sonora-aim" }, [
      ctx.h("label", {}, [
        ctx.h("span", { "data-offset-label": "1" }, ctx.t("aim_offset", { n: local.aim.offset })),
        // each step only updates the words; the board is drawn again once the slider rests
        ctx.h("input", {
          type: "range", name: "offset", min: bounds.offset[0], max: bounds.offset[1], step: 1, value: local.aim.offset,
          "aria-valuetext": `${local.aim.offset} mm`,
          oninput: (e) => {
            local.aim.offset = Number(e.target.value);
            e.target.setAttribute("aria-valuetext", `${local.aim.offset} mm`);
            const label = e.target.parentNode.querySelector("[data-offset-label]");
            if (label) label.textContent = ctx.t("aim_offset", { n: local.aim.offset });
            clearTimeout(local.offsetTimer);
            local.offsetTimer = setTimeout(ctx.redraw, 500);
          },
        }),
      ]),
    ]),
    ctx.h("details", { class: "sonora-exact" }, [
      ctx.h("summary", {}, ctx.t("aim_exact")),
      ctx.h("div", { class: "sonora-aim" }, [
        ctx.h("label", {}, [ctx.t("aim_angle"), angle]),
        ctx.h("label", {}, [ctx.t("aim_strength"), strength]),
        ctx.h("button", {
          type: "button",
          class: "primary",
          "data-action": "flick-exact",
          disabled: ctx.busy,
          // sent as typed: the server says what is wrong with a flick out of bounds
          onclick: () => sendFlick(ctx, local.aim.disc, local.aim.offset, Number(angle.value), String(strength.value).trim()),
        }, ctx.t("aim_go")),
      ]),
    ]),
  ]);
}

function decisionPanel(ctx, view, aim) {
  const { legal } = ctx;
  const d = view.decision;
  const me = ctx.seat;
  const acting = legal.length > 0;
  const parts = [];
  const name = (seat) => ctx.seatName(seat);
  let kind = view.phase;
  if (view.phase === "flick" && d) {
    kind = d.kind;
    parts.push(ctx.h("h2", {}, ctx.t(`d.${d.kind}`, { name: name(d.seat), disc: d.disc ?? "" })));
    if (aim) parts.push(aimControls(ctx, view, aim));
  } else if (view.phase === "colours") {
    parts.push(ctx.h("h2", {}, ctx.t("d.colours")));
  } else if (view.phase === "swap" && acting) {
    parts.push(ctx.h("p", {}, ctx.t("d.swap")));
  } else if (view.phase === "ai" && acting) {
    parts.push(ctx.h("p", {}, ctx.t(legal.some((e) => !ON_SHEET.test(e.notation)) ? "d.ai_buttons" : "d.ai")));
  } else if (view.phase === "ruins") {
    const seat = view.ruins_queue[0];
    const desk = ownDesk(view);
    if (acting && desk?.work.discover) parts.push(ctx.h("p", {}, ctx.t("d.discover")));
    else if (acting) parts.push(ctx.h("p", {}, ctx.t("d.ruins", { n: desk?.work.ruins ?? 0 })));
    else if (seat !== undefined) parts.push(ctx.h("p", {}, ctx.t("d.ruins_wait", { name: name(seat) })));
  } else if (view.phase === "areas" && acting) {
    const desk = ownDesk(view);
    if (desk?.work.discover) parts.push(ctx.h("p", {}, ctx.t("d.discover")));
    else parts.push(ctx.h("p", {}, ctx.t("d.areas")));
    const canDraw = legal.some((e) => e.notation.startsWith("cell ")) && !desk.work.shape.length && desk.work.canyon.length;
    if (canDraw) parts.push(shapeTool(ctx, view, desk));
  }
  if (ctx.local.queue) parts.push(ctx.h("p", { class: "muted" }, ctx.t("drawing")));
  if (ctx.local.shapeNote) parts.push(ctx.h("p", { class: "sonora-note" }, ctx.local.shapeNote));
  const buttons = legal.filter((e) => !ON_SHEET.test(e.notation) || (e.notation.startsWith("swap ") && view.phase === "swap"));
  if (buttons.length) {
    const primary = new Set(["reflick", "done", "end"]);
    parts.push(ctx.h("div", { class: "sonora-buttons" }, buttons.map((e) => entryButton(ctx, e, { class: primary.has(e.notation) ? "primary" : "" }))));
  }
  if (!parts.length) return null;
  return ctx.h("div", { class: `decision sonora-decision${acting ? "" : " waiting"}`, "data-testid": "decision", "data-kind": kind, "data-seat": me ?? "" }, parts);
}

function infoBar(ctx, view) {
  const items = [
    ctx.h("strong", {}, ctx.t("round", { round: Math.min(view.round, view.rounds), rounds: view.rounds })),
    ctx.h("span", {}, ctx.t(`phase.${view.phase}`)),
    ctx.h("span", {}, ctx.t("first", { name: ctx.seatName(view.first_player) })),
  ];
  if (view.colours) items.push(ctx.h("span", {}, ctx.t("colours_line", { mine: ctx.t(`colour.${view.colours.mine}`), ai: ctx.t(`colour.${view.colours.ai}`) })));
  return ctx.h("div", { class: "sonora-info" }, items);
}

function legendBar(ctx, view) {
  const items = [];
  const f = view.flick;
  if (f) {
    items.push(ctx.h("span", { "data-testid": "last-flick" }, ctx.t("last_flick", {
      name: ctx.seatName(f.seat),
      disc: f.disc,
      angle: fmt(f.asked.angle),
      strength: f.asked.distance,
      applied: fmt(f.applied.angle),
      speed: Math.round(f.applied.speed),
    }) + (f.left_pad || f.set_down.some((x) => x.disc === f.disc && x.seat === f.seat) ? "" : ` · ${ctx.t("no_leave")}`)));
    for (const x of f.fell) items.push(ctx.h("span", {}, ctx.t(x.fate === "hole" ? "fell_hole" : "fell_off", { name: ctx.seatName(x.seat), disc: x.disc })));
    for (const x of f.set_down) items.push(ctx.h("span", {}, ctx.t("set_down", { name: ctx.seatName(x.seat), disc: x.disc })));
  }
  const hole = view.discs.filter((d) => d.where === "hole");
  const out = view.discs.filter((d) => d.where === "out");
  const chip = (d) => ctx.h("span", { class: "sonora-chip", style: `background:${discColour(ctx, view, d)}`, title: d.area ? ctx.t(`area.${d.area}`) : "" }, d.disc.replace(/^[abc]/, ""));
  if (hole.length) items.push(ctx.h("span", { "data-testid": "hole" }, [`${ctx.t("where.hole")}: `, ...hole.flatMap((d) => [chip(d), d.area ? ` ${ctx.t(`area.${d.area}`)} ` : " "])]));
  if (out.length) items.push(ctx.h("span", {}, [`${ctx.t("where.out")}: `, ...out.map(chip)]));
  if (view.designed) items.push(ctx.h("span", { class: "muted" }, ctx.t("designed")));
  return ctx.h("div", { class: "sonora-legend" }, items);
}

// -- the renderer ---------------------------------------------------------------------------

export function render(ctx) {
  const { view, legal, local } = ctx;
  local.redraw = ctx.redraw;
  local.boardEl = ctx.el.board;
  ensureIcons(ctx);
  followFlick(ctx, view);
  const seated = ctx.seat !== null && ctx.seat !== undefined;
  const d = view.decision;
  const flicks = legal.filter((e) => e.notation.startsWith("flick "));
  let aim = null;
  if (seated && view.phase === "flick" && d && (d.kind === "turn" || d.kind === "flick") && flicks.length && d.discs?.length) {
    aim = { discs: d.discs };
    if (!local.aim) local.aim = { disc: null, offset: 0 };
    if (!d.discs.includes(local.aim.disc)) local.aim.disc = d.discs[0];
  }
  if (view.phase !== "areas" || !legal.length) {
    local.shape = null;
    local.shapeAt = null;
    local.queue = null;
  }
  if (!legal.length) local.shapeNote = null;

  ctx.el.board.classList.add("sonora");
  ctx.el.board.append(infoBar(ctx, view));
  const panel = decisionPanel(ctx, view, aim);
  if (panel) ctx.el.board.append(panel);
  const sealed = view.sealed;
  const sheets = ctx.h("div", { class: "sonora-sheets" });
  if (seated) {
    sheets.append(sheetPanel(ctx, view, ctx.seat, ownDesk(view), { interactive: legal.length > 0, sealed }));
  }
  // While the choices are on the sheet, the sheet comes right under the prompt that asks for
  // them (a phone would otherwise scroll past the whole board to reach them).
  const onSheet = seated && legal.length > 0 && SHEET_PHASES.has(view.phase);
  if (onSheet) ctx.el.board.append(sheets);
  ctx.el.board.append(boardSvg(ctx, view, aim), boardSummary(ctx, view));
  ctx.el.board.append(legendBar(ctx, view));
  if (local.anim) animate(local);
  if (!onSheet) ctx.el.board.append(sheets);
  view.sheets.forEach((entry, seat) => {
    if (seat === ctx.seat) return;
    const target = seated ? ctx.el.others : sheets;
    const panel = sheetPanel(ctx, view, seat, entry, { interactive: false, sealed });
    // beside the board the other sheets are drawn small: each opens full size on demand
    const title = ctx.t("sheet_of", { name: ctx.seatName(seat) });
    const zoom = seated ? ctx.zoom?.(`sonora-sheet-${seat}`, title, () => sheetPanel(ctx, view, seat, entry, { interactive: false, sealed })) : null;
    if (zoom) panel.querySelector("h3").append(zoom);
    target.append(panel);
  });
  runQueue(ctx);
}

export function scores(view) {
  return view.sheets.map((entry, seat) => {
    const desk = seat === view.seat && view.mine ? view.mine : entry;
    return Object.values(desk.sheet.scores).reduce((a, v) => a + v, 0);
  });
}

export function seatColour(view, seat) {
  if (view.players === 1 && view.colours) return SOLO_HEX[view.colours.mine];
  return SEAT_HEX[seat % SEAT_HEX.length];
}

export function scoreSheet(ctx, outcome) {
  const rows = ["ruins", "riverbed", "canyon", "mudcracks"].map((key) => ({
    label: ctx.t(`cat.${key}`),
    values: outcome.breakdown.map((b) => b[key]),
  }));
  if (outcome.details?.length) rows.push({ label: ctx.t("cat.discoveries"), values: outcome.details.map((d) => d.discoveries), class: "sub" });
  return rows;
}
