"""Hidden information (invariant 6): what one seat may see of the game's own state."""

from __future__ import annotations

import msgspec


def game_view(table, seat: int | None) -> dict:
    game = table.game
    out = msgspec.to_builtins(game)
    if seat != game.active:
        out["kept"] = len(game.kept)
    if out.get("ev"):
        out["ev"]["chosen"] = {
            s: (c if seat is not None and s == str(seat) else "?") for s, c in game.ev.chosen.items()
        }
    return out


def public_data(ev) -> dict:
    """What the other seats see of a seat-only event."""
    d = ev.data
    if ev.type in ("ra.kept", "ra.tribute_chosen"):
        return {"seat": d["seat"]}
    if ev.type == "ra.hand_shown":
        return {"seat": d["seat"], "victim": d["victim"]}
    return {}
