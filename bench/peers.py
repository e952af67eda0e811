#!/usr/bin/env python3
"""Peer benchmark: random-play throughput of PettingZoo classic and OpenSpiel.

(Tabuleiro's copy of the team's shared peer harness, so that a clone can run
`scripts/bench_vs_peers.sh` on its own; the Usage paths below are relative to
this folder's parent.)

What it measures, for every case (one game in one library):
  * games/s and moves/s while playing uniformly random legal moves from the
    initial state to the end of the game, for a fixed wall-clock budget.
    Case families (name prefixes):
      os-native/  whole game inside C++ (pyspiel.evaluate_bots + C++ random bots)
      os/         OpenSpiel C++ game driven by a Python loop (legal_actions,
                  apply_action, chance_outcomes): what Python RL code pays
      os+obs/     the same plus observation_tensor() before every move
      os-py/      OpenSpiel's pure-Python games (python_*), same loop
      pz/         PettingZoo classic AEC env as made by pettingzoo.make
                  (default wrappers), agent_iter/last/step with action_mask
      pz-raw/     the same env's raw_env (no wrappers)
      adapter/, plugin/  objects following the adapter protocol below;
  * the cost of one state copy (state.clone() for OpenSpiel, copy.deepcopy(env)
    for PettingZoo, env.clone() or deepcopy for adapter cases), taken at
    positions sampled uniformly along random games;
  * MCTS simulations/s with OpenSpiel's MCTS bots and random-rollout
    evaluators: the Python open_spiel.python.algorithms.mcts.MCTSBot vs the
    C++ pyspiel.MCTSBot on connect_four, and the Python bot on the C++
    tic_tac_toe vs the pure-Python python_tic_tac_toe.

"moves" are decisions taken by players.  Chance events (card deals, dice) are
counted separately ("chance/game") for OpenSpiel; PettingZoo and the adapter
protocol resolve chance inside step()/reset(), so there they are not counted.

Noise control (the intended machine is small, shared and noisy): every
repetition runs all cases back to back (round-robin, order rotated each rep),
so each rep gives one paired sample per case.  The table shows median and
min..max over reps; ratios are medians of per-rep paired ratios.

Usage (any Python with the peers installed, e.g. the venv below):
    python3 -m venv /tmp/peers-venv
    /tmp/peers-venv/bin/pip install "pettingzoo[classic]" gymnasium open-spiel numpy
    /tmp/peers-venv/bin/python bench/peers.py --json peers.json
    /tmp/peers-venv/bin/python bench/peers.py --only connect_four --reps 7
    /tmp/peers-venv/bin/python bench/peers.py --list

Adding your own environments (side-by-side ratios against the peers):
    bench/peers.py --plugin mypkg.bench_adapters:cases
    bench/peers.py --plugin path/to/adapters.py:cases
The function is called with no arguments and returns an iterable of
(name, game_key, factory) tuples, or Case instances, or search cases for the
MCTS table (objects with name, impl, game_string, game_key, sims, setup() and
run(seconds) -> (simulations, elapsed, searches), like MctsCase) (a plugin may
`import peers` and build e.g. peers.OpenSpielCase("proj/x", "connect_four",
"python_x", family="plugin") for a game registered with pyspiel).
factory() must return an object following the "adapter protocol":
    env.reset(seed=int)      start a new game (chance is resolved internally)
    env.legal_actions()      sequence of legal moves for the player to move
    env.step(action)         play one of them
    env.is_terminal()        True once the game is over (a method), or a
                             boolean attribute `terminated` / `done`
    env.clone()              optional; copy.deepcopy(env) is used otherwise
    env.observe()            optional; when present a second case "<name>+obs"
                             also builds the observation before every move
                             (compare it with pz/... and os+obs/...)
Cases whose game_key equals a peer's key (connect_four, tic_tac_toe, chess,
go, leduc_poker, kuhn_poker, hanabi, texas_holdem_limit, othello, checkers,
backgammon, ...) get a ratio line against every peer of that game.  The
built-in "adapter/naive_tictactoe" case is a worked example of the protocol.
"""

from __future__ import annotations

import argparse
import copy
import gc
import importlib
import importlib.util
import json
import os
import platform
import random
import statistics
import sys
import time
import warnings

warnings.filterwarnings("ignore")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "hide")

FAMILY_ORDER = ["openspiel-native", "openspiel-cpp", "openspiel-cpp+obs", "openspiel-py",
                "pettingzoo", "pettingzoo-raw", "adapter", "plugin"]


# --------------------------------------------------------------------------
# Case definitions
# --------------------------------------------------------------------------
class Case:
    """One game in one library.  Subclasses implement setup/play/snapshot/clone."""

    family = "?"

    def __init__(self, name, game_key):
        self.name = name
        self.game_key = game_key
        self.samples = []

    def setup(self):
        """Import and build; raise to mark the case unavailable."""

    def play(self, rng, stop_after=None):
        """Play one random game; return (moves, chance_events).

        With stop_after=k, stop after k moves (or at the end) and leave the
        current position available to snapshot()."""
        raise NotImplementedError

    def reset_once(self, rng):
        """Start a new game without playing it (for reset timing); None = skip."""
        return None

    def snapshot(self):
        """An independent copy of the current position (for clone timing)."""
        return self.clone(self.current())

    def current(self):
        raise NotImplementedError

    def clone(self, obj):
        raise NotImplementedError

    def prepare_clone_samples(self, seed, k=16, max_seconds=3.0):
        """Positions at uniform random depths along up to k random games
        (fewer, but at least 4, when the game is slow)."""
        self.samples = []
        t0 = time.perf_counter()
        for i in range(k):
            if i >= 4 and time.perf_counter() - t0 > max_seconds:
                break
            rng = random.Random(seed * 1000 + i)
            length, _ = self.play(rng)
            depth = random.Random(seed * 7919 + i).randrange(max(1, length))
            self.play(random.Random(seed * 1000 + i), stop_after=depth)
            self.samples.append(self.snapshot())


def _pick(rng, legal):
    return legal[rng.randrange(len(legal))]


class OpenSpielCase(Case):
    family = "openspiel-cpp"

    def __init__(self, name, game_key, game_string, observe=None, family=None):
        super().__init__(name, game_key)
        self.game_string = game_string
        self.observe = observe  # None | "observation" | "information_state"
        if family:
            self.family = family
        self.state = None

    def setup(self):
        import pyspiel
        if self.game_string.startswith("python_"):
            importlib.import_module("open_spiel.python.games")
        self.game = pyspiel.load_game(self.game_string)

    def play(self, rng, stop_after=None):
        state = self.game.new_initial_state()
        self.state = state
        moves = chance = 0
        rand = rng.random
        observe = self.observe
        while not state.is_terminal():
            if state.is_chance_node():
                r = rand()
                acc = 0.0
                outcomes = state.chance_outcomes()
                action = outcomes[-1][0]
                for a, p in outcomes:
                    acc += p
                    if r < acc:
                        action = a
                        break
                chance += 1
            else:
                if stop_after is not None and moves >= stop_after:
                    break
                if observe == "observation":
                    state.observation_tensor()
                elif observe == "information_state":
                    state.information_state_tensor()
                action = _pick(rng, state.legal_actions())
                moves += 1
            state.apply_action(action)
        return moves, chance

    def reset_once(self, rng):
        self.game.new_initial_state()
        return True

    def current(self):
        return self.state

    def clone(self, obj):
        return obj.clone()


class OpenSpielNativeCase(OpenSpielCase):
    """Whole games played inside C++ (pyspiel.evaluate_bots with C++ uniform
    random bots): one Python call per game, the floor under any Python loop.

    evaluate_bots does not report the number of moves, so moves/game is the
    mean over calibration games played with the Python loop on the same game
    (same rules, same random policy).  No clone timing (same state.clone() as
    the os/ case)."""

    family = "openspiel-native"

    def setup(self):
        import pyspiel
        super().setup()
        self._evaluate_bots = pyspiel.evaluate_bots
        self._bots = [pyspiel.make_uniform_random_bot(p, 1000 + p)
                      for p in range(self.game.num_players())]
        rng = random.Random(4242)
        games = moves = chance = 0
        t0 = time.perf_counter()
        while games < 2000 and (games < 20 or time.perf_counter() - t0 < 1.0):
            m, c = OpenSpielCase.play(self, rng)
            games, moves, chance = games + 1, moves + m, chance + c
        self.est_moves, self.est_chance = moves / games, chance / games

    def play(self, rng, stop_after=None):
        self._evaluate_bots(self.game.new_initial_state(), self._bots, rng.randrange(2 ** 31))
        return self.est_moves, self.est_chance

    def prepare_clone_samples(self, seed, k=16, max_seconds=3.0):
        self.samples = []

    def reset_once(self, rng):
        return None


class PettingZooCase(Case):
    family = "pettingzoo"

    def __init__(self, name, game_key, env_id, module, raw=False, kwargs=None):
        super().__init__(name, game_key)
        self.env_id = env_id          # registry id, e.g. "classic/connect_four-v3"
        self.module = module          # implementation module (for raw_env / old versions)
        self.raw = raw
        self.kwargs = kwargs or {}
        if raw:
            self.family = "pettingzoo-raw"

    def setup(self):
        import numpy as np
        self._flatnonzero = np.flatnonzero
        if self.raw:
            self.env = importlib.import_module(self.module).raw_env(**self.kwargs)
            return
        import pettingzoo
        if hasattr(pettingzoo, "make"):
            self.env = pettingzoo.make("aec", self.env_id, **self.kwargs)
        else:  # older PettingZoo: module-level env()
            self.env = importlib.import_module(self.module).env(**self.kwargs)

    def play(self, rng, stop_after=None):
        env = self.env
        env.reset(seed=rng.randrange(2 ** 31))
        flatnonzero = self._flatnonzero
        moves = 0
        for _agent in env.agent_iter():
            obs, _rew, term, trunc, info = env.last()
            if term or trunc:
                action = None
            else:
                if stop_after is not None and moves >= stop_after:
                    break
                mask = obs["action_mask"] if isinstance(obs, dict) and "action_mask" in obs \
                    else info["action_mask"]
                action = int(_pick(rng, flatnonzero(mask)))
                moves += 1
            env.step(action)
        return moves, 0

    def reset_once(self, rng):
        self.env.reset(seed=rng.randrange(2 ** 31))
        return True

    def current(self):
        return self.env

    def clone(self, obj):
        return copy.deepcopy(obj)


class AdapterCase(Case):
    """Any object following the adapter protocol described in the docstring."""

    family = "plugin"

    def __init__(self, name, game_key, factory, family=None, observe=False):
        super().__init__(name, game_key)
        self.factory = factory
        self.observe = observe
        if family:
            self.family = family

    def setup(self):
        env = self.factory()
        self.env = env
        term = getattr(env, "is_terminal", None)
        if callable(term):
            self._done = term
        elif hasattr(env, "terminated"):
            self._done = lambda: env.terminated
        elif hasattr(env, "done"):
            self._done = lambda: env.done
        else:
            raise TypeError("adapter needs is_terminal() or a terminated/done attribute")
        cl = getattr(env, "clone", None)
        self._clone = (lambda o: o.clone()) if callable(cl) else copy.deepcopy
        if self.observe and not callable(getattr(env, "observe", None)):
            raise TypeError("observe=True needs an observe() method")

    def play(self, rng, stop_after=None):
        env = self.env
        env.reset(seed=rng.randrange(2 ** 31))
        done = self._done
        legal_actions = env.legal_actions
        step = env.step
        observe = env.observe if self.observe else None
        moves = 0
        while not done():
            if stop_after is not None and moves >= stop_after:
                break
            if observe is not None:
                observe()
            step(_pick(rng, legal_actions()))
            moves += 1
        return moves, 0

    def reset_once(self, rng):
        self.env.reset(seed=rng.randrange(2 ** 31))
        return True

    def current(self):
        return self.env

    def clone(self, obj):
        return self._clone(obj)


class NaiveTicTacToe:
    """Worked example of the adapter protocol: a plain-Python tic-tac-toe.

    Not a peer; it calibrates what straightforward pure Python costs and
    exercises the --plugin code path."""

    LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6),
             (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

    def __init__(self):
        self.reset()

    def reset(self, seed=None):
        self.board = [0] * 9
        self.player = 1
        self.terminated = False
        self.winner = 0

    def legal_actions(self):
        b = self.board
        return [i for i in range(9) if b[i] == 0]

    def step(self, action):
        b = self.board
        if self.terminated or b[action]:
            raise ValueError("illegal move")
        p = self.player
        b[action] = p
        for x, y, z in self.LINES:
            if b[x] == p and b[y] == p and b[z] == p:
                self.terminated, self.winner = True, p
                break
        else:
            if 0 not in b:
                self.terminated = True
        self.player = -p

    def is_terminal(self):
        return self.terminated

    def clone(self):
        c = NaiveTicTacToe.__new__(NaiveTicTacToe)
        c.board = self.board[:]
        c.player, c.terminated, c.winner = self.player, self.terminated, self.winner
        return c


LHE = ("universal_poker(betting=limit,numPlayers=2,numRounds=4,blind=10 5,"
       "firstPlayer=2 1 1 1,numSuits=4,numRanks=13,numHoleCards=2,"
       "numBoardCards=0 3 1 1,raiseSize=10 10 20 20,maxRaises=3 4 4 4)")


def builtin_cases():
    C, OBS, PY = "openspiel-cpp", "openspiel-cpp+obs", "openspiel-py"
    pz = "pettingzoo.classic."
    return [
        # connect four
        OpenSpielNativeCase("os-native/connect_four", "connect_four", "connect_four"),
        OpenSpielCase("os/connect_four", "connect_four", "connect_four", family=C),
        OpenSpielCase("os+obs/connect_four", "connect_four", "connect_four", "observation", OBS),
        PettingZooCase("pz/connect_four_v3", "connect_four", "classic/connect_four-v3",
                       pz + "connect_four.connect_four"),
        PettingZooCase("pz-raw/connect_four_v3", "connect_four", "classic/connect_four-v3",
                       pz + "connect_four.connect_four", raw=True),
        # tic-tac-toe
        OpenSpielNativeCase("os-native/tic_tac_toe", "tic_tac_toe", "tic_tac_toe"),
        OpenSpielCase("os/tic_tac_toe", "tic_tac_toe", "tic_tac_toe", family=C),
        OpenSpielCase("os+obs/tic_tac_toe", "tic_tac_toe", "tic_tac_toe", "observation", OBS),
        OpenSpielCase("os-py/python_tic_tac_toe", "tic_tac_toe", "python_tic_tac_toe", family=PY),
        PettingZooCase("pz/tictactoe_v3", "tic_tac_toe", "classic/tictactoe-v3",
                       pz + "tictactoe.tictactoe"),
        PettingZooCase("pz-raw/tictactoe_v3", "tic_tac_toe", "classic/tictactoe-v3",
                       pz + "tictactoe.tictactoe", raw=True),
        AdapterCase("adapter/naive_tictactoe", "tic_tac_toe", NaiveTicTacToe, family="adapter"),
        # chess
        OpenSpielNativeCase("os-native/chess", "chess", "chess"),
        OpenSpielCase("os/chess", "chess", "chess", family=C),
        OpenSpielCase("os+obs/chess", "chess", "chess", "observation", OBS),
        PettingZooCase("pz/chess_v6", "chess", "classic/chess-v6", pz + "chess.chess"),
        # go 19x19 (both libraries' default size)
        OpenSpielNativeCase("os-native/go19", "go", "go"),
        OpenSpielCase("os/go19", "go", "go", family=C),
        PettingZooCase("pz/go_v5", "go", "classic/go-v5", pz + "go.go"),
        # other C++ board games, for the step-cost vs game-length picture
        OpenSpielCase("os/othello", "othello", "othello", family=C),
        OpenSpielCase("os/checkers", "checkers", "checkers", family=C),
        OpenSpielCase("os/backgammon", "backgammon", "backgammon", family=C),
        # chance + imperfect information
        OpenSpielNativeCase("os-native/kuhn_poker", "kuhn_poker", "kuhn_poker"),
        OpenSpielCase("os/kuhn_poker", "kuhn_poker", "kuhn_poker", family=C),
        OpenSpielCase("os-py/python_kuhn_poker", "kuhn_poker", "python_kuhn_poker", family=PY),
        OpenSpielCase("os/leduc_poker", "leduc_poker", "leduc_poker", family=C),
        PettingZooCase("pz/leduc_holdem_v4", "leduc_poker", "classic/leduc_holdem-v4",
                       pz + "rlcard_envs.leduc_holdem"),
        OpenSpielCase("os/limit_holdem", "texas_holdem_limit", LHE, family=C),
        PettingZooCase("pz/texas_holdem_v4", "texas_holdem_limit", "classic/texas_holdem-v4",
                       pz + "rlcard_envs.texas_holdem"),
        OpenSpielCase("os/liars_dice", "liars_dice", "liars_dice", family=C),
        OpenSpielNativeCase("os-native/hanabi", "hanabi", "hanabi"),
        OpenSpielCase("os/hanabi", "hanabi", "hanabi", family=C),
        PettingZooCase("pz/hanabi_v5", "hanabi", "classic/hanabi-v5", pz + "hanabi.hanabi"),
        # pure-Python OpenSpiel games without a C++ twin
        OpenSpielCase("os-py/python_liars_poker", "liars_poker", "python_liars_poker", family=PY),
        OpenSpielCase("os-py/python_block_dominoes", "block_dominoes", "python_block_dominoes",
                      family=PY),
    ]


# --------------------------------------------------------------------------
# MCTS cases
# --------------------------------------------------------------------------
class MctsCase:
    def __init__(self, name, impl, game_string, sims_per_search, game_key, uct_c=2.0):
        self.name = name
        self.impl = impl
        self.game_string = game_string
        self.game_key = game_key
        self.sims = sims_per_search
        self.uct_c = uct_c

    def setup(self):
        import numpy as np
        import pyspiel
        if self.game_string.startswith("python_"):
            importlib.import_module("open_spiel.python.games")
        self.game = pyspiel.load_game(self.game_string)
        if self.impl == "python":
            from open_spiel.python.algorithms import mcts
            self.bot = mcts.MCTSBot(
                self.game, self.uct_c, self.sims,
                mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1)),
                solve=True, random_state=np.random.RandomState(2))
        else:
            self.bot = pyspiel.MCTSBot(
                self.game, pyspiel.RandomRolloutEvaluator(1, 1), self.uct_c, self.sims,
                1000, True, 2, False)

    def run(self, seconds):
        """Repeated searches from the initial position; returns (sims, elapsed, searches)."""
        bot, state = self.bot, self.game.new_initial_state()
        searches = 0
        t0 = time.perf_counter()
        while True:
            bot.step(state)
            searches += 1
            el = time.perf_counter() - t0
            if el >= seconds:
                return searches * self.sims, el, searches


def mcts_cases():
    # Python bot vs C++ bot on the C++ game; and the Python bot on the C++ vs the
    # pure-Python tic-tac-toe (how much the game implementation matters to MCTS).
    return [MctsCase("os-py-mcts/connect_four", "python", "connect_four", 200, "connect_four"),
            MctsCase("os-cpp-mcts/connect_four", "cpp", "connect_four", 2000, "connect_four"),
            MctsCase("os-py-mcts/tic_tac_toe", "python", "tic_tac_toe", 200, "tic_tac_toe"),
            MctsCase("os-py-mcts/python_tic_tac_toe", "python", "python_tic_tac_toe", 200,
                     "tic_tac_toe")]


# --------------------------------------------------------------------------
# Measurement
# --------------------------------------------------------------------------
def time_games(case, rng, seconds):
    games = moves = chance = 0
    play = case.play
    clock = time.perf_counter
    t0 = clock()
    while True:
        m, c = play(rng)
        games += 1
        moves += m
        chance += c
        el = clock() - t0
        if el >= seconds:
            return games, moves, chance, el


def time_clones(case, seconds):
    samples = case.samples
    if not samples:
        return 0, None
    clone = case.clone
    n = 0
    clock = time.perf_counter
    t0 = clock()
    while True:
        for s in samples:
            clone(s)
        n += len(samples)
        el = clock() - t0
        if el >= seconds:
            return n, el


def time_resets(case, rng, seconds):
    """Mean seconds per reset (new game, no moves), or None when not applicable."""
    if case.reset_once(rng) is None:
        return None
    n = 0
    reset_once = case.reset_once
    clock = time.perf_counter
    t0 = clock()
    while True:
        for _ in range(10):
            reset_once(rng)
        n += 10
        el = clock() - t0
        if el >= seconds:
            return el / n


def summarize(values):
    vals = [v for v in values if v is not None]
    if not vals:
        return None
    return {"median": statistics.median(vals), "min": min(vals), "max": max(vals), "n": len(vals)}


def machine_info():
    info = {"python": sys.version.split()[0], "implementation": platform.python_implementation(),
            "platform": platform.platform(), "nproc": os.cpu_count()}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu_model"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        info["loadavg"] = os.getloadavg()
    except (AttributeError, OSError):
        pass
    try:
        info["sched_affinity"] = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        pass
    return info


def package_versions():
    from importlib import metadata
    out = {}
    for dist in ["pettingzoo", "open-spiel", "gymnasium", "numpy", "rlcard", "chess", "shimmy"]:
        try:
            out[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            out[dist] = None
    return out


def load_plugin(spec):
    """spec = 'module:function' or 'path/to/file.py:function'.

    Returns (cases, searches): searches are the items with a run(seconds) method and no
    play(), timed in the MCTS table like MctsCase."""
    target, _, func = spec.rpartition(":")
    if not target:
        raise ValueError(f"--plugin wants module:function, got {spec!r}")
    if target.endswith(".py"):
        mod_name = "peers_plugin_" + os.path.splitext(os.path.basename(target))[0]
        sp = importlib.util.spec_from_file_location(mod_name, target)
        mod = importlib.util.module_from_spec(sp)
        sys.modules[mod_name] = mod
        sp.loader.exec_module(mod)
    else:
        mod = importlib.import_module(target)
    cases, searches = [], []
    for item in getattr(mod, func)():
        if isinstance(item, Case) or (hasattr(item, "play") and hasattr(item, "game_key")):
            cases.append(item)
        elif isinstance(item, MctsCase) or hasattr(item, "run"):
            searches.append(item)
        else:
            name, game_key, factory = item
            cases.append(AdapterCase(name, game_key, factory))
            if _factory_observes(factory):
                cases.append(AdapterCase(name + "+obs", game_key, factory, observe=True))
    return cases, searches


def _factory_observes(factory):
    """True when the objects made by factory have an observe() method."""
    try:
        return callable(getattr(factory(), "observe", None))
    except Exception:  # noqa: BLE001 - setup() will report the real error
        return False


def fmt_rate(x):
    if x is None:
        return "-"
    if x >= 1e6:
        return f"{x / 1e6:.2f}M"
    if x >= 1e4:
        return f"{x / 1e3:.0f}k"
    if x >= 1e3:
        return f"{x / 1e3:.1f}k"
    if x >= 10:
        return f"{x:.0f}"
    return f"{x:.2f}"


def fmt_us(x):
    if x is None:
        return "-"
    if x >= 100:
        return f"{x:.0f}"
    if x >= 10:
        return f"{x:.1f}"
    return f"{x:.2f}"


def fmt_stat(s, f):
    if not s:
        return "-"
    return f"{f(s['median'])} [{f(s['min'])}..{f(s['max'])}]"


def paired_ratio(a, b):
    """Median over reps of a[i]/b[i] (only reps where both have a value)."""
    rs = [x / y for x, y in zip(a, b) if x is not None and y]
    return summarize(rs)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=5, help="repetitions per case (default 5)")
    ap.add_argument("--seconds", type=float, default=0.8,
                    help="random-play budget per case per rep (whole games; default 0.8)")
    ap.add_argument("--clone-seconds", type=float, default=0.15,
                    help="clone-timing budget per case per rep (default 0.15)")
    ap.add_argument("--reset-seconds", type=float, default=0.1,
                    help="reset-timing budget per case per rep (default 0.1; 0 = skip)")
    ap.add_argument("--mcts-seconds", type=float, default=1.0,
                    help="MCTS budget per bot per rep (default 1.0)")
    ap.add_argument("--only", action="append", default=[],
                    help="keep cases whose name or game key contains this text (repeatable)")
    ap.add_argument("--skip", action="append", default=[],
                    help="drop cases whose name or game key contains this text (repeatable)")
    ap.add_argument("--no-mcts", action="store_true")
    ap.add_argument("--no-clone", action="store_true")
    ap.add_argument("--plugin", action="append", default=[],
                    help="module:function or file.py:function returning extra cases")
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--json", metavar="FILE", help="write full results (per-rep values) as JSON")
    ap.add_argument("--list", action="store_true", help="list cases and exit")
    args = ap.parse_args(argv)

    cases = builtin_cases()
    plugin_searches = []
    for spec in args.plugin:
        plugin_cases, searches = load_plugin(spec)
        cases.extend(plugin_cases)
        plugin_searches.extend(searches)
    mcases = [] if args.no_mcts else mcts_cases() + plugin_searches

    def keep(c):
        names = (c.name, c.game_key)
        if args.only and not any(s in n for s in args.only for n in names):
            return False
        return not any(s in n for s in args.skip for n in names)

    cases = [c for c in cases if keep(c)]
    mcases = [m for m in mcases if keep(m)]
    if args.list:
        for c in cases:
            print(f"{c.name:32s} {c.family:18s} {c.game_key}")
        for m in mcases:
            print(f"{m.name:32s} {'mcts-' + m.impl:18s} {m.game_string}")
        return 0

    started = time.time()
    machine_start = machine_info()
    unavailable = {}
    ready = []
    for c in cases:
        try:
            c.setup()
            c.play(random.Random(args.seed))           # warm-up game (imports, caches)
            if not args.no_clone:
                c.prepare_clone_samples(args.seed)
                time_clones(c, 0.02)
            ready.append(c)
        except Exception as e:  # noqa: BLE001 - record and continue
            unavailable[c.name] = f"{type(e).__name__}: {e}"
    mready = []
    for m in mcases:
        try:
            m.setup()
            m.run(0.05)
            mready.append(m)
        except Exception as e:  # noqa: BLE001
            unavailable[m.name] = f"{type(e).__name__}: {e}"

    per = {c.name: {"games_per_s": [], "moves_per_s": [], "us_per_move": [],
                    "moves_per_game": [], "chance_per_game": [], "clone_us": [], "reset_us": [],
                    "games": [], "elapsed_s": []} for c in ready}
    mper = {m.name: {"sims_per_s": [], "sims": [], "elapsed_s": []} for m in mready}

    n_items = len(ready) + len(mready)
    for rep in range(args.reps):
        items = ready + mready
        k = rep % max(1, n_items)
        items = items[k:] + items[:k]                # rotate order each rep
        for it in items:
            gc.collect()
            if not hasattr(it, "play"):  # an MCTS bot, or a plugin's search
                sims, el, _ = it.run(args.mcts_seconds)
                r = mper[it.name]
                r["sims_per_s"].append(sims / el)
                r["sims"].append(sims)
                r["elapsed_s"].append(el)
                continue
            rng = random.Random(args.seed + rep)
            games, moves, chance, el = time_games(it, rng, args.seconds)
            r = per[it.name]
            r["games_per_s"].append(games / el)
            r["moves_per_s"].append(moves / el)
            r["us_per_move"].append(el / moves * 1e6 if moves else None)
            r["moves_per_game"].append(moves / games)
            r["chance_per_game"].append(chance / games)
            r["games"].append(games)
            r["elapsed_s"].append(el)
            if args.reset_seconds > 0:
                rs = time_resets(it, rng, args.reset_seconds)
                r["reset_us"].append(rs * 1e6 if rs is not None else None)
            if not args.no_clone:
                n, cel = time_clones(it, args.clone_seconds)
                r["clone_us"].append(cel / n * 1e6 if n else None)
        print(f"  rep {rep + 1}/{args.reps} done ({time.time() - started:.0f}s)", file=sys.stderr)

    # ---------------- results ----------------
    results = {}
    for c in ready:
        r = per[c.name]
        results[c.name] = {
            "family": c.family, "game": c.game_key,
            "games_per_s": summarize(r["games_per_s"]),
            "moves_per_s": summarize(r["moves_per_s"]),
            "us_per_move": summarize(r["us_per_move"]),
            "moves_per_game": summarize(r["moves_per_game"]),
            "chance_per_game": summarize(r["chance_per_game"]),
            "clone_us": summarize(r["clone_us"]),
            "reset_us": summarize(r["reset_us"]),
            "raw": r,
        }
    mresults = {m.name: {"impl": m.impl, "game": m.game_string, "game_key": m.game_key,
                         "sims_per_search": m.sims,
                         "sims_per_s": summarize(mper[m.name]["sims_per_s"]),
                         "raw": mper[m.name]} for m in mready}

    # ratios within each game group: every case vs the plain OpenSpiel C++ loop,
    # and adapter/plugin cases vs every peer of the same game.
    ratios = []
    groups = {}
    for c in ready:
        groups.setdefault(c.game_key, []).append(c)
    for key, members in groups.items():
        if len(members) < 2:
            continue
        refs = [c for c in members if c.family == "openspiel-cpp"] or members[:1]
        ref = refs[0]
        pairs = [(c, ref) for c in members if c is not ref]
        for c in members:
            if c.family in ("adapter", "plugin"):
                pairs += [(c, p) for p in members
                          if p is not c and p is not ref and p.family not in ("adapter", "plugin")]
        for a, b in pairs:
            ratios.append({
                "game": key, "case": a.name, "vs": b.name,
                "moves_per_s": paired_ratio(per[a.name]["moves_per_s"], per[b.name]["moves_per_s"]),
                "games_per_s": paired_ratio(per[a.name]["games_per_s"], per[b.name]["games_per_s"]),
                "clone_us": paired_ratio(per[a.name]["clone_us"], per[b.name]["clone_us"])
                if not args.no_clone else None,
            })
    mgroups = {}
    for m in mready:
        mgroups.setdefault(m.game_key, []).append(m)
    for key, members in mgroups.items():
        ref = members[0]
        for m in members[1:]:
            ratios.append({"game": key, "case": m.name, "vs": ref.name,
                           "sims_per_s": paired_ratio(mper[m.name]["sims_per_s"],
                                                      mper[ref.name]["sims_per_s"])})

    # ---------------- print ----------------
    fam_rank = {f: i for i, f in enumerate(FAMILY_ORDER)}
    order = sorted(ready, key=lambda c: (list(groups).index(c.game_key),
                                         fam_rank.get(c.family, 99)))
    print()
    print(f"Random-play throughput: median [min..max] over {args.reps} reps, "
          f"{args.seconds}s per case per rep")
    hdr = (f"{'case':30s} {'games/s':>22s} {'moves/s':>22s} {'us/move':>8s} "
           f"{'moves/game':>10s} {'chance/game':>11s} {'reset us':>9s} {'clone us':>20s}")
    print(hdr)
    print("-" * len(hdr))
    last_key = None
    for c in order:
        if last_key is not None and c.game_key != last_key:
            print()
        last_key = c.game_key
        res = results[c.name]
        print(f"{c.name:30s} {fmt_stat(res['games_per_s'], fmt_rate):>22s} "
              f"{fmt_stat(res['moves_per_s'], fmt_rate):>22s} "
              f"{fmt_us(res['us_per_move']['median'] if res['us_per_move'] else None):>8s} "
              f"{res['moves_per_game']['median']:>10.1f} {res['chance_per_game']['median']:>11.1f} "
              f"{fmt_us(res['reset_us']['median'] if res['reset_us'] else None):>9s} "
              f"{fmt_stat(res['clone_us'], fmt_us):>20s}")
    if any(c.family == "openspiel-native" for c in ready):
        print("(os-native: moves/game, chance/game and so moves/s are estimated from "
              "Python-loop calibration games of the same game; no reset/clone timing)")
    print("(us/move = wall time per move including the per-game reset; reset us = median "
          "time of a new game alone; clone us = one copy of a mid-game position)")
    if mresults:
        print()
        print(f"OpenSpiel MCTS bots from the initial position (random-rollout evaluator, "
              f"uct_c=2, solve=True, fresh tree per search), and plugin searches (sims = "
              f"rollouts), {args.mcts_seconds}s per bot per rep")
        for name, res in mresults.items():
            print(f"{name:30s} sims/s {fmt_stat(res['sims_per_s'], fmt_rate):>24s}   "
                  f"({res['sims_per_search']} sims/search)")
    if ratios:
        print()
        print("Paired ratios (median [min..max] of per-rep ratios; >1 means the first case is "
              "faster / its clone costs more)")
        for r in ratios:
            if "sims_per_s" in r:
                print(f"  {r['case']:30s} / {r['vs']:26s} sims/s {fmt_stat(r['sims_per_s'], _fx)}")
                continue
            line = (f"  {r['case']:30s} / {r['vs']:26s} moves/s {fmt_stat(r['moves_per_s'], _fx):26s}"
                    f" games/s {fmt_stat(r['games_per_s'], _fx):26s}")
            if r.get("clone_us"):
                line += f" clone-cost {fmt_stat(r['clone_us'], _fx)}"
            print(line)
    if unavailable:
        print()
        print("Unavailable:")
        for k, v in unavailable.items():
            print(f"  {k}: {v}")
    total = time.time() - started
    print(f"\nTotal wall time {total:.0f}s")

    if args.json:
        doc = {"schema": "peers-bench/1", "created_unix": started, "wall_s": total,
               "args": vars(args), "machine": machine_start,
               "loadavg_end": machine_info().get("loadavg"), "versions": package_versions(),
               "results": results, "mcts": mresults, "ratios": ratios,
               "unavailable": unavailable}
        with open(args.json, "w") as f:
            json.dump(doc, f, indent=1)
        print(f"JSON written to {args.json}")
    return 0


def _fx(x):
    return f"{x:.0f}x" if x >= 100 else f"{x:.3g}x"


if __name__ == "__main__":
    # let plugins `import peers` (bench/ is on sys.path when run as a script)
    # and get this module, so that their Case subclasses are the same classes
    sys.modules.setdefault("peers", sys.modules[__name__])
    sys.exit(main())
