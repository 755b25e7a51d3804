"""Hunt: the table's lobby decodes a new game strictly (invariant 9): a seed is a string or an
integer, an option value a string, an integer or a boolean; anything else is a 400 naming the
field, and no game is stored (a list seed was stored as the text "[1]", an option 1.5 or
["draft"] reached the game's set-up)."""

import pytest
import trio
from test_api import call, make_app


@pytest.mark.parametrize(
    "body,words",
    [
        ({"ruleset": "dragonlords", "players": 2, "seed": [1]}, "seed"),
        ({"ruleset": "dragonlords", "players": 2, "seed": {"a": 1}}, "seed"),
        ({"ruleset": "dragonlords", "players": 2, "seed": 1.5}, "seed"),
        ({"ruleset": "dragonlords", "players": 2, "seed": True}, "seed"),
        ({"ruleset": "dragonlords", "players": 2, "options": {"round_limit": 1.5}}, "round_limit"),
        ({"ruleset": "mage-knight", "players": 2, "options": {"variants": ["draft"]}}, "variants"),
        ({"ruleset": "mage-knight", "players": 2, "options": {"scenario": None}}, "scenario"),
        ({"ruleset": "mage-knight", "players": 2, "options": {"scenario": {"x": 1}}}, "scenario"),
    ],
)
def test_a_bad_seed_or_option_value_is_a_400_naming_it(tmp_path, body, words):
    async def run():
        app = make_app(tmp_path)
        status, out = await call(app, "POST", "/api/games", body)
        assert status == 400, out
        assert words in out["reason"] and "failed" not in out["reason"]
        status, games = await call(app, "GET", "/api/games")
        assert games["games"] == []

    trio.run(run)


def test_plain_seeds_and_options_still_make_games(tmp_path):
    async def run():
        app = make_app(tmp_path)
        for body in (
            {"ruleset": "dragonlords", "players": 2, "seed": 7},
            {"ruleset": "dragonlords", "players": 2, "seed": "abc", "options": {"round_limit": 3}},
            {"ruleset": "dragonlords", "players": 2, "options": {"short_game": True}},
            {"ruleset": "mage-knight", "players": 2, "options": {"variants": "draft"}},
        ):
            status, out = await call(app, "POST", "/api/games", body)
            assert status == 201, out

    trio.run(run)
