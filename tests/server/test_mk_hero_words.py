"""Mage Knight heroes named in words (issue 28, item 5): the log names each seat with its hero
where it says whose turn, tactic or score it is ("Seat 2 (Braevalar)'s turn."), as DragonLords
names its armies, and the heroes drawn and dealt by their names, never their ids."""

from bots.random_bot import bot_rng, decide
from engine.pipeline import Engine
from projections.views import log_view
from server.words import worded


def test_the_log_names_seats_with_their_heroes():
    eng = Engine(":memory:")
    gid = eng.create("mage-knight", 2, seed=4)
    rng = bot_rng("heroes")
    for _ in range(12):
        decide(eng, gid, rng)
    rs, t = eng.ruleset(gid), eng.table(gid)
    heroes = [p.hero for p in t.game.players]
    events = worded(rs, t, log_view(rs, eng.store.read(gid), None))
    texts = {e["type"]: e["text"] for e in events}
    named = [f"Seat {s + 1} ({h.title()})" for s, h in enumerate(heroes)]
    assert any(texts["mk.turn"].startswith(n) for n in named), texts["mk.turn"]
    assert any(texts["mk.tactic"].startswith(n) for n in named), texts["mk.tactic"]
    setup = texts["mk.setup"]
    assert all(f"Seat {s + 1} plays {h.title()}" in setup for s, h in enumerate(heroes)), setup
    drawn = next(e["text"] for e in events if str(e["data"].get("stream", "")).endswith("heroes"))
    assert all(h.title() in drawn and h not in drawn for h in heroes), drawn  # never the id "arythea"


def test_the_cli_prompts_name_the_seat_with_its_hero(tmp_path, capsys):
    from cli.main import main

    db = str(tmp_path / "m.db")
    assert main(["new", "mage-knight", "--players", "2", "--seed", "4", "--db", db]) == 0
    gid = capsys.readouterr().out.strip().splitlines()[-1]
    eng = Engine(db)
    seat = eng.prompts(gid)[0].seat
    hero = eng.table(gid).game.players[seat].hero.title()
    assert main(["prompts", gid, "--db", db]) == 0
    assert f"({hero})" in capsys.readouterr().out
