"""Deed cards, spells, skills' and units' effects: the effect vocabulary and its resolution."""
