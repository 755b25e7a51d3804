"""Quest for the DragonLords (issue 14): the ruleset plugin; see CONTENT.md and catalog.toml."""

from engine.games.dragonlords.ruleset import DragonLords

RULESET = DragonLords()
