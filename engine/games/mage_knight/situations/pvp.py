"""`[game.pvp]` of a Mage Knight situation: the active seat starts inside a player-against-player
combat (pvp_turn.py), so a PvP dispute is stated directly. Every event it makes cites SIT-0.

    [game.pvp]
    defender = 1              # the other hero, on the active seat's space (MK:12:PvP:1)
    mode = "partial"          # the defender's commitment: partial | full (MK:12:PvP:3)
    phase = "melee"           # ranged | melee (MK:12:PvPRanged, MK:13:PvPMelee)
    attacker = 0              # whose exchange it is (default: the defender in the ranged phase,
                              # the aggressor in the melee phase)
    step = "damage"           # attack | block | damage: what the exchange waits for
    attack = 5                # the declared attack (block and damage steps)
    elements = ["physical"]   # its elements
    remaining = 5             # damage left to spend (damage step)
    sideways = false          # a sideways card made the melee attack physical
    came_from = "2,-3"        # where the aggressor goes back after a draw
    [[game.pvp.points]]       # points played and not yet declared (attack or block step)
    kind = "melee"
    value = 3

Refused, naming the key and the rule: PvP where the scenario forbids it, a defender that is not
another hero on the space, a portal or city space (MK:12:PvP:1), an unknown mode, phase or step,
a damage step without damage, points the step does not take.
"""

from __future__ import annotations

from typing import NoReturn

import msgspec
from msgspec import UNSET, UnsetType

from engine.content import decode
from engine.games.mage_knight.combat import machine as combat_machine
from engine.games.mage_knight.combat.fight import _builtins
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.content.schema import ELEMENTS
from engine.games.mage_knight.players.pvp_turn import PHASE_OF, allowed
from engine.games.mage_knight.situations.combat import PointsSit

RULE = "SIT-0"
MODES, PHASES, STEPS = ("partial", "full"), ("ranged", "melee"), ("attack", "block", "damage")
TAKES = {
    ("ranged", "attack"): ("ranged", "siege"),
    ("melee", "attack"): ("ranged", "siege", "melee"),
    ("ranged", "block"): ("block",),
    ("melee", "block"): ("block",),
    ("ranged", "damage"): (),
    ("melee", "damage"): (),
}


class PvPSit(msgspec.Struct, forbid_unknown_fields=True):
    defender: int
    mode: str = "partial"
    phase: str = "melee"
    attacker: int | UnsetType = UNSET
    step: str = "attack"
    attack: int = 0
    elements: list[str] | UnsetType = UNSET
    remaining: int = 0
    sideways: bool = False
    came_from: str = ""
    points: list[PointsSit] = []


def _fail(key: str, why: str) -> NoReturn:
    raise ValueError(f"situation [game.pvp] {key}: {why}")


def lay_out_pvp(ctx, table, raw: dict) -> None:

    sit = decode(raw, PvPSit, "situation [game.pvp]")
    game = table.game
    seat = game.active
    p = game.players[seat]
    if not allowed(table):
        _fail(
            "",
            f"no player-against-player combat in this game (scenario {game.scenario or 'none'!r}) (MK:12:PvP:1)",
        )
    if (
        sit.defender == seat
        or not 0 <= sit.defender < table.players
        or game.players[sit.defender].pos != p.pos
    ):
        _fail("defender", f"{sit.defender} is not another hero on seat {seat}'s space {p.pos} (MK:12:PvP:1)")
    if game.board.spaces[p.pos].site in ("portal", "city"):
        _fail("defender", "no PvP on a portal or city space (MK:12:PvP:1)")
    for key, value, allowed_values in (
        ("mode", sit.mode, MODES),
        ("phase", sit.phase, PHASES),
        ("step", sit.step, STEPS),
    ):
        if value not in allowed_values:
            _fail(key, f"{value!r} (allowed: {', '.join(allowed_values)})")
    first = sit.defender if sit.phase == "ranged" else seat
    attacker = first if sit.attacker is UNSET else sit.attacker
    if attacker not in (seat, sit.defender):
        _fail("attacker", f"{attacker} is neither the aggressor {seat} nor the defender {sit.defender}")

    if sit.elements is not UNSET:
        if sit.attack and not sit.elements:
            _fail("elements", 'an attack has at least one element, e.g. elements = ["physical"]')
        bad = [x for x in sit.elements if x not in ELEMENTS]
        if bad:
            _fail("elements", f"{bad[0]!r} (allowed: {', '.join(ELEMENTS)})")
        if not sit.attack and sit.elements:
            _fail("elements", "elements of no attack: give `attack` too")
    for key in ("attack", "remaining"):
        if getattr(sit, key) < 0:
            _fail(key, f"{key} = {getattr(sit, key)}: 0 or more")
    if sit.came_from and sit.came_from not in game.board.spaces:
        _fail("came_from", f"{sit.came_from!r} is not a space on the map")
    if sit.step == "damage" and sit.remaining <= 0:
        _fail("remaining", "the damage step needs damage left to spend (MK:12:PvPRanged:5)")
    blocker = sit.defender if attacker == seat else seat
    ctx.emit("mk.acted", {"seat": seat, "action": "pvp"}, rule=RULE)
    combat = combat_machine.start(
        content(), [], units=[], hero_armour=p.armour, hand_limit=p.hand_limit, night=game.night
    )
    ctx.emit(
        "mk.combat_started",
        {"seat": seat, "space": p.pos, "kind": "pvp", "combat": _builtins(combat)},
        rule=RULE,
    )
    state = {
        "aggressor": seat,
        "defender": sit.defender,
        "space": p.pos,
        "came_from": sit.came_from,
        "mode": sit.mode,
        "phase": sit.phase,
        "attacker": attacker,
        "step": sit.step,
        "passes": 0,
        "attack": sit.attack,
        "elements": list(sit.elements) if sit.elements is not UNSET else (["physical"] if sit.attack else []),
        "sideways": sit.sideways,
        "remaining": sit.remaining,
        "hand_wounds": {},
    }
    if sit.mode == "full":
        ctx.emit("mk.face_down", {"seats": [sit.defender]}, rule=RULE)
    phase = PHASE_OF[sit.phase] if sit.step == "attack" else "block"
    active = blocker if sit.step == "block" else attacker
    ctx.emit(
        "mk.pvp",
        {"what": "situation", "pvp": state, "phase": phase, "active": active, "clear": True},
        rule=RULE,
    )
    takes = TAKES[(sit.phase, sit.step)]
    for pts in sit.points:
        if pts.kind not in takes:
            _fail(
                "points",
                f"{pts.kind} points are not taken in the {sit.step} step of the {sit.phase} "
                f"phase (allowed: {', '.join(takes) or 'none'}) (MK:12:PvPRanged:2)",
            )
        ctx.emit(
            "mk.combat_points",
            {
                "seat": active,
                "kind": pts.kind,
                "element": pts.element,
                "value": pts.value,
                "source": pts.source,
            },
            rule=RULE,
        )
