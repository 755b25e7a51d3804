"""The winner's choices at the end of a fight, which the engine used to make itself (issue 14):

- which of its units carries a captured treasure (DL:3.3/treasures: the chip goes "under a unit";
  reading CAPTURED-BEARER: the winner picks among its units in that place once the round's
  casualties are removed; meanwhile the chip sits on a provisional bearer);
- which empty ships it mans after a naval battle, from which ship and with which units, or docks
  in its own harbour, or lets sink (DL:3.4/naval: "mindestens eine Einheit" per ship);
- where failed sneak attackers withdraw: any own territory next to the target, all to one or
  split among several (DL:3.4/sneak: "in ein eigenes Gebiet oder eigene Gebiete", as INT-40).

Each is a `decisions.ask` with its rule id; the default answer (the engine's former choice) is
listed first, so `bots.sensible` keeps it.
"""

from __future__ import annotations

from engine.games.dragonlords import board, places
from engine.games.dragonlords.battles import battle
from engine.games.dragonlords.map.world import world
from engine.games.dragonlords.turn import decisions
from engine.readings import chosen

TREASURE_RULE, NAVAL_RULE, SNEAK_RULE = "DL:3.3/treasures", "DL:3.4/naval", "DL:3.4/sneak"


# -- the bearer of a captured treasure ------------------------------------------------------------


def note_capture(ctx, table, tr: str, loc: str, to: int, vis) -> None:
    """A treasure captured in a battle: its bearer is picked at the next pause (settle)."""
    if table.game.battle is not None:
        ctx.emit("dl.spoils", {"add": {"army": to, "loc": loc, "treasure": tr}}, rule=TREASURE_RULE, vis=vis)


def _holder(game, s: dict) -> str | None:
    return next(
        (h for h in board.heroes_at(game, s["loc"], s["army"]) if s["treasure"] in game.heroes[h].treasures),
        None,
    )


def _bare(game, h: str) -> bool:
    """A unit that is a chip-bearer only for this one treasure: the same as any plain unit."""
    x = game.heroes[h]
    return not x.role and len(x.treasures) == 1 and not x.spells


def bearer_options(game, s: dict) -> list[str]:
    """The current bearer first ('plain' for a unit that bears nothing else), then every other unit
    of the winner in the place (chip-bearers by id, 'plain' for any plain unit)."""
    h = _holder(game, s)
    if h is None:
        return []
    heroes = [x for x in board.heroes_at(game, s["loc"], s["army"]) if x != h]
    now = "plain" if _bare(game, h) else h
    rest = list(heroes)
    if now != "plain" and board.plain(game, s["loc"], s["army"]):
        rest.append("plain")
    return [now, *rest]


def settle(ctx, table, next_: str) -> bool:
    """Ask about the first captured treasure still waiting for its bearer; True if a question is
    open (the answer resumes `next_`: 'after_round' or 'end_battle')."""
    game = table.game
    while game.spoils:
        s = dict(game.spoils[0])
        ctx.emit("dl.spoils", {"drop": True}, rule=TREASURE_RULE, vis=[game.armies[s["army"]].seat])
        opts = bearer_options(game, s)
        if len(opts) > 1 and game.armies[s["army"]].alive:
            decisions.ask(
                ctx,
                table,
                s["army"],
                "captured_treasure",
                TREASURE_RULE,
                opts,
                "captured_bearer",
                {**s, "next": next_},
                loc=s["loc"],
            )
            return True
    return False


@decisions.then("captured_bearer")
def _captured_bearer(ctx, table, pick, q) -> None:
    game = table.game
    s = q.data
    seat = game.armies[s["army"]].seat
    h = _holder(game, s)
    if h is not None and pick != ("plain" if _bare(game, h) else h):
        tr = s["treasure"]
        vis = [seat]  # the winner's answer: under which unit the chip now lies
        if _bare(game, h):
            ctx.emit(
                "dl.hero_gone",
                {"id": h, "army": s["army"], "loc": s["loc"], "to_troops": True},
                rule=TREASURE_RULE,
                vis=vis,
            )
        else:
            left = sorted(x for x in game.heroes[h].treasures if x != tr)
            ctx.emit("dl.hero", {"id": h, "set": {"treasures": left}}, rule=TREASURE_RULE, vis=vis)
        if pick == "plain":
            battle.new_hero(ctx, table, s["army"], s["loc"], "", treasures=[tr], rule=TREASURE_RULE, vis=vis)
        else:
            x = game.heroes[pick]
            ctx.emit(
                "dl.hero",
                {"id": pick, "set": {"treasures": sorted([*x.treasures, tr])}},
                rule=TREASURE_RULE,
                vis=vis,
            )
    if s["next"] == "after_round":
        battle.after_round(ctx, table)
    else:
        battle.end_battle(ctx, table)


# -- manning the empty ships after a naval battle -------------------------------------------------


def crew_options(table, zone: str, winner: int, sid: str) -> list[str]:
    """`crew:{donor}:{n}` (n plain units) or `crew:{donor}:{hero}` from each of the winner's ships
    that keeps a unit aboard, the fullest donor's single unit first (the former default; reading
    NAVAL-CREW `one`: a single plain unit only); `dock:{territory}` for each own territory with a
    harbour on the zone; `sink`."""
    game = table.game
    one = chosen(table, "NAVAL-CREW") == "one"
    donors = [s for s in board.ships_in(game, zone, winner) if s != sid and board.ship_units(game, s) > 1]
    donors.sort(key=lambda s: (-board.plain(game, places.aboard(s), winner), s))
    out: list[str] = []
    for d in donors:
        here = places.aboard(d)
        spare = board.ship_units(game, d) - 1
        out += [
            f"crew:{d}:{n}" for n in range(1, min(1 if one else spare, board.plain(game, here, winner)) + 1)
        ]
        out += [] if one else [f"crew:{d}:{h}" for h in board.heroes_at(game, here, winner)]
    out += [f"dock:{x}" for x in world().coast.get(zone, ()) if board.owner(game, x) == winner]
    return [*out, "sink"]


def _empty(game, zone: str) -> list[str]:
    return [
        sid
        for sid in sorted(game.ships)
        if game.ships[sid].zone == zone and not board.ship_units(game, sid) and not game.ships[sid].harbour
    ]


def man_ships(ctx, table, zone: str, winner: int) -> None:
    """After a naval battle the winner mans, docks or sinks each empty ship in turn (DL:3.4/naval);
    then the battle closes."""
    game = table.game
    if winner < 0:
        for sid in _empty(game, zone):
            ctx.emit("dl.ship_gone", {"id": sid, "why": "sunk"}, rule=NAVAL_RULE)
        return battle.close_battle(ctx, table, winner)
    left = _empty(game, zone)
    if not left:
        return battle.close_battle(ctx, table, winner)
    sid = left[0]
    decisions.ask(
        ctx,
        table,
        winner,
        "man_ship",
        NAVAL_RULE,
        crew_options(table, zone, winner, sid),
        "man_ship",
        {"zone": zone, "ship": sid, "winner": winner},
        loc=zone,
    )


@decisions.then("man_ship")
def _man_ship(ctx, table, pick, q) -> None:
    zone, sid, w = q.data["zone"], q.data["ship"], q.data["winner"]
    if pick.startswith("crew:"):
        _, donor, who = pick.split(":")
        if who.isdigit():
            ctx.emit("dl.units", {"loc": places.aboard(donor), "army": w, "n": -int(who)}, rule=NAVAL_RULE)
            ctx.emit("dl.units", {"loc": places.aboard(sid), "army": w, "n": int(who)}, rule=NAVAL_RULE)
        else:
            ctx.emit("dl.hero", {"id": who, "set": {"loc": places.aboard(sid)}}, rule=NAVAL_RULE)
        ctx.emit("dl.ship", {"id": sid, "set": {"army": w}}, rule=NAVAL_RULE)
    elif pick.startswith("dock:"):
        ctx.emit("dl.ship", {"id": sid, "set": {"army": w, "harbour": pick[5:]}}, rule=NAVAL_RULE)
    else:
        ctx.emit("dl.ship_gone", {"id": sid, "why": "sunk"}, rule=NAVAL_RULE)
    man_ships(ctx, table, zone, w)


# -- where failed sneak attackers go --------------------------------------------------------------


def sneak_back_options(table) -> list[str]:
    """Each own territory next to the target (an origin first; reading SNEAK-RETURN `origins`: the
    origins only): `{x}` takes every elf left there; with more than one destination also `{x}:{n}`
    plain units or `{x}:{hero}` (a split, INT-40)."""
    game = table.game
    b = game.battle
    w = world()
    near = [
        x
        for x in w.neighbours(b.loc, board.caster_at(game, b.loc, b.attacker))
        if board.owner(game, x) == b.attacker
    ]
    if chosen(table, "SNEAK-RETURN") == "origins":
        near = [x for x in near if x in b.origins]
    near.sort(key=lambda x: (x not in b.origins, b.origins.index(x) if x in b.origins else 0, x))
    out = list(near)
    if len(near) > 1:
        plain, heroes = board.plain(game, b.loc, b.attacker), board.heroes_at(game, b.loc, b.attacker)
        for x in near:
            out += [f"{x}:{n}" for n in range(1, plain + 1) if n < plain or heroes]
            out += [f"{x}:{h}" for h in heroes if plain or len(heroes) > 1]
    return out


def sneak_back(ctx, table) -> None:
    """A failed sneak attack: the elves withdraw to own territories (DL:3.4/sneak); with none next
    to the target they are lost. They may not attack again this turn."""
    game = table.game
    b = game.battle
    if not battle.side_units(game, b.loc, b.attacker):
        return battle.end_battle(ctx, table)
    opts = sneak_back_options(table)
    if not opts:
        battle.kill(
            ctx,
            table,
            b.loc,
            b.attacker,
            battle.side_units(game, b.loc, b.attacker),
            b.defender,
            SNEAK_RULE,
            "no retreat",
        )
        return battle.end_battle(ctx, table)
    decisions.ask(ctx, table, b.attacker, "sneak_back", SNEAK_RULE, opts, "sneak_back", loc=b.loc)


@decisions.then("sneak_back")
def _sneak_back(ctx, table, pick, q) -> None:
    game = table.game
    b = game.battle
    to, _, part = pick.partition(":")
    if not part:
        n = battle.side_units(game, b.loc, b.attacker)
        battle.withdraw(ctx, table, b.loc, to, b.attacker, SNEAK_RULE)
    elif part.isdigit():
        n = int(part)
        ctx.emit("dl.units", {"loc": b.loc, "army": b.attacker, "n": -n}, rule=SNEAK_RULE)
        ctx.emit("dl.units", {"loc": to, "army": b.attacker, "n": n}, rule=SNEAK_RULE)
    else:
        n = 1
        ctx.emit("dl.hero", {"id": part, "set": {"loc": to}}, rule=SNEAK_RULE)
    ctx.emit("dl.mark", {"field": "no_fight", "key": to, "n": n}, rule=SNEAK_RULE)
    sneak_back(ctx, table)


battle.SPOILS.update(note_capture=note_capture, settle=settle, man_ships=man_ships, sneak_back=sneak_back)
