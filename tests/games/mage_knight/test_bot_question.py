"""The random bot's shortcut at the first question of a turn (tree_policy.bot_question): where
it answers, it keeps exactly the options `bot_options` keeps of the full question, the same
nodes in the same order, so a bot taking it draws the same command."""

from __future__ import annotations

import pytest

from engine.games.mage_knight.bots import tree_policy
from engine.pipeline import Engine
from store import MemoryStore
from tests.bot_question_checks import ShortcutCheck, played_with


class Checked(ShortcutCheck):
    """Mage Knight's `bot_question` bound to a ruleset."""

    def __init__(self, rs):
        super().__init__(rs, lambda table, seat, path: tree_policy.bot_question(rs, table, seat, path))


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
    options = {} if scenario == "first_reconnaissance" else {"scenario": scenario}
    table, check = played_with("mage-knight", players, seed, options, Checked)
    assert table.over
    assert check.answered > check.asked // 4  # it answers for most turns, not never


def test_no_shortcut_below_the_first_question_or_outside_a_turn():
    eng = Engine(MemoryStore())
    eng.create("mage-knight", 2, "bq-none", {"scenario": "full_conquest"}, game_id="g")
    rs, table = eng.ruleset("g"), eng.table("g")
    assert table.game.phase == "tactics"  # choosing tactics: a short list, asked in full
    seat = rs.prompts(table)[0].seat
    assert tree_policy.bot_question(rs, table, seat, []) is None
    assert tree_policy.bot_question(rs, table, seat, [["kind", "tactic"]]) is None
