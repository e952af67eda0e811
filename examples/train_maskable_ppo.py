"""Train one seat of a Tabuleiro game with maskable PPO and measure it against the bots.

    .venv-train/bin/python examples/train_maskable_ppo.py avenue --steps 60000
    .venv-train/bin/python examples/train_maskable_ppo.py metro --steps 100000 --opponent random

Trains sb3-contrib's MaskablePPO on ``tabuleiro/<Game>-v0`` (the learner in seat 0 against
`--opponent`), then plays `--eval` games against `random` and against `greedy` with the learned
policy (masked, deterministic) and prints JSON: the win rates with their games, the mean final
score of each side, the training time, and the learning curve (mean episode reward every
`--log-every` steps), also drawn to ``out/train/<game>-curve.png``. Needs the ``train`` extra
(PyTorch, sb3-contrib, matplotlib): see the README.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

import tabuleiro.rl  # noqa: F401  (registers the environments)
from tabuleiro.rl.gym_env import IDS


def make_env(game: str, opponent: str, reward: str) -> gymnasium.Env[Any, Any]:
    return gymnasium.make(IDS[game], players=2, seat=0, opponents=opponent, reward=reward)


def evaluate(model: Any, game: str, opponent: str, games: int, seed: int) -> dict[str, Any]:
    """The learned policy in seat 0 against `opponent` over `games` seeded games."""
    env = make_env(game, opponent, "score")
    wins, mine, theirs = 0.0, [], []
    for i in range(games):
        obs, info = env.reset(seed=seed + i)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=info["action_mask"].astype(bool), deterministic=True)
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


def main() -> None:
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.wrappers import ActionMasker
    from stable_baselines3.common.callbacks import BaseCallback

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(IDS))
    parser.add_argument("--steps", type=int, default=60_000)
    parser.add_argument("--opponent", default="random", help="the bot the learner trains against")
    parser.add_argument("--reward", choices=("score", "win"), default="score")
    parser.add_argument("--eval", type=int, default=100, help="evaluation games per opponent")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log-every", type=int, default=5_000)
    parser.add_argument("--out", type=Path, default=Path("out/train"))
    args = parser.parse_args()

    env = ActionMasker(make_env(args.game, args.opponent, args.reward), lambda e: e.unwrapped.action_masks())
    curve: list[tuple[int, float]] = []

    class Curve(BaseCallback):  # type: ignore[misc]
        def _on_step(self) -> bool:
            if self.num_timesteps % args.log_every == 0 and self.model.ep_info_buffer:
                rewards = [e["r"] for e in self.model.ep_info_buffer]
                curve.append((self.num_timesteps, float(np.mean(rewards))))
            return True

    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0, n_steps=1024, batch_size=256)
    started = time.monotonic()
    model.learn(total_timesteps=args.steps, callback=Curve())
    seconds = time.monotonic() - started
    results = [evaluate(model, args.game, bot, args.eval, 10_000) for bot in ("random", "greedy")]
    args.out.mkdir(parents=True, exist_ok=True)
    picture = args.out / f"{args.game}-curve.png"
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot([s for s, _ in curve], [r for _, r in curve])
    ax.set_xlabel("training steps")
    ax.set_ylabel(f"mean episode reward ({args.reward}) vs {args.opponent}")
    ax.set_title(f"MaskablePPO on {IDS[args.game]}")
    fig.tight_layout()
    fig.savefig(picture, dpi=100)
    print(
        json.dumps(
            {
                "game": args.game,
                "steps": args.steps,
                "trained_against": args.opponent,
                "reward": args.reward,
                "train_seconds": round(seconds, 1),
                "evaluation": results,
                "curve": curve,
                "plot": str(picture),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
