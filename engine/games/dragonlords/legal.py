"""Who must act (prompts) and every legal answer (legal_commands), derived from the state."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from engine.games.dragonlords import board, names
from engine.games.dragonlords.battles import battle
from engine.games.dragonlords.battles.battle import chooser
from engine.games.dragonlords.magic import scrolls
from engine.games.dragonlords.magic.teleport import fire_legal, must_teleport_home, teleports
from engine.games.dragonlords.map.world import world
from engine.games.dragonlords.offers import Offer, as_offers, counted, expand
from engine.games.dragonlords.quests import activity as quest
from engine.games.dragonlords.refusals import why_not
from engine.games.dragonlords.turn import moves
from engine.games.dragonlords.turn.flow import claimable
from engine.games.dragonlords.turn.moves import SHIP_PIECES, price, ship_spots, ships_total
from engine.mechanics.per_state import once, per_state
from engine.narration import seat_name
from engine.ruleset import Illegal, Prompt

PHASE_RULE = {
    "setup_kingdom": "DL:2.3/placement",
    "setup_claim": "DL:2.3/placement",
    "setup_extra": "DL:2.3/placement",
    "setup_chips": "DL:2.3/placement",
    "setup_ship": "DL:2.3/placement",
    "setup_gold": "DL:2.3.3",
    "purchase": "DL:3.1",
    "naval": "DL:3.2/ships",
    "quest": "DL:3.3/party",
    "combat": "DL:3.4/general",
    "transfer": "DL:3.5",
    "income": "DL:3.6",
    "reinforce": "DL:3.7",
}


def prompts(table) -> list[Prompt]:
    """Who must act now (a fresh list; worked out once per event: a bot's decision asks it
    at every question and again when its command is played)."""
    return list(kept_prompts(table))


@per_state
def kept_prompts(table) -> tuple[Prompt, ...]:
    """`prompts`, kept for the event (shared: a tuple)."""
    return tuple(_prompted(table))


def _prompted(table) -> list[Prompt]:
    game = table.game
    if table.over or game.active < 0 or game.phase not in PHASE_RULE:
        return []
    if game.ask is not None:
        q = game.ask
        what = f"{q.n} at {q.loc}" if q.kind == "casualties" else (f"at {q.loc}" if q.loc else "")
        return [
            Prompt(game.armies[q.army].seat, q.kind, q.rule if q.kind != "casualties" else "INT-30", what)
        ]
    b = game.battle
    if b is not None:
        if b.step == "spells":
            return [Prompt(game.armies[b.spell_side].seat, "spell_attacks", "INT-38", b.loc)]
        if b.step == "defender":
            return [Prompt(game.armies[b.defender].seat, "teleport_retreat", "DL:3.4/retreat", b.loc)]
        if b.step == "casualties":
            army = chooser(game)
            return [
                Prompt(game.armies[army].seat, "casualties", "INT-30", f"{b.pending[str(army)]} at {b.loc}")
            ]
    x = game.armies[game.active]
    key = (x.seat, x.race, game.phase)
    got = _TURN_PROMPTS.get(key)
    if got is None:
        got = _TURN_PROMPTS[key] = Prompt(
            x.seat, game.phase, PHASE_RULE[game.phase], names.army(game, game.active)
        )
    return [got]


# An army's turn prompt by its seat, race and phase (an army's name is its seat and race):
# made once, not at every event (a frozen struct, shared).
_TURN_PROMPTS: dict[tuple[int, str, str], Prompt] = {}


def legal_commands(table, seat: int) -> list[dict]:
    return expand(legal_offers(table, seat))


def legal_offers(table, seat: int) -> list[Offer]:
    """The seat's legal commands in their compact form (offers.py): each count or chip-bearer
    variant of a move is one offer, so asking "how many?" needs no list of every count."""
    return _offers(table, seat)


# Kinds `first_offers` may give in part (at least two offers, or one of several commands):
# enough to show the kind as a further step, the rest found only when that step is asked.
PARTIAL = frozenset({"march"})


def first_offers(table, seat: int) -> list[Offer]:
    """`legal_offers` as the choice tree's first question needs them: in the order of
    `legal_offers`, but the kinds of PARTIAL given in part where finding them all is costly."""
    return _offers(table, seat, first=True)


def _offers(table, seat: int, first: bool = False) -> list[Offer]:
    ps = kept_prompts(table)
    if not ps or ps[0].seat != seat:
        return []
    return prompted_offers(table, first)


def prompted_offers(table, first: bool = False) -> list[Offer]:
    """`_offers` of the seat the caller knows to be prompted now (the choice tree's, which
    asked the prompts once for the whole decision)."""
    game = table.game
    a = game.active
    ph = game.phase
    if game.ask is not None:
        return as_offers(list(game.ask.options))
    if game.battle is not None:
        out = battle.legal(table)
        return (
            out + as_offers(scrolls.legal(table, a)) if game.battle.step in ("gather", "after_round") else out
        )
    found = sources(table, first)
    if found is not None:
        return [o for _kinds, offers in found for o in offers(ALL)]
    if ph == "quest" and game.qmove is None:
        return _turn_legal(table, a, ph) + as_offers(scrolls.legal(table, a))
    return _turn_legal(table, a, ph)


Source = tuple[frozenset[str], Callable[[frozenset[str]], Iterable[Offer]]]
"""Some of a listing's offers: the kinds they may be of, and the offers of the wanted kinds
among those, in the listing's order."""

ALL = frozenset({"*"})  # every kind a source gives (`wanted`)


def wanted(want: frozenset[str], kinds: frozenset[str]) -> frozenset[str]:
    return kinds if want is ALL else want & kinds


def sources(table, first: bool = False) -> Parts | None:
    """`_sources`, kept for the event (a bot's first question and the kind it opens ask it
    both; the parts read through `read`, itself kept for the event)."""
    game = table.game
    if game.phase not in _PARTED or game.ask is not None or game.battle is not None:
        return None  # listed whole: asked at every decision, answered without the memo
    return once(table, ("dl.sources", first), lambda: Parts(_sources(table, first) or ())) or None


class Parts(list):
    """`sources`' parts, and beside them what `read` has read of each at this event."""

    __slots__ = ("taps",)

    def __init__(self, parts) -> None:
        super().__init__(parts)
        self.taps: dict[tuple[int, frozenset[str]], _Tap] = {}


_PARTED = frozenset({"purchase", "naval", "combat", "transfer"})  # the phases `_sources` parts


def _sources(table, first: bool) -> list[Source] | None:
    """The active army's listing in a turn phase that has a `done` (purchase, naval movement,
    combat, transfer) as its parts in order, so that the offers of one kind are found without
    the others' (a bot's first question asks only which kinds are there, and the kind it opens
    only that kind's offers); None for every other moment (an answer, a battle, a forced
    teleport home, set-up, quests, income, reinforcements: listed whole). `first`: forced
    marches in part (first_offers)."""
    game = table.game
    if game.ask is not None or game.battle is not None:
        return None
    a, ph = game.active, game.phase
    out: list[Source]
    if ph == "purchase":
        out = [(_BUY, lambda want: as_offers(moves.purchase_legal(table, a)))]
    elif ph == "naval":
        out = [
            (_LOADS, lambda want: moves.each_load(table, a)),
            (_SAIL, lambda want: moves.sails(table, a)),
            (_TELEPORT, lambda want: map(Offer, teleports(table, a, "naval"))),
        ]
    elif ph == "combat":
        if moves.ground(table, a).fights:
            return [(_FIGHT, lambda want: moves.combat_offers(table, a, _FIGHT)), _scrolls(table, a)]
        # the fire attacks a part of their own, listed last as before: a bot asking whether an
        # attack is there stops at the first instead of reading every attack to find them
        kinds = _LAND if game.armies[a].race == "elf" else _LAND - {"sneak"}
        out = [
            (kinds, lambda want: moves.combat_offers(table, a, wanted(want, kinds), not first)),
            (_BURN, lambda want: as_offers(fire_legal(table, a))),
        ]
    elif ph == "transfer":
        if must_teleport_home(game, a):
            return None
        out = [
            (_MOVE, lambda want: moves.transfer_moves(table, a)),
            (_LOADS, lambda want: moves.each_load(table, a, transfer=True)),
            (_TELEPORT, lambda want: map(Offer, teleports(table, a, "transfer"))),
        ]
    else:
        return None
    return [*out, (_DONE, lambda want: [_done()]), _scrolls(table, a)]


def kind_offers(table, seat: int, kind: str) -> list[Offer] | None:
    """The seat's offers of one kind that hold a command, as `legal_offers` lists them, found
    without the other kinds' (legal.sources); None at a moment listed only whole."""
    ps = kept_prompts(table)
    if not ps or ps[0].seat != seat:
        return []
    return prompted_kind(table, kind)


def prompted_kind(table, kind: str) -> list[Offer] | None:
    """`kind_offers` of the seat the caller knows to be prompted now."""
    found = sources(table)
    if found is None:
        return None
    want = frozenset({kind})
    return [
        o
        for i, (kinds, _offers) in enumerate(found)
        if kind in kinds
        for o in read(found, i, want).whole()
        if o.cmd["kind"] == kind and o.holds()
    ]


class _Tap:
    """One part of the listing read as far as asked, what was read kept: a second reader
    (the kind a bot opens, after its first question looked for that kind) goes on from there
    instead of reading the part again."""

    __slots__ = ("got", "rest")

    def __init__(self, offers: Iterable[Offer]):
        self.got: list[Offer] = []
        self.rest: Iterator[Offer] | None = iter(offers)

    def __iter__(self) -> Iterator[Offer]:
        got = self.got
        i = 0
        while True:
            while i < len(got):  # what was read already (by this reader or another)
                yield got[i]
                i += 1
            rest = self.rest
            if rest is None:
                return
            o = next(rest, None)
            if o is None:
                self.rest = None
                return
            got.append(o)
            i += 1
            yield o

    def whole(self) -> list[Offer]:
        """Every offer of the part, the rest read at once (a reader stopped part-way goes on
        from the list where it stopped)."""
        if self.rest is not None:
            self.got.extend(self.rest)
            self.rest = None
        return self.got


def read(found: Parts, index: int, want: frozenset[str]) -> _Tap:
    """The offers of part `index` of `found` (`sources(table)`) among which those of `want`
    are, read at most once at this event (a reading for more kinds serves one for fewer)."""
    taps = found.taps
    for (i, kinds), tap in taps.items():
        if i == index and want <= kinds:
            return tap
    tap = taps[(index, want)] = _Tap(found[index][1](want))
    return tap


def _scrolls(table, a: int) -> Source:
    return (_SCROLL, lambda want: map(Offer, scrolls.each(table, a)))


_BUY, _LOADS, _SAIL = frozenset({"buy"}), frozenset({"load", "unload"}), frozenset({"sail"})
_TELEPORT, _FIGHT, _MOVE = frozenset({"teleport"}), frozenset({"fight"}), frozenset({"move"})
_DONE, _SCROLL = frozenset({"done"}), frozenset({"scroll"})
_LAND, _BURN = frozenset({"attack", "sneak", "march"}), frozenset({"burn"})


def _done() -> Offer:
    return Offer({"kind": "done"})


def placements(table) -> list[str] | None:
    """Where the active army places a unit, when placing one is all it may do now (the set-up's
    placements; reinforcements with units and no ship bought): the places of its `place`
    offers, in their order (none: an empty list); None at any other moment. The random bot's
    walk draws the place from these at once (choices/walk.py)."""
    game = table.game
    ph, a = game.phase, game.active
    if ph not in _PLACING or game.ask is not None or game.battle is not None:
        return None
    if ph == "setup_kingdom":
        occ, w = board.occupancy(game), world()
        return [k for k in w.kingdoms if not occ.get(k) and not (game.short and k in w.tundra)]
    if ph == "setup_claim":
        return claimable(game)
    if ph == "setup_extra":
        return board.held(game, a)
    if ph == "reinforce":
        bought = game.armies[a].bought
        if not bought.get("ship") and any(n for k, n in bought.items() if k != "ship"):
            return moves.reinforceable(game, a) or None  # none: `done` is the offer
    return None


_PLACING = frozenset({"setup_kingdom", "setup_claim", "setup_extra", "reinforce"})  # `placements`' phases


def _turn_legal(table, a: int, ph: str) -> list[Offer]:

    game = table.game
    if ph in ("setup_kingdom", "setup_claim", "setup_extra"):
        return [Offer({"kind": "place", "to": x}) for x in placements(table) or ()]
    if ph == "setup_chips":
        return as_offers(chip_choices(game, a))
    if ph == "setup_ship":
        out = [
            Offer({"kind": "dock", "to": x, "zone": z})
            for x in board.held(game, a)
            for z in world().harbours[x]
        ]
        return out or [_done()]
    if ph == "quest":
        q = quest.legal(table, a)
        must = (
            game.qmove is None
            and any(p.army == a and p.fought and not p.moved for p in game.parties)
            and any(o.cmd["kind"] == "quest" for o in q)
        )
        return q if (game.qmove is not None or must) else [*q, _done()]
    if ph == "transfer":  # a DragonLord at sea or in the wastelands must teleport home
        return moves.transfer_legal(table, a) + as_offers(scrolls.legal(table, a))
    if ph == "reinforce":
        return as_offers(moves.reinforce_legal(table, a))
    if ph in ("income", "setup_gold"):
        got = stashing(table)
        return [counted({"kind": "stash", "kingdom": k}, got[1]) for k in got[0]] if got else []
    return []


def stashing(table) -> tuple[list[str], int] | None:
    """Where the active army's gold may go and how much waits (income and the set-up's gold:
    one `stash` offer per kingdom held, of 1..n gold); None at any other moment."""
    game = table.game
    if game.phase not in ("income", "setup_gold") or game.ask is not None or game.battle is not None:
        return None
    a = game.active
    return board.kingdoms_held(game, a), game.treasury.get(str(a), 0)


def chip_choices(game, a: int) -> list[dict]:
    """P4: King, Wizard and decoy under three different own units (INT-15)."""
    spots = board.held(game, a)
    have = {x: board.units(game, x, a) for x in spots}  # counted once, not per triple
    out = []
    for k in spots:
        for w in spots:
            for d in spots:
                need: dict[str, int] = {}
                for x in (k, w, d):
                    need[x] = need.get(x, 0) + 1
                if all(have[x] >= n for x, n in need.items()):
                    out.append({"kind": "chips", "king": k, "wizard": w, "decoy": d})
    return out


def explain(table, seat: int, cmd: dict) -> Illegal | None:
    ps = prompts(table)
    if table.over:
        return Illegal("DL:4.1", "the game is over")
    if not ps:
        return None
    if ps[0].seat != seat:
        return Illegal(
            ps[0].rule, f"it is {seat_name(ps[0].seat)}'s decision ({ps[0].kind}), not {seat_name(seat)}'s"
        )
    kind = cmd.get("kind")
    kinds = sorted({c["kind"] for c in legal_commands(table, seat)})
    why = _why(table, cmd) if table.game.battle is None else None
    if why is not None and kind not in kinds:
        return why
    if kind not in kinds:
        return Illegal(ps[0].rule, f"{kind!r} is not allowed now ({ps[0].kind}); allowed: {', '.join(kinds)}")
    game = table.game
    if kind == "place" and game.phase.startswith("setup"):
        to = cmd.get("to")
        w = world()
        if to in w.kind and w.kind[to] == "island":
            return Illegal("DL:2.2/islands", f"{to} is an island: no units are placed there at set-up (F-Q9)")
        if to in w.space_kind:
            return Illegal(
                "DL:2.3/placement", f"{to} is a wasteland space: no set-up placement there (F-Q12)"
            )
        if to not in w.kind:
            return Illegal(
                "DL:2.2/terrain", f"{to!r} is no territory (bridges and passes are no places, F-Q11)"
            )
        return Illegal(
            "DL:2.3/placement", f"{to} is not open to {names.army(game, game.active)} in {game.phase}"
        )

    why = why_not(table, seat, cmd, legal_commands(table, seat), ps[0].rule)
    if why is not None:
        return why
    if kind == "move":
        return moves_explain(table, cmd)
    why = _why(table, cmd)
    if why is not None:
        return why
    return Illegal(ps[0].rule, f"{cmd} is not one of the legal {kind} commands now")


def _why(table, cmd) -> Illegal | None:
    """The reasons players most often meet, each with the rule that gives it."""
    game = table.game
    a = game.active
    w = world()
    kind = cmd.get("kind")
    phase_of = {
        "buy": "purchase",
        "attack": "combat",
        "sneak": "combat",
        "march": "combat",
        "sail": "naval",
        "place": "reinforce",
        "done": "combat",
        "fight": "combat",
    }
    if phase_of.get(kind) != game.phase:
        return None
    if kind == "buy":
        if not board.kingdoms_held(game, a):
            return Illegal("DL:2.2/kingdom", "without a kingdom there is no gold to buy with")
        return _buy_why(table, a, cmd.get("what"))
    if kind in ("attack", "sneak", "march"):
        o, x = cmd.get("origin"), cmd.get("target", cmd.get("to"))
        if board.owner(game, o) != a:
            return Illegal("DL:3.4/land.1", f"{o!r} is not your territory")
        n = cmd.get("n") or 1
        if isinstance(n, int) and n >= board.units(game, o, a):
            return Illegal("DL:3.4/land.1", f"{o} must keep at least one unit")
        if kind == "attack" and x in w.kind and not w.adjacent(o, x, board.caster_at(game, o, a)):
            return Illegal(
                "DL:2.2/terrain",
                f"{x} is not adjacent to {o} (dashed border, bridge, pass or a "
                "teleportal with a spellcaster)",
            )
        if kind == "sneak" and game.armies[a].race != "elf":
            return Illegal("DL:3.4/sneak", "only Elves sneak attack")
        return Illegal("DL:3.4/general", f"{cmd} is not a legal {kind} now")
    if kind == "sail":
        s = game.ships.get(cmd.get("ship"))
        if s is None or s.army != a:
            return Illegal("DL:3.2/ships", f"{cmd.get('ship')!r} is not your ship")
        if not board.ship_units(game, cmd["ship"]):
            return Illegal("DL:3.2/ships", "a ship needs at least one unit aboard to move")
        if s.moves <= 0:
            return Illegal("DL:3.2/ships", "the ship has used its range (or met an enemy blockade, INT-18)")
        return Illegal("DL:3.2/ships", f"{cmd.get('to')!r} is not a sea zone next to {s.zone}")
    if kind == "place" and game.phase == "reinforce":
        return Illegal(
            "DL:3.7",
            f"{cmd.get('to')!r}: reinforcements go to own territories of a realm whose "
            "kingdom you hold; no gold territory, island or teleportal",
        )
    if kind == "fight":
        return Illegal(
            "DL:3.4/general",
            f"no battle waits at {cmd.get('at')!r}: a battle follows an attack, a landing, "
            "a teleport or two blockades in one sea zone",
        )
    if kind == "done" and game.phase == "combat":
        return Illegal(
            "DL:3.4/general", "first fight the battles your landings, teleports or blockades began"
        )
    return None


def _buy_why(table, a: int, what) -> Illegal:
    """Why a purchase is refused: not the army's race, no figure left in the box, too little gold,
    no ship piece left or no harbour for it (DL:3.1, DL:3.7)."""

    game = table.game
    army = game.armies[a]
    gold = board.gold_of(game, a)
    if what not in (army.race, "ship"):
        return Illegal("DL:3.1", f"you buy {army.race} units or ships, not {what!r}")
    if what != "ship" and army.supply <= 0:
        return Illegal(
            "DL:3.1", f"no {what} figure is left in the box (all 40 are on the board, bought or placed)"
        )
    if what == "ship" and ships_total(game) >= SHIP_PIECES:
        return Illegal("DL:3.1", f"all {SHIP_PIECES} ship pieces are in play or bought")
    if what == "ship" and not ship_spots(game, a):
        return Illegal(
            "DL:3.7", "a ship needs a harbour of an own territory in a realm whose kingdom you hold"
        )
    cost = price(game, a, what)
    return Illegal(
        "DL:3.1",
        f"{'a ship' if what == 'ship' else 'one more ' + what} costs {cost} gold and your "
        f"kingdoms hold {gold}",
    )


def moves_explain(table, cmd) -> Illegal:
    game = table.game
    o = cmd.get("origin")
    if o in world().kind and board.units(game, o, game.active) <= 1 and world().kind.get(o) != "island":
        return Illegal("DL:3.5", f"moving the last unit out of {o} would leave an own territory empty (F-Q2)")
    return Illegal(
        "DL:3.5", f"{cmd} is not a legal transfer: one step into an adjacent own or empty territory"
    )
