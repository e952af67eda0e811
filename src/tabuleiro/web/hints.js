// Search hints (issue 16, point 5): in a match created with hints, the seat to act may ask the
// search for a move. The hint is the asking seat's alone (the server computes it from that
// seat's view); every player sees that hints are on.

import { api } from "./api.js";
import { h } from "./dom.js";
import { addStrings, t, pick, lang } from "./i18n.js";

addStrings("hints", {
  pt: {
    "lobby": "Sugestões da busca (qualquer jogador pode pedir uma jogada; todos veem que estão ligadas)",
    "on": "Sugestões ligadas nesta partida",
    "ask": "Sugerir uma jogada",
    "asking": "A busca está pensando…",
    "found": "Sugestão: {move} (valor estimado {value}, de 0 a 1)",
    "play": "Jogar a sugestão",
    "failed": "Não foi possível sugerir: {message}",
  },
  en: {
    "lobby": "Search hints (any player may ask for a move; everyone sees they are on)",
    "on": "Hints are on in this match",
    "ask": "Suggest a move",
    "asking": "The search is thinking…",
    "found": "Hint: {move} (estimated value {value}, from 0 to 1)",
    "play": "Play the hint",
    "failed": "No hint: {message}",
  },
});

/** The search spec the lobby asks for when the creator turns hints on. */
export const LOBBY_SEARCH = "mcts";

/** The lobby's checkbox for a new match's hints; `choice.hints` holds the answer. */
export function hintsField(choice) {
  return h("label", { class: "option bool hints" }, [
    h("input", {
      type: "checkbox",
      id: "hints",
      checked: Boolean(choice.hints),
      onchange: (e) => { choice.hints = e.target.checked; },
    }),
    h("span", {}, t("hints.lobby")),
  ]);
}

/**
 * Hints of one table: `panel(update, token)` is the hint section for the seat on screen (null
 * when the match has none), `redraw` repaints the table once a hint arrives, `play(entry)` plays
 * a legal entry.
 */
export function tableHints(matchId, redraw, play) {
  const found = new Map(); // "seat:state_id" -> {status, hint, message}

  async function ask(key, token) {
    found.set(key, { status: "asking" });
    redraw();
    try {
      found.set(key, { status: "done", hint: await api.hint(matchId, token) });
    } catch (e) {
      found.set(key, { status: "failed", message: e.message });
    }
    redraw();
  }

  return function panel(update, token, busy) {
    if (!update.hints) return null;
    const badge = h("p", { class: "muted", "data-testid": "hints-on" }, t("hints.on"));
    if (!token || update.legal_actions.length === 0) return h("div", { class: "hints" }, badge);
    const key = `${update.seat}:${update.state_id}`;
    const got = found.get(key);
    const parts = [badge];
    if (!got || got.status === "failed") {
      parts.push(h("button", { type: "button", "data-testid": "hint", disabled: busy, onclick: () => ask(key, token) }, t("hints.ask")));
      if (got) parts.push(h("p", { class: "error" }, t("hints.failed", { message: got.message })));
    } else if (got.status === "asking") {
      parts.push(h("p", { role: "status" }, t("hints.asking")));
    } else {
      const hint = got.hint;
      const value = new Intl.NumberFormat(lang() === "pt" ? "pt-BR" : "en", { maximumFractionDigits: 2 }).format(hint.value);
      const entry = update.legal_actions.find((e) => e.notation === hint.notation);
      parts.push(h("p", { "data-testid": "hint-text", "data-notation": hint.notation }, t("hints.found", { move: pick(hint.text), value })));
      if (entry) parts.push(h("button", { type: "button", class: "primary", disabled: busy, onclick: () => play(entry) }, t("hints.play")));
    }
    return h("div", { class: "hints", role: "region", "aria-label": t("hints.ask") }, parts);
  };
}
