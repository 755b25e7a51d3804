"""The `thunderstone` ruleset: Thunderstone: Dragonspire (German edition "Drachenturm")."""
from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from engine.games.thunderstone import bot, fold, legal, preview, setup, turns
from engine.games.thunderstone.state import State
from engine.games.thunderstone.zone_names import ZONE_NAMES
from engine.ruleset import Illegal, Option, Ruleset
from engine.commands import Optional


class Thunderstone(Ruleset):
    name = "thunderstone"
    commands: ClassVar[dict[str, dict]] = {  # the shapes legal.py documents
        "action": {"action": str, "board": Optional(str)},
        "use": {"card": str, "ability": int, "target": Optional(str), "stack": Optional(str),
                "seat": Optional(int), "guess": Optional(str), "opponent": Optional(int)},
        "offer": {"card": str}, "done": {}, "buy": {"stack": str}, "pass": {},
        "level": {"card": str, "stack": Optional(str)}, "destroy": {},
        "equip": {"weapon": str, "hero": str}, "attack": {"monster": str},
        "choose": {"option": int | str}, "spoils": {"source": str, "stack": str},
        "treasure": {"card": str},
    }
    version = "1.0"
    players = (1, 2, 3, 4, 5)
    options = {
        "setup": Option("random", ("random", "first_game"), "SET-0b: randomizers or the first game"),
        "thunderstone": Option("random", ("random", "Stein der Verachtung", "Stein des Terrors"),
                               "SET-R5: the Thunderstone, at random or by choice"),
        "scenario": Option("none", ("none", "Barrowsdale", "Doomgate", "Feaynischer Sumpf", "Drachenturm"),
                           "CMP-8: play a scenario (besides any drawn as a dungeon feature)"),
        "variant": Option("competitive", ("competitive", "coop", "coop_brotherhood", "coop_unity", "solo"),
                          "VAR-C: the co-op variant and its two harder levels (2-5 players); "
                          "VAR-S: solo (1 player; 1 player always plays solo)"),
        "solo_mode": Option("alone", ("alone", "return"),
                            "VAR-S: 'alone' = Allein in der Dunkelheit (stand-in base rules, VAR-S-SETUP), "
                            "'return' = Die Rueckkehr (p.23, VAR-S-R1..R4)"),
        "solo_level": Option(1, (1, 2, 3), "VAR-S-LEVEL (stand-in): solo difficulty, 3/2/1 countdown XP"),
    }
    content_packs = ("base",)
    State = State
    summary = "Thunderstone: Dragonspire (Drachenturm), competitive or co-op 2-5 players, solo 1"
    zone_names = ZONE_NAMES
    # random bots end every game in well under 1,000 commands (3,000 games of 2 players, 40 of
    # each player count); more than this is a stall, reported by `simulate` within a second
    bot_command_limit = 5_000

    position_value = staticmethod(bot.position_value)
    position_scale = 4.0

    def setup(self, ctx, table) -> None:
        setup.setup(ctx, table)

    def situation(self, ctx, table, doc: dict[str, Any]) -> None:
        setup.situation(ctx, table, doc)

    # the hottest calls of the core (every event, every decision): the functions themselves,
    # without a wrapper frame
    apply = staticmethod(fold.apply)

    def handlers(self):
        return turns.HANDLERS

    prompts = staticmethod(legal.prompts)

    legal_commands = staticmethod(legal.legal_commands)

    def explain(self, table, seat: int, cmd: dict[str, Any]) -> Illegal | None:
        return legal.explain(table, seat, cmd)

    def preview(self, table, seat: int, cmd: dict[str, Any]) -> str | None:
        return preview.preview(table, seat, cmd)

    def describe(self, table, ev):
        """The event in words as its viewer sees it (narrate.py)."""
        from engine.games.thunderstone import narrate
        return narrate.describe(table, ev)

    bot_choices = staticmethod(bot.bot_choices)
    """Random bots skip legal but pointless lines (bots.random_bot reads this if present)."""

    def why(self, table, ev, history) -> list[dict[str, Any]]:
        from engine.games.thunderstone.battle import why
        return why(table, ev, history)

    def check_overrides(self, overrides: dict[str, Any]) -> dict[str, Any]:
        """Situation card overrides: the values battle maths reads (docs/disputes.md)."""
        from engine.games.thunderstone.battle import OVERRIDABLE
        from engine.games.thunderstone.content import cards
        from engine.readings import check_override_table
        return check_override_table(self, overrides, OVERRIDABLE, cards())

    def cards(self) -> list:
        """Every card of the box (and the rulebook-example cards apart) with each value's source."""
        from engine.games.thunderstone.catalogue import catalogue
        return catalogue()

    def game_view(self, table, seat: int | None) -> Any:
        """The game's own state holds no hidden card: hands and decks live in owner/hidden zones."""
        return msgspec.to_builtins(table.game)


RULESET = Thunderstone()
