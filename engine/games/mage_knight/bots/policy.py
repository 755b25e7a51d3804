"""Keeping random bots purposeful (Ruleset.bot_choices): a subset of the legal commands, never
a change of what is legal. Bots announce the round's end when they may (a hand of wounds could
otherwise fight on forever), rest away a hand clogged with wounds, explore when they can, walk
toward the unexplored edge of the map, and play cards for move points to get there. In every
scenario but First Reconnaissance (part 1's games as they were) the habits of bot_goals.py come
first: where to explore and walk, when to assault a city, recruiting, and how to fight."""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.bots.goals import (
    CHALLENGE_STRENGTH,
    PICKED_FIGHTS,
    far_explore,
    fight,
    is_open,
    joint_answer,
    joint_proposals,
    play_atoms,
    recruit,
    strength,
    travel,
)
from engine.games.mage_knight.cards.carry_out import borrowed
from engine.games.mage_knight.map.board import placed_centres, unkey
from engine.games.mage_knight.players.pvp_turn import visit_ok
from engine.games.mage_knight.scenarios.hero_auction import bot_choices
from engine.mechanics import hexgrid
from engine.mechanics.zones import card_name


def open_slots(table) -> list[hexgrid.Hex]:
    """Centres of the open tile positions next to the map (where exploring leads). Kept with
    the placed tiles it reads: the map grows a tile at a time, the bot asks at every step.
    Shared: callers do not change it."""
    return _edge(table)[1]


def edge_steps(table, key_: str) -> int:
    """`to_edge` of space `key_` with the open slots of the table's map, kept with them."""
    _, slots, steps = _edge(table)
    got = steps.get(key_)
    if got is None:
        got = steps[key_] = to_edge(slots, unkey(key_))
    return got


def _edge(table) -> tuple[tuple, list[hexgrid.Hex], dict[str, int]]:
    global _LAST_EDGE
    tiles = tuple(table.game.board.tiles)
    if _LAST_EDGE[0] != tiles:
        _LAST_EDGE = (tiles, list(hexgrid.open_tile_slots(placed_centres(table.game.board))), {})
    return _LAST_EDGE


_LAST_EDGE: tuple[tuple, list[hexgrid.Hex], dict[str, int]] = ((), [], {})  # (tiles, slots, steps)


def to_edge(slots: list[hexgrid.Hex], h: hexgrid.Hex) -> int:
    """Steps from `h` to the nearest hex of an open tile position: a tile is its centre and
    the ring around it, so one step less than to the nearest centre (none from inside)."""
    return max(min(hexgrid.distance(h, c) for c in slots) - 1, 0)


def directed(table) -> bool:
    """Part 2's habits (goals.py) apply: every scenario but First Reconnaissance (part 1's
    games as they were)."""
    return table.game.scenario != "first_reconnaissance"


def gives_move(table, cmd: dict, known: dict | None = None) -> bool:
    """The play yields move points. `known` keeps each (card, mode)'s resolutions in this state."""
    if cmd["kind"] != "play":
        return False
    if is_open(cmd):  # a stand-in for plays: some may
        return True
    seat = table.game.active  # the seat's own situation (night, terrain, conversions)
    atoms = play_atoms(table, cmd, known)
    if cmd.get("boost"):  # a boosted, repeated or borrowed card (or skill): its own effect
        mode = next(
            (v[2] if k == "use_offered" else v[0] for k, v in atoms if k in ("use_offered", "repeat")),
            "powered",
        )
        atoms = borrowed(table, seat, card_name(cmd["boost"]), mode)[cmd["boost_option"]]
    return any(k == "move" for k, _ in atoms)


def no_visits(table, seat: int, legal: list[dict]) -> list[dict]:
    """Bots do not step onto another hero's space where no PvP may start (MK:7:Move:8e): they
    could take no action there and would be withdrawn with wounds at the end of the turn."""

    if not any(c["kind"] == "move" for c in legal):
        return legal
    busy = {q.pos for s, q in enumerate(table.game.players) if s != seat and q.pos}
    return [
        c
        for c in legal
        if not (c["kind"] == "move" and c.get("to") in busy and visit_ok(table, seat, c["to"]))
    ] or legal


def choices(table, seat: int, legal: list[dict]) -> list[dict]:
    if table.game.phase == "auction":  # the Hero Auction (auction.py)
        return bot_choices(legal)
    kinds = {c["kind"] for c in legal}  # (each filter of a kind below only where it is offered)
    if "concede" in kinds:
        legal = [c for c in legal if c["kind"] != "concede"] or legal  # bots play on
    if "move" in kinds:
        legal = no_visits(table, seat, legal)
    if table.game.asks and table.game.asks[0]["do"] == "glade_wound":  # a wound in hand clogs the next hand
        return [c for c in legal if c.get("pick") == "hand"] or legal
    if "skill" in kinds and isinstance(table.game.players[seat].turn_effects.get("sideways"), list):
        # engine bug (reported): a numeric sideways effect (Who Needs Magic) on top of I Don't
        # Give a Damn's [basic, other] pair fails in turn_effects.fold; bots skip skills then
        legal = [c for c in legal if c["kind"] != "skill"] or legal
    path = table.game.players[seat].path
    if (
        "move" in kinds
        and path
        and (table.game.scenario != "first_reconnaissance" or table.options.get("variants"))
    ):  # (part 1's games as they were)
        legal = [
            c for c in legal if not (c["kind"] == "move" and c.get("to") in path)
        ] or legal  # no going back
    kinds = {c["kind"] for c in legal}
    if "joint_answer" in kinds and table.game.scenario != "first_reconnaissance":
        return joint_answer(table, seat, legal)
    rests = [c for c in legal if c["kind"] == "rest" and not is_open(c)]
    if "announce" in kinds:
        return [c for c in legal if c["kind"] == "announce"]
    if rests:
        most = max(c["wounds"] for c in rests)
        if most >= 2 or rests[0]["card"] == "wound":
            return [c for c in rests if c["wounds"] == most]
    aimed = directed(table)
    if "explore" in kinds:
        explores = [c for c in legal if c["kind"] == "explore"]
        return far_explore(explores) if aimed else explores
    if aimed and table.game.combat is not None:
        habit = fight(table, legal)
        if habit:
            return habit
    # readying a unit for influence and using it again can loop forever (Ruthless Coercion + Peasants)
    if "ready_unit" in kinds:
        legal = [c for c in legal if c["kind"] != "ready_unit"] or legal
        kinds = {c["kind"] for c in legal}
    if (
        path and "move" in kinds
    ):  # no step back onto a space of this turn's path (free steps could loop forever)
        been = set(path)
        legal = [c for c in legal if c["kind"] != "move" or c.get("to") not in been] or legal
        kinds = {c["kind"] for c in legal}
    if aimed and table.game.combat is None:
        goal = recruit(table, seat, legal) or travel(table, seat, legal)
        if goal:
            return goal
        legal = [c for c in legal if c["kind"] != "move"] or legal  # no aimless steps
        if "joint_assault" in kinds:  # no proposal the partners would refuse, again and again
            sound = joint_proposals(table, seat, [c for c in legal if not is_open(c)])
            legal = [c for c in legal if c["kind"] != "joint_assault" or is_open(c) or c in sound] or legal
        if strength(table, seat) < CHALLENGE_STRENGTH:  # no fight picked with a thin hand
            legal = [c for c in legal if c["kind"] not in PICKED_FIGHTS] or legal
    if table.game.combat is None and table.zone(state.TILES):
        moves = [c for c in legal if c["kind"] == "move"]
        slots = open_slots(table) if moves else []
        if slots:
            now = edge_steps(table, table.game.players[seat].pos)
            closer = [c for c in moves if not is_open(c) and edge_steps(table, c["to"]) < now]
            if closer:
                return closer
        known: dict = {}
        walk = [c for c in legal if gives_move(table, c, known)]
        if walk:
            return walk
        if moves:
            return moves
    busy = [c for c in legal if c["kind"] not in ("rest", "end_turn", "plunder")]
    return busy or legal
