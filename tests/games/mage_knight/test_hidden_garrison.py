"""A search bot's determinization of Mage Knight's face-down enemy tokens (issue 30 item 3):
a city's garrison lies face down until its combat begins, so a bot's sampled game deals it
again from the unseen tokens of the same colours, and the city's own list of defenders (kept
outside the zone) follows, so the clone is a game the rules can play and tells nothing more."""

from __future__ import annotations

import random
from collections import Counter

from bots.players import _fork
from bots.search import determinize
from engine.games.mage_knight import state
from tests.games.mage_knight.red_city import CITY, started


def _game():
    return _fork(*started())


def _colour(token: str) -> str:
    return token.split("_", 1)[0]


def _unseen_tokens(table) -> Counter:
    return Counter(
        t for n, z in table.zones.items() if n.startswith(("enemies:", "garrison:")) for t in z.cards
    )


def test_R22_R23_a_face_down_garrison_is_dealt_again_by_colour_and_the_city_list_follows():
    g = _game()
    zone = state.garrison(CITY)
    truth = list(g.table.zones[zone].cards)
    city = next(c for c in g.table.game.cities if CITY in c.spaces)
    assert truth and g.table.zones[zone].vis == "hidden" and sorted(city.garrison) == sorted(truth)
    seen = set()
    for i in range(12):
        d = determinize(g, 0, random.Random(i))
        dealt = d.table.zones[zone].cards
        d_city = next(c for c in d.table.game.cities if CITY in c.spaces)
        assert [_colour(t) for t in dealt] == [_colour(t) for t in truth]  # each slot keeps its colour
        assert sorted(d_city.garrison) == sorted(dealt)  # the list outside the zone follows
        assert _unseen_tokens(d.table) == _unseen_tokens(g.table)  # nothing invented or lost
        seen.add(tuple(dealt))
    assert len(seen) > 1 and any(s != tuple(truth) for s in seen)  # the truth is not kept
    assert list(g.table.zones[zone].cards) == truth and sorted(city.garrison) == sorted(truth)


def test_R23_two_games_alike_but_for_the_garrison_give_the_same_determinization():
    g = _game()
    other = g.clone()
    zone = state.garrison(CITY)
    mine = other.table.zones[zone].cards
    pile = other.table.zones[f"enemies:{_colour(mine[0])}"].cards
    swap = next(i for i, t in enumerate(pile) if t != mine[0])
    mine[0], pile[swap] = pile[swap], mine[0]  # another token of that colour defends the city
    city = next(c for c in other.table.game.cities if CITY in c.spaces)
    city.garrison = [mine[0] if t == pile[swap] else t for t in city.garrison]
    assert g.view(0)["zones"] == other.view(0)["zones"]
    d1, d2 = determinize(g, 0, random.Random(3)), determinize(other, 0, random.Random(3))
    assert d1.table.zones[zone].cards == d2.table.zones[zone].cards
    c1 = next(c for c in d1.table.game.cities if CITY in c.spaces)
    c2 = next(c for c in d2.table.game.cities if CITY in c.spaces)
    assert sorted(c1.garrison) == sorted(c2.garrison)


def test_R22_the_bots_estimate_of_a_city_reads_its_face_down_defenders_only_by_colour():
    """The habits' city estimate (bots/estimate.py city_need) must not read which tokens lie
    face down: two games differing only in that give the same need, and a garrison known
    (face up) gives the need of its real defenders."""
    from engine.games.mage_knight.bots import estimate

    g = _game()
    other = g.clone()
    zone = state.garrison(CITY)
    mine = other.table.zones[zone].cards
    pile = other.table.zones[f"enemies:{_colour(mine[0])}"].cards
    truth = estimate.enemies_need(
        g.table, 0, [t.split("#")[0] for t in g.table.zones[zone].cards], estimate.DEFENDER_MARGIN
    )
    swap = max(range(len(pile)), key=lambda i: estimate.enemies_need(g.table, 0, [pile[i].split("#")[0]]))
    old = mine[0]
    mine[0], pile[swap] = pile[swap], old  # the strongest token of that colour defends instead
    city = next(c for c in other.table.game.cities if CITY in c.spaces)
    city.garrison = [mine[0] if t == old else t for t in city.garrison]
    c1 = next(c for c in g.table.game.cities if CITY in c.spaces)
    assert estimate.city_need(g.table, 0, c1) == estimate.city_need(other.table, 0, city)
    up = other.clone()  # a fresh state (the estimate is kept per state)
    up.table.zones[zone].vis = "public"  # face up: the real defenders count
    up_city = next(c for c in up.table.game.cities if CITY in c.spaces)
    face_up = estimate.enemies_need(up.table, 0, [t.split("#")[0] for t in mine], estimate.DEFENDER_MARGIN)
    assert estimate.city_need(up.table, 0, up_city) == face_up
    assert face_up != truth  # the swap made a difference the hidden estimate must not see
