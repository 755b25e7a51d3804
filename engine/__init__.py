"""The write side: command pipeline, chance, undo, replay, catalog, registry, games."""
