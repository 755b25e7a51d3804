"""`epochs`: the combat page of an epoch-hopping deck-builder (seeds/003, rulebook p.5)."""

from engine.games.epochs.ruleset import RULESET

__all__ = ["RULESET"]
