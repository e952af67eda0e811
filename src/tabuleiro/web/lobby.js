// The lobby: the games (a picture and a line each), a new match (players, seats, options
// grouped by expansion and checked live against the rulebook), invite links, the matches this
// device holds seats in, and recent matches to watch.

import { api, saveSeat, saveSeatNumber, savedName, saveName, heldMatches } from "./api.js";
import { h, svg, replace } from "./dom.js";
import { t, pick, lang, setLang, onLang, botName } from "./i18n.js";
import { hasRenderer, probe, loadRenderer } from "./renderers.js";
import { saveHotseat, PALETTE } from "./table.js";
import { focusKey, findKey, srTable, onActivate, svgButton, inkOn } from "./a11y.js";
import { takeInvites } from "./rematch.js";
import { hintsField, LOBBY_SEARCH } from "./hints.js";
import { rulesHref } from "./rules.js";

const HIDE_KEY = "tabuleiro.hideFinished";
const pictures = new Map(); // "game id:language" -> promise of its picture (an inert SVG) or null

/** "5 minutes ago" / "há 5 minutos"; a date once it is more than a week old. */
export function when(seconds) {
  const locale = lang() === "pt" ? "pt-BR" : "en";
  const diff = seconds - Date.now() / 1000;
  const abs = Math.abs(diff);
  if (abs >= 7 * 86400) return new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(seconds * 1000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of [["day", 86400], ["hour", 3600], ["minute", 60]]) {
    if (abs >= size) return format.format(Math.round(diff / size), unit);
  }
  return format.format(0, "second");
}

/**
 * A small picture of `entry`'s board: its own renderer drawing a spectator's view of a fresh
 * match, with every control stripped (the picture is decoration beside the game's name).
 */
function picture(entry) {
  const key = `${entry.id}:${lang()}`;
  if (!pictures.has(key)) {
    pictures.set(key, Promise.all([api.preview(entry.id), loadRenderer(entry.id)]).then(([preview, { module, own }]) => {
      if (!own) return null;
      const el = { board: h("div"), mine: h("div"), others: h("div") };
      const seats = Array.from({ length: preview.players }, (_, seat) => ({ seat, kind: "human", name: null, connected: false }));
      const update = {
        id: "preview", game: entry.id, players: preview.players, seat: null, state_id: 0, to_act: [], committed: [],
        view: preview.view, legal_actions: [], log: [], outcome: null, seats, waiting: false,
      };
      const colour = (seat) => module.seatColour?.(preview.view, seat) || PALETTE[seat % PALETTE.length];
      module.render({
        update, view: preview.view, seat: null, legal: [], lang: lang(), busy: true, local: {}, el,
        t: (key, values) => t(`${entry.id}.${key}`, values), pick, h, svg,
        act: () => {}, redraw: () => {}, announce: () => {},
        a11y: { srTable: (caption, rows, attrs) => srTable(h, caption, rows, attrs), onActivate, svgButton, inkOn },
        seatName: (seat) => t("seat.name", { n: seat + 1 }), seatColour: colour,
      });
      const found = el.board.querySelector("svg") || el.others.querySelector("svg") || el.mine.querySelector("svg");
      if (!found) return null;
      const pic = found.cloneNode(true);
      for (const node of [pic, ...pic.querySelectorAll("*")]) {
        for (const name of ["role", "tabindex", "aria-label", "aria-labelledby", "aria-describedby", "id", "data-item", "data-roving", "width", "height"]) {
          node.removeAttribute(name);
        }
      }
      for (const node of pic.querySelectorAll("title, desc, foreignObject")) node.remove();
      pic.setAttribute("aria-hidden", "true");
      pic.setAttribute("focusable", "false");
      return pic;
    }).catch(() => null));
  }
  return pictures.get(key);
}

export function languageButton() {
  return h("button", {
    class: "lang",
    type: "button",
    title: t("lang.switch.title"),
    "data-testid": "lang",
    onclick: () => setLang(lang() === "pt" ? "en" : "pt"),
  }, t("lang.switch"));
}

export function showLobby(root) {
  let games = [];
  let recent = [];
  let mine = null; // the summaries of the matches this device holds seats in (null: loading)
  let invites = takeInvites();
  let error = "";
  let checked = null; // the server's check of the chosen players and options
  let checks = 0;
  let hideFinished = localStorage.getItem(HIDE_KEY) === "1";
  const held = heldMatches();
  const heldBy = new Map(held.map((m) => [m.id, m]));
  const drawn = new Map(); // "game id:language" -> its picture, once drawn
  const choice = { game: null, players: 2, options: {}, seats: [], mode: "online", seed: "", clock: "", onTimeout: "bot", name: savedName() };

  function game() {
    return games.find((g) => g.id === choice.game) || games[0];
  }

  function resetFor(entry) {
    choice.game = entry.id;
    choice.players = Math.max(entry.min_players, Math.min(2, entry.max_players));
    choice.options = Object.fromEntries(Object.entries(entry.options).map(([k, spec]) => [k, spec.default]));
    choice.seats = [];
    checked = null;
  }

  /** The options that matter: those whose expansion (`requires`) is on. */
  function activeOptions() {
    const specs = game().options;
    return Object.fromEntries(Object.entries(choice.options).filter(([name]) => {
      const head = specs[name]?.requires;
      return !head || choice.options[head] === true;
    }));
  }

  /** Ask the server whether the choice may be created, and what it would refuse with it. */
  async function recheck() {
    const entry = game();
    const asked = ++checks;
    try {
      const doc = await api.check(entry.id, choice.players, activeOptions());
      if (asked === checks) checked = doc;
    } catch {
      if (asked === checks) checked = null;
    }
    if (asked === checks) draw();
  }

  function changed() {
    draw();
    recheck();
  }

  function seatKind(i) {
    const entry = game();
    return choice.seats[i] ?? (i === 0 ? "human" : `bot:${entry.default_bot}`);
  }

  function optionField(name, spec) {
    const label = pick(spec.description);
    const value = choice.options[name];
    const blocked = checked?.blocked?.[name] || {};
    const why = `why-${name}`;
    if (spec.type === "bool") {
      const refusal = blocked[String(!value)];
      return h("div", { class: "option-wrap" }, [
        h("label", { class: `option bool${refusal ? " blocked" : ""}` }, [
          h("input", {
            type: "checkbox",
            name,
            "data-option": name,
            checked: value === true,
            disabled: Boolean(refusal),
            "aria-describedby": refusal ? why : null,
            onchange: (e) => { choice.options[name] = e.target.checked; changed(); },
          }),
          h("span", {}, label),
        ]),
        refusal ? h("p", { class: "reason", id: why, "data-reason": name }, pick(refusal.message)) : null,
      ]);
    }
    const words = (c) => (spec.choice_labels ? pick(spec.choice_labels[c]) : String(c));
    const refused = spec.choices.filter((c) => blocked[String(c)]);
    const reasons = [...new Set(refused.map((c) => pick(blocked[String(c)].message)))];
    const select = h("select", {
      name,
      "data-option": name,
      "aria-describedby": reasons.length ? why : null,
      onchange: (e) => {
        choice.options[name] = spec.type === "int" ? Number(e.target.value) : e.target.value;
        changed();
      },
    }, spec.choices.map((c) => h("option", { value: String(c), selected: c === value, disabled: Boolean(blocked[String(c)]) }, words(c))));
    return h("div", { class: "option-wrap" }, [
      h("label", { class: "option" }, [h("span", {}, label), select]),
      reasons.length ? h("p", { class: "reason", id: why, "data-reason": name },
        `${t("lobby.unavailable", { values: refused.map(words).join(", ") })} ${reasons.join(" ")}`) : null,
    ]);
  }

  /**
   * The options, grouped: the base game's and variants' first, then each expansion (an
   * option others `require`) with its own settings under it, shown only while it is on.
   */
  function optionFields(entry) {
    const specs = Object.entries(entry.options);
    const heads = new Set(specs.map(([, spec]) => spec.requires).filter(Boolean));
    const plain = [];
    const groups = [];
    for (const [name, spec] of specs) {
      if (spec.requires) continue;
      if (!heads.has(name)) {
        plain.push(optionField(name, spec));
        continue;
      }
      const dependents = specs.filter(([, s]) => s.requires === name).map(([n, s]) => optionField(n, s));
      groups.push(h("div", { class: "option-group", "data-group": name }, [
        optionField(name, spec),
        choice.options[name] === true ? h("div", { class: "dependents", "data-dependents": name }, dependents) : null,
      ]));
    }
    return [...plain, ...groups];
  }

  function form() {
    const entry = game();
    const playerChoices = [];
    for (let n = entry.min_players; n <= Math.min(entry.max_players, 12); n++) playerChoices.push(n);
    const kinds = ["human", ...entry.bots.map((b) => `bot:${b}`)];
    const seats = [];
    for (let i = 0; i < choice.players; i++) {
      seats.push(h("label", { class: "seat" }, [
        h("span", {}, t("lobby.seat", { n: i + 1 })),
        h("select", {
          class: "seat-kind",
          "data-seat": i,
          onchange: (e) => { choice.seats[i] = e.target.value; },
        }, kinds.map((k) => h("option", { value: k, selected: k === seatKind(i) },
          k === "human" ? t("lobby.human") : t("lobby.bot", { name: botName(k.slice(4)) })))),
      ]));
    }
    const options = optionFields(entry);
    return h("form", { class: "card new-match", onsubmit: create }, [
      h("h2", {}, t("lobby.new")),
      h("label", { class: "field" }, [
        h("span", {}, t("lobby.game")),
        h("select", {
          id: "game",
          onchange: (e) => { resetFor(games.find((g) => g.id === e.target.value)); changed(); },
        }, games.map((g) => h("option", { value: g.id, selected: g.id === entry.id },
          pick(g.name) + (hasRenderer(g.id) ? "" : ` (${t("lobby.no_renderer")})`)))),
      ]),
      h("p", { class: "field rules-for" }, h("a", { class: "button rules-link", href: rulesHref(entry.id), "data-rules": entry.id }, `${t("rules.link")}: ${pick(entry.name)}`)),
      h("label", { class: "field" }, [
        h("span", {}, t("lobby.players")),
        h("select", {
          id: "players",
          onchange: (e) => { choice.players = Number(e.target.value); changed(); },
        }, playerChoices.map((n) => h("option", { value: n, selected: n === choice.players }, n))),
      ]),
      h("fieldset", { class: "seats" }, [h("legend", {}, t("lobby.seats")), ...seats]),
      h("fieldset", { class: "options" }, [
        h("legend", {}, t("lobby.options")),
        options.length ? options : h("p", { class: "muted" }, t("lobby.no_options")),
      ]),
      h("fieldset", { class: "mode" }, [
        h("legend", {}, t("lobby.mode")),
        ...["online", "hotseat"].map((mode) => h("label", {}, [
          h("input", {
            type: "radio",
            name: "mode",
            value: mode,
            "data-mode": mode,
            checked: choice.mode === mode,
            onchange: () => { choice.mode = mode; },
          }),
          h("span", {}, t(`lobby.mode.${mode}`)),
        ])),
      ]),
      h("label", { class: "field name" }, [
        h("span", {}, t("lobby.name")),
        h("input", {
          id: "name",
          maxlength: 24,
          autocomplete: "nickname",
          value: choice.name,
          oninput: (e) => { choice.name = e.target.value; },
        }),
      ]),
      h("label", { class: "field clock" }, [
        h("span", {}, t("lobby.clock")),
        h("select", {
          id: "clock",
          onchange: (e) => { choice.clock = e.target.value; },
        }, ["", "120", "600", "86400", "259200"].map((v) => h("option", { value: v, selected: v === choice.clock },
          t(v ? `lobby.clock.${v}` : "lobby.clock.none")))),
      ]),
      h("fieldset", { class: "on-timeout" }, [
        h("legend", {}, t("lobby.on_timeout")),
        ...["bot", "forfeit"].map((what) => h("label", {}, [
          h("input", {
            type: "radio",
            name: "on_timeout",
            value: what,
            "data-on-timeout": what,
            checked: choice.onTimeout === what,
            onchange: () => { choice.onTimeout = what; },
          }),
          h("span", {}, t(`lobby.on_timeout.${what}`)),
        ])),
      ]),
      hintsField(choice),
      h("label", { class: "field seed", title: t("lobby.seed.local") }, [
        h("span", {}, t("lobby.seed")),
        h("input", {
          id: "seed",
          inputmode: "numeric",
          value: choice.seed,
          oninput: (e) => { choice.seed = e.target.value.trim(); },
        }),
      ]),
      checked && !checked.ok ? h("p", { class: "error", role: "alert", "data-refusal": checked.refusal.code }, pick(checked.refusal.message)) : null,
      error ? h("p", { class: "error", role: "alert" }, error) : null,
      h("button", { id: "create", type: "submit", class: "primary", disabled: Boolean(checked && !checked.ok) }, t("lobby.create")),
    ]);
  }

  async function create(event) {
    event.preventDefault();
    const entry = game();
    // A person's seat is the creator's own (local) when it is seat 1 or the match is played
    // on this device; otherwise it is invited, and only the invitee will hold its token.
    const seats = Array.from({ length: choice.players }, (_, i) => {
      const kind = seatKind(i);
      if (kind !== "human") return kind;
      return i === 0 || choice.mode === "hotseat" ? "local" : "human";
    });
    const firstLocal = seats.indexOf("local");
    const name = choice.name.trim();
    saveName(name);
    const body = {
      game: entry.id,
      players: choice.players,
      options: activeOptions(),
      seats,
      on_timeout: choice.onTimeout,
    };
    if (name && firstLocal >= 0) body.names = seats.map((_, i) => (i === firstLocal ? name : null));
    if (choice.clock) body.clock_seconds = Number(choice.clock);
    if (choice.hints) body.hints = LOBBY_SEARCH;
    // invitees mix their own entropy into the seed, so not even the server chooses the deal
    if (seats.includes("human")) body.mix_entropy = true;
    if (/^\d+$/.test(choice.seed) && !seats.includes("human")) body.seed = Number(choice.seed);
    error = "";
    try {
      const created = await api.create(body);
      const humans = created.seats.filter((s) => s.token);
      if (choice.mode === "hotseat" && humans.length > 1) {
        saveHotseat(created.id, humans);
        location.hash = `#/m/${created.id}?hotseat=1`;
        return;
      }
      if (humans.length) {
        saveSeat(created.id, humans[0].token);
        saveSeatNumber(created.id, humans[0].seat);
      }
      if (!created.seats.some((s) => s.invite)) {
        location.hash = `#/m/${created.id}`;
        return;
      }
      invites = created;
      draw();
    } catch (e) {
      error = e.message;
      draw();
    }
  }

  function inviteCard() {
    const base = `${location.origin}${location.pathname}`;
    const invited = invites.seats.filter((s) => s.invite);
    return h("section", { class: "card invites", "data-testid": "invites" }, [
      h("h2", {}, t("lobby.invites")),
      h("p", {}, t("lobby.invites.help")),
      h("p", { class: "muted" }, t("lobby.invites.once")),
      h("p", { class: "muted" }, h("code", {}, t("lobby.commitment", { hash: invites.seed_commitment }))),
      h("ul", {}, invited.map((s) => {
        const link = `${base}#/m/${invites.id}?invite=${s.seat}.${s.invite}`;
        const button = h("button", {
          type: "button",
          onclick: async () => {
            await navigator.clipboard?.writeText(link).catch(() => {});
            button.textContent = t("lobby.copied");
          },
        }, t("lobby.copy"));
        return h("li", {}, [
          h("strong", {}, t("seat.name", { n: s.seat + 1 })),
          h("input", { readonly: true, value: link, class: "invite-link", "data-seat": s.seat, onfocus: (e) => e.target.select() }),
          button,
        ]);
      })),
      h("a", { class: "button primary", id: "go", href: `#/m/${invites.id}` }, t("lobby.go")),
    ]);
  }

  function gameName(id) {
    const entry = games.find((g) => g.id === id);
    return entry ? pick(entry.name) : id;
  }

  function seatWords(seat) {
    if (seat.name) return seat.name;
    if (seat.kind === "bot") return t("table.bot", { name: botName(seat.bot) });
    return t("seat.name", { n: seat.seat + 1 });
  }

  function tableLink(id) {
    return `#/m/${id}${heldBy.get(id)?.hotseat ? "?hotseat=1" : ""}`;
  }

  /** Where the match stands for this device's player: their turn, whose turn, or the winners. */
  function standing(m, seats) {
    if (m.finished) {
      return t("lobby.won", { names: m.winners.map((s) => seatWords(m.seats[s])).join(", ") });
    }
    if (m.waiting) return t("lobby.waiting_players");
    if (m.to_act.some((s) => seats.includes(s))) return t("lobby.your_turn");
    return t("lobby.their_turn", { names: m.to_act.map((s) => seatWords(m.seats[s])).join(", ") });
  }

  function gamesCard() {
    return h("section", { class: "card games", "aria-labelledby": "games-title" }, [
      h("h2", { id: "games-title" }, t("lobby.games")),
      h("ul", { class: "game-list" }, games.map((g) => h("li", { class: `game-card${g.id === choice.game ? " chosen" : ""}`, "data-game": g.id }, [
        h("div", { class: "thumb", "data-picture": g.id }, drawn.get(`${g.id}:${lang()}`)?.cloneNode(true) ?? null),
        h("div", { class: "about" }, [
          h("h3", {}, pick(g.name)),
          h("p", { class: "line" }, t(`about.${g.id}`)),
          h("p", { class: "game-links" }, [
            h("button", {
              type: "button",
              class: "small",
              "data-choose": g.id,
              "aria-pressed": String(g.id === choice.game),
              onclick: () => { resetFor(g); changed(); document.getElementById("game")?.focus(); },
            }, t("lobby.choose")),
            h("a", {
              class: "button small",
              href: rulesHref(g.id),
              "data-rules-list": g.id,
              "aria-label": `${t("rules.link")}: ${pick(g.name)}`,
            }, t("rules.link")),
          ]),
        ]),
      ]))),
    ]);
  }

  function hideToggle() {
    return h("label", { class: "hide-finished" }, [
      h("input", {
        type: "checkbox",
        id: "hide-finished",
        checked: hideFinished,
        onchange: (e) => {
          hideFinished = e.target.checked;
          localStorage.setItem(HIDE_KEY, hideFinished ? "1" : "0");
          draw();
        },
      }),
      h("span", {}, t("lobby.hide_finished")),
    ]);
  }

  function mineCard() {
    if (!held.length) return null;
    const rows = (mine || []).filter((m) => !m.missing && !(hideFinished && m.finished)).map((m) => {
      const seats = heldBy.get(m.id)?.hotseat
        ? m.seats.filter((s) => s.kind === "human").map((s) => s.seat).filter((s) => heldBy.get(m.id).seats.includes(s))
        : heldBy.get(m.id)?.seats || [];
      const yours = !m.finished && !m.waiting && m.to_act.some((s) => seats.includes(s));
      return { m, seats, yours };
    }).sort((a, b) => (b.yours - a.yours) || ((b.m.last_move ?? b.m.created) - (a.m.last_move ?? a.m.created)));
    return h("section", { class: "card mine-list", "aria-labelledby": "mine-title", "data-testid": "my-matches" }, [
      h("h2", { id: "mine-title" }, t("lobby.mine")),
      hideToggle(),
      mine === null ? h("p", { class: "loading" }, "…") : rows.length === 0 ? h("p", { class: "muted" }, t("lobby.none")) : h("ul", {}, rows.map(({ m, seats, yours }) => {
        const others = m.seats.filter((s) => !seats.includes(s.seat)).map(seatWords);
        return h("li", { "data-match": m.id, "data-turn": yours ? "mine" : m.finished ? "over" : "theirs" }, [
          h("div", { class: "what" }, [
            h("strong", {}, gameName(m.game)),
            heldBy.get(m.id)?.hotseat ? h("span", {}, ` · ${t("table.hotseat")}`) : null,
            others.length ? h("span", {}, ` · ${t("lobby.against", { names: others.join(", ") })}`) : null,
            h("br"),
            h("span", { class: yours ? "badge acting" : "badge" }, standing(m, seats)),
            h("span", { class: "muted when" }, ` ${m.last_move ? t("lobby.last_move", { when: when(m.last_move) }) : t("lobby.created", { when: when(m.created) })}`),
          ]),
          h("a", { href: tableLink(m.id), class: `button${yours ? " primary" : ""}`, "data-resume": m.id }, t(m.finished ? "lobby.open" : "lobby.resume")),
        ]);
      })),
    ]);
  }

  function recentCard() {
    const shown = recent.filter((m) => !(hideFinished && m.finished));
    return h("section", { class: "card recent", "aria-labelledby": "recent-title" }, [
      h("h2", { id: "recent-title" }, t("lobby.recent")),
      held.length ? null : hideToggle(),
      shown.length === 0 ? h("p", { class: "muted" }, t("lobby.none")) : h("ul", {}, shown.map((m) => {
        const names = m.seats.map((kind, seat) => seatWords({
          seat, name: m.names?.[seat] ?? null, kind: kind === "human" ? "human" : "bot", bot: kind.replace(/^bot:/, ""),
        }));
        const state = m.finished ? t("lobby.finished") : t("lobby.moves", { n: m.state_id });
        return h("li", { "data-match": m.id }, [
          h("div", { class: "what" }, [
            h("strong", {}, gameName(m.game)),
            h("span", {}, ` · ${names.join(", ")}`),
            h("br"),
            h("span", { class: "badge" }, state),
            h("span", { class: "muted when" }, ` ${t("lobby.created", { when: when(m.created) })}`),
          ]),
          heldBy.has(m.id)
            ? h("a", { href: tableLink(m.id), class: "button", "data-resume": m.id }, t(m.finished ? "lobby.open" : "lobby.resume"))
            : h("a", { href: `#/m/${m.id}`, class: "button", "data-watch": m.id }, t("lobby.watch")),
        ]);
      })),
    ]);
  }

  function draw() {
    if (left) return; // an answer that arrives after the player went to a table draws nothing
    document.title = "Tabuleiro";
    // the form is rebuilt when the game or player count changes: focus stays on the same control
    const key = root.contains(document.activeElement) ? focusKey(document.activeElement) : null;
    replace(root, h("div", { class: "lobby" }, [
      h("header", { class: "top" }, [
        h("h1", {}, t("app.title")),
        h("p", { class: "tagline" }, t("app.tagline")),
        languageButton(),
      ]),
      h("main", { id: "main" }, [
        mineCard(),
        games.length ? (invites ? inviteCard() : form()) : h("p", { class: "loading" }, "…"),
        games.length && !invites ? gamesCard() : null,
        recentCard(),
      ]),
    ]));
    findKey(root, key)?.focus({ preventScroll: true });
  }

  /** Draw each game's picture (in the current language: a board may print words) once ready. */
  function drawPictures() {
    const language = lang();
    for (const entry of games) {
      picture(entry).then((pic) => {
        if (!pic || left || language !== lang()) return;
        drawn.set(`${entry.id}:${language}`, pic);
        const slot = root.querySelector(`[data-picture="${entry.id}"]`);
        if (slot) replace(slot, pic.cloneNode(true));
      });
    }
  }

  let left = false;
  const stopLang = onLang(() => { draw(); drawPictures(); });
  const stop = () => { left = true; stopLang(); };
  draw();
  if (held.length) {
    api.summaries(held.slice(-50).map((m) => m.id)).then((doc) => { mine = doc; draw(); }).catch(() => { mine = []; draw(); });
  }
  Promise.all([api.games(), api.matches().catch(() => [])]).then(async ([g, m]) => {
    await probe(g.map((x) => x.id));
    games = g;
    recent = m;
    const preferred = games.find((x) => x.id === "avenue") || games[0];
    if (preferred) resetFor(preferred);
    draw();
    recheck();
    drawPictures();
  }).catch((e) => {
    error = e.message;
    if (!left) replace(root, h("p", { class: "error" }, t("table.error", { message: e.message })));
  });
  return stop;
}
