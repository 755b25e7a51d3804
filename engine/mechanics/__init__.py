"""Mechanics several games share: card zones, dice with named faces, damage tokens."""
