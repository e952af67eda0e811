"""Train one seat of a Tabuleiro game with maskable PPO and measure it against the bots.

    scripts/train.sh avenue --steps 60000
    scripts/train.sh metro --steps 100000 --opponent random

Trains sb3-contrib's MaskablePPO on ``tabuleiro/<Game>-v0`` (the learner in seat 0 of a
two-player game against `--opponent`), then plays `--eval` games against `random` and against
`greedy` with the learned policy (masked, deterministic) and prints JSON: the win rates, the
mean final score of each side, the training's CPU and wall time, and the learning curve (the
mean unshaped episode reward of the last 100 episodes every `--log-every` steps), also drawn to
``out/train/<game>-curve.png``.

What makes the runs learn in minutes: `--envs` copies of the game stepped together (one
network call for all), the observations and rewards standardised by Stable-Baselines3's
`VecNormalize` (the raw encodings mix 0/1 flags with scores in the hundreds), and the env's
potential-based reward shaping (`--shaping`, on by default here, off in the env itself) where
the game shows a running score: every step pays the change of the seat's score difference,
and the episode's return stays the final score difference. Where the observation has features
per action (Metro's ``placements``, an optional slice that `FEATURES` turns on here),
`--policy per-action` (the default there) scores each of those actions from its own features
with one small shared network (`per_action_policy.py`), and the observation is scaled by its
slices' bounds instead of `VecNormalize`'s running statistics. Needs the ``train`` extra
(PyTorch, sb3-contrib, matplotlib): see the README.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

import tabuleiro.rl  # noqa: F401  (registers the environments)
from tabuleiro.games.metro.encoding import PLACEMENT_FEATURES, PLACES
from tabuleiro.rl.gym_env import IDS

PER_ACTION = {"metro": ("placements", PLACES, len(PLACEMENT_FEATURES))}
"""Games whose observation has a per-action slice: its name, how many actions (the first ones)
it describes, and the numbers per action."""
FEATURES: dict[str, dict[str, bool]] = {"metro": {"placements": True}}
"""The optional observation slices (`Encoding.features`, off in the envs by default) each game
trains with: Metro's per-action slice, for either policy (the README's Metro figures were all
measured with it)."""


def make_env(game: str, opponent: str, reward: str, shaping: float = 0.0) -> gymnasium.Env[Any, Any]:
    return gymnasium.make(
        IDS[game],
        players=2,
        seat=0,
        opponents=opponent,
        reward=reward,
        shaping=shaping,
        **FEATURES.get(game, {}),
    )


def evaluate(model: Any, normalize: Any, game: str, opponent: str, games: int, seed: int) -> dict[str, Any]:
    """The learned policy in seat 0 against `opponent` over `games` seeded games."""
    env = make_env(game, opponent, "score")
    wins, mine, theirs = 0.0, [], []
    for i in range(games):
        obs, info = env.reset(seed=seed + i)
        done = False
        while not done:
            seen = normalize.normalize_obs(obs) if normalize is not None else obs
            action, _ = model.predict(seen, action_masks=info["action_mask"].astype(bool), deterministic=True)
            obs, _, done, _, info = env.step(int(action))
        winners = info["winners"]
        wins += 1.0 / len(winners) if 0 in winners else 0.0
        mine.append(info["scores"][0])
        theirs.append(info["scores"][1])
    return {
        "opponent": opponent,
        "games": games,
        "win_rate": wins / games,
        "mean_score": float(np.mean(mine)),
        "opponent_mean_score": float(np.mean(theirs)),
    }


def shows_scores(game: str) -> bool:
    """Whether the game's views show a running score to shape the reward with."""
    try:
        make_env(game, "random", "score", 1.0)
    except ValueError:
        return False
    return True


def per_action_settings(
    env: gymnasium.Env[Any, Any], game: str, feature_scale: float
) -> tuple[tuple[int, int, int, int], list[float]]:
    """(start, stop, count, width) of the game's per-action slice, and the scale of every
    observation number: its slice's bound, or `feature_scale` in the per-action slice."""
    name, count, width = PER_ACTION[game]
    spec = env.unwrapped.spec_  # type: ignore[attr-defined]
    scales: list[float] = []
    where = (0, 0)
    for piece in spec.encoding.layout(spec.players, spec.options):
        bound = feature_scale if piece.name == name else max(abs(piece.low), abs(piece.high), 1.0)
        scales += [bound] * (piece.stop - piece.start)
        if piece.name == name:
            where = (piece.start, piece.stop)
    assert where[1] - where[0] == count * width, f"{name} is not {count} x {width} numbers"
    return (*where, count, width), scales


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game", choices=sorted(IDS))
    parser.add_argument("--steps", type=int, default=100_000, help="the learner's decisions in training")
    parser.add_argument("--opponent", default="random", help="the bot the learner trains against")
    parser.add_argument("--reward", choices=("score", "win"), default="score")
    parser.add_argument(
        "--shaping",
        type=float,
        default=None,
        help="weight of the running score difference (0: off; default 1 where the game shows one)",
    )
    parser.add_argument("--no-normalize", action="store_true", help="feed the raw observations and rewards")
    parser.add_argument("--envs", type=int, default=8, help="games stepped together")
    parser.add_argument("--n-steps", type=int, default=256, help="steps per env between updates")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--gamma", type=float, default=0.99, help="discount (also VecNormalize's)")
    parser.add_argument("--gae-lambda", type=float, default=0.95)
    parser.add_argument("--ent", type=float, default=0.01, help="entropy bonus")
    parser.add_argument("--net", default="128,128", help="hidden layer sizes of both heads")
    parser.add_argument(
        "--policy",
        choices=("mlp", "per-action"),
        default=None,
        help="sb3's MLP, or per-action scores (default where the game has per-action features)",
    )
    parser.add_argument("--score-net", type=int, default=32, help="per-action scorer's hidden units")
    parser.add_argument("--feature-scale", type=float, default=10.0, help="divides the per-action features")
    parser.add_argument("--threads", type=int, default=1, help="PyTorch threads")
    parser.add_argument("--eval", type=int, default=100, help="evaluation games per opponent")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log-every", type=int, default=5_000)
    parser.add_argument("--out", type=Path, default=Path("out/train"))
    return parser.parse_args()


def main() -> None:
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.wrappers import ActionMasker
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv, VecNormalize

    args = parse_args()
    torch.set_num_threads(args.threads)
    if args.shaping is None:
        args.shaping = 1.0 if shows_scores(args.game) else 0.0
    if args.policy is None:
        args.policy = "per-action" if args.game in PER_ACTION else "mlp"

    def one_env() -> gymnasium.Env[Any, Any]:
        env = Monitor(make_env(args.game, args.opponent, args.reward, args.shaping))
        return ActionMasker(env, lambda e: e.unwrapped.action_masks())

    venv: Any = DummyVecEnv([one_env] * args.envs)
    per_action = args.policy == "per-action"
    normalize = None if args.no_normalize else VecNormalize(venv, gamma=args.gamma, norm_obs=not per_action)
    curve: list[tuple[int, float]] = []

    class Curve(BaseCallback):  # type: ignore[misc]
        def _on_step(self) -> bool:
            if self.num_timesteps % args.log_every < args.envs and self.model.ep_info_buffer:
                rewards = [e["r"] for e in self.model.ep_info_buffer]
                curve.append((self.num_timesteps, round(float(np.mean(rewards)), 2)))
                print(f"train: {curve[-1][0]} steps, mean episode reward {curve[-1][1]}", file=sys.stderr)
            return True

    hidden = [int(n) for n in args.net.split(",")]
    policy: Any = "MlpPolicy"
    policy_kwargs: dict[str, Any] = {"net_arch": {"pi": hidden, "vf": hidden}}
    if per_action:
        from per_action_policy import PerActionPolicy, ScaledObservation

        where, scales = per_action_settings(
            make_env(args.game, "random", "score"), args.game, args.feature_scale
        )
        policy = PerActionPolicy
        policy_kwargs = {
            "per_action": where,
            "hidden": hidden,
            "score_hidden": args.score_net,
            "features_extractor_class": ScaledObservation,
            "features_extractor_kwargs": {"scales": scales},
        }
    model = MaskablePPO(
        policy,
        normalize or venv,
        seed=args.seed,
        verbose=0,
        n_steps=args.n_steps,
        batch_size=args.batch,
        n_epochs=args.epochs,
        learning_rate=args.lr,
        gamma=args.gamma,
        gae_lambda=args.gae_lambda,
        ent_coef=args.ent,
        policy_kwargs=policy_kwargs,
    )
    started, cpu_started = time.monotonic(), time.process_time()
    model.learn(total_timesteps=args.steps, callback=Curve())
    train_wall, train_cpu = time.monotonic() - started, time.process_time() - cpu_started
    if normalize is not None:
        normalize.training = False
    started, cpu_started = time.monotonic(), time.process_time()
    results = [evaluate(model, normalize, args.game, bot, args.eval, 10_000) for bot in ("random", "greedy")]
    eval_wall, eval_cpu = time.monotonic() - started, time.process_time() - cpu_started
    args.out.mkdir(parents=True, exist_ok=True)
    picture = args.out / f"{args.game}-curve.png"
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot([s for s, _ in curve], [r for _, r in curve])
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.set_xlabel("training steps")
    ax.set_ylabel(f"mean episode reward ({args.reward})")
    ax.set_title(f"MaskablePPO on {IDS[args.game]} vs {args.opponent}")
    fig.tight_layout()
    fig.savefig(picture, dpi=100)
    settings = {k: v for k, v in vars(args).items() if k not in ("game", "out")}
    print(
        json.dumps(
            {
                "game": args.game,
                "settings": settings,
                "train_cpu_seconds": round(train_cpu, 1),
                "train_wall_seconds": round(train_wall, 1),
                "eval_cpu_seconds": round(eval_cpu, 1),
                "eval_wall_seconds": round(eval_wall, 1),
                "evaluation": results,
                "curve": curve,
                "plot": str(picture),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
