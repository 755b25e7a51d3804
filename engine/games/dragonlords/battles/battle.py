"""Land and naval battles (§3.4): rounds of G.A.S., spell kills, attacker dice, the defender's
teleport retreat or strike-back, simultaneous casualties, continue or retreat; the elf sneak
attack and the end of a battle (ownership, gold, docked ships, treasures, eliminated Kings).

Every round is one `dl.round` event naming each die, the strength it was tested against and
every modifier with its rule id (issue 14, item 5)."""

from __future__ import annotations

from engine.games.dragonlords import board
from engine.games.dragonlords import places as dragonlords_places
from engine.games.dragonlords.battles.arithmetic import (
    SideMagic,
    attack_strength,
    die_audit,
    teleport_retreat_allowed,
)
from engine.games.dragonlords.dice import D6
from engine.games.dragonlords.map.world import world
from engine.games.dragonlords.turn.flow import check_victory
from engine.mechanics import zones
from engine.readings import chosen

ROLE_RANK = {"": 0, "decoy": 1, "wizard": 2, "dragonlord": 3, "king": 4}
# how a battle of another kind ends (a party fight: quest.py registers it), so this module need
# not import the wastelands' rules
END_BY_KIND: dict = {}
# the winner's end-of-fight questions (spoils.py registers them: no import circle)
SPOILS: dict = {}


def side_places(g, loc: str, army: int) -> list[str]:
    """A land battle is fought in one place; a naval battle by every ship of the side in the zone."""
    if loc in world().sea:
        return [dragonlords_places.aboard(s) for s in board.ships_in(g, loc, army)]
    return [loc]


def side_units(g, loc: str, army: int) -> int:
    return sum(board.units(g, p, army) for p in side_places(g, loc, army))


def side_heroes(g, loc: str, army: int) -> list[str]:
    return [h for p in side_places(g, loc, army) for h in board.heroes_at(g, p, army)]


def magic(g, loc: str, army: int) -> SideMagic:
    """A side's auras and treasures in a place; Panic names a DragonLord (a figure all can see) as its
    source, while Hope stays unnamed (it would show where the King or a wizard stands)."""
    hs = [g.heroes[h] for h in side_heroes(g, loc, army)]
    lord = any(x.role == "dragonlord" for x in hs)
    return SideMagic(
        hope=any(board.knows(x, 4) for x in hs),
        panic=any(board.knows(x, 6) for x in hs),
        treasures=tuple(sorted(tr for x in hs for tr in x.treasures)),
        panic_source="Panic (DragonLord)" if lord else "Panic",
    )


def strength(t, loc: str, me: int, them: int, attacking: bool):
    """G.A.S. of one side's units (DL:3.4/land.2); reading INT-35 decides whether the kingdom's -1
    counts when the defenders' Panic already lowers the attacker."""
    g = t.game
    at_sea = loc in world().sea
    kingdom = attacking and not at_sea and world().kind.get(loc) == "kingdom"
    theirs = magic(g, loc, them)
    with_panic = True
    if kingdom and theirs.panic:
        with_panic = chosen(t, "INT-35") != "not_with_panic"
    return attack_strength(
        board.base_attack(g, me),
        magic(g, loc, me),
        theirs,
        attacker_in_kingdom=kingdom,
        at_sea=at_sea,
        over=g.overrides,
        kingdom_with_panic=with_panic,
    )


# -- casualties -----------------------------------------------------------------------------------


def kill(ctx, t, loc: str, army: int, n: int, killer: int, rule: str, how: str = "dice") -> list[str]:
    """Remove n units of an army in a battle place in the order of INT-30's strict reading (plain
    units first, spellcasters last, the King last of all): used where the engine chooses (spell
    kills, scrolls, quests, defeated armies, option casualties=spellcasters_last)."""
    g = t.game
    removed: list[str] = []
    for _ in range(n):
        if not side_units(g, loc, army):
            break
        removed.append(remove_one(ctx, t, loc, army, auto_choice(g, loc, army), killer, rule, how))
    return removed


def auto_choice(g, loc: str, army: int) -> str:
    places = side_places(g, loc, army)
    if any(board.plain(g, p, army) for p in places):
        return "plain"
    return sorted(side_heroes(g, loc, army), key=lambda h: (ROLE_RANK[g.heroes[h].role], h))[0]


def remove_one(ctx, t, loc: str, army: int, choice: str, killer: int, rule: str, how: str = "dice") -> str:
    """One casualty: the Holy Grail saves it on a d6 of 1-2 (INT-06); a plain unit leaves the
    fullest place (ship) of the side; a hero dies with its chips."""
    g = t.game
    if "holy_grail" in magic(g, loc, army).treasures and ctx.roll(D6, 1, rule="DL:3.3/treasures")[0] <= 2:
        return "saved by the Holy Grail"
    if choice == "plain":
        with_plain = [p for p in side_places(g, loc, army) if board.plain(g, p, army)]
        p = max(with_plain, key=lambda q: (board.plain(g, q, army), q))
        ctx.emit("dl.units", {"loc": p, "army": army, "n": -1, "why": how}, rule=rule)
        ctx.emit("dl.army", {"army": army, "set": {"supply": g.armies[army].supply + 1}}, rule="INT-02")
        return "unit"
    hero_dies(ctx, t, choice, killer, rule)
    return choice


def has_choice(t, loc: str, army: int, hits: int) -> bool:
    """INT-30: the owner picks the casualties when it matters (heroes among the units, fewer hits than
    units); a defeated army makes no choices (INT-33); option casualties=spellcasters_last never asks."""
    g = t.game
    if t.options.get("casualties", "owner") != "owner" or not g.armies[army].alive or hits <= 0:
        return False
    heroes = side_heroes(g, loc, army)
    total = side_units(g, loc, army)
    plain = total - len(heroes)
    return bool(heroes) and hits < total and (plain > 0 or len(heroes) > 1)


def hero_dies(ctx, t, h: str, killer: int, rule: str) -> None:
    g = t.game
    x = g.heroes[h]
    role, army, loc, treasures = x.role, x.army, x.loc, list(x.treasures)
    d = {"id": h, "army": army, "loc": loc}
    # a King's fall ends its player (public) and a DragonLord is a figure; any other chip goes back
    # face down unless the game plays reading CHIP-DEATH "shown"
    if role in ("king", "dragonlord") or chosen(t, "CHIP-DEATH") == "shown":
        d["role"] = role
    ctx.emit("dl.hero_gone", d, rule=rule)
    ctx.emit("dl.army", {"army": army, "set": {"supply": g.armies[army].supply + 1}}, rule="INT-02")
    for tr in treasures:
        give_treasure(ctx, t, tr, loc, killer, army)
    if role == "king":
        eliminate(ctx, t, army, killer)


def give_treasure(ctx, t, tr: str, loc: str, to: int, lost_by: int) -> None:
    """A treasure of a fallen unit goes to the winner's units there (DL:3.3/treasures); with none
    left it returns to the face-down pool (INT-32). It stays face down (DL:3.3/treasures: placed
    "verkehrt herum"): only the winner and the loser learn which it is (reading CAPTURED-TREASURE)."""
    g = t.game
    seats = sorted({g.armies[a].seat for a in (to, lost_by) if a >= 0})
    vis = None if chosen(t, "CAPTURED-TREASURE") == "shown" else seats
    hs = board.heroes_at(g, loc, to) if to >= 0 else []
    if hs:
        x = g.heroes[hs[0]]
        ctx.emit(
            "dl.hero",
            {"id": hs[0], "set": {"treasures": sorted([*x.treasures, tr])}},
            rule="DL:3.3/treasures",
            vis=vis,
        )
    elif to >= 0 and board.plain(g, loc, to):
        new_hero(ctx, t, to, loc, "", treasures=[tr], rule="DL:3.3/treasures", vis=vis)
    else:
        ctx.emit("dl.treasure_pool", {"back": tr}, rule="INT-32", vis=vis)
        return
    SPOILS["note_capture"](
        ctx, t, tr, loc, to, vis
    )  # the winner picks the bearer once the round's losses are out


def new_hero(
    ctx, t, army: int, loc: str, role: str, treasures=(), spells=(), rule: str = "", vis=None
) -> str:
    g = t.game
    hid = f"H{g.next_id}"
    d = {
        "id": hid,
        "seq": g.next_id,
        "army": army,
        "loc": loc,
        "race": g.armies[army].race,
        "role": role,
        "spells": list(spells),
        "treasures": list(treasures),
        "from_troops": True,
    }
    if role == "dragonlord" and not spells:
        del d["spells"]  # a public figure: no empty list of spells to confuse with a secret one
    ctx.emit("dl.hero_new", d, rule=rule, vis=vis)
    return hid


def eliminate(ctx, t, army: int, killer: int) -> None:
    """A player whose King dies is out; the killer takes the scroll cards (DL:3.4/king). The units
    stay as defeated units (INT-33)."""
    g = t.game
    ctx.emit("dl.army", {"army": army, "set": {"alive": False}}, rule="DL:3.4/king")
    cards = list(t.zone(dragonlords_places.hand(army)))
    if cards and killer >= 0 and g.armies[killer].alive:
        zones.move(ctx, dragonlords_places.hand(army), dragonlords_places.hand(killer), cards, rule="DL:3.4/king")
    check_victory(ctx, t)


# -- the round ------------------------------------------------------------------------------------


def spell_attacks(g, loc: str, army: int, enemy: int, reading: str = "swap") -> list[tuple[str, str, str]]:
    """INT-38: a wizard trades its die for one Lightning Bolt or Fireball; a DragonLord has Dragonfire
    and still rolls; the Ring of Fire and the Trident give their bearer one more spell attack.
    Protections in the enemy's place: Ring of Fire and Dragon Shield stop Fireball and Dragonfire,
    the Trident stops Lightning (DL:3.3/treasures). No spell attacks at sea (DL:3.4/naval). Each is
    (caster, spell, source); which are thrown, and at whom, the caster's owner decides."""
    if loc in world().sea:
        return []
    shield = set(magic(g, loc, enemy).treasures)
    no_fire = bool(shield & {"ring_of_fire", "dragon_shield"})
    no_bolt = "trident" in shield
    out = []
    for h in side_heroes(g, loc, army):
        x = g.heroes[h]
        if x.poisoned:
            continue
        if x.role == "dragonlord" and not no_fire:
            out.append((h, "dragonfire", "figure"))
        if x.role == "wizard":
            src = "extra" if reading == "extra" else "spell"
            if board.knows(x, 5) and not no_bolt:
                out.append((h, "lightning", src))
            if board.knows(x, 2) and not no_fire:
                out.append((h, "fireball", src))
        if "ring_of_fire" in x.treasures and not no_fire:
            out.append((h, "fireball", "treasure"))
        if "trident" in x.treasures and not no_bolt:
            out.append((h, "lightning", "treasure"))
    return out


SPELL_RULE = {
    "dragonfire": "DL:3.4/dragonlords",
    "fireball": "DL:3.4/spells.fireball",
    "lightning": "DL:3.4/spells.lightning",
}


def spell_key(h: str, sp: str, src: str) -> str:
    """One use per attack and round: a swapping wizard throws one of its spells (INT-38 'swap')."""
    return f"{h}:spell" if src == "spell" else f"{h}:{sp}:{src}"


def spell_options(t, b, army: int) -> list[dict]:
    """The spell attacks `army` may still throw in this volley, each at a victim it picks among the
    enemy's units there ('plain' or a chip-bearer; INT-38: 'kill 1 chosen enemy unit')."""
    g = t.game
    enemy = b.defender if army == b.attacker else b.attacker
    if not g.armies[army].alive or not side_units(g, b.loc, enemy):
        return []
    victims = (
        ["plain"] if any(board.plain(g, p, enemy) for p in side_places(g, b.loc, enemy)) else []
    ) + side_heroes(g, b.loc, enemy)
    used = set(b.used) if b.spell_side == army else set()
    out = []
    for h, sp, src in spell_attacks(g, b.loc, army, enemy, t.options.get("spell_attacks", "swap")):
        if spell_key(h, sp, src) not in used:
            out += [{"kind": "spell", "caster": h, "spell": sp, "victim": v} for v in victims]
    return out


def _dice(ctx, t, b, army: int, kills: list, used: list) -> dict:
    """One side's dice (hits counted, not yet removed), after its spell kills (removed at once)."""
    g = t.game
    enemy = b.defender if army == b.attacker else b.attacker
    s = strength(t, b.loc, army, enemy, attacking=(army == b.attacker))
    swapped = {k.split(":")[0] for k in used if k.endswith(":spell")} & set(g.heroes)
    poisoned = sum(1 for h in side_heroes(g, b.loc, army) if g.heroes[h].poisoned)
    n = max(0, side_units(g, b.loc, army) - len(swapped) - poisoned)
    faces = ctx.roll(D6, n, rule="DL:3.4/land.3") if n else []
    out = {"army": army, "spells": list(kills), **die_audit(faces, 6, s)}
    race = g.armies[army].race
    if "strength" in g.overrides.get(race, {}):
        out["strength"]["overridden"] = f"{race} strength {g.overrides[race]['strength']} (situation)"
    return out


def fight_round(ctx, t) -> None:
    """Steps 2-3 (DL:3.4/land.2, DL:3.4/land.3): the attacker's spells, then its dice."""
    open_spells(ctx, t, t.game.battle.attacker)


def open_spells(ctx, t, army: int) -> None:
    """A side with chip-bearers in the battle decides on its spell attacks (step `spells`); the
    step opens whenever chip-bearers fight, so it tells nobody whether they know a spell."""
    g = t.game
    b = g.battle
    enemy = b.defender if army == b.attacker else b.attacker
    if (
        b.loc not in world().sea
        and g.armies[army].alive
        and side_heroes(g, b.loc, army)
        and side_units(g, b.loc, enemy)
    ):
        ctx.emit(
            "dl.battle",
            {"battle": _with(b, step="spells", spell_side=army, used=[], kills=[])},
            rule="INT-38",
        )
        return
    spells_done(ctx, t, army, [], [])


def spell(ctx, t, seat, cmd) -> None:
    """A spell attack thrown at the victim its caster chose: it dies at once (INT-38, DL:3.4/land.3)."""
    g = t.game
    b = g.battle
    army = b.spell_side
    enemy = b.defender if army == b.attacker else b.attacker
    sp = cmd["spell"]
    src = next(
        s
        for h, p, s in spell_attacks(g, b.loc, army, enemy, t.options.get("spell_attacks", "swap"))
        if h == cmd["caster"] and p == sp and spell_key(h, p, s) not in b.used
    )
    victim = remove_one(ctx, t, b.loc, enemy, cmd["victim"], army, SPELL_RULE[sp], how=sp)
    kills = [*b.kills, {"caster": cmd["caster"], "spell": sp, "victim": victim, "rule": SPELL_RULE[sp]}]
    used = [*b.used, spell_key(cmd["caster"], sp, src)]
    if t.over:
        return
    ctx.emit("dl.battle", {"battle": _with(g.battle, used=used, kills=kills)}, rule=SPELL_RULE[sp])
    if not spell_options(t, g.battle, army):
        spells_done(ctx, t, army, kills, used)


def roll(ctx, t, seat, cmd) -> None:
    """No (more) spell attacks: the side rolls its dice."""
    b = t.game.battle
    spells_done(ctx, t, b.spell_side, b.kills, b.used)


def spells_done(ctx, t, army: int, kills: list, used: list) -> None:
    g = t.game
    b = g.battle
    if army == b.attacker:
        att = _dice(ctx, t, b, army, kills, used)
        left = side_units(g, b.loc, b.defender)
        if b.kind != "sneak" and left and may_teleport_away(t, b, att["hits"]):
            nb = _with(
                b, step="defender", pending_hits=att["hits"], volley=att, spell_side=-1, used=[], kills=[]
            )
            ctx.emit("dl.battle", {"battle": nb}, rule="DL:3.4/retreat")
            return
        return finish_round(ctx, t, att, None)
    dfn = _dice(ctx, t, b, army, kills, used)
    close_round(ctx, t, b.volley, b.fled or None, dfn)


def may_teleport_away(t, b, hits: int) -> bool:
    """Whether the defender pauses before striking back (step `defender`): whenever chip-bearers
    defend and the hits allow a teleport retreat, whether or not one knows Teleport, so the pause
    tells nobody which spells they know (invariant 6); without Teleport the only answer is `stand`."""
    g = t.game
    if b.loc in world().sea or not g.armies[b.defender].alive:
        return False
    left = side_units(g, b.loc, b.defender)
    return (
        bool(side_heroes(g, b.loc, b.defender))
        and any(x != b.loc for x in board.held(g, b.defender))
        and teleport_retreat_allowed(hits, left, t.options.get("teleport_retreat", "fewer"))
    )


def retreat_options(t, b, hits: int) -> list[dict]:
    """A defending spellcaster with Teleport may teleport alone to an own territory instead of
    striking back, if the hits are fewer than its side's units left (DL:3.4/retreat, INT-39)."""
    g = t.game
    if b.loc in world().sea:
        return []
    left = side_units(g, b.loc, b.defender)
    if not g.armies[b.defender].alive or not teleport_retreat_allowed(
        hits, left, t.options.get("teleport_retreat", "fewer")
    ):
        return []
    dests = [x for x in board.held(g, b.defender) if x != b.loc]
    return [
        {"kind": "teleport_away", "hero": h, "to": d}
        for h in side_heroes(g, b.loc, b.defender)
        if board.knows(g.heroes[h], 3) and not g.heroes[h].poisoned
        for d in dests
    ]


def finish_round(ctx, t, att: dict, fled: str | None) -> None:
    """Step 4: the defender strikes back (not in a sneak attack), with its spells first."""
    g = t.game
    b = g.battle
    if b.kind != "sneak" and side_units(g, b.loc, b.defender):
        ctx.emit(
            "dl.battle",
            {"battle": _with(b, volley=att, fled=fled or "", step="striking")},
            rule="DL:3.4/land.4",
        )
        return open_spells(ctx, t, b.defender)
    close_round(ctx, t, att, fled, None)


def close_round(ctx, t, att: dict, fled: str | None, dfn: dict | None) -> None:
    """Step 5: both sides' dice hits are removed together, each owner choosing which units
    (DL:3.4/land.5, INT-30)."""
    g = t.game
    b = g.battle
    hits = {str(b.attacker): dfn["hits"] if dfn else 0, str(b.defender): att["hits"]}
    rule = ROUND_RULE.get(b.kind, "DL:3.4/land.5")
    ctx.emit(
        "dl.round",
        {
            "loc": b.loc,
            "round": b.rounds + 1,
            "kind": b.kind,
            "attacker": att,
            "defender": dfn,
            "fled": fled,
            "hits": hits,
        },
        rule=rule,
    )
    pending = {}
    for army in (b.defender, b.attacker):
        n = min(hits[str(army)], side_units(g, b.loc, army))
        if has_choice(t, b.loc, army, n):
            pending[str(army)] = n
        elif n:
            lost = kill(ctx, t, b.loc, army, n, b.attacker if army == b.defender else b.defender, rule)
            ctx.emit("dl.casualties", {"loc": b.loc, "army": army, "lost": lost}, rule=rule)
        if t.over:
            return
    nb = _with(
        g.battle,
        rounds=b.rounds + 1,
        step="casualties" if pending else "after_round",
        pending_hits=0,
        volley={},
        pending=pending,
        spell_side=-1,
        used=[],
        kills=[],
        fled="",
    )
    ctx.emit("dl.battle", {"battle": nb}, rule=rule)
    if not pending:
        after_round(ctx, t)


ROUND_RULE = {
    "sneak": "DL:3.4/sneak",
    "naval": "DL:3.4/naval",
    "party": "DL:3.3/quest-combat",
    "land": "DL:3.4/land.5",
}


def casualty(ctx, t, seat, cmd) -> None:
    """The owner removes one casualty of its own choice (DL:3.4/land.5, INT-30)."""
    g = t.game
    b = g.battle
    army = chooser(g)
    killer = b.attacker if army == b.defender else b.defender
    lost = remove_one(ctx, t, b.loc, army, cmd["unit"], killer, "DL:3.4/land.5")
    ctx.emit("dl.casualties", {"loc": b.loc, "army": army, "lost": [lost]}, rule="INT-30")
    if t.over:
        return
    pending = dict(g.battle.pending)
    pending[str(army)] -= 1
    if pending[str(army)] <= 0 or not side_units(g, b.loc, army):
        del pending[str(army)]
    nb = _with(g.battle, pending=pending, step="casualties" if pending else "after_round")
    ctx.emit("dl.battle", {"battle": nb}, rule="INT-30")
    if not pending:
        after_round(ctx, t)


def chooser(g) -> int:
    """The army choosing casualties now: the defender first, then the attacker."""
    b = g.battle
    return b.defender if str(b.defender) in b.pending else b.attacker


def casualty_legal(t) -> list[dict]:
    g = t.game
    b = g.battle
    army = chooser(g)
    out = []
    if any(board.plain(g, p, army) for p in side_places(g, b.loc, army)):
        out.append({"kind": "casualty", "unit": "plain"})
    out += [{"kind": "casualty", "unit": h} for h in side_heroes(g, b.loc, army)]
    return out


def after_round(ctx, t) -> None:
    if SPOILS["settle"](ctx, t, "after_round"):
        return
    g = t.game
    b = g.battle
    a_left, d_left = side_units(g, b.loc, b.attacker), side_units(g, b.loc, b.defender)
    if a_left and d_left:
        if b.kind == "sneak":
            return sneak_failed(ctx, t)
        if b.kind in ("naval", "party"):
            return fight_round(ctx, t)  # no retreat at sea or in the wastelands: fight on
        return  # the attacker chooses: fight on or retreat
    end_battle(ctx, t)


def sneak_failed(ctx, t) -> None:
    """A failed sneak attack: every elf withdraws to own territory, where its owner picks, and may
    not attack again this turn (DL:3.4/sneak; spoils.py)."""
    SPOILS["sneak_back"](ctx, t)


def withdraw(ctx, t, loc: str, to: str, army: int, rule: str) -> None:
    """Every unit of an army in a place goes to another place (a retreat, a party's move)."""
    g = t.game
    n = board.plain(g, loc, army)
    if n:
        ctx.emit("dl.units", {"loc": loc, "army": army, "n": -n}, rule=rule)
        ctx.emit("dl.units", {"loc": to, "army": army, "n": n}, rule=rule)
    for h in board.heroes_at(g, loc, army):
        ctx.emit("dl.hero", {"id": h, "set": {"loc": to}}, rule=rule)


def end_battle(ctx, t) -> None:
    """The battle ends: the place belongs to whoever is left (or nobody, F-Q3); a conquered kingdom's
    gold and the empty ships docked in a conquered harbour change hands (DL:2.2/kingdom, DL:3.2/ships);
    after a naval battle the winner mans, docks or sinks the ships left unmanned (DL:3.4/naval).
    Treasures captured in the last round get their bearer first (DL:3.3/treasures)."""
    if SPOILS["settle"](ctx, t, "end_battle"):
        return
    g = t.game
    b = g.battle
    winner = next((a for a in (b.attacker, b.defender) if side_units(g, b.loc, a)), -1)
    if b.kind in END_BY_KIND:
        return END_BY_KIND[b.kind](ctx, t, winner)
    if b.loc in world().sea:
        return SPOILS["man_ships"](ctx, t, b.loc, winner)
    for sid, s in sorted(g.ships.items()):
        if s.harbour == b.loc and not board.ship_units(g, sid) and winner >= 0 and s.army != winner:
            ctx.emit("dl.ship", {"id": sid, "set": {"army": winner}}, rule="DL:3.2/ships")
    if winner == b.attacker and g.gold.get(b.loc):
        ctx.emit(
            "dl.captured", {"kingdom": b.loc, "gold": g.gold[b.loc], "army": winner}, rule="DL:2.2/kingdom"
        )
    close_battle(ctx, t, winner)


def close_battle(ctx, t, winner: int) -> None:
    """The battle's end event and what follows a won sneak or naval battle."""
    g = t.game
    b = g.battle
    ctx.emit("dl.battle", {"end": True, "winner": winner, "loc": b.loc}, rule="DL:3.4/general")
    if winner == b.attacker and b.kind == "sneak":
        # the elves that took the place may attack normally but not sneak again this turn (DL:3.4/sneak)
        ctx.emit(
            "dl.mark",
            {"field": "sneaked", "key": b.loc, "n": side_units(g, b.loc, b.attacker)},
            rule="DL:3.4/sneak",
        )
    if winner == b.attacker and b.loc in world().sea:
        for sid in board.ships_in(g, b.loc, winner):
            ctx.emit("dl.ship", {"id": sid, "set": {"moves": 0, "fought": True}}, rule="DL:3.4/naval")
    check_victory(ctx, t)


def _with(b, **kw) -> dict:
    import msgspec

    d = msgspec.to_builtins(b)
    d.update(kw)
    return d


# -- commands inside a battle ---------------------------------------------------------------------


def legal(t) -> list[dict]:
    g = t.game
    b = g.battle
    if b.step == "casualties":
        return casualty_legal(t)
    if b.step == "defender":
        return [{"kind": "stand"}, *retreat_options(t, b, b.pending_hits)]
    if b.step == "spells":
        return [*spell_options(t, b, b.spell_side), {"kind": "roll"}]
    if b.step == "gather":
        out = [{"kind": "fight", "at": b.loc}]
        if b.kind == "sneak":
            # more elves of other adjacent territories join the same attack (DL:3.4/sneak)
            from engine.games.dragonlords.turn.moves import sneak_commands, sneak_sources

            for o in sneak_sources(g, b.attacker, b.loc):
                out += sneak_commands(g, b.attacker, o, b.loc)
        if b.kind == "land":
            from engine.games.dragonlords.turn.moves import can_fight

            w = world()
            for o in board.held(g, b.attacker):
                n = min(can_fight(g, o, b.attacker), board.units(g, o, b.attacker) - 1)
                if n < 1 or not w.adjacent(o, b.loc, board.caster_at(g, o, b.attacker)):
                    continue
                for k in range(1, min(n, board.plain(g, o, b.attacker) - g.no_fight.get(o, 0)) + 1):
                    out.append({"kind": "attack", "origin": o, "target": b.loc, "n": k})
                for h in board.heroes_at(g, o, b.attacker):
                    out.append({"kind": "attack", "origin": o, "target": b.loc, "hero": h})
        return out
    out = [] if b.retreating else [{"kind": "fight", "at": b.loc}]
    if b.retreat_ok:
        w = world()
        plain = board.plain(g, b.loc, b.attacker)
        heroes = board.heroes_at(g, b.loc, b.attacker)
        for x in w.neighbours(b.loc, board.caster_at(g, b.loc, b.attacker)):
            if board.owner(g, x) == b.attacker:
                out.append({"kind": "retreat", "to": x})
                # or split among several own territories (INT-40)
                out += [
                    {"kind": "retreat", "to": x, "n": k} for k in range(1, plain + 1) if k < plain or heroes
                ]
                out += [{"kind": "retreat", "to": x, "hero": h} for h in heroes if plain or len(heroes) > 1]
    return out
