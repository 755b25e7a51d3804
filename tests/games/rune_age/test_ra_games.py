"""Random legal bots play whole games in every scenario and player count it allows (issue 4,
item 4): none may stall, every end must fit its scenario, replay and undo must agree."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.mechanics.damage import taken
from sim import testing

GAMES_PER_TABLE = 15
TABLES = [
    (sc, n)
    for sc, counts in (
        ("dragonlords", (1, 2, 3, 4)),
        ("rune_wars", (2, 3, 4)),
        ("world_fire", (1, 2, 3, 4)),
        ("monument", (2, 3, 4)),
    )
    for n in counts
]
VARIANTS = [{}, {"casualty_die": "harsh"}, {"casualty_die": "mild"}]


def check_end(t, scenario: str) -> None:
    """WIN-0 and §9: the recorded end is one the scenario allows."""
    alive = [s for s in range(t.players) if s not in t.game.eliminated]
    assert t.over and set(t.winners) <= set(alive)
    if scenario == "rune_wars":
        assert t.winners == alive and len(alive) <= 1
    elif scenario == "world_fire":
        assert t.winners in ([], list(range(t.players)))
        assert t.winners or len(alive) < t.players
    elif scenario == "dragonlords":
        assert len(t.winners) <= 1 and (t.winners or not alive)
    else:
        assert t.winners or not alive
        assert set(t.winners) <= set(t.game.built)
    for s in t.game.eliminated:
        assert taken(t, f"realm:{s}") >= 20


def card_census(t) -> Counter:
    return Counter(c for z in t.zones.values() for c in z.cards)


def check_cards(t, start: Counter) -> None:
    """No card is ever lost or doubled; only cards in a play area can be exhausted (TRN-1)."""
    assert card_census(t) == start and max(start.values()) == 1
    in_play = {c for name, z in t.zones.items() if name.startswith("play:") for c in z.cards}
    assert set(t.game.exhausted) <= in_play


@pytest.mark.parametrize("scenario,players", TABLES)
def test_ra_bots_finish_every_scenario_and_player_count(scenario, players):
    """RND-1..3, WIN-0, SCN-*: 15 seeded games per table, 210 in all; one per table is replayed and undone."""
    for k in range(GAMES_PER_TABLE):
        seed = f"{scenario}-{players}-{k}"
        eng, gid = testing.new_game(
            "rune-age", players, seed, {"scenario": scenario, **VARIANTS[k % len(VARIANTS)]}
        )
        start = card_census(eng.table(gid))
        testing.run_bots(eng, gid, seed)
        check_end(eng.table(gid), scenario)
        check_cards(eng.table(gid), start)
        if k == 0:
            testing.assert_replay_equal(eng, gid)
            testing.assert_undo_equal(eng, gid, random.Random(seed))


@pytest.mark.parametrize(
    "options",
    [
        {"scenario": "random"},
        {"scenario": "world_fire", "remove_brother": True},
        {"scenario": "dragonlords", "neutrals": "Schlachtruf,Plünderung,Mantikor"},
        {"scenario": "monument", "races": "uthuk,daqan,latari"},
        {"scenario": "dragonlords", "round_cap": 3},
    ],
)
def test_ra_bots_finish_with_options(options):
    """SET-2 (random objective), OPT-1, OPT-2, SET-3, ENG-CAP."""
    for k in range(3):
        eng, gid = testing.new_game("rune-age", 3, k, options)
        testing.run_bots(eng, gid, k)
        t = eng.table(gid)
        assert t.over
        if options.get("round_cap"):
            assert t.game.round <= 3
