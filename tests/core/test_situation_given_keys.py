"""Every ruleset's situation loader: a key given takes effect or is refused naming it, never
skipped (issue 25). Mage Knight's own keys: tests/games/mage_knight/test_situation_keys.py."""

from __future__ import annotations

import copy

import pytest

from engine import situation as situation_file
from engine.errors import BadInput
from engine.pipeline import Engine
from store import MemoryStore

TS = "engine/games/thunderstone/situations/dispute_glut_light.toml"
RA = "engine/games/rune_age/situations/e0_setup_four_players.toml"
EP = "engine/games/epochs/situations/ep_challenge.toml"
DU = "tests/core/situations/duel_tie_at_limit.toml"


def refused(path: str, game: dict) -> str:
    doc = copy.deepcopy(situation_file.normalized(situation_file.read(path)))
    doc["game"].update(game)
    with pytest.raises((BadInput, ValueError)) as exc:
        Engine(MemoryStore()).create(
            doc["ruleset"], doc["players"], doc.get("seed", 0), doc["options"], situation=doc
        )
    return str(exc.value)


@pytest.mark.parametrize(
    "path, game, named",
    [
        (TS, {"countdown": 5}, "countdown"),  # co-op and solo only: was skipped
        (TS, {"pool": 3}, "pool"),
        (TS, {"hall_b": ["Glut"]}, "hall_b"),  # the Drachenturm's second dungeon only
        (TS, {"dungeon_b": []}, "dungeon_b"),
        (RA, {"round": 2}, "round"),  # beside standard_setup: was skipped
        (RA, {"standard_setup": False, "phase": "evnt"}, "phase"),
        (EP, {"active": 7}, "active"),
        (DU, {"active": 5}, "active"),
    ],
)
def test_SIT_0_a_key_that_cannot_act_is_refused_naming_it(path, game, named):
    text = refused(path, game)
    assert named in text, text
