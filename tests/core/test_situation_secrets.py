"""A game started from a situation file keeps the file's secrets (invariant 6): its hands,
secret roles, seed and forced dice are read from the stored `game.created` and
`chance.forced`, which every viewer reads; only the referee sees them whole."""

from pathlib import Path

from engine.registry import get
from projections.views import REFEREE, log_view
from sim.testing import from_situation

ROOT = Path(__file__).resolve().parents[2]
REFLECT = ROOT / "tests/games/dragonlords/situations/e07_reflect.toml"


def _first_two(who):
    eng, gid = from_situation(REFLECT, forced={"die:d6": [6, 5, 4]})
    return log_view(get("dragonlords"), eng.store.read(gid)[:2], who)


def test_no_seat_nor_spectator_reads_the_situations_secrets():
    for who in (None, 0, 1):
        created, forced = _first_two(who)
        assert created["type"] == "game.created" and forced["type"] == "chance.forced"
        text = repr(created) + repr(forced)
        for secret in ("reflect", "wizard", "elemental_earth", "'seed'", "[6, 5, 4]"):
            assert secret not in text, (who, secret)
        assert created["data"]["situation"]["ruleset"] == "dragonlords"
        assert forced["data"] == {"streams": {"die:d6": 3}}


def test_the_referee_reads_the_whole_situation():
    created, forced = _first_two(REFEREE)
    assert created["data"]["situation"]["game"]["scrolls"] == [["elemental_earth"], ["reflect"]]
    assert created["data"]["situation"]["seed"] == 7
    assert forced["data"]["outcomes"]["die:d6"] == [6, 5, 4]
