"""Mage Knight as a Runeledger ruleset (issue 12, part 1): wiring of state, set-up, rules,
prompts and views; combat runs in combat.py, wired by fight.py."""

from __future__ import annotations

from functools import cached_property
from typing import ClassVar

from engine.commands import Optional, renamed_kinds
from engine.games.mage_knight.bots import tree_policy
from engine.games.mage_knight.choices import tree
from engine.games.mage_knight.combat import words as combat_words
from engine.games.mage_knight.combat.catalog_entries import combat_catalog
from engine.games.mage_knight.combat.machine import FIELDS
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.mana.rules import MANA_DIE
from engine.games.mage_knight.scenarios import setup
from engine.games.mage_knight.scenarios.catalog_entries import part2_catalog
from engine.games.mage_knight.state import MKState
from engine.games.mage_knight.turn.flow import begin_round
from engine.games.mage_knight.turn.tactics import private
from engine.games.mage_knight.zone_names import ZONE_NAMES
from engine.ruleset import Option, Ruleset

# A set of cards: comma-joined names, or (a choice tree's pick) a list of names
# (legal.same_command joins them).
CARD_SET = str | list[str]


class MageKnight(Ruleset):
    name = "mage-knight"
    version = "0.1"
    summary = "Mage Knight (Ultimate Edition): every scenario of the scenario book"
    players = (1, 2, 3, 4)
    hidden_pools = (
        (r"(deck|hand):\d+", True),  # a rival's hand and deck (bots.search)
        # face-down enemy tokens, in their stacks or garrisoning a site: alike but for their colour
        (r"enemies:[a-z]+|garrison:.+", False, r"[a-z]+(?=_)"),
    )
    options: ClassVar[dict[str, Option]] = {
        "scenario": Option(
            default="first_reconnaissance",
            choices=setup.SCENARIOS + tuple(x.replace("_", "-") for x in setup.SCENARIOS),
            doc="MK:18-22:Scen:*: the scenario (content/scenarios.json)",
        ),
        "heroes": Option(
            default="random", doc="MK:3:Setup:1: comma-separated heroes in seat order, or random"
        ),
        "variants": Option(
            default="",
            doc="MK:16-17:Var:*: comma-separated variants (arrival_at_night, "
            "darkness_falls, be_nice, random_cities, rampaging_evil, more_rampaging_evil)",
        ),
        "teams": Option(
            default="",
            doc="MK:15:Team: 4-player teams of a scenario that has them: 'random' or seats like '0+2,1+3'",
        ),
        "shape": Option(
            default="wedge",
            choices=("wedge", "open"),
            doc="MK:14:Shape: map shape of First Reconnaissance (other scenarios: their own)",
        ),
    }
    content_packs = ("base",)
    zone_names = ZONE_NAMES
    State = MKState
    commands: ClassVar[dict[str, dict]] = {
        "tactic": {"tactic": str, "discard": Optional(CARD_SET), "die": Optional(int), "card": Optional(str)},
        "tactic_use": {
            "tactic": str,
            "cards": Optional(CARD_SET),
            "dice": Optional(str),
            "mode": Optional(str),
        },
        "level_up": {"skill": str, "card": str},
        "play": {
            "card": str,
            "mode": str,
            "option": int,
            "pay": str,
            "target": Optional(str),
            "dice": Optional(str),
            "boost": Optional(str),
            "boost_option": Optional(int),
            "space": Optional(str),
            "blocked": Optional(str),
        },
        "ready_unit": {"uid": str},
        "banner": {"unit": str, "target": Optional(str)},
        "centre": {"skill": str, "owner": int, "option": int},
        "answer": {"pick": str},
        "reward": {"card": Optional(str), "colour": Optional(str)},
        "move": {"to": str, "challenge": Optional(str)},
        "explore": {"at": str},
        "rest": {"card": str, "wounds": int},
        "end_turn": {"discard": Optional(CARD_SET)},
        "announce": {},
        "recruit": {"unit": str, "disband": Optional(str)},
        "buy_heal": {},
        "buy_aa": {"card": str},
        "buy_spell": {"card": str, "pay": str},
        "plunder": {},
        "activate": {"unit": str, "ability": int, "option": int, "pay": str},
        "skill": {"skill": str, "option": int, "target": Optional(str)},
        "challenge": {"space": str},
        "enter": {"pay": Optional(str)},
        "burn": {},
        "attack": {"targets": list, "use": list},
        "block": {"enemy": str, "attack": int},
        "cumbersome": {"enemy": str, "attack": int, "points": int},
        "assign": {"enemy": str, "attack": int, "to": str},
        "next": {},
        "city_buy": {"what": str, "card": Optional(str)},
        "secret": {"space": str},
        "tunnel": {"to": str},
        "glade": {},
        "chant": {},
        "joint_assault": {"shares": str},
        "joint_answer": {"agree": bool},
        "pvp": {"target": int},
        "pvp_commit": {"mode": str},
        "pvp_attack": {},
        "pvp_pass": {},
        "pvp_block": {},
        "pvp_damage": {"to": str},
        "improve": {"card": str, "remove": str},
        "combat_die": {"colour": str},
        "auction_name": {"hero": str},
        "auction_bid": {"fame": int},
        "concede": {},
        "draft_pick": {"card": str},
        "draft_add": {"card": str},
    }
    bot_command_limit = 20_000
    # The combat kinds were written with the game's prefix (mk_attack, ...) until issue 26:
    # games stored before read, replay and verify under today's names (engine.upcast).
    event_renames, upcasters = renamed_kinds(
        {f"mk_{kind}": kind for kind in ("attack", "block", "cumbersome", "assign", "next")}
    )
    implemented_in: ClassVar[dict[str, str]] = {
        "apply": "apply:apply",
        "handlers": "commands:subscriptions",
        "prompts": "legal:prompts",
        "legal_commands": "legal:legal_commands",
        "explain": "legal:explain",
        "same_command": "legal:same_command",
        "game_view": "view:game_view",
        "public_data": "turn.tactics:public_data",
        "situation": "situations.setup:lay_out",
        "cards": "content.catalogue:catalogue",
        "describe": "audit.narrate:describe",
        "why": "audit.why_combat:why",
        "check_overrides": "situations.check_overrides:check",
        "position_value": "bots.position:position_value",
        "plan_worth": "bots.worth:worth",
        "plan_lines": "bots.campaign:lines",
        "plan_options": "bots.tree_policy:plan_options",
        "redealt": "cities.hidden:redealt",
        "bot_choices": "bots.policy:choices",
        "bot_options": "bots.tree_policy:bot_options",
        "panels": "panels:panels",
    }

    @cached_property
    def catalog(self):
        """catalog.toml plus the combat module's own entries (combat_rules.py) and part 2's
        (part2_rules.py)."""

        return Ruleset.catalog.func(self).merged(combat_catalog()).merged(part2_catalog())

    def setup(self, ctx, table) -> None:
        content()
        if not setup.setup(ctx, table):  # (the Hero Auction begins round 1 when it is over)
            begin_round(ctx, table, 1)

    def preview(self, table, seat, cmd):
        """Combat decisions in words (totals against armour, block against need, wounds)."""
        c = table.game.combat
        if c is None:
            return None

        if cmd.get("kind") not in FIELDS:
            return None
        return combat_words.outcome(combat_words.Names(c), cmd)[1]

    def question(self, table, seat, path, words=True):
        """Mage Knight's own questions (choices/tree.py): built from the turn's parts, one
        question at a time, never from the full list of legal commands."""
        return tree.question(self, table, seat, path, words)

    def bot_question(self, table, seat, path):
        """The options a random bot chooses among at `path` (bots/tree_walk.py), built without
        the parts its habits drop; None: ask the question and narrow it (tree_policy.py)."""
        return tree_policy.bot_question(self, table, seat, path)

    def same_choice(self, table, seat, cmd):
        """Card sets as listed, copies in an offer by name, Source dice by colour."""
        return tree.same_choice(table, seat, cmd)

    def command_vis(self, table, seat, cmd):
        """Preparation's card and Midnight Meditation's cards are the seat's secret."""

        return (
            [seat] if private(cmd) or cmd.get("kind") in ("combat_die", "draft_pick", "draft_add") else None
        )

    def dice(self, table):
        return {"mana": MANA_DIE}

    position_scale = 5.0
    # The search bots weigh a decision's first question whole, not as the random bot's habits
    # narrow it (bots.search): the habits leave one option at the big choices (assault, fight,
    # the route's step), and greedy following them valued its options differently at 3 of 43
    # questions of a game (greedy against random 0.55 of 40 games; whole, 0.90 of 200)
    search_widens = True
    # MCTS searches the seat's own turn on common random numbers (bots.search's turn search):
    # the whole search at 8 iterations did not beat greedy (0.47, seeds 3 to 4 of 16 games,
    # about 29 CPU-s a game); the turn search won 0.76 of 40 (seeds 13 to 2), 3.6 CPU-s a game
    search_own_turn = True
    # A solo seat's turn search stops where its turn ends (the dummy's turns are no seat's)
    search_turn_ends = "mk.turn_done"
