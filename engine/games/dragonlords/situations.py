"""Situation files: a position laid out directly (tests of the rulebook examples)."""
from __future__ import annotations


def lay_out(ctx, t, doc: dict) -> None:
    raise NotImplementedError
