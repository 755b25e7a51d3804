"""The random bot's shortcut at the first question of a turn (tree_policy.bot_question): where
it answers, it keeps exactly the options `bot_options` keeps of the full question, the same
nodes in the same order, so a bot taking it draws the same command."""

from __future__ import annotations

import pytest

from bots.random_bot import play_out
from engine import choices
from engine.games.mage_knight.bots import tree_policy
from engine.pipeline import Engine
from store import MemoryStore


class Checked:
    """`bot_question` bound to a ruleset, each answer compared with the full question's."""

    def __init__(self, rs):
        self.rs, self.answered, self.asked = rs, 0, 0

    def __call__(self, table, seat, path):
        quick = tree_policy.bot_question(self.rs, table, seat, path)
        self.asked += 1
        if quick is None:
            return None
        full = choices.walk(self.rs, table, seat, path, False).options
        kept = tree_policy.bot_options(self.rs, table, seat, path, full)
        assert quick == kept, f"seat {seat} at event {table.version}: {quick} != {kept}"
        self.answered += 1
        return quick


@pytest.mark.parametrize(
    ("scenario", "players", "seed"),
    [
        ("first_reconnaissance", 2, "bq-fr"),
        ("full_conquest", 2, "bq-fc"),
        ("blitz_cooperative", 3, "bq-coop"),
        ("dungeon_lords", 2, "bq-dl"),
    ],
)
def test_the_shortcut_keeps_what_the_habits_keep(scenario, players, seed):
    eng = Engine(MemoryStore())
    options = {} if scenario == "first_reconnaissance" else {"scenario": scenario}
    eng.create("mage-knight", players, seed, options, game_id="g")
    rs = eng.ruleset("g")
    check = Checked(rs)
    rs.bot_question = check  # this ruleset object only, taken away below
    try:
        play_out(eng, "g", seed)
    finally:
        del rs.bot_question
    assert eng.table("g").over
    assert check.answered > check.asked // 4  # it answers for most turns, not never


def test_no_shortcut_below_the_first_question_or_outside_a_turn():
    eng = Engine(MemoryStore())
    eng.create("mage-knight", 2, "bq-none", {"scenario": "full_conquest"}, game_id="g")
    rs, table = eng.ruleset("g"), eng.table("g")
    assert table.game.phase == "tactics"  # choosing tactics: a short list, asked in full
    seat = rs.prompts(table)[0].seat
    assert tree_policy.bot_question(rs, table, seat, []) is None
    assert tree_policy.bot_question(rs, table, seat, [["kind", "tactic"]]) is None
