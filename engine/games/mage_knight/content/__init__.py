"""Mage Knight's content: JSON data files with their provenance, the schema, decks and the card catalogue."""
