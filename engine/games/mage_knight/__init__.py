"""Mage Knight (Ultimate Edition): content, map and rules; the ruleset grows in stages (issue 12)."""

from engine.games.mage_knight.ruleset import MageKnight

RULESET = MageKnight()
