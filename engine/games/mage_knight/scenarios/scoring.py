"""Standard achievement scoring and titles (MK:15:Score), added to fame at the game's end.
"Deck" means all of a seat's deed cards: deck, hand, discard pile and play area (reading)."""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.cities.rules import city_fame
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.readings.scoring import (
    crystal_points,
    liberator_fame,
    scored_zones,
    zero_tie_titles,
)
from engine.games.mage_knight.scenarios import book
from engine.games.mage_knight.scenarios.special_rules import mines_held
from engine.games.mage_knight.situations.card_overrides import unit_number
from engine.mechanics.zones import card_name

CATEGORIES = ("knowledge", "loot", "leader", "conqueror", "adventurer", "beating")
CONQUEST_SITES = ("keep", "mage_tower", "monastery")
ADVENTURE_SITES = ("ancient_ruins", "dungeon", "tomb", "monster_den", "spawning_grounds")


def deed_cards(table, seat: int) -> list[str]:
    return [card_name(c) for z in scored_zones(table, seat) for c in table.zone(z)]  # reading A13


def category_points(table, seat: int) -> dict[str, int]:
    c = content()
    game = table.game
    p = game.players[seat]
    cards = [c.cards[x] for x in deed_cards(table, seat)]
    kinds = [x.kind for x in cards]
    shields = [sp.site for sp in game.board.spaces.values() if sp.conquered_by == seat]
    return {
        "knowledge": 2 * kinds.count("spell") + kinds.count("advanced_action"),
        "loot": 2 * kinds.count("artifact") + crystal_points(table, sum(p.crystals.values())),  # A14
        "leader": sum(
            unit_number(table, u.unit, "level", c.units[u.unit].level) // (2 if u.wounded else 1)
            for u in p.units
        ),
        "conqueror": 2 * sum(1 for s in shields if s in CONQUEST_SITES),
        "adventurer": 2 * sum(1 for s in shields if s in ADVENTURE_SITES),
        "beating": -2 * sum(1 for x in cards if x.id == "wound"),
    }


def final_scores(table) -> tuple[dict[int, int], dict[int, list[str]]]:
    """Fame plus achievements plus titles (no titles in a solo game, MK:18:Scen:FirstRecon)."""
    game = table.game
    seats = list(range(len(game.players)))
    pts = {s: category_points(table, s) for s in seats}
    total = {s: game.players[s].fame + sum(pts[s].values()) for s in seats}
    lines = {
        s: [f"fame {game.players[s].fame}"] + [f"{k} {v:+d}" for k, v in pts[s].items() if v] for s in seats
    }
    if len(seats) > 1:
        for cat in CATEGORIES:
            vals = {s: pts[s][cat] for s in seats}
            worst = cat == "beating"
            best = min(vals.values()) if worst else max(vals.values())
            if best == 0:
                continue  # a title needs a non-zero score (reading, MK:15:Score)
            top = [s for s in seats if vals[s] == best]
            bonus = (-3 if worst else 3) if len(top) == 1 else (-1 if worst else 1)
            for s in top:
                total[s] += bonus
                lines[s].append(f"title {cat} {bonus:+d}")
        for s, v in zero_tie_titles(table, pts).items():  # reading A12
            total[s], lines[s] = total[s] + v, lines[s] + ([f"titles tied at 0 {v:+d}"] if v else [])
    return total, lines


# -- every other scenario (part 2, MK:15:Score, digest §10.5-10.6) ------------------------------
def scenario_result(table) -> tuple[dict[int, int], dict[int, list[str]], list[int], str]:
    """(totals, lines per seat, winners, rule) by the scenario's scoring kind: competitive fame
    with titles and city scoring, the objective score of solo and co-op, the portal of Only One
    Returns, or the victory points of the keep and tower scenario."""

    game = table.game
    s = book.scenarios()[game.scenario]
    seats = list(range(len(game.players)))
    fame = {x: game.players[x].fame for x in seats}
    pts = {x: category_points(table, x) for x in seats}
    if s.id == "dungeon_lords":
        for x in seats:
            shields = [sp.site for sp in game.board.spaces.values() if sp.conquered_by == x]
            pts[x]["adventurer"] = book.adventure_points(s, [k for k in shields if k in ADVENTURE_SITES])
    kind = s.scoring.kind
    if game.board.teams:
        return team_result(table, s, fame, pts)
    if kind == "standard":
        extra = None
        if s.id == "mines_liberation":
            extra = liberator_fame(table, book.mines_fame(mines_held(game)))  # reading A16
        total = book.competitive_totals(s, fame, pts, game.cities, extra)
        zero = zero_tie_titles(table, pts) if s.scoring.titles else {}  # reading A12
        total = {x: v + zero.get(x, 0) for x, v in total.items()}
        lines = {
            x: [f"fame {fame[x]}"]
            + [f"{k} {v:+d}" for k, v in pts[x].items() if v]
            + [f"titles and cities {total[x] - fame[x] - sum(pts[x].values()):+d}"]
            for x in seats
        }
        return total, lines, book.winners(total), "MK:15:Score"
    if kind in ("objective_solo", "objective_coop"):
        left = len(table.zone(state.DUMMY_DECK)) if state.DUMMY_DECK in table.zones else 0
        announced_last = (
            game.round >= game.rounds and game.announced_by >= 0 and game.announced_by != game.dummy_seat
        )
        res = book.objective_score(
            "solo" if kind == "objective_solo" else "coop",
            fame,
            pts,
            game.cities,
            game.rounds,
            max(1, min(game.round, game.rounds)),
            left,
            announced_last,
        )
        lines = {x: [f"{k} {v:+d}" for k, v in res.items] + ["won" if res.won else "lost"] for x in seats}
        return {x: res.total for x in seats}, lines, (seats if res.won else []), "MK:15:Score"
    if kind == "portal":
        on = [x for x in seats if game.players[x].pos == "0,0"]
        w = book.only_one_returns_winner(on[0] if len(on) == 1 else None)
        assert not isinstance(w, str), w  # no teams named: a seat or nobody
        total = {x: 1 if x == w else 0 for x in seats}
        return (
            total,
            {x: ["on the portal" if x == w else "not the one who returns"] for x in seats},
            ([w] if w is not None else []),
            "MK:22:Scen:OnlyOneReturns",
        )
    held = {
        str(x): (
            sum(1 for sp in game.board.spaces.values() if sp.site == "keep" and sp.conquered_by == x),
            sum(1 for sp in game.board.spaces.values() if sp.site == "mage_tower" and sp.conquered_by == x),
        )
        for x in seats
    }
    holding = {k: v for k, v in held.items() if int(k) not in game.conceded}
    vp, w = book.keeps_towers_winner(holding)
    if game.conceded and len(holding) == 1:
        w = next(iter(holding))  # the only side left wins (MK:22:Scen:ConquerKeepsTowers)
    total = {x: vp.get(str(x), 0) for x in seats}
    lines = {x: [f"keeps {held[str(x)][0]}", f"mage towers {held[str(x)][1]}"] for x in seats}
    return total, lines, ([int(w)] if w is not None else []), "MK:22:Scen:ConquerKeepsTowers"


def team_result(table, s, fame: dict, pts: dict):
    """Two teams (MK:15:Team): competitive fame is the lower of the pair (with each one's city
    fame) plus the better achievement per category plus titles; victory points add up per side;
    in Only One Returns a team wins when its face-down Chosen One is the hero on the portal.
    Every seat shows its team's total; the winners are both seats of the best."""

    game = table.game
    names = {f"team {'+'.join(map(str, side))}": side for side in game.board.teams}
    seats = list(range(len(game.players)))
    if s.scoring.kind == "standard":
        own = dict(fame)
        if s.scoring.city_scoring:
            for x, v in city_fame(game.cities, seats).items():
                own[x] += v
        score = book.team_score(names, own, pts)
        rule = "MK:15:Team"
    elif s.scoring.kind == "victory_points":
        held = {
            n: (
                sum(1 for sp in game.board.spaces.values() if sp.site == "keep" and sp.conquered_by in side),
                sum(
                    1
                    for sp in game.board.spaces.values()
                    if sp.site == "mage_tower" and sp.conquered_by in side
                ),
            )
            for n, side in names.items()
        }
        score, _ = book.keeps_towers_winner(
            {n: v for n, v in held.items() if not set(names[n]) & set(game.conceded)}
        )
        score = {n: score.get(n, 0) for n in names}
        rule = "MK:22:Scen:ConquerKeepsTowers"
    else:
        on = [x for x in seats if game.players[x].pos == "0,0"]
        chosen = {
            n: int(table.zone(state.chosen_one(i))[0][4:])
            for i, n in enumerate(names)
            if state.chosen_one(i) in table.zones
        }
        score = {
            n: int(len(on) == 1 and on[0] == chosen.get(n, on[0]) and on[0] in side)
            for n, side in names.items()
        }
        rule = "MK:22:Scen:OnlyOneReturns"
    best = max(score.values())
    top = [n for n in names if score[n] == best]
    standing = [n for n in names if not set(names[n]) & set(game.conceded)]
    if game.conceded and len(standing) == 1:
        top = standing  # the other side conceded (MK:22:Scen:ConquerKeepsTowers)
    elif s.scoring.winner in ("most_vp_no_tie", "on_portal") and (len(top) != 1 or best == 0):
        top = []  # a tie, or nobody holding anything / nobody on the portal: no winner
    team_of = {x: n for n, side in names.items() for x in side}
    total = {x: score[team_of[x]] for x in seats}
    lines = {x: [f"{team_of[x]}: {score[team_of[x]]}"] for x in seats}
    return total, lines, sorted(x for n in top for x in names[n]), rule
