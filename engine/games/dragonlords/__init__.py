"""Quest for the DragonLords: content and map so far; the ruleset grows in stages (issue 14)."""
