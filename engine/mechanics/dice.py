"""Dice with named faces. Rolling goes through Ctx.roll so every face is a recorded event."""

from typing import Any

import msgspec


class Die(msgspec.Struct, frozen=True):
    name: str
    faces: tuple[Any, ...]
