"""What a random bot picks from (never changes what is legal): it ends a phase only now and then,
so games move on, and it prefers to fight a battle on rather than dither. In a decision (which
units die, whether to throw a spell, drink the Elixir, play Reflect, ...) it picks among every
option, so random games try them all.

`sensible` is the choice of a careful player for those decisions, and `value` a position's worth
for a seat (the ruleset's `position_value`)."""

from __future__ import annotations

from engine.games.dragonlords.board import held, king_alive, kingdoms_held, occupancy

DECISION_KINDS = ("spell", "roll", "choose", "casualty")


def choices(table, seat, legal):
    game = table.game
    kinds = {c["kind"] for c in legal}
    if kinds <= set(DECISION_KINDS):
        return legal
    if (
        game.phase in ("purchase", "naval", "quest", "transfer", "combat")
        and "done" in kinds
        and len(kinds) > 1
    ):
        others = [c for c in legal if c["kind"] != "done"]
        # a bot acts a few times per phase, then ends it (weighted by the turn's count so far)
        if ((table.version * 2654435761) >> 9) % 5 == 0:
            return [c for c in legal if c["kind"] == "done"][:1]  # the listed one: Engine.play_listed
        if game.phase == "combat":
            by = [c for c in others if c["kind"] in ("attack", "fight", "sneak", "burn")]
            return by or others
        return others
    return legal


def sensible(table, seat, legal) -> list[dict]:
    """A careful player's answer to a decision: throw every spell attack, at a chip-bearer first
    (it may be the King); lose plain units first and the King last; drink the Elixir and the
    Potion, charm the dragon, play Reflect (each decision lists that answer first)."""
    kinds = {c["kind"] for c in legal}
    if not kinds <= set(DECISION_KINDS):
        return choices(table, seat, legal)
    spells = [c for c in legal if c["kind"] == "spell"]
    if spells:
        at_heroes = [c for c in spells if c["victim"] != "plain"]
        return [(at_heroes or spells)[0]]
    if "casualty" in kinds:
        game = table.game
        rank = {"": 0, "decoy": 1, "wizard": 2, "dragonlord": 3, "king": 4}
        return [min(legal, key=lambda c: -1 if c["unit"] == "plain" else rank[game.heroes[c["unit"]].role])]
    return [legal[0]]


def value(table, seat: int) -> float:
    """How well a seat stands: kingdoms held count most, then territories and units; a seat whose
    Kings are all dead is lost. During set-up no King is placed yet: that is no loss, so the
    value stays neutral (what the seat has placed so far)."""

    game = table.game
    occ = occupancy(game)
    mine = [i for i, a in enumerate(game.armies) if a.seat == seat]
    setting_up = game.phase == "setup" or game.phase.startswith("setup_")
    if not setting_up and not any(game.armies[i].alive and king_alive(game, i) for i in mine):
        return -100.0
    units = sum(n for by in game.troops.values() for a, n in by.items() if int(a) in mine)
    units += sum(1 for x in game.heroes.values() if x.army in mine)
    return (
        sum(3.0 * len(kingdoms_held(game, i, occ)) + 0.5 * len(held(game, i, occ)) for i in mine)
        + 0.1 * units
    )
