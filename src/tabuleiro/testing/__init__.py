"""Test tooling shipped with the package: the conformance harness (with its malformed-action
check) and golden playthroughs."""

from tabuleiro.testing.conformance import Report, assert_json_safe, canonical, check_game
from tabuleiro.testing.malformed import MalformedReport, check_malformed

__all__ = ["MalformedReport", "Report", "assert_json_safe", "canonical", "check_game", "check_malformed"]
