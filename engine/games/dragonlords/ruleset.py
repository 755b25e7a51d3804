"""Quest for the DragonLords as a Runeledger ruleset: wiring of state, set-up, rules, prompts, views."""

from __future__ import annotations

from typing import ClassVar

from engine.boundary import ascii_int
from engine.commands import Optional
from engine.errors import BadInput
from engine.games.dragonlords import apply as fold
from engine.games.dragonlords import choices as tree
from engine.games.dragonlords import legal, names, resample, view
from engine.games.dragonlords.audit.narrate import describe
from engine.games.dragonlords.audit.why import why
from engine.games.dragonlords.bots import choices
from engine.games.dragonlords.choices import bot as tree_bot
from engine.games.dragonlords.choices import walk as tree_walk
from engine.games.dragonlords.dice import ALL
from engine.games.dragonlords.map.world import run_on, world
from engine.games.dragonlords.options import READINGS
from engine.games.dragonlords.preview import preview
from engine.games.dragonlords.state import DLState
from engine.games.dragonlords.turn.decisions import SECRET
from engine.games.dragonlords.turn.flow import SETUP
from engine.games.dragonlords.zone_names import ZONE_NAMES
from engine.ruleset import Option, Ruleset


def _options() -> dict[str, Option]:
    out = {
        r.name: Option(default=r.default, choices=r.choices, doc=f"{r.int_id}: {r.says}") for r in READINGS
    }
    out.update(
        {
            "races": Option(
                default="",
                doc="INT-09: races in army order, comma-separated (orc, elf, dwarf, "
                "barbarian); empty: in that order. Two players run four armies",
            ),
            "short_game": Option(
                default=False, doc="DL:5.1/short: tundra cannot be occupied; fewer kingdoms win"
            ),
            "kingdoms_to_win": Option(
                default=0, doc="DL:4.1/DL:5.1/short: kingdoms that win (0: 6, or 4 in the short game)"
            ),
            "long_game": Option(
                default=False, doc="DL:5.1/long: the Summon Elemental cards leave the scroll deck"
            ),
            "round_limit": Option(
                default=30,
                doc="ENG-CAP (not in the rulebook): end after N rounds, most kingdoms "
                "then territories win; 0 plays on until a rulebook victory",
            ),
        }
    )
    return out


# Whole-number options, their rule and their least value; kingdoms_to_win is also at most the
# kingdoms on the map (checked in check_options, which knows the map).
_COUNTS = {"kingdoms_to_win": ("DL:4.1", 0), "round_limit": ("ENG-CAP", 0)}


class DragonLords(Ruleset):
    name = "dragonlords"
    version = "1.0"
    summary = "Quest for the DragonLords (wargame: realms, fleets, quests in the wastelands, DragonLords)"
    players = (2, 3, 4)
    hidden_pools = ((r"scroll_deck|scrolls:\d+", False),)  # unseen scrolls, held or not
    options: ClassVar[dict[str, Option]] = _options()
    content_packs = ("base",)
    State = DLState
    zone_names: ClassVar[dict[str, str]] = ZONE_NAMES
    army_keys: ClassVar[frozenset[str]] = names.ARMY_KEYS  # army indexes, named by seat and race
    bot_command_limit = 20_000
    # The methods below the map run their function on the game's own map (map/world.run_on:
    # a situation may bring a board of its own), so they stay methods.
    implemented_in: ClassVar[dict[str, str]] = {
        "setup": "setup.deal:setup",
        "situation": "situations.load:lay_out",
        "handlers": "rules:subscriptions",
        "public_data": "view:public_data",
        "cards": "catalogue:catalogue",
        "check_overrides": "situations.overrides:check",
        "position_value": "worth:value",
        "panels": "panels:panels",
    }
    commands: ClassVar[dict[str, dict]] = {
        "place": {"to": str},
        "chips": {"king": str, "wizard": str, "decoy": str},
        "dock": {"to": str, "zone": str},
        "buy": {"what": str},
        "sail": {"ship": str, "to": str},
        "load": {"ship": str, "origin": str, "n": Optional(int), "hero": Optional(str)},
        "unload": {"ship": str, "to": str, "n": Optional(int), "hero": Optional(str)},
        "move": {"origin": str, "to": str, "n": Optional(int), "hero": Optional(str)},
        "teleport": {"hero": str, "to": str, "n": int, "with": Optional(str)},
        "attack": {"origin": str, "target": str, "n": Optional(int), "hero": Optional(str)},
        "sneak": {"origin": str, "target": str, "n": int, "wait": Optional(bool)},
        "fight": {"at": str},
        "stand": {},
        "teleport_away": {"hero": str, "to": str},
        "retreat": {"to": str, "n": Optional(int), "hero": Optional(str)},
        "march": {"origin": str, "to": str, "n": int},
        "burn": {"hero": str, "zone": str},
        "done": {},
        "enter": {"origin": str, "space": str, "n": Optional(int), "hero": Optional(str)},
        "quest": {"space": str},
        "go": {"to": str},
        "shop": {"what": str},
        "search": {},
        "leave": {"to": str},
        "scroll": {"card": str, "caster": str, "at": str},
        "casualty": {"unit": str},
        "stash": {"kingdom": str, "n": int},
        "spell": {"caster": str, "spell": str, "victim": str},
        "roll": {},
        "choose": {"option": str},
    }

    def check_options(self, options):
        """The counts named with their rule: a negative round limit or more kingdoms to win than
        the map holds would make a game no one can win as the rulebook says (DL:4.1)."""

        for key, (rule, least) in _COUNTS.items():
            if key not in options:
                continue
            value = options[key]
            try:
                if type(value) is not int and not isinstance(value, str):
                    raise TypeError(key)  # 1.5, True, None, a list: no count
                n = value if type(value) is int else ascii_int(value)  # not int('٣')
                if n is None:
                    raise ValueError(key)
            except (TypeError, ValueError):
                raise BadInput(rule, f"option {key}={value!r} is not a whole number") from None
            most = len(world().kingdoms) if key == "kingdoms_to_win" else None
            if n < least or (most is not None and n > most):
                raise BadInput(
                    rule,
                    f"option {key}={n} must be {least}..{most} (0: 6, or 4 in the short game)"
                    if most is not None
                    else f"option {key}={n} must be {least} or more (0: no limit)",
                )
        return super().check_options(options)

    def apply(self, table, ev) -> None:
        run_on(table.game, fold.apply, table, ev)

    def prompts(self, table):
        return run_on(table.game, legal.prompts, table)

    def legal_commands(self, table, seat):
        return run_on(table.game, legal.legal_commands, table, seat)

    def explain(self, table, seat, cmd):
        return run_on(table.game, legal.explain, table, seat, cmd)

    def dice(self, table):
        return dict(ALL)

    def game_view(self, table, seat):
        return run_on(table.game, view.game_view, table, seat)

    def command_vis(self, table, seat, cmd):
        """The chip placement is a secret decision (DL:2.3/placement), and so is the unit that gets
        a new wizard chip or treasure, or the wizard that learns a spell (decisions.py)."""
        if cmd.get("kind") == "chips":
            return [seat]
        ask = table.game.ask
        if cmd.get("kind") == "choose" and ask is not None and ask.kind in SECRET:
            return [seat]
        return None

    def in_setup(self, table):
        """Placement (P1-P6, DL:2.3/placement) counts as set-up: a bot may propose the rest of a
        seat's placements at once (bots/proposal.py)."""
        return table.game.phase in SETUP

    def question(self, table, seat, path, words=True):
        """The choice tree from the legal offers, by kind, field and count (choices/)."""
        return run_on(table.game, tree.question, table, seat, path, words)

    def same_choice(self, table, seat, cmd):
        return tree.same_choice(table, seat, cmd)

    def bot_options(self, table, seat, path, options):
        if path:  # below the first question a bot takes every option (asked at each question)
            return options
        return run_on(table.game, tree_bot.bot_options, table, seat, path, options)

    def bot_question(self, table, seat, path):
        return run_on(table.game, tree_bot.bot_question, table, seat, path)

    # MCTS settles each question of a decision with 8 iterations of its own (bots.search's
    # `_settle`): an attack is three or four questions (from where, which target, how many),
    # and the lower ones were left to one or two visits after the search spent itself on the
    # first, where greedy tries every option of every question twice.
    search_settles = 8

    def resample_hidden(self, table, seat, rng):
        resample.resample_hidden(table, seat, rng)

    def bot_walk(self, table, seat, rng):
        return run_on(table.game, tree_walk.bot_walk, table, seat, rng)

    def bot_choices(self, table, seat, legal_cmds):
        return run_on(table.game, choices, table, seat, legal_cmds)

    def describe(self, table, ev):
        return run_on(table.game, describe, table, ev)

    def why(self, table, ev, history):
        return run_on(table.game, why, table, ev, history)

    def preview(self, table, seat, cmd):
        return run_on(table.game, preview, table, seat, cmd)
