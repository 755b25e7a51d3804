"""Invariant 6 on the core's mechanics: views and redacted logs hide hands and deck orders."""

from projections.views import state_view
from sim.testing import assert_log_leaks_nothing, run_bots


def test_views_hide_other_hands_and_every_deck_order(eng):
    gid = eng.create("duel", 3, 12)
    eng.submit(gid, 0, eng.legal(gid, 0)[0])
    t = eng.table(gid)
    rs = eng.ruleset(gid)
    for seat in (0, 1, 2, None):
        zones = state_view(rs, t, seat)["zones"]
        for name, z in zones.items():
            if name.endswith(".deck"):
                assert "cards" not in z and z["n"] == len(t.zone(name))
            if name.endswith(".hand"):
                assert ("cards" in z) == (seat is not None and name == f"p{seat}.hand")


def test_redacted_log_leaks_nothing_the_view_hides(eng):
    gid = eng.create("duel", 3, 13)
    run_bots(eng, gid, 13)
    for seat in range(3):
        assert assert_log_leaks_nothing(eng, gid, seat) > 20


def test_the_leak_check_catches_a_leak(eng, monkeypatch):
    """The check above must be able to fail: make every event public and it must complain."""
    import pytest

    from engine.context import Ctx

    emit = Ctx.emit

    def public(self, type_, data, rule, vis=None, *rest, **kw):  # every event shown to all
        return emit(self, type_, data, rule, None, *rest, **kw)

    monkeypatch.setattr(Ctx, "emit", public)
    gid = eng.create("duel", 2, 14)
    run_bots(eng, gid, 14)
    with pytest.raises(AssertionError, match="shows seat"):
        assert_log_leaks_nothing(eng, gid, 1)


def test_a_secret_decision_is_redacted_for_the_other_seats(eng, monkeypatch):
    from engine import registry

    rs = registry.get("duel")
    monkeypatch.setattr(type(rs), "command_vis", lambda self, t, seat, cmd: [seat])
    gid = eng.create("duel", 2, 21)
    card = eng.legal(gid, 0)[0]
    decision = eng.submit(gid, 0, card)[0]
    assert decision.vis == [0]
    from projections.views import event_view

    assert event_view(rs, decision, 1)["data"] == {} and event_view(rs, decision, 0)["data"] == card


def test_added_cards_enter_a_zone_with_its_visibility(eng):
    """zones.add mints cards into an existing zone (an unlimited supply)."""
    from engine.context import Ctx
    from engine.mechanics import zones

    gid = eng.create("duel", 2, 3)
    t = eng.table(gid)
    ctx = Ctx(eng.ruleset(gid), t, "s", "c", None, 10)
    zones.add(ctx, "p1.hand", ["Jab#9"], "DU-SETUP", to="bottom")
    zones.add(ctx, "p0.discard", ["Jab#10"], "DU-SETUP")
    assert t.zone("p1.hand")[-1] == "Jab#9" and t.zone("p0.discard")[0] == "Jab#10"
    assert [e.vis for e in ctx.events] == [[1], None]


def test_the_leak_check_folds_forward_to_the_same_views_as_state_at(eng):
    """The leak check folds one event at a time instead of rebuilding each version: at every
    version (and when asked out of order, as after an undo) it must see what state_at shows."""
    from sim.testing import _SeenAt, _strings

    gid = eng.create("duel", 3, 15)
    run_bots(eng, gid, 15)
    rs = eng.ruleset(gid)
    head = eng.store.version(gid)
    seen = _SeenAt(eng, gid, 1)
    for v in [*range(1, head + 1), 3, head]:
        assert seen.at(v) == _strings(state_view(rs, eng.reader.state_at(gid, v), 1)), v
