"""Keeping random bots purposeful one question at a time (Ruleset.bot_options): the habits of
policy.py (`choices`) applied to the options of one question of the choice tree, so a bot
walking the tree never needs the full list of legal commands.

Each option stands for the commands below it: a leaf for its command; a lazy step, a pick or a
further step of a kind whose fields a habit reads (where to move, how many wounds a rest
sheds, whom an attack targets...) for the commands found by walking it (small branches);
any other option for a stand-in of its kind (goals.stand_in: "a play", "an activation"), which
the habits keep where they cannot judge it. The policy narrows this list as it narrows the
flat one, and an option is kept when one of its commands is. So at the first question the
kind habits decide (announce, rest a clogged hand, explore, travel, fight, no concede), and
below it the command habits choose among the leaves (the strongest play for move points, the
step towards the goal, the attack on most enemies), whatever shape the tree has."""

from __future__ import annotations

from functools import partial
from typing import Any

from engine import choices as tree
from engine.choices import Node
from engine.games.mage_knight import legal, state
from engine.games.mage_knight.bots.combat_plan import PHASE_BINS, keep
from engine.games.mage_knight.bots.goals import is_open, points, stand_in
from engine.games.mage_knight.bots.policy import choices, directed
from engine.games.mage_knight.choices.tree import (
    kind_step,
    part_options,
    phase_commands,
    turn_commands,
    turn_parts,
)
from engine.mechanics.zones import card_name
from engine.ruleset import with_ruleset

# The kinds whose fields the habits read: their branches are walked to their commands.
PEEKED = (
    "move",
    "challenge",
    "rest",
    "joint_answer",
    "joint_assault",
    "auction_bid",
    "attack",
    "block",
    "assign",
)
# Kinds whose step in the turn's first question leads to exactly its part's commands (each its
# own choice): read from the part's list instead of walking the step.
LISTED = ("move", "rest", "challenge", "activate")
MAX_PICK = 64  # a pick of more sets than this stays a stand-in (tree.leaves refuses it)
# Kinds the habits read only by their kind at the first question of a turn outside a combat
# (policy.choices drops them, or keeps them last among the "busy" kinds; no habit reads their
# fields or asks whether one is there): `bot_question` lists their parts only when kept.
BY_KIND = frozenset(
    (
        "skill",
        "centre",
        "activate",
        "banner",
        "ready_unit",
        "tactic_use",
        "tunnel",
        "glade",
        "chant",
        "plunder",
        "concede",
        "end_turn",
    )
)


@with_ruleset
def bot_options(rs, table, seat: int, path: list[Any], options: list[Node]) -> list[Node]:
    """The options of the question at `path` worth choosing from: a non-empty subset."""
    if len(options) < 2:
        return options
    peeked = _peeked(table, seat, options) if not path else PEEKED
    owner, cmds = _owned([_commands(rs, table, seat, node, peeked) for node in options])
    if _all_kept(table, cmds):
        return options
    kept = {owner[id(c)] for c in choices(table, seat, cmds)}
    return [o for i, o in enumerate(options) if i in kept] or options


def _owned(found: list[list[dict]]) -> tuple[dict[int, int], list[dict]]:
    """The commands each option stands for, in one list, and the option each came from (by
    the command object's id: the habits hand back the very objects they keep)."""
    owner: dict[int, int] = {}
    cmds: list[dict] = []
    for i, mine in enumerate(found):
        for c in mine:
            owner[id(c)] = i
            cmds.append(c)
    return owner, cmds


def _all_kept(table, cmds: list[dict]) -> bool:
    """Stand-ins of one kind knowing nothing more, or (part 1's bots) plays known by their card
    only ("Which card?"): the habits keep them all (each keeps what it cannot judge, and part
    1's only reading of a play, whether it may give move points, is yes for a stand-in), so
    there is nothing to ask them."""
    kinds = {c["kind"] for c in cmds}
    if len(kinds) != 1 or not all(is_open(c) for c in cmds):
        return False
    return all(len(c) == 2 for c in cmds) or (kinds == {"play"} and not directed(table))


def _peeked(table, seat: int, options: list[Node]) -> tuple[str, ...]:
    """The kinds worth walking at the first question of a turn: only those whose fields a habit
    still reads once the kinds open are known (policy.choices, in its order). Announcing or
    exploring wins over any move; outside part 2's directed habits only moves and rests are
    read (where to step, how many wounds a rest sheds), never an attack, block or challenge."""
    if phase_commands(table, seat) is not None:  # outside the turn: short lists
        return PEEKED
    kinds = {tree.kind_of(o) for o in options}
    if "announce" in kinds:
        return ()
    if "explore" in kinds:
        return ("rest",)
    if _fighting(table, seat):  # which units help in this phase (goals.unit_help)
        return (*PEEKED, "activate")
    if directed(table):
        return PEEKED
    return ("rest", "move") if table.game.combat is None else ("rest",)


def _commands(rs, table, seat: int, node: Node, peeked: tuple[str, ...] = PEEKED) -> list[dict]:
    """The commands an option stands for: its own, those found below it (a kind in `peeked`),
    or a stand-in of its kind."""
    if node.command is not None:
        return [node.command]
    kind = tree.kind_of(node)
    if kind == "play" and node.expand == [["kind", "play"]] and _fighting(table, seat):
        return _card_stand_ins(table, seat)
    if kind in peeked and _worth_walking(table, seat, kind):
        if kind in LISTED and node.expand == [["kind", kind]] and phase_commands(table, seat) is None:
            return turn_commands(table, seat, kind) or [stand_in({"kind": kind})]
        try:
            found = list(tree.leaves(node, lambda p: tree.walk(rs, table, seat, p, False), MAX_PICK))
        except ValueError:  # a pick too large to enumerate
            found = []
        if found:
            return found
    base = node.pick.command if node.pick is not None else {"kind": kind, **_path_fields(node.expand)}
    return [stand_in(base)]


def _fighting(table, seat: int) -> bool:
    """In a combat of the seat's turn under part 2's habits (goals.fight)."""
    return table.game.combat is not None and directed(table) and phase_commands(table, seat) is None


def _card_stand_ins(table, seat: int) -> list[dict]:
    """In a combat of part 2's habits, the first question's "play" as one stand-in per card in
    hand (what "Which card?" offers): the fight habits weigh each card's best points of the
    phase (goals.points) and give up a phase no card helps, without listing any play."""
    names = sorted({card_name(c) for c in table.zone(state.hand(seat))} - {"wound"})
    return [stand_in({"kind": "play", "card": n}) for n in names] or [stand_in({"kind": "play"})]


def _path_fields(path: Any) -> dict[str, Any]:
    """The fields a lazy step's path names as `[field, value]` steps after `["kind", K]` (the
    default tree's way, and any tree's that says so): what the commands below it all share."""
    if not isinstance(path, list):
        return {}
    return {
        step[0]: step[1]
        for step in path[1:]
        if isinstance(step, list)
        and len(step) == 2
        and isinstance(step[0], str)
        and step[0] != "kind"
        and isinstance(step[1], _SCALARS)
    }


_SCALARS = (str, int)  # (a tuple made once: `str | int` would build a union at every test)


def _worth_walking(table, seat: int, kind: str) -> bool:
    """Rests are read only to shed wounds (policy.choices): with none in hand, a stand-in."""
    if kind == "rest":
        return any(card_name(c) == "wound" for c in table.zone(state.hand(seat)))
    return True


def bot_question(rs, table, seat: int, path: list[Any]) -> list[Node] | None:
    """The options `bot_options` keeps of the question at `path`, found without building the
    options the habits drop: None where this cannot tell (the bot then asks the question in
    full and narrows it). Only the first question of a turn (not in PvP), where a turn has many
    parts and the habits keep one or two kinds. Outside a combat, announcing, a rest shedding
    wounds or exploring decide before anything else is listed; otherwise the parts of the
    BY_KIND kinds stand in as one stand-in per kind, and the answer holds when the habits keep
    none of those stand-ins (they read those kinds only to drop them or keep them last, so
    whether such a part lists anything cannot change what else they keep). In a combat the
    skills stand in alike (`_in_combat`). The options kept are the very nodes of the full
    question, in its order: the walk takes the same one."""
    game = table.game
    if path or table.over or table.awaiting or game.pvp:
        return None
    if phase_commands(table, seat) is not None or legal.prompt_of(table, seat) is None:
        return None
    aimed = directed(table)
    if game.combat is not None and not aimed:  # part 1's bots keep every kind in a combat
        return None
    parts = turn_parts(table, seat)
    if game.combat is not None:
        return _in_combat(rs, table, seat, parts)
    first = _decided_first(rs, table, seat, parts)
    if first is not None:
        return first
    if not aimed and not table.zone(state.TILES):  # part 1's walk to the edge is over
        return None
    options, standing = _split(rs, table, seat, parts, BY_KIND if aimed else BY_KIND_PART1)
    return _kept(table, seat, _with_commands(rs, table, seat, options), standing)


# Part 1's bots (First Reconnaissance) read fights, recruiting and buying only by kind too:
# only part 2's habits weigh them (goals.recruit, travel, winnable).
BY_KIND_PART1 = BY_KIND | {
    "challenge",
    "enter",
    "burn",
    "recruit",
    "buy_heal",
    "buy_aa",
    "buy_spell",
    "city_buy",
}


def _decided_first(rs, table, seat: int, parts: list) -> list[Node] | None:
    """The habits that come before any other (policy.choices' order): announce the round's
    end, rest away two wounds or more (or a hand of wounds), explore; None when none decides.
    Before them the habits only drop commands of other kinds, never all of these."""
    by_kind = {k: part for part in parts for k in part.kinds}
    announce = by_kind.get("announce")
    if announce is not None:
        nodes = part_options(rs, table, seat, announce, False)
        if nodes:
            return nodes
    rest = by_kind.get("rest")
    if rest is not None and _worth_walking(table, seat, "rest"):
        nodes = part_options(rs, table, seat, rest, False)
        found = [(i, c) for i, n in enumerate(nodes) for c in _commands(rs, table, seat, n, ("rest",))]
        rests = [(i, c) for i, c in found if c["kind"] == "rest" and not is_open(c)]
        if rests:
            most = max(c["wounds"] for _, c in rests)
            if most >= 2 or rests[0][1]["card"] == "wound":
                kept = {i for i, c in rests if c["wounds"] == most}
                return [n for i, n in enumerate(nodes) if i in kept]
    explore = by_kind.get("explore")
    if explore is not None:
        nodes = part_options(rs, table, seat, explore, False)
        if len(nodes) == 1:  # one option: kept whatever far_explore reads in it
            return nodes
        if nodes:
            return None
    return None


COMBAT_BY_KIND = frozenset(("skill", "centre"))  # in a combat units are read (goals.unit_help)
# In the damage phase the fight habit reads only the damage assignments (goals.fight): the
# cards, units and skills stand in by kind (the cards' test would list every card's plays).
DAMAGE_BY_KIND = COMBAT_BY_KIND | {"play", "activate", "banner"}


def _in_combat(rs, table, seat: int, parts: list) -> list[Node] | None:
    """The first question of a combat with the skills standing in (the fight habits never
    read them). In the ranged phase the cards' step is assumed there and not there, and its
    test (no card may be played sideways for a ranged attack, so it lists every card's plays)
    is made only when the habits' answers differ. In the damage phase only where damage may
    go to a unit (the habit then keeps those assignments, whatever else is open: the cards,
    units and skills stand in); else the habits keep every kind and the question is asked."""
    phase = table.game.combat.phase
    at = next((i for i, p in enumerate(parts) if p.kinds == ("play",) and p.probe is not None), None)
    if phase == "damage":
        if not any(c["kind"] == "assign" and c["to"] != "hero" for c in _fight_part(parts)):
            return None
        options, standing = _split(rs, table, seat, parts, DAMAGE_BY_KIND)
        return _kept(table, seat, _with_commands(rs, table, seat, options), standing)
    if phase != "ranged" or at is None:
        options, standing = _split(rs, table, seat, parts, COMBAT_BY_KIND)
        return _kept(table, seat, _with_commands(rs, table, seat, options), standing)
    head, before = _split(rs, table, seat, parts[:at], COMBAT_BY_KIND)
    tail, after = _split(rs, table, seat, parts[at + 1 :], COMBAT_BY_KIND)
    standing = before + after
    known = _with_commands(rs, table, seat, head + tail)
    plays = _with_commands(rs, table, seat, [kind_step("play", False)])
    without = _kept(table, seat, known, standing)
    with_cards = _kept(table, seat, known[: len(head)] + plays + known[len(head) :], standing)
    if without is not None and with_cards is not None and _same(without, with_cards):
        return without
    return with_cards if parts[at].probe() else without


def _fight_part(parts: list) -> list[dict]:
    """The combat's own commands (attack, block, assign, next), as their part lists them."""
    return next((p.make() for p in parts if "assign" in p.kinds), [])


def _same(a: list[Node], b: list[Node]) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))


def _stand_ins(kinds: tuple[str, ...]) -> list[dict]:
    """A stand-in for each kind, made once per tuple of kinds (the habits read stand-ins and
    never change them; `_kept` tells them from listed commands by identity, which holds)."""
    got = _STANDING.get(kinds)
    if got is None:
        got = _STANDING[kinds] = [stand_in({"kind": k}) for k in kinds]
    return got


_STANDING: dict[tuple[str, ...], list[dict]] = {}


def _split(rs, table, seat: int, parts: list, by_kind: frozenset) -> tuple[list[Node], list[dict]]:
    """The options of the parts the habits read, and a stand-in for each kind of the parts
    whose kinds are all in `by_kind` (not listed)."""
    options: list[Node] = []
    standing: list[dict] = []
    for part in parts:
        if by_kind.issuperset(part.kinds):
            standing += _stand_ins(part.kinds)
        else:
            options += part_options(rs, table, seat, part, False)
    return options, standing


def _with_commands(rs, table, seat: int, options: list[Node]) -> list[tuple[Node, list[dict]]]:
    """Each option with the commands it stands for at the first question (as bot_options
    reads them; announce and explore are known absent here)."""
    peeked = _peeked(table, seat, options)
    return [(node, _commands(rs, table, seat, node, peeked)) for node in options]


def _kept(table, seat: int, known: list[tuple[Node, list[dict]]], standing: list[dict]) -> list[Node] | None:
    """`bot_options` of the first question whose options are `known` and the parts standing
    in: the kept options when the habits keep none of the stand-ins."""
    if not known:  # only kinds the habits keep last: all of them are listed
        return None
    owner, cmds = _owned([found for _, found in known])
    kept = choices(table, seat, cmds + standing)
    if not kept or any(id(c) not in owner for c in kept):
        return None
    chosen = {owner[id(c)] for c in kept}
    if len(chosen) < len(known) and (len(known) < 2 or _all_kept(table, cmds)):
        return None  # where the stand-ins' parts list nothing, bot_options keeps every option
    return [node for i, (node, _) in enumerate(known) if i in chosen]


@with_ruleset
def plan_options(rs, table, seat: int):
    """The turn planner's narrowing for this decision (the ruleset's `plan_options` hook, read
    by bots/planner.py), or None where the habits alone decide (`bot_options`, with its quick
    first question). In a combat of the seat's turn under part 2's habits, outside the damage
    phase: the combat solver's (bots/combat_plan.py), which keeps the options that carry out its
    allocation of cards and units, and the habits where it says nothing. (Also in city assaults,
    where the siege line leads the block and damage phases: FC seeds 0-29 fame 14.0 with, 13.85
    without. Judging the fights a seat may pick before they start was tried and dropped: fewer
    fights, fame 11.0 and 10.7 against 12.8.)"""
    c = table.game.combat
    if c is None or c.phase not in PHASE_BINS or not _fighting(table, seat):
        return None
    return _bound(rs)


def _bound(rs):
    """`planned_options` bound to the ruleset, made once per ruleset object."""
    got = _PLANNED.get(id(rs))
    if got is None or got[0] is not rs:
        got = _PLANNED[id(rs)] = (rs, partial(planned_options, rs))
    return got[1]


_PLANNED: dict[int, tuple] = {}  # id(ruleset) -> (ruleset, planned_options bound to it)


@with_ruleset
def planned_options(rs, table, seat: int, path: list[Any], options: list[Node]) -> list[Node]:
    """`bot_options` with the combat solver's choice first: of the question's options those
    whose commands carry out the plan (a non-empty subset), else the habits'."""
    if len(options) < 2 or not _fighting(table, seat) or table.game.combat.phase not in PHASE_BINS:
        return bot_options(rs, table, seat, path, options)
    peeked = _peeked(table, seat, options) if not path else PEEKED
    owner, cmds = _owned([_commands(rs, table, seat, node, peeked) for node in options])
    kept = keep(table, seat, cmds, _phase_points(table))
    if not kept:
        return bot_options(rs, table, seat, path, options)
    chosen = {owner[id(c)] for c in kept if id(c) in owner}
    return [o for i, o in enumerate(options) if i in chosen] or bot_options(rs, table, seat, path, options)


def _phase_points(table):
    """How a play's points count for a need of the plan (goals.points): block, the attack kinds
    a ranged defeat may use, or any attack."""
    known: dict = {}

    def read(cmd: dict, need) -> int:
        if need.kind == "b":
            return points(table, cmd, ("block",), (), known)
        return points(table, cmd, ("attack",), need.types if need.kind == "r" else (), known)

    return read
