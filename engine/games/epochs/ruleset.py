"""The ruleset `epochs`: the combat page (p.5) of an epoch-hopping deck-builder, made into a
complete game with documented stand-ins (CONTENT.md)."""
from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from engine.games.epochs import bot, moves, rules, setup, state
from engine.games.epochs.state import EpochsState, medal_image, seat_zone
from engine.games.epochs.zone_names import ZONE_NAMES
from engine.ruleset import Option, Ruleset
from engine.commands import Optional


class Epochs(Ruleset):
    name = "epochs"
    commands: ClassVar[dict[str, dict]] = {
        "jump": {"epoch": str}, "fight_epoch": {}, "challenge": {"seat": int},
        "target": {"space": int}, "deploy": {"card": str}, "deploy_virtual": {},
        "marker": {"marker": str, "unit": str}, "pass": {}, "done": {},
        "recruit": {"card": Optional(str)}, "decline": {}, "draw_relics": {},
        "skip_relics": {}, "keep_relic": {"relic": str}, "keep_medal": {"index": int},
    }
    version = "1.0"
    players = (2, 3, 4)
    options: ClassVar[dict[str, Option]] = {
        "rounds": Option(6, (4, 6, 8), "stand-in EP-X-ROUNDS: number of game rounds"),
        "overflow": Option("spill", ("spill", "front_only"),
                           "EP-S4-DAMAGE reading X1: surplus damage spills to the next unit, or "
                           "only the front unit is hit"),
        "recruit": Option("all", ("all", "each"),
                          "EP-S5-RECRUIT reading X6: recruit all defeated elites or choose each"),
    }
    content_packs = ("base",)
    State = EpochsState
    summary = "combat page (p.5) of an epoch-hopping deck-builder, with stand-ins"
    zone_names = ZONE_NAMES

    def new_state(self, table) -> EpochsState:
        return EpochsState(sabatons=[None] * table.players, honour=[0] * table.players)

    def setup(self, ctx, table) -> None:
        setup.setup(ctx, table)

    def situation(self, ctx, table, doc: dict[str, Any]) -> None:
        setup.situation(ctx, table, doc)

    def apply(self, table, ev) -> None:
        state.apply(table, ev)

    def handlers(self):
        return rules.HANDLERS

    def prompts(self, table):
        return moves.prompts(table)

    position_value = staticmethod(bot.position_value)

    def cards(self):
        from engine.games.epochs.catalogue import catalogue
        return catalogue()

    def dice(self, table):
        from engine.games.epochs.content import PACK
        return {PACK.die.name: PACK.die}

    def check_overrides(self, overrides: dict[str, Any]) -> dict[str, Any]:
        """Situation card overrides: a unit's damage symbols and line values (docs/disputes.md)."""
        from engine.games.epochs.content import PACK
        from engine.readings import check_override_table
        return check_override_table(self, overrides, {"hp": int, "ranged": int, "normal": int,
                                                      "melee": int}, PACK.units)

    def why(self, table, ev, history) -> list[dict[str, Any]]:
        from engine.games.epochs.why import why
        return why(table, ev, history)

    def legal_commands(self, table, seat: int) -> list[dict[str, Any]]:
        return moves.legal_commands(table, seat)

    def explain(self, table, seat, cmd):
        return moves.explain(table, seat, cmd)

    def preview(self, table, seat, cmd):
        """A unit's line values, a marker's bonus, a relic's points (preview.py)."""
        from engine.games.epochs import preview
        return preview.preview(table, seat, cmd)

    def describe(self, table, ev):
        """The event in words as its viewer sees it (narrate.py)."""
        from engine.games.epochs import narrate
        return narrate.describe(table, ev)

    def game_view(self, table, seat):
        """Everything in the game state is public; medals add only the Sabaton each shows
        (their kind is hidden in the owner's zone)."""
        out = msgspec.to_builtins(table.game)
        medals = [table.zones.get(seat_zone(s, "medals")) for s in range(table.players)]
        out["medal_images"] = [[medal_image(m) for m in z.cards] if z else []  # none before set-up
                               for z in medals]
        return out

    def public_data(self, ev) -> dict[str, Any]:
        """The only seat-restricted events the game makes are the winner's medal picks."""
        if ev.type == "chance.picked":
            return {"stream": ev.data["stream"], "n": len(ev.data["picked"])}
        return {}


RULESET = Epochs()
