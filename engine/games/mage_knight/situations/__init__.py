"""Situation files of Mage Knight: positions stated in TOML, combats, PvP and value overrides."""
