"""What a random bot picks from (never changes what is legal): it ends a phase only now and then,
so games move on, and it prefers to fight a battle on rather than dither. In a decision (which
units die, whether to throw a spell, drink the Elixir, play Reflect, ...) it picks among every
option, so random games try them all.

`sensible` is the choice of a careful player for those decisions, and `value` a position's worth
for a seat (the ruleset's `position_value`, worth.py)."""

from __future__ import annotations

from engine.games.dragonlords.worth import value

__all__ = ["DECISION_KINDS", "choices", "sensible", "value"]

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
