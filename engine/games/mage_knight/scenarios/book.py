"""Every scenario of the scenario book as data (content/scenarios.json, MK:18-22:Scen:*), its
validator, and the scenario-side scoring (MK:15:Score, MK:15:Team, digest §10.5-10.6).

Pure: plain values in, results out; no table, no chance.

API
- `scenarios() -> dict[id, Scenario]` (loaded once, validated); `load(path)`; `validate(s)`.
- `Scenario.setup(players) -> Setup`: tile counts, shape, start tile, city levels in reveal
  order, rounds, dummy, Source dice and unit offer size for that player count (or an error
  naming the rule). `time_of_round(n)`: "day" | "night".
- Scoring: `titles(points)` (standard titles and their ties), `team_score(...)`,
  `objective_score(...)` (co-op and solo back of the scoring card), `mines_fame(...)`,
  `keeps_towers_winner(...)`, `only_one_returns_winner(...)`, `blitz_row_bonus(old, new)`,
  `winners(totals)`, `competitive_totals(s, fame, points, cities, scenario_fame)`,
  `adventure_points(s, adventure_shields)`.
- Special rules: `has_rule(s, id)`, `assault_reputation(s, site)`, `owned_site_garrison(s, round)`,
  `half_fame(fame)`.
- Flow: `end_triggered(s, EndFacts(...))` (checked after every turn, MK:4:Round:4c),
  `final_turns(s, order, trigger_seat, dummy_seat)`, `tactic_pick_order(s, players, dummy_seat)`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import NoReturn

import msgspec

from engine.content import ContentError
from engine.games.mage_knight.cities.rules import CITY_COLOURS, LEVELS, City, city_fame
from engine.games.mage_knight.content.load import HERE, read
from engine.games.mage_knight.turn import levels

KINDS = ("training", "competitive", "solo", "coop")
SHAPES = {"wedge": "A", "wedge_unrestricted": "A", "open_5": "B", "open_4": "B", "open_3": "B", "fixed": "B"}
CITY_STATUS = ("hostile", "friendly", "closed", "sealed")
END_KINDS = (
    "city_revealed",
    "all_cities_conquered",
    "all_tiles_revealed_and_mines_liberated",
    "all_tiles_revealed_and_dungeons_conquered",
    "all_chanted_second_night",
    "round_limit",
    "round_limit_or_concede",
)
LAST_TURN = ("all", "players_not_dummy", "none")
SCORING = ("standard", "objective_solo", "objective_coop", "portal", "victory_points")
WINNER = ("most_fame", "most_fame_shared", "all_cities_conquered", "on_portal", "most_vp_no_tie")
CATEGORIES = ("knowledge", "loot", "leader", "conqueror", "adventurer", "beating")


class ScenarioError(ValueError):
    """A scenario that cannot be played as asked; the message names the fault and the rule."""


class SpecialRule(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    rule: str
    text: str


class EndTrigger(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: str
    last_turn: str  # who gets one last turn once it fires
    round_end_ends_game: bool  # a round ending meanwhile ends the game at once
    rule: str


class ScoreItem(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    points: int
    rule: str
    text: str
    tie: int = 0


class Scoring(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: str
    achievements: bool
    titles: bool
    city_scoring: bool
    winner: str
    extras: list[ScoreItem] = []
    replaces: dict[str, str] = {}  # achievement category -> the scenario's own title


class Setup(msgspec.Struct, frozen=True):
    players: int
    rounds: int
    shape: str
    start_tile: str
    countryside: int
    city_core: int
    noncity_core: int
    city_levels: list[int]
    dummy: bool
    source_dice: int
    unit_offer: int


class Scenario(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    id: str
    name: str
    title_de: str
    page: int
    rule: str
    provenance: str
    kind: str
    players: list[int]
    rounds: dict[str, int]
    shape: dict[str, str]
    countryside: dict[str, int]
    city_core: dict[str, int]
    noncity_core: dict[str, int]
    tile_order: str
    city_status: str
    city_levels: dict[str, list[int]]  # reveal order; empty for non-hostile cities
    dummy_players: list[int]  # player counts played with a dummy
    dummy_tactics: str  # "" | players_first | dummy_first
    tactic_removal: str  # none | both_used | one_real_except_last
    elite_units: str  # standard | none | second_half
    end: EndTrigger
    scoring: Scoring
    special_rules: list[SpecialRule] = []
    city_colours: list[str] = []  # named city tiles, in any order
    required_tiles: list[str] = []
    removed: list[str] = []
    teams: str = "none"  # none | optional_4 | required_4 | one_team
    start_fame: int = 0
    start_reputation: int = 0
    source_bonus: int = 0
    unit_offer_bonus: int = 0
    fame_row_bonus: int = 0
    variants: list[str] = []
    stand_in: list[str] = []

    def setup(self, players: int) -> Setup:
        if players not in self.players:
            raise ScenarioError(
                f"{self.name} is for {', '.join(map(str, self.players))} players, not {players} ({self.rule})"
            )
        n = str(players)  # per-player-count tables are keyed "1".."4" (JSON object keys)
        return Setup(
            players=players,
            rounds=self.rounds[n],
            shape=self.shape[n],
            start_tile=SHAPES[self.shape[n]],
            countryside=self.countryside[n],
            city_core=self.city_core[n],
            noncity_core=self.noncity_core[n],
            city_levels=list(self.city_levels.get(n, [])),
            dummy=players in self.dummy_players,
            source_dice=players + 2 + self.source_bonus,  # MK:3:Setup:12
            unit_offer=players + 2 + self.unit_offer_bonus,
        )  # MK:3:Setup:10


def time_of_round(n: int) -> str:
    """Rounds alternate day and night, starting with a day (MK:4:Round:2a)."""
    return "day" if n % 2 == 1 else "night"


def validate(s: Scenario) -> None:
    """Every per-player value present, every value in range; raises ScenarioError naming it."""

    def fail(msg: str) -> NoReturn:
        raise ScenarioError(f"scenario {s.id!r}: {msg} ({s.rule})")

    if s.kind not in KINDS:
        fail(f"kind {s.kind!r} is not one of {KINDS}")
    if not s.players or any(n not in (1, 2, 3, 4) for n in s.players):
        fail(f"players {s.players} must be 1..4")
    for name in ("rounds", "shape", "countryside", "city_core", "noncity_core"):
        table = getattr(s, name)
        if sorted(table) != sorted(map(str, s.players)):
            fail(f"{name} gives player counts {sorted(table)}, the scenario allows {s.players}")
    for n in map(str, s.players):
        if s.shape[n] not in SHAPES:
            fail(f"unknown map shape {s.shape[n]!r}")
        if not 1 <= s.rounds[n] <= 6:
            fail(f"{s.rounds[n]} rounds for {n} players")
        if min(s.countryside[n], s.city_core[n], s.noncity_core[n]) < 0:
            fail("a negative tile count")
    if s.kind == "solo" and s.players != [1]:
        fail("a solo scenario is for 1 player")
    if s.city_status not in CITY_STATUS:
        fail(f"city status {s.city_status!r} is not one of {CITY_STATUS}")
    if s.city_status == "hostile":
        for n in map(str, s.players):
            lv = s.city_levels.get(n)
            if lv is None or len(lv) != s.city_core[n]:
                fail(f"{n} players: {s.city_core[n]} city tiles need as many city levels, got {lv}")
            if any(x not in LEVELS for x in lv):
                fail(f"city levels {lv} must be {LEVELS.start}..{LEVELS.stop - 1}")
    elif s.city_levels:
        fail(f"a {s.city_status} city has no garrison, so no level")
    for c in s.city_colours:
        if c not in CITY_COLOURS:
            fail(f"unknown city colour {c!r}")
    if s.city_colours and any(len(s.city_colours) != v for v in s.city_core.values()):
        fail("the named cities must match the city tile count")
    needs_dummy = s.kind in ("solo", "coop")
    if needs_dummy and sorted(s.dummy_players) != sorted(s.players):
        fail("co-op and solo scenarios always use a dummy (MK:15:Dummy)")
    if any(n not in s.players for n in s.dummy_players):
        fail(f"dummy for player counts {s.dummy_players} the scenario does not allow")
    if s.dummy_players and s.dummy_tactics not in ("players_first", "dummy_first"):
        fail("a scenario with a dummy must say who picks tactics first")
    if s.tactic_removal not in ("none", "both_used", "one_real_except_last"):
        fail(f"unknown tactic removal {s.tactic_removal!r}")
    if s.elite_units not in ("standard", "none", "second_half"):
        fail(f"unknown elite unit rule {s.elite_units!r}")
    if s.teams not in ("none", "optional_4", "required_4", "one_team"):
        fail(f"unknown team rule {s.teams!r}")
    if s.end.kind not in END_KINDS or s.end.last_turn not in LAST_TURN:
        fail(f"unknown end trigger {s.end.kind!r} / {s.end.last_turn!r}")
    if s.end.last_turn == "players_not_dummy" and not s.dummy_players:
        fail("only a scenario with a dummy can deny the dummy its last turn")
    if s.scoring.kind not in SCORING or s.scoring.winner not in WINNER:
        fail(f"unknown scoring {s.scoring.kind!r} / winner {s.scoring.winner!r}")
    if s.scoring.city_scoring and s.city_status != "hostile":
        fail("city scoring needs cities to conquer")
    for cat in s.scoring.replaces:
        if cat not in CATEGORIES:
            fail(f"replaces unknown achievement {cat!r}")
    ids = [r.id for r in s.special_rules]
    if len(set(ids)) != len(ids):
        fail("two special rules share an id")
    cited: list[SpecialRule | ScoreItem] = [*s.special_rules, *s.scoring.extras]
    for r in cited:
        if not r.rule.startswith("MK:"):
            fail(f"special rule {r.id!r} cites no rule id")


def load(path: Path) -> dict[str, Scenario]:
    out: dict[str, Scenario] = {}
    for s in read(path, list[Scenario]):
        if s.id in out:
            raise ContentError(f"{path.name}: id {s.id!r} appears twice")
        try:
            validate(s)
        except ScenarioError as exc:
            raise ContentError(f"{path.name}: {exc}") from None
        out[s.id] = s
    return out


@cache
def scenarios() -> dict[str, Scenario]:
    return load(HERE / "scenarios.json")


def chosen(options: Mapping) -> Scenario:
    """The scenario a game's options name; "full-conquest" is read as "full_conquest"."""
    return scenarios()[str(options["scenario"]).replace("-", "_")]


# -- scoring ---------------------------------------------------------------------------------
def titles(points: Mapping[int, Mapping[str, int]], bonus: int = 3, tie: int = 1) -> dict[int, int]:
    """Standard titles (MK:15:Score): +3 to the single best of a category, +1 each when tied;
    Greatest Beating -3 / -1 to the largest penalty. A title needs a non-zero score (reading
    A12), so players without wounds never share the Beating penalty."""
    seats = sorted(points)
    out = {s: 0 for s in seats}
    if len(seats) < 2:
        return out
    for cat in CATEGORIES:
        vals = {s: points[s].get(cat, 0) for s in seats}
        best = min(vals.values()) if cat == "beating" else max(vals.values())
        if best == 0:
            continue
        top = [s for s in seats if vals[s] == best]
        sign = -1 if cat == "beating" else 1
        for s in top:
            out[s] += sign * (bonus if len(top) == 1 else tie)
    return out


def team_points(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    """A team's achievements: the better of the two per category; for Beating the bigger
    penalty (MK:15:Team)."""
    return {c: (min if c == "beating" else max)(a.get(c, 0), b.get(c, 0)) for c in CATEGORIES}


def team_score(
    teams: Mapping[str, Sequence[int]], fame: Mapping[int, int], points: Mapping[int, Mapping[str, int]]
) -> dict[str, int]:
    """Team scoring (MK:15:Team): the lower fame of the pair, plus the team's achievements, plus
    titles awarded on each team's best values."""
    tp = {}
    for name, seats in teams.items():
        pts = dict(points[seats[0]])
        for s in seats[1:]:
            pts = team_points(pts, points[s])
        tp[name] = pts
    order = sorted(teams)
    idx = {name: i for i, name in enumerate(order)}
    t = titles({idx[n]: tp[n] for n in order})
    return {n: min(fame[s] for s in teams[n]) + sum(tp[n].values()) + t[idx[n]] for n in order}


class ObjectiveScore(msgspec.Struct, frozen=True):
    total: int
    items: list[tuple[str, int]]
    won: bool


def objective_score(
    kind: str,
    fame: Mapping[int, int],
    points: Mapping[int, Mapping[str, int]],
    cities: Sequence[City],
    rounds_limit: int,
    rounds_played: int,
    dummy_deck_left: int,
    announced_in_final_round: bool,
    lowest: bool = False,
) -> ObjectiveScore:
    """The back of the scoring card for co-op and solo (MK:15:Score; digest §10.6): base fame
    (the lowest real player's in co-op), the single best achievement per category (no titles;
    `lowest` = the co-op variant), +10 per conquered city, +10 if every player leads a city
    (co-op), +15 all conquered, +30 per round not needed, +1 per card left in the dummy's deck,
    +5 if the round end was not announced in the final round."""
    if kind not in ("coop", "solo"):
        raise ScenarioError(f"objective scoring is for co-op or solo games, not {kind!r} (MK:15:Score)")
    seats = sorted(fame)
    if kind == "solo" and len(seats) != 1:
        raise ScenarioError("solo scoring takes exactly one player (MK:19:Scen:SoloConquest)")
    if rounds_played > rounds_limit or rounds_played < 1:
        raise ScenarioError(f"{rounds_played} rounds played of {rounds_limit} (MK:4:Round:5)")
    items = [("fame", min(fame.values()))]
    for cat in CATEGORIES:
        vals = [points[s].get(cat, 0) for s in seats]
        pick = (max if cat == "beating" else min) if lowest else (min if cat == "beating" else max)
        items.append((cat, pick(vals)))
    conquered = [c for c in cities if c.status == "conquered"]
    items.append(("cities", 10 * len(conquered)))
    if kind == "coop":
        leads = {c.leader for c in conquered}
        items.append(("everyone_leads", 10 if all(s in leads for s in seats) else 0))
    all_done = bool(cities) and len(conquered) == len(cities)
    items.append(("all_cities", 15 if all_done else 0))
    items.append(("rounds_saved", 30 * (rounds_limit - rounds_played)))
    items.append(("dummy_deck", dummy_deck_left))
    items.append(("not_announced", 0 if announced_in_final_round else 5))
    return ObjectiveScore(total=sum(v for _, v in items), items=items, won=all_done)


def mines_fame(mines: Mapping[int, tuple[int, int]]) -> dict[int, int]:
    """Mines Liberation (MK:20:Scen:Mines): +4 per own countryside mine, +7 per core mine, and
    Greatest Liberator +5 for the most such fame (tied: +2 each, reading A16)."""
    fame = {s: 4 * c + 7 * k for s, (c, k) in mines.items()}
    best = max(fame.values(), default=0)
    top = [s for s in sorted(fame) if fame[s] == best]
    if best > 0 and len(fame) > 1:
        for s in top:
            fame[s] += 5 if len(top) == 1 else 2
    return fame


def keeps_towers_winner(held: Mapping[str, tuple[int, int]]) -> tuple[dict[str, int], str | None]:
    """3 VP per keep, 2 per mage tower held; the most VP wins, a tie means no winner
    (MK:22:Scen:ConquerKeepsTowers, E-26)."""
    vp = {side: 3 * k + 2 * t for side, (k, t) in held.items()}
    best = max(vp.values(), default=0)
    top = [s for s in vp if vp[s] == best]
    return vp, (top[0] if len(top) == 1 else None)


def only_one_returns_winner(
    on_portal: int | None, chosen: Mapping[str, int] | None = None
) -> int | str | None:
    """The hero on the portal space when the second night ends wins; nobody there, no winner
    (MK:22:Scen:OnlyOneReturns). With teams, the team whose Chosen One stands there wins."""
    if on_portal is None:
        return None
    if chosen is None:
        return on_portal
    return next((team for team, seat in chosen.items() if seat == on_portal), None)


def blitz_row_bonus(old_fame: int, new_fame: int) -> int:
    """Blitz scenarios: +1 fame per fame row crossed; the bonus never chains (reading A17).
    Rows are the level thresholds of levels.json (mostly stand-ins there)."""
    return max(0, levels.level_for_fame(new_fame) - levels.level_for_fame(old_fame))


def winners(totals: Mapping[int, int]) -> list[int]:
    """The seats with the highest total; several on a tie (First Reconnaissance says they share
    the win; for the others the book is silent and the engine shares it too, reading)."""
    best = max(totals.values())
    return sorted(s for s, v in totals.items() if v == best)


# -- end trigger, last turns and tactic order -------------------------------------------------
class EndFacts(msgspec.Struct, frozen=True, kw_only=True):
    city_revealed: bool = False
    all_cities_conquered: bool = False
    all_tiles_revealed: bool = False
    all_mines_liberated: bool = False
    all_dungeons_conquered: bool = False
    all_chanted_second_night: bool = False


# The facts each end condition reads (end_triggered): checked after every turn, so
# rounds.facts finds only these and scans the board for no other.
END_READS: dict[str, tuple[str, ...]] = {
    "city_revealed": ("city_revealed",),
    "all_cities_conquered": ("all_cities_conquered",),
    "all_tiles_revealed_and_mines_liberated": ("all_tiles_revealed", "all_mines_liberated"),
    "all_tiles_revealed_and_dungeons_conquered": ("all_tiles_revealed", "all_dungeons_conquered"),
    "all_chanted_second_night": ("all_chanted_second_night",),
}


def end_triggered(s: Scenario, f: EndFacts) -> bool:
    """The scenario's end condition, checked at the end of every player turn (MK:4:Round:4c)."""
    return {
        "city_revealed": f.city_revealed,
        "all_cities_conquered": f.all_cities_conquered,
        "all_tiles_revealed_and_mines_liberated": f.all_tiles_revealed and f.all_mines_liberated,
        "all_tiles_revealed_and_dungeons_conquered": f.all_tiles_revealed and f.all_dungeons_conquered,
        "all_chanted_second_night": f.all_chanted_second_night,
    }.get(s.end.kind, False)


def final_turns(s: Scenario, order: Sequence[int], trigger_seat: int, dummy_seat: int = -1) -> list[int]:
    """Who still gets one last turn once the end fired at the end of `trigger_seat`'s turn, in
    turn order from the next seat; the trigger seat included (reading A15)."""
    if s.end.last_turn == "none":
        return []
    i = list(order).index(trigger_seat)
    seq = list(order[i + 1 :]) + list(order[: i + 1])
    if s.end.last_turn == "players_not_dummy":
        seq = [x for x in seq if x != dummy_seat]
    return seq


def tactic_pick_order(s: Scenario, players: Sequence[int], dummy_seat: int = -1) -> list[int]:
    """Where the dummy picks (MK:4:Round:3a with MK:19:Scen:SoloConquest, MK:20:Scen:FullCoop):
    `players` is the real players' choosing order (lowest fame first)."""
    if dummy_seat < 0 or not s.dummy_tactics:
        return list(players)
    if s.dummy_tactics == "dummy_first":
        return [dummy_seat, *players]
    return [*players, dummy_seat]


# -- competitive totals ----------------------------------------------------------------------
DUNGEON_SITES = ("dungeon", "tomb")


def adventure_points(s: Scenario, adventure_shields: Sequence[str]) -> int:
    """The adventure category: 2 per own shield on an adventure site (MK:15:Score); Dungeon Lords
    scores every tomb and dungeon, secret ones included, 4 (MK:21:Scen:DungeonLords)."""
    per_dungeon = next((x.points for x in s.scoring.extras if x.id == "dungeon_or_tomb"), 2)
    return sum(per_dungeon if site in DUNGEON_SITES else 2 for site in adventure_shields)


def competitive_totals(
    s: Scenario,
    fame: Mapping[int, int],
    points: Mapping[int, Mapping[str, int]],
    cities: Sequence[City] = (),
    scenario_fame: Mapping[int, int] | None = None,
) -> dict[int, int]:
    """Final fame of a competitive scenario (MK:15:Score): fame + achievements + titles (when the
    scenario gives titles and more than one plays) + city scoring (conquest scenarios) + the
    scenario's own fame (`mines_fame`, …). Titles renamed by the scenario (Greatest
    Dungeon-Crawler) score as the title they replace, +5 / +2 tied, not +3 / +1."""
    if s.scoring.kind != "standard":
        raise ScenarioError(f"{s.name} is not scored by fame ({s.scoring.kind}, {s.rule})")
    seats = sorted(fame)
    total = {x: fame[x] for x in seats}
    if s.scoring.achievements:
        for x in seats:
            total[x] += sum(points[x].get(c, 0) for c in CATEGORIES)
    if s.scoring.titles and len(seats) > 1:
        plain = {x: {c: v for c, v in points[x].items() if c not in s.scoring.replaces} for x in seats}
        for x, v in titles(plain).items():
            total[x] += v
        for cat, own in sorted(s.scoring.replaces.items()):
            item = next(i for i in s.scoring.extras if i.id == f"greatest_{own}")
            for x, v in titles(
                {y: {cat: points[y].get(cat, 0)} for y in seats}, bonus=item.points, tie=item.tie
            ).items():
                total[x] += v
    if s.scoring.city_scoring:
        for x, v in city_fame(cities, seats).items():
            total[x] += v
    for x, v in (scenario_fame or {}).items():
        total[x] += v
    return total


# -- special rules as queries -----------------------------------------------------------------
def has_rule(s: Scenario, rule_id: str) -> bool:
    return any(r.id == rule_id for r in s.special_rules)


def assault_reputation(s: Scenario, site: str) -> int:
    """-1 for assaulting a fortified site (MK:8:Combat:1a); 0 for keeps and mage towers in the
    keep/tower scenario (MK:22:Scen:ConquerKeepsTowers)."""
    if site in ("keep", "mage_tower") and has_rule(s, "no_assault_reputation"):
        return 0
    return -1


def owned_site_garrison(s: Scenario, round_no: int) -> int:
    """Tokens defending another player's keep or tower: 1 in rounds 1-2, 2 in 3-4, 3 in 5-6
    (MK:22:Scen:ConquerKeepsTowers); 1 elsewhere (MK:8:Combat:1a)."""
    if not has_rule(s, "garrison_scaling"):
        return 1
    return (round_no + 1) // 2


def half_fame(fame: int) -> int:
    """Half fame, rounded up (MK:22:Scen:ConquerKeepsTowers; digest reading A10)."""
    return (fame + 1) // 2
