"""DragonLords in words: zones explained, the log's sentences for battles (each die, the
strength with its modifiers, the hits), the end, secret chips told only to their owner, the
plain state without a made-up seat, and previews of a purchase and an attack."""

from __future__ import annotations

import io
import os
from contextlib import redirect_stdout

from cli.main import main
from engine import registry
from projections.views import log_view
from sim.testing import new_game, run_bots

RS = registry.get("dragonlords")


def played(seed=1):
    eng, gid = new_game("dragonlords", 2, seed)
    run_bots(eng, gid, seed)
    return eng, gid


def test_scroll_hands_name_their_army_not_a_number():
    """DL:5.1/two-player: army n belongs to seat n mod 2, so a label without the game names the
    army by its place (the zone's owner shows the seat); never "army 3" or a seat past the last."""
    assert RS.zone_label("scrolls:0") == "the first army's scroll hand"
    assert RS.zone_label("scrolls:2") == "the third army's scroll hand"
    assert RS.zone_label("ship:S13") == "units aboard a ship"


def test_a_battle_round_tells_each_die_the_strength_and_the_hits():
    """DL:3.4/land.3: "strength 4, +1 Hope (DL:3.4/spells.hope) = 5" and each face, hits marked."""
    eng, gid = played()
    t = eng.table(gid)
    rounds = [e for e in log_view(RS, eng.store.read(gid), None) if e["type"] == "dl.round"]
    assert any(e["data"]["defender"] and e["data"]["defender"]["strength"]["modifiers"] for e in rounds)
    for ev in rounds:
        text = RS.describe(t, ev)
        assert text.startswith(f"Battle round {ev['data']['round']} at ")
        for side in ("attacker", "defender"):
            s = ev["data"][side]
            if not s:
                assert f"the {side} does not strike back" in text
                continue
            st = s["strength"]
            mods = "".join(f", {m['delta']:+d} {m['source']} ({m['rule']})" for m in st["modifiers"])
            assert f"(strength {st['base']}{mods} = {st['value']})" in text
            hits = f"{s['hits']} hit" + ("" if s["hits"] == 1 else "s")
            assert hits in text
            assert all(str(d["face"]) in text for d in s["dice"])


def test_the_end_names_each_seats_kingdoms_and_territories():
    eng, gid = played()
    over = next(e for e in eng.store.read(gid) if e.type == "game.over")
    text = RS.describe(eng.table(gid), {"type": "game.over", "actor": None, "data": over.data})
    for seat, sc in over.data["scores"].items():
        assert f"Seat {int(seat) + 1} {sc['kingdoms']} kingdoms and {sc['territories']} territories" in text


def test_the_chips_are_told_only_to_their_owner():
    """DL:2.3/placement: the King, Wizard and decoy are hidden; others read three chips' places."""
    eng, gid = played()
    stored = eng.store.read(gid)
    t = eng.table(gid)
    chips = next(i for i, e in enumerate(stored) if e.type == "cmd.chips")
    owner = stored[chips].actor
    mine = RS.describe(t, log_view(RS, stored, owner)[chips])
    theirs = RS.describe(t, log_view(RS, stored, 1 - owner)[chips])
    assert "the King in" in mine
    assert "King" not in theirs and "three gold chips" in theirs


def test_plain_state_says_none_for_no_winner(tmp_path):
    db = str(tmp_path / "w.db")
    from engine.pipeline import Engine
    from store import EventStore

    eng = Engine(EventStore(db))
    gid = eng.create("dragonlords", 2, 5)
    eng.store.close()
    buf, old = io.StringIO(), os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "200"
    try:
        with redirect_stdout(buf):
            assert main(["state", gid, "--db", db]) == 0
    finally:
        os.environ.pop("COLUMNS") if old is None else os.environ.__setitem__("COLUMNS", old)
    row = next(x for x in buf.getvalue().splitlines() if x.startswith("│ winner "))
    assert row.split("│")[2].strip() == "none", "winner -1 is no seat, not 'Seat 0'"


def test_previews_price_a_purchase_and_count_an_attack():
    from bots.random_bot import bot_rng, decide

    eng, gid = new_game("dragonlords", 2, 2)
    rng, seen = bot_rng(2), set()
    for _ in range(600):
        prompts = eng.prompts(gid)
        if not prompts or seen >= {"buy", "attack"}:
            break
        t = eng.table(gid)
        seat = prompts[0].seat
        for cmd in eng.legal(gid, seat):
            text = RS.preview(t, seat, cmd)
            if cmd["kind"] == "buy":
                assert text.startswith("costs ") and "gold in the kingdoms held" in text
                seen.add("buy")
            if cmd["kind"] == "attack":
                assert f"holding {cmd['target']}" in text
                seen.add("attack")
        decide(eng, gid, rng)
    assert seen >= {"buy"}, seen
