"""`[game.combat]` of a Mage Knight situation: the active seat starts inside a combat, so a
combat dispute is stated directly (docs/disputes.md). Every event it makes cites SIT-0.

    [game.combat]
    space = "1,-3"            # where (default: the hero's space); tokens are put there
    kind = "challenge"        # provoked | assault | challenge | adventure | burn
    fortified = false         # the site fortifies its defenders (default: true for an assault)
    phase = "block"           # ranged | block | damage | attack
    wounds_taken = 0          # wounds already taken into hand in this combat (MK:9:Damage:5c)
    armour = 4                # the hero's armour in this combat (left out: the hero's level value)
    hand_limit = 5            # the unmodified hand limit for knock-out (left out: the hero's)
    [[game.combat.enemy]]
    id = "green_prowlers"     # content id, taken from its pile
    rampaging = true          # fought on its own rampaging space (reputation, not fortified)
    defeated = false          # defeated earlier in this combat (its fame is in the outcome)
    blocked = [0]             # its attacks already blocked
    garrison = false          # true: the enemies are the site's own defenders (a city's garrison,
                              # turned face up, with the city's colour bonus, MK:10:City:1); each
                              # [[game.combat.enemy]] then marks one of them by its id
    [[game.combat.points]]    # points already played and not yet spent
    kind = "block"            # ranged | siege | melee | block | move
    element = "ice"
    value = 3

The hero's units, wounded or not, are the seat's `units` of `[[game.seat]]`.
"""

from __future__ import annotations

from typing import NoReturn

import msgspec
from msgspec import UNSET, UnsetType

from engine.content import decode
from engine.games.mage_knight import state
from engine.games.mage_knight.cities.reveal import strengthen
from engine.games.mage_knight.combat import machine as combat_machine
from engine.games.mage_knight.combat.abilities import open_attacks
from engine.games.mage_knight.combat.arithmetic import reputation_for_defeat
from engine.games.mage_knight.combat.fight import UNDERGROUND, started
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.situations.garrison import garrison_tokens
from engine.mechanics.zones import card_name

RULE = "SIT-0"
KINDS = ("provoked", "assault", "challenge", "adventure", "burn")
PHASES = ("ranged", "block", "damage", "attack")


class EnemySit(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    rampaging: bool = False
    defeated: bool = False
    blocked: list[int] = []


class PointsSit(msgspec.Struct, forbid_unknown_fields=True):
    kind: str
    value: int
    element: str = "physical"
    source: str = "situation"


class CombatSit(msgspec.Struct, forbid_unknown_fields=True):
    enemy: list[EnemySit] = []
    space: str | UnsetType = UNSET
    kind: str = "challenge"
    fortified: bool | None = None
    phase: str = "ranged"
    wounds_taken: int = 0
    armour: int | UnsetType = UNSET  # default: the hero's (its level's)
    hand_limit: int | UnsetType = UNSET
    points: list[PointsSit] = []
    garrison: bool = False  # the site's own defenders fight (a city's, a keep's, a tower's)


def _fail(key: str, why: str) -> NoReturn:
    raise ValueError(f"situation [game.combat] {key}: {why}")


def lay_out_combat(ctx, table, raw: dict, place) -> None:
    """`place(ctx, t, space, enemy ids)`: the situation's way of putting tokens on a space."""

    sit = decode(raw, CombatSit, "situation [game.combat]")
    game = table.game
    seat = game.active
    p = game.players[seat]
    space = p.pos if sit.space is UNSET else sit.space
    if space not in game.board.spaces:
        _fail("space", f"{space!r} is not a space on the map")
    if sit.kind not in KINDS:
        _fail("kind", f"{sit.kind!r} (allowed: {', '.join(KINDS)}) (MK:8:Combat:1)")
    for key in ("armour", "hand_limit"):
        if getattr(sit, key) is not UNSET and getattr(sit, key) < 1:
            _fail(key, f"{key} = {getattr(sit, key)}: at least 1 (leave it out for the hero's own)")
    if sit.wounds_taken < 0:
        _fail("wounds_taken", f"wounds_taken = {sit.wounds_taken}: 0 or more")
    if sit.phase not in PHASES:
        _fail("phase", f"{sit.phase!r} (allowed: {', '.join(PHASES)}) (MK:8:Combat:3)")
    if not sit.enemy and not sit.garrison:
        _fail("enemy", "at least one enemy token is needed (MK:8:Combat:1)")
    for e in sit.enemy:
        if e.id not in content().enemies:
            _fail("enemy.id", f"no enemy token {e.id!r} (`runeledger cards mage-knight` lists them)")
    if sit.garrison:
        tokens, marks = garrison_tokens(ctx, table, space, sit.enemy, _fail)
        sit = msgspec.structs.replace(
            sit, enemy=[m or EnemySit(id=card_name(tok)) for tok, m in zip(tokens, marks, strict=True)]
        )
    else:
        before = list(table.zone(state.at(space))) if state.at(space) in table.zones else []
        place(ctx, table, space, [e.id for e in sit.enemy])
        placed = [x for x in table.zone(state.at(space)) if x not in before]
        tokens = []  # in the situation's order, whatever order placing left them in
        for e in sit.enemy:
            tok = next(x for x in placed if card_name(x) == e.id and x not in tokens)
            tokens.append(tok)
    fortified = sit.kind == "assault" if sit.fortified is None else sit.fortified
    underground = game.board.spaces[space].site in UNDERGROUND
    rampaging = [tok for tok, e in zip(tokens, sit.enemy, strict=True) if e.rampaging]
    ctx.emit("mk.acted", {"seat": seat, "action": sit.kind}, rule=RULE)
    ctx.emit("mk.combat_spaces", {"spaces": [space]}, rule=RULE)
    c = combat_machine.start(
        content(),
        [(tok, card_name(tok)) for tok in tokens],
        units=[] if underground else [(u.uid, u.unit, u.wounded, u.ready) for u in p.units],
        hero_armour=p.armour if sit.armour is UNSET else sit.armour,
        hand_limit=p.hand_limit if sit.hand_limit is UNSET else sit.hand_limit,
        night=game.night or underground,
        site=game.board.spaces[space].site or None,
        fortified_site=fortified,
        rampaging=rampaging,
        readings=table.options.get("readings"),
        overrides=table.options.get("overrides"),
    )
    if game.board.spaces[space].site == "city":
        strengthen(table, space, c)  # the city's colour bonus (MK:10:City:1)
    c.phase = sit.phase
    c.wounds_to_hand = sit.wounds_taken
    for tok, e, ce in zip(tokens, sit.enemy, c.enemies, strict=True):
        for i in e.blocked:
            if not 0 <= i < len(ce.attacks) or ce.attacks[i].summon:
                _fail("enemy.blocked", f"{e.id} has no attack number {i} (MK:9:Block:3)")
            ce.attacks[i].blocked = True
        if e.defeated:
            ce.defeated = True
            c.defeated_order.append(tok)
            c.fame += ce.fame
            c.reputation += reputation_for_defeat(ce.pile, ce.rampaging and not fortified, ce.reputation)[0]
        elif sit.phase != "ranged" and any(a.summon for a in ce.attacks):
            _fail(
                "phase",
                f"{e.id} summons at the start of the block phase: start this combat in the "
                "ranged phase (MK:10:Abilities:Summon)",
            )
    if all(e.defeated for e in c.enemies):
        _fail("enemy.defeated", "every enemy is defeated: the combat would be over (MK:10:Result:1)")
    if sit.phase == "damage" and not any(True for _ in open_attacks(c)):
        _fail("phase", "the damage phase needs an unblocked attack (MK:9:Damage:1)")
    started(ctx, table, seat, space, sit.kind, c, rule=RULE)
    for pts in sit.points:
        why = combat_machine.points_problem(game.combat, pts.kind, pts.element, pts.value)
        if why:
            _fail("points", f"{pts.kind} {pts.value} {pts.element}: {why[1]} ({why[0]})")
        ctx.emit(
            "mk.combat_points",
            {
                "seat": seat,
                "kind": pts.kind,
                "element": pts.element,
                "value": pts.value,
                "source": pts.source,
            },
            rule=RULE,
        )
