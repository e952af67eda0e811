// Finds each game's renderer module by convention: games/<game id>.js. A game without one
// (or whose module fails to load) gets the generic table (games/generic.js).

import * as generic from "./games/generic.js";
import { addStrings } from "./i18n.js";

const loaded = new Map();

/** The renderer module of `gameId` (the generic one when it has none). */
export function loadRenderer(gameId) {
  if (!loaded.has(gameId)) {
    const promise = (/^[a-z0-9_]+$/.test(gameId) ? import(`./games/${gameId}.js`) : Promise.reject(new Error(gameId)))
      .then((module) => {
        addStrings(gameId, module.strings || {});
        if (module.css) document.head.append(Object.assign(document.createElement("style"), { textContent: module.css }));
        return { module, own: true };
      })
      .catch((error) => {
        if (!String(error).includes("Failed to fetch")) console.error(`renderer ${gameId}:`, error);
        addStrings("generic", generic.strings);
        return { module: generic, own: false };
      });
    loaded.set(gameId, promise);
  }
  return loaded.get(gameId);
}

const known = new Map();

/** Whether `gameId` has its own renderer (answers after `probe`; false before). */
export function hasRenderer(gameId) {
  return known.get(gameId) === true;
}

/** Load every listed game's renderer, so the lobby can say which ones have a board. */
export async function probe(gameIds) {
  await Promise.all(gameIds.map(async (id) => known.set(id, (await loadRenderer(id)).own)));
}
