"""Mutation score of the scoring, record and RNG code, as a standing figure (issue 23).

For each module listed in MODULES, every mutant (one small change to the source, see
OPERATORS below) is judged by that game's own tests, stopping at the first failure. The
golden playthroughs (``tests/games/test_playthroughs.py``) are never run: they were written by
the engine itself. A mutant is *killed* when a test fails (or runs past its time limit: an
endless loop), *survives* when every test passes. The script prints one JSON document: per
module the mutants, killed, surviving and the score, with every survivor's line and change;
survivors listed in ``scripts/mutation_equivalent.md`` (same module, same source line, same
change) are reported as equivalent and left out of the adjusted score.

How it stays fast on two cores (as mutmut 3 does, without its source rewriting):
- Each of ``--jobs`` workers owns a private copy of ``src/tabuleiro``, imports pytest, the
  project and the tests once, and forks one pytest run per mutant. A mutant inside a function
  body that no import runs is patched into the warm modules (the functions get the mutated
  code); any other mutant makes the fork import the project afresh from the copy, which holds
  the mutant.
- A traced baseline run records, per test, the lines of the module it executes (with every
  ``functools`` cache emptied before each test, so a test that reads a cached result counts
  as executing it). A mutant then runs only the tests that execute its statement, fastest
  first; a statement run at import time gets every test; one that no test runs survives
  untested (``not_covered``).
- A per-test watchdog ends a looping mutant's run in seconds.

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
import gc
import json
import os
import queue
import re
import resource
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

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
    "games/sonora/scoresheet": [
        "tests/games/sonora/test_scoresheet_edges.py",
        "tests/games/sonora/test_examples.py",
        "tests/games/sonora/test_rules.py",
        "tests/games/sonora/test_illegal_moves.py",
        "tests/games/sonora/test_view.py",
        "tests/games/sonora/test_render.py",
        "tests/games/sonora/test_components.py",
    ],
}
"""The slow statistical bot tests and the conformance harness runs (minutes for the traced
baseline) are left out for Metro, DOGS and Sonora, and so are Sonora's physics tests, which
never reach the scoresheet; every other test file of the game is included."""

# Extra mutants named in issue 23, by exact source text -> replacement.
NAMED: dict[str, list[tuple[str, str]]] = {
    "games/dogs/scoring": [("EXTRA_PEN_POINTS = (2, 3, 5)", "EXTRA_PEN_POINTS = (2, 3, 4)")],
    "games/avenue/scoring": [
        ("if other not in seen and _SIDES[roads[other]] & needed:", "if other not in seen and roads[other]:"),
    ],
    "core/match": [("or len(entry) != 2", "or len(entry) < 2")],
    "games/sonora/scoresheet": [("if (visited | filled) >> end & 1:", "if filled >> end & 1:")],
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


# -- judging: one warm worker per tree, one forked pytest per mutant --------------------------

PYTEST_ARGS = ["-x", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:randomly"]
PYTEST_ARGS += ["-p", "_hypothesis_pytestplugin", "-p", "no:unraisableexception", "-p", "no:threadexception"]
"""Stop at the first failure; no cache, no workers inside, no random test order. Plugins are
not loaded from entry points (``PYTEST_DISABLE_PLUGIN_AUTOLOAD``: a third of each run's
start-up), only Hypothesis's; the two plugins that collect the garbage of the whole warm heap
at the end of a run (half of what is left) are off."""
TIME_LIMIT = (10.0, 3.0)
"""A mutant's test is cut (and the mutant counted killed, as an endless loop) after 10 s plus
3 times what it took in the traced baseline run, which is itself slower than a plain run; the
whole run likewise after 10 s plus 3 times its tests' baseline."""


def _purge_project_modules() -> None:
    """Forget the project's and the tests' modules (the next import reads the mutated tree)."""
    for name in list(sys.modules):
        if name.split(".")[0] in ("tabuleiro", "tests", "conftest"):
            del sys.modules[name]


def _clear_project_caches() -> None:
    """Empty every ``functools`` cache of the project, so that each test executes the lines
    whose results it uses instead of reading what an earlier test cached."""
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").split(".")[0] != "tabuleiro":
            continue
        for obj in list(vars(module).values()):
            clear = getattr(obj, "cache_clear", None)
            if callable(clear) and hasattr(obj, "cache_info"):
                clear()


class _LineTracer:
    """A pytest plugin recording, per test, the lines of one source file it executed.

    Lines run outside any test (imports during collection) are filed under ``"<import>"``.
    """

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.current = "<import>"
        self.lines: dict[str, set[int]] = {"<import>": set()}
        self.durations: dict[str, float] = {}
        sys.settrace(self._call)

    def _call(self, frame: Any, event: str, arg: object) -> Any:
        return self._line if frame.f_code.co_filename == self.filename else None

    def _line(self, frame: Any, event: str, arg: object) -> Any:
        if event == "line":
            self.lines[self.current].add(frame.f_lineno)
        return self._line

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item: Any, nextitem: Any) -> Any:
        _clear_project_caches()
        self.current = item.nodeid
        self.lines.setdefault(item.nodeid, set())
        start = time.perf_counter()
        outcome = yield
        self.durations[item.nodeid] = time.perf_counter() - start
        self.current = "<import>"
        return outcome


class _Watchdog:
    """A pytest plugin that ends the run (exit code 124) when one test runs past its limit:
    an endless loop is caught in the test that loops, not after the whole run's limit."""

    def __init__(self, limits: dict[str, float], blame: str) -> None:
        self.limits = limits
        self.blame = blame
        self.running = ""
        signal.signal(signal.SIGALRM, self._expire)

    def _expire(self, signum: int, frame: object) -> None:
        self.pytest_runtest_logreport(None)
        os._exit(124)

    def pytest_runtest_logreport(self, report: Any) -> None:
        """Name the test that failed (or ran too long) in the file `blame`."""
        if self.blame and (report is None or report.failed):
            Path(self.blame).write_text(report.nodeid if report is not None else self.running)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item: Any, nextitem: Any) -> Any:
        self.running = item.nodeid
        seconds = TIME_LIMIT[0] + TIME_LIMIT[1] * self.limits.get(item.nodeid, 0.0)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            return (yield)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)


def _swap_code(old: object, new: object) -> int:
    """Give `old` (a function, a cached function, a class) the code of `new`: the functions
    other modules and tests already hold then run the mutant. Returns how many changed."""
    old = getattr(old, "__wrapped__", old)
    new = getattr(new, "__wrapped__", new)
    if isinstance(old, types.FunctionType) and isinstance(new, types.FunctionType):
        if old.__code__ == new.__code__:
            return 0
        old.__code__ = new.__code__
        return 1
    if isinstance(old, type) and isinstance(new, type):
        changed = 0
        for name, attr in vars(old).items():
            other = vars(new).get(name)
            if isinstance(attr, staticmethod | classmethod) and isinstance(other, staticmethod | classmethod):
                changed += _swap_code(attr.__func__, other.__func__)
            elif isinstance(attr, property) and isinstance(other, property):
                changed += sum(
                    _swap_code(f, g) for f, g in ((attr.fget, other.fget), (attr.fset, other.fset))
                )
            elif isinstance(attr, types.FunctionType):
                changed += _swap_code(attr, other)
        return changed
    return 0


def _patch(module_name: str, filename: str) -> int:
    """Run the mutated file into a scratch namespace and move its function bodies into the
    module the worker already imported. Returns how many code objects changed (0: the
    mutant is not inside a function body, and the module must be imported afresh)."""
    module = sys.modules.get(module_name)
    if module is None:
        return 0
    scratch: dict[str, Any] = {
        "__name__": module_name,
        "__file__": filename,
        "__package__": module.__package__,
    }
    try:
        exec(compile(Path(filename).read_text(encoding="utf-8"), filename, "exec"), scratch)
        return sum(_swap_code(old, scratch.get(name)) for name, old in list(vars(module).items()))
    except Exception:  # a mutant that breaks the module, or a closure of another shape
        return 0


def _child(request: dict[str, Any]) -> None:
    """In the forked child: run pytest once, exit with its code (never returns).

    A mutant inside a function body that no import runs is patched into the warm modules
    (`_patch`); any other (and the traced baseline, which must see the module-level lines run)
    imports the project afresh from the tree. Only the baseline writes bytecode (of the
    unmutated tree).
    """
    code = 3
    try:
        trace = request.get("trace", "")
        sys.dont_write_bytecode = not trace
        if not (request.get("patch") and _patch(request["module"], request["target"])):
            _purge_project_modules()
        _clear_project_caches()
        tracer = _LineTracer(request["target"]) if trace else None
        plugin = (
            tracer if tracer is not None else _Watchdog(request.get("tests", {}), request.get("blame", ""))
        )
        code = int(pytest.main(request["args"], plugins=[plugin]))
        if tracer is not None:
            sys.settrace(None)
            lines = {k: sorted(v) for k, v in tracer.lines.items()}
            Path(trace).write_text(json.dumps({"lines": lines, "durations": tracer.durations}))
    finally:
        os._exit(code)


def _fork_pytest(request: dict[str, Any]) -> tuple[str, str]:
    """Run pytest in a forked child of this warm process: its verdict within the request's
    limit (seconds), each test within its own (`_Watchdog`), and the test that failed."""
    limit = request["limit"]
    blame = Path(request["blame"]) if request.get("blame") else None
    if blame is not None:
        blame.unlink(missing_ok=True)
    pid = os.fork()
    if pid == 0:
        _child(request)
    fd = os.pidfd_open(pid)
    try:
        ready, _, _ = select.select([fd], [], [], limit)
    finally:
        os.close(fd)
    if not ready:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        return "timeout", ""
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    by = blame.read_text() if blame is not None and blame.exists() else ""
    return {0: "survived", 1: "killed", 124: "timeout"}.get(code, f"error {code}"), by


def worker(tree: str) -> None:
    """The worker loop (``--worker TREE``): import pytest, the project and the tests once (a
    collection), then answer one JSON request per line with a forked pytest run:
    ``{"args": [...], "limit": s, "module": name, "target": file, "patch": bool, "trace": path,
    "tests": {nodeid: seconds}}``."""
    reply = os.fdopen(os.dup(1), "w")
    sink = os.open(os.devnull, os.O_WRONLY)
    os.dup2(sink, 1)
    os.dup2(sink, 2)
    pytest.main(["--collect-only", "-q", *PYTEST_ARGS, *json.loads(sys.argv[-1])])
    sys.stdout.flush()
    imported = getattr(sys.modules.get("tabuleiro"), "__file__", "") or ""
    gc.freeze()
    print(json.dumps({"ready": imported.startswith(tree), "tabuleiro": imported}), file=reply, flush=True)
    for line in sys.stdin:
        verdict, by = _fork_pytest(json.loads(line))
        print(json.dumps({"verdict": verdict, "by": by}), file=reply, flush=True)


class Worker:
    """A ``--worker`` process bound to one private copy of ``src/tabuleiro``."""

    def __init__(self, tree: Path, warm: list[str]) -> None:
        self.tree = tree
        self.last_failed = ""
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPATH"] = str(tree)
        env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker", str(tree), json.dumps(warm)],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        hello = json.loads(self._read())
        if not hello["ready"]:
            raise SystemExit(f"the tests would import {hello['tabuleiro']}, not the mutated copy in {tree}")

    def _read(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"the mutation worker for {self.tree} stopped")
        return line

    def run(self, args: list[str], limit: float, **request: object) -> str:
        """One pytest run on the tree as it is now (see `worker` for the request)."""
        assert self.process.stdin is not None
        blame = str(self.tree / "failed-test.txt")
        self.process.stdin.write(json.dumps({"args": args, "limit": limit, "blame": blame, **request}) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self._read())
        self.last_failed = str(answer["by"])
        return str(answer["verdict"])

    def write(self, module: str, text: str) -> None:
        """Put `text` in the tree as `module`, with no stale bytecode left for it."""
        target = self.tree / "tabuleiro" / f"{module}.py"
        target.write_text(text, encoding="utf-8")
        for pyc in target.parent.glob(f"__pycache__/{target.stem}.*.pyc"):
            pyc.unlink()

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def _statement_lines(source: str, mutants: list[Mutant]) -> list[range]:
    """For each mutant, the lines from its innermost statement's start to the mutated node's
    end: a line event on any of them means the statement ran."""
    tree = ast.parse(source)
    nodes = list(ast.walk(tree))
    parent: dict[int, ast.AST] = {}
    for node in nodes:
        for child in ast.iter_child_nodes(node):
            parent[id(child)] = node
    out = []
    for mutant in mutants:
        if mutant.named is not None:
            text = mutant.named[0]
            out.append(range(mutant.line, mutant.line + text.count("\n") + 1))
            continue
        node = nodes[mutant.node_index]
        stmt: ast.AST = node
        while not isinstance(stmt, ast.stmt) and id(stmt) in parent:
            stmt = parent[id(stmt)]
        first = min(getattr(stmt, "lineno", mutant.line), mutant.line)
        last = max(getattr(node, "end_lineno", mutant.line) or mutant.line, mutant.line)
        out.append(range(first, last + 1))
    return out


def _in_function_body(source: str, mutants: list[Mutant]) -> list[bool]:
    """For each mutant, whether it lies inside a function body (not in a decorator, a
    default or at module level): only such a mutant can be patched into imported modules."""
    tree = ast.parse(source)
    nodes = list(ast.walk(tree))
    inside: set[int] = set()
    bodies: list[tuple[int, int]] = []
    for node in nodes:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for stmt in node.body:
                inside.update(id(n) for n in ast.walk(stmt))
                bodies.append((stmt.lineno, stmt.end_lineno or stmt.lineno))
    out = []
    for mutant in mutants:
        if mutant.named is not None:
            last = mutant.line + mutant.named[0].count("\n")
            out.append(any(first <= mutant.line and last <= end for first, end in bodies))
        else:
            out.append(id(nodes[mutant.node_index]) in inside)
    return out


def _selection(span: range, coverage: dict[str, list[int]], durations: dict[str, float]) -> list[str] | None:
    """The tests that ran a line of `span`, fastest first; None when an import ran it (every
    test depends on it); [] when nothing did."""
    lines = set(span)
    if lines & set(coverage.get("<import>", ())):
        return None
    hit = [test for test, ran in coverage.items() if test != "<import>" and lines & set(ran)]
    return sorted(hit, key=lambda test: (durations.get(test, 0.0), test))


def run_module(
    module: str, workers: list[Worker], equivalent: set[tuple[str, str, str]]
) -> dict[str, object]:
    """Mutate one module and judge every mutant against the tests that execute it."""
    source = (SRC / f"{module}.py").read_text(encoding="utf-8")
    lines = source.splitlines()
    tests = MODULES[module]
    everything = [*PYTEST_ARGS, "-k", "not playthrough", *tests]
    start = time.monotonic()
    for w in workers:
        w.write(module, source)
    target = str(workers[0].tree / "tabuleiro" / f"{module}.py")
    dotted = "tabuleiro." + module.replace("/", ".")
    with tempfile.NamedTemporaryFile(suffix=".json") as trace:
        baseline = workers[0].run(everything, 3600, trace=trace.name, target=target, module=dotted)
        if baseline != "survived":
            raise SystemExit(f"{module}: the tests fail without any mutant ({baseline})")
        measured = json.loads(Path(trace.name).read_text())
    base_s = time.monotonic() - start
    coverage: dict[str, list[int]] = measured["lines"]
    durations: dict[str, float] = measured["durations"]
    by_speed = sorted(durations, key=lambda test: (durations[test], test))
    mutants = find_mutants(source, module)
    spans = _statement_lines(source, mutants)
    patchable = dict(zip(mutants, _in_function_body(source, mutants), strict=True))
    free: queue.Queue[Worker] = queue.Queue()
    for w in workers:
        free.put(w)
    done = [0]
    named: list[dict[str, object]] = []

    def judge(item: tuple[Mutant, range]) -> str:
        mutant, span = item
        chosen = _selection(span, coverage, durations)
        failed = ""
        if chosen == []:
            verdict = "not covered"
        else:
            args = [*PYTEST_ARGS, *(by_speed if chosen is None else chosen)]
            spent = sum(durations.values()) if chosen is None else sum(durations[t] for t in chosen)
            w = free.get()
            try:
                w.write(module, apply(source, mutant))
                verdict = w.run(
                    args,
                    TIME_LIMIT[0] + TIME_LIMIT[1] * spent,
                    tests=durations,
                    module=dotted,
                    target=str(w.tree / "tabuleiro" / f"{module}.py"),
                    patch=patchable[mutant] and chosen is not None,
                )
                failed = w.last_failed
            finally:
                w.write(module, source)
                free.put(w)
        done[0] += 1
        picked = "all" if chosen is None else len(chosen)
        where = f"{module} {done[0]}/{len(mutants)} line {mutant.line}"
        print(
            f"{where} {mutant.change} [{picked} tests]: {verdict} {failed}".rstrip(),
            file=sys.stderr,
            flush=True,
        )
        if mutant.named is not None:
            named.append(
                {"line": mutant.line, "change": mutant.change, "verdict": verdict, "failed_test": failed}
            )
        return verdict

    with ThreadPoolExecutor(max_workers=len(workers)) as pool:
        verdicts = list(pool.map(judge, zip(mutants, spans, strict=True)))
    counts = {"killed": 0, "timeout": 0, "error": 0}
    survivors: list[dict[str, object]] = []
    explained: list[dict[str, object]] = []
    uncovered = 0
    for mutant, verdict in zip(mutants, verdicts, strict=True):
        if verdict in ("survived", "not covered"):
            uncovered += verdict == "not covered"
            text = lines[mutant.line - 1].strip()
            entry = {"line": mutant.line, "change": mutant.change, "source": text}
            if verdict == "not covered":
                entry["not_covered"] = True
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
        "not_covered": uncovered,
        "score": round(100 * killed / total, 1) if total else None,
        "equivalent": len(explained),
        "score_without_equivalent": round(100 * killed / judged, 1) if judged else None,
        "survivors": survivors,
        "equivalent_survivors": explained,
        "named_mutants": named,
        "tests": tests,
        "tests_run": len(durations),
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
    parser.add_argument("--jobs", type=int, default=2, help="mutants judged at once (default 2)")
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
    report: dict[str, object] = {}
    start = time.monotonic()
    warm = sorted({t for m in modules for t in MODULES[m]})
    with tempfile.TemporaryDirectory(prefix="tabuleiro-mutation-") as tmp:
        trees = [Path(tmp) / f"tree{i}" for i in range(max(1, args.jobs))]
        for tree in trees:
            shutil.copytree(SRC, tree / "tabuleiro", ignore=shutil.ignore_patterns("__pycache__"))
        workers = [Worker(tree, warm) for tree in trees]
        try:
            for module in modules:
                result = run_module(module, workers, equivalent)
                report[module] = result
                print(f"{module}: {result['score']}% in {result['seconds']} s", file=sys.stderr, flush=True)
        finally:
            for w in workers:
                w.close()
    report["total_seconds"] = round(time.monotonic() - start, 1)
    used = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    report["cpu_seconds"] = round(sum(u.ru_utime + u.ru_stime for u in used), 1)
    report["load_average"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(report, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--worker":
        worker(sys.argv[2])
        raise SystemExit(0)
    raise SystemExit(main())
