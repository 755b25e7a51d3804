"""Mana: the Source's dice, crystals, tokens, claims and paying for a card."""
