"""The random bot's first question in purchase, naval movement, combat and transfer
(choices/bot.py `bot_question`) keeps exactly what `bot_options` keeps of the full question,
the same nodes in the same order, so a bot taking it draws the same command; and one kind
listed alone (legal.kind_offers) is that kind's part of the whole listing, in its order."""

from __future__ import annotations

import pytest

from bots.random_bot import bot_rng, step
from engine import choices
from engine.games.dragonlords import legal
from engine.games.dragonlords.choices import bot
from engine.games.dragonlords.map.world import run_on
from engine.games.dragonlords.ruleset import DragonLords
from engine.pipeline import Engine
from store import MemoryStore
from tests.bot_question_checks import ShortcutCheck, played_with


class Checked(ShortcutCheck):
    """DragonLords' `bot_question`, and every kind's own listing compared with the whole one,
    where the moment lists kinds alone."""

    def __init__(self, rs):
        super().__init__(
            rs, lambda table, seat, path: run_on(table.game, bot.bot_question, table, seat, path)
        )
        self.kinds: set[str] = set()

    def also(self, table, seat):
        whole = run_on(table.game, legal.legal_offers, table, seat)
        for kind in {o.cmd["kind"] for o in whole} | {"no such kind"}:
            alone = run_on(table.game, legal.kind_offers, table, seat, kind)
            assert alone == [o for o in whole if o.cmd["kind"] == kind and o.size() > 0], kind
            self.kinds.add(kind)


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, "bq-2", {}),
        (3, "bq-3", {}),
        (4, "bq-4", {}),
        (4, "bq-elves2", {"races": "elf,dwarf,orc,barbarian"}),
        (4, "bq-short4", {"short_game": True}),
    ],
)
def test_the_shortcut_keeps_what_the_habits_keep(players, seed, options, monkeypatch):
    # The ruleset's own walk (`bot_walk`) draws the first question without asking `bot_question`;
    # taken away here, the tree's walk asks the stand-in at every decision.
    monkeypatch.setattr(DragonLords, "bot_walk", None)
    table, check = played_with("dragonlords", players, seed, options, Checked)
    assert table.over
    assert check.answered > check.asked // 3  # it answers for most turn decisions, not never
    assert {"buy", "attack", "move", "done"} <= check.kinds
    if seed == "bq-elves2":  # an elf army: sneak attacks, and a teleport
        assert {"sneak", "teleport", "scroll"} <= check.kinds


def test_no_shortcut_below_the_first_question_or_outside_a_turn_phase():
    eng = Engine(MemoryStore())
    eng.create("dragonlords", 2, "bq-none", game_id="g")
    rs, table = eng.ruleset("g"), eng.table("g")
    assert table.game.phase.startswith("setup")
    seat = rs.prompts(table)[0].seat
    assert rs.bot_question(table, seat, []) is None
    assert run_on(table.game, legal.kind_offers, table, seat, "place") is None  # listed whole
    assert run_on(table.game, legal.kind_offers, table, 1 - seat, "place") == []  # not prompted


def test_a_kind_not_open_now_is_refused_by_name():
    eng = Engine(MemoryStore())
    eng.create("dragonlords", 2, "bq-bad", game_id="g")
    rs, rng = eng.ruleset("g"), bot_rng("bq-bad")
    while eng.table("g").game.phase != "purchase":
        step(eng, "g", rng)
    table = eng.table("g")
    seat = rs.prompts(table)[0].seat
    with pytest.raises(choices.BadPath, match="no legal command"):
        choices.walk(rs, table, seat, [["kind", "attack"]], False)
    with pytest.raises(choices.BadPath, match="no legal command"):
        choices.walk(rs, table, 1 - seat, [["kind", "buy"]], False)


def test_a_part_read_in_part_goes_on_where_it_stopped():
    made = []

    def offers():
        for n in range(4):
            made.append(n)
            yield n

    tap = legal._Tap(offers())
    assert next(iter(tap)) == 0 and made == [0]  # the first reader stops at the first
    assert list(tap) == [0, 1, 2, 3] and made == [0, 1, 2, 3]  # the next goes on, nothing made twice
    assert list(tap) == [0, 1, 2, 3] and made == [0, 1, 2, 3]
