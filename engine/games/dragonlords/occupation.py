"""Who occupies each place, kept across events for the game being played (board.py asks it).

Why: a bot's decision, and many rules, ask who stands where (each place's armies, the heroes
by place and army, an army's holdings, the sea blockades), and working that out from the troops
and heroes cost a pass over the board at every decision: in combat about 40% of listing the
moves. Between two decisions it rarely changes (in seeded 4-player games the armies of every
place stay the same at about three decisions in four, and otherwise one place changes), so the
facts are worked out once per game object and then updated by the fold itself (apply.py calls
`touch`, `hero_moved` and `drop` for the few event kinds that change them; the ships are not
followed: a fold step costs every game, and the blockades are a pass over at most 8 ships).

Kept for one game object at a time (`kept`, with a strong reference, so identity is safe): a
copy of the state (undo, replay, a clone, a determinized copy) is another object and gets its
own facts when first asked; a fold into a state whose facts are not kept changes nothing here.
Only places and armies are kept, never roles (a determinized copy re-deals roles in place).
Callers read the dicts and lists, never change them."""

from __future__ import annotations

from bisect import insort
from typing import Any, NamedTuple

from engine.games.dragonlords.map.world import world


class Facts:
    """The occupation of one game object: `occ` place -> armies there (sorted), `heroes`
    (place, army) -> hero ids (sorted), `holds` army -> territories it holds alone (sorted,
    worked out per army when first asked), and `memo`, facts derived from these and the map
    alone (emptied whenever the occupation changes)."""

    __slots__ = ("game", "heroes", "holds", "kind", "lands", "memo", "moved", "occ")

    def __init__(self, game):
        self.game = game
        self.kind = world().kind  # the game's map (asked inside map.world.run_on)
        heroes: dict[tuple[str, int], list[str]] = {}
        for h in sorted(game.heroes):
            x = game.heroes[h]
            heroes.setdefault((x.loc, x.army), []).append(h)
        self.heroes = heroes
        occ = {loc: sorted(map(int, by)) for loc, by in game.troops.items()}
        for loc, a in heroes:
            armies = occ.get(loc)
            if armies is None:
                occ[loc] = [a]
            elif a not in armies:
                occ[loc] = sorted([*armies, a])
        self.occ: dict[str, list[int]] = occ
        self.holds: dict[int, list[str]] = {}
        self.lands: dict[int, tuple[Land, int]] = {}  # army -> its land, as of `moved[:n]`
        self.moved: list[str] = []  # the places whose armies changed since the lands were kept
        self.memo: dict[Any, Any] = {}

    def held(self, army: int) -> list[str]:
        got = self.holds.get(army)
        if got is None:
            kind, only = self.kind, [army]
            got = self.holds[army] = sorted([t for t, who in self.occ.items() if who == only and t in kind])
        return got

    def land(self, a: int) -> Land:
        """`Land` of army `a`, worked out when first asked, then brought up to date with the
        places whose armies changed since (`touch` only notes them: most changes are folded
        before the army's land is asked again, if ever)."""
        got = self.lands.get(a)
        moved = self.moved
        if got is None:
            made = _land(self.game, self.occ, self.kind, a)
            self.lands[a] = (made, len(moved))
            return made
        land, seen = got
        if seen < len(moved):
            land = _moved(land, a, set(moved[seen:]), self.occ, self.kind)
            self.lands[a] = (land, len(moved))
        return land

    def blockades(self) -> dict[str, list[int]]:
        """Sea zone -> the armies with a manned ship there (§2.2/sea-zones), worked out now."""
        occ = self.occ
        out: dict[str, set[int]] = {}
        for sid, s in self.game.ships.items():
            if "ship:" + sid in occ:
                out.setdefault(s.zone, set()).add(s.army)
        return {z: sorted(armies) for z, armies in out.items()}

    def touch(self, loc: str) -> None:
        """The fold changed who may stand at `loc` (an army's troops came or left, a hero
        moved): its armies are worked out again, and the holdings and blockades follow."""
        game, heroes = self.game, self.heroes
        by = game.troops.get(loc)
        now = sorted(map(int, by)) if by else []
        for a in range(len(game.armies)):
            if (loc, a) in heroes and a not in now:
                insort(now, a)
        was = self.occ.get(loc)
        if was == now or (was is None and not now):
            return
        if now:
            self.occ[loc] = now
        else:
            del self.occ[loc]
        self.memo = {}
        if self.lands:
            if len(self.moved) >= MOVED_KEPT:  # the lands are worked out anew when next asked
                self.lands, self.moved = {}, []
            else:
                self.moved.append(loc)
        if loc in self.kind:
            holds = self.holds
            if was is not None and len(was) == 1 and was[0] in holds:
                holds[was[0]] = [t for t in holds[was[0]] if t != loc]
            if len(now) == 1 and now[0] in holds:
                mine = list(holds[now[0]])
                insort(mine, loc)
                holds[now[0]] = mine

    def hero_moved(self, hid: str, was: tuple[str, int] | None, now: tuple[str, int] | None) -> None:
        """A hero left (place, army) `was` for `now` (None: it was created, or is gone)."""
        heroes = self.heroes
        if was is not None:
            left = [h for h in heroes.get(was, ()) if h != hid]
            if left:
                heroes[was] = left
            else:
                heroes.pop(was, None)
            self.touch(was[0])
        if now is not None:
            mine = list(heroes.get(now, ()))
            insort(mine, hid)
            heroes[now] = mine
            self.touch(now[0])


class Land(NamedTuple):
    """Where army `a` stands against the others, from the occupancy alone: `mine`, the
    territories it holds alone (sorted); `enemies`, the places held by armies of other seats
    only; `fights`, the territories it shares with another army (sorted); `friends`, the
    armies of its seat (the two races of one player are allies, §5.1)."""

    mine: list[str]
    enemies: set[str]
    fights: list[str]
    friends: frozenset[int]


MOVED_KEPT = 512  # places noted for the lands before they are dropped and worked out anew


def _land(game, occ: dict[str, list[int]], kind, a: int) -> Land:
    armies = game.armies
    friends = frozenset(i for i, x in enumerate(armies) if x.seat == armies[a].seat)
    mine: list[str] = []
    enemies: set[str] = set()
    fights: list[str] = []
    for x, who in occ.items():  # one pass over the places
        part = _where(a, friends, x, who, kind)
        if part == "mine":
            mine.append(x)
        elif part == "enemy":
            enemies.add(x)
        elif part == "fight":
            fights.append(x)
    mine.sort()
    fights.sort()
    return Land(mine, enemies, fights, friends)


def _moved(land: Land, a: int, places: set[str], occ: dict[str, list[int]], kind) -> Land:
    """`land` with each of `places` where it belongs now (new lists and sets where one
    moves: a caller may still hold the old ones)."""
    mine, enemies, fights, friends = land
    for loc in places:
        part = _where(a, friends, loc, occ.get(loc, []), kind)
        if (loc in mine) != (part == "mine"):
            mine = [x for x in mine if x != loc]
            if part == "mine":
                insort(mine, loc)
        if (loc in enemies) != (part == "enemy"):
            enemies = enemies | {loc} if part == "enemy" else enemies - {loc}
        if (loc in fights) != (part == "fight"):
            fights = [x for x in fights if x != loc]
            if part == "fight":
                insort(fights, loc)
    return Land(mine, enemies, fights, friends)


def _where(a: int, friends: frozenset[int], x: str, who: list[int], kind) -> str:
    """Which part of army `a`'s `Land` place `x`, held by the armies `who`, is in: "mine",
    "enemy", "fight" or "" (empty, a friend's, or no territory). An army is its own friend, so
    a place is never both an enemy's and shared."""
    if len(who) == 1:
        if who[0] == a:
            return "mine" if x in kind else ""
        return "" if who[0] in friends else "enemy"
    if not who:
        return ""
    if friends.isdisjoint(who):
        return "enemy"
    return "fight" if a in who and x in kind else ""


kept: Facts | None = None  # the facts of the game object last asked about


def facts(game) -> Facts:
    """The game object's facts: those kept when they are its own, else worked out now."""
    global kept
    f = kept
    if f is None or f.game is not game:
        f = kept = Facts(game)
    return f


def drop(game) -> None:
    """Forget the game object's facts (its set-up event lays out a new board)."""
    global kept
    if kept is not None and kept.game is game:
        kept = None
