"""Player against player combat on the table (MK:12-13:PvP*, digest §8.1-8.4), on the
arithmetic of pvp.py. Cards and units give their points through the usual plays: while a PvP
runs, `MKState.combat` is an enemy-less combat whose phase says which points are taken
(ranged/siege, block, or any attack), and its pool holds the points of the exchange.

Flow: the aggressor steps onto another hero's space (competitive scenarios only) and starts it
with `pvp` {target} as the turn's action; the defender answers `pvp_commit` {mode: full |
partial}; in the ranged and siege phase (the defender attacks first) and then the melee phase
(the aggressor first) the attacker plays attacks and declares `pvp_attack` or `pvp_pass`; the
blocker plays blocks and declares `pvp_block`; the attacker spends the rest with `pvp_damage`
{to: hero | unit id | steal:<card> | retreat:<space> | lapse}. Two passes in a row end a phase;
a forced retreat ends the combat with a winner (fame by MK:13:PvPResult), two passes in the melee
phase end it in a draw (the aggressor goes back where it came from). A full commitment turns the
defender's token face down: its next turn is skipped, and it cleans up and draws afterwards.

Readings: a partly committed defender's Source die and skill limits are not enforced. Effects
aimed at enemies target the opponent's units (pvp_targets.py, MK:13:PvPSpecial)."""

from __future__ import annotations

from engine.games.mage_knight import state as mage_knight_state
from engine.games.mage_knight.combat import machine as combat_machine
from engine.games.mage_knight.combat.arithmetic import Part
from engine.games.mage_knight.combat.fight import _builtins, _discard_hand
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.map.board import allied, ends_move, is_safe, key, move_cost, provoked, unkey
from engine.games.mage_knight.map.tokens import gain_fame
from engine.games.mage_knight.players import pvp
from engine.games.mage_knight.players.pvp_targets import armour as unit_armour
from engine.games.mage_knight.readings.map import pvp_fame  # reading A11: equal level and equal fame
from engine.games.mage_knight.readings.scenarios import closed_portal_site, committed_defender_mine
from engine.games.mage_knight.scenarios.book import has_rule, scenarios
from engine.games.mage_knight.scenarios.special_rules import portal_open
from engine.games.mage_knight.scenarios.variants import on
from engine.games.mage_knight.turn.ledger import gain_reward_crystal, take_wounds
from engine.games.mage_knight.turn.limits import hand_limit
from engine.mechanics import hexgrid, zones
from engine.mechanics.zones import card_name

PHASE_OF = {"ranged": "ranged", "melee": "attack"}  # the combat phase taking the attacker's points


def allowed(table) -> bool:
    """PvP in competitive scenarios, unless the Be Nice variant is on (MK:16:Var:BeNice)."""

    game = table.game
    if not game.scenario or game.scenario == "first_reconnaissance":
        return False
    s = scenarios()[game.scenario]
    return s.kind == "competitive" and not has_rule(s, "no_pvp") and not on(table, "be_nice")


def _site_for_rule(game, space: str) -> str:

    sp = game.board.spaces[space]
    return "" if sp.site == "portal" and not portal_open(game) else sp.site


def start_fault(table, seat: int, target: int, space: str) -> str | None:
    game = table.game
    p = game.players[seat]
    here = unkey(p.pos) if p.pos else None
    return pvp.start_fault(
        space_site=closed_portal_site(table, space, _site_for_rule(game, space)),
        other_hero_there=game.players[target].pos == space,
        round_end_announced=game.announced_by >= 0,
        scenario_end=game.scenario_end,
        target_token_face_up=target not in game.face_down,
        pvp_allowed=allowed(table) and not p.acted,
        allies=allied(game.board, seat, target),
        would_provoke=bool(here and here != unkey(space) and provoked(game.board, here, unkey(space))),
    )


def step_ok(table, seat: int, space: str) -> bool:
    """A step onto another hero's space: only where PvP could start there (MK:12:PvP:1)."""
    game = table.game
    others = [s for s, q in enumerate(game.players) if s != seat and q.pos == space]
    return bool(others) and all(start_fault(table, seat, o, space) is None for o in others)


def visit_ok(table, seat: int, space: str) -> bool:
    """A step onto another hero's space where no player-against-player combat may start there
    (the round end announced, the scenario end triggered, a face-down token, no PvP in this
    game, allies): allowed, the hero taking no action there (MK:7:Move:8e). Not by a step that
    provokes a rampaging enemy (MK:12:PvP:1), and not onto another's keep (an assault on it).
    The open portal and a conquered city are no visits: heroes share them (MK:7:Move:8d)."""

    game = table.game
    p = game.players[seat]
    others = [s for s, q in enumerate(game.players) if s != seat and q.pos == space]
    if not others or not p.pos or shared(game, space) or ends_move(game.board, unkey(space), seat):
        return False
    if provoked(game.board, unkey(p.pos), unkey(space)) and not p.turn_effects.get("no_provoke"):
        return False
    return all(start_fault(table, seat, o, space) is not None for o in others)


def shared(game, space: str) -> bool:
    """A space several heroes may stand on: the portal while open, a conquered city (MK:7:Move:8d)."""

    sp = game.board.spaces[space]
    return (sp.site == "portal" and portal_open(game)) or (sp.site == "city" and sp.conquered_by != -1)


def visiting(table, seat: int) -> bool:
    """The hero stands on another hero's space, one no two heroes share (not the open portal nor
    a conquered city), and may attack none of them: it takes no action this turn and is withdrawn
    at its end, a wound per space (MK:7:Move:8e, MK:11:EoT:2; E-25 on the closed portal)."""
    game = table.game
    p = game.players[seat]
    if not p.pos or p.pos not in game.board.spaces or game.pvp or shared(game, p.pos):
        return False
    others = [s for s, q in enumerate(game.players) if s != seat and q.pos == p.pos]
    return bool(others) and all(start_fault(table, seat, o, p.pos) is not None for o in others)


def sharing(table, seat: int) -> list[int]:
    """Other heroes on the seat's space where heroes may not share it (not portal, not city)."""
    game = table.game
    p = game.players[seat]
    if not p.pos or game.pvp or p.acted:
        return []  # after the action: forced withdrawal at the end of the turn (scenario_rules.py)
    others = [
        s for s, q in enumerate(game.players) if s != seat and q.pos == p.pos
    ]  # (alone: asked each turn)
    if not others or not allowed(table):
        return []
    sp = game.board.spaces.get(p.pos)
    if sp is None or sp.site == "city" or (sp.site == "portal" and _site_for_rule(game, p.pos) == "portal"):
        return []
    return others


def start_commands(table, seat: int) -> list[dict]:
    game = table.game
    p = game.players[seat]
    return [
        {"kind": "pvp", "target": s}
        for s in sharing(table, seat)
        if start_fault(table, seat, s, p.pos) is None
    ]


# -- the combat ------------------------------------------------------------------------------
def _emit(
    ctx,
    table,
    what: str,
    pvp_state: dict,
    phase: str,
    active: int,
    clear: bool = False,
    rule: str = "MK:12:PvP:1",
) -> None:
    ctx.emit(
        "mk.pvp",
        {"what": what, "pvp": pvp_state, "phase": phase, "active": active, "clear": clear},
        rule=rule,
    )


def start(ctx, table, seat: int, cmd: dict) -> None:
    """The aggressor's action: an enemy-less combat holds the points; the defender commits."""

    game = table.game
    p = game.players[seat]
    target = cmd["target"]
    ctx.emit("mk.acted", {"seat": seat, "action": "pvp"}, rule="MK:12:PvP:1")
    combat = combat_machine.start(
        content(), [], units=[], hero_armour=p.armour, hand_limit=p.hand_limit, night=game.night
    )
    ctx.emit(
        "mk.combat_started",
        {"seat": seat, "space": p.pos, "kind": "pvp", "combat": _builtins(combat)},
        rule="MK:12:PvP:1",
    )
    state = {
        "aggressor": seat,
        "defender": target,
        "space": p.pos,
        "came_from": mage_knight_state.came_from(p),
        "mode": "",
        "phase": "ranged",
        "attacker": target,
        "step": "commit",
        "passes": 0,
        "attack": 0,
        "elements": [],
        "sideways": False,
        "remaining": 0,
        "hand_wounds": {},
    }
    _emit(ctx, table, "started", state, "ranged", target)


def commands(table, seat: int) -> tuple[list[dict], bool]:
    """(the PvP decisions open to the seat, whether it may play cards and units now)."""
    game = table.game
    v = game.pvp
    if v["step"] == "commit":
        hand = [card_name(c) for c in table.zone(mage_knight_state.hand(seat))]
        modes = ["partial"] + (["full"] if any(c != "wound" for c in hand) else [])
        return [{"kind": "pvp_commit", "mode": m} for m in modes], False
    if v["step"] == "attack":
        out = [{"kind": "pvp_pass"}]
        if _attack_total(table)[0] > 0:
            out.insert(0, {"kind": "pvp_attack"})
        return out, True
    if v["step"] == "block":
        return [{"kind": "pvp_block"}], True
    return damage_options(table), False


def _blocker(v) -> int:
    return v["defender"] if v["attacker"] == v["aggressor"] else v["aggressor"]


def _attack_total(table) -> tuple[int, list[str]]:
    """The pooled attack points this exchange may use, and their elements (siege only against a
    defender in a keep or mage tower in the ranged phase, MK:12:PvPRanged:2)."""
    game = table.game
    v = game.pvp
    kinds: tuple[str, ...] = ("ranged", "siege") if v["phase"] == "ranged" else ("ranged", "siege", "melee")
    sp = game.board.spaces[v["space"]]
    if v["phase"] == "ranged" and _blocker(v) == v["defender"] and sp.site in ("keep", "mage_tower"):
        kinds = ("siege",)
    parts = [x for x in game.combat.pool if x.kind in kinds]
    return sum(x.value for x in parts), sorted({x.element for x in parts})


def declare(ctx, table, seat: int, cmd: dict) -> None:
    game = table.game
    v = dict(game.pvp)
    value, elements = _attack_total(table)
    if v["phase"] == "melee" and v["sideways"]:
        elements = ["physical"]  # one sideways card makes the whole attack physical
    v.update(step="block", attack=value, elements=elements or ["physical"], passes=0)
    _emit(
        ctx,
        table,
        "attack",
        v,
        "block",
        _blocker(v),
        clear=True,
        rule="MK:12:PvPRanged:2" if v["phase"] == "ranged" else "MK:13:PvPMelee:1c",
    )


def pass_(ctx, table, seat: int, cmd: dict) -> None:
    game = table.game
    v = dict(game.pvp)
    v["passes"] += 1
    if v["passes"] < 2:
        v.update(attacker=_blocker(v), step="attack", sideways=False)
        _emit(
            ctx, table, "pass", v, PHASE_OF[v["phase"]], v["attacker"], clear=True, rule="MK:12:PvPRanged:6"
        )
        return
    if v["phase"] == "ranged":
        v.update(phase="melee", attacker=v["aggressor"], step="attack", passes=0, sideways=False)
        _emit(ctx, table, "melee", v, "attack", v["attacker"], clear=True, rule="MK:13:PvPMelee:1c")
        return
    end(ctx, table, winner=-1)


def note_play(ctx, table, seat: int, cmd: dict) -> None:
    """A sideways card played for the melee attack (MK:13:PvPMelee:1c)."""
    game = table.game
    v = game.pvp
    if (
        v
        and cmd.get("mode") == "sideways"
        and v["phase"] == "melee"
        and v["step"] == "attack"
        and seat == v["attacker"]
        and not v["sideways"]
    ):
        _emit(ctx, table, "sideways", dict(v, sideways=True), "attack", seat, rule="MK:13:PvPMelee:1c")


def block(ctx, table, seat: int, cmd: dict) -> None:
    game = table.game
    v = dict(game.pvp)
    blocks = [Part(x.value, x.element) for x in game.combat.pool if x.kind == "block"]
    if v["phase"] == "ranged":
        r = pvp.ranged_reduction(v["attack"], v["elements"], blocks)
    else:
        total, _ = pvp.block_total(blocks, v["elements"])
        r = pvp.Reduction(total, min(total, v["attack"]), v["attack"] - min(total, v["attack"]), [])
    v.update(step="damage", remaining=r.remaining)
    _emit(
        ctx,
        table,
        "block",
        v,
        "block",
        v["attacker"],
        clear=True,
        rule="MK:12:PvPRanged:4" if v["phase"] == "ranged" else "MK:13:PvPMelee:1c",
    )
    if r.remaining <= 0:
        _next_exchange(ctx, table)


def damage_options(table) -> list[dict]:
    """Where the rest of the attack may go (MK:12:PvPRanged:5, MK:13:PvPMelee:2)."""
    game = table.game
    v = game.pvp
    b = _blocker(v)
    q = game.players[b]
    n = v["remaining"]
    out = [{"kind": "pvp_damage", "to": "lapse"}]
    if q.armour <= n:
        out.append({"kind": "pvp_damage", "to": "hero"})
    for u in q.units:
        if (
            not u.wounded
            and pvp.unit_wound_cost(
                unit_armour(table, b, u), content().units[u.unit].resistances, v["elements"]
            )
            <= n
        ):
            out.append({"kind": "pvp_damage", "to": u.uid})
    if v["phase"] == "melee":
        if n >= pvp.STEAL_COST:
            for z in (mage_knight_state.discard(b), mage_knight_state.play_area(b)):
                for cid in table.zone(z):
                    card = content().cards.get(card_name(cid))
                    if card is not None and card.kind == "artifact":
                        out.append({"kind": "pvp_damage", "to": f"steal:{cid}"})
        out += [
            {"kind": "pvp_damage", "to": f"retreat:{k}"} for k, cost in retreat_spaces(table, b) if cost <= n
        ]
    return out


def retreat_spaces(table, seat: int) -> list[tuple[str, int]]:
    """Safe spaces next to the combat that would not make the blocker assault or start PvP, with
    their unmodified move cost (MK:13:PvPMelee:2)."""

    game = table.game
    here = unkey(game.pvp["space"])
    others = [unkey(q.pos) for s, q in enumerate(game.players) if s != seat and q.pos]
    out = []
    for n in hexgrid.neighbours(here):
        k = key(n)
        sp = game.board.spaces.get(k)
        if sp is None or not is_safe(game.board, n, seat, others) or ends_move(game.board, n, seat):
            continue
        if sp.rampaging and sp.enemies:
            continue
        cost = move_cost(game.board, content(), n, game.night)
        if cost is not None:
            out.append((k, cost))
    return out


def assign(ctx, table, seat: int, cmd: dict) -> None:
    """Spend the rest: a wound to the hero or a unit, an artifact stolen, a forced retreat."""

    game = table.game
    v = dict(game.pvp)
    b = _blocker(v)
    to = cmd["to"]
    if to == "lapse":
        v["remaining"] = 0
    elif to == "hero":
        take_wounds(ctx, table, b, 1, "MK:12:PvPRanged:5")
        wounds = dict(v["hand_wounds"])
        wounds[str(b)] = wounds.get(str(b), 0) + 1
        v.update(remaining=v["remaining"] - game.players[b].armour, hand_wounds=wounds)
        if wounds[str(b)] == game.players[b].hand_limit:  # knocked out (MK:9:Damage:5c)
            _discard_hand(ctx, table, b, "MK:9:Damage:5c")
    elif to.startswith("steal:"):
        cid = to.split(":", 1)[1]
        src = (
            mage_knight_state.discard(b)
            if cid in table.zone(mage_knight_state.discard(b))
            else mage_knight_state.play_area(b)
        )
        zones.move(ctx, src, mage_knight_state.discard(seat), [cid], rule="MK:13:PvPMelee:2")
        v["remaining"] -= pvp.STEAL_COST
    elif to.startswith("retreat:"):
        space = to.split(":", 1)[1]
        ctx.emit("mk.placed", {"seat": b, "pos": space}, rule="MK:13:PvPMelee:2")
        end(ctx, table, winner=seat, loser=b)
        return
    else:
        u = next(u for u in game.players[b].units if u.uid == to)
        rec = content().units[u.unit]
        ctx.emit("mk.unit", {"seat": b, "uid": to, "wounded": True}, rule="MK:12:PvPRanged:5")
        v["remaining"] -= pvp.unit_wound_cost(unit_armour(table, b, u), rec.resistances, v["elements"])
    _emit(ctx, table, "damage", v, "block", seat, rule="MK:12:PvPRanged:5")
    if not [c for c in damage_options(table) if c["to"] != "lapse"] or to == "lapse":
        _next_exchange(ctx, table)


def _next_exchange(ctx, table) -> None:
    game = table.game
    v = dict(game.pvp)
    v.update(attacker=_blocker(v), step="attack", remaining=0, attack=0, elements=[], sideways=False)
    _emit(ctx, table, "next", v, PHASE_OF[v["phase"]], v["attacker"], clear=True, rule="MK:12:PvPRanged:6")


def end(ctx, table, winner: int, loser: int = -1) -> None:
    """The result (MK:13:PvPResult): the winner of a forced retreat gains fame; a draw sends the
    aggressor back; a fully committed defender cleans up and draws; the aggressor's turn goes on."""

    game = table.game
    v = game.pvp
    if winner >= 0:
        won, lost = game.players[winner], game.players[loser]

        gain_fame(ctx, table, winner, pvp_fame(table, won, lost), "MK:13:PvPResult")
    elif v["came_from"] and v["came_from"] != v["space"]:
        ctx.emit("mk.placed", {"seat": v["aggressor"], "pos": v["came_from"]}, rule="MK:13:PvPResult")
    d = v["defender"]
    if v["mode"] == "full":
        zones.move(
            ctx,
            mage_knight_state.play_area(d),
            mage_knight_state.discard(d),
            list(table.zone(mage_knight_state.play_area(d))),
            rule="MK:12:PvP:3",
        )
        short = hand_limit(table, d) - len(table.zone(mage_knight_state.hand(d)))
        if short > 0:
            zones.move_top(
                ctx, mage_knight_state.deck(d), mage_knight_state.hand(d), short, rule="MK:12:PvP:3"
            )
        committed_defender_mine(ctx, table, d, gain_reward_crystal)  # reading A9
    ctx.emit("mk.pvp_over", {"aggressor": v["aggressor"], "winner": winner}, rule="MK:13:PvPResult")


def commit(ctx, table, seat: int, cmd: dict) -> None:
    game = table.game
    v = dict(game.pvp, mode=cmd["mode"], step="attack")
    if cmd["mode"] == "full":
        ctx.emit("mk.face_down", {"seats": [seat]}, rule="MK:12:PvP:3")
    _emit(ctx, table, "commit", v, "ranged", v["attacker"], rule="MK:12:PvP:3")


def partial_limits(table, seat: int, cmds: list[dict]) -> list[dict]:
    """A partly committed defender uses no Source die and none of its turn-only skills
    (MK:12:PvP:3; reading: every skill counts as turn-only, no skill is marked otherwise)."""
    v = table.game.pvp
    if seat != v.get("defender") or v.get("mode") != "partial":
        return cmds
    return [
        c
        for c in cmds
        if c["kind"] != "skill" and not any(x.startswith("die:") for x in (c.get("pay") or "").split("+"))
    ]
