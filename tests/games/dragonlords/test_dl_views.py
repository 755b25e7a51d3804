"""Hidden information as at the table (§2.3/placement, §3.3/treasures, §3.4/scrolls), checked on
views and on the redacted logs of bot games: which unit carries the King, a Wizard, the decoy or
a treasure, a wizard's spells, the face-down treasures and the scroll hands stay secret."""

import pytest

from bots.random_bot import play_out
from projections.views import log_view
from sim.testing import assert_log_leaks_nothing, engine

SECRET_ROLES = ("king", "wizard", "decoy")


def _game(players, seed):
    eng = engine()
    gid = eng.create("dragonlords", players, seed)
    play_out(eng, gid, seed)
    return eng, gid


@pytest.mark.parametrize("players,seed", [(2, 31), (4, 32), (3, 33)])
def test_redacted_logs_hide_chips_spells_and_treasures(players, seed):
    eng, gid = _game(players, seed)
    rs = eng.ruleset(gid)
    events = eng.store.read(gid)
    armies = eng.table(gid).game.armies
    born = {e.data["id"]: e.data["army"] for e in events if e.type == "dl.hero_new"}
    for seat in range(players):
        assert assert_log_leaks_nothing(eng, gid, seat) > 20  # scroll cards in hand
        mine = {i for i, a in enumerate(armies) if a.seat == seat}
        secret = [
            e
            for e in events
            if e.type == "dl.hero_new" and e.data["army"] not in mine and e.data.get("role") in SECRET_ROLES
        ]
        assert len(secret) >= 3 * (len(armies) - len(mine))  # the check below has work to do
        for ev in log_view(rs, events, seat):
            d = ev["data"]
            if ev["type"] == "dl.hero_new" and d.get("army") not in mine:
                assert d.get("role", "dragonlord") not in SECRET_ROLES and "spells" not in d, ev
                assert "treasures" not in d or not d["treasures"] or d.get("role") == "dragonlord", ev
            if ev["type"] == "dl.hero" and born.get(d.get("id")) not in mine and "set" in d:
                assert d["set"].get("role") in (None, "dragonlord") and "spells" not in d["set"], ev
            if ev["type"] == "dl.treasure_pool" and d:
                assert ev.get("vis") is None or seat in (ev.get("vis") or []), ev
            if ev["type"] == "cmd.chips" and ev.get("actor") not in (seat,):
                assert set(d) <= {"kind", "places"}, ev


def test_game_view_hides_other_armies_chips_and_the_treasure_pool():
    eng, gid = _game(4, 34)
    t = eng.table(gid)
    rs = eng.ruleset(gid)
    for seat in range(4):
        v = rs.game_view(t, seat)
        assert isinstance(v["treasure_pool"], int)
        for h, x in t.game.heroes.items():
            if t.game.armies[x.army].seat == seat:
                assert v["heroes"][h]["role"] == x.role and v["heroes"][h]["spells"] == x.spells
            else:
                assert v["heroes"][h]["role"] in ("chip", "dragonlord")
                assert "spells" not in v["heroes"][h] and "treasures" not in v["heroes"][h]


def test_chip_placement_is_a_secret_decision_DL_2_3_placement():
    from bots.random_bot import bot_rng, step

    eng = engine()
    gid = eng.create("dragonlords", 2, 35)
    rng = bot_rng(35)
    while eng.table(gid).game.phase != "setup_chips":
        step(eng, gid, rng)
    seat = eng.table(gid).game.armies[eng.table(gid).game.active].seat
    decision = eng.submit(gid, seat, eng.legal(gid, seat)[0])[0]
    assert decision.vis == [seat]
    from projections.views import event_view

    other = event_view(eng.ruleset(gid), decision, 1 - seat)["data"]
    assert "king" not in other and "wizard" not in other and len(other["places"]) == 3


def test_clairvoyance_shows_the_hand_only_to_its_caster_DL_3_4_scrolls_clairvoyance():
    from dl_helpers import events, sit, submit

    def edit(g):
        g["scrolls"] = [["clairvoyance"], ["reflect", "berserk"]]

    eng, gid = sit("e07_reflect", edit=edit)
    submit(eng, gid, 0, {"kind": "scroll", "card": "clairvoyance", "caster": "H1", "at": "scrolls:1"})
    seen = events(eng, gid, "dl.seen")[-1]
    assert seen.vis == [0] and seen.data["cards"] == ["berserk", "reflect"]
    from projections.views import event_view

    assert event_view(eng.ruleset(gid), seen, 1)["data"] == {}


def _treasure_fight(options=None):
    from dl_helpers import treasure_fight

    return treasure_fight(options)


def test_a_dead_units_chip_and_a_captured_treasure_stay_face_down_CHIP_DEATH_CAPTURED_TREASURE():
    eng, gid = _treasure_fight()
    g = eng.table(gid).game
    assert "excalibur" in g.heroes["H8"].treasures  # the winner's chip-bearer took it
    evs = eng.store.read(gid)
    gone = next(e for e in evs if e.type == "dl.hero_gone" and e.data["id"] == "H1")
    assert "role" not in gone.data  # a wizard's chip goes back face down
    taken = next(
        e for e in evs if e.type == "dl.hero" and e.data["id"] == "H8" and "treasures" in e.data["set"]
    )
    assert taken.vis == [0, 1]  # winner and loser know which treasure
    third = [
        ev
        for ev in log_view(eng.ruleset(gid), evs, 2)
        if ev["type"] == "dl.hero" and ev["data"].get("id") == "H8"
    ]
    assert third and all("treasures" not in str(ev["data"]) for ev in third)


def test_readings_shown_turn_the_chip_and_the_treasure_up():
    eng, gid = _treasure_fight({"reading.CHIP-DEATH": "shown", "reading.CAPTURED-TREASURE": "shown"})
    evs = eng.store.read(gid)
    assert next(e for e in evs if e.type == "dl.hero_gone" and e.data["id"] == "H1").data["role"] == "wizard"
    assert (
        next(
            e for e in evs if e.type == "dl.hero" and e.data["id"] == "H8" and "treasures" in e.data["set"]
        ).vis
        is None
    )
