"""How close simulated Sonora games come to the flick safeguards (RULES.md, interpretations
3 and 5): the most knock-offs of one disc in a round, the most failed flicks of one decision,
the safeguard's set-downs and the longest game, against `max_decisions`. Prints JSON.

    python scripts/sonora_flick_safeguards.py --bots random,random,random,random --games 100
    python scripts/sonora_flick_safeguards.py --bots aim,aim --games 10 --hand-noise shaky
"""

from __future__ import annotations

import argparse
import json

from tabuleiro.core import derive_seed, get_game
from tabuleiro.play import Session


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="random,random", help="one bot per seat, comma-separated")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--hand-noise", default="off")
    args = parser.parse_args()
    game = get_game("sonora")
    bots = args.bots.split(",")
    options = {"rounds": args.rounds, "hand_noise": args.hand_noise}
    knocks = tries = set_downs = longest = 0
    for i in range(args.games):
        session = Session(game, len(bots), derive_seed(args.seed, i), options, bots)
        steps = 0
        while not game.is_terminal(session.state):
            seat = min(game.to_act(session.state))
            legal = game.legal_actions(session.state, seat)
            action = session.bots[seat].act(game.view(session.state, seat), legal)
            session.act(seat, action)
            state = session.state
            steps += 1
            knocks = max(knocks, *state.knocks)
            if state.stack:
                tries = max(tries, state.stack[-1].tries)
            if state.flight is not None and game.format_action(action).startswith("flick"):
                set_downs += len(state.flight.set_down)
        longest = max(longest, steps)
    print(
        json.dumps(
            {
                "bots": bots,
                "games": args.games,
                "hand_noise": args.hand_noise,
                "most_knock_offs_of_one_disc_in_a_round": knocks,
                "most_failed_flicks_of_one_decision": tries,
                "safeguard_set_downs": set_downs,
                "longest_game_decisions": longest,
                "max_decisions": game.max_decisions(len(bots), game.options_type.parse(options)),
            }
        )
    )


if __name__ == "__main__":
    main()
