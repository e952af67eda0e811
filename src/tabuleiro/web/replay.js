// The replay viewer (issue 20, point 5): a match stepped through move by move, forwards and
// backwards, at `#/replay/<id>?step=K`. The table draws the board, the players' scores and the
// log as a spectator saw them after K moves (`GET /api/matches/{id}/replay`); this bar steps
// and says what move K was, with the search's judgement of it when the match was analysed.

import { h } from "./dom.js";
import { addStrings, t, pick, withNames } from "./i18n.js";

addStrings("replay", {
  pt: {
    "title": "Replay",
    "start": "Início",
    "back": "Lance anterior",
    "forward": "Próximo lance",
    "end": "Fim",
    "step": "Lance {k} de {n}",
    "at_start": "A partida antes do primeiro lance.",
    "move": "{name}: {move}",
    "sealed": "{name} escolheu em segredo.",
    "judged": "A busca: vale {played}; o melhor era {best} ({value}).",
    "forced": "Lance único: não havia escolha.",
    "link": "Rever a partida lance a lance",
    "live": "Voltar à mesa",
  },
  en: {
    "title": "Replay",
    "start": "Start",
    "back": "Previous move",
    "forward": "Next move",
    "end": "End",
    "step": "Move {k} of {n}",
    "at_start": "The match before its first move.",
    "move": "{name}: {move}",
    "sealed": "{name} chose in secret.",
    "judged": "The search: worth {played}; the best was {best} ({value}).",
    "forced": "The only move: there was no choice.",
    "link": "Step through the match move by move",
    "live": "Back to the table",
  },
});

/** The address of a match's replay at `step`. */
export function replayHref(matchId, step = 0) {
  return `#/replay/${encodeURIComponent(matchId)}?step=${step}`;
}

/** The link from a table to its replay. */
export function replayLink(matchId) {
  return h("a", { class: "button", href: replayHref(matchId), "data-testid": "replay-link" }, t("replay.link"));
}

/** The index among the moves that stand (not taken back) of log entry `i`, or null when the
 * entry is a take-back or was taken back (the analysis judges standing moves only). */
function standing(log, i) {
  const entry = log[i];
  if (!entry || entry.undone || entry.notation === "undo") return null;
  return log.slice(0, i).filter((e) => !e.undone && e.notation !== "undo").length;
}

function judgement(analysis, log, i) {
  const index = standing(log, i);
  const decision = index === null ? null : analysis?.decisions?.[index];
  if (!decision) return null;
  if (decision.forced) return h("p", { class: "muted" }, t("replay.forced"));
  if (decision.played.value === null) return null;
  const fmt = (v) => v.toFixed(2);
  return h("p", { class: decision.blunder ? "blunder" : "muted", "data-testid": "replay-judged" },
    t("replay.judged", { played: fmt(decision.played.value), best: decision.best.action, value: fmt(decision.best.value) }));
}

/**
 * The replay bar for the spectator's `doc` at its step: buttons to the start, back, forward and
 * the end (the arrow keys too), the step as "Move k of n", and what that move was. `go(k)` shows
 * step k; `seatName(s)` names a seat.
 */
export function replayBar(matchId, doc, analysis, go, seatName) {
  const k = doc.step;
  const n = doc.steps;
  const button = (label, to, disabled, key) => h("button", {
    type: "button",
    "data-replay": key,
    disabled,
    "aria-label": label,
    title: label,
    onclick: () => go(to),
  }, { start: "|◀", back: "◀", forward: "▶", end: "▶|" }[key]);
  const entry = doc.log[k - 1];
  const said = k === 0 ? t("replay.at_start")
    : entry.sealed ? t("replay.sealed", { name: seatName(entry.seat) })
      : t("replay.move", { name: seatName(entry.seat), move: withNames(pick(entry.text), seatName) });
  return h("div", {
    class: "replay-bar",
    role: "group",
    "aria-label": t("replay.title"),
    "data-testid": "replay",
    onkeydown: (e) => {
      if (e.key === "ArrowLeft" && k > 0) { e.preventDefault(); go(k - 1); }
      if (e.key === "ArrowRight" && k < n) { e.preventDefault(); go(k + 1); }
    },
  }, [
    h("div", { class: "replay-buttons" }, [
      button(t("replay.start"), 0, k === 0, "start"),
      button(t("replay.back"), k - 1, k === 0, "back"),
      h("span", { class: "replay-step", "data-step": k, "aria-live": "polite" }, t("replay.step", { k, n })),
      button(t("replay.forward"), k + 1, k >= n, "forward"),
      button(t("replay.end"), n, k >= n, "end"),
    ]),
    h("p", { "data-testid": "replay-move" }, said),
    (k > 0 ? entry.events : doc.opening)?.length ? h("ul", { class: "events", "data-testid": "replay-events" },
      (k > 0 ? entry.events : doc.opening).map((event) => h("li", { class: `event event-${event.kind}` }, withNames(pick(event.text), seatName)))) : null,
    k > 0 ? judgement(analysis, doc.log, k - 1) : null,
    h("a", { href: `#/m/${encodeURIComponent(matchId)}` }, t("replay.live")),
  ]);
}
