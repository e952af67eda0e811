"""The ``tabuleiro`` command-line interface."""
