"""Hidden information (invariant 6): what one seat may see of the game's own state."""

from __future__ import annotations

import msgspec


def game_view(t, seat: int | None) -> dict:
    g = t.game
    out = msgspec.to_builtins(g)
    if seat != g.active:
        out["kept"] = len(g.kept)
    if out.get("ev"):
        out["ev"]["chosen"] = {
            s: (c if seat is not None and s == str(seat) else "?") for s, c in g.ev.chosen.items()
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
