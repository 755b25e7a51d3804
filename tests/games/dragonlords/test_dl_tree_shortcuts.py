"""The DragonLords tree's shortcuts give the very questions of the general tree: the chips
question (choices/chips.py, no triple listed) equals the one grouped from every chips offer,
at every step, with and without words, at the chips decisions of seeded games."""

from __future__ import annotations

import random

import pytest

from bots import random_bot
from engine import choices as ch
from engine.games.dragonlords import choices as tree
from engine.pipeline import Engine
from store import MemoryStore


def _every_question(rs, t, seat, words):
    out, stack = [], [[]]
    while stack:
        path = stack.pop()
        q = ch.walk(rs, t, seat, path, words)
        out.append((path, q))
        stack += [o.expand for o in q.options if isinstance(o.expand, list)]
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_the_chips_question_is_the_general_one(players, monkeypatch):
    eng = Engine(MemoryStore())
    gid = eng.create("dragonlords", players, f"chips-{players}", game_id=f"chips-{players}")
    rng = random_bot.bot_rng(f"chips-{players}")
    met = 0
    for _ in range(400):
        t = eng.table(gid)
        if t.game.phase not in ("setup_kingdom", "setup_claim", "setup_extra", "setup_chips"):
            break
        if t.game.phase == "setup_chips":
            met += 1
            seat, rs = eng.prompts(gid)[0].seat, eng.ruleset(gid)
            for words in (False, True):
                fast = _every_question(rs, t, seat, words)
                with monkeypatch.context() as m:
                    m.setattr(tree, "_chips", lambda *_a: None)
                    assert [(p, ch.walk(rs, t, seat, p, words)) for p, _q in fast] == fast
            assert len(fast) > 1
        random_bot.step(eng, gid, rng)
    assert met >= players


def test_a_chips_path_naming_no_place_is_refused():
    eng = Engine(MemoryStore())
    gid = eng.create("dragonlords", 2, "chips-bad", game_id="chips-bad")
    rng = random.Random(1)
    while eng.table(gid).game.phase != "setup_chips":
        random_bot.step(eng, gid, rng)
    t, rs = eng.table(gid), eng.ruleset(gid)
    seat = eng.prompts(gid)[0].seat
    with pytest.raises(ch.BadPath):
        ch.walk(rs, t, seat, [["kind", "chips"], ["king", "nowhere"]], False)
