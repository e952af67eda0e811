// The lobby: choose a game, players, options and seats; share invite links; watch matches.

import { api, saveSeat, savedName, saveName } from "./api.js";
import { h, replace } from "./dom.js";
import { t, pick, lang, setLang, onLang, botName } from "./i18n.js";
import { hasRenderer, probe } from "./renderers.js";
import { saveHotseat } from "./table.js";
import { focusKey, findKey } from "./a11y.js";
import { hintsField, LOBBY_SEARCH } from "./hints.js";
import { rulesHref } from "./rules.js";

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
  let invites = null;
  let error = "";
  const choice = { game: null, players: 2, options: {}, seats: [], mode: "online", seed: "", clock: "", onTimeout: "bot", name: savedName() };

  function game() {
    return games.find((g) => g.id === choice.game) || games[0];
  }

  function resetFor(entry) {
    choice.game = entry.id;
    choice.players = Math.max(entry.min_players, Math.min(2, entry.max_players));
    choice.options = Object.fromEntries(Object.entries(entry.options).map(([k, spec]) => [k, spec.default]));
    choice.seats = [];
  }

  function seatKind(i) {
    const entry = game();
    return choice.seats[i] ?? (i === 0 ? "human" : `bot:${entry.default_bot}`);
  }

  function optionField(name, spec) {
    const label = pick(spec.description);
    const value = choice.options[name];
    if (spec.type === "bool") {
      return h("label", { class: "option bool" }, [
        h("input", {
          type: "checkbox",
          name,
          "data-option": name,
          checked: value === true,
          onchange: (e) => { choice.options[name] = e.target.checked; },
        }),
        h("span", {}, label),
      ]);
    }
    const select = h("select", {
      name,
      "data-option": name,
      onchange: (e) => {
        choice.options[name] = spec.type === "int" ? Number(e.target.value) : e.target.value;
      },
    }, spec.choices.map((c) => h("option", { value: String(c), selected: c === value },
      spec.choice_labels ? pick(spec.choice_labels[c]) : String(c))));
    return h("label", { class: "option" }, [h("span", {}, label), select]);
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
    const options = Object.entries(entry.options).map(([name, spec]) => optionField(name, spec));
    return h("form", { class: "card new-match", onsubmit: create }, [
      h("h2", {}, t("lobby.new")),
      h("label", { class: "field" }, [
        h("span", {}, t("lobby.game")),
        h("select", {
          id: "game",
          onchange: (e) => { resetFor(games.find((g) => g.id === e.target.value)); draw(); },
        }, games.map((g) => h("option", { value: g.id, selected: g.id === entry.id },
          pick(g.name) + (hasRenderer(g.id) ? "" : ` (${t("lobby.no_renderer")})`)))),
      ]),
      h("p", { class: "field rules-for" }, h("a", { class: "button rules-link", href: rulesHref(entry.id), "data-rules": entry.id }, `${t("rules.link")}: ${pick(entry.name)}`)),
      h("label", { class: "field" }, [
        h("span", {}, t("lobby.players")),
        h("select", {
          id: "players",
          onchange: (e) => { choice.players = Number(e.target.value); draw(); },
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
      error ? h("p", { class: "error", role: "alert" }, error) : null,
      h("button", { id: "create", type: "submit", class: "primary" }, t("lobby.create")),
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
      options: choice.options,
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
      if (humans.length) saveSeat(created.id, humans[0].token);
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

  function rulesCard() {
    return h("section", { class: "card rules-list", "aria-labelledby": "rules-list-title" }, [
      h("h2", { id: "rules-list-title" }, t("rules.list")),
      h("ul", {}, games.map((g) => h("li", {}, h("a", { href: rulesHref(g.id), "data-rules-list": g.id }, pick(g.name))))),
    ]);
  }

  function recentCard() {
    const names = Object.fromEntries(games.map((g) => [g.id, g.name]));
    return h("section", { class: "card recent" }, [
      h("h2", {}, t("lobby.recent")),
      recent.length === 0 ? h("p", { class: "muted" }, t("lobby.none")) : h("ul", {}, recent.map((m) => h("li", {}, [
        h("span", {}, `${pick(names[m.game]) || m.game} · ${m.players} · `
          + (m.finished ? t("lobby.finished") : t("lobby.moves", { n: m.state_id }))),
        h("a", { href: `#/m/${m.id}`, class: "button" }, t("lobby.watch")),
      ]))),
    ]);
  }

  function draw() {
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
        games.length ? (invites ? inviteCard() : form()) : h("p", { class: "loading" }, "…"),
        games.length ? rulesCard() : null,
        recentCard(),
      ]),
    ]));
    findKey(root, key)?.focus({ preventScroll: true });
  }

  const stop = onLang(draw);
  draw();
  Promise.all([api.games(), api.matches().catch(() => [])]).then(async ([g, m]) => {
    await probe(g.map((x) => x.id));
    games = g;
    recent = m;
    const preferred = games.find((x) => x.id === "avenue") || games[0];
    if (preferred) resetFor(preferred);
    draw();
  }).catch((e) => {
    error = e.message;
    replace(root, h("p", { class: "error" }, t("table.error", { message: e.message })));
  });
  return stop;
}
