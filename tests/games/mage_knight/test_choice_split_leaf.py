"""A bug found by the replay property test (tests/core/test_properties.py, seed 345): a card's
payment question with more than 25 mana combinations is split by the first mana; when every
play under one first mana is one choice (the Source dice it may use are all of one colour, which
`same_choice` treats as one), that option must be the play itself, not a step whose question
then has nothing to tell apart (it raised "names plays that do not differ" at the bot's walk)."""

from __future__ import annotations

from bots.random_bot import bot_rng, decide
from engine import choices
from engine.pipeline import Engine
from sim.testing import run_bots
from store import MemoryStore


def test_seed_345_plays_to_its_end_and_every_split_option_is_asked():
    eng = Engine(MemoryStore())
    gid = eng.create("mage-knight", 4, 345, analysis=True)
    run_bots(eng, gid, 345)
    assert eng.table(gid).over


def test_a_split_by_first_mana_offers_a_play_where_the_rest_is_one_choice():
    """At the state before the failing decision, every option of Blood Ritual's powered
    payment question is a leaf or a step whose own question can be asked."""
    eng = Engine(MemoryStore())
    gid = eng.create("mage-knight", 4, 345, analysis=True)
    rs = eng.ruleset(gid)
    rng = bot_rng(345)
    path = [["kind", "play"], ["card", "blood_ritual"], ["mode", "powered"], ["option", 0]]
    seen = 0
    while not eng.table(gid).over:
        table = eng.table(gid)
        for seat in sorted({p.seat for p in eng.prompts(gid)}):
            try:
                q = choices.walk(rs, table, seat, path, False)
            except choices.BadPath:
                continue
            seen += 1
            for node in q.options:
                if node.expand is not None:
                    assert choices.walk(rs, table, seat, list(node.expand), False).options
        if decide(eng, gid, rng) is None:
            break
    assert seen > 0  # the question was met (the game reaches the state that failed)
