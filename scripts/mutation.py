"""Mutation score of the scoring, record and RNG code, as a standing figure (issue 23).

For each module listed in MODULES, every mutant (one small change to the source, see
OPERATORS below) is written into a private copy of ``src/tabuleiro`` and that game's own tests
run against it in a fresh ``pytest`` process, stopping at the first failure. The golden
playthroughs (``tests/games/test_playthroughs.py``) are never run: they were written by the
engine itself. A mutant is *killed* when a test fails (or the run passes its time limit),
*survives* when every test passes. The script prints one JSON document: per module the
mutants, killed, surviving and the score, with every survivor's line and change; survivors
listed in ``scripts/mutation_equivalent.md`` (same module, same source line, same change) are
reported as equivalent and left out of the adjusted score.

    python scripts/mutation.py --jobs 2              # every module
    python scripts/mutation.py core/rng games/dogs/kennel   # some modules
    python scripts/mutation.py --list games/avenue/scoring  # the mutants, without running

Operators (in the spirit of mutmut): arithmetic, bit and shift operators swapped; each
comparison weakened or flipped; ``and``/``or`` swapped; ``not x`` → ``x``; ``-x`` → ``x``;
integer constants + 1; ``True``/``False`` swapped; ``any``/``all`` and ``min``/``max``
swapped; augmented assignments swapped. Strings (messages, docstrings) are not mutated. Each
module may also name extra mutants by exact source text (``NAMED``): the ones issue 23 lists.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "tabuleiro"
EQUIVALENT = Path(__file__).with_name("mutation_equivalent.md")

# module (relative to src/tabuleiro, no .py) -> the tests that judge it, fastest first.
MODULES: dict[str, list[str]] = {
    "games/avenue/scoring": [
        "tests/games/avenue/test_scoring_edges.py",
        "tests/games/avenue/test_rules.py",
        "tests/games/avenue/test_whole_game.py",
        "tests/games/avenue",
    ],
    "games/metro/scoring": [
        "tests/games/metro/test_scoring_edges.py",
        "tests/games/metro/test_rules.py",
        "tests/games/metro/test_expansions.py",
        "tests/games/metro/test_render.py",
        "tests/games/metro/test_components.py",
    ],
    "games/dogs/scoring": [
        "tests/games/dogs/test_scoring_edges.py",
        "tests/games/dogs/test_rules.py",
        "tests/games/dogs/test_view.py",
        "tests/games/dogs/test_rulebook_words.py",
        "tests/games/dogs/test_render.py",
    ],
    "games/dogs/kennel": [
        "tests/games/dogs/test_kennel.py",
        "tests/games/dogs/test_scoring_edges.py",
        "tests/games/dogs/test_rules.py",
        "tests/games/dogs/test_rulebook_words.py",
        "tests/games/dogs/test_cards.py",
    ],
    "core/match": [
        "tests/core/test_match_loader.py",
        "tests/core",
        "tests/conformance/test_malformed_actions.py",
    ],
    "core/rng": ["tests/core/test_rng_known_answers.py", "tests/core"],
    "games/sonora/scoresheet": ["tests/games/sonora"],
}
"""The slow statistical bot tests and the conformance harness runs (minutes per survivor) are
left out for Metro and DOGS; every other test file of the game is included."""

# Extra mutants named in issue 23, by exact source text -> replacement.
NAMED: dict[str, list[tuple[str, str]]] = {
    "games/dogs/scoring": [("EXTRA_PEN_POINTS = (2, 3, 5)", "EXTRA_PEN_POINTS = (2, 3, 4)")],
    "games/avenue/scoring": [
        ("if other not in seen and _SIDES[roads[other]] & needed:", "if other not in seen and roads[other]:"),
    ],
    "core/match": [("or len(entry) != 2", "or len(entry) < 2")],
}
"""The generic operators already make the issue's other named mutants: Metro's ``// 10`` ->
``// 11`` and ``line[4] > 32`` -> ``> 33`` (constant + 1), Avenue's ``cc < COLS`` -> ``<=``,
the record's ``0 <= seed`` -> ``0 < seed`` and ``all`` -> ``any``."""

_BINOPS: dict[type[ast.operator], list[type[ast.operator]]] = {
    ast.Add: [ast.Sub],
    ast.Sub: [ast.Add],
    ast.Mult: [ast.FloorDiv],
    ast.FloorDiv: [ast.Mult, ast.Mod],
    ast.Div: [ast.Mult],
    ast.Mod: [ast.FloorDiv],
    ast.RShift: [ast.LShift],
    ast.LShift: [ast.RShift],
    ast.BitAnd: [ast.BitOr],
    ast.BitOr: [ast.BitAnd],
    ast.BitXor: [ast.BitOr],
    ast.Pow: [ast.Mult],
}
_CMPOPS: dict[type[ast.cmpop], list[type[ast.cmpop]]] = {
    ast.Lt: [ast.LtE, ast.GtE],
    ast.LtE: [ast.Lt, ast.Gt],
    ast.Gt: [ast.GtE, ast.LtE],
    ast.GtE: [ast.Gt, ast.Lt],
    ast.Eq: [ast.NotEq],
    ast.NotEq: [ast.Eq],
    ast.In: [ast.NotIn],
    ast.NotIn: [ast.In],
    ast.Is: [ast.IsNot],
    ast.IsNot: [ast.Is],
}
_SWAP_CALLS = {"any": "all", "all": "any", "min": "max", "max": "min"}
_SYMBOL = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Div: "/", ast.Mod: "%",
    ast.RShift: ">>", ast.LShift: "<<", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^",
    ast.Pow: "**", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==",
    ast.NotEq: "!=", ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not",
}  # fmt: skip


@dataclass(frozen=True)
class Mutant:
    """One change: where (1-based line), what (readable), and how to make it."""

    line: int
    change: str
    node_index: int = -1  # position in ast.walk order, or -1 for a named text mutant
    field: str = ""
    value: object = None
    named: tuple[str, str] | None = None


def _skipped(tree: ast.Module) -> set[int]:
    """Nodes never mutated: docstrings, annotations, ``if TYPE_CHECKING`` blocks, __all__."""
    skip: set[int] = set()

    def drop(node: ast.AST | None) -> None:
        if node is not None:
            skip.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign | ast.arg):
            drop(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            drop(node.returns)
        elif _type_checking_block(node) or _dunder_all(node):
            drop(node)
    return skip


def _type_checking_block(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _dunder_all(node: ast.AST) -> bool:
    return isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
    )


def find_mutants(source: str, module: str) -> list[Mutant]:
    """Every mutant of `source`, in a fixed order."""
    tree = ast.parse(source)
    skip = _skipped(tree)
    keyword = {
        id(k.value): f"{k.arg}=" for n in ast.walk(tree) if isinstance(n, ast.Call) for k in n.keywords
    }
    out: list[Mutant] = []
    for index, node in enumerate(ast.walk(tree)):
        if id(node) in skip:
            continue
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.BinOp | ast.AugAssign) and type(node.op) in _BINOPS:
            for new in _BINOPS[type(node.op)]:
                change = f"{_SYMBOL[type(node.op)]} -> {_SYMBOL[new]}"
                out.append(Mutant(line, change, index, "op", new))
        elif isinstance(node, ast.Compare):
            out.extend(
                Mutant(line, f"{_SYMBOL[type(op)]} -> {_SYMBOL[new]}", index, f"ops.{j}", new)
                for j, op in enumerate(node.ops)
                for new in _CMPOPS.get(type(op), [])
            )
        elif isinstance(node, ast.BoolOp):
            new_bool = ast.Or if isinstance(node.op, ast.And) else ast.And
            out.append(
                Mutant(
                    line,
                    f"{type(node.op).__name__.lower()} -> {new_bool.__name__.lower()}",
                    index,
                    "op",
                    new_bool,
                )
            )
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not | ast.USub):
            out.append(
                Mutant(
                    line, f"{'not ' if isinstance(node.op, ast.Not) else '-'}x -> x", index, "op", ast.UAdd
                )
            )
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            change = f"{keyword.get(id(node), '')}{node.value} -> {not node.value}"
            out.append(Mutant(line, change, index, "value", not node.value))
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            change = f"{keyword.get(id(node), '')}{node.value} -> {node.value + 1}"
            out.append(Mutant(line, change, index, "value", node.value + 1))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _SWAP_CALLS:
            new_name = _SWAP_CALLS[node.func.id]
            out.append(Mutant(line, f"{node.func.id}() -> {new_name}()", index, "func.id", new_name))
    for text, replacement in NAMED.get(module, []):
        if source.count(text) != 1:
            raise SystemExit(f"named mutant for {module} not found exactly once: {text!r}")
        line = source[: source.index(text)].count("\n") + 1
        out.append(Mutant(line, f"named: {text.strip()} -> {replacement.strip()}", named=(text, replacement)))
    return out


def apply(source: str, mutant: Mutant) -> str:
    """`source` with `mutant` applied."""
    if mutant.named is not None:
        return source.replace(*mutant.named)
    tree = ast.parse(source)
    node = list(ast.walk(tree))[mutant.node_index]
    if mutant.field == "op":
        node.op = mutant.value()  # type: ignore[attr-defined, operator]
    elif mutant.field.startswith("ops."):
        node.ops[int(mutant.field[4:])] = mutant.value()  # type: ignore[attr-defined, operator]
    elif mutant.field == "value":
        node.value = mutant.value  # type: ignore[attr-defined]
    elif mutant.field == "func.id":
        node.func.id = mutant.value  # type: ignore[attr-defined]
    return ast.unparse(tree) + "\n"


def equivalents() -> set[tuple[str, str, str]]:
    """(module, stripped source line, change) of the survivors explained as equivalent.

    Read from the table rows of mutation_equivalent.md: | module | `source line` | `change` | why |
    """
    found: set[tuple[str, str, str]] = set()
    if not EQUIVALENT.exists():
        return found
    for row in EQUIVALENT.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if len(cells) >= 4 and cells[1].startswith("`") and cells[2].startswith("`"):
            found.add((cells[0], cells[1].strip("`"), cells[2].strip("`")))
    return found


def _run_tests(tree: Path, tests: list[str], limit: float) -> str:
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
           "-k", "not playthrough", *tests]  # fmt: skip
    try:
        result = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, timeout=limit, check=False)
    except subprocess.TimeoutExpired:
        return "timeout"
    if result.returncode == 0:
        return "survived"
    if result.returncode == 1:
        return "killed"
    return f"error {result.returncode}"  # collection or import failure: the mutant broke loading


def run_module(module: str, trees: list[Path], equivalent: set[tuple[str, str, str]]) -> dict[str, object]:
    """Mutate one module and judge every mutant, one mutant per tree copy at a time."""
    source = (SRC / f"{module}.py").read_text(encoding="utf-8")
    lines = source.splitlines()
    tests = MODULES[module]
    start = time.monotonic()
    where = subprocess.run(
        [sys.executable, "-c", "import tabuleiro; print(tabuleiro.__file__)"],
        env={**os.environ, "PYTHONPATH": str(trees[0])},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if not where.startswith(str(trees[0])):
        raise SystemExit(f"the tests would import {where}, not the mutated copy")
    baseline = _run_tests(trees[0], tests, 1800)
    base_s = time.monotonic() - start
    if baseline != "survived":
        raise SystemExit(f"{module}: the tests fail without any mutant ({baseline})")
    limit = max(30.0, 4 * base_s)
    free: queue.Queue[Path] = queue.Queue()
    for tree in trees:
        free.put(tree)

    def judge(mutant: Mutant) -> str:
        tree = free.get()
        target = tree / "tabuleiro" / f"{module}.py"
        try:
            target.write_text(apply(source, mutant), encoding="utf-8")
            return _run_tests(tree, tests, limit)
        finally:
            target.write_text(source, encoding="utf-8")
            free.put(tree)

    mutants = find_mutants(source, module)
    done = [0]

    def judge_and_report(mutant: Mutant) -> str:
        verdict = judge(mutant)
        done[0] += 1
        print(
            f"{module} {done[0]}/{len(mutants)} line {mutant.line} {mutant.change}: {verdict}",
            file=sys.stderr,
        )
        return verdict

    with ThreadPoolExecutor(max_workers=len(trees)) as pool:
        verdicts = list(pool.map(judge_and_report, mutants))
    counts = {"killed": 0, "timeout": 0, "error": 0}
    survivors: list[dict[str, object]] = []
    explained: list[dict[str, object]] = []
    for mutant, verdict in zip(mutants, verdicts, strict=True):
        if verdict == "survived":
            text = lines[mutant.line - 1].strip()
            entry = {"line": mutant.line, "change": mutant.change, "source": text}
            (explained if (module, text, mutant.change) in equivalent else survivors).append(entry)
        else:
            counts[verdict.split()[0]] += 1
    total = len(mutants)
    killed = counts["killed"] + counts["timeout"] + counts["error"]
    judged = total - len(explained)
    return {
        "mutants": total,
        "killed": killed,
        "killed_by_timeout": counts["timeout"],
        "killed_by_import_error": counts["error"],
        "survived": len(survivors) + len(explained),
        "score": round(100 * killed / total, 1) if total else None,
        "equivalent": len(explained),
        "score_without_equivalent": round(100 * killed / judged, 1) if judged else None,
        "survivors": survivors,
        "equivalent_survivors": explained,
        "tests": tests,
        "baseline_seconds": round(base_s, 1),
        "seconds": round(time.monotonic() - start, 1),
    }


def _iter_modules(names: list[str]) -> Iterator[str]:
    for name in names or list(MODULES):
        name = re.sub(r"\.py$", "", name.removeprefix("src/tabuleiro/"))
        if name not in MODULES:
            raise SystemExit(f"unknown module {name!r}; known: {', '.join(MODULES)}")
        yield name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="modules to mutate (default: all)")
    parser.add_argument("--list", action="store_true", help="list the mutants without running tests")
    parser.add_argument("--jobs", type=int, default=1, help="mutants judged at once (default 1)")
    args = parser.parse_args(argv)
    modules = list(_iter_modules(args.modules))
    if args.list:
        doc = {
            m: [{"line": x.line, "change": x.change} for x in find_mutants((SRC / f"{m}.py").read_text(), m)]
            for m in modules
        }
        print(json.dumps(doc, indent=1))
        return 0
    equivalent = equivalents()
    report: dict[str, dict[str, object]] = {}
    with tempfile.TemporaryDirectory(prefix="tabuleiro-mutation-") as tmp:
        trees = [Path(tmp) / f"tree{i}" for i in range(max(1, args.jobs))]
        for tree in trees:
            shutil.copytree(SRC, tree / "tabuleiro", ignore=shutil.ignore_patterns("__pycache__"))
        for module in modules:
            report[module] = run_module(module, trees, equivalent)
            print(f"{module}: {report[module]['score']}%", file=sys.stderr, flush=True)
    print(json.dumps(report, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
