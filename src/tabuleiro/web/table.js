// The table shell every game shares: header, whose turn, players with presence and scores,
// the moves list, the log in plain words, the final score sheet, seats handed to bots and
// taken back, hotseat with a pass-the-device screen. The game's renderer module draws the
// board, the viewer's own area and the other players' public areas (see RENDERERS.md).

import { api, Live, saveSeat, savedSeat, saveSeatNumber, savedName, saveName, entropyFor, savedEntropy } from "./api.js";
import { h, svg, replace } from "./dom.js";
import { t, pick, lang, onLang, has, botName, withNames } from "./i18n.js";
import { languageButton } from "./lobby.js";
import { loadRenderer } from "./renderers.js";
import { tableHints } from "./hints.js";
import { showHint, rulesHref } from "./rules.js";
import { focusKey, findKey, roving, rovingItems, srTable, onActivate, svgButton, liftButtonText, inkOn, hitAreas, spreadTargets } from "./a11y.js";
import { turnSignal, notifyControls } from "./notify.js";
import { createRematch } from "./rematch.js";
import { replayBar, replayHref, replayLink } from "./replay.js";

// Okabe and Ito's colour-blind-safe palette (blue, vermillion, bluish green, reddish purple,
// orange, sky blue, yellow, black): seats stay apart under every common colour-vision
// deficiency, and every seat is also named in words beside its colour.
export const PALETTE = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#f0e442", "#000000"];
const SPECTATOR = "spectator";
/** A window this wide or less lays the table out in one column, with the decision docked at the bottom (style.css). */
const PHONE = matchMedia("(max-width: 860px)");
/** The least height a board is drawn at on a laptop, however little room the window leaves (CSS px). */
const LEAST_BOARD = 360;

/** Keep every person's seat token of a hotseat match on this device. */
export function saveHotseat(matchId, seats) {
  localStorage.setItem(`tabuleiro.hotseat.${matchId}`, JSON.stringify(seats.map((s) => [s.seat, s.token])));
}

function loadHotseat(matchId) {
  try {
    return new Map(JSON.parse(localStorage.getItem(`tabuleiro.hotseat.${matchId}`) || "[]"));
  } catch {
    return new Map();
  }
}

/** The address of the table without secrets (a token or an invite code never stays in it). */
function cleanAddress(matchId, params) {
  const kept = new URLSearchParams();
  for (const key of ["hotseat", "plain"]) if (params.get(key)) kept.set(key, params.get(key));
  const query = kept.toString();
  history.replaceState(null, "", `#/m/${matchId}${query ? `?${query}` : ""}`);
}

/**
 * The table of match `matchId`. With `replay`, the table shows the match as a spectator saw it
 * after `params.step` moves and steps through it (replay.js) instead of following it live.
 */
export function showTable(root, matchId, params, { replay = false } = {}) {
  // a hotseat match opened from a plain link (the lobby, "← Lobby" and back) keeps its seats
  const kept = !replay && !params.get("t") && !params.get("invite") && localStorage.getItem(`tabuleiro.hotseat.${matchId}`) !== null;
  const hotseat = !replay && (params.get("hotseat") === "1" || kept);
  const tokens = hotseat ? loadHotseat(matchId) : new Map();
  const invite = /^(\d{1,3})\.([A-Za-z0-9_-]{8,64})$/.exec(params.get("invite") || "");
  let single = replay ? null : params.get("t");
  if (single) saveSeat(matchId, single);
  if (single || invite) cleanAddress(matchId, params);
  if (!single && !hotseat && !replay) single = savedSeat(matchId);
  const plain = params.get("plain") === "1"; // the generic table for any game (text and buttons)
  const updates = new Map(); // seat number or SPECTATOR -> latest update
  const sockets = [];
  const local = {}; // the renderer's own UI state (selected tile, …), kept across updates
  const open = { moves: false, log: true };
  let games = [];
  let renderer = null;
  let shown = null; // the key of the update on screen
  let passTo = null; // hotseat: the seat the device must be passed to
  let busy = false;
  let error = "";
  let connection = "open";
  let refused = null;
  let analysis = null; // the finished match's analysis job: {status, done, total, analysis}
  let wanted = null; // the control focus belongs on once it exists again (focusKey)
  const rovingAt = new Map(); // roving group -> its item last focused
  let announced = "";
  const signal = turnSignal(matchId);

  const frame = {
    title: h("h1", {}, "…"),
    who: h("span", { class: "who" }),
    status: h("p", { id: "status", class: "status", role: "status", "aria-live": "polite", tabindex: -1 }),
    announce: h("p", { id: "announce", class: "sr-only", "aria-live": "polite" }),
    hint: h("div", { class: "hint-bubble", id: "hint", role: "note", "data-testid": "hint", hidden: true }),
    rules: h("a", { class: "button rules-link", "data-testid": "rules-link", target: "_blank", rel: "noopener" }),
    error: h("p", { class: "error", role: "alert" }),
    replay: h("section", { class: "replay", id: "replay", hidden: !replay }),
    undo: h("div", { class: "undo-bar", hidden: true }),
    board: h("section", { class: "board", id: "board" }),
    mine: h("section", { class: "mine", id: "mine" }),
    searchHint: h("section", { class: "search-hint", id: "search-hint" }),
    players: h("section", { class: "players", id: "players" }),
    others: h("section", { class: "others", id: "others" }),
    outcome: h("section", { class: "outcome", id: "outcome", "data-testid": "outcome" }),
    analysis: h("section", { class: "analysis", id: "analysis", "data-testid": "analysis", hidden: true }),
    moves: h("details", { class: "moves", id: "moves", ontoggle: (e) => { open.moves = e.target.open; } }),
    log: h("details", { class: "log", ontoggle: (e) => { open.log = e.target.open; } }),
    text: h("details", { class: "viewtext" }),
    overlay: h("div", { class: "overlay", hidden: true, role: "dialog", "aria-modal": "true", "aria-labelledby": "pass-title" }),
    back: h("a", { href: "#/", class: "button back" }),
    lang: h("span"),
    alerts: h("section", { class: "alerts", id: "alerts" }),
    skips: h("nav", { class: "skips" }),
    dock: h("button", { type: "button", class: "dock-toggle", "data-testid": "dock-toggle", "aria-controls": "decision", hidden: true }),
    zoom: h("dialog", { class: "zoom", "aria-labelledby": "zoom-title", "data-testid": "zoom" }),
  };

  replace(root, h("div", { class: "table-page" }, [
    frame.skips,
    h("header", { class: "top" }, [frame.back, frame.title, frame.who, frame.lang]),
    h("main", { id: "main" }, [
      frame.replay,
      frame.status,
      frame.undo,
      frame.hint,
      frame.error,
      frame.announce,
      h("div", { class: "layout" }, [
        h("div", { class: "main" }, [frame.board, frame.outcome, frame.analysis]),
        h("div", { class: "side" }, [frame.mine, frame.searchHint, frame.players, frame.alerts, frame.others, frame.moves, frame.log, frame.text, frame.rules]),
      ]),
      frame.overlay,
      frame.dock,
      frame.zoom,
    ]),
  ]));
  const page = root.firstElementChild;
  // A control the player leaves by hand is no longer where focus should come back to.
  root.addEventListener("focusin", (e) => {
    if (e.target !== frame.status) wanted = null;
    const item = e.target.closest?.("[data-item]");
    const group = item?.closest("[data-roving]");
    if (group) rovingAt.set(group.dataset.roving, item.dataset.item);
  });

  /** A skip link: moves focus without touching the address (the router reads the hash). */
  function skipLink(label, target) {
    return h("a", {
      href: `#${target}`,
      class: "skip",
      onclick: (e) => {
        e.preventDefault();
        const node = document.getElementById(target);
        if (!node) return;
        if (node.tagName === "DETAILS") {
          node.open = true;
          node.querySelector("summary").focus();
        } else {
          (node.querySelector("[data-item][tabindex='0'], button:not(:disabled), [tabindex='0']") || node).focus();
        }
      },
    }, label);
  }

  function follow(key, token) {
    sockets.push(new Live(matchId, token, (update) => receive(key === null ? update.seat ?? SPECTATOR : key, update), (status, detail) => {
      if (status === "refused" || (status === "error" && detail?.code)) {
        refused = detail?.message || t("table.not_found");
      }
      connection = status === "closed" ? "closed" : "open";
      draw();
    }));
  }

  let closed = false;
  if (replay) {
    goTo(Math.max(0, Number.parseInt(params.get("step") || "0", 10) || 0));
    api.analysis(matchId).then((job) => { if (job.status === "done") { analysis = job; draw(); } }).catch(() => {});
  } else if (hotseat && tokens.size) {
    for (const [seat, token] of tokens) follow(seat, token);
    follow(SPECTATOR, null);
  } else if (invite && !single) {
    // An invite link: take the seat once, keep its token on this device, then follow as it.
    replace(frame.status, t("table.claiming"));
    api.claim(matchId, Number(invite[1]), invite[2], savedName(), entropyFor(matchId)).then((claimed) => {
      saveSeat(matchId, claimed.token);
      single = claimed.token;
      if (!closed) follow(null, single);
    }).catch((e) => {
      error = t("table.claim_failed", { message: e.message });
      replace(frame.error, error);
      if (!closed) follow(SPECTATOR, null);
    });
  } else {
    follow(single ? null : SPECTATOR, single);
  }
  api.games().then((g) => { games = g; draw(); }).catch(() => {});

  /** Replay: show the match after `step` moves (the address keeps the step, to share it). */
  async function goTo(step) {
    try {
      const doc = await api.replay(matchId, step);
      if (closed) return;
      history.replaceState(null, "", replayHref(matchId, doc.step));
      updates.set(SPECTATOR, doc);
      if (!renderer) {
        renderer = (await loadRenderer(plain ? "generic" : doc.game)).module;
      }
      error = "";
    } catch (e) {
      error = t("table.error", { message: e.message });
    }
    draw();
  }

  function receive(key, update) {
    const previous = updates.get(key);
    if (previous && previous.state_id > update.state_id) return;
    updates.set(key, update);
    if (!hotseat && key !== SPECTATOR && update.seat !== null) saveSeatNumber(matchId, update.seat);
    if (!renderer) {
      loadRenderer(plain ? "generic" : update.game).then((r) => { renderer = r.module; draw(); });
      return;
    }
    if (!previous || previous.state_id !== update.state_id) error = "";
    draw();
  }

  // -- which seat is on screen --------------------------------------------------------

  function choose() {
    if (!hotseat) return updates.keys().next().value ?? null;
    const acting = [...tokens.keys()].filter((seat) => updates.get(seat)?.legal_actions.length > 0);
    if (acting.length === 0) return updates.has(SPECTATOR) ? SPECTATOR : null;
    if (acting.includes(shown)) return shown;
    return acting[0];
  }

  function seatName(seat) {
    // A player's display name is shown as text (never as markup): dom.js makes text nodes.
    let info = null;
    for (const update of updates.values()) info = info?.name ? info : update.seats?.[seat] || info;
    if (info?.name) return info.name;
    if (info?.kind === "bot" && !info.stand_in) return t("seat.bot_name", { n: seat + 1, name: botName(info.bot) });
    return t("seat.name", { n: seat + 1 });
  }

  function seatColour(update, seat) {
    return renderer?.seatColour?.(update.view, seat) || PALETTE[seat % PALETTE.length];
  }

  function tokenOf(key) {
    return hotseat ? tokens.get(key) : single;
  }

  function names(seats) {
    return seats.map(seatName).join(", ");
  }

  // -- acting ---------------------------------------------------------------------------

  async function act(entry) {
    const update = updates.get(shown);
    if (busy || !update) return;
    busy = true;
    draw();
    try {
      receive(shown, await api.act(matchId, tokenOf(shown), update.state_id, entry.action));
    } catch (e) {
      error = t("table.error", { message: e.message });
      if (e.code === "stale_state") receive(shown, await api.match(matchId, tokenOf(shown)).catch(() => update));
    } finally {
      busy = false;
      draw();
    }
  }

  /** Take back the latest move of `key`'s seat (the server says when it may: `update.undo`). */
  async function takeBackMove(key) {
    const update = updates.get(key);
    if (busy || !update?.undo) return;
    busy = true;
    draw();
    try {
      receive(key, await api.undo(matchId, tokenOf(key), update.state_id));
    } catch (e) {
      error = t("table.error", { message: e.message });
      if (e.code === "stale_state" || e.code === "undo_not_allowed") {
        receive(key, await api.match(matchId, tokenOf(key)).catch(() => update));
      }
    } finally {
      busy = false;
      draw();
    }
  }

  function undoButton(key) {
    return h("button", {
      type: "button",
      class: "undo",
      "data-testid": "undo",
      title: t("table.undo.title"),
      disabled: busy,
      onclick: () => takeBackMove(key),
    }, `↶ ${t("table.undo")}`);
  }

  const hintPanel = tableHints(matchId, () => draw(), (entry) => act(entry));

  async function seatCall(call) {
    try {
      const update = await call();
      receive(shown, update);
    } catch (e) {
      error = t("table.error", { message: e.message });
      draw();
    }
  }

  // -- focus and announcements ---------------------------------------------------------

  /** Say `text` in the polite live region (once: the same words are not repeated). */
  function announce(text) {
    if (!text || text === announced) return;
    announced = text;
    replace(frame.announce, text);
  }

  function groupItem(name) {
    if (name === null || name === undefined) return null;
    const group = [...root.querySelectorAll("[data-roving]")].find((g) => g.dataset.roving === name);
    if (!group) return null;
    const items = rovingItems(group);
    return items.find((el) => el.getAttribute("tabindex") === "0") ?? items[0] ?? null;
  }

  /**
   * Put focus back after a redraw: on the same control when it still exists, else on its
   * board's current square, else on the status line, remembering the control so focus
   * returns to it (or its board) when it comes back, e.g. on the player's next turn.
   */
  function restoreFocus(key) {
    if (!frame.overlay.hidden) {
      frame.overlay.querySelector("#ready")?.focus();
      return;
    }
    const onStatus = document.activeElement === frame.status;
    if (onStatus && wanted) {
      const back = findKey(root, wanted) ?? groupItem(wanted.group);
      if (back) {
        wanted = null;
        back.focus({ preventScroll: true });
      }
      return;
    }
    if (!key || onStatus) return;
    const same = findKey(root, key);
    if (same) {
      if (document.activeElement !== same) same.focus({ preventScroll: true });
      return;
    }
    const near = groupItem(key.group);
    if (near) {
      near.focus({ preventScroll: true });
      return;
    }
    wanted = key;
    frame.status.focus({ preventScroll: true });
  }

  function setUpRoving() {
    liftButtonText(root);
    spreadTargets(root);
    hitAreas(root);
    for (const group of root.querySelectorAll("[data-roving]")) roving(group, rovingAt.get(group.dataset.roving));
  }

  // -- drawing --------------------------------------------------------------------------

  function statusText(update) {
    const mine = update.seat;
    if (update.outcome) {
      return `${t("table.over")} ${t("table.winners", { names: names(update.outcome.winners) })}`;
    }
    const waiting = update.to_act.filter((s) => s !== mine || update.legal_actions.length === 0);
    if (mine !== null && update.legal_actions.length > 0) return t("table.your_turn", { name: seatName(mine) });
    if (mine !== null && update.committed.includes(mine)) return t("table.waiting_you_done", { names: names(waiting) });
    return t("table.waiting", { names: names(update.to_act) });
  }

  function playersPanel(update) {
    const mine = update.seat;
    const scores = update.waiting ? null : renderer?.scores?.(update.view) ?? null;
    const seated = mine !== null;
    const rows = update.seats.map((info) => {
      const seat = info.seat;
      const badges = [];
      if (info.forfeited) {
        badges.push(h("span", { class: "badge off", "data-forfeited": seat }, t("table.forfeited")));
      }
      if (info.kind === "bot") {
        badges.push(h("span", { class: "badge bot" }, t(info.stand_in ? "table.stand_in" : "table.bot", { name: botName(info.bot) })));
      } else if (info.invited && !info.claimed) {
        badges.push(h("span", { class: "badge off" }, t("table.open_seat")));
      } else {
        badges.push(h("span", { class: `badge ${info.connected ? "on" : "off"}` }, t(info.connected ? "table.connected" : "table.away")));
      }
      if (!update.outcome) {
        if (update.committed.includes(seat)) badges.push(h("span", { class: "badge done", "data-done": seat }, `✓ ${t("table.done")}`));
        else if (update.to_act.includes(seat)) badges.push(h("span", { class: "badge acting" }, t("table.to_act")));
      }
      const buttons = [];
      if (seated && !update.outcome) {
        const token = tokenOf(shown);
        if (seat === mine && info.kind === "human") {
          buttons.push(h("button", { type: "button", class: "small", onclick: () => seatCall(() => api.handToBot(matchId, token, seat)) }, t("table.hand_over")));
          buttons.push(h("button", {
            type: "button",
            class: "small",
            "data-rename": seat,
            onclick: () => {
              const name = prompt(t("table.rename.prompt"), info.name || savedName());
              if (name === null) return;
              saveName(name.trim());
              seatCall(() => api.rename(matchId, token, seat, name.trim()));
            },
          }, t("table.rename")));
          if (update.clock) {
            // what happens if my clock runs out: chosen in advance, by me only
            buttons.push(h("label", { class: "small on-timeout" }, [
              h("span", {}, `${t("lobby.on_timeout")}: `),
              h("select", {
                "data-on-timeout-seat": seat,
                onchange: (e) => seatCall(() => api.chooseTimeout(matchId, token, seat, e.target.value)),
              }, ["bot", "forfeit"].map((what) => h("option", { value: what, selected: info.on_timeout === what }, t(`lobby.on_timeout.${what}`)))),
            ]));
          }
        } else if (seat === mine && info.stand_in && !info.forfeited) {
          buttons.push(h("button", { type: "button", class: "small", onclick: () => seatCall(() => api.takeBack(matchId, token, seat)) }, t("table.take_back")));
        } else if (seat !== mine && info.kind === "human" && !info.connected) {
          buttons.push(h("button", { type: "button", class: "small", onclick: () => seatCall(() => api.handToBot(matchId, token, seat)) }, t("table.replace")));
        }
      }
      return h("li", { class: seat === mine ? "me" : "", "data-seat": seat }, [
        h("span", { class: "dot", style: `background:${seatColour(update, seat)}` }),
        h("strong", {}, seatName(seat) + (seat === mine ? ` (${t("table.you")})` : "")),
        scores ? h("span", { class: "score" }, t("table.score", { n: scores[seat] })) : null,
        ...badges,
        ...buttons,
      ]);
    });
    replace(frame.players, h("h2", {}, t("table.players")), h("ul", {}, rows));
  }

  function movesPanel(update) {
    const entries = update.legal_actions;
    frame.moves.open = open.moves || (Boolean(renderer?.listMoves) && entries.length > 0);
    replace(frame.moves,
      h("summary", {}, t("table.moves", { n: entries.length })),
      entries.length === 0 ? h("p", { class: "muted" }, t("table.no_moves")) : h("div", { class: "move-list" }, entries.map((entry) => h("button", {
        type: "button",
        class: "move",
        disabled: busy,
        "data-notation": entry.notation,
        onclick: () => act(entry),
      }, [pick(entry.text), h("code", {}, entry.notation)]))));
  }

  function logPanel(update) {
    frame.log.open = open.log;
    const items = update.log.slice().reverse().slice(0, 200).map((entry) => {
      const words = entry.notation === null ? h("em", {}, t("table.log.sealed")) : named(pick(entry.text));
      return h("li", { class: [entry.sealed ? "sealed" : "", entry.undone ? "undone" : ""].join(" ").trim() }, [
        h("span", { class: "dot", style: `background:${seatColour(update, entry.seat)}` }),
        `${seatName(entry.seat)}: `,
        entry.undone ? h("del", {}, words) : words,
        logEvents(entry.events),
      ]);
    });
    // the log scrolls: it takes focus so the keyboard can scroll it (WCAG 2.1.1)
    const opening = update.opening?.length
      ? h("div", { class: "opening", "data-opening": "1" }, [h("p", {}, t("table.log.opening")), logEvents(update.opening)])
      : null;
    replace(frame.log, h("summary", {}, t("table.log")),
      items.length ? h("ol", { reversed: true, tabindex: 0, "aria-label": t("table.log"), "data-log": "1" }, items) : h("p", { class: "muted" }, t("table.log.empty")),
      opening);
  }

  /** What followed a move: chance events, a round beginning, points scored (public only). */
  function logEvents(events) {
    if (!events?.length) return null;
    return h("ul", { class: "events" }, events.map((event) =>
      h("li", { class: `event event-${event.kind}`, "data-event": event.kind }, named(pick(event.text)))));
  }

  function named(text) {
    return withNames(text, seatName);
  }

  function outcomePanel(update) {
    const outcome = update.outcome;
    frame.outcome.hidden = !outcome;
    if (!outcome) return replace(frame.outcome);
    const game = update.game;
    const sheet = renderer?.scoreSheet?.(context(update), outcome) ?? Object.keys(outcome.breakdown[0] || {}).map((key) => ({
      label: has(`${game}.cat.${key}`) ? t(`${game}.cat.${key}`) : key,
      values: outcome.breakdown.map((b) => b[key]),
    }));
    const seats = outcome.scores.map((_, i) => i);
    const head = h("tr", {}, [h("th", { scope: "col" }, t("table.category")), ...seats.map((s) => h("th", { style: `border-bottom:3px solid ${seatColour(update, s)}` }, seatName(s)))]);
    const body = sheet.map((row) => h("tr", { class: row.class || "" }, [h("th", {}, row.label), ...row.values.map((v) => h("td", {}, v))]));
    body.push(h("tr", { class: "total" }, [h("th", {}, t("table.total")), ...outcome.scores.map((v) => h("td", {}, v))]));
    body.push(h("tr", { class: "rank" }, [h("th", {}, t("table.rank")), ...outcome.ranks.map((v) => h("td", {}, v === 1 ? "1 ★" : v))]));
    replace(frame.outcome, h("h2", { id: "sheet-title" }, t("table.sheet")), h("div", { class: "scroll", tabindex: 0, role: "region", "aria-labelledby": "sheet-title" }, h("table", { class: "sheet" }, [h("thead", {}, head), h("tbody", {}, body)])),
      replay ? null : rematchBox(update), replay ? null : replayLink(matchId), verifyBox(update));
  }

  /** The rematch button: the same players with the seats rotated (for a seat's player). */
  function rematchBox(update) {
    const held = hotseat ? tokens : single && update.seat !== null ? new Map([[update.seat, single]]) : null;
    if (!held || held.size === 0) return null;
    return h("p", { class: "rematch" }, h("button", {
      type: "button",
      class: "primary",
      "data-testid": "rematch",
      disabled: busy,
      onclick: async () => {
        busy = true;
        try {
          location.hash = await createRematch(update, held, saveHotseat);
        } catch (e) {
          error = t("table.error", { message: e.message });
        } finally {
          busy = false;
          if (!closed) draw();
        }
      },
    }, t("table.rematch")));
  }

  function verifyBox(update) {
    if (!update.seed_commitment) return null;
    return h("div", { class: "verify", "data-testid": "verify" }, [
      h("a", {
        class: "button",
        href: `/api/matches/${encodeURIComponent(matchId)}/record`,
        download: `${matchId}.json`,
      }, t("table.verify")),
      h("p", { class: "muted" }, t("table.verify.help")),
      h("p", { class: "muted" }, h("code", {}, t("table.commitment", { hash: update.seed_commitment }))),
      update.record_digest ? h("p", { class: "muted" }, h("code", { "data-digest": update.record_digest }, t("table.fingerprint", { digest: update.record_digest }))) : null,
      update.mixed && savedEntropy(matchId) ? h("p", { class: "muted" }, h("code", {}, t("table.contribution", { entropy: savedEntropy(matchId) }))) : null,
    ]);
  }

  async function startAnalysis() {
    try {
      analysis = await api.startAnalysis(matchId);
      draw();
      while (analysis.status === "running") {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        analysis = await api.analysis(matchId);
        draw();
      }
    } catch (e) {
      error = e.message;
      draw();
    }
  }

  // The search's opinion of every decision, asked for from the score sheet once the match is
  // over: progress while the server works, then each seat's mean loss and the blunders.
  function analysisPanel(update) {
    frame.analysis.hidden = !update.outcome;
    if (!update.outcome) return replace(frame.analysis);
    if (!analysis) {
      return replace(frame.analysis, h("button", { type: "button", "data-testid": "analyse", onclick: startAnalysis }, t("analysis.start")));
    }
    if (analysis.status === "running") {
      return replace(frame.analysis, h("p", { "data-testid": "analysis-progress" }, t("analysis.progress", { done: analysis.done, total: analysis.total })));
    }
    if (analysis.status === "failed") return replace(frame.analysis, h("p", { class: "error" }, t("analysis.failed")));
    const doc = analysis.analysis;
    const seats = doc.seats.map((s) => h("li", {}, t("analysis.seat", { name: seatName(s.seat), loss: s.mean_loss.toFixed(3), n: s.blunders })));
    const blunders = doc.blunders.map((i) => h("li", { class: "blunder" }, doc.decisions[i].message[lang()]));
    replace(frame.analysis,
      h("h2", {}, t("analysis.title")),
      h("p", { class: "hint" }, t("analysis.about", { bot: doc.bot })),
      h("ul", { "data-testid": "analysis-seats" }, seats),
      blunders.length ? h("ol", { "data-testid": "analysis-blunders" }, blunders) : h("p", {}, t("analysis.clean")));
  }

  function context(update) {
    return {
      update,
      view: update.view,
      seat: update.seat,
      legal: update.legal_actions,
      lang: lang(),
      busy,
      local,
      el: { board: frame.board, mine: frame.mine, others: frame.others },
      t: (key, values) => t(`${update.game}.${key}`, values),
      pick,
      h,
      svg,
      act,
      redraw: draw,
      announce,
      a11y: { srTable: (caption, rows, attrs) => srTable(h, caption, rows, attrs), onActivate, svgButton, inkOn },
      seatName,
      seatColour: (seat) => seatColour(update, seat),
      zoom: zoomButton,
    };
  }

  function passScreen(seat) {
    // the person who just moved may still take it back before handing the device over
    const before = shown !== null && shown !== SPECTATOR && updates.get(shown)?.undo ? shown : null;
    frame.overlay.hidden = false;
    replace(frame.overlay, h("div", { class: "pass", "data-testid": "pass" }, [
      h("h2", { id: "pass-title" }, t("table.pass.title")),
      h("p", {}, t("table.pass.to", { name: seatName(seat) })),
      h("p", { class: "muted" }, t("table.pass.hidden", { name: seatName(seat) })),
      h("button", {
        type: "button",
        class: "primary",
        id: "ready",
        onclick: () => { shown = seat; passTo = null; frame.overlay.hidden = true; draw(); },
      }, t("table.pass.ready", { name: seatName(seat) })),
      before === null ? null : undoButton(before),
      h("p", {}, h("a", { href: "#/", class: "pass-lobby", "data-testid": "pass-lobby" }, t("table.lobby"))),
    ]));
  }

  // -- laptop and phone layouts --------------------------------------------------------

  /**
   * On a laptop, draw each board no taller than the window leaves below its top, so that the
   * board and the side column (the decision, the seat's own area) are seen together without
   * scrolling; a board keeps LEAST_BOARD px however small the window.
   */
  function fitBoards() {
    for (const board of frame.board.querySelectorAll(":scope > svg")) {
      board.style.maxWidth = "";
      const box = board.viewBox?.baseVal;
      if (PHONE.matches || !box?.width || !box.height) continue;
      const top = board.getBoundingClientRect().top + window.scrollY;
      const room = Math.max(LEAST_BOARD, window.innerHeight - top - 12);
      board.style.maxWidth = `${Math.floor(Math.min(760, (room * box.width) / box.height))}px`;
    }
  }

  // What lies above the boards (the tip, the undo bar, an error) comes and goes after a paint.
  // Both observers act in the next frame: resizing in the callback itself would notify them
  // again within the frame (a "ResizeObserver loop" error).
  let refit = 0;
  const above = new ResizeObserver(() => {
    cancelAnimationFrame(refit);
    refit = requestAnimationFrame(() => {
      fitBoards();
      hitAreas(root);
    });
  });
  for (const node of [frame.replay, frame.status, frame.undo, frame.hint, frame.error]) above.observe(node);

  let dockOpen = false;
  let redock = 0;
  const dockSize = new ResizeObserver(() => {
    cancelAnimationFrame(redock);
    redock = requestAnimationFrame(placeDock);
  });
  frame.dock.addEventListener("click", () => {
    dockOpen = !dockOpen;
    root.querySelector(".decision")?.classList.toggle("open", dockOpen);
    placeDock();
  });

  /**
   * The renderer's decision panel (`.decision`: the prompt and its buttons). On a phone it is
   * docked at the bottom of the screen (style.css); the page is padded by its height so the
   * board's last targets scroll clear of it, and a button unfolds it when it holds more than
   * its docked height shows.
   */
  function dockPanel() {
    dockSize.disconnect();
    const panel = root.querySelector("#board .decision, #mine .decision");
    if (panel) {
      panel.id = "decision";
      panel.classList.toggle("open", dockOpen);
      dockSize.observe(panel);
    }
    placeDock();
  }

  function placeDock() {
    const panel = root.querySelector("#decision.decision");
    const docked = Boolean(panel) && PHONE.matches && getComputedStyle(panel).position === "fixed";
    page.style.setProperty("--dock-h", `${docked ? Math.ceil(panel.getBoundingClientRect().height) : 0}px`);
    const folds = docked && (dockOpen || panel.scrollHeight > panel.clientHeight + 1);
    panel?.classList.toggle("folds", folds);
    frame.dock.hidden = !folds;
    frame.dock.setAttribute("aria-expanded", String(dockOpen));
    frame.dock.setAttribute("aria-label", t("table.dock.label"));
    const words = t(dockOpen ? "table.dock.less" : "table.dock.more");
    if (frame.dock.textContent !== words) replace(frame.dock, words);
  }

  // The other players' boards drawn large on demand: a modal dialog (Escape closes it).
  const zooms = new Map(); // key -> {title, draw}: what this update offers to enlarge
  let zoomed = null; // the key shown in the dialog

  function zoomButton(key, title, drawLarge) {
    zooms.set(key, { title, draw: drawLarge });
    return h("button", {
      type: "button",
      class: "small zoom-open",
      "data-zoom": key,
      "aria-haspopup": "dialog",
      "aria-label": t("table.zoom.label", { name: title }),
      onclick: () => {
        zoomed = key;
        showZoom();
        if (!frame.zoom.open) frame.zoom.showModal();
        frame.zoom.querySelector(".zoom-close")?.focus();
      },
    }, `⤢ ${t("table.zoom")}`);
  }

  function showZoom() {
    const shown = zooms.get(zoomed);
    if (!shown) {
      if (frame.zoom.open) frame.zoom.close();
      return;
    }
    replace(frame.zoom,
      h("div", { class: "zoom-head" }, [
        h("h2", { id: "zoom-title" }, shown.title),
        h("button", { type: "button", class: "zoom-close", "data-testid": "zoom-close", onclick: () => frame.zoom.close() }, `✕ ${t("table.zoom.close")}`),
      ]),
      h("div", { class: "zoom-body" }, shown.draw()));
  }

  frame.zoom.addEventListener("close", () => {
    const key = zoomed;
    zoomed = null;
    replace(frame.zoom);
    if (key !== null) root.querySelector(`[data-zoom="${CSS.escape(key)}"]`)?.focus();
  });

  function draw() {
    const key = root.contains(document.activeElement) ? focusKey(document.activeElement) : null;
    paint();
    restoreFocus(key);
  }

  function paint() {
    replace(frame.skips, skipLink(t("table.skip.board"), "board"), skipLink(t("table.skip.moves"), "moves"));
    replace(frame.back, t("table.lobby"));
    replace(frame.lang, languageButton());
    if (refused && updates.size === 0) {
      replace(frame.status, refused);
      return;
    }
    const next = choose();
    if (hotseat && tokens.size > 1 && next !== null && next !== SPECTATOR && next !== shown) {
      // Another person of this device must act: their secrets wait behind the pass screen,
      // and the public picture stays on the table meanwhile.
      passTo = next;
      passScreen(next);
    } else {
      passTo = null;
      shown = next;
      frame.overlay.hidden = true;
      replace(frame.overlay);
    }
    const update = updates.get(passTo !== null ? SPECTATOR : shown);
    if (!update || !renderer) return;
    frame.replay.hidden = !replay;
    if (replay) replace(frame.replay, replayBar(matchId, update, analysis?.analysis, goTo, seatName));
    const game = games.find((g) => g.id === update.game);
    const gameName = game ? pick(game.name) : update.game;
    replace(frame.title, gameName);
    // the tab title says the game and, first, when it is the viewer's turn (WCAG 2.4.2)
    const turn = update.outcome ? t("table.title.over") : update.legal_actions.length > 0 ? t("table.title.turn") : "";
    document.title = `${turn ? `${turn} · ` : ""}${gameName} · Tabuleiro`;
    signal.update(!update.outcome && update.legal_actions.length > 0, `${gameName}: ${statusText(update)}`);
    replace(frame.alerts, update.seat === null || update.outcome ? null : notifyControls(draw));
    replace(frame.who, hotseat ? t("table.hotseat") : update.seat === null ? t("table.spectator") : t("table.you_are", { name: seatName(update.seat) }));
    replace(frame.status, connection === "closed" ? t("table.reconnecting") : statusText(update));
    frame.status.classList.toggle("your-turn", update.legal_actions.length > 0);
    frame.status.dataset.state = String(update.state_id);
    frame.status.dataset.seat = String(update.seat);
    replace(frame.error, error);
    const undoable = passTo === null && update.undo && !update.outcome;
    frame.undo.hidden = !undoable;
    replace(frame.undo, undoable ? undoButton(shown) : null);
    for (const key of ["board", "mine", "others"]) replace(frame[key]);
    if (update.waiting) {
      // nothing is dealt until every invitee has mixed in their entropy
      replace(frame.status, t("table.waiting_players"));
      playersPanel(update);
      replace(frame.moves);
      replace(frame.log);
      frame.outcome.hidden = true;
      return;
    }
    zooms.clear();
    renderer.render(context(update));
    if (zoomed !== null) showZoom();
    if (!plain) showHint(frame.hint, update);
    frame.rules.href = rulesHref(update.game);
    replace(frame.rules, t("rules.link"));
    fitBoards();
    setUpRoving();
    dockPanel();
    replace(frame.searchHint, hintPanel(update, tokenOf(shown), busy));
    playersPanel(update);
    movesPanel(update);
    logPanel(update);
    outcomePanel(update);
    analysisPanel(update);
    frame.text.hidden = !renderer.showViewText;
    if (renderer.showViewText) {
      frame.text.open = true;
      replace(frame.text, h("summary", {}, t("table.view")), h("pre", { tabindex: 0, "aria-label": t("table.view") }, JSON.stringify(update.view, null, 1)));
    }
  }

  const stopLang = onLang(draw);
  // a turned phone or a resized window changes how many CSS px a board's unit is
  let resizing = 0;
  const resized = () => {
    cancelAnimationFrame(resizing);
    resizing = requestAnimationFrame(() => {
      fitBoards();
      hitAreas(root);
      placeDock();
    });
  };
  window.addEventListener("resize", resized);
  return () => {
    closed = true;
    signal.stop();
    stopLang();
    window.removeEventListener("resize", resized);
    dockSize.disconnect();
    above.disconnect();
    if (frame.zoom.open) frame.zoom.close();
    for (const socket of sockets) socket.close();
  };
}
