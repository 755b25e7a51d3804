"""Rune Age (issue 4): the ruleset plugin; see CONTENT.md and catalog.toml."""
from .ruleset import RuneAge

RULESET = RuneAge()
