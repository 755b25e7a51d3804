"""One package per game; each exposes RULESET (see engine/API.md)."""
