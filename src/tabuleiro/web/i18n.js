// String catalogues (pt-BR first, English second). Game renderers add theirs under their id.

const catalogues = {
  pt: {
    "app.title": "Tabuleiro",
    "app.tagline": "Jogos de tabuleiro com regras fiéis aos manuais, contra amigos ou robôs.",
    "lang.switch": "English",
    "lang.switch.title": "Switch to English",
    "lobby.new": "Nova partida",
    "lobby.game": "Jogo",
    "lobby.players": "Jogadores",
    "lobby.options": "Opções",
    "lobby.no_options": "Este jogo não tem opções.",
    "lobby.seats": "Assentos",
    "lobby.seat": "Assento {n}",
    "lobby.human": "Pessoa",
    "lobby.bot": "Robô: {name}",
    "lobby.mode": "Modo de jogo",
    "lobby.mode.online": "Online — um link de convite por pessoa",
    "lobby.mode.hotseat": "Mesma tela — todos neste aparelho, passando a vez",
    "lobby.seed": "Semente (opcional)",
    "lobby.create": "Criar partida",
    "lobby.creating": "Criando…",
    "lobby.invites": "Convites",
    "lobby.invites.help": "Envie a cada pessoa o link do seu assento. Quem tem o link joga naquele assento.",
    "lobby.copy": "Copiar",
    "lobby.copied": "Copiado!",
    "lobby.go": "Ir para a minha mesa",
    "lobby.recent": "Partidas recentes",
    "lobby.none": "Nenhuma partida ainda.",
    "lobby.watch": "Assistir",
    "lobby.finished": "terminada",
    "lobby.moves": "{n:# jogada|# jogadas}",
    "lobby.no_renderer": "mesa genérica",
    "table.lobby": "← Salão",
    "table.spectator": "Você está assistindo.",
    "table.hotseat": "Mesa compartilhada",
    "table.you_are": "Você é {name}.",
    "table.your_turn": "Sua vez, {name}!",
    "table.waiting": "Aguardando {names}.",
    "table.waiting_you_done": "Você já escolheu. Aguardando {names}.",
    "table.over": "Fim de jogo.",
    "table.winners": "Vitória de {names}!",
    "table.players": "Jogadores",
    "table.you": "você",
    "table.bot": "robô {name}",
    "table.stand_in": "robô {name} no lugar",
    "table.connected": "conectado",
    "table.away": "ausente",
    "table.done": "pronto",
    "table.choosing": "escolhendo",
    "table.to_act": "na vez",
    "table.score": "{n:# pt|# pts}",
    "table.replace": "Pôr um robô",
    "table.hand_over": "Deixar um robô jogar por mim",
    "table.take_back": "Retomar meu assento",
    "table.undo": "Desfazer",
    "table.undo.title": "Desfazer a sua última jogada (até alguém ver o resultado, um sorteio ou algo oculto ser revelado)",
    "table.moves": "Listar todas as jogadas ({n})",
    "table.no_moves": "Nenhuma jogada sua agora.",
    "table.log": "Histórico",
    "table.log.empty": "Nenhuma jogada ainda.",
    "table.log.sealed": "escolheu (em segredo até todos escolherem)",
    "table.log.opening": "No início da partida:",
    "table.sheet": "Pontuação final",
    "table.total": "Total",
    "table.rank": "Colocação",
    "table.view": "O que você vê (texto)",
    "table.dock.more": "▲ Mostrar tudo",
    "table.dock.less": "▼ Recolher",
    "table.dock.label": "Sua decisão: mostrar o painel inteiro ou recolhê-lo",
    "table.zoom": "Ampliar",
    "table.zoom.label": "Ampliar: {name}",
    "table.zoom.close": "Fechar",
    "table.pass.title": "Passe o aparelho",
    "table.pass.to": "Passe o aparelho para {name}.",
    "table.pass.hidden": "As informações secretas ficam escondidas até {name} tocar no botão.",
    "table.pass.ready": "Sou {name} — mostrar",
    "table.reconnecting": "Reconectando…",
    "table.error": "Erro: {message}",
    "table.not_found": "Partida não encontrada.",
    "table.link": "Seu link (guarde para voltar):",
    "seat.name": "Jogador {n}",
    "seat.bot_name": "Robô {n} ({name})",
    "lobby.name": "Seu nome",
    "lobby.clock": "Relógio por jogada",
    "lobby.clock.none": "sem relógio",
    "lobby.clock.120": "2 minutos",
    "lobby.clock.600": "10 minutos",
    "lobby.clock.86400": "1 dia (por correspondência)",
    "lobby.clock.259200": "3 dias (por correspondência)",
    "lobby.on_timeout": "Se o meu tempo acabar",
    "lobby.on_timeout.bot": "um robô joga por mim",
    "lobby.on_timeout.forfeit": "eu desisto",
    "lobby.seed.local": "A semente só vale quando todas as pessoas jogam neste aparelho.",
    "lobby.invites.once": "Cada link vale uma vez: quem o abrir primeiro fica com o assento, neste aparelho.",
    "lobby.commitment": "Compromisso da semente: {hash}",
    "table.claiming": "Ocupando o seu assento…",
    "table.waiting_players": "Aguardando os convidados ocuparem seus assentos: a partida é embaralhada com a entropia de cada um.",
    "table.contribution": "Sua contribuição ao embaralhamento (procure-a no registro): {entropy}",
    "table.rename": "Meu nome",
    "table.rename.prompt": "Seu nome (até 24 caracteres)",
    "table.skip.board": "Ir para o tabuleiro",
    "table.skip.moves": "Ir para as jogadas",
    "table.title.turn": "Sua vez",
    "table.title.over": "Fim de jogo",
    "table.category": "Categoria",
    "table.board_summary": "O tabuleiro em palavras",
    "table.claim_failed": "Não foi possível ocupar o assento: {message}",
    "table.forfeited": "perdeu por tempo",
    "table.open_seat": "aguardando o convidado",
    "table.verify": "Verificar o embaralhamento (registro)",
    "table.verify.help": "Baixe o registro e rode: tabuleiro verify registro.json",
    "table.commitment": "Semente comprometida no início: {hash}",
    "table.fingerprint": "Impressão digital do registro: {digest}",
    "bot.random": "aleatório",
    "bot.greedy": "guloso",
    "bot.aim": "mira",
    "bot.mcts": "busca MCTS (~1 s)",
    "bot.mcts:seconds=5": "busca MCTS forte (5 s)",
    "analysis.start": "Analisar a partida",
    "analysis.progress": "Analisando… {done} de {total:# lance|# lances}",
    "analysis.failed": "A análise falhou.",
    "analysis.title": "Análise",
    "analysis.about": "Cada lance comparado com o melhor que a busca ({bot}) encontrou; valores de 0 a 1.",
    "analysis.seat": "{name}: perda média {loss}, {n:# erro grave|# erros graves}",
    "analysis.clean": "Nenhum erro grave.",
    "lobby.games": "Os jogos",
    "lobby.choose": "Escolher",
    "lobby.unavailable": "Indisponível: {values}.",
    "lobby.mine": "As suas partidas",
    "lobby.hide_finished": "Esconder partidas terminadas",
    "lobby.against": "contra {names}",
    "lobby.your_turn": "Sua vez",
    "lobby.their_turn": "Vez de {names}",
    "lobby.won": "Terminada: vitória de {names}",
    "lobby.waiting_players": "Aguardando os convidados",
    "lobby.last_move": "última jogada {when}",
    "lobby.created": "criada {when}",
    "lobby.resume": "Continuar",
    "lobby.open": "Ver",
    "about.avenue": "Desenhe estradas no seu mapa ligando fazendas e castelos às uvas; cada carta revelada diz qual trecho.",
    "about.dogs": "Administre o seu canil: resgate cães, compre vacinas e ração, contrate ajudantes e amplie os canis.",
    "about.metro": "Coloque peças de trilho no tabuleiro para que as linhas de metrô das suas estações fiquem longas.",
    "about.sonora": "Dê piparotes nos discos sobre o deserto e anote na sua folha o que cada zona onde eles param oferece.",
    "about.volta_ao_mundo": "Uma corrida ao redor do mundo: compre cartas, viaje de cidade em cidade e volte em menos dias.",
    "table.rematch": "Revanche (assentos trocados)",
    "notify.title": "Tabuleiro: sua vez",
    "notify.sound": "Som na minha vez",
    "notify.ask": "Avisar-me na minha vez",
    "notify.on": "Avisos ligados (desligar)",
    "notify.denied": "Avisos bloqueados pelo navegador",
  },
  en: {
    "app.title": "Tabuleiro",
    "app.tagline": "Board games with rules true to the rulebooks, against friends or bots.",
    "lang.switch": "Português",
    "lang.switch.title": "Mudar para português",
    "lobby.new": "New match",
    "lobby.game": "Game",
    "lobby.players": "Players",
    "lobby.options": "Options",
    "lobby.no_options": "This game has no options.",
    "lobby.seats": "Seats",
    "lobby.seat": "Seat {n}",
    "lobby.human": "Person",
    "lobby.bot": "Bot: {name}",
    "lobby.mode": "Play mode",
    "lobby.mode.online": "Online — one invite link per person",
    "lobby.mode.hotseat": "Hotseat — everyone on this device, passing it around",
    "lobby.seed": "Seed (optional)",
    "lobby.create": "Create match",
    "lobby.creating": "Creating…",
    "lobby.invites": "Invitations",
    "lobby.invites.help": "Send each person the link of their seat. Whoever has the link plays that seat.",
    "lobby.copy": "Copy",
    "lobby.copied": "Copied!",
    "lobby.go": "Go to my table",
    "lobby.recent": "Recent matches",
    "lobby.none": "No matches yet.",
    "lobby.watch": "Watch",
    "lobby.finished": "finished",
    "lobby.moves": "{n:# move|# moves}",
    "lobby.no_renderer": "generic table",
    "table.lobby": "← Lobby",
    "table.spectator": "You are watching.",
    "table.hotseat": "Shared table",
    "table.you_are": "You are {name}.",
    "table.your_turn": "Your turn, {name}!",
    "table.waiting": "Waiting for {names}.",
    "table.waiting_you_done": "You have chosen. Waiting for {names}.",
    "table.over": "Game over.",
    "table.winners": "{names} won!",
    "table.players": "Players",
    "table.you": "you",
    "table.bot": "bot {name}",
    "table.stand_in": "bot {name} standing in",
    "table.connected": "connected",
    "table.away": "away",
    "table.done": "done",
    "table.choosing": "choosing",
    "table.to_act": "to act",
    "table.score": "{n:# pt|# pts}",
    "table.replace": "Seat a bot",
    "table.hand_over": "Let a bot play for me",
    "table.take_back": "Take my seat back",
    "table.undo": "Undo",
    "table.undo.title": "Take back your last move (until someone sees the result, chance is drawn or something hidden is revealed)",
    "table.moves": "List all moves ({n})",
    "table.no_moves": "No move of yours now.",
    "table.log": "Log",
    "table.log.empty": "No moves yet.",
    "table.log.sealed": "chose (secret until everyone has chosen)",
    "table.log.opening": "At the start of the match:",
    "table.sheet": "Final scores",
    "table.total": "Total",
    "table.rank": "Rank",
    "table.view": "What you see (text)",
    "table.dock.more": "▲ Show all",
    "table.dock.less": "▼ Fold",
    "table.dock.label": "Your decision: show the whole panel or fold it",
    "table.zoom": "Enlarge",
    "table.zoom.label": "Enlarge: {name}",
    "table.zoom.close": "Close",
    "table.pass.title": "Pass the device",
    "table.pass.to": "Pass the device to {name}.",
    "table.pass.hidden": "Secret information stays hidden until {name} taps the button.",
    "table.pass.ready": "I am {name} — show",
    "table.reconnecting": "Reconnecting…",
    "table.error": "Error: {message}",
    "table.not_found": "Match not found.",
    "table.link": "Your link (keep it to come back):",
    "seat.name": "Player {n}",
    "seat.bot_name": "Bot {n} ({name})",
    "lobby.name": "Your name",
    "lobby.clock": "Turn clock",
    "lobby.clock.none": "no clock",
    "lobby.clock.120": "2 minutes",
    "lobby.clock.600": "10 minutes",
    "lobby.clock.86400": "1 day (correspondence)",
    "lobby.clock.259200": "3 days (correspondence)",
    "lobby.on_timeout": "If my time runs out",
    "lobby.on_timeout.bot": "a bot plays for me",
    "lobby.on_timeout.forfeit": "I forfeit",
    "lobby.seed.local": "A seed counts only when every person plays on this device.",
    "lobby.invites.once": "Each link works once: whoever opens it first takes the seat, on that device.",
    "lobby.commitment": "Seed commitment: {hash}",
    "table.claiming": "Taking your seat…",
    "table.waiting_players": "Waiting for the invited players to take their seats: the match is shuffled with each one's entropy.",
    "table.contribution": "Your contribution to the shuffle (find it in the record): {entropy}",
    "table.rename": "My name",
    "table.rename.prompt": "Your name (up to 24 characters)",
    "table.skip.board": "Skip to the board",
    "table.skip.moves": "Skip to the moves",
    "table.title.turn": "Your turn",
    "table.title.over": "Game over",
    "table.category": "Category",
    "table.board_summary": "The board in words",
    "table.claim_failed": "Could not take the seat: {message}",
    "table.forfeited": "forfeited",
    "table.open_seat": "waiting for the invitee",
    "table.verify": "Verify the shuffle (record)",
    "table.verify.help": "Download the record and run: tabuleiro verify record.json",
    "table.commitment": "Seed committed at the start: {hash}",
    "table.fingerprint": "Record fingerprint: {digest}",
    "bot.random": "random",
    "bot.greedy": "greedy",
    "bot.aim": "aiming",
    "bot.mcts": "MCTS search (~1 s)",
    "bot.mcts:seconds=5": "strong MCTS search (5 s)",
    "analysis.start": "Analyse the match",
    "analysis.progress": "Analysing… {done} of {total:# move|# moves}",
    "analysis.failed": "The analysis failed.",
    "analysis.title": "Analysis",
    "analysis.about": "Every move against the best the search ({bot}) found; values from 0 to 1.",
    "analysis.seat": "{name}: mean loss {loss}, {n:# blunder|# blunders}",
    "analysis.clean": "No blunders.",
    "lobby.games": "The games",
    "lobby.choose": "Choose",
    "lobby.unavailable": "Unavailable: {values}.",
    "lobby.mine": "Your matches",
    "lobby.hide_finished": "Hide finished matches",
    "lobby.against": "against {names}",
    "lobby.your_turn": "Your turn",
    "lobby.their_turn": "{names} to play",
    "lobby.won": "Finished: {names} won",
    "lobby.waiting_players": "Waiting for the invitees",
    "lobby.last_move": "last move {when}",
    "lobby.created": "created {when}",
    "lobby.resume": "Resume",
    "lobby.open": "Open",
    "about.avenue": "Draw roads on your map linking farms and castles to the grapes; each card revealed says which stretch.",
    "about.dogs": "Run your kennel: rescue dogs, buy vaccines and food, hire helpers and enlarge the pens.",
    "about.metro": "Lay track tiles on the board so the metro lines from your stations run long.",
    "about.sonora": "Flick discs onto the desert board and mark on your sheet what each zone they stop in offers.",
    "about.volta_ao_mundo": "A race around the world: buy cards, travel from city to city and come home in fewer days.",
    "table.rematch": "Rematch (seats rotated)",
    "notify.title": "Tabuleiro: your turn",
    "notify.sound": "Sound on my turn",
    "notify.ask": "Notify me on my turn",
    "notify.on": "Notifications on (turn off)",
    "notify.denied": "Notifications blocked by the browser",
  },
};

function initial() {
  const saved = localStorage.getItem("tabuleiro.lang");
  if (saved === "pt" || saved === "en") return saved;
  return (navigator.language || "pt").toLowerCase().startsWith("en") ? "en" : "pt";
}

let current = initial();
const listeners = new Set();

/** The current language: "pt" or "en". */
export function lang() {
  return current;
}

/** Switch language and tell every listener. */
export function setLang(value) {
  current = value === "en" ? "en" : "pt";
  localStorage.setItem("tabuleiro.lang", current);
  document.documentElement.lang = current === "pt" ? "pt-BR" : "en";
  for (const listener of listeners) listener(current);
}

export function onLang(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Add a renderer's catalogue: every key is stored as "<prefix>.<key>". */
export function addStrings(prefix, strings) {
  for (const language of ["pt", "en"]) {
    for (const [key, value] of Object.entries(strings[language] || {})) {
      catalogues[language][`${prefix}.${key}`] = value;
    }
  }
}

const pluralRules = { pt: new Intl.PluralRules("pt-BR"), en: new Intl.PluralRules("en") };

/**
 * The form of `forms` ("one|other") that agrees with `count` in `language`, with "#" replaced
 * by the count. Intl.PluralRules decides, except that zero takes the plural in Portuguese as
 * the rulebooks write it ("0 dias", "0 uvas"; CLDR counts 0 as singular there). The Python
 * catalogues (core/i18n.py) follow the same rule.
 */
export function pluralForm(count, forms, language = current) {
  const [one, other = one] = forms.split("|");
  const n = Number(count);
  const singular = pluralRules[language].select(n) === "one" && !(language === "pt" && n === 0);
  return (singular ? one : other).replaceAll("#", String(count));
}

/**
 * The string `key` in the current language with {name} placeholders filled. A plural field
 * {name:one|other} gives the form that agrees with the count `name` ("+{n:# moeda|# moedas}").
 */
export function t(key, values = {}) {
  const text = catalogues[current][key] ?? catalogues.pt[key] ?? key;
  return fill(text, values);
}

/** `text` with its {name} placeholders and {name:one|other} plural fields filled from `values`. */
export function fill(text, values = {}) {
  return text.replace(/\{(\w+)(?::([^{}]*\|[^{}]*))?\}/g, (match, name, forms) => {
    if (!(name in values)) return match;
    return forms === undefined ? String(values[name]) : pluralForm(values[name], forms);
  });
}

/** True when the catalogue has `key`. */
export function has(key) {
  return key in catalogues[current];
}

/** A {pt, en} pair from the API in the current language. */
export function pick(words) {
  if (words === null || words === undefined) return "";
  if (typeof words === "string") return words;
  return words[current] ?? words.pt ?? words.en ?? "";
}

/** A bot's name in the current language (its id when the catalogue has no word for it). */
/** A narration with each seat mark (`[[seat:N]]`, N from 0) replaced by `seatName(N)`. */
export function withNames(text, seatName) {
  return text.replace(/\[\[seat:(\d+)\]\]/g, (_, n) => seatName(Number(n)));
}

export function botName(id) {
  return has(`bot.${id}`) ? t(`bot.${id}`) : id;
}
