"""Quest activity in the wastelands (§3.3/party): forming a party, moving it by the die, the five kinds
of space, shopping, quest combat against monsters and parties, charming a dragon, and the rewards
(gold, treasure, spells, wizards, scrolls, units, DragonLords)."""

from __future__ import annotations

import msgspec

from engine.games.dragonlords import board, places
from engine.games.dragonlords.battles import battle
from engine.games.dragonlords.battles.arithmetic import SideMagic, attack_strength
from engine.games.dragonlords.content import content
from engine.games.dragonlords.dice import BY_SIDES, CRYSTAL, D6
from engine.games.dragonlords.magic.scrolls import discard
from engine.games.dragonlords.map.world import world
from engine.games.dragonlords.offers import Offer, counted
from engine.games.dragonlords.quests.cards import quests
from engine.games.dragonlords.situations.overrides import value
from engine.games.dragonlords.turn import decisions
from engine.games.dragonlords.turn.flow import check_victory
from engine.mechanics import zones

PARTY_CAP = 6  # units on one wasteland space (§3.3/party, §5.T3)
SHOPS = {
    "village": ("pick_axe", "torch", "unit"),
    "witches_den": ("potion", "elixir", "dragon_orb"),
    "shrine": ("talisman",),
}


SPACE_RULE = {
    "village": "DL:3.3/village",
    "witches_den": "DL:3.3/witches-den",
    "shrine": "DL:3.3/shrine",
    "dragons_lair": "DL:3.3/lair",
    "draw_quest": "DL:3.3/quest-card",
}


def party_at(game, space: str, army: int | None = None):
    return next((p for p in game.parties if p.space == space and (army is None or p.army == army)), None)


def wasteland(space: str) -> str:
    got = world().wasteland_by_space.get(space)
    return got if got is not None else world().m.wasteland_of(space).id  # none: its KeyError


def may_join(game, h: str) -> bool:
    """No King and no DragonLord in a party (§3.3/party)."""
    return game.heroes[h].role not in ("king", "dragonlord")


# -- legal commands -------------------------------------------------------------------------------


def legal(table, a: int) -> list[Offer]:
    game = table.game
    w = world()
    if game.qmove is not None:
        q = game.qmove
        moves = [Offer({"kind": "go", "to": s}) for s in q.ends]
        moves += [Offer({"kind": "go", "to": s}) for s in q.stops if s not in q.ends]
        moves += [Offer({"kind": "leave", "to": x}) for x in q.exits]
        return moves
    out: list[Offer] = []
    one = table.options.get("parties_per_wasteland", "unlimited") == "one"
    occ = board.occupancy(game)
    for o, ents in sorted(w.entries.items()):
        if occ.get(o) != [a]:
            continue
        for space, _via in ents:
            wl = wasteland(space)
            if wl in game.quested or (
                one and any(p.army == a and wasteland(p.space) == wl for p in game.parties)
            ):
                continue
            out += _enter_options(game, a, o, space)
    for sid, s in sorted(game.ships.items()):
        if s.army != a:
            continue
        for space, zone in sorted(w.space_harbour.items()):
            wl = wasteland(space)
            if (
                zone == s.zone
                and wl not in game.quested
                and not (one and any(p.army == a and wasteland(p.space) == wl for p in game.parties))
            ):
                out += _enter_options(game, a, places.aboard(sid), space)
    for p in game.parties:
        if p.army == a and wasteland(p.space) not in game.quested and not p.moved:
            out.append(Offer({"kind": "quest", "space": p.space}))
    must = [
        p
        for p in game.parties
        if p.army == a and p.fought and not p.moved and wasteland(p.space) not in game.quested
    ]
    if must:
        # the winner of a party fight must move away next turn (DL:3.3/quest-combat)
        return [o for o in out if o.cmd["kind"] == "quest" and o.cmd["space"] in {p.space for p in must}] + [
            o for o in out if o.cmd["kind"] == "scroll"
        ]
    if game.shop_at:
        p = party_at(game, game.shop_at, a)
        kind = w.space_kind.get(game.shop_at, "")  # "" (no such space): no shop, no lair
        if p is not None:
            gold = board.gold_of(game, a)
            for item in SHOPS.get(kind, ()):
                cost = (
                    content().units[game.armies[a].race].cost
                    if item == "unit"
                    else content().tools[item].price
                )
                if cost <= gold and (
                    item != "unit" or (board.units(game, p.space, a) < PARTY_CAP and game.armies[a].supply)
                ):
                    out.append(Offer({"kind": "shop", "what": item}))
            if kind == "dragons_lair" and "dragon_orb" not in p.tools:
                out.append(Offer({"kind": "search"}))
    return out


def _enter_options(game, a, origin, space) -> list[Offer]:
    total = board.units(game, origin, a)
    keep = 0 if places.is_ship(origin) else 1
    room = min(PARTY_CAP, total - keep)
    plain = board.plain(game, origin, a)
    heroes = [h for h in board.heroes_at(game, origin, a) if may_join(game, h)] if room >= 1 else ()
    return [counted({"kind": "enter", "origin": origin, "space": space}, min(room, plain), heroes)]


# -- handlers -------------------------------------------------------------------------------------


def enter(ctx, table, seat, cmd):
    """Form a party at the Village (bridge or ship) or the Dragon's Lair (pass) with the tools stored
    in the kingdom, then roll for its move (DL:3.3/party). No shopping on entry (F-Q16)."""
    game = table.game
    a = game.active
    o, space = cmd["origin"], cmd["space"]
    if cmd.get("hero"):
        ctx.emit("dl.hero", {"id": cmd["hero"], "set": {"loc": space}}, rule="DL:3.3/party")
    else:
        ctx.emit("dl.units", {"loc": o, "army": a, "n": -cmd["n"]}, rule="DL:3.3/party")
        ctx.emit("dl.units", {"loc": space, "army": a, "n": cmd["n"]}, rule="DL:3.3/party")
    tools = list(game.armies[a].tools)
    ctx.emit("dl.army", {"army": a, "set": {"tools": []}}, rule="DL:3.3/tools")
    ctx.emit("dl.party", {"new": True, "army": a, "space": space, "tools": tools}, rule="DL:3.3/party")
    _roll(ctx, table, space, entering=True)


def quest_move(ctx, table, seat, cmd):
    _roll(ctx, table, cmd["space"], entering=False)


def _roll(ctx, table, space: str, entering: bool) -> None:
    game = table.game
    roll = ctx.roll(D6, 1, rule="DL:3.3/party")[0]
    steps = roll - 1 if entering and table.options.get("entry_space_counts", "no") == "yes" else roll
    m = world().m
    ends = m.wasteland_moves(space, steps) if steps > 0 else [space]
    a = game.active
    stops, exits = _path_facts(game, a, space, steps)
    ends = [e for e in ends if _may_end(game, a, e)]
    if not ends and not stops and not exits:
        ends = [space]  # boxed in by parties: the party stays (no legal end, DL:3.3/party)
    ctx.emit(
        "dl.qmove",
        {
            "move": {"space": space, "roll": roll, "ends": ends, "stops": stops, "exits": exits},
            "wasteland": wasteland(space),
        },
        rule="DL:3.3/party",
    )


def _may_end(game, a, space) -> bool:
    """Only the Shrine holds more than one party; ending on an enemy party means attacking it
    (INT-47); never on another own party."""
    other = [p for p in game.parties if p.space == space]
    if not other or world().space_kind[space] == "shrine":
        return True
    return all(not board.allies(game, a, p.army) for p in other)


def _path_facts(game, a, start, steps) -> tuple[list[str], list[str]]:
    """Enemy parties within reach to stop at (not on the Shrine), and exits within reach (INT-20)."""
    w = world()
    path = w.m.wasteland_of(start).path
    i = path.index(start)
    stops, exits = set(), set()
    for d in (-1, 1):
        for k in range(1, steps + 1):
            j = i + d * k
            if not 0 <= j < len(path):
                break
            s = path[j]
            if (
                k < steps
                and w.space_kind[s] != "shrine"
                and any(p.space == s and not board.allies(game, a, p.army) for p in game.parties)
            ):
                stops.add(s)
            for x in w.exits.get(s, ()):
                if game.short and x in w.tundra:
                    continue
                if board.owner(game, x) in (-1, a) or not any(
                    board.allies(game, a, o) and o != a for o in board.armies_at(game, x)
                ):
                    exits.add(x)
    return sorted(stops), sorted(exits)


def go(ctx, table, seat, cmd):
    game = table.game
    a = game.active
    q = game.qmove
    src, to = q.space, cmd["to"]
    _shift(ctx, table, a, src, to, "DL:3.3/party")
    ctx.emit("dl.qmove", {"end": True, "shop_at": ""}, rule="DL:3.3/party")
    enemy = next((p for p in game.parties if p.space == to and not board.allies(game, a, p.army)), None)
    if enemy is not None and world().space_kind[to] != "shrine":
        return party_fight(ctx, table, to, a, enemy.army)
    arrive(ctx, table, to)


def _shift(ctx, table, a, src, to, rule):
    if src == to:
        return
    battle.withdraw(ctx, table, src, to, a, rule)
    ctx.emit(
        "dl.party", {"army": a, "space": src, "set": {"space": to, "moved": True, "fought": False}}, rule=rule
    )


def leave(ctx, table, seat, cmd):
    """The party leaves the wastelands into the adjacent territory; its tools go to storage; an
    enemy territory is a land battle in phase 4 without retreat (DL:3.3/party, INT-20)."""
    game = table.game
    a = game.active
    src = game.qmove.space
    p = party_at(game, src, a)
    ctx.emit("dl.qmove", {"end": True, "shop_at": ""}, rule="DL:3.3/party")
    if any(not board.allies(game, a, o) for o in board.armies_at(game, cmd["to"])):
        ctx.emit("dl.mark", {"field": "no_retreat", "key": cmd["to"]}, rule="DL:3.4/retreat")
    battle.withdraw(ctx, table, src, cmd["to"], a, "DL:3.3/party")
    ctx.emit(
        "dl.army", {"army": a, "set": {"tools": sorted(game.armies[a].tools + p.tools)}}, rule="DL:3.3/tools"
    )
    ctx.emit("dl.party", {"army": a, "space": src, "gone": True}, rule="DL:3.3/party")

    check_victory(ctx, table)


# -- spaces ---------------------------------------------------------------------------------------


def arrive(ctx, table, space: str) -> None:
    game = table.game
    a = game.active
    kind = world().space_kind[space]
    p = party_at(game, space, a)
    if kind == "witches_den" and "dragon_orb" in p.tools:
        gain_spell(ctx, table, space, "DL:3.3/witches-den")
    elif kind == "shrine" and "talisman" in p.tools:
        draw_scroll(ctx, table, a, "DL:3.3/shrine")
    elif kind == "dragons_lair" and "dragon_orb" in p.tools:
        lair_orb(ctx, table, space)
    elif kind == "draw_quest":
        draw_quest(ctx, table, space)
    if party_at(game, space, a) is not None and kind != "draw_quest":
        ctx.emit("dl.qmove", {"end": True, "shop_at": space}, rule=SPACE_RULE[kind])


def shop(ctx, table, seat, cmd):
    """Buy at the space landed on, paying from the kingdoms' gold (INT-24)."""
    game = table.game
    a = game.active
    what = cmd["what"]
    space = game.shop_at
    kind = world().space_kind[space]
    rule = {"village": "DL:3.3/village", "witches_den": "DL:3.3/witches-den", "shrine": "DL:3.3/shrine"}[kind]
    cost = content().units[game.armies[a].race].cost if what == "unit" else content().tools[what].price
    pay(ctx, table, a, cost, rule)
    if what == "unit":
        ctx.emit("dl.units", {"loc": space, "army": a, "n": 1}, rule="DL:3.3/village")
        ctx.emit("dl.army", {"army": a, "set": {"supply": game.armies[a].supply - 1}}, rule="INT-02")
    else:
        p = party_at(game, space, a)
        ctx.emit(
            "dl.party", {"army": a, "space": space, "set": {"tools": sorted([*p.tools, what])}}, rule=rule
        )


def pay(ctx, table, a, cost, rule) -> None:
    game = table.game
    left = cost
    for k in board.kingdoms_held(game, a):
        take = min(left, game.gold.get(k, 0))
        if take:
            ctx.emit("dl.gold", {"kingdom": k, "n": -take, "army": a}, rule=rule)
            left -= take


def search(ctx, table, seat, cmd):
    """Search the remains at the Lair without an Orb: the Red Dragon attacks; beating it gives a
    treasure (DL:3.3/lair). The search ends the quest this turn."""
    game = table.game
    space = game.shop_at
    ctx.emit("dl.qmove", {"end": True, "shop_at": ""}, rule="DL:3.3/lair")
    monster_fight(ctx, table, space, "red_dragon", "treasure", 1, "DL:3.3/lair")


def lair_orb(ctx, table, space) -> None:
    """With a Dragon Orb: yellow a party unit becomes a DragonLord and the Orb is spent (INT-50);
    blue the dragon sleeps, roll again; red lose a unit (DL:3.3/lair)."""
    while True:
        c = ctx.roll(CRYSTAL, 1, rule="DL:3.3/lair")[0]
        if c == "yellow":
            make_dragonlord(ctx, table, space, "DL:3.3/lair", orb=True)
            return
        if c == "red":
            decisions.lose(
                ctx,
                table,
                space,
                table.game.active,
                1,
                -1,
                "DL:3.3/lair",
                "the dragons' rest disturbed",
                "party_check",
                {"space": space},
            )
            return


def draw_quest(ctx, table, space) -> None:
    """The player to the right draws the top quest card; without a needed Torch it is discarded;
    the crystal die picks the column; an obstacle must be beaten for the reward (DL:3.3/quest-card)."""
    game = table.game
    a = game.active
    if not table.zone(places.QUEST_DECK):
        if not table.zone(places.QUEST_DISCARD):
            return
        zones.move(
            ctx,
            places.QUEST_DISCARD,
            places.QUEST_DECK,
            list(table.zone(places.QUEST_DISCARD)),
            rule="INT-52",
        )
        ctx.shuffle(places.QUEST_DECK, rule="INT-52")
    card = zones.move_top(ctx, places.QUEST_DECK, places.QUEST_DISCARD, 1, rule="DL:3.3/quest-card")[0]
    q = quests()[card.split("#")[0]]
    p = party_at(game, space, a)
    if q.needs_torch and "torch" not in p.tools:
        ctx.emit("dl.quest", {"card": card, "result": "no torch: discarded"}, rule="DL:3.3/quest-card")
        return
    colour = ctx.roll(CRYSTAL, 1, rule="DL:3.3/quest-card")[0]
    o = q.outcome(colour)
    ctx.emit(
        "dl.quest",
        {
            "card": card,
            "name": q.name,
            "colour": colour,
            "reward": o.reward,
            "amount": o.amount,
            "monster": o.monster,
        },
        rule="DL:3.3/quest-card",
    )
    if o.monster:
        return monster_fight(ctx, table, space, o.monster, o.reward, o.amount, "DL:3.3/quest-card")
    reward(ctx, table, space, o.reward, o.amount, "DL:3.3/quest-card")


def reward(ctx, table, space, kind, n, rule) -> None:
    game = table.game
    a = game.active
    if party_at(game, space, a) is None:
        return
    if kind == "gold":
        ks = board.kingdoms_held(game, a)
        if ks:
            ctx.emit("dl.gold", {"kingdom": ks[0], "n": n, "army": a}, rule="DL:3.3/quest-combat")
    elif kind == "treasure":
        give_new_treasure(ctx, table, space, a)
    elif kind == "spell":
        gain_spell(ctx, table, space, "DL:3.4/wizards")
    elif kind == "wizard":
        gain_wizard(ctx, table, space)
    elif kind == "scroll":
        draw_scroll(ctx, table, a, rule)
    elif kind == "dragonlord":
        make_dragonlord(ctx, table, space, "DL:3.4/dragonlords", orb=False)
    elif kind == "units":
        k = min(n, PARTY_CAP - board.units(game, space, a), game.armies[a].supply)
        if k > 0:
            ctx.emit("dl.units", {"loc": space, "army": a, "n": k}, rule=rule)
            ctx.emit("dl.army", {"army": a, "set": {"supply": game.armies[a].supply - k}}, rule="INT-02")
    elif kind == "lose_unit":
        decisions.lose(ctx, table, space, a, n, -1, rule, "quest", "party_check", {"space": space})


def give_new_treasure(ctx, table, space, a) -> None:
    """Draw a treasure blind from the face-down chips and put it under a party unit (DL:3.3/treasures);
    which treasure it is stays secret from the other players."""
    game = table.game
    if not game.treasure_pool:
        return
    seat = game.armies[a].seat
    tr = ctx.pick("treasure", sorted(game.treasure_pool), 1, rule="DL:3.3/treasures", vis=[seat])[0]
    ctx.emit("dl.treasure_pool", {"take": tr}, rule="DL:3.3/treasures", vis=[seat])
    # under a party unit or a unit in one of the player's kingdoms, e.g. the King (DL:3.3/treasures)
    hs = board.heroes_at(game, space, a)
    opts = hs + (["plain"] if board.plain(game, space, a) else [])
    opts += [h for k in board.kingdoms_held(game, a) for h in board.heroes_at(game, k, a)]
    opts += [f"plain@{k}" for k in board.kingdoms_held(game, a) if board.plain(game, k, a)]
    if opts:
        decisions.ask(
            ctx,
            table,
            a,
            "treasure",
            "DL:3.3/treasures",
            opts,
            "treasure_holder",
            {"treasure": tr, "space": space},
        )


@decisions.then("treasure_holder")
def _treasure_holder(ctx, table, pick, q) -> None:
    game = table.game
    a, tr = q.army, q.data["treasure"]
    seat = game.armies[a].seat
    if pick.startswith("plain"):
        where = pick.split("@")[1] if "@" in pick else q.data["space"]
        battle.new_hero(ctx, table, a, where, "", treasures=[tr], rule="DL:3.3/treasures", vis=[seat])
        return
    x = game.heroes[pick]
    ctx.emit(
        "dl.hero",
        {"id": pick, "set": {"treasures": sorted([*x.treasures, tr])}},
        rule="DL:3.3/treasures",
        vis=[seat],
    )


def gain_spell(ctx, table, space, rule) -> None:
    """A spell for the party: its wizard learns one (the player picks which, INT-25); with no wizard
    in the party a new wizard chip goes under a party unit (DL:3.4/wizards). Which unit carries a
    wizard chip is secret (DL:2.3/placement), so the question is the same either way: one kind and
    one rule, asked even with a single answer or none that changes anything (INT-55: a wizard that
    knows all six learns nothing; INT-56: no fourth wizard)."""
    game = table.game
    a = game.active
    wiz = [h for h in board.heroes_at(game, space, a) if game.heroes[h].role == "wizard"]
    opts = wiz or (wizard_spots(game, space, a) if game.armies[a].wizards < 3 else [])
    decisions.ask(
        ctx,
        table,
        a,
        "spell_reward",
        "DL:3.4/wizards",
        opts or ["none"],
        "spell_reward",
        {"space": space, "rule": rule},
        always=True,
    )


@decisions.then("spell_reward")
def _spell_reward(ctx, table, pick, q) -> None:
    """The answer to a spell reward: a wizard learns, a unit becomes a wizard, or nothing (the
    reason told to the owner only, so the others do not learn that the party has no wizard)."""
    game = table.game
    if pick == "none":
        ctx.emit(
            "dl.quest", {"result": "no wizard: three already"}, rule="INT-56", vis=[game.armies[q.army].seat]
        )
        return
    if pick in game.heroes and game.heroes[pick].role == "wizard":
        return _learn(ctx, table, pick, q)
    return _new_wizard(ctx, table, pick, q)


@decisions.then("learn")
def _learn(ctx, table, h, q) -> None:
    game = table.game
    rule = q.data["rule"]
    known = set(game.heroes[h].spells)
    if len(known) >= 6:
        return  # INT-55: a wizard that knows all six learns nothing
    while True:
        s = ctx.roll(D6, 1, rule="DL:3.4/wizards")[0]
        if s not in known:
            break
    ctx.emit(
        "dl.hero",
        {"id": h, "set": {"spells": sorted(known | {s})}},
        rule=rule,
        vis=[game.armies[q.army].seat],
    )


def wizard_spots(game, space, a) -> list[str]:
    """The party units that may take a new wizard chip: a plain unit or a chip-bearer without a role."""
    plain_heroes = [h for h in board.heroes_at(game, space, a) if game.heroes[h].role == ""]
    return (["plain"] if board.plain(game, space, a) else []) + plain_heroes


def gain_wizard(ctx, table, space) -> None:
    """A new wizard under a party unit with one rolled spell; none beyond three (DL:3.4/wizards, INT-56).
    The question is asked even with one answer: how many role-less chip-bearers the party has is secret."""
    game = table.game
    a = game.active
    if game.armies[a].wizards >= 3:
        ctx.emit("dl.quest", {"result": "no wizard: three already"}, rule="INT-56")
        return
    opts = wizard_spots(game, space, a)
    if opts:
        # the player picks the party unit that gets the wizard chip (DL:3.4/wizards)
        decisions.ask(
            ctx, table, a, "wizard", "DL:3.4/wizards", opts, "new_wizard", {"space": space}, always=True
        )


@decisions.then("new_wizard")
def _new_wizard(ctx, table, pick, q) -> None:
    game = table.game
    a, space = q.army, q.data["space"]
    s = ctx.roll(D6, 1, rule="DL:3.4/wizards")[0]
    seat = game.armies[a].seat
    if pick == "plain":
        battle.new_hero(ctx, table, a, space, "wizard", spells=[s], rule="DL:3.4/wizards", vis=[seat])
    else:
        ctx.emit(
            "dl.hero",
            {"id": pick, "set": {"role": "wizard", "spells": [s]}},
            rule="DL:3.4/wizards",
            vis=[seat],
        )


def make_dragonlord(ctx, table, space, rule, orb: bool) -> None:
    """A party unit becomes a DragonLord figure: a wizard keeps its spells (DL:3.4/dragonlords)."""
    game = table.game
    a = game.active
    if orb:
        p = party_at(game, space, a)
        tools = list(p.tools)
        tools.remove("dragon_orb")
        ctx.emit("dl.party", {"army": a, "space": space, "set": {"tools": tools}}, rule=rule)
    hs = board.heroes_at(game, space, a)
    wiz = [h for h in hs if game.heroes[h].role == "wizard"]
    opts = wiz + (["plain"] if board.plain(game, space, a) else []) + [h for h in hs if h not in wiz]
    if opts:
        # the player picks the party unit the DragonLord replaces; a wizard keeps its spells (F-Q1)
        decisions.ask(ctx, table, a, "promote", rule, opts, "promote", {"space": space, "rule": rule})


@decisions.then("promote")
def _promote(ctx, table, pick, q) -> None:
    rule, space = q.data["rule"], q.data["space"]
    if pick == "plain":
        battle.new_hero(ctx, table, q.army, space, "dragonlord", rule=rule)
    else:
        ctx.emit("dl.hero", {"id": pick, "set": {"role": "dragonlord"}}, rule=rule)


def draw_scroll(ctx, table, a, rule) -> None:
    if not table.zone(places.SCROLL_DECK):
        if not table.zone(places.SCROLL_DISCARD):
            return
        zones.move(
            ctx,
            places.SCROLL_DISCARD,
            places.SCROLL_DECK,
            list(table.zone(places.SCROLL_DISCARD)),
            rule="INT-52",
        )
        ctx.shuffle(places.SCROLL_DECK, rule="INT-52")
    zones.move_top(ctx, places.SCROLL_DECK, places.hand(a), 1, rule=rule)


# -- quest combat ---------------------------------------------------------------------------------


def monster_fight(ctx, table, space, monster: str, reward_kind: str, amount: int, rule: str) -> None:
    """Quest combat against a monster (DL:3.3/quest-combat), round by round: the monster strikes first
    (INT-51) with a d6 at its attack (lowered by the party's Panic and treasures, INT-37); a hit may
    be drunk by the Elixir, poisons (Spider) or kills a unit the owner picks; then the party answers
    as its player chooses: dice with the monster's defence as sides, a spell (no Fireball on dragons),
    a Dragon Orb's charm or a Charm scroll (a dragon). One hit kills the monster (INT-53). Beating it
    gives the reward (`reward_kind`, `amount`, under `rule`)."""
    ctx.emit(
        "dl.qfight",
        {
            "fight": {
                "space": space,
                "monster": monster,
                "reward": reward_kind,
                "amount": amount,
                "rule": rule,
            }
        },
        rule="DL:3.3/quest-combat",
    )
    _monster_strikes(ctx, table)


def _fight_set(ctx, table, **kw) -> None:

    d = msgspec.to_builtins(table.game.qfight)
    d.update(kw)
    ctx.emit("dl.qfight", {"fight": d}, rule="DL:3.3/quest-combat")


def _monster_strikes(ctx, table) -> None:
    game = table.game
    f = game.qfight
    a = game.active
    space = f.space
    rnd = f.round + 1
    if not board.units(game, space, a) or rnd >= 60:
        return _fight_over(ctx, table, False)
    m = content().monsters[f.monster]
    mstr = attack_strength(
        value(game, m.id, "strength", m.attack),
        SideMagic(),
        battle.magic(game, space, a),
        over=game.overrides,
    )
    face = ctx.roll(D6, 1, rule="DL:3.3/quest-combat")[0]
    hit = face <= mstr.value
    note = {
        "round": rnd,
        "monster_die": {
            "face": face,
            "sides": 6,
            "against": mstr.value,
            "hit": hit,
            "strength": mstr.audit(),
        },
    }
    _fight_set(ctx, table, round=rnd, note=note)
    if not hit:
        return _answer_step(ctx, table)
    if "elixir" in party_at(game, space, a).tools:
        # declared before the loss is removed: the drinker absorbs the hit (DL:3.3/tools, INT-54)
        return decisions.ask(
            ctx, table, a, "elixir", "DL:3.3/tools", ["elixir", "no_elixir"], "elixir", loc=space
        )
    _take_hit(ctx, table)


def _use_tool(ctx, table, tool: str) -> None:
    """A single-use tool of the fighting party is spent (DL:3.3/tools)."""
    game = table.game
    space = game.qfight.space
    p = party_at(game, space, game.active)
    ctx.emit(
        "dl.party",
        {"army": game.active, "space": space, "set": {"tools": _minus(p.tools, tool)}},
        rule="DL:3.3/tools",
    )


@decisions.then("elixir")
def _elixir(ctx, table, pick, q) -> None:
    f = table.game.qfight
    if pick == "elixir":
        _use_tool(ctx, table, "elixir")
        _fight_set(ctx, table, note={**f.note, "elixir": True})
        return _answer_step(ctx, table)
    _take_hit(ctx, table)


def _take_hit(ctx, table) -> None:
    game = table.game
    f = game.qfight
    a = game.active
    if f.monster == "giant_spider" and f.poisoned < board.units(game, f.space, a):
        _fight_set(ctx, table, poisoned=f.poisoned + 1, note={**f.note, "poisoned": f.poisoned + 1})
        return _answer_step(ctx, table)
    _fight_set(ctx, table, note={**f.note, "lost": 1})
    decisions.lose(ctx, table, f.space, a, 1, -1, "DL:3.3/quest-combat", f.monster, "after_hit")


@decisions.then("after_hit")
def _after_hit(ctx, table, pick, q) -> None:
    _answer_step(ctx, table)


def answer_options(table) -> list[str]:
    """What the party may do instead of rolling (the dice, 'strike', always last)."""
    game = table.game
    f = game.qfight
    a = game.active
    heroes = {h: game.heroes[h] for h in board.heroes_at(game, f.space, a)}
    dragon = f.monster == "red_dragon"
    out = []
    if dragon and any(x.role == "wizard" for x in heroes.values()) and "charm" in scroll_names(table, a):
        out.append("charm_scroll")
    if dragon and "dragon_orb" in party_at(game, f.space, a).tools:
        out.append("charm_orb")
    for s, peg in (("lightning", 5), ("fireball", 2)):
        if s == "fireball" and dragon:
            continue  # Fireball has no effect on dragons (DL:3.4/spells.fireball)
        if any(x.role == "wizard" and not x.poisoned and board.knows(x, peg) for x in heroes.values()):
            out.append(s)
    return [*out, "strike"]


def _answer_step(ctx, table) -> None:
    """The party answers; the question is asked in every round, whatever the party holds, so the
    pause tells the other players nothing of scrolls or spells (DL:3.3/quest-combat)."""
    game = table.game
    f = game.qfight
    a = game.active
    if not board.units(game, f.space, a):
        _fight_set(ctx, table, rounds=[*f.rounds, f.note], note={})
        return _fight_over(ctx, table, False)
    decisions.ask(
        ctx,
        table,
        a,
        "answer",
        "DL:3.3/quest-combat",
        answer_options(table),
        "answer",
        loc=f.space,
        always=True,
    )


@decisions.then("answer")
def _answer(ctx, table, pick, q) -> None:
    game = table.game
    f = game.qfight
    a = game.active
    space = f.space
    note = dict(f.note)
    if pick == "charm_scroll":
        discard(ctx, table, a, "charm", "DL:3.4/scrolls.charm")
        _fight_set(ctx, table, rounds=[*f.rounds, note], note={})
        ctx.emit(
            "dl.quest",
            {"monster": f.monster, "rounds": game.qfight.rounds, "result": "charmed by scroll"},
            rule="DL:3.4/scrolls.charm",
        )
        ctx.emit("dl.qfight", {"end": True}, rule="DL:3.4/scrolls.charm")
        wiz = [h for h in board.heroes_at(game, space, a) if game.heroes[h].role == "wizard"]
        # INT-57: the wizard facing the dragon becomes a DragonLord, no roll, no treasure
        return decisions.ask(
            ctx,
            table,
            a,
            "promote",
            "DL:3.4/scrolls.charm",
            wiz,
            "promote",
            {"space": space, "rule": "DL:3.4/scrolls.charm"},
        )
    if pick == "charm_orb":
        colours = [ctx.roll(CRYSTAL, 1, rule="DL:3.3/charm")[0]]
        while colours[-1] == "blue" and len(colours) < 20:  # blue: the dragon sleeps, roll again
            colours.append(ctx.roll(CRYSTAL, 1, rule="DL:3.3/charm")[0])
        note["charm"] = colours
        _fight_set(ctx, table, rounds=[*f.rounds, note], note={})
        if colours[-1] == "yellow":
            ctx.emit(
                "dl.quest",
                {"monster": f.monster, "rounds": game.qfight.rounds, "result": "charmed"},
                rule="DL:3.3/charm",
            )
            ctx.emit("dl.qfight", {"end": True}, rule="DL:3.3/charm")
            return make_dragonlord(ctx, table, space, "DL:3.3/charm", orb=True)
        return _monster_strikes(ctx, table)  # red: no effect, the dragon attacks again
    if pick in ("lightning", "fireball"):
        note["spell"] = pick
        _fight_set(ctx, table, rounds=[*f.rounds, note], note={})
        return _fight_over(ctx, table, True)
    m = content().monsters[f.monster]
    s = attack_strength(
        board.base_attack(game, a), battle.magic(game, space, a), SideMagic(), over=game.overrides
    )
    n = max(0, board.units(game, space, a) - f.poisoned)
    sides = value(game, m.id, "defense", m.defense)
    faces = ctx.roll(BY_SIDES[sides], n, rule="DL:3.3/quest-combat") if n else []
    note["party_dice"] = [{"face": x, "sides": sides, "against": s.value, "hit": x <= s.value} for x in faces]
    if game.overrides.get(m.id):
        note["overridden"] = {m.id: game.overrides[m.id]}
    note["party_strength"] = s.audit()
    won = any(x <= s.value for x in faces)
    _fight_set(ctx, table, rounds=[*f.rounds, note], note={})
    if won:
        return _fight_over(ctx, table, True)
    _monster_strikes(ctx, table)


def _fight_over(ctx, table, won: bool) -> None:
    """After the fight: the poisoned die unless healed (a Heal caster heals all; a Potion one, if its
    player drinks it, F-Q7); then the reward for a beaten monster."""
    game = table.game
    f = game.qfight
    a = game.active
    if f.poisoned and any(board.knows(game.heroes[h], 1) for h in board.heroes_at(game, f.space, a)):
        ctx.emit("dl.quest", {"healed": f.poisoned, "by": "Heal"}, rule="DL:3.3/quest-combat")
        _fight_set(ctx, table, poisoned=0)
    elif (
        f.poisoned and party_at(game, f.space, a) is not None and "potion" in party_at(game, f.space, a).tools
    ):
        return decisions.ask(
            ctx,
            table,
            a,
            "potion",
            "DL:3.3/tools",
            ["potion", "no_potion"],
            "potion",
            {"won": won},
            loc=f.space,
        )
    _poison(ctx, table, won)


@decisions.then("potion")
def _potion(ctx, table, pick, q) -> None:
    f = table.game.qfight
    if pick == "potion":
        _use_tool(ctx, table, "potion")
        _fight_set(ctx, table, poisoned=f.poisoned - 1)
    _poison(ctx, table, q.data["won"])


def _poison(ctx, table, won: bool) -> None:
    f = table.game.qfight
    decisions.lose(
        ctx,
        table,
        f.space,
        table.game.active,
        f.poisoned,
        -1,
        "DL:3.3/quest-combat",
        "poison",
        "fight_done",
        {"won": won},
    )


@decisions.then("fight_done")
def _fight_done(ctx, table, pick, q) -> None:
    game = table.game
    f = game.qfight
    won = q.data["won"]
    ctx.emit(
        "dl.quest",
        {"monster": f.monster, "rounds": f.rounds, "result": "beaten" if won else "lost"},
        rule="DL:3.3/quest-combat",
    )
    ctx.emit("dl.qfight", {"end": True}, rule="DL:3.3/quest-combat")
    _party_check(ctx, table, f.space)
    if won and party_at(game, f.space, game.active) is not None:
        reward(ctx, table, f.space, f.reward, f.amount, f.rule)


def scroll_names(table, a) -> list[str]:
    return sorted({c.split("#")[0] for c in table.zone(places.hand(a))})


def _minus(tools, item):
    out = list(tools)
    out.remove(item)
    return out


def party_fight(ctx, table, space, a, d) -> None:
    """Party against party: the mover attacks, with d6s on both sides, round after round to the end
    (no retreat in the wastelands), as a land battle (spells, casualties chosen by their owners)
    (DL:3.3/quest-combat)."""
    ctx.emit(
        "dl.battle",
        {
            "battle": {
                "loc": space,
                "attacker": a,
                "defender": d,
                "kind": "party",
                "retreat_ok": False,
                "step": "after_round",
            }
        },
        rule="DL:3.3/quest-combat",
    )
    battle.fight_round(ctx, table)


def party_fight_over(ctx, table, winner: int) -> None:
    """The winner takes the loser's tools (INT-08) and treasures and may not act on the space this
    turn; it must move away next turn (DL:3.3/quest-combat)."""
    game = table.game
    b = game.battle
    space, a, d = b.loc, b.attacker, b.defender
    loser = d if winner == a else a
    loser_tools = list(party_at(game, space, loser).tools) if party_at(game, space, loser) is not None else []
    ctx.emit("dl.battle", {"end": True, "winner": winner, "loc": space}, rule="DL:3.3/quest-combat")
    ctx.emit("dl.quest", {"party_fight": space, "winner": winner}, rule="DL:3.3/quest-combat")
    for army in (a, d):
        p = party_at(game, space, army)
        if p is not None and not board.units(game, space, army):
            ctx.emit("dl.party", {"army": army, "space": space, "gone": True}, rule="DL:3.3/tools")
    if winner >= 0:
        p = party_at(game, space, winner)
        tools = sorted(p.tools + loser_tools)
        ctx.emit(
            "dl.party",
            {"army": winner, "space": space, "set": {"tools": tools, "fought": True}},
            rule="DL:3.3/quest-combat",
        )

    check_victory(ctx, table)


def _party_check(ctx, table, space) -> None:
    """A party with no units left is gone, and its tools with it (DL:3.3/tools)."""
    game = table.game
    for p in list(game.parties):
        if p.space == space and not board.units(game, space, p.army):
            ctx.emit("dl.party", {"army": p.army, "space": space, "gone": True}, rule="DL:3.3/tools")


battle.END_BY_KIND["party"] = party_fight_over


@decisions.then("party_check")
def _after_loss(ctx, table, pick, q) -> None:
    _party_check(ctx, table, q.data["space"])


HANDLERS = {"enter": enter, "quest": quest_move, "go": go, "leave": leave, "shop": shop, "search": search}
