"""Druid Nights (MK:21:Scen:DruidNights): heroes mark magical glades with their shields; once in
each of the first two nights a hero may chant, summoning one monster per own glade (brown in
the first night, red in the second) for double fame and 1 (2) random crystals per monster at the
end of the turn; the glades are cleared after the first night; once every player has chanted in
the second night, the game ends after one more turn each."""

from __future__ import annotations

from engine.games.mage_knight.combat.fight import _start_on, combat_zone, random_crystals
from engine.games.mage_knight.map.tokens import draw_token
from engine.mechanics import zones

DN = "druid_nights"
RULE = "MK:21:Scen:DruidNights"
INHABITED = ("village", "monastery", "keep", "mage_tower", "city", "refugee_camp")
SUMMON = {1: ("brown", 1), 2: ("red", 2)}  # night number -> (pile, crystals per monster)


def active(game) -> bool:
    return game.scenario == DN


def own_glades(game, seat: int) -> list[str]:
    return sorted(k for k, seats in game.glades.items() if seat in seats)


def commands(table, seat: int) -> list[dict]:
    """Marking the glade the hero stands on; the chant as the turn's action."""
    game = table.game
    p = game.players[seat]
    if not active(game) or game.combat is not None or not p.pos:
        return []
    out = []
    sp = game.board.spaces.get(p.pos)
    if sp is not None and sp.site == "magical_glade" and seat not in game.glades.get(p.pos, []):
        out.append({"kind": "glade"})
    if may_chant(game, seat):
        out.append({"kind": "chant"})
    return out


def may_chant(game, seat: int) -> bool:
    p = game.players[seat]
    sp = game.board.spaces.get(p.pos)
    return (
        active(game)
        and game.night
        and game.night_no in SUMMON
        and seat not in game.chanted
        and not p.acted
        and sp is not None
        and sp.site not in INHABITED
        and bool(own_glades(game, seat))
    )


def mark(ctx, table, seat: int, cmd: dict) -> None:
    """Ending the movement on a glade marks it with the hero's shield (reading: marking ends the
    movement: move points left lapse)."""
    p = table.game.players[seat]
    ctx.emit("mk.glade", {"seat": seat, "space": p.pos}, rule=RULE)
    if p.move:
        ctx.emit("mk.points", {"seat": seat, "kind": "move", "delta": -p.move}, rule=RULE)


def chant(ctx, table, seat: int, cmd: dict) -> None:
    """One monster per own glade, fought at once; crystals follow at the end of the turn."""

    game = table.game
    pile, per = SUMMON[game.night_no]
    n = len(own_glades(game, seat))
    ctx.emit("mk.acted", {"seat": seat, "action": "chant"}, rule=RULE)
    ctx.emit("mk.chanted", {"seat": seat, "crystals": n * per}, rule=RULE)
    z = combat_zone(table)
    if z not in table.zones:
        zones.create(ctx, z, [], rule=RULE)
    tokens = [tok for tok in (draw_token(ctx, table, pile, z, rule=RULE) for _ in range(n)) if tok]
    if tokens:
        _start_on(ctx, table, seat, [game.players[seat].pos], tokens, kind="chant")


def end_of_turn(ctx, table, seat: int) -> None:
    """The chant's crystals: 1 (first night) or 2 (second) random crystals per monster summoned,
    however many were defeated, rolled as at a monster den."""

    game = table.game
    n = game.chant_crystals.get(str(seat), 0)
    if active(game) and n:
        ctx.emit("mk.chant_paid", {"seat": seat}, rule=RULE)
        random_crystals(ctx, table, seat, n, RULE)


def end_of_round(ctx, table) -> None:
    """After the first night every shield leaves the glades."""
    game = table.game
    if active(game) and game.night and game.night_no == 1:
        ctx.emit("mk.glades_cleared", {}, rule=RULE)


def all_chanted(game) -> bool:
    return (
        active(game)
        and game.night
        and game.night_no == 2
        and all(s in game.chanted for s in range(len(game.players)))
    )
