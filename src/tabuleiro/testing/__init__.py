"""Test tooling shipped with the package: the conformance harness and golden playthroughs."""

from tabuleiro.testing.conformance import Report, assert_json_safe, canonical, check_game

__all__ = ["Report", "assert_json_safe", "canonical", "check_game"]
