"""Thunderstone: Dragonspire (German "Drachenturm"), issue 3. See CONTENT.md and catalog.toml."""

from engine.games.thunderstone.rules import RULESET

__all__ = ["RULESET"]
