"""Is every legal decision reachable from the board? For each game, seat 0 plays against a bot
by the board as in tests/web/test_browser_whole_games_by_board.py; before each of its moves the
page's targets are explored with the moves held back (the page's move requests are answered
"not sent" instead of reaching the server): every target is clicked, a click that sends a move
marks that move reached, a click that only changes the page (a tile picked, a shape turned) is
explored further from a fresh page. Sonora's flicks count as reached when the disc to drag is on
the board (a drag sends any angle and strength). Prints, per game, how many legal moves were
offered and which were never reached. Needs Chromium (the browser tests' one).

    .venv/bin/python scripts/board_reach.py [--turns 12] [--nodes 40] [game ...]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import signal
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402
from tests.web.conftest import _serve, api, system_chromium  # noqa: E402
from tests.web.test_browser import after, state  # noqa: E402
from tests.web.test_browser_whole_games_by_board import (  # noqa: E402
    GAMES,
    TARGETS,
    click,
    create,
    flick,
    open_seat,
    settle,
)

HOLD = """() => {
  // from now on a move the page sends is answered "not sent" and kept in window.__held
  window.__held = [];
  const send = window.fetch;
  window.fetch = (url, options) => {
    if (options?.method === "POST" && String(url).endsWith("/actions")) {
      window.__held.push(JSON.parse(options.body).action);
      const body = JSON.stringify({ code: "held", message: "held back" });
      const headers = { "Content-Type": "application/json" };
      return Promise.resolve(new Response(body, { status: 409, headers }));
    }
    return send(url, options);
  };
}"""
Step = tuple[str, str, int]
"""A target named across page loads: its kind, its words or move, its rank among its likes."""


def steps(targets: list[dict[str, Any]]) -> list[tuple[Step, dict[str, Any]]]:
    seen: Counter[tuple[str, str]] = Counter()
    out = []
    for target in targets:
        key = (target["kind"], target["what"])
        out.append(((key[0], key[1], seen[key]), target))
        seen[key] += 1
    return out


def find(page: Page, step: Step) -> dict[str, Any] | None:
    settle(page)
    return dict(steps(page.evaluate(TARGETS))).get(step)


def fresh(page: Page, path: list[Step]) -> bool:
    """Load the page again, hold moves back and click `path`; False when a step is gone."""
    page.reload()
    page.wait_for_selector("#status[data-state]")
    page.evaluate(f"({HOLD})()")
    for step in path:
        target = find(page, step)
        if target is None or not click(page, target):
            return False
    settle(page)
    return True


def key_of(action: Any, legal: dict[str, str]) -> str:
    text = json.dumps(action, sort_keys=True)
    if text in legal:
        return legal[text]
    return str(action.get("text", text)) if isinstance(action, dict) else text


def reach(page: Page, server: str, match: dict[str, Any], nodes: int) -> tuple[set[str], set[str], int]:
    """(legal notations, those reached from the board, pages explored) for seat 0's turn now."""
    headers = {"Authorization": f"Bearer {match['seats'][0]['token']}"}
    update = api.get(f"{server}/api/matches/{match['id']}", headers=headers).json()
    legal = {json.dumps(e["action"], sort_keys=True): e["notation"] for e in update["legal_actions"]}
    wanted = set(legal.values())
    reached: set[str] = set()
    queue: list[list[Step]] = [[]]
    signatures: set[tuple[Step, ...]] = set()
    explored = 0
    while queue and explored < nodes and not wanted <= reached:
        path = queue.pop(0)
        if not fresh(page, path):
            continue
        here = steps(page.evaluate(TARGETS))
        signature = tuple(sorted(step for step, _ in here))
        if signature in signatures:
            continue
        signatures.add(signature)
        explored += 1
        for step, target in here:
            if target["drag"]:
                reached |= {n for n in wanted if n.startswith(f"flick {target['aim']} ")}
                continue
            found = find(page, step)
            held = page.evaluate("window.__held.length")
            if found is None or not click(page, found):
                continue
            settle(page)
            sent = page.evaluate("window.__held")
            if len(sent) > held:
                reached |= {key_of(a, legal) for a in sent[held:]}
                if tuple(sorted(s for s, _ in steps(page.evaluate(TARGETS)))) == signature:
                    continue
            else:
                queue.append([*path, step])
            if not fresh(page, path):
                break
    return wanted, reached & wanted, explored


def audit(browser: Browser, server: str, game: tuple[Any, ...], turns: int, nodes: int) -> None:
    name, bot, seed, options, lang, window, _ = game
    match = create(server, name, bot, seed, options)
    page = open_seat(browser, server, match, lang, window)
    choose = random.Random(f"{name}{seed}")
    offered = missed = explored = 0
    kinds: Counter[str] = Counter()
    examples: dict[str, str] = {}
    audited = 0
    for _ in range(turns):
        if not settle(page):
            break
        audited += 1
        wanted, reached, pages = reach(page, server, match, nodes)
        offered += len(wanted)
        explored += pages
        for notation in sorted(wanted - reached):
            kind = re.sub(r"\d+(\.\d+)?", "N", notation.split(" ")[0])
            kinds[kind] += 1
            examples.setdefault(kind, notation)
        missed += len(wanted - reached)
        if wanted - reached:
            print(f"{name}, state {state(page)}: not reached {sorted(wanted - reached)[:6]}", flush=True)
        page.reload()  # moves go through again
        page.wait_for_selector("#status[data-state]")
        if not settle(page):
            break
        targets = page.evaluate(TARGETS)
        old, posted = state(page), page.evaluate("window.__posted")
        while page.evaluate("window.__posted") == posted:
            target = choose.choice(targets)
            done = flick(page, target, choose) if target["drag"] else click(page, target)
            if done and page.evaluate("window.__posted") > posted:
                after(page, old)
                break
            if not settle(page):
                break
            targets = page.evaluate(TARGETS)
    over = "the game over" if page.locator("#outcome table").count() else "the game goes on"
    print(f"{name}: {offered} legal moves in {audited} turns ({over}), {missed} not reached,", end=" ")
    print(f"{explored} pages explored")
    for kind, n in kinds.most_common():
        print(f"  not reached: {n} × {kind} (e.g. {examples[kind]})")
    page.context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=12, help="seat 0's turns audited per game")
    parser.add_argument("--nodes", type=int, default=40, help="pages explored per turn at most")
    parser.add_argument("games", nargs="*", help="game ids (default: all five)")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stop the server on the way out
    started = _serve(Path(tempfile.mkdtemp()) / "matches.sqlite3")
    assert started is not None, "the server did not start"
    process, base = started
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=system_chromium(), args=["--no-sandbox"])
            for game in GAMES:
                if not args.games or game[0] in args.games:
                    audit(browser, base, game, args.turns, args.nodes)
            browser.close()
    finally:
        process.terminate()


if __name__ == "__main__":
    main()
