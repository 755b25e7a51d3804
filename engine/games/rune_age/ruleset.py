"""Rune Age as a Runeledger ruleset: wiring of state, set-up, rules, prompts and views."""

from __future__ import annotations

from typing import ClassVar

from engine.commands import Optional
from engine.games.rune_age import eventphase, setup
from engine.games.rune_age.cards import die_faces
from engine.games.rune_age.flow import advance
from engine.games.rune_age.scenarios import DRAGONLORDS, SCENARIOS, resolve, upcast_setup_v1
from engine.games.rune_age.state import RAState
from engine.games.rune_age.turn import start_round
from engine.games.rune_age.zone_names import ZONE_NAMES
from engine.mechanics.dice import Die
from engine.ruleset import Option, Ruleset
from engine.situation import stated


class RuneAge(Ruleset):
    name = "rune-age"
    commands: ClassVar[dict[str, dict]] = {
        "play": {"card": str},
        "play_gold": {"card": str},
        "use_gold": {"card": str},
        "use_influence": {"card": str},
        "buy": {"pile": str},
        "acquire": {"pile": str},
        "attack": {"target": str},
        "card_action": {
            "card": str,
            "target": Optional(str),
            "discard": Optional(str),
            "seat": Optional(int),
        },
        "ability": {"card": str, "target": str},
        "keep": {"slot": int},
        "tribute": {"slot": int},
        "take": {"slot": int},
        "keep_rune": {"card": str},
        "casualty": {"card": str},
        "decline": {"card": str},
        "resolve": {"card": str, "target": Optional(str), "discard": Optional(str), "seat": Optional(int)},
        "end_ability": {
            "card": str,
            "target": Optional(str),
            "discard": Optional(str),
            "seat": Optional(int),
        },
        "discard_hand": {},
        "end_action": {},
        "end_turn": {},
        "pass": {},
        "stop": {},
        "done": {},
    }
    version = "1.0"
    summary = "Rune Age (deck-building, four scenarios, solo variants)"
    zone_names = ZONE_NAMES
    players = (1, 2, 3, 4)
    hidden_pools = ((r"(deck|hand):\d+", True),)  # a rival\'s hand and deck (bots.search)
    options: ClassVar[dict[str, Option]] = {
        "scenario": Option(
            default=DRAGONLORDS,
            choices=(*SCENARIOS, "random"),
            doc="SET-2: the scenario, or random (an objective card drawn at random); "
            "the older names dragonlords, rune_wars, world_fire, monument and the "
            "German names still work",
        ),
        "races": Option(default="random", doc="SET-3: comma-separated races in seat order, or random"),
        "casualty_die": Option(
            default="standard",
            choices=("standard", "mild", "harsh"),
            doc="stand-in: skulls per face of the casualty die (A2)",
        ),
        "remove_brother": Option(default=False, doc="SCN-WB-5/OPT-2: remove Bruder gegen Bruder"),
        "neutrals": Option(default="", doc="OPT-1: three neutral types replacing the scenario's, same costs"),
        "round_cap": Option(
            default=0, doc="ENG-CAP (not in the rules, A22): end without winner after N rounds"
        ),
    }
    content_packs = ("base",)
    State = RAState
    # ra.setup 2: scenarios under their printed English names (schema 1 used the old keys)
    event_schemas: ClassVar[dict[str, int]] = {"ra.setup": 2}
    upcasters: ClassVar[dict] = {("ra.setup", 1): upcast_setup_v1}
    implemented_in: ClassVar[dict[str, str]] = {
        "apply": "apply:apply",
        "handlers": "commands:subscriptions",
        "prompts": "legal:prompts",
        "legal_commands": "legal:legal_commands",
        "explain": "legal:explain",
        "preview": "preview:preview",
        "game_view": "view:game_view",
        "public_data": "view:public_data",
        "describe": "narrate:describe",
        "why": "why:why",
        "cards": "catalogue:catalogue",
        "check_overrides": "cards:check_overrides",
        "position_value": "bot:position_value",
        "common_goal": "bot:objective_worn",
        "panels": "panels:panels",
        "bot_options": "bot:bot_options",
        "bot_walk": "walk:bot_walk",
    }

    def check_options(self, options):
        """An alias of a scenario passes the choices check but is stored as given (see
        scenarios.py: replays of old games re-create their game.created event unchanged)."""
        given = dict(options)
        if "scenario" in given:
            resolve(given["scenario"])
            out = super().check_options({**given, "scenario": DRAGONLORDS})
            out["scenario"] = given["scenario"]
            return out
        return super().check_options(given)

    position_scale = 4.0
    common_goal_weight = 0.3
    # MCTS searches a seat's own turn on common random numbers (bots.search): at the iterations
    # a study can afford, a search reaching into a rival's turn (a dozen commands away) only
    # thinned its visits; the turn search settles every question of a decision (which target,
    # which card) and beat greedy 0.59 (seeds 32 to 14) at 32 iterations in the ladder's 200
    # games, where the whole search won 0.545 (28 to 19)
    search_own_turn = True
    # where a solo seat's search stops: its next turn begins (bots.search)
    search_turn_ends = "ra.turn"

    def setup(self, ctx, table) -> None:
        setup.setup(ctx, table)
        start_round(ctx, table, 1)
        advance(ctx, table)

    @stated
    def situation(self, ctx, table, doc: dict) -> None:
        """A situation starts in the active player's action step, or in the event phase."""
        sit = setup.read_situation(table, doc)
        if sit.standard_setup:
            self.setup(ctx, table)
            return
        setup.lay_out(ctx, table, sit)
        ctx.emit("ra.round", {"round": sit.round, "first": table.game.first}, rule="SIT-0")
        active = table.game.first if sit.active is None else sit.active
        ctx.emit("ra.turn", {"seat": active, "round": sit.round}, rule="SIT-0")
        setup.start_inside(ctx, table, sit, active)
        if sit.phase == "event":
            eventphase.begin(ctx, table)
        advance(ctx, table)

    def dice(self, table):

        return {"casualty": Die("casualty", tuple(die_faces(table.game.die).faces))}
