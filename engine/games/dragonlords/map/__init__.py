"""The DragonLords world map: the content file decoded and checked, and look-ups derived from it."""
