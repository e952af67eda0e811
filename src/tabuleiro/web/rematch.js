// A rematch from the score sheet: the same game, options and players, every seat moved one
// place on (seat 1's player sits at seat 2, …, the last at seat 1), so the first turn passes.

import { api, saveSeat, saveSeatNumber } from "./api.js";
import { LOBBY_SEARCH } from "./hints.js";

const INVITES_KEY = "tabuleiro.invites";

/**
 * The new match's seats from the finished one's: old seat i sits at (i + 1) mod n. A seat
 * held on this device stays local; another person's is invited again; a bot stays (a bot
 * standing in for a person gives the seat back to that person).
 */
export function rotatedSeats(update, held) {
  const n = update.seats.length;
  const seats = new Array(n);
  const names = new Array(n).fill(null);
  for (const info of update.seats) {
    const to = (info.seat + 1) % n;
    if (held.includes(info.seat)) {
      seats[to] = "local";
      names[to] = info.name || null;
    } else if (info.kind === "human" || info.stand_in) {
      seats[to] = "human";
    } else {
      seats[to] = `bot:${info.bot}`;
    }
  }
  return { seats, names };
}

/**
 * Create the rematch and say where to go: the new table, or the lobby's invitations card
 * when other people must be invited (kept for the lobby in sessionStorage).
 * `tokens` maps each seat held on this device to its token.
 */
export async function createRematch(update, tokens, saveHotseat) {
  const held = [...tokens.keys()];
  const record = await api.record(update.id, tokens.get(held[0]));
  const { seats, names } = rotatedSeats(update, held);
  const body = { game: update.game, players: update.players, options: record.options || {}, seats };
  if (names.some((name) => name)) body.names = names;
  if (update.clock) body.clock_seconds = update.clock;
  if (update.hints) body.hints = LOBBY_SEARCH;
  if (seats.includes("human")) body.mix_entropy = true;
  const created = await api.create(body);
  const mine = created.seats.filter((s) => s.token);
  if (mine.length > 1) {
    saveHotseat(created.id, mine);
    return `#/m/${created.id}?hotseat=1`;
  }
  if (mine.length) {
    saveSeat(created.id, mine[0].token);
    saveSeatNumber(created.id, mine[0].seat);
  }
  if (created.seats.some((s) => s.invite)) {
    sessionStorage.setItem(INVITES_KEY, JSON.stringify(created));
    return "#/";
  }
  return `#/m/${created.id}`;
}

/** The invitations of a rematch just created, once (the lobby shows them). */
export function takeInvites() {
  const raw = sessionStorage.getItem(INVITES_KEY);
  sessionStorage.removeItem(INVITES_KEY);
  try {
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}
