"""Hidden information (invariant 6): a seat's view shows its own hand, never another's hand or any
deck order; the dungeon deck's order is hidden from all; the seat's redacted log matches its view."""

from __future__ import annotations

from itertools import groupby

import pytest
from ts_helpers import Game

from bots.random_bot import bot_rng, step
from engine.games.thunderstone.content import cards
from projections.views import log_view, state_view
from sim.testing import new_game


def ids_in(value) -> set[str]:
    if isinstance(value, str):
        return {value} if "#" in value and value.split("#")[0] in cards() else set()
    if isinstance(value, dict):
        return set().union(*(ids_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(ids_in(v) for v in value)) if value else set()
    return set()


def midgame(seed: int, commands: int):
    eng, gid = new_game("thunderstone", 3, seed=seed, options={"setup": "random"})
    rng = bot_rng(seed)
    for _ in range(commands):
        if not step(eng, gid, rng):
            break
    return eng, gid


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ts_view_hides_other_hands_and_every_deck_order(seed):
    eng, gid = midgame(seed, 60)
    t, rs = eng.table(gid), eng.ruleset(gid)
    for seat in range(3):
        zones = state_view(rs, t, seat)["zones"]
        assert zones[f"hand{seat}"]["cards"] == t.zone(f"hand{seat}")
        for other in range(3):
            assert "cards" not in zones[f"deck{other}"]
            if other != seat:
                assert "cards" not in zones[f"hand{other}"] and "cards" not in zones[f"look{other}"]
        assert "cards" not in zones["dungeon"]
    assert all(
        e.vis == [] for e in eng.store.read(gid) if e.type == "zone.shuffled" and e.data["zone"] == "dungeon"
    )


def assert_log_matches_view(eng, gid: str, seat: int) -> None:
    """Every card the seat's log names is visible in its view now, or the log's last move of it
    went into a zone the seat cannot see (it knows where it went, not what happened since);
    and no decision or rule event names a card before the seat has seen it (no peeking)."""
    t, rs = eng.table(gid), eng.ruleset(gid)
    events = eng.store.read(gid)
    view = state_view(rs, t, seat)["zones"]
    visible = {c for z in view.values() for c in z.get("cards", [])}
    hidden_zones = {name for name, z in view.items() if "cards" not in z}
    seen: set[str] = set()
    last_move: dict[str, str] = {}
    for _, group in groupby(
        zip(events, log_view(rs, events, seat), strict=True), key=lambda p: p[0].command_id
    ):
        group = [ev for _, ev in group]  # a command commits whole: its reveals count together
        for ev in group:
            if ev["type"].startswith("zone."):
                seen |= ids_in(ev["data"])
                for c in ids_in(ev["data"]):
                    last_move[c] = ev["data"].get("dst", ev["data"].get("zone"))
        for ev in group:
            named = ids_in(ev["data"])
            assert ev["type"].startswith("zone.") or named <= seen, (seat, ev["type"], named - seen)
    for c in seen - visible:
        assert last_move[c] in hidden_zones, (seat, c, last_move[c])


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_ts_redacted_log_matches_view(seed):
    """Bots' mid-game logs: each seat's redacted log against its view."""
    eng, gid = midgame(seed, 120)
    for seat in range(3):
        assert_log_matches_view(eng, gid, seat)


def test_ts_looking_at_the_dungeon_stays_private():
    """The Kundschafter's look at the top 3 dungeon cards and their new order, and the
    Gestaltwandlung's look, reach only the active seat's log; decisions name slots, not cards."""
    g = Game(
        "a2_clarifications",
        seat0={"hand": ["Kundschafter", "Gestaltwandlung", "Miliz", "Fackel", "Dolch", "Miliz"]},
    )
    g.play("action", action="dungeon")
    g.use("play0", "Kundschafter", 1)
    for option in (2, 0):  # the last card goes back by itself
        g.play("choose", option=option)
    g.use("play0", "Gestaltwandlung", 0)
    g.play("choose", option="none")
    g.play("attack", monster=g.id("pos1", "Fabelwesen I"))
    for seat in (0, 1):
        assert_log_matches_view(g.eng, g.gid, seat)
    peeked = [
        e
        for e in g.eng.store.read(g.gid)
        if e.type == "zone.moved" and "look0" in (e.data["src"], e.data["dst"])
    ]
    assert peeked and all(e.vis == [0] for e in peeked)


def test_ts_coop_passed_card_seen_by_the_two_seats_only():
    """VAR-C: a card passed face down while resting is seen by the giver and the receiver only."""
    g = Game("coop_marching")
    g.play("action", action="rest")
    g.play("pass")
    g.play("choose", option=2)
    g.play("choose", seat=1, option="Miliz")
    gift = [e for e in g.eng.store.read(g.gid) if e.type == "zone.moved" and e.data["dst"] == "gift1"]
    assert gift and gift[0].vis == [0, 1]
    for seat in (0, 1):
        assert_log_matches_view(g.eng, g.gid, seat)
