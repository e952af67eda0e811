"""The simulation lab: bot-versus-bot simulations and speed measurements."""
