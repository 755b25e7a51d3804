"""DragonLords' choice tree (issue 27): over seeded games walked the way a random bot walks the
tree (uniform at each question, the game's bot_options), every decision checked at the start
and some later ones: the tree reaches exactly the legal commands, each accepted by the engine,
in words, no question above 25 options (tests/choice_checks.py); the first question is built
without the full legal_commands."""

from __future__ import annotations

import random

import pytest

from engine import choices as ch
from engine.games.dragonlords import legal
from engine.pipeline import Engine
from store import MemoryStore
from tests.choice_checks import LIMIT, check_agrees, check_question

# bench/scenarios.py CASES: two players with two races each, four players, the short game
CASES = [(2, {}), (4, {}), (4, {"short_game": True})]


def walk_play(eng: Engine, gid: str, seat: int, rng: random.Random) -> None:
    """One decision as a random bot makes it: uniform per question over bot_options."""
    rs, t = eng.ruleset(gid), eng.table(gid)
    path: list = []
    while True:
        q = ch.walk(rs, t, seat, path, False)
        assert q.options and len(q.options) <= LIMIT
        o = rng.choice(rs.bot_options(t, seat, path, q.options) or q.options)
        if o.command is not None:
            eng.submit(gid, seat, o.command)
            return
        path = o.expand


@pytest.mark.parametrize(("players", "options"), CASES)
def test_the_tree_agrees_with_the_legal_commands(players, options, monkeypatch):
    eng = Engine(MemoryStore())
    gid = f"dl-tree-{players}-{len(options)}"
    eng.create("dragonlords", players, f"tree-{players}-{len(options)}", options, game_id=gid)
    rng = random.Random(players * 7 + len(options))
    checked, kinds = 0, set()
    for i in range(700):
        t = eng.table(gid)
        if t.over:
            break
        seat = eng.prompts(gid)[0].seat
        if i < 80 or i % 23 == 0:
            check_agrees(eng, gid, seat)
            checked += 1
            with monkeypatch.context() as m:  # the first question lists no complete command
                m.setattr(legal, "legal_commands", _refuse)
                first = ch.walk(eng.ruleset(gid), t, seat, [], True)
            check_question(first)
            kinds |= {ch.kind_of(o) for o in first.options}
            assert all(ch.kind_of(o) for o in first.options), "each first option leads to one kind"
        walk_play(eng, gid, seat, rng)
    assert checked >= 80
    assert "place" in kinds and len(kinds) >= 4  # set-up placements and later phases were met


def _refuse(*_a, **_k):
    raise AssertionError("the first question called legal_commands")


def test_a_count_above_25_is_asked_in_ranges_of_ten():
    """The set-up gold (DL:2.3.3): every amount reachable, no question above 25 options."""
    eng = Engine(MemoryStore())
    eng.create("dragonlords", 4, "tree-gold", {}, game_id="g")
    rng = random.Random(3)
    while eng.table("g").game.phase != "setup_gold":
        walk_play(eng, "g", eng.prompts("g")[0].seat, rng)
    t, rs = eng.table("g"), eng.ruleset("g")
    seat = eng.prompts("g")[0].seat
    gold = t.game.treasury[str(t.game.active)]
    assert gold > LIMIT
    first = ch.walk(rs, t, seat, [], True)
    step = first.options[0]
    counts = ch.walk(rs, t, seat, step.expand, True) if step.expand else None
    assert counts is not None and counts.question == "How many?"
    assert counts.options[0].label == "1 to 10 gold …"
    found = sorted(
        c["n"]
        for o in counts.options
        for c in ch.leaves(ch.walk(rs, t, seat, o.expand, True), lambda p: ch.walk(rs, t, seat, p, True))
    )
    assert found == list(range(1, gold + 1))
    assert (
        ch.walk(rs, t, seat, counts.options[1].expand, True)
        .options[0]
        .label.startswith("Store 11 gold in the ")
    )


def test_a_stale_path_is_refused():
    eng = Engine(MemoryStore())
    eng.create("dragonlords", 2, "tree-stale", {}, game_id="s")
    t, rs = eng.table("s"), eng.ruleset("s")
    seat = eng.prompts("s")[0].seat
    with pytest.raises(ch.BadPath):
        rs.question(t, seat, [["kind", "attack"]])
    with pytest.raises(ch.BadPath):
        rs.question(t, seat, [["kind", "place"], ["to", "nowhere"]])
