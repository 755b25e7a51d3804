"""Set-up from a situation file (tests, rulebook examples): the standard set-up, then the
[game] table's overrides as events flagged `situation` (rule SIT-0), then the active seat's turn.
Every key given takes effect, zero and empty included, or is refused naming the key (a key that
cannot act in the position stated, such as `tactic` while the tactics are still to be picked).

    [game]
    night = false            # round 1 by day, or a night round
    round = 1                # the round in progress (the last one: announcing ends the game)
    dummy_turns = false      # solo and co-op: the dummy gets a tactic and its turns too
    source = ["red", "gold", "black", "blue"]
    active = 0               # whose turn it is (it gets the lowest tactic)
    tactic = "mana_search"   # or this one
    pick = false             # true: the tactics are still to be picked
    removed_tactics = ["early_bird"]  # solo and co-op: tactics taken in earlier rounds, out of the game
    tiles_top = ["core_5"]   # tiles put on top of the map stack
    unit_offer = ["peasants", "foresters"]   # the unit offer (top first)
    units_top = ["utem_guardsmen"]            # the units deck's top cards (top first)
    aa_offer = ["blood_rage", "ice_bolt"]     # the advanced-action offer (top first: newest)
    spell_offer = ["fireball"]                # the spell offer (top first: newest)
    [game.tiles]             # tiles revealed at set-up, by centre (their sites populated)
    "6,-4" = "countryside_3"
    [game.conquered]         # sites that carry a seat's shield (their garrison is gone)
    "7,-5" = 1
    [game.enemies]           # face-up enemy tokens by space, taken from their piles by content id
    "1,-3" = ["green_orc_skirmishers"]
    [game.dummy]             # solo and co-op: the dummy player's cards and crystals
    deck = ["rage", "march"] # top first: exactly its deck
    discard = ["swiftness"]
    crystals = {red = 2}
    [[game.seat]]
    hand = ["march", "wound"]      # content ids: from the seat's deck, other decks or the wounds
    deck = ["stamina"]             # top first: exactly the deed deck (unnamed own cards set aside)
    discard = ["rage"]             # the discard pile, top first
    pos = "0,0"
    move = 0
    influence = 0
    crystals = {red = 1}
    tokens = ["gold"]
    fame = 0
    level = 1                      # armour, hand limit and command limit of that level
    reputation = 0
    units = ["peasants"]
    wounded_units = [0]
    spent_units = [0]        # units already activated this turn (not ready)
    rewards = ["artifact"]   # reward choices due (rewards.py)
    [game.combat]            # start inside a combat of the active seat (combat_situation.py)
    [game.pvp]               # or inside a combat against another hero (pvp_situation.py)
"""

from __future__ import annotations

from typing import NoReturn

import msgspec
from msgspec import UNSET, UnsetType

from engine.content import decode
from engine.games.mage_knight import state
from engine.games.mage_knight.apply_scenario_events import city_at
from engine.games.mage_knight.cities import rules as cities_rules
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.mana.rules import BASIC
from engine.games.mage_knight.map.board import unkey
from engine.games.mage_knight.map.explore import place
from engine.games.mage_knight.scenarios.setup import setup as standard_setup
from engine.games.mage_knight.situations.cards import SOURCES, given, lay_out_cards, seat_piles
from engine.games.mage_knight.situations.combat import lay_out_combat
from engine.games.mage_knight.situations.pvp import lay_out_pvp
from engine.games.mage_knight.skills import passive as passive_skills
from engine.games.mage_knight.turn import levels, rewards, rounds
from engine.games.mage_knight.turn.flow import start_turn, tactic_ids
from engine.mechanics import zones
from engine.mechanics.zones import card_name

RULE = "SIT-0"
FACES = (*BASIC, "gold", "black")
REPUTATION = (-7, 7)  # the reputation track, -7 the X space (MK:8:Interact:2a)
MAX_CRYSTALS = 3  # of each colour in a hero's inventory (MK:5:Mana:1b)


class SeatSit(msgspec.Struct, forbid_unknown_fields=True):
    hand: list[str] | None = None
    deck: list[str] | UnsetType = UNSET  # top first: exactly the deed deck
    discard: list[str] | UnsetType = UNSET  # top first: exactly the discard pile
    pos: str = "0,0"
    move: int | UnsetType = UNSET
    influence: int | UnsetType = UNSET
    crystals: dict[str, int] = {}
    tokens: list[str] = []
    fame: int | UnsetType = UNSET
    level: int | UnsetType = UNSET
    reputation: int | UnsetType = UNSET
    units: list[str] = []
    wounded_units: list[int] = []
    spent_units: list[int] = []  # indices into units: activated already this round (MK:5:Units)
    rewards: list[str] = []  # reward choices due: crystal, artifact, spell, advanced_action


class DummySit(msgspec.Struct, forbid_unknown_fields=True):
    deck: list[str] | UnsetType = UNSET  # top first: exactly the dummy's deck
    discard: list[str] | UnsetType = UNSET
    crystals: dict[str, int] | UnsetType = UNSET


class Sit(msgspec.Struct, forbid_unknown_fields=True):
    night: bool = False
    source: list[str] | UnsetType = UNSET
    active: int = 0
    enemies: dict[str, list[str]] = {}
    tiles_top: list[str] = []  # tiles put on top of the map stack (from it or set aside)
    tactic: str | UnsetType = UNSET  # the active seat's tactic (default: the lowest)
    pick: bool = False  # leave the tactics to be picked (the seats' hands are laid out)
    seat: list[SeatSit] = []
    combat: dict | UnsetType = UNSET  # a combat in progress (combat_situation.py)
    tiles: dict[str, str] = {}  # tile centre "q,r" = tile id: revealed at set-up (MK:7:Move:5)
    conquered: dict[str, int] = {}  # site space = the seat whose shield is on it (MK:10:Result:3)
    pvp: dict | UnsetType = UNSET  # a player-against-player combat in progress (pvp_situation.py)
    round: int = 1  # the round in progress (MK:4:Round), at most the scenario's last
    dummy_turns: bool = False  # solo and co-op: the dummy holds a tactic and takes its turns
    removed_tactics: list[str] = []  # solo and co-op: tactics out of the game (MK:4:Round:2f)
    unit_offer: list[str] | UnsetType = UNSET  # top first (MK:3:Setup:10)
    units_top: list[str] = []  # the unit decks' top cards, top first
    aa_offer: list[str] | UnsetType = UNSET  # top first: the newest card (MK:4:Round:2d)
    spell_offer: list[str] | UnsetType = UNSET  # top first: the newest card (MK:4:Round:2e)
    dummy: DummySit | UnsetType = UNSET


def _fail(key: str, why: str) -> NoReturn:
    raise ValueError(f"situation [game] {key}: {why}")


def lay_out(ctx, table, raw: dict) -> None:
    sit = decode(raw, Sit, "situation [game]")
    if len(sit.seat) not in (0, table.players):
        raise ValueError(f"situation [game]: {table.players} seats needed, {len(sit.seat)} given")
    seats = sit.seat or [SeatSit() for _ in range(table.players)]
    standard_setup(ctx, table)
    game = table.game
    _check_header(table, sit, seats)
    ctx.emit("mk.round", {"round": sit.round, "night": sit.night}, rule=RULE)
    if sit.removed_tactics:
        ctx.emit("mk.tactics_removed", {"tactics": list(sit.removed_tactics)}, rule=RULE)
    order = [sit.active] + [s for s in range(table.players) if s != sit.active]
    dummy = [game.dummy_seat] if sit.dummy_turns and not sit.pick else []
    tactics = tactic_ids(sit.night, sit.removed_tactics)
    if given(sit.tactic):  # the others get the latest tactics: the active seat acts first
        tactics.remove(sit.tactic)
        tactics = [sit.tactic, *tactics[::-1]]
    if len(tactics) < len(order) + len(dummy):
        _fail(
            "removed_tactics",
            f"{len(tactics)} {'night' if sit.night else 'day'} tactics left for "
            f"{len(order) + len(dummy)} pickers (MK:4:Round:3a)",
        )
    ctx.emit("mk.tactics", {"open": tactics, "pickers": order + dummy}, rule=RULE)
    if not sit.pick:
        for i, seat in enumerate(order):
            ctx.emit("mk.tactic", {"seat": seat, "tactic": tactics[i]}, rule=RULE)
        numbers = {s: content().tactics[game.players[s].tactic].number for s in range(table.players)}
        if dummy:  # the dummy draws the next tactic (MK:15:Dummy)
            ctx.emit("mk.dummy_tactic", {"tactic": tactics[len(order)]}, rule=RULE)
            numbers[game.dummy_seat] = content().tactics[game.dummy_tactic].number
        ctx.emit("mk.order", {"order": rounds.turn_order(numbers)}, rule=RULE)
    if given(sit.source):
        ctx.emit("mk.source", {"faces": list(sit.source)}, rule=RULE)
    for tile in reversed(sit.tiles_top):
        src = state.TILES if tile in table.zone(state.TILES) else state.TILES_ASIDE
        if tile not in table.zone(src):
            _fail("tiles_top", f"no map tile {tile!r} left in the stack")
        zones.move(ctx, src, state.TILES, [tile], rule=RULE, to="top")
    _tiles_and_shields(ctx, table, sit)
    for space, ids in sit.enemies.items():
        _enemies(ctx, table, space, ids)
    lay_out_cards(ctx, table, sit, seats)
    for seat, s in enumerate(seats):
        _seat(ctx, table, seat, s)
    if sit.pick:
        return
    start_turn(ctx, table, 0)
    for seat, s in enumerate(seats):
        for kind in s.rewards:
            _reward(ctx, table, seat, kind)
        for colour in s.tokens:
            ctx.emit("mk.token", {"seat": seat, "colour": colour, "delta": 1}, rule=RULE)
        for kind in ("move", "influence"):  # set to the value given (a tactic may have given some)
            value = getattr(s, kind)
            if given(value) and value != getattr(game.players[seat], kind):
                ctx.emit(
                    "mk.points",
                    {"seat": seat, "kind": kind, "delta": value - getattr(game.players[seat], kind)},
                    rule=RULE,
                )
    if given(sit.combat):
        lay_out_combat(ctx, table, sit.combat, place=_enemies)
    if given(sit.pvp):
        lay_out_pvp(ctx, table, sit.pvp)


def _check_header(table, sit: Sit, seats: list[SeatSit]) -> None:
    """The [game] keys that must fit the game before anything is laid out, each refused naming
    the key, the allowed values and the rule (nothing is silently ignored)."""
    game = table.game
    if not 1 <= sit.round <= game.rounds:
        _fail("round", f"round = {sit.round}: the scenario has rounds 1 to {game.rounds} (MK:4:Round)")
    if not 0 <= sit.active < table.players:
        _fail("active", f"active = {sit.active}: seats are 0 to {table.players - 1}")
    if given(sit.source):
        if not sit.source:
            _fail(
                "source",
                "the Source is never empty: list its dice's faces, e.g. source = "
                '["red", "gold", "black"] (MK:3:Setup:12)',
            )
        bad = [f for f in sit.source if f not in FACES]
        if bad:
            _fail("source", f"{bad[0]!r} is not a mana die face (allowed: {', '.join(FACES)})")
    every = tactic_ids(False) + tactic_ids(True)
    for x in sit.removed_tactics:
        if x not in every:
            _fail("removed_tactics", f"no tactic {x!r} (allowed: {', '.join(every)})")
    if sit.removed_tactics and game.dummy_seat < 0:
        _fail("removed_tactics", "tactics leave the game only in solo and co-op scenarios (MK:4:Round:2f)")
    if given(sit.tactic):
        open_ = tactic_ids(sit.night, sit.removed_tactics)
        if sit.pick:
            _fail("tactic", "pick = true leaves every tactic to be picked: no seat holds one yet")
        if sit.tactic not in open_:
            _fail(
                "tactic",
                f"{sit.tactic!r} is not an open {'night' if sit.night else 'day'} tactic "
                f"(allowed: {', '.join(open_)}) (MK:4:Round:3a)",
            )
    if sit.dummy_turns and game.dummy_seat < 0:
        _fail("dummy_turns", "this game has no dummy player (solo and co-op only, MK:15:Dummy)")
    if sit.dummy_turns and sit.pick:
        _fail("dummy_turns", "pick = true: the dummy takes its tactic when the tactics are picked")
    if given(sit.combat) and given(sit.pvp):
        _fail("combat", "combat and pvp: one combat at a time (MK:8:Combat:1)")
    if sit.pick:
        for key in ("combat", "pvp"):
            if given(getattr(sit, key)):
                _fail(key, "pick = true: no turn has begun, so there is no combat (MK:4:Round:3a)")
        for i, s in enumerate(seats):
            for key in ("move", "influence", "tokens", "rewards"):
                if getattr(s, key):
                    _fail(
                        f"seat[{i}].{key}",
                        "pick = true: no turn has begun, so nothing of a turn is held yet (MK:4:Round:3a)",
                    )


def _reward(ctx, table, seat: int, kind: str) -> None:
    """A reward due is queued or refused: an empty offer or artifact deck cannot give it; a crystal
    reward with every colour full is dropped, as in play."""
    allowed = ("crystal", "artifact", "spell", "advanced_action")
    if kind not in allowed:
        _fail(f"seat[{seat}].rewards", f"{kind!r} (allowed: {', '.join(allowed)})")
    before = len(table.game.players[seat].rewards)
    rewards.due(ctx, table, seat, kind, RULE)
    if len(table.game.players[seat].rewards) == before and kind != "crystal":
        # (a crystal reward no colour can hold gives nothing, MK:11:EoT:5a: a position, no fault)
        _fail(f"seat[{seat}].rewards", f"{kind!r}: nothing is left to take it from (MK:5:Gain)")


def _tiles_and_shields(ctx, table, sit: Sit) -> None:
    """`[game.tiles]` revealed as exploring reveals them; `[game.conquered]` shields placed,
    the site's face-down garrison going to its discard pile as if defeated."""

    for centre, tile in sit.tiles.items():
        if tile not in content().tiles:
            raise ValueError(f"situation [game.tiles] {centre!r}: no map tile {tile!r}")
        src = state.TILES if tile in table.zone(state.TILES) else state.TILES_ASIDE
        if tile not in table.zone(src):
            raise ValueError(f"situation [game.tiles] {centre!r}: tile {tile!r} is already on the map")
        zones.move(ctx, src, state.TILES, [tile], rule=RULE, to="top")
        try:
            place(ctx, table, tile, unkey(centre), None)
        except (KeyError, ValueError) as exc:
            raise ValueError(f"situation [game.tiles] {centre!r}: not a tile position ({exc})") from None
    for space, seat in sit.conquered.items():
        sp = table.game.board.spaces.get(space)
        if sp is None or not sp.site:
            raise ValueError(f"situation [game.conquered] {space!r}: not a site on the map (MK:10:Result:3)")
        if not 0 <= seat < table.players:
            raise ValueError(f"situation [game.conquered] {space!r} = {seat}: no such seat")

        city = city_at(table.game, space)
        if city is not None:
            _conquer_city(ctx, table, space, city, seat)
            continue
        if state.garrison(space) in table.zones:
            for tok in list(table.zone(state.garrison(space))):
                zones.move(
                    ctx,
                    state.garrison(space),
                    state.enemy_discard(content().enemies[card_name(tok)].color),
                    [tok],
                    rule=RULE,
                )
        ctx.emit("mk.conquered", {"seat": seat, "space": space}, rule=RULE)


def _conquer_city(ctx, table, space: str, city, seat: int) -> None:
    """A city stated conquered is as after a won assault (MK:10:City:2): every defender
    defeated (to its discard pile), a shield of the seat for each, the seat its leader."""

    if city.status != "hostile":
        raise ValueError(
            f"situation [game.conquered] {space!r}: the city is {city.status}, not hostile: "
            "only a hostile city is conquered (MK:10:City:2)"
        )
    main = city.spaces[0]
    for tok in list(city.garrison):
        zones.move(
            ctx,
            state.garrison(main),
            state.enemy_discard(content().enemies[card_name(tok)].color),
            [tok],
            rule=RULE,
        )
    events = cities_rules.defeat_defenders(city, seat, list(city.garrison)) or [
        cities_rules.Event("mk.city_conquered", {"spaces": list(city.spaces), "leader": seat}, RULE)
    ]
    for e in events:
        ctx.emit(e.type, dict(e.data, space=main), rule=RULE)


def _enemies(ctx, table, space: str, ids: list[str]) -> None:
    if state.at(space) not in table.zones:
        zones.create(ctx, state.at(space), [], rule=RULE)
    for eid in ids:
        pile = state.enemy_pile(content().enemies[eid].color)
        tok = next((x for x in table.zone(pile) if card_name(x) == eid), None)
        if tok is None:
            raise ValueError(f"situation [game]: no {eid!r} token left in {pile}")
        zones.move(ctx, pile, state.at(space), [tok], rule=RULE)
    ctx.emit("mk.enemies", {"space": space, "tokens": list(table.zone(state.at(space)))}, rule=RULE)


def _take(table, seat: int, name: str) -> tuple[str, str]:
    for z in (state.deck(seat), *SOURCES):
        tok = next((x for x in table.zone(z) if card_name(x) == name), None)
        if tok:
            return z, tok
    raise ValueError(f"situation [game]: no card {name!r} available for seat {seat}")


def _seat(ctx, table, seat: int, s: SeatSit) -> None:
    """One hero's position, hand, inventory and track values: each key given is set to the
    value given (a delta from the set-up's value), or refused naming `seat[i].key`."""
    where = f"seat[{seat}]"

    try:
        unkey(s.pos)
    except (ValueError, AttributeError):
        _fail(f"{where}.pos", f'{s.pos!r} is not a space like "1,-2"')
    ctx.emit("mk.placed", {"seat": seat, "pos": s.pos}, rule=RULE)
    if s.hand is not None:
        zones.move(
            ctx,
            state.hand(seat),
            state.deck(seat),
            list(table.zone(state.hand(seat))),
            rule=RULE,
            to="bottom",
        )
        for name in s.hand:
            src, card = _take(table, seat, name)
            zones.move(ctx, src, state.hand(seat), [card], rule=RULE)
    seat_piles(ctx, table, seat, s)
    _inventory(ctx, table, seat, s)
    _track(ctx, table, seat, s)
    _units(ctx, table, seat, s)


def _inventory(ctx, table, seat: int, s: SeatSit) -> None:
    """Crystals set to the numbers given (at most 3 of a colour, MK:5:Mana:1b); tokens checked
    here, gained when the turn has begun (they lapse at its end)."""
    p = table.game.players[seat]
    for colour, n in sorted(s.crystals.items()):
        if colour not in BASIC:
            _fail(
                f"seat[{seat}].crystals", f"{colour!r} is not a crystal colour (allowed: {', '.join(BASIC)})"
            )
        if not 0 <= n <= MAX_CRYSTALS:
            _fail(
                f"seat[{seat}].crystals",
                f"{colour} = {n}: a hero holds 0 to {MAX_CRYSTALS} crystals of a colour (MK:5:Mana:1b)",
            )
        step = 1 if n > p.crystals.get(colour, 0) else -1
        for _ in range(abs(n - p.crystals.get(colour, 0))):
            ctx.emit("mk.crystal", {"seat": seat, "colour": colour, "delta": step}, rule=RULE)
    for colour in s.tokens:
        if colour not in FACES:
            _fail(f"seat[{seat}].tokens", f"{colour!r} is not a mana colour (allowed: {', '.join(FACES)})")
    for kind in ("move", "influence"):
        value = getattr(s, kind)
        if given(value) and value < 0:
            _fail(f"seat[{seat}].{kind}", f"{kind} = {value}: points are 0 or more")


def _track(ctx, table, seat: int, s: SeatSit) -> None:
    """Level, fame and reputation as given. A level sets its armour, hand limit and command
    limit (MK:11:EoT:6); fame below the level's threshold contradicts it, and a level given
    alone lifts the fame to its threshold."""

    p = table.game.players[seat]
    top = len(levels.table())
    fame = s.fame
    if given(s.level):
        if not 1 <= s.level <= top:
            _fail(f"seat[{seat}].level", f"level = {s.level}: levels run 1 to {top} (MK:11:EoT:6)")
        need = levels.stats(s.level).fame
        if given(fame) and fame < need:
            _fail(f"seat[{seat}].fame", f"fame = {fame} is below level {s.level}'s {need} (MK:11:EoT:6)")
        if not given(fame) and p.fame < need:
            fame = need
        st = levels.stats(s.level)
        ctx.emit(
            "mk.level",
            {
                "seat": seat,
                "level": s.level,
                "armour": st.armour,
                "hand_limit": st.hand_limit,
                "command": levels.command_limit(s.level) + passive_skills.extra_command(p),
                "choice": False,
            },
            rule=RULE,
        )
    if given(fame):
        if fame < 0:
            _fail(f"seat[{seat}].fame", f"fame = {fame}: fame is 0 or more")
        if fame != p.fame:
            ctx.emit("mk.fame", {"seat": seat, "delta": fame - p.fame, "total": fame}, rule=RULE)
    if given(s.reputation):
        lo, hi = REPUTATION
        if not lo <= s.reputation <= hi:
            _fail(
                f"seat[{seat}].reputation",
                f"reputation = {s.reputation}: the track runs {lo} to {hi} (MK:8:Interact:2a)",
            )
        if s.reputation != p.reputation:
            ctx.emit(
                "mk.reputation",
                {"seat": seat, "delta": s.reputation - p.reputation, "total": s.reputation},
                rule=RULE,
            )


def _units(ctx, table, seat: int, s: SeatSit) -> None:
    for key in ("wounded_units", "spent_units"):
        bad = [i for i in getattr(s, key) if not 0 <= i < len(s.units)]
        if bad:
            _fail(f"seat[{seat}].{key}", f"{bad[0]} is not an index into units (0 to {len(s.units) - 1})")
    for i, unit in enumerate(s.units):
        if unit not in content().units:
            _fail(f"seat[{seat}].units", f"no unit {unit!r} (`runeledger cards mage-knight` lists them)")
        src = next(
            (
                z
                for z in (state.UNIT_OFFER, state.REGULAR_UNITS, state.ELITE_UNITS)
                if any(card_name(x) == unit for x in table.zone(z))
            ),
            None,
        )
        if src is None:
            _fail(f"seat[{seat}].units", f"no {unit!r} card left in the unit offer or decks")
        uid = next(x for x in table.zone(src) if card_name(x) == unit)
        zones.move(ctx, src, state.units_zone(seat), [uid], rule=RULE)
        ctx.emit("mk.recruited", {"seat": seat, "uid": uid, "unit": unit}, rule=RULE)
        if i in s.wounded_units:
            ctx.emit("mk.unit", {"seat": seat, "uid": uid, "wounded": True}, rule=RULE)
        if i in s.spent_units:
            ctx.emit("mk.unit", {"seat": seat, "uid": uid, "ready": False}, rule=RULE)
