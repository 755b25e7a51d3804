"""`duel`: the core's own test ruleset. Small on purpose, but it exercises every core
mechanism a real game uses: hidden hands and decks, draw with reshuffle, named dice, damage
tokens, prompts for the active seat, an end with a revealed seed, and situation files."""

from engine.games.duel.rules import RULESET

__all__ = ["RULESET"]
