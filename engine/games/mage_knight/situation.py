"""Set-up from a situation file (tests, rulebook examples): the standard set-up, then the
[game] table's overrides as events flagged `situation` (rule SIT-0), then the active seat's turn.

    [game]
    night = false            # round 1 by day, or a night round
    round = 1                # the round in progress (the last one: announcing ends the game)
    dummy_turns = false      # solo and co-op: the dummy gets a tactic and its turns too
    source = ["red", "gold", "black", "blue"]
    active = 0               # whose turn it is (it gets the lowest tactic)
    tactic = "mana_search"   # or this one
    pick = false             # true: the tactics are still to be picked
    tiles_top = ["core_5"]   # tiles put on top of the map stack
    [game.tiles]             # tiles revealed at set-up, by centre (their sites populated)
    "6,-4" = "countryside_3"
    [game.conquered]         # sites that carry a seat's shield (their garrison is gone)
    "7,-5" = 1
    [game.enemies]           # face-up enemy tokens by space, taken from their piles by content id
    "1,-3" = ["green_orc_skirmishers"]
    [[game.seat]]
    hand = ["march", "wound"]      # content ids: from the seat's deck, other decks or the wounds
    pos = "0,0"
    move = 0
    influence = 0
    crystals = {red = 1}
    tokens = ["gold"]
    fame = 0
    reputation = 0
    units = ["peasants"]
    wounded_units = [0]
    spent_units = [0]        # units already activated this turn (not ready)
    rewards = ["artifact"]   # reward choices due (rewards.py)
    [game.combat]            # start inside a combat of the active seat (combat_situation.py)
    [game.pvp]               # or inside a combat against another hero (pvp_situation.py)
"""
from __future__ import annotations

import msgspec

from engine.content import decode
from engine.mechanics import zones
from engine.mechanics.zones import card_name

from . import rewards, rounds
from . import state as S
from .content import content
from .setup import setup as standard_setup
from .turn import start_turn, tactic_ids

RULE = "SIT-0"
SOURCES = (S.AA_OFFER, S.AA_DECK, S.SPELL_OFFER, S.SPELL_DECK, S.ARTIFACT_DECK, S.WOUNDS)


class SeatSit(msgspec.Struct, forbid_unknown_fields=True):
    hand: list[str] | None = None
    pos: str = "0,0"
    move: int = 0
    influence: int = 0
    crystals: dict[str, int] = {}
    tokens: list[str] = []
    fame: int = 0
    reputation: int = 0
    units: list[str] = []
    wounded_units: list[int] = []
    spent_units: list[int] = []    # indices into units: activated already this round (MK:5:Units)
    rewards: list[str] = []        # reward choices due: crystal, artifact, spell, advanced_action


class Sit(msgspec.Struct, forbid_unknown_fields=True):
    night: bool = False
    source: list[str] = []
    active: int = 0
    enemies: dict[str, list[str]] = {}
    tiles_top: list[str] = []      # tiles put on top of the map stack (from it or set aside)
    tactic: str = ""               # the active seat's tactic (default: the lowest)
    pick: bool = False             # leave the tactics to be picked (the seats' hands are laid out)
    seat: list[SeatSit] = []
    combat: dict = {}              # a combat in progress (combat_situation.py)
    tiles: dict[str, str] = {}     # tile centre "q,r" = tile id: revealed at set-up (MK:7:Move:5)
    conquered: dict[str, int] = {}  # site space = the seat whose shield is on it (MK:10:Result:3)
    pvp: dict = {}                 # a player-against-player combat in progress (pvp_situation.py)
    round: int = 1                 # the round in progress (MK:4:Round), at most the scenario's last
    dummy_turns: bool = False      # solo and co-op: the dummy holds a tactic and takes its turns


def lay_out(ctx, t, raw: dict) -> None:
    sit = decode(raw, Sit, "situation [game]")
    if len(sit.seat) not in (0, t.players):
        raise ValueError(f"situation [game]: {t.players} seats needed, {len(sit.seat)} given")
    seats = sit.seat or [SeatSit() for _ in range(t.players)]
    standard_setup(ctx, t)
    g = t.game
    if not 1 <= sit.round <= g.rounds:
        raise ValueError(f"situation [game]: round = {sit.round}: the scenario has rounds 1 to "
                         f"{g.rounds} (MK:4:Round)")
    ctx.emit("mk.round", {"round": sit.round, "night": sit.night}, rule=RULE)
    order = [sit.active] + [s for s in range(t.players) if s != sit.active]
    dummy = [g.dummy_seat] if sit.dummy_turns and g.dummy_seat >= 0 and not sit.pick else []
    tactics = tactic_ids(sit.night)
    if sit.tactic:      # the others get the latest tactics: the active seat acts first
        tactics.remove(sit.tactic)
        tactics = [sit.tactic] + tactics[::-1]
    ctx.emit("mk.tactics", {"open": tactics, "pickers": order + dummy}, rule=RULE)
    if sit.pick:
        if sit.source:
            ctx.emit("mk.source", {"faces": list(sit.source)}, rule=RULE)
        for seat, s in enumerate(seats):
            _seat(ctx, t, seat, s)
        return
    for i, seat in enumerate(order):
        ctx.emit("mk.tactic", {"seat": seat, "tactic": tactics[i]}, rule=RULE)
    numbers = {s: content().tactics[g.players[s].tactic].number for s in range(t.players)}
    if dummy:           # the dummy draws the next tactic (MK:15:Dummy)
        ctx.emit("mk.dummy_tactic", {"tactic": tactics[len(order)]}, rule=RULE)
        numbers[g.dummy_seat] = content().tactics[g.dummy_tactic].number
    ctx.emit("mk.order", {"order": rounds.turn_order(numbers)}, rule=RULE)
    if sit.source:
        ctx.emit("mk.source", {"faces": list(sit.source)}, rule=RULE)
    for tile in reversed(sit.tiles_top):
        src = S.TILES if tile in t.zone(S.TILES) else S.TILES_ASIDE
        zones.move(ctx, src, S.TILES, [tile], rule=RULE, to="top")
    _tiles_and_shields(ctx, t, sit)
    for space, ids in sit.enemies.items():
        _enemies(ctx, t, space, ids)
    for seat, s in enumerate(seats):
        _seat(ctx, t, seat, s)
    start_turn(ctx, t, 0)
    for seat, s in enumerate(seats):
        for kind in s.rewards:
            rewards.due(ctx, t, seat, kind, RULE)
        for colour in s.tokens:
            ctx.emit("mk.token", {"seat": seat, "colour": colour, "delta": 1}, rule=RULE)
        for kind in ("move", "influence"):
            if getattr(s, kind):
                ctx.emit("mk.points", {"seat": seat, "kind": kind, "delta": getattr(s, kind)}, rule=RULE)
    if sit.combat and sit.pvp:
        raise ValueError("situation [game]: combat and pvp: one combat at a time (MK:8:Combat:1)")
    if sit.combat:
        from .combat_situation import lay_out_combat
        lay_out_combat(ctx, t, sit.combat, place=_enemies)
    if sit.pvp:
        from .pvp_situation import lay_out_pvp
        lay_out_pvp(ctx, t, sit.pvp)


def _tiles_and_shields(ctx, t, sit: Sit) -> None:
    """`[game.tiles]` revealed as exploring reveals them; `[game.conquered]` shields placed,
    the site's face-down garrison going to its discard pile as if defeated."""
    from .board import unkey
    from .explore import place
    for centre, tile in sit.tiles.items():
        if tile not in content().tiles:
            raise ValueError(f"situation [game.tiles] {centre!r}: no map tile {tile!r}")
        src = S.TILES if tile in t.zone(S.TILES) else S.TILES_ASIDE
        if tile not in t.zone(src):
            raise ValueError(f"situation [game.tiles] {centre!r}: tile {tile!r} is already on the map")
        zones.move(ctx, src, S.TILES, [tile], rule=RULE, to="top")
        try:
            place(ctx, t, tile, unkey(centre), None)
        except (KeyError, ValueError) as exc:
            raise ValueError(f"situation [game.tiles] {centre!r}: not a tile position ({exc})") from None
    for space, seat in sit.conquered.items():
        sp = t.game.board.spaces.get(space)
        if sp is None or not sp.site:
            raise ValueError(f"situation [game.conquered] {space!r}: not a site on the map (MK:10:Result:3)")
        if not 0 <= seat < t.players:
            raise ValueError(f"situation [game.conquered] {space!r} = {seat}: no such seat")
        from .part2_apply import city_at
        city = city_at(t.game, space)
        if city is not None:
            _conquer_city(ctx, t, space, city, seat)
            continue
        if S.garrison(space) in t.zones:
            for tok in list(t.zone(S.garrison(space))):
                zones.move(ctx, S.garrison(space), S.enemy_discard(content().enemies[card_name(tok)].color),
                           [tok], rule=RULE)
        ctx.emit("mk.conquered", {"seat": seat, "space": space}, rule=RULE)


def _conquer_city(ctx, t, space: str, city, seat: int) -> None:
    """A city stated conquered is as after a won assault (MK:10:City:2): every defender
    defeated (to its discard pile), a shield of the seat for each, the seat its leader."""
    from . import cities as CT
    if city.status != "hostile":
        raise ValueError(f"situation [game.conquered] {space!r}: the city is {city.status}, not hostile: "
                         "only a hostile city is conquered (MK:10:City:2)")
    main = city.spaces[0]
    for tok in list(city.garrison):
        zones.move(ctx, S.garrison(main), S.enemy_discard(content().enemies[card_name(tok)].color),
                   [tok], rule=RULE)
    events = CT.defeat_defenders(city, seat, list(city.garrison)) or \
        [CT.Event("mk.city_conquered", {"spaces": list(city.spaces), "leader": seat}, RULE)]
    for e in events:
        ctx.emit(e.type, dict(e.data, space=main), rule=RULE)


def _enemies(ctx, t, space: str, ids: list[str]) -> None:
    if S.at(space) not in t.zones:
        zones.create(ctx, S.at(space), [], rule=RULE)
    for eid in ids:
        pile = S.enemy_pile(content().enemies[eid].color)
        tok = next((x for x in t.zone(pile) if card_name(x) == eid), None)
        if tok is None:
            raise ValueError(f"situation [game]: no {eid!r} token left in {pile}")
        zones.move(ctx, pile, S.at(space), [tok], rule=RULE)
    ctx.emit("mk.enemies", {"space": space, "tokens": list(t.zone(S.at(space)))}, rule=RULE)


def _take(t, seat: int, name: str) -> tuple[str, str]:
    for z in (S.deck(seat),) + SOURCES:
        tok = next((x for x in t.zone(z) if card_name(x) == name), None)
        if tok:
            return z, tok
    raise ValueError(f"situation [game]: no card {name!r} available for seat {seat}")


def _seat(ctx, t, seat: int, s: SeatSit) -> None:
    ctx.emit("mk.placed", {"seat": seat, "pos": s.pos}, rule=RULE)
    if s.hand is not None:
        zones.move(ctx, S.hand(seat), S.deck(seat), list(t.zone(S.hand(seat))), rule=RULE, to="bottom")
        for name in s.hand:
            src, card = _take(t, seat, name)
            zones.move(ctx, src, S.hand(seat), [card], rule=RULE)
    for colour, n in sorted(s.crystals.items()):
        for _ in range(n):
            ctx.emit("mk.crystal", {"seat": seat, "colour": colour, "delta": 1}, rule=RULE)
    if s.fame:
        ctx.emit("mk.fame", {"seat": seat, "delta": s.fame - t.game.players[seat].fame, "total": s.fame}, rule=RULE)
    if s.reputation:
        ctx.emit("mk.reputation", {"seat": seat, "delta": s.reputation, "total": s.reputation}, rule=RULE)
    for i, unit in enumerate(s.units):
        src = next(z for z in (S.UNIT_OFFER, S.REGULAR_UNITS, S.ELITE_UNITS)
                   if any(card_name(x) == unit for x in t.zone(z)))
        uid = next(x for x in t.zone(src) if card_name(x) == unit)
        zones.move(ctx, src, S.units_zone(seat), [uid], rule=RULE)
        ctx.emit("mk.recruited", {"seat": seat, "uid": uid, "unit": unit}, rule=RULE)
        if i in s.wounded_units:
            ctx.emit("mk.unit", {"seat": seat, "uid": uid, "wounded": True}, rule=RULE)
        if i in s.spent_units:
            ctx.emit("mk.unit", {"seat": seat, "uid": uid, "ready": False}, rule=RULE)
