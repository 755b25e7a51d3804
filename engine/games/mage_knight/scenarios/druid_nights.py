"""Druid Nights (MK:21:Scen:DruidNights): heroes mark magical glades with their shields; once in
each of the first two nights a hero may chant, summoning one monster per own glade (brown in
the first night, red in the second) for double fame and 1 (2) random crystals per monster at the
end of the turn; the glades are cleared after the first night; once every player has chanted in
the second night, the game ends after one more turn each."""

from __future__ import annotations

from engine.mechanics import zones

DN = "druid_nights"
RULE = "MK:21:Scen:DruidNights"
INHABITED = ("village", "monastery", "keep", "mage_tower", "city", "refugee_camp")
SUMMON = {1: ("brown", 1), 2: ("red", 2)}  # night number -> (pile, crystals per monster)


def active(g) -> bool:
    return g.scenario == DN


def own_glades(g, seat: int) -> list[str]:
    return sorted(k for k, seats in g.glades.items() if seat in seats)


def commands(t, seat: int) -> list[dict]:
    """Marking the glade the hero stands on; the chant as the turn's action."""
    g = t.game
    p = g.players[seat]
    if not active(g) or g.combat is not None or not p.pos:
        return []
    out = []
    sp = g.board.spaces.get(p.pos)
    if sp is not None and sp.site == "magical_glade" and seat not in g.glades.get(p.pos, []):
        out.append({"kind": "glade"})
    if may_chant(g, seat):
        out.append({"kind": "chant"})
    return out


def may_chant(g, seat: int) -> bool:
    p = g.players[seat]
    sp = g.board.spaces.get(p.pos)
    return (
        active(g)
        and g.night
        and g.night_no in SUMMON
        and seat not in g.chanted
        and not p.acted
        and sp is not None
        and sp.site not in INHABITED
        and bool(own_glades(g, seat))
    )


def mark(ctx, t, seat: int, cmd: dict) -> None:
    """Ending the movement on a glade marks it with the hero's shield (reading: marking ends the
    movement: move points left lapse)."""
    p = t.game.players[seat]
    ctx.emit("mk.glade", {"seat": seat, "space": p.pos}, rule=RULE)
    if p.move:
        ctx.emit("mk.points", {"seat": seat, "kind": "move", "delta": -p.move}, rule=RULE)


def chant(ctx, t, seat: int, cmd: dict) -> None:
    """One monster per own glade, fought at once; crystals follow at the end of the turn."""
    from engine.games.mage_knight.combat.fight import _start_on, combat_zone
    from engine.games.mage_knight.map.tokens import draw_token

    g = t.game
    pile, per = SUMMON[g.night_no]
    n = len(own_glades(g, seat))
    ctx.emit("mk.acted", {"seat": seat, "action": "chant"}, rule=RULE)
    ctx.emit("mk.chanted", {"seat": seat, "crystals": n * per}, rule=RULE)
    z = combat_zone(t)
    if z not in t.zones:
        zones.create(ctx, z, [], rule=RULE)
    tokens = [tok for tok in (draw_token(ctx, t, pile, z, rule=RULE) for _ in range(n)) if tok]
    if tokens:
        _start_on(ctx, t, seat, [g.players[seat].pos], tokens, kind="chant")


def end_of_turn(ctx, t, seat: int) -> None:
    """The chant's crystals: 1 (first night) or 2 (second) random crystals per monster summoned,
    however many were defeated, rolled as at a monster den."""
    from engine.games.mage_knight.combat.fight import random_crystals

    g = t.game
    n = g.chant_crystals.get(str(seat), 0)
    if active(g) and n:
        ctx.emit("mk.chant_paid", {"seat": seat}, rule=RULE)
        random_crystals(ctx, t, seat, n, RULE)


def end_of_round(ctx, t) -> None:
    """After the first night every shield leaves the glades."""
    g = t.game
    if active(g) and g.night and g.night_no == 1:
        ctx.emit("mk.glades_cleared", {}, rule=RULE)


def all_chanted(g) -> bool:
    return active(g) and g.night and g.night_no == 2 and all(s in g.chanted for s in range(len(g.players)))
