"""The fast paths of the "Speed" work behave exactly like the plain code they replaced.

Behaviour only, never timings: rebuilds from event 1 equal the live state (with an undo in the
log too), cached card reads cannot be changed through what they hand out, cached board reads
follow the table asked about, zone-move visibility matches its set formula for every pair of
zones, and the batch's command log lines still reach a capture.
"""

from __future__ import annotations

import gc
import itertools

import structlog

from bots.random_bot import bot_rng, decide, play_out
from engine.logs import configure
from engine.mechanics import zones
from engine.pipeline import Engine
from engine.table import Table, Zone
from projections.state import StateReader, encode
from store import EventStore


def _engine() -> Engine:
    return Engine(EventStore(":memory:"))


def test_rebuild_from_event_one_equals_the_live_state_for_every_ruleset():
    covered = set()
    for game, players in (("thunderstone", 4), ("duel", 3), ("epochs", 2), ("rune-age", 2)):
        eng = _engine()
        try:
            gid = eng.create(game, players, f"speed-{game}")
        except Exception:  # a ruleset with other player counts: its own tests cover it
            continue
        with eng.batch():
            play_out(eng, gid, f"speed-{game}")
        live = eng.table(gid)
        for snapshots in (False, True):
            again = StateReader(eng.store).state_at(gid, use_snapshots=snapshots)
            assert encode(again) == encode(live), (game, snapshots)
        middle = live.version // 2
        a = StateReader(eng.store).state_at(gid, middle, use_snapshots=False)
        assert a.version == middle
        covered.add(game)
    assert {"thunderstone", "duel"} <= covered


def test_rebuild_after_an_undo_lands_on_the_undone_state():
    eng = _engine()
    gid = eng.create("duel", 2, 3, analysis=True)
    mark = eng.store.version(gid)
    rng = bot_rng(3)
    for _ in range(4):
        decide(eng, gid, rng)
    eng.undo(gid, mark)
    decide(eng, gid, rng)
    live = eng.table(gid)
    again = StateReader(eng.store).state_at(gid, use_snapshots=False)
    assert encode(again) == encode(live)


def test_card_reads_hand_out_copies():
    from engine.games.thunderstone.battle import traits
    from engine.games.thunderstone.content import card, cards

    monster = next(c for c in cards().values() if c.all("trait"))
    cid = f"{monster.name}#1"
    assert card(cid) is cards()[monster.name] and card(cid) is card(cid)
    got = card(cid).all("trait")
    got.clear()
    assert card(cid).all("trait") == [a for a in monster.abilities if a.on == "trait"] != []
    tr = traits(monster)
    tr.clear()
    assert traits(monster) == {a.do: a for a in monster.abilities if a.on == "trait"}


def test_cached_board_reads_follow_the_table():
    from engine.games.thunderstone import places

    def table(stacks, boards):
        t = Table("g", "thunderstone", "1.0", 2, {}, "h")
        t.zones = {f"v:{s}": Zone([f"{s}#1"]) for s in stacks}
        for b in boards:
            for p in (1, 2, 3):
                t.zones[places.pos(p, b)] = Zone([])
        t.zones["pos0"] = Zone([])

        class G:
            pass

        t.game = G()
        t.game.boards = boards
        return t

    one, two = table(["A", "B"], [""]), table(["C"], ["", "b:"])
    assert places.village_stacks(one) == ["A", "B"]
    assert places.village_stacks(two) == ["C"]
    got = places.village_stacks(one)
    got.append("X")
    assert places.village_stacks(one) == ["A", "B"]
    assert [z for _, z in places.board_zones(one)] == ["pos0", "pos1", "pos2", "pos3"]
    assert [z for _, z in places.board_zones(two, "b:")] == ["pos0", "b:pos1", "b:pos2", "b:pos3"]
    two.zones["b:pos2"].cards.append("Monster#1")
    assert places.position_of(two, "Monster#1") == 2
    assert places.zone_of(two, "Monster#1") == "b:pos2"
    assert places.position_of(one, "Monster#1") is None


class _Ctx:
    def __init__(self, table):
        self.table, self.emitted = table, []

    def emit(self, type, data, rule, vis=None):
        self.emitted.append((data, vis))


def test_zone_move_visibility_matches_the_set_formula():
    kinds = [("public", None), ("owner", 0), ("owner", 1), ("hidden", None), ("owner", None)]
    for (va, oa), (vb, ob) in itertools.product(kinds, kinds):
        t = Table("g", "duel", "1.0", 2, {}, "h")
        t.zones = {"a": Zone(["x#1"], oa, va), "b": Zone([], ob, vb)}
        ctx = _Ctx(t)
        zones.move(ctx, "a", "b", ["x#1"], "R")
        data, vis = ctx.emitted[0]
        a, b = zones.seers(t, "a"), zones.seers(t, "b")
        want = None if a is None or b is None else sorted(set(a) | set(b))
        reveal = a is not None and (b is None or not set(b) <= set(a))
        assert vis == want and data.get("reveal", False) == reveal, (va, oa, vb, ob)


def test_a_whole_zone_moved_lands_as_card_by_card_and_a_missing_card_is_refused():
    from engine.table import CORE_FOLD

    for to, want in (("top", ["a#1", "a#2", "a#1", "z#9"]), ("bottom", ["z#9", "a#1", "a#2", "a#1"])):
        t = Table("g", "duel", "1.0", 2, {}, "h")
        t.zones = {"src": Zone(["a#1", "a#2", "a#1"]), "dst": Zone(["z#9"])}
        ctx = _Ctx(t)
        zones.move(ctx, "src", "dst", list(t.zones["src"].cards), "R", to=to)
        data, _ = ctx.emitted[0]
        assert data["cards"] == ["a#1", "a#2", "a#1"] and data["n"] == 3
        CORE_FOLD["zone.moved"](t, data)
        assert t.zones["src"].cards == [] and t.zones["dst"].cards == want
    t.zones = {"src": Zone(["a#1"]), "dst": Zone([])}
    try:
        zones.move(_Ctx(t), "src", "dst", ["a#2"], "R")
    except ValueError as exc:
        assert "a#2 is not in src" in str(exc)
    else:
        raise AssertionError("a card not in the zone was moved")


def test_batch_commands_still_log_and_the_freeze_keeps_collecting():
    configure("info", force=True)
    try:
        eng = _engine()
        gid = eng.create("duel", 2, 5)
        with structlog.testing.capture_logs() as logs, eng.batch():
            eng.submit(gid, 0, eng.legal(gid, 0)[0])
    finally:
        configure("warning", force=True)
    assert [e["event"] for e in logs] == ["command"] and logs[0]["game_id"] == gid
    assert gc.isenabled()

    class Cycle:
        pass

    c = Cycle()
    c.me = c
    del c
    assert gc.collect() >= 1  # garbage made after the freeze is still collected
