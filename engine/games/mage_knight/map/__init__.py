"""The hex map: tiles, terrain, movement, exploring, tile edges and the enemy tokens on it."""
