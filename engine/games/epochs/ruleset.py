"""The ruleset `epochs`: the combat page (p.5) of an epoch-hopping deck-builder, made into a
complete game with documented stand-ins (CONTENT.md)."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from engine.commands import Optional
from engine.games.epochs.content import PACK
from engine.games.epochs.state import EpochsState, medal_image, seat_zone
from engine.games.epochs.zone_names import ZONE_NAMES
from engine.ruleset import Option, Ruleset


class Epochs(Ruleset):
    name = "epochs"
    commands: ClassVar[dict[str, dict]] = {
        "jump": {"epoch": str},
        "fight_epoch": {},
        "challenge": {"seat": int},
        "target": {"space": int},
        "deploy": {"card": str},
        "deploy_virtual": {},
        "marker": {"marker": str, "unit": str},
        "pass": {},
        "done": {},
        "recruit": {"card": Optional(str)},
        "decline": {},
        "draw_relics": {},
        "skip_relics": {},
        "keep_relic": {"relic": str},
        "keep_medal": {"index": int},
    }
    version = "1.0"
    players = (2, 3, 4)
    hidden_pools = ((r"p\d+\.(deck|hand)", True),)  # a rival\'s hand and deck (bots.search)
    options: ClassVar[dict[str, Option]] = {
        "rounds": Option(6, (4, 6, 8), "stand-in EP-X-ROUNDS: number of game rounds"),
        "overflow": Option(
            "spill",
            ("spill", "front_only"),
            "EP-S4-DAMAGE reading X1: surplus damage spills to the next unit, or only the front unit is hit",
        ),
        "recruit": Option(
            "all", ("all", "each"), "EP-S5-RECRUIT reading X6: recruit all defeated elites or choose each"
        ),
    }
    content_packs = ("base",)
    State = EpochsState
    summary = "combat page (p.5) of an epoch-hopping deck-builder, with stand-ins"
    zone_names = ZONE_NAMES
    implemented_in: ClassVar[dict[str, str]] = {
        "setup": "setup:setup",
        "situation": "setup:situation",
        "apply": "state:apply",
        "handlers": "rules:HANDLERS",
        "prompts": "moves:prompts",
        "legal_commands": "moves:legal_commands",
        "explain": "moves:explain",
        "preview": "preview:preview",
        "describe": "narrate:describe",
        "why": "why:why",
        "cards": "catalogue:catalogue",
        "check_overrides": "content:check_overrides",
        "position_value": "bot:position_value",
        "panels": "panels:panels",
        "bot_walk": "walk:bot_walk",
    }

    def new_state(self, table) -> EpochsState:
        return EpochsState(sabatons=[None] * table.players, honour=[0] * table.players)

    def dice(self, table):

        return {PACK.die.name: PACK.die}

    def game_view(self, table, seat):
        """Everything in the game state is public; medals add only the Sabaton each shows
        (their kind is hidden in the owner's zone)."""
        out = msgspec.to_builtins(table.game)
        medals = [table.zones.get(seat_zone(s, "medals")) for s in range(table.players)]
        out["medal_images"] = [
            [medal_image(m) for m in z.cards] if z else []  # none before set-up
            for z in medals
        ]
        return out

    def public_data(self, ev) -> dict[str, Any]:
        """The only seat-restricted events the game makes are the winner's medal picks."""
        if ev.type == "chance.picked":
            return {"stream": ev.data["stream"], "n": len(ev.data["picked"])}
        return {}


RULESET = Epochs()
