// The generic table, for a game without its own renderer module yet: the moves are the
// shell's list of buttons and the view is shown as text.

import { t } from "../i18n.js";

export const strings = {
  pt: { note: "Este jogo ainda não tem tabuleiro desenhado: escolha sua jogada na lista e veja o estado em texto." },
  en: { note: "This game has no drawn board yet: pick your move from the list and read the state as text." },
};

export const showViewText = true;
export const listMoves = true;

export function render(ctx) {
  ctx.el.board.append(ctx.h("p", { class: "muted generic-note" }, t("generic.note")));
}
