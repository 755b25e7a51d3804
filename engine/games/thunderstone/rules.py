"""The `thunderstone` ruleset: Thunderstone: Dragonspire (German edition "Drachenturm")."""

from __future__ import annotations

from typing import ClassVar

from engine.commands import Optional
from engine.games.thunderstone.state import State
from engine.games.thunderstone.zone_names import ZONE_NAMES
from engine.ruleset import Option, Ruleset


class Thunderstone(Ruleset):
    name = "thunderstone"
    commands: ClassVar[dict[str, dict]] = {  # the shapes legal.py documents
        "action": {"action": str, "board": Optional(str)},
        "use": {
            "card": str,
            "ability": int,
            "target": Optional(str),
            "stack": Optional(str),
            "seat": Optional(int),
            "guess": Optional(str),
            "opponent": Optional(int),
        },
        "offer": {"card": str},
        "done": {},
        "buy": {"stack": str},
        "pass": {},
        "level": {"card": str, "stack": Optional(str)},
        "destroy": {},
        "equip": {"weapon": str, "hero": str},
        "attack": {"monster": str},
        "choose": {"option": int | str},
        "spoils": {"source": str, "stack": str},
        "treasure": {"card": str},
    }
    version = "1.0"
    players = (1, 2, 3, 4, 5)
    hidden_pools = ((r"(deck|hand)\d+", True),)  # a rival\'s hand and deck (bots.search)
    options: ClassVar[dict[str, Option]] = {
        "setup": Option("random", ("random", "first_game"), "SET-0b: randomizers or the first game"),
        "thunderstone": Option(
            "random",
            ("random", "Stein der Verachtung", "Stein des Terrors"),
            "SET-R5: the Thunderstone, at random or by choice",
        ),
        "scenario": Option(
            "none",
            ("none", "Barrowsdale", "Doomgate", "Feaynischer Sumpf", "Drachenturm"),
            "CMP-8: play a scenario (besides any drawn as a dungeon feature)",
        ),
        "variant": Option(
            "competitive",
            ("competitive", "coop", "coop_brotherhood", "coop_unity", "solo"),
            "VAR-C: the co-op variant and its two harder levels (2-5 players); "
            "VAR-S: solo (1 player; 1 player always plays solo)",
        ),
        "solo_mode": Option(
            "alone",
            ("alone", "return"),
            "VAR-S: 'alone' = Allein in der Dunkelheit (stand-in base rules, VAR-S-SETUP), "
            "'return' = Die Rueckkehr (p.23, VAR-S-R1..R4)",
        ),
        "solo_level": Option(1, (1, 2, 3), "VAR-S-LEVEL (stand-in): solo difficulty, 3/2/1 countdown XP"),
    }
    content_packs = ("base",)
    State = State
    summary = "Thunderstone: Dragonspire (Drachenturm), competitive or co-op 2-5 players, solo 1"
    zone_names = ZONE_NAMES
    # random bots end every game in well under 1,000 commands (3,000 games of 2 players, 40 of
    # each player count); more than this is a stall, reported by `simulate` within a second
    bot_command_limit = 5_000
    # The game's own state holds no hidden card (hands and decks live in owner/hidden zones);
    # game_view adds the table's layout (view.py). bot_choices keeps random bots off legal but
    # pointless lines (bots.random_bot).
    implemented_in: ClassVar[dict[str, str]] = {
        "setup": "setup:setup",
        "game_view": "view:game_view",
        "situation": "setup:situation",
        "apply": "fold:apply",
        "handlers": "turns:HANDLERS",
        "prompts": "legal:prompts",
        "legal_commands": "legal:legal_commands",
        "explain": "legal:explain",
        "preview": "preview:preview",
        "describe": "narrate:describe",
        "why": "battle:why",
        "check_overrides": "content:check_overrides",
        "cards": "catalogue:catalogue",
        "position_value": "bot:position_value",
        "bot_choices": "bot:bot_choices",
        "question": "tree:question",
        "same_choice": "tree:same_choice",
        "bot_options": "tree:bot_options",
        "bot_walk": "walk:bot_walk",
        "panels": "panels:panels",
    }
    position_scale = 4.0
    # where a solo seat's search stops: the next turn begins (bots.search)
    search_turn_ends = "ts.turn"


RULESET = Thunderstone()
