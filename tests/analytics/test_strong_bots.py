"""`strong` in `simulate --bots`: every ruleset has one, it plays legal commands (the engine
refuses any other), and its games are reproducible from the seed."""

import contextlib
import json

import pytest

from bots.players import BotPlay, parse_bots
from bots.random_bot import Stall
from bots.strong import STRONG, strong
from engine import registry
from engine.pipeline import Engine
from store import MemoryStore

RULESETS = ("duel", "epochs", "rune-age", "thunderstone", "dragonlords", "mage-knight")
OPTIONS = {"mage-knight": {"scenario": "full_conquest"}}


def _play(ruleset: str, seed: int, commands: int) -> list[tuple]:
    """`commands` commands of strong bots in both seats (Engine.submit checks each is legal);
    the events but for the seed commitment's salt and hash (random in each run)."""
    eng = Engine(MemoryStore())
    gid = eng.create(ruleset, 2, seed, OPTIONS.get(ruleset, {}), game_id=f"strong-{ruleset}")
    with eng.batch(), contextlib.suppress(Stall):  # stopped after `commands`
        BotPlay(parse_bots("strong", 2))(eng, gid, seed, max_commands=commands)
    events = [
        (
            e.type,
            e.actor,
            json.dumps({k: v for k, v in e.data.items() if k not in ("salt", "seed_hash")}, sort_keys=True),
        )
        for e in eng.store.read(gid)
    ]
    eng.store.close()
    return events


def test_every_ruleset_has_a_strong_bot():
    assert set(RULESETS) <= set(registry.rulesets())
    for name in RULESETS:
        assert name in STRONG and strong(name).kind in ("greedy", "mcts", "plan")
    assert parse_bots("strong,random", 2) == ("strong", "random")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_strong_plays_legal_commands(ruleset):
    events = _play(ruleset, 3, 12)
    played = sum(t.startswith("cmd.") for t, _a, _d in events)
    assert played == 12 or (played and events[-2][0] == "game.over")  # 12, or a shorter game


def test_strong_games_are_reproducible_from_the_seed():
    first = _play("mage-knight", 11, 40)
    assert first == _play("mage-knight", 11, 40)
    assert first != _play("mage-knight", 12, 40)
