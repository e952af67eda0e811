"""A lab report on disk: ``report.json``, the plots as PNG files, and ``report.html`` — one
self-contained page (styles, the language switch and the plots inlined) in Portuguese and
English.

The plots are drawn with matplotlib's object API on the Agg canvas (no pyplot, no display),
and the PNG files carry no software stamp, so the same report draws the same bytes.
"""

from __future__ import annotations

import base64
import html
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from tabuleiro.core import JsonDict
from tabuleiro.sim.lab import by_position

_PNG_META: dict[str, Any] = {"Software": None}
_POSITION_AXIS = "turn position (1 = first player) / posição na ordem (1 = primeiro jogador)"
_COLOURS = ("#3b6ea8", "#d08c2c", "#4f9a61", "#b5484b", "#7d5ba6", "#8c6d46")


def dumps(report: JsonDict) -> str:
    """``report.json``'s text: sorted keys, two-space indent, UTF-8, a final newline."""
    return json.dumps(report, indent=2, ensure_ascii=False, sort_keys=True, allow_nan=False) + "\n"


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, bbox_inches="tight", metadata=_PNG_META)
    return buffer.getvalue()


def _groups(report: JsonDict) -> list[tuple[int, list[JsonDict]]]:
    return [(p, [c for c in report["configurations"] if c["players"] == p]) for p in report["players"]]


def _axes_row(count: int, height: float = 3.4) -> tuple[Figure, list[Any]]:
    figure = Figure(figsize=(max(4.8, 4.8 * count), height))
    axes = figure.subplots(1, count, squeeze=False)[0]
    return figure, list(axes)


def plot_win_rates(report: JsonDict) -> Figure:
    """Win rate by turn position with 95% error bars; a panel per player count, a bar per
    configuration."""
    groups = _groups(report)
    figure, axes = _axes_row(len(groups))
    for ax, (players, configs) in zip(axes, groups, strict=True):
        width = 0.8 / len(configs)
        for k, config in enumerate(configs):
            rates = config["summary"]["by_position"]["win_rate"]
            xs = [s + (k - (len(configs) - 1) / 2) * width for s in range(players)]
            ys = [r["rate"] for r in rates]
            errors = [[r["rate"] - r["low"] for r in rates], [r["high"] - r["rate"] for r in rates]]
            ax.bar(xs, ys, width, yerr=errors, capsize=3, label=config["id"], color=_COLOURS[k % 6])
        ax.axhline(1 / players, color="#555555", linestyle="--", linewidth=1)
        ax.set_xticks(range(players), [str(s + 1) for s in range(players)])
        ax.set_xlabel(_POSITION_AXIS)
        ax.set_ylabel("win rate / taxa de vitória")
        ax.set_ylim(0, 1)
        ax.set_title(f"{players} players / jogadores")
        ax.legend(fontsize="small")
    return figure


def plot_scores(report: JsonDict) -> Figure:
    """Score distributions by turn position: a box per position and configuration (whiskers
    at the 10% and 90% quantiles)."""
    groups = _groups(report)
    figure, axes = _axes_row(len(groups))
    for ax, (players, configs) in zip(axes, groups, strict=True):
        data, positions, colours = [], [], []
        for k, config in enumerate(configs):
            for s in range(players):
                data.append([by_position(r, players)[0][s] for r in config["results"]])
                positions.append(s * (len(configs) + 1) + k)
                colours.append(_COLOURS[k % 6])
        boxes = ax.boxplot(
            data,
            positions=positions,
            whis=(10, 90),
            patch_artist=True,
            widths=0.8,
            medianprops={"color": "black"},
        )
        for patch, colour in zip(boxes["boxes"], colours, strict=True):
            patch.set_facecolor(colour)
        ax.legend(
            [boxes["boxes"][k * players] for k in range(len(configs))],
            [c["id"] for c in configs],
            fontsize="small",
        )
        centres = [s * (len(configs) + 1) + (len(configs) - 1) / 2 for s in range(players)]
        ax.set_xticks(centres, [str(s + 1) for s in range(players)])
        ax.set_xlabel(_POSITION_AXIS)
        unit = report["score_unit"]
        ax.set_ylabel(f"final {unit['en']} / {unit['pt']} no fim")
        ax.set_title(f"{players} players / jogadores")
    return figure


def plot_categories(report: JsonDict) -> Figure:
    """The share of each scoring category in the points scored: a bar per category and
    configuration (a category that takes points away has a negative share)."""
    configs = report["configurations"]
    categories = list(dict.fromkeys(c for config in configs for c in config["summary"]["category_share"]))
    figure = Figure(figsize=(8, 0.25 * len(configs) * len(categories) + 1.5))
    ax = figure.subplots()
    height = 0.8 / len(configs)
    for k, config in enumerate(configs):
        shares = [config["summary"]["category_share"].get(c) or 0.0 for c in categories]
        ys = [i + (k - (len(configs) - 1) / 2) * height for i in range(len(categories))]
        ax.barh(ys, shares, height, label=config["id"], color=_COLOURS[k % 6])
    ax.axvline(0, color="#555555", linewidth=1)
    ax.set_yticks(range(len(categories)), categories)
    ax.invert_yaxis()
    unit = report["score_unit"]
    ax.set_xlabel(f"share of the {unit['en']} / parcela dos {unit['pt']}")
    ax.legend(fontsize="small")
    return figure


def plot_comparisons(report: JsonDict) -> Figure | None:
    """Per comparison, the difference in win rate by turn position with its 95% interval
    (None when there is no comparison)."""
    comparisons = report["comparisons"]
    if not comparisons:
        return None
    figure = Figure(figsize=(8, 0.5 * sum(len(c["by_position"]["win_rate"]) for c in comparisons) + 2))
    ax = figure.subplots()
    labels, y = [], 0
    for k, comparison in enumerate(comparisons):
        for seat, diff in enumerate(comparison["by_position"]["win_rate"]):
            ax.errorbar(
                [diff["difference"]],
                [y],
                xerr=[[diff["difference"] - diff["low"]], [diff["high"] - diff["difference"]]],
                fmt="o",
                capsize=3,
                color=_COLOURS[k % 6],
            )
            labels.append(f"{comparison['other']} − {comparison['base']}: position {seat + 1}")
            y += 1
    ax.axvline(0, color="#555555", linestyle="--", linewidth=1)
    ax.set_yticks(range(len(labels)), labels, fontsize="small")
    ax.invert_yaxis()
    ax.set_xlabel("difference in win rate / diferença na taxa de vitória")
    return figure


def plot_lengths(report: JsonDict) -> Figure:
    """Game length in decisions, a box per configuration."""
    configs = report["configurations"]
    figure = Figure(figsize=(8, 0.5 * len(configs) + 2))
    ax = figure.subplots()
    ax.boxplot(
        [[r["decisions"] for r in c["results"]] for c in configs],
        orientation="horizontal",
        whis=(10, 90),
        tick_labels=[c["id"] for c in configs],
    )
    ax.invert_yaxis()
    ax.set_xlabel("decisions per game / decisões por partida")
    return figure


def plots(report: JsonDict) -> dict[str, bytes]:
    """Every plot of the report as PNG bytes, by file name."""
    out = {
        "win_rate.png": _png(plot_win_rates(report)),
        "scores.png": _png(plot_scores(report)),
        "categories.png": _png(plot_categories(report)),
        "length.png": _png(plot_lengths(report)),
    }
    comparison = plot_comparisons(report)
    if comparison is not None:
        out["comparison.png"] = _png(comparison)
    return out


# -- the page -----------------------------------------------------------------------------------


def _t(pt: str, en: str) -> str:
    """Text in both languages; the page shows one (escaped here)."""
    return f'<span data-l="pt">{html.escape(pt)}</span><span data-l="en">{html.escape(en)}</span>'


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _interval(p: JsonDict) -> str:
    return f"{_pct(p['rate'])} [{_pct(p['low'])}, {_pct(p['high'])}]"


def _diff(d: JsonDict, percent: bool) -> str:
    def fmt(x: float) -> str:
        return f"{100 * x:+.1f} pp" if percent else f"{x:+.2f}"

    if d["low"] is None:
        return html.escape(fmt(d["difference"]))
    return html.escape(f"{fmt(d['difference'])} [{fmt(d['low'])}, {fmt(d['high'])}]")


def _p(value: float | None) -> str:
    return "—" if value is None else ("< 0.0001" if value < 0.0001 else f"{value:.4f}")


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    cells = "".join(f"<th>{h}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def _quantiles(score: JsonDict) -> str:
    q = score["quantiles"]
    return f"{q['0.1']:g} / {q['0.25']:g} / {q['0.5']:g} / {q['0.75']:g} / {q['0.9']:g}"


def _test(test: JsonDict) -> str:
    return (
        f"<b>p = {_p(test['p_value'])}</b> ({html.escape(test['method'])}, {test['games']} "
        + _t("partidas com um só vencedor", "games with a single winner")
        + ")"
    )


def _section(config: JsonDict, unit: JsonDict) -> str:
    summary = config["summary"]
    players = config["players"]
    position, seat = summary["by_position"], summary["by_seat"]
    position_table = _table(
        [
            _t("posição na ordem", "turn position"),
            _t("vitórias (IC 95%)", "win rate (95% CI)"),
            _t("vitórias únicas", "sole wins"),
            _t(f"média ({unit['pt']})", f"mean {unit['en']}"),
            _t("desvio", "stdev"),
            _t("quantis 10/25/50/75/90%", "quantiles 10/25/50/75/90%"),
        ],
        [
            [
                str(i + 1),
                _interval(position["win_rate"][i]),
                str(position["sole_wins"][i]),
                f"{position['score'][i]['mean']:.2f}",
                f"{position['score'][i]['stdev']:.2f}",
                _quantiles(position["score"][i]),
            ]
            for i in range(players)
        ],
    )
    seat_table = _table(
        [
            _t("assento", "seat"),
            _t("robô", "bot"),
            _t("começou (IC 95%)", "played first (95% CI)"),
            _t("vitórias (IC 95%)", "win rate (95% CI)"),
            _t(f"média ({unit['pt']})", f"mean {unit['en']}"),
        ],
        [
            [
                str(s + 1),
                html.escape(config["bots"][s]),
                _interval(summary["first_player"][s]),
                _interval(seat["win_rate"][s]),
                f"{seat['score'][s]['mean']:.2f}",
            ]
            for s in range(players)
        ],
    )
    categories = list(summary["category_share"])
    category_table = _table(
        [_t("assento", "seat"), *(html.escape(c) for c in categories)],
        [[str(s + 1), *(f"{summary['category_mean'][s][c]:.2f}" for c in categories)] for s in range(players)]
        + [
            [
                _t("parcela", "share"),
                *(_pct(v) if (v := summary["category_share"][c]) is not None else "—" for c in categories),
            ]
        ],
    )
    length, rounds = summary["decisions"], summary["rounds"]
    by_category = _t(
        f"{unit['pt'].capitalize()} por categoria (média por assento)",
        f"{unit['en'].capitalize()} by category (mean per seat)",
    )
    options = ", ".join(f"{k}={v}" for k, v in config["options"].items())
    return f"""
<section>
<h3>{html.escape(config["id"])}</h3>
<p class="small">{_t("opções", "options")}: <code>{html.escape(options)}</code></p>
<h4>{_t("Por posição na ordem dos turnos", "By turn position")}</h4>
{position_table}
<p>{_t("Teste de “nenhuma vantagem de posição”", "Test of “no turn-position advantage”")}:
{_test(position["no_advantage"])}.</p>
<h4>{_t("Por assento", "By seat")}</h4>
{seat_table}
<p>{_t("Teste de “nenhuma vantagem de assento”", "Test of “no seat advantage”")}:
{_test(seat["no_advantage"])}.
{_t("Empates no primeiro lugar", "Ties for first place")}: {_interval(summary["ties"])}.</p>
<p>{_t("Duração", "Length")}: {length["mean"]:.1f} ± {length["stdev"]:.1f}
{_t("decisões", "decisions")}; {rounds["mean"]:.1f} ± {rounds["stdev"]:.1f}
{_t("rodadas (turnos por jogador)", "rounds (turns per player)")}.</p>
<h4>{by_category}</h4>
{category_table}
</section>"""


def _comparisons(report: JsonDict) -> str:
    unit = report["score_unit"]
    if not report["comparisons"]:
        return ""
    rows = []
    for c in report["comparisons"]:
        for s, diff in enumerate(c["by_position"]["win_rate"]):
            rows.append(
                [
                    html.escape(f"{c['other']} − {c['base']}"),
                    str(s + 1),
                    _diff(diff, True),
                    _diff(c["by_position"]["mean_score"][s], False),
                ]
            )
        rows.append(
            [
                html.escape(f"{c['other']} − {c['base']}"),
                _t("partida", "game"),
                _t("empates ", "ties ") + _diff(c["ties"], True),
                _t("decisões ", "decisions ") + _diff(c["decisions"], False),
            ]
        )
    table = _table(
        [
            _t("comparação", "comparison"),
            _t("posição na ordem", "turn position"),
            _t("diferença na taxa de vitória (IC 95%)", "win-rate difference (95% CI)"),
            _t(f"diferença na média de {unit['pt']} (IC 95%)", f"difference in mean {unit['en']} (95% CI)"),
        ],
        rows,
    )
    return f"<h2>{_t('Comparações', 'Comparisons')}</h2>{table}"


_STYLE = """
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:1100px;padding:0 1rem;color:#222}
html[data-lang=pt] [data-l=en],html[data-lang=en] [data-l=pt]{display:none}
table{border-collapse:collapse;margin:.5rem 0 1rem}td,th{border:1px solid #ccc;padding:.25rem .5rem;
text-align:right}th{background:#f2f2f2}td:first-child,th:first-child{text-align:left}
img{max-width:100%;display:block;margin:.5rem 0 1.5rem}.small{font-size:.85rem;color:#555}
nav button{margin-right:.3rem}section{border-top:1px solid #ddd;margin-top:1rem}
"""

_SCRIPT = """
for (const b of document.querySelectorAll("nav button")) {
  b.addEventListener("click", () => { document.documentElement.dataset.lang = b.dataset.set; });
}
"""

_PLOT_TITLES = {
    "win_rate.png": (
        "Taxa de vitória por posição na ordem dos turnos (IC 95%)",
        "Win rate by turn position (95% CI)",
    ),
    "scores.png": ("Distribuição das pontuações", "Score distributions"),
    "categories.png": ("Parcela de cada categoria nos pontos", "Share of each scoring category"),
    "comparison.png": ("Diferenças entre configurações", "Differences between configurations"),
    "length.png": ("Duração das partidas", "Game length"),
}


def page(report: JsonDict, pngs: dict[str, bytes]) -> str:
    """``report.html``: the report's tables and plots in one page, Portuguese and English."""
    name = report["game_name"]
    figures = "".join(
        f"<h3>{_t(*_PLOT_TITLES[file])}</h3>"
        f'<img alt="{html.escape(_PLOT_TITLES[file][1])}" '
        f'src="data:image/png;base64,{base64.b64encode(data).decode("ascii")}">'
        for file, data in pngs.items()
    )
    sections = "".join(_section(c, report["score_unit"]) for c in report["configurations"])
    versions = ", ".join(f"{k} {v}" for k, v in report["versions"].items())
    title = _t(f"Laboratório de equilíbrio: {name['pt']}", f"Balance lab: {name['en']}")
    note = _t(
        "Intervalos de confiança de 95%: Wilson para as taxas, Newcomb para as diferenças de taxas, "
        "Welch para as diferenças de médias.",
        "95% confidence intervals: Wilson for rates, Newcomb for differences of rates, "
        "Welch for differences of means.",
    )
    return f"""<!doctype html>
<html lang="pt-BR" data-lang="pt">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{html.escape(name["pt"])} — Tabuleiro lab</title><style>{_STYLE}</style></head>
<body>
<nav><button data-set="pt">Português</button><button data-set="en">English</button></nav>
<h1>{title}</h1>
<p class="small"><code>{html.escape(report["command"])}</code><br>
{_t("regras", "rules")} {html.escape(report["rules_version"])} · {html.escape(versions)}<br>
{_t("Sementes", "Seeds")}: {html.escape(report["seeds"])}<br>
{note}</p>
<h2>{_t("Gráficos", "Plots")}</h2>
{figures}
{_comparisons(report)}
<h2>{_t("Configurações", "Configurations")}</h2>
{sections}
<script>{_SCRIPT}</script>
</body>
</html>
"""


def write(report: JsonDict, folder: Path) -> list[Path]:
    """Write ``report.json``, the PNG plots and ``report.html`` into `folder` (made if needed)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    json_path = folder / "report.json"
    json_path.write_text(dumps(report), encoding="utf-8")
    written.append(json_path)
    pngs = plots(report)
    for file, data in pngs.items():
        path = folder / file
        path.write_bytes(data)
        written.append(path)
    html_path = folder / "report.html"
    html_path.write_text(page(report, pngs), encoding="utf-8")
    written.append(html_path)
    return written
