// Turn notifications: the tab's favicon marks "your turn" (the table puts it in the title too),
// an optional sound (off until the player turns it on) and a browser notification while the tab
// is hidden (permission asked only when the player clicks the button that asks for it).

import { h } from "./dom.js";
import { t } from "./i18n.js";

const SOUND_KEY = "tabuleiro.sound";
const NOTIFY_KEY = "tabuleiro.notify";

function icon(turn) {
  const mark = turn ? "%3Ccircle cx='12' cy='4' r='4' fill='%23d55e00' stroke='%23fff' stroke-width='1'/%3E" : "";
  return "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E"
    + "%3Crect width='16' height='16' rx='3' fill='%23335c67'/%3E%3Crect x='3' y='3' width='4' height='4' fill='%23fff3b0'/%3E"
    + `%3Crect x='9' y='9' width='4' height='4' fill='%23fff3b0'/%3E${mark}%3C/svg%3E`;
}

/** Show "your turn" (or not) in the tab's favicon. */
export function setFavicon(turn) {
  let link = document.querySelector("link[rel~='icon']");
  if (!link) {
    link = h("link", { rel: "icon" });
    document.head.append(link);
  }
  if (link.dataset.turn === String(Boolean(turn))) return;
  link.dataset.turn = String(Boolean(turn));
  link.setAttribute("href", icon(turn));
}

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "1";
}

function notifyOn() {
  return localStorage.getItem(NOTIFY_KEY) === "1" && "Notification" in window && Notification.permission === "granted";
}

let audio = null;

/** A short two-note chime (Web Audio: no sound file to fetch). */
function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  audio = audio || new Context();
  const start = audio.currentTime;
  [660, 880].forEach((frequency, i) => {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.12, start + i * 0.15);
    gain.gain.exponentialRampToValueAtTime(0.001, start + i * 0.15 + 0.14);
    tone.connect(gain).connect(audio.destination);
    tone.start(start + i * 0.15);
    tone.stop(start + i * 0.15 + 0.15);
  });
}

/**
 * A signal for one table: call `update(turn, text)` after every draw; when the turn becomes
 * the viewer's it chimes (if the sound is on) and, with the tab hidden, shows a notification
 * (if the player allowed them). `stop()` puts the favicon back.
 */
export function turnSignal(matchId) {
  let was = null;
  return {
    update(turn, text) {
      setFavicon(turn);
      if (turn && was === false) {
        if (soundOn()) chime();
        if (document.hidden && notifyOn()) {
          const note = new Notification(t("notify.title"), { body: text, tag: `tabuleiro-${matchId}` });
          note.onclick = () => { window.focus(); note.close(); };
        }
      }
      was = turn;
    },
    stop() {
      setFavicon(false);
    },
  };
}

/** The table's controls: the sound toggle and the button that asks to allow notifications. */
export function notifyControls(redraw) {
  const controls = [
    h("label", { class: "sound small" }, [
      h("input", {
        type: "checkbox",
        "data-sound": "1",
        checked: soundOn(),
        onchange: (e) => { localStorage.setItem(SOUND_KEY, e.target.checked ? "1" : "0"); if (e.target.checked) chime(); },
      }),
      h("span", {}, t("notify.sound")),
    ]),
  ];
  if (!("Notification" in window)) return controls;
  if (notifyOn()) {
    controls.push(h("button", {
      type: "button",
      class: "small",
      "data-notify": "on",
      onclick: () => { localStorage.setItem(NOTIFY_KEY, "0"); redraw(); },
    }, t("notify.on")));
  } else if (Notification.permission === "denied") {
    controls.push(h("span", { class: "muted small", "data-notify": "denied" }, t("notify.denied")));
  } else {
    controls.push(h("button", {
      type: "button",
      class: "small",
      "data-notify": "off",
      onclick: async () => {
        const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
        localStorage.setItem(NOTIFY_KEY, answer === "granted" ? "1" : "0");
        redraw();
      },
    }, t("notify.ask")));
  }
  return controls;
}
