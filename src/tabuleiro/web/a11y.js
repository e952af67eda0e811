// Keyboard and screen-reader support shared by the table and every board: focus kept across
// redraws, one Tab stop per board with arrow keys inside it (roving tabindex), Enter and
// Space acting once, visually hidden summaries. WCAG 2.1: 2.1.1 keyboard, 2.4.3 focus order,
// 2.4.7 focus visible, 4.1.2 name, role, value.

/** Attributes that identify a control across redraws (the board rebuilds its DOM on every update). */
const IDENTITY = ["id", "name", "value", "type", "role"];

function cssString(value) {
  return `"${String(value).replace(/["\\]/g, "\\$&")}"`;
}

/**
 * What identifies `el` after a redraw: a CSS selector made of its tag, id, name and data-*
 * attributes, and its text when those say nothing (two plain buttons differ by their words).
 */
export function focusKey(el) {
  if (!el || el === document.body || !el.tagName) return null;
  const parts = [el.tagName.toLowerCase()];
  let specific = false;
  for (const attr of el.attributes) {
    const data = attr.name.startsWith("data-") && !["data-state", "data-seat"].includes(attr.name);
    if (!data && !IDENTITY.includes(attr.name)) continue;
    if (attr.name === "value" && el.type !== "radio" && el.type !== "checkbox") continue;
    parts.push(`[${attr.name}=${cssString(attr.value)}]`);
    if (attr.name !== "type" && attr.name !== "role") specific = true;
  }
  return { selector: parts.join(""), text: specific ? null : el.textContent.trim(), group: el.closest("[data-roving]")?.dataset.roving ?? null };
}

/** The element in `root` that `key` names, or null. */
export function findKey(root, key) {
  if (!key) return null;
  let found;
  try {
    found = [...root.querySelectorAll(key.selector)];
  } catch {
    return null;
  }
  if (key.text !== null) found = found.filter((el) => el.textContent.trim() === key.text);
  return found.find((el) => !el.disabled && !el.closest("[hidden]")) ?? null;
}

function centre(el) {
  const box = el.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2];
}

/** The item of `items` nearest to `from` in the arrow's direction (null when none lies there). */
function nearest(items, from, key) {
  const [fx, fy] = centre(from);
  const [ux, uy] = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[key];
  let best = null;
  let bestScore = Infinity;
  for (const item of items) {
    if (item === from) continue;
    const [x, y] = centre(item);
    const along = (x - fx) * ux + (y - fy) * uy;
    if (along <= 2) continue;
    const across = Math.abs((x - fx) * uy - (y - fy) * ux);
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = item;
    }
  }
  return best;
}

/** The items of a roving group: its controls in document order. */
export function rovingItems(group) {
  return [...group.querySelectorAll("[data-item]")].filter((el) => !el.disabled && !el.closest("[hidden]"));
}

/**
 * One Tab stop for the group (an element with `data-roving`): the item last focused (or the
 * first) gets tabindex 0, the others -1; the arrow keys move between items by where they lie
 * on screen, Home and End go to the first and last.
 */
export function roving(group, current = null) {
  const items = rovingItems(group);
  if (!items.length) return;
  const active = items.find((el) => el.dataset.item === current) ?? items[0];
  for (const item of items) item.setAttribute("tabindex", item === active ? "0" : "-1");
  group.addEventListener("keydown", (e) => {
    const from = e.target.closest("[data-item]");
    if (!from || !group.contains(from)) return;
    let to = null;
    if (e.key.startsWith("Arrow")) to = nearest(items, from, e.key);
    else if (e.key === "Home") to = items[0];
    else if (e.key === "End") to = items[items.length - 1];
    else return;
    e.preventDefault();
    if (!to) return;
    from.setAttribute("tabindex", "-1");
    to.setAttribute("tabindex", "0");
    to.focus();
  });
}

/**
 * A keydown handler that runs `action` once for Enter or Space: the page does not scroll and
 * a held key does not repeat the action.
 */
export function onActivate(action) {
  return (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    e.stopPropagation();
    if (e.repeat) return;
    action(e);
  };
}

/** Make an SVG element a keyboard button: role, name, item of its board's roving group. */
export function svgButton(node, { label, item, action }) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "-1");
  node.setAttribute("aria-label", label);
  node.setAttribute("data-item", item);
  node.addEventListener("click", action);
  node.addEventListener("keydown", onActivate(action));
  return node;
}

/** A table only screen readers see: the board in words. `rows` are [label, text] pairs. */
export function srTable(h, caption, rows, attrs = {}) {
  // wrapped: a table grows to fit its words whatever its width, a div keeps the 1px clip
  return h("div", { class: "sr-only", ...attrs }, h("table", {}, [
    h("caption", {}, caption),
    h("tbody", {}, rows.map(([label, text]) => h("tr", {}, [h("th", { scope: "row" }, label), h("td", {}, text)]))),
  ]));
}

/**
 * Lift the printed words out of a board's SVG buttons into a layer drawn just after each:
 * the button's name already says them in full (WCAG 2.5.3: the name starts with the printed
 * label), and words left inside would make the name and the content disagree.
 */
export function liftButtonText(root) {
  for (const item of root.querySelectorAll("svg [data-item]")) {
    const words = [...item.querySelectorAll("text")];
    if (!words.length) continue;
    const layer = document.createElementNS("http://www.w3.org/2000/svg", "g");
    layer.setAttribute("aria-hidden", "true");
    layer.setAttribute("pointer-events", "none");
    layer.append(...words);
    item.after(layer);
  }
}

/** WCAG 2.1's relative luminance of a `#rgb` or `#rrggbb` colour. */
function luminance(hex) {
  const digits = hex.replace("#", "");
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The text colour for words printed on `fill` (a seat's colour): black or white, whichever
 * contrasts more (WCAG 1.4.3: white on vermillion is only 3.87:1, black 5.4:1).
 */
export function inkOn(fill) {
  const light = luminance(fill);
  const ratio = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  return ratio(light, luminance(DARK_INK)) >= ratio(light, 1) ? DARK_INK : "#ffffff";
}

const DARK_INK = "#000000";

/** What a tap may land on in a board's SVG: its buttons and the few pointer-only pickers. */
const TARGETS = "[data-item], .hand-pick, .placeable";
/** The smallest hit area on a touch screen, in CSS px (WCAG 2.5.5). */
export const TOUCH_TARGET = 44;

/** How much wider than the screen a board may be drawn on a touch screen to spread its targets. */
const MAX_SPREAD = 2;

function isVisible(box) {
  return box.width > 0 && box.height > 0;
}

/** The top-level targets of a board SVG (a target inside another is part of it). */
function targetsOf(board) {
  return [...board.querySelectorAll(TARGETS)].filter((el) => !el.parentElement.closest(TARGETS));
}

/** The least distance between two of `boxes`' centres, along the farther axis (CSS px). */
function pitch(boxes) {
  let least = Infinity;
  boxes.forEach((a, i) => {
    for (const b of boxes.slice(i + 1)) {
      const dx = Math.abs(a.left + a.width / 2 - b.left - b.width / 2);
      const dy = Math.abs(a.top + a.height / 2 - b.top - b.height / 2);
      least = Math.min(least, Math.max(dx, dy));
    }
  });
  return least;
}

/**
 * On a touch screen, draw a board whose targets lie closer than 44 CSS px wider (up to twice
 * its width, or `data-touch-spread` times), in a container that scrolls sideways, so that
 * each target gets a 44 px hit area. A board that opts out (`data-touch-fit="no"`: Sonora's
 * table, where the discs are dragged and the hand is also offered as buttons) keeps its size.
 */
export function spreadTargets(root, coarse = matchMedia("(pointer: coarse)").matches) {
  if (!coarse) return;
  for (const board of root.querySelectorAll("svg[data-roving]")) {
    if (board.dataset.touchFit === "no" || board.dataset.spread) continue;
    const boxes = targetsOf(board).map((el) => el.getBoundingClientRect()).filter(isVisible);
    const least = pitch(boxes);
    if (boxes.length < 2 || !(least < TOUCH_TARGET) || least <= 0) continue;
    const grow = Math.min(Number(board.dataset.touchSpread) || MAX_SPREAD, TOUCH_TARGET / least);
    const width = board.getBoundingClientRect().width;
    board.style.width = `${Math.ceil(width * grow)}px`;
    board.style.maxWidth = "none";
    board.dataset.spread = grow.toFixed(2);
    board.parentElement.classList.add("touch-scroll");
  }
}

/**
 * Give every target of every board SVG under `root` an invisible hit rectangle, drawn last
 * inside the target so that nothing of its own (a node's number, a ring drawn without a
 * fill) can swallow a tap on what is seen. On a touch screen (`pointer: coarse`) the
 * rectangle grows to 44×44 CSS px where the board leaves room. It never reaches past half the
 * way to the nearest other target (discs may touch on Sonora's board), so the rectangles never
 * overlap and a tap on a target's centre always goes to that target.
 */
export function hitAreas(root, coarse = matchMedia("(pointer: coarse)").matches) {
  for (const board of root.querySelectorAll("svg")) {
    for (const old of board.querySelectorAll("[data-hit]")) old.remove();
    const targets = targetsOf(board);
    const boxes = targets.map((el) => el.getBoundingClientRect());
    targets.forEach((el, i) => {
      const box = boxes[i];
      if (!isVisible(box)) return;
      const matrix = el.getScreenCTM();
      if (!matrix) return;
      const own = el.getBBox();
      const scaleX = Math.hypot(matrix.a, matrix.b) || 1;
      const scaleY = Math.hypot(matrix.c, matrix.d) || 1;
      const cx = box.left + box.width / 2;
      const cy = box.top + box.height / 2;
      let room = Infinity; // half the way to the nearest other target, in CSS px
      boxes.forEach((other, j) => {
        if (j === i || !isVisible(other)) return;
        const gap = Math.max(Math.abs(other.left + other.width / 2 - cx), Math.abs(other.top + other.height / 2 - cy));
        room = Math.min(room, gap / 2);
      });
      const want = coarse ? TOUCH_TARGET / 2 : 0;
      const halfW = Math.min(Math.max(own.width / 2, want / scaleX), room / scaleX);
      const halfH = Math.min(Math.max(own.height / 2, want / scaleY), room / scaleY);
      const mx = own.x + own.width / 2;
      const my = own.y + own.height / 2;
      const hit = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      for (const [name, value] of Object.entries({ x: mx - halfW, y: my - halfH, width: 2 * halfW, height: 2 * halfH, fill: "none", "pointer-events": "all", "aria-hidden": "true", class: "hit", "data-hit": "1" })) {
        hit.setAttribute(name, String(value));
      }
      el.append(hit);
    });
  }
}
