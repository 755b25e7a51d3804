"""Rune Age (issue 4): the ruleset plugin; see CONTENT.md and catalog.toml."""

from engine.games.rune_age.ruleset import RuneAge

RULESET = RuneAge()
