"""The prompts are kept per state (legal._prompts), read by `asked` at every decision; each
caller of `prompts` gets its own list, so changing one changes nothing kept."""

from __future__ import annotations

from engine.games.rune_age import legal
from engine.pipeline import Engine
from store import MemoryStore


def test_prompts_hand_out_a_copy_and_asked_agrees():
    eng = Engine(MemoryStore())
    eng.create("rune-age", 3, "pr-3", {}, game_id="g")
    table = eng.table("g")
    got = legal.prompts(table)
    assert got and [legal.asked(table, s) for s in range(3)] == [s == got[0].seat for s in range(3)]
    got.clear()
    assert legal.prompts(table) and legal.asked(table, eng.prompts("g")[0].seat)
