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
  create: (body) => call("POST", "/api/matches", { body }),
  match: (id, token) => call("GET", `/api/matches/${encodeURIComponent(id)}`, { token }),
  act: (id, token, stateId, action) =>
    call("POST", `/api/matches/${encodeURIComponent(id)}/actions`, { token, body: { state_id: stateId, action } }),
  handToBot: (id, token, seat, bot) =>
    call("POST", `/api/matches/${encodeURIComponent(id)}/seats/${seat}/bot`, { token, body: bot ? { bot } : null }),
  takeBack: (id, token, seat) => call("POST", `/api/matches/${encodeURIComponent(id)}/seats/${seat}/human`, { token }),
  startAnalysis: (id) => call("POST", `/api/matches/${encodeURIComponent(id)}/analysis`),
  analysis: (id) => call("GET", `/api/matches/${encodeURIComponent(id)}/analysis`),
};

/**
 * Follows a match live: calls onUpdate(update) on connecting and after every change, and
 * reconnects (resuming from the current state) when the connection drops.
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
    if (this.token) query.set("token", this.token);
    const socket = new WebSocket(`${scheme}://${location.host}/ws/matches/${encodeURIComponent(this.matchId)}?${query}`);
    this.socket = socket;
    socket.onopen = () => {
      this.delay = 500;
      this.onStatus("open");
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "update") this.onUpdate(message);
      else if (message.type === "error") this.onStatus("error", message);
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
