"""``python -m tabuleiro``."""

from tabuleiro.cli.app import main

main()
