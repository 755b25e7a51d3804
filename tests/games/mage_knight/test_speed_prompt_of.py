"""legal.prompt_of (the seat's prompt read from the state's one list, which the questions and
the bot ask instead of copying the whole list) is the seat's prompt in legal.prompts, for every
seat at every decision of a seeded game."""

from __future__ import annotations

from bots.random_bot import play_out
from engine.games.mage_knight import legal
from engine.pipeline import Engine
from store import MemoryStore


def test_speed_prompt_of_is_the_seats_prompt_at_every_decision():
    eng = Engine(MemoryStore())
    gid = eng.create("mage-knight", 2, "p1", {"scenario": "blitz_conquest"}, game_id="g")
    played = eng.play_chosen
    asked = [0]

    def checked(game_id, seat, cmd):
        table = eng.table(game_id)
        for s in range(table.players):
            want = next((p for p in legal.prompts(table) if p.seat == s), None)
            assert legal.prompt_of(table, s) == want, (table.version, s)
        asked[0] += 1
        return played(game_id, seat, cmd)

    eng.play_chosen = checked  # type: ignore[method-assign]
    with eng.batch():
        play_out(eng, gid, "p1")
    table = eng.table(gid)
    assert table.over and asked[0] > 50
    assert legal.prompt_of(table, 0) is None and legal.prompt_of(table, 1) is None
