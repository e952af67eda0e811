// Entry point: a hash router between the lobby and a match's table.
//   #/                      the lobby
//   #/m/ID?t=TOKEN          the table as the seat of TOKEN (an invite link)
//   #/m/ID?hotseat=1        the table for every seat kept on this device
//   #/m/ID                  the table as a spectator
//   #/rules/GAME            how to play GAME
//   #/replay/ID?step=K      the match stepped through move by move

import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showRules } from "./rules.js";
import { setLang, lang } from "./i18n.js";

const root = document.getElementById("app");
let leave = null;

function route() {
  if (leave) leave();
  leave = null;
  const [path, query] = location.hash.replace(/^#/, "").split("?");
  const params = new URLSearchParams(query || "");
  const match = /^\/m\/([A-Za-z0-9_-]{1,32})$/.exec(path || "");
  const rules = /^\/rules\/([a-z0-9_]{1,40})$/.exec(path || "");
  const replay = /^\/replay\/([A-Za-z0-9_-]{1,32})$/.exec(path || "");
  if (match) leave = showTable(root, match[1], params);
  else if (replay) leave = showTable(root, replay[1], params, { replay: true });
  else if (rules) leave = showRules(root, rules[1]);
  else leave = showLobby(root);
}

setLang(lang());
window.addEventListener("hashchange", route);
route();
