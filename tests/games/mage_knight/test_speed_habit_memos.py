"""The habits' answers kept across states (bots/goals.py: need_of_space, need_of_city,
has_goal) must be the answers computed afresh: each is kept by all it reads, so a state that
changes any of it (a face-down token, the damage a seat absorbs, the enemies on a space) is
weighed again, and the random bot plays the games it played before."""

from __future__ import annotations

import pytest

from bots import random_bot
from bots.players import _fork
from engine.games.mage_knight import state
from engine.games.mage_knight.bots import estimate, goals
from engine.pipeline import Engine
from store import MemoryStore
from tests.games.mage_knight.red_city import CITY, started


def _city(table):
    return next(c for c in table.game.cities if CITY in c.spaces)


def test_a_kept_city_estimate_follows_the_face_down_tokens_it_reads():
    first = _fork(*started())
    kept = goals.need_of_city(first.table, 0, _city(first.table))
    assert kept == estimate.city_need(first.table, 0, _city(first.table))
    other = first.clone()  # the same game with every weak token of a face-down colour gone
    colour = other.table.zones[state.garrison(CITY)].cards[0].split("_", 1)[0]
    pile = other.table.zones[f"enemies:{colour}"].cards
    weakest = min(estimate.enemies_need(other.table, 0, [t.split("#")[0]]) for t in pile)
    pile[:] = [t for t in pile if estimate.enemies_need(other.table, 0, [t.split("#")[0]]) > weakest]
    now = goals.need_of_city(other.table, 0, _city(other.table))
    assert now == estimate.city_need(other.table, 0, _city(other.table))
    assert now != kept  # the unseen average moved: an answer kept by less would be stale
    up = other.clone()
    up.table.zones[state.garrison(CITY)].vis = "public"  # face up: the real defenders count
    assert goals.need_of_city(up.table, 0, _city(up.table)) == estimate.city_need(
        up.table, 0, _city(up.table)
    )


@pytest.mark.parametrize(
    ("scenario", "players", "seed"), [("full_conquest", 2, "memo-fc"), ("blitz_conquest", 2, "memo-bc")]
)
def test_the_kept_answers_are_the_fresh_ones_at_every_decision(scenario, players, seed):
    eng = Engine(MemoryStore())
    eng.create("mage-knight", players, seed, {"scenario": scenario}, game_id="g")
    rng = random_bot.bot_rng(seed)
    weighed = cities = 0
    with eng.batch():
        for n in range(2_000):
            table = eng.table("g")
            if table.over:
                break
            seat = eng.prompts("g")[0].seat
            if table.game.phase == "turn" and table.game.players[seat].pos:
                assert goals.has_goal(table, seat) == bool(goals._travel_goals(table, seat, False))
            for k, sp in table.game.board.spaces.items():
                if sp.enemies:
                    weighed += 1
                    assert goals.need_of_space(table, seat, k) == estimate.space_need(table, seat, k)
            for city in goals.hostile_cities(table.game):
                cities += 1
                assert goals.need_of_city(table, seat, city) == estimate.city_need(table, seat, city)
            random_bot.decide(eng, "g", rng, n)
    assert eng.table("g").over
    assert weighed > 100 and cities > 0  # (the game met enemies and a revealed city)
