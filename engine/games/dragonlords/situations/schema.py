"""The shape of a situation's [game] table (situations.py), decoded strictly before anything is
laid out: a value of the wrong type, an unknown key, an army past the races or a name the game
does not know is refused naming the field (SituationError: bad input, exit 2), never a failed
set-up."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

import msgspec

from engine.games.dragonlords.content import content
from engine.games.dragonlords.map.world import world

Army = Annotated[int, msgspec.Meta(ge=0)]
Count = Annotated[int, msgspec.Meta(ge=0)]
Spell = Annotated[int, msgspec.Meta(ge=1, le=6)]  # 1 Heal .. 6 Panic (INT-04)
RACES = ("orc", "elf", "dwarf", "barbarian")
ROLES = ("", "king", "wizard", "decoy", "dragonlord")
FIGURES = 40  # units per race (INT-02)


class _Strict(msgspec.Struct, forbid_unknown_fields=True):
    pass


class Units(_Strict):
    loc: str
    army: Army
    n: Count


class HeroDoc(_Strict):
    id: Annotated[str, msgspec.Meta(pattern=r"^H[0-9]+$")]
    army: Army
    loc: str
    role: str = ""
    spells: list[Spell] = []
    treasures: list[str] = []


class ShipDoc(_Strict):
    id: Annotated[str, msgspec.Meta(pattern=r"^S[0-9]+$")]
    army: Army
    zone: str
    harbour: str = ""


class PartyDoc(_Strict):
    army: Army
    space: str
    tools: list[str] = []


class BattleDoc(msgspec.Struct):
    """[game.battle]'s types; its keys and their rules are checked in situations._battle."""

    loc: str = ""
    attacker: Army = 0
    defender: Army = 0
    kind: str = "land"
    step: str = "gather"
    rounds: Count = 0
    retreat_ok: bool = True
    origins: list[str] = []


class GameDoc(_Strict):
    races: list[str] = []
    phase: str = "purchase"
    active: Army = 0
    round: Annotated[int, msgspec.Meta(ge=1)] = 1
    gold: dict[str, Count] = {}
    scrolls: list[list[str]] = []
    tools: list[list[str]] = []
    units: list[Units] = []
    heroes: list[HeroDoc] = []
    ships: list[ShipDoc] = []
    parties: list[PartyDoc] = []
    eliminated: list[Any] = []  # checked with its rule in situations._eliminated
    battle: dict[str, Any] = {}  # keys checked in situations._battle
    map: Any = None  # a map of the situation's own: checked by map.py


def check(doc: dict, error: type[ValueError]) -> None:
    """Raise `error` naming the first field of `doc` ([game]) that is wrong."""
    try:
        g = msgspec.convert(doc, GameDoc)
    except msgspec.ValidationError as exc:
        raise error(f"situation [game]: {exc}") from None
    try:
        msgspec.convert(g.battle, BattleDoc)
    except msgspec.ValidationError as exc:
        raise error(f"situation [game.battle]: {exc}") from None
    bad_race = [r for r in g.races if r not in RACES]
    if bad_race:
        raise error(f"situation [game]: race {bad_race[0]!r} is not one of {', '.join(RACES)} (DL:2.3.1)")
    armies = len(g.races)
    if g.active >= max(armies, 1):
        raise error(f"situation [game]: active army {g.active} is not one of the {armies} armies (races)")
    placed: tuple[tuple[str, Sequence[Units | HeroDoc | ShipDoc | PartyDoc]], ...] = (
        ("units", g.units),
        ("heroes", g.heroes),
        ("ships", g.ships),
        ("parties", g.parties),
    )
    for what, rows in placed:
        for i, r in enumerate(rows):
            if r.army >= armies:
                raise error(
                    f"situation [game]: {what}[{i}].army {r.army} is not one of the {armies} armies (races)"
                )
    on_board = [0] * armies
    for r in g.units:
        on_board[r.army] += r.n
    for h in g.heroes:
        on_board[h.army] += 1
    for a, n in enumerate(on_board):
        if n > FIGURES:
            raise error(
                f"situation [game]: army {a} has {n} figures on the board; a race has {FIGURES} (INT-02)"
            )
    treasures, sea = content().treasures, world().sea
    for i, h in enumerate(g.heroes):
        if h.role not in ROLES:
            raise error(
                f"situation [game]: heroes[{i}].role {h.role!r} is not one of "
                f"{', '.join(repr(r) for r in ROLES)}"
            )
        unknown = [x for x in h.treasures if x not in treasures]
        if unknown:
            raise error(
                f"situation [game]: heroes[{i}].treasures: no treasure {unknown[0]!r} "
                f"(known: {', '.join(sorted(treasures))})"
            )
    for i, s in enumerate(g.ships):
        if s.zone not in sea:
            raise error(f"situation [game]: ships[{i}].zone {s.zone!r} is no sea zone of the map")
    w, tools = world(), content().tools
    for i, p in enumerate(g.parties):
        if p.space not in w.space_kind:
            raise error(f"situation [game]: parties[{i}].space {p.space!r} is no wasteland space of the map")
    for where, kit in [(f"parties[{i}].tools", p.tools) for i, p in enumerate(g.parties)] + [
        (f"tools[{i}]", x) for i, x in enumerate(g.tools)
    ]:
        unknown = [x for x in kit if x not in tools]
        if unknown:
            raise error(f"situation [game]: {where}: no tool {unknown[0]!r} (known: {', '.join(tools)})")
    kingdoms = set(w.kingdoms)
    for k in g.gold:
        if k not in kingdoms:
            raise error(
                f"situation [game]: gold is stored in kingdoms (DL:2.2/kingdom); {k!r} is none "
                f"(kingdoms: {', '.join(sorted(kingdoms))})"
            )
