// "How to play": each game's rules digest at #/rules/<game id>, and the first-turn hint
// bubble on its table. The words live in data files (rules/<game>.<lang>.json), drawn as text
// nodes only; the picture is the game's own renderer drawing a fresh match (the server's
// /api/games/<game>/preview), so it is the board the player will see.

import { h, svg, replace } from "./dom.js";
import { t, pick, lang, onLang, addStrings } from "./i18n.js";
import { languageButton } from "./lobby.js";
import { loadRenderer } from "./renderers.js";
import { srTable, onActivate, svgButton, inkOn } from "./a11y.js";

/** The sections every rules file has, in this order (tests/play/test_rules_pages.py checks it). */
export const SECTIONS = ["setup", "turn", "scoring", "end", "designed", "interpretations"];
const GAME_ID = /^[a-z0-9_]{1,40}$/;
const PALETTE = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#f0e442", "#000000"];
const HINT_KEY = "tabuleiro.hint.";

addStrings("rules", {
  pt: {
    link: "Como jogar",
    list: "Regras dos jogos",
    back: "← Salão",
    title: "Como jogar {game}",
    picture: "O tabuleiro no início de uma partida de {n} jogadores, como a mesa o desenha.",
    picture_failed: "Não foi possível desenhar o tabuleiro.",
    missing: "Não há regras para este jogo.",
    interpretation: "Interpretação {n}",
    hint_title: "Dica",
    hint_close: "Entendi",
  },
  en: {
    link: "How to play",
    list: "Game rules",
    back: "← Lobby",
    title: "How to play {game}",
    picture: "The board at the start of a {n}-player match, as the table draws it.",
    picture_failed: "The board could not be drawn.",
    missing: "There are no rules for this game.",
    interpretation: "Interpretation {n}",
    hint_title: "Tip",
    hint_close: "Got it",
  },
});

const texts = new Map();

/** The rules file of `gameId` in `language` (a promise; cached; rejects when there is none). */
export function loadRules(gameId, language) {
  const key = `${gameId}.${language}`;
  if (!texts.has(key)) {
    const promise = GAME_ID.test(gameId)
      ? fetch(`/rules/${gameId}.${language}.json`).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${r.status}`))))
      : Promise.reject(new Error(gameId));
    promise.catch(() => texts.delete(key));
    texts.set(key, promise);
  }
  return texts.get(key);
}

/** The address of a game's rules page. */
export function rulesHref(gameId) {
  return `#/rules/${gameId}`;
}

/** A block of a section: a string is a paragraph, a list of strings a bulleted list. */
function block(item) {
  if (Array.isArray(item)) return h("ul", {}, item.map((line) => h("li", {}, String(line))));
  return h("p", {}, String(item));
}

function section(doc) {
  const id = `rules-${doc.id}`;
  const body = (doc.body || []).map(block);
  if (doc.id === "interpretations") {
    body.push(h("ul", { class: "interpretations" }, (doc.items || []).map((item) => h("li", { "data-ref": item.ref }, [
      h("strong", {}, `${t("rules.interpretation", { n: item.ref })}. `),
      String(item.text),
    ]))));
  }
  return h("section", { class: "card rules-section", id, "data-section": doc.id, "aria-labelledby": `${id}-title` }, [
    h("h2", { id: `${id}-title` }, String(doc.title)),
    ...body,
  ]);
}

/** A context like the table's (see RENDERERS.md) for a spectator of a fresh match; `redraw`
 * draws again (a renderer's own controls, such as Avenue's sheet tabs, keep working). */
function previewContext(renderer, gameId, preview, el, local, redraw) {
  const view = preview.view;
  const update = {
    id: "preview",
    game: gameId,
    players: preview.players,
    seat: null,
    state_id: 0,
    waiting: false,
    to_act: preview.to_act,
    committed: [],
    view,
    legal_actions: [],
    log: [],
    outcome: null,
    seats: Array.from({ length: preview.players }, (_, seat) => ({ seat, kind: "human", name: null, connected: false })),
  };
  const seatColour = (seat) => renderer.seatColour?.(view, seat) || PALETTE[seat % PALETTE.length];
  return {
    update,
    view,
    seat: null,
    legal: [],
    lang: lang(),
    busy: false,
    local,
    el,
    t: (key, values) => t(`${gameId}.${key}`, values),
    pick,
    h,
    svg,
    act: () => {},
    redraw,
    announce: () => {},
    a11y: { srTable: (caption, rows, attrs) => srTable(h, caption, rows, attrs), onActivate, svgButton, inkOn },
    seatName: (seat) => t("seat.name", { n: seat + 1 }),
    seatColour,
  };
}

/** Draw the game's board from a fresh match into `figure` (its caption says what it is). */
async function drawPicture(figure, gameId) {
  try {
    const [loaded, answer] = await Promise.all([loadRenderer(gameId), fetch(`/api/games/${gameId}/preview`)]);
    if (!answer.ok || !loaded.own) throw new Error(String(answer.status));
    const preview = await answer.json();
    const board = h("div", { class: "rules-board", "data-testid": "rules-picture" });
    const local = {};
    const paint = () => {
      const el = { board: h("div"), mine: h("div"), others: h("div") };
      loaded.module.render(previewContext(loaded.module, gameId, preview, el, local, paint));
      const drawn = [el.board, el.others, el.mine].find((box) => box.querySelector("svg")) || el.board;
      replace(board, [...drawn.childNodes]);
    };
    paint();
    replace(figure, board, h("figcaption", { class: "muted" }, t("rules.picture", { n: preview.players })));
  } catch {
    replace(figure, h("p", { class: "muted" }, t("rules.picture_failed")));
  }
}

/** The rules page of `gameId`; returns the function that leaves it. */
export function showRules(root, gameId) {
  let left = false;
  window.scrollTo(0, 0);
  let games = [];

  function gameName() {
    const entry = games.find((g) => g.id === gameId);
    return entry ? pick(entry.name) : gameId;
  }

  async function draw() {
    const language = lang();
    const title = h("h1", { id: "rules-title" }, t("rules.title", { game: gameName() }));
    const main = h("main", { id: "main", class: "rules", "data-game": gameId, "aria-labelledby": "rules-title" }, h("p", { class: "loading" }, "…"));
    replace(root, h("div", { class: "rules-page" }, [
      h("header", { class: "top" }, [h("a", { href: "#/", class: "button back" }, t("rules.back")), title, languageButton()]),
      main,
    ]));
    document.title = `${t("rules.title", { game: gameName() })} · Tabuleiro`;
    let doc;
    try {
      doc = await loadRules(gameId, language);
    } catch {
      if (!left && language === lang()) replace(main, h("p", { class: "error", role: "alert" }, t("rules.missing")));
      return;
    }
    if (left || language !== lang()) return;
    const figure = h("figure", { class: "card rules-picture" }, h("p", { class: "loading" }, "…"));
    replace(main,
      h("p", { class: "rules-intro" }, String(doc.intro)),
      figure,
      ...doc.sections.map(section));
    main.dataset.lang = language;
    await drawPicture(figure, gameId);
    if (!left) main.dataset.ready = "1";
  }

  const stop = onLang(draw);
  fetch("/api/games").then((r) => r.json()).then((g) => {
    games = g;
    if (!left) draw();
  }).catch(() => {});
  draw();
  return () => {
    left = true;
    stop();
  };
}

/**
 * The first-turn hint bubble of a table, drawn into `box`: shown while the viewer has a move to
 * make, has not moved yet in this match and has not seen it for this game on this device; gone
 * for good once dismissed or once the viewer has made a move while it was shown.
 */
export function showHint(box, update) {
  const game = update.game;
  const key = HINT_KEY + game;
  const seen = () => localStorage.getItem(key) === "1";
  const hide = () => {
    box.hidden = true;
    replace(box);
  };
  const dismiss = () => {
    localStorage.setItem(key, "1");
    hide();
  };
  const seat = update.seat;
  const mine = seat !== null && seat !== undefined && !update.outcome && GAME_ID.test(game);
  const moved = mine && update.log.some((entry) => entry.seat === seat);
  if (moved && box.dataset.shown === game) dismiss();
  if (seen() || !mine || moved || update.legal_actions.length === 0) return hide();
  const language = lang();
  if (!box.hidden && box.dataset.shown === game && box.dataset.lang === language) return;
  loadRules(game, language).then((doc) => {
    if (seen() || language !== lang() || !doc.hint) return;
    box.hidden = false;
    box.dataset.shown = game;
    box.dataset.lang = language;
    replace(box,
      h("p", {}, [h("strong", {}, `${t("rules.hint_title")}: `), String(doc.hint)]),
      h("button", { type: "button", class: "small", "data-testid": "hint-close", onclick: dismiss }, t("rules.hint_close")));
  }).catch(() => {});
}
