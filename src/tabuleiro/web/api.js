// The server's API: REST calls and a live WebSocket per seat (or spectator).

import { lang } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call(method, path, { body, token } = {}) {
  const headers = { "Accept-Language": lang() === "pt" ? "pt-BR" : "en" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    throw new ApiError(0, "network", String(error));
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(response.status, data?.code ?? "http_error", data?.message ?? response.statusText);
  }
  return data;
}

export const api = {
  games: () => call("GET", "/api/games"),
  matches: () => call("GET", "/api/matches?limit=20"),
  summaries: (ids) => call("GET", `/api/matches/summaries?ids=${ids.map(encodeURIComponent).join(",")}`),
  check: (game, players, options) =>
    call("POST", `/api/games/${encodeURIComponent(game)}/check`, { body: { players, options } }),
  preview: (game) => call("GET", `/api/games/${encodeURIComponent(game)}/preview`),
  record: (id, token) => call("GET", `/api/matches/${encodeURIComponent(id)}/record`, { token }),
  create: (body) => call("POST", "/api/matches", { body }),
  match: (id, token) => call("GET", `/api/matches/${encodeURIComponent(id)}`, { token }),
  act: (id, token, stateId, action) =>
    call("POST", `/api/matches/${encodeURIComponent(id)}/actions`, { token, body: { state_id: stateId, action } }),
  undo: (id, token, stateId) =>
    call("POST", `/api/matches/${encodeURIComponent(id)}/undo`, { token, body: { state_id: stateId } }),
  handToBot: (id, token, seat, bot) =>
    call("POST", `/api/matches/${encodeURIComponent(id)}/seats/${seat}/bot`, { token, body: bot ? { bot } : null }),
  takeBack: (id, token, seat) => call("POST", `/api/matches/${encodeURIComponent(id)}/seats/${seat}/human`, { token }),
  startAnalysis: (id) => call("POST", `/api/matches/${encodeURIComponent(id)}/analysis`),
  analysis: (id) => call("GET", `/api/matches/${encodeURIComponent(id)}/analysis`),
  replay: (id, step) => call("GET", `/api/matches/${encodeURIComponent(id)}/replay?step=${step}`),
  hint: (id, token) => call("POST", `/api/matches/${encodeURIComponent(id)}/hint`, { token }),
  rename: (id, token, seat, name) =>
    call("POST", `/api/matches/${encodeURIComponent(id)}/seats/${seat}/name`, { token, body: { name: name || null } }),
  chooseTimeout: (id, token, seat, onTimeout) =>
    call("POST", `/api/matches/${encodeURIComponent(id)}/seats/${seat}/timeout`, { token, body: { on_timeout: onTimeout } }),
  claim: (id, seat, code, name, entropy) =>
    call("POST", `/api/matches/${encodeURIComponent(id)}/seats/${seat}/claim`, {
      body: { code, name: name || null, entropy },
    }),
};

// Seat tokens stay on the device that took the seat (never in a link once the seat is taken).

export function saveSeat(matchId, token) {
  localStorage.setItem(`tabuleiro.seat.${matchId}`, token);
}

export function savedSeat(matchId) {
  return localStorage.getItem(`tabuleiro.seat.${matchId}`);
}

/** Remember which seat number this device's token of `matchId` plays (for "Your matches"). */
export function saveSeatNumber(matchId, seat) {
  if (Number.isInteger(seat)) localStorage.setItem(`tabuleiro.seatno.${matchId}`, String(seat));
}

/**
 * Every match this device holds a seat in: [{id, hotseat, seats}] where `seats` are the seat
 * numbers held (empty when not known yet). Hotseat matches hold every local person's seat.
 */
export function heldMatches() {
  const held = new Map();
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i) || "";
    const seat = /^tabuleiro\.seat\.([A-Za-z0-9_-]{1,32})$/.exec(key);
    const hot = /^tabuleiro\.hotseat\.([A-Za-z0-9_-]{1,32})$/.exec(key);
    if (hot) {
      let seats = [];
      try {
        seats = JSON.parse(localStorage.getItem(key) || "[]").map(([s]) => s);
      } catch {
        seats = [];
      }
      held.set(hot[1], { id: hot[1], hotseat: true, seats });
    } else if (seat && !held.get(seat[1])?.hotseat) {
      const number = localStorage.getItem(`tabuleiro.seatno.${seat[1]}`);
      held.set(seat[1], { id: seat[1], hotseat: false, seats: number === null ? [] : [Number(number)] });
    }
  }
  return [...held.values()];
}

/**
 * This device's entropy for a match (256 bits from the browser's cryptographic source), kept so
 * that a retried claim sends the same contribution and the player can find it in the record.
 */
export function entropyFor(matchId) {
  const key = `tabuleiro.entropy.${matchId}`;
  let value = localStorage.getItem(key);
  if (!value) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    value = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(key, value);
  }
  return value;
}

export function savedEntropy(matchId) {
  return localStorage.getItem(`tabuleiro.entropy.${matchId}`);
}

export function savedName() {
  return localStorage.getItem("tabuleiro.name") || "";
}

export function saveName(name) {
  localStorage.setItem("tabuleiro.name", name);
}

/**
 * Follows a match live: calls onUpdate(update) with the whole update on connecting and
 * after every change, and reconnects (resuming from the current state) when the connection
 * drops. The token goes in the first message, never in the URL. The server pushes deltas
 * (the new state with only the log entries from `log_from` on) and presence changes; they
 * are merged here, and a delta that does not follow the state held asks for a resync.
 */
export class Live {
  constructor(matchId, token, onUpdate, onStatus) {
    this.matchId = matchId;
    this.token = token;
    this.onUpdate = onUpdate;
    this.onStatus = onStatus || (() => {});
    this.closed = false;
    this.delay = 500;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = new URLSearchParams({ lang: lang() });
    const socket = new WebSocket(`${scheme}://${location.host}/ws/matches/${encodeURIComponent(this.matchId)}?${query}`);
    this.socket = socket;
    this.current = null;
    this.authed = !this.token;
    socket.onopen = () => {
      this.delay = 500;
      if (this.token) socket.send(JSON.stringify({ type: "auth", token: this.token }));
      this.onStatus("open");
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "error") {
        this.onStatus("error", message);
        return;
      }
      if (!this.authed) {
        // the spectator's view comes first; the seat's own follows the auth message
        if (message.type !== "update" || message.seat === null) return;
        this.authed = true;
      }
      if (message.type === "update") {
        this.current = message;
      } else if (message.type === "delta") {
        if (!this.current || this.current.state_id !== message.from) {
          socket.send(JSON.stringify({ type: "sync", state_id: this.current ? this.current.state_id : -1 }));
          return;
        }
        const log = this.current.log.slice(0, message.log_from).concat(message.log);
        this.current = { ...message, type: "update", log };
      } else if (message.type === "presence") {
        if (!this.current) return;
        this.current = { ...this.current, seats: message.seats };
      } else {
        return;
      }
      this.onUpdate(this.current);
    };
    socket.onclose = (event) => {
      if (this.closed) return;
      if (event.code >= 4400 && event.code < 4500) {
        this.onStatus("refused", { code: event.code });
        return;
      }
      this.onStatus("closed");
      setTimeout(() => !this.closed && this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
  }

  close() {
    this.closed = true;
    this.socket?.close();
  }
}
