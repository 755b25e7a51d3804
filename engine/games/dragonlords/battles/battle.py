"""Land and naval battles (§3.4): rounds of G.A.S., spell kills, attacker dice, the defender's
teleport retreat or strike-back, simultaneous casualties, continue or retreat; the elf sneak
attack and the end of a battle (ownership, gold, docked ships, treasures, eliminated Kings).

Every round is one `dl.round` event naming each die, the strength it was tested against and
every modifier with its rule id (issue 14, item 5)."""

from __future__ import annotations

import msgspec

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
from engine.games.dragonlords.offers import Offer, as_offers, counted
from engine.games.dragonlords.state import Battle
from engine.games.dragonlords.turn.flow import check_victory
from engine.games.dragonlords.turn.moves import can_fight, caster_places, sneak_commands, sneak_sources
from engine.mechanics import zones
from engine.readings import chosen

ROLE_RANK = {"": 0, "decoy": 1, "wizard": 2, "dragonlord": 3, "king": 4}
# how a battle of another kind ends (a party fight: quest.py registers it), so this module need
# not import the wastelands' rules
END_BY_KIND: dict = {}
# the winner's end-of-fight questions (spoils.py registers them: no import circle)
SPOILS: dict = {}


def side_places(game, loc: str, army: int) -> list[str]:
    """A land battle is fought in one place; a naval battle by every ship of the side in the zone."""
    if loc in world().sea:
        return [dragonlords_places.aboard(s) for s in board.ships_in(game, loc, army)]
    return [loc]


def side_units(game, loc: str, army: int) -> int:
    if loc not in world().sea:  # one place: no list of places (asked many times a round)
        return board.units(game, loc, army)
    return sum(board.units(game, p, army) for p in side_places(game, loc, army))


def side_heroes(game, loc: str, army: int) -> list[str]:
    if loc not in world().sea:
        return board.heroes_at(game, loc, army)
    return [h for p in side_places(game, loc, army) for h in board.heroes_at(game, p, army)]


def magic(game, loc: str, army: int) -> SideMagic:
    """A side's auras and treasures in a place; Panic names a DragonLord (a figure all can see) as its
    source, while Hope stays unnamed (it would show where the King or a wizard stands)."""
    hs = [game.heroes[h] for h in side_heroes(game, loc, army)]
    if not hs:
        return _NO_MAGIC
    lord = any(x.role == "dragonlord" for x in hs)
    return SideMagic(
        hope=any(board.knows(x, 4) for x in hs),
        panic=any(board.knows(x, 6) for x in hs),
        treasures=tuple(sorted(tr for x in hs for tr in x.treasures)),
        panic_source="Panic (DragonLord)" if lord else "Panic",
    )


_NO_MAGIC = SideMagic()  # a side without chip-bearers (frozen, shared)


def strength(table, loc: str, me: int, them: int, attacking: bool):
    """G.A.S. of one side's units (DL:3.4/land.2); reading INT-35 decides whether the kingdom's -1
    counts when the defenders' Panic already lowers the attacker."""
    game = table.game
    at_sea = loc in world().sea
    kingdom = attacking and not at_sea and world().kind.get(loc) == "kingdom"
    theirs = magic(game, loc, them)
    with_panic = True
    if kingdom and theirs.panic:
        with_panic = chosen(table, "INT-35") != "not_with_panic"
    return attack_strength(
        board.base_attack(game, me),
        magic(game, loc, me),
        theirs,
        attacker_in_kingdom=kingdom,
        at_sea=at_sea,
        over=game.overrides,
        kingdom_with_panic=with_panic,
    )


# -- casualties -----------------------------------------------------------------------------------


def kill(ctx, table, loc: str, army: int, n: int, killer: int, rule: str, how: str = "dice") -> list[str]:
    """Remove n units of an army in a battle place in the order of INT-30's strict reading (plain
    units first, spellcasters last, the King last of all): used where the engine chooses (spell
    kills, scrolls, quests, defeated armies, option casualties=spellcasters_last)."""
    game = table.game
    removed: list[str] = []
    for _ in range(n):
        if not side_units(game, loc, army):
            break
        removed.append(remove_one(ctx, table, loc, army, auto_choice(game, loc, army), killer, rule, how))
    return removed


def auto_choice(game, loc: str, army: int) -> str:
    places = side_places(game, loc, army)
    if any(board.plain(game, p, army) for p in places):
        return "plain"
    return sorted(side_heroes(game, loc, army), key=lambda h: (ROLE_RANK[game.heroes[h].role], h))[0]


def remove_one(
    ctx, table, loc: str, army: int, choice: str, killer: int, rule: str, how: str = "dice"
) -> str:
    """One casualty: the Holy Grail saves it on a d6 of 1-2 (INT-06); a plain unit leaves the
    fullest place (ship) of the side; a hero dies with its chips."""
    game = table.game
    # the side's magic treasures, as `magic` lists them
    grail = any("holy_grail" in game.heroes[h].treasures for h in side_heroes(game, loc, army))
    if grail and ctx.roll(D6, 1, rule="DL:3.3/treasures")[0] <= 2:
        return "saved by the Holy Grail"
    if choice == "plain":
        with_plain = [p for p in side_places(game, loc, army) if board.plain(game, p, army)]
        p = max(with_plain, key=lambda q: (board.plain(game, q, army), q))
        ctx.emit("dl.units", {"loc": p, "army": army, "n": -1, "why": how}, rule=rule)
        ctx.emit("dl.army", {"army": army, "set": {"supply": game.armies[army].supply + 1}}, rule="INT-02")
        return "unit"
    hero_dies(ctx, table, choice, killer, rule)
    return choice


def has_choice(table, loc: str, army: int, hits: int) -> bool:
    """INT-30: the owner picks the casualties when it matters (heroes among the units, fewer hits than
    units); a defeated army makes no choices (INT-33); option casualties=spellcasters_last never asks."""
    game = table.game
    if table.options.get("casualties", "owner") != "owner" or not game.armies[army].alive or hits <= 0:
        return False
    heroes = side_heroes(game, loc, army)
    total = side_units(game, loc, army)
    plain = total - len(heroes)
    return bool(heroes) and hits < total and (plain > 0 or len(heroes) > 1)


def hero_dies(ctx, table, h: str, killer: int, rule: str) -> None:
    game = table.game
    x = game.heroes[h]
    role, army, loc, treasures = x.role, x.army, x.loc, list(x.treasures)
    d = {"id": h, "army": army, "loc": loc}
    # a King's fall ends its player (public) and a DragonLord is a figure; any other chip goes back
    # face down unless the game plays reading CHIP-DEATH "shown"
    if role in ("king", "dragonlord") or chosen(table, "CHIP-DEATH") == "shown":
        d["role"] = role
    ctx.emit("dl.hero_gone", d, rule=rule)
    ctx.emit("dl.army", {"army": army, "set": {"supply": game.armies[army].supply + 1}}, rule="INT-02")
    for tr in treasures:
        give_treasure(ctx, table, tr, loc, killer, army)
    if role == "king":
        eliminate(ctx, table, army, killer)


def give_treasure(ctx, table, tr: str, loc: str, to: int, lost_by: int) -> None:
    """A treasure of a fallen unit goes to the winner's units there (DL:3.3/treasures); with none
    left it returns to the face-down pool (INT-32). It stays face down (DL:3.3/treasures: placed
    "verkehrt herum"): only the winner and the loser learn which it is (reading CAPTURED-TREASURE)."""
    game = table.game
    seats = sorted({game.armies[a].seat for a in (to, lost_by) if a >= 0})
    vis = None if chosen(table, "CAPTURED-TREASURE") == "shown" else seats
    hs = board.heroes_at(game, loc, to) if to >= 0 else []
    if hs:
        x = game.heroes[hs[0]]
        ctx.emit(
            "dl.hero",
            {"id": hs[0], "set": {"treasures": sorted([*x.treasures, tr])}},
            rule="DL:3.3/treasures",
            vis=vis,
        )
    elif to >= 0 and board.plain(game, loc, to):
        new_hero(ctx, table, to, loc, "", treasures=[tr], rule="DL:3.3/treasures", vis=vis)
    else:
        ctx.emit("dl.treasure_pool", {"back": tr}, rule="INT-32", vis=vis)
        return
    SPOILS["note_capture"](
        ctx, table, tr, loc, to, vis
    )  # the winner picks the bearer once the round's losses are out


def new_hero(
    ctx, table, army: int, loc: str, role: str, treasures=(), spells=(), rule: str = "", vis=None
) -> str:
    game = table.game
    hid = f"H{game.next_id}"
    d = {
        "id": hid,
        "seq": game.next_id,
        "army": army,
        "loc": loc,
        "race": game.armies[army].race,
        "role": role,
        "spells": list(spells),
        "treasures": list(treasures),
        "from_troops": True,
    }
    if role == "dragonlord" and not spells:
        del d["spells"]  # a public figure: no empty list of spells to confuse with a secret one
    ctx.emit("dl.hero_new", d, rule=rule, vis=vis)
    return hid


def eliminate(ctx, table, army: int, killer: int) -> None:
    """A player whose King dies is out; the killer takes the scroll cards (DL:3.4/king). The units
    stay as defeated units (INT-33)."""
    game = table.game
    ctx.emit("dl.army", {"army": army, "set": {"alive": False}}, rule="DL:3.4/king")
    cards = list(table.zone(dragonlords_places.hand(army)))
    if cards and killer >= 0 and game.armies[killer].alive:
        zones.move(
            ctx, dragonlords_places.hand(army), dragonlords_places.hand(killer), cards, rule="DL:3.4/king"
        )
    check_victory(ctx, table)


# -- the round ------------------------------------------------------------------------------------


def spell_attacks(game, loc: str, army: int, enemy: int, reading: str = "swap") -> list[tuple[str, str, str]]:
    """INT-38: a wizard trades its die for one Lightning Bolt or Fireball; a DragonLord has Dragonfire
    and still rolls; the Ring of Fire and the Trident give their bearer one more spell attack.
    Protections in the enemy's place: Ring of Fire and Dragon Shield stop Fireball and Dragonfire,
    the Trident stops Lightning (DL:3.3/treasures). No spell attacks at sea (DL:3.4/naval). Each is
    (caster, spell, source); which are thrown, and at whom, the caster's owner decides."""
    if loc in world().sea:
        return []
    shield = set(magic(game, loc, enemy).treasures)
    no_fire = bool(shield & {"ring_of_fire", "dragon_shield"})
    no_bolt = "trident" in shield
    out = []
    for h in side_heroes(game, loc, army):
        x = game.heroes[h]
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


def spell_options(table, b, army: int) -> list[dict]:
    """The spell attacks `army` may still throw in this volley, each at a victim it picks among the
    enemy's units there ('plain' or a chip-bearer; INT-38: 'kill 1 chosen enemy unit')."""
    game = table.game
    enemy = b.defender if army == b.attacker else b.attacker
    if not game.armies[army].alive or not side_units(game, b.loc, enemy):
        return []
    victims = (
        ["plain"] if any(board.plain(game, p, enemy) for p in side_places(game, b.loc, enemy)) else []
    ) + side_heroes(game, b.loc, enemy)
    used = set(b.used) if b.spell_side == army else set()
    out = []
    for h, sp, src in spell_attacks(game, b.loc, army, enemy, table.options.get("spell_attacks", "swap")):
        if spell_key(h, sp, src) not in used:
            out += [{"kind": "spell", "caster": h, "spell": sp, "victim": v} for v in victims]
    return out


def _dice(ctx, table, b, army: int, kills: list, used: list) -> dict:
    """One side's dice (hits counted, not yet removed), after its spell kills (removed at once)."""
    game = table.game
    enemy = b.defender if army == b.attacker else b.attacker
    s = strength(table, b.loc, army, enemy, attacking=(army == b.attacker))
    swapped = {k.split(":")[0] for k in used if k.endswith(":spell")}
    if swapped:  # wizards still in play that swapped their die for a spell
        swapped &= game.heroes.keys()
    poisoned = sum(1 for h in side_heroes(game, b.loc, army) if game.heroes[h].poisoned)
    n = max(0, side_units(game, b.loc, army) - len(swapped) - poisoned)
    faces = ctx.roll(D6, n, rule="DL:3.4/land.3") if n else []
    out = {"army": army, "spells": list(kills), **die_audit(faces, 6, s)}
    race = game.armies[army].race
    if "strength" in game.overrides.get(race, {}):
        out["strength"]["overridden"] = f"{race} strength {game.overrides[race]['strength']} (situation)"
    return out


def fight_round(ctx, table) -> None:
    """Steps 2-3 (DL:3.4/land.2, DL:3.4/land.3): the attacker's spells, then its dice."""
    open_spells(ctx, table, table.game.battle.attacker)


def open_spells(ctx, table, army: int) -> None:
    """A side with chip-bearers in the battle decides on its spell attacks (step `spells`); the
    step opens whenever chip-bearers fight, so it tells nobody whether they know a spell."""
    game = table.game
    b = game.battle
    enemy = b.defender if army == b.attacker else b.attacker
    if (
        b.loc not in world().sea
        and game.armies[army].alive
        and side_heroes(game, b.loc, army)
        and side_units(game, b.loc, enemy)
    ):
        ctx.emit(
            "dl.battle",
            {"battle": _with(b, step="spells", spell_side=army, used=[], kills=[])},
            rule="INT-38",
        )
        return
    spells_done(ctx, table, army, [], [])


def spell(ctx, table, seat, cmd) -> None:
    """A spell attack thrown at the victim its caster chose: it dies at once (INT-38, DL:3.4/land.3)."""
    game = table.game
    b = game.battle
    army = b.spell_side
    enemy = b.defender if army == b.attacker else b.attacker
    sp = cmd["spell"]
    src = next(
        s
        for h, p, s in spell_attacks(game, b.loc, army, enemy, table.options.get("spell_attacks", "swap"))
        if h == cmd["caster"] and p == sp and spell_key(h, p, s) not in b.used
    )
    victim = remove_one(ctx, table, b.loc, enemy, cmd["victim"], army, SPELL_RULE[sp], how=sp)
    kills = [*b.kills, {"caster": cmd["caster"], "spell": sp, "victim": victim, "rule": SPELL_RULE[sp]}]
    used = [*b.used, spell_key(cmd["caster"], sp, src)]
    if table.over:
        return
    ctx.emit("dl.battle", {"battle": _with(game.battle, used=used, kills=kills)}, rule=SPELL_RULE[sp])
    if not spell_options(table, game.battle, army):
        spells_done(ctx, table, army, kills, used)


def roll(ctx, table, seat, cmd) -> None:
    """No (more) spell attacks: the side rolls its dice."""
    b = table.game.battle
    spells_done(ctx, table, b.spell_side, b.kills, b.used)


def spells_done(ctx, table, army: int, kills: list, used: list) -> None:
    game = table.game
    b = game.battle
    if army == b.attacker:
        att = _dice(ctx, table, b, army, kills, used)
        left = side_units(game, b.loc, b.defender)
        if b.kind != "sneak" and left and may_teleport_away(table, b, att["hits"]):
            nb = _with(
                b, step="defender", pending_hits=att["hits"], volley=att, spell_side=-1, used=[], kills=[]
            )
            ctx.emit("dl.battle", {"battle": nb}, rule="DL:3.4/retreat")
            return
        return finish_round(ctx, table, att, None)
    dfn = _dice(ctx, table, b, army, kills, used)
    close_round(ctx, table, b.volley, b.fled or None, dfn)


def may_teleport_away(table, b, hits: int) -> bool:
    """Whether the defender pauses before striking back (step `defender`): whenever chip-bearers
    defend and the hits allow a teleport retreat, whether or not one knows Teleport, so the pause
    tells nobody which spells they know (invariant 6); without Teleport the only answer is `stand`."""
    game = table.game
    if b.loc in world().sea or not game.armies[b.defender].alive:
        return False
    left = side_units(game, b.loc, b.defender)
    return (
        bool(side_heroes(game, b.loc, b.defender))
        and any(x != b.loc for x in board.held(game, b.defender))
        and teleport_retreat_allowed(hits, left, table.options.get("teleport_retreat", "fewer"))
    )


def retreat_options(table, b, hits: int) -> list[dict]:
    """A defending spellcaster with Teleport may teleport alone to an own territory instead of
    striking back, if the hits are fewer than its side's units left (DL:3.4/retreat, INT-39)."""
    game = table.game
    if b.loc in world().sea:
        return []
    left = side_units(game, b.loc, b.defender)
    if not game.armies[b.defender].alive or not teleport_retreat_allowed(
        hits, left, table.options.get("teleport_retreat", "fewer")
    ):
        return []
    dests = [x for x in board.held(game, b.defender) if x != b.loc]
    return [
        {"kind": "teleport_away", "hero": h, "to": d}
        for h in side_heroes(game, b.loc, b.defender)
        if board.knows(game.heroes[h], 3) and not game.heroes[h].poisoned
        for d in dests
    ]


def finish_round(ctx, table, att: dict, fled: str | None) -> None:
    """Step 4: the defender strikes back (not in a sneak attack), with its spells first."""
    game = table.game
    b = game.battle
    if b.kind != "sneak" and side_units(game, b.loc, b.defender):
        ctx.emit(
            "dl.battle",
            {"battle": _with(b, volley=att, fled=fled or "", step="striking")},
            rule="DL:3.4/land.4",
        )
        return open_spells(ctx, table, b.defender)
    close_round(ctx, table, att, fled, None)


def close_round(ctx, table, att: dict, fled: str | None, dfn: dict | None) -> None:
    """Step 5: both sides' dice hits are removed together, each owner choosing which units
    (DL:3.4/land.5, INT-30)."""
    game = table.game
    b = game.battle
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
        n = min(hits[str(army)], side_units(game, b.loc, army))
        if has_choice(table, b.loc, army, n):
            pending[str(army)] = n
        elif n:
            lost = kill(ctx, table, b.loc, army, n, b.attacker if army == b.defender else b.defender, rule)
            ctx.emit("dl.casualties", {"loc": b.loc, "army": army, "lost": lost}, rule=rule)
        if table.over:
            return
    nb = _with(
        game.battle,
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
        after_round(ctx, table)


ROUND_RULE = {
    "sneak": "DL:3.4/sneak",
    "naval": "DL:3.4/naval",
    "party": "DL:3.3/quest-combat",
    "land": "DL:3.4/land.5",
}


def casualty(ctx, table, seat, cmd) -> None:
    """The owner removes one casualty of its own choice (DL:3.4/land.5, INT-30)."""
    game = table.game
    b = game.battle
    army = chooser(game)
    killer = b.attacker if army == b.defender else b.defender
    lost = remove_one(ctx, table, b.loc, army, cmd["unit"], killer, "DL:3.4/land.5")
    ctx.emit("dl.casualties", {"loc": b.loc, "army": army, "lost": [lost]}, rule="INT-30")
    if table.over:
        return
    pending = dict(game.battle.pending)
    pending[str(army)] -= 1
    if pending[str(army)] <= 0 or not side_units(game, b.loc, army):
        del pending[str(army)]
    nb = _with(game.battle, pending=pending, step="casualties" if pending else "after_round")
    ctx.emit("dl.battle", {"battle": nb}, rule="INT-30")
    if not pending:
        after_round(ctx, table)


def chooser(game) -> int:
    """The army choosing casualties now: the defender first, then the attacker."""
    b = game.battle
    return b.defender if str(b.defender) in b.pending else b.attacker


def casualty_legal(table) -> list[dict]:
    game = table.game
    b = game.battle
    army = chooser(game)
    out = []
    if any(board.plain(game, p, army) for p in side_places(game, b.loc, army)):
        out.append({"kind": "casualty", "unit": "plain"})
    out += [{"kind": "casualty", "unit": h} for h in side_heroes(game, b.loc, army)]
    return out


def after_round(ctx, table) -> None:
    if SPOILS["settle"](ctx, table, "after_round"):
        return
    game = table.game
    b = game.battle
    a_left, d_left = side_units(game, b.loc, b.attacker), side_units(game, b.loc, b.defender)
    if a_left and d_left:
        if b.kind == "sneak":
            return sneak_failed(ctx, table)
        if b.kind in ("naval", "party"):
            return fight_round(ctx, table)  # no retreat at sea or in the wastelands: fight on
        return  # the attacker chooses: fight on or retreat
    end_battle(ctx, table)


def sneak_failed(ctx, table) -> None:
    """A failed sneak attack: every elf withdraws to own territory, where its owner picks, and may
    not attack again this turn (DL:3.4/sneak; spoils.py)."""
    SPOILS["sneak_back"](ctx, table)


def withdraw(ctx, table, loc: str, to: str, army: int, rule: str) -> None:
    """Every unit of an army in a place goes to another place (a retreat, a party's move)."""
    game = table.game
    n = board.plain(game, loc, army)
    if n:
        ctx.emit("dl.units", {"loc": loc, "army": army, "n": -n}, rule=rule)
        ctx.emit("dl.units", {"loc": to, "army": army, "n": n}, rule=rule)
    for h in board.heroes_at(game, loc, army):
        ctx.emit("dl.hero", {"id": h, "set": {"loc": to}}, rule=rule)


def end_battle(ctx, table) -> None:
    """The battle ends: the place belongs to whoever is left (or nobody, F-Q3); a conquered kingdom's
    gold and the empty ships docked in a conquered harbour change hands (DL:2.2/kingdom, DL:3.2/ships);
    after a naval battle the winner mans, docks or sinks the ships left unmanned (DL:3.4/naval).
    Treasures captured in the last round get their bearer first (DL:3.3/treasures)."""
    if SPOILS["settle"](ctx, table, "end_battle"):
        return
    game = table.game
    b = game.battle
    winner = next((a for a in (b.attacker, b.defender) if side_units(game, b.loc, a)), -1)
    if b.kind in END_BY_KIND:
        return END_BY_KIND[b.kind](ctx, table, winner)
    if b.loc in world().sea:
        return SPOILS["man_ships"](ctx, table, b.loc, winner)
    for sid, s in sorted(game.ships.items()):
        if s.harbour == b.loc and not board.ship_units(game, sid) and winner >= 0 and s.army != winner:
            ctx.emit("dl.ship", {"id": sid, "set": {"army": winner}}, rule="DL:3.2/ships")
    if winner == b.attacker and game.gold.get(b.loc):
        ctx.emit(
            "dl.captured", {"kingdom": b.loc, "gold": game.gold[b.loc], "army": winner}, rule="DL:2.2/kingdom"
        )
    close_battle(ctx, table, winner)


def close_battle(ctx, table, winner: int) -> None:
    """The battle's end event and what follows a won sneak or naval battle."""
    game = table.game
    b = game.battle
    ctx.emit("dl.battle", {"end": True, "winner": winner, "loc": b.loc}, rule="DL:3.4/general")
    if winner == b.attacker and b.kind == "sneak":
        # the elves that took the place may attack normally but not sneak again this turn (DL:3.4/sneak)
        ctx.emit(
            "dl.mark",
            {"field": "sneaked", "key": b.loc, "n": side_units(game, b.loc, b.attacker)},
            rule="DL:3.4/sneak",
        )
    if winner == b.attacker and b.loc in world().sea:
        for sid in board.ships_in(game, b.loc, winner):
            ctx.emit("dl.ship", {"id": sid, "set": {"moves": 0, "fought": True}}, rule="DL:3.4/naval")
    check_victory(ctx, table)


def _with(b: Battle, **kw) -> Battle:
    """The battle with the fields of `kw` changed, as a `dl.battle` event's payload: the event's
    JSON is encoded from the struct itself, the same bytes as from its fields copied to a dict
    (`msgspec.to_builtins`) and updated, without that copy (four or five a battle round)."""
    return msgspec.structs.replace(b, **kw)


# -- commands inside a battle ---------------------------------------------------------------------


def legal(table) -> list[Offer]:
    game = table.game
    b = game.battle
    if b.step == "casualties":
        return as_offers(casualty_legal(table))
    if b.step == "defender":
        return as_offers([{"kind": "stand"}, *retreat_options(table, b, b.pending_hits)])
    if b.step == "spells":
        return as_offers([*spell_options(table, b, b.spell_side), {"kind": "roll"}])
    if b.step == "gather":
        out = [Offer({"kind": "fight", "at": b.loc})]
        if b.kind == "sneak":
            for o in sneak_sources(game, b.attacker, b.loc):
                out += sneak_commands(game, b.attacker, o, b.loc)
        if b.kind == "land":
            w = world()
            casters = caster_places(game, b.attacker)
            for o in board.held(game, b.attacker):
                if not w.adjacent(o, b.loc, o in casters):  # asked first: most places are not
                    continue
                n = min(can_fight(game, o, b.attacker), board.units(game, o, b.attacker) - 1)
                if n < 1:
                    continue
                most = min(n, board.plain(game, o, b.attacker) - game.no_fight.get(o, 0))
                heroes = board.heroes_at(game, o, b.attacker)
                out.append(counted({"kind": "attack", "origin": o, "target": b.loc}, most, heroes))
        return out
    out = [] if b.retreating else [Offer({"kind": "fight", "at": b.loc})]
    if b.retreat_ok:
        w = world()
        plain = board.plain(game, b.loc, b.attacker)
        heroes = board.heroes_at(game, b.loc, b.attacker)
        for x in w.neighbours(b.loc, board.caster_at(game, b.loc, b.attacker)):
            if board.owner(game, x) == b.attacker:
                # all of them, or split among several own territories (INT-40)
                split = heroes if plain or len(heroes) > 1 else []
                out.append(Offer({"kind": "retreat", "to": x}, plain if heroes else plain - 1, tuple(split)))
    return out
