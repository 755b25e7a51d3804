"""Mage Knight's ambiguities outside combat a judge may read otherwise (catalog.toml
`[readings.A*]`, the digest's numbering): half fame of another player's keep (A10), the fame of
a PvP win at equal level and fame (A11), forced withdrawal with no safe space on the path
(A23), the colour of a card's effect against resistant enemies (A31), the Source's half-basic
rule at round preparation (A34). City defenders of a failed assault (A22) are readings_city.py's.

Each function is called by the module that owns the rule (one hook line there) and asks the
game's reading only where the alternatives differ, so `runeledger dispute` lists just the
readings a position touches. Without a choice each gives what the engine always played, so games
that choose no reading keep their exact events.
"""

from __future__ import annotations

from engine.games.mage_knight.players.pvp import result_fame
from engine.mechanics import hexgrid
from engine.readings import chosen

PVP_FAME = "A11"
HALF_FAME, WITHDRAWAL, EFFECT_COLOUR, SOURCE_REROLL = "A10", "A23", "A31", "A34"
RESISTED_BY = {"red": "fire", "blue": "ice"}  # MK:8:Combat:5a-b


def half_fame(table, fame: int) -> int:
    """A10 (MK:8:Combat:1a): half the fame of another player's keep's defenders, rounded up by
    the digest (as the p.22 scenario does), rounded down under `round_down`. Asked only for an
    odd total, where the two differ."""
    if fame % 2 and chosen(table, HALF_FAME) == "round_down":
        return fame // 2
    return (fame + 1) // 2


def pvp_fame(table, won, lost) -> int:
    """A11 (MK:13:PvPResult): fame for forcing the other hero to retreat. At equal level and
    equal fame the SUM23 formula gives 0 (the digest); under `one_fame` the winner gains 1, reading
    "less fame than the loser" as "not more". Asked only at equal level and fame."""

    if won.level == lost.level and won.fame == lost.fame and chosen(table, PVP_FAME) == "one_fame":
        return 1
    return result_fame(won.level, lost.level, won.fame, lost.fame)


def effect_colour(table, card, mode: str) -> str | None:
    """A31 (MK:8:Combat:5a-b): the colour a card's non-attack effect on an enemy has for the
    fire and ice resistant enemies' immunity. The digest: the card's printed colour. Under
    `powering_mana`: only what mana of that colour powered (a spell, or a powered action); a basic
    action effect played without mana has no colour. Asked only for such a basic effect of a red
    or blue card while an enemy in the combat resists that element."""
    colour = card.color
    c = table.game.combat
    if colour not in RESISTED_BY or mode != "basic" or card.kind == "spell" or c is None:
        return colour
    if not any(RESISTED_BY[colour] in e.resistances for e in c.enemies if not e.defeated):
        return colour
    return None if chosen(table, EFFECT_COLOUR) == "powering_mana" else colour


def keep_rerolling(ctx, rule: str) -> bool:
    """A34 (MK:4:Round:2b): the Source rerolled at round preparation keeps rerolling its gold
    and black dice until half show a basic colour, "as described in the set-up", by the digest;
    under `setup_only` that check is for the set-up alone and the round's dice stand as rolled.
    Asked only when a round's roll breaks the rule."""
    if rule != "MK:4:Round:2b":
        return True
    return chosen(ctx.table, SOURCE_REROLL) != "setup_only"


def withdraw_elsewhere(ctx, table, seat: int, safe, take_wounds) -> bool:
    """A23 (MK:11:EoT:2): a hero off a safe space whose path this turn holds no safe space (the
    turn began on an unsafe space). The digest retraces the path alone (to its start, or nowhere
    without a path); under `nearest_safe` the hero goes to the nearest safe space instead, a
    wound for each space of the way. True when it moved the hero (the rule is then done).
    `safe(space)` is the owning module's test of a safe space for this seat, `take_wounds(ctx, t,
    seat, n, rule)` its way of wounding."""
    p = table.game.players[seat]
    if any(safe(space) for space in p.path):
        return False
    if chosen(table, WITHDRAWAL) != "nearest_safe":
        return False
    here = _hex(p.pos)
    best = min(
        (
            (hexgrid.distance(here, _hex(k)), _hex(k), k)
            for k in table.game.board.spaces
            if k != p.pos and safe(k)
        ),
        default=None,
    )
    if best is None:
        return False
    steps, _, space = best
    ctx.emit(
        "mk.placed", {"seat": seat, "pos": space, "wounds": steps, "reading": WITHDRAWAL}, rule="MK:11:EoT:2"
    )
    take_wounds(ctx, table, seat, steps, "MK:11:EoT:2")
    return True


def _hex(space: str) -> hexgrid.Hex:
    q, r = (int(x) for x in space.split(","))
    return (q, r)
