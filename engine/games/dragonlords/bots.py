"""What a random bot picks from (never changes what is legal): it ends a phase only now and then,
so games move on, and it prefers to fight a battle on rather than dither."""
from __future__ import annotations


def choices(t, seat, legal):
    g = t.game
    kinds = {c["kind"] for c in legal}
    if g.phase in ("purchase", "naval", "quest", "transfer", "combat") and "done" in kinds and len(kinds) > 1:
        others = [c for c in legal if c["kind"] != "done"]
        # a bot acts a few times per phase, then ends it (weighted by the turn's count so far)
        if ((t.version * 2654435761) >> 9) % 5 == 0:
            return [{"kind": "done"}]
        if g.phase == "combat":
            by = [c for c in others if c["kind"] in ("attack", "fight", "sneak", "burn")]
            return by or others
        return others
    return legal
