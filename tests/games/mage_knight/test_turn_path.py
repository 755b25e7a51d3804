"""The turn's path is folded once, from the move events (Player.path), and both forced
withdrawal (MK:7:Move:7d, MK:11:EoT:2) and the retreat after a failed assault (MK:8:Combat:1a)
read it. Before the merge fix the path was also kept as a turn effect, and part 2 scenarios ran
a second withdrawal that ignored spaces made safe for the turn."""

from engine.context import Ctx
from engine.games.mage_knight import state
from engine.games.mage_knight.map.board import Space
from engine.games.mage_knight.map.rules import withdraw
from engine.games.mage_knight.scenarios.special_rules import retreat_after_assault
from engine.mechanics.zones import card_name
from sim.testing import from_situation, new_game
from tests.games.mage_knight.test_cards_advanced import HERE
from tests.games.mage_knight.test_cards_map_rules import LAKE, end_on_a_safe_lake


def _wounds(t, seat=0):
    return sum(1 for x in t.zone(state.hand(seat)) if card_name(x) == "wound")


def test_a_lake_made_safe_needs_no_withdrawal_in_a_part_2_scenario_MK_7_Move_7d():
    """Secret Ways makes lakes safe this turn: no scenario's end of turn withdraws from one."""

    def edit(g):
        g["seat"][0].update(hand=["march"], tokens=["blue"], move=1)

    eng, gid = from_situation(HERE / "cards_village.toml", options={"scenario": "solo_conquest"}, edit=edit)
    sp = eng.table(gid).game.board.spaces[LAKE]
    sp.terrain, sp.site = "lake", ""  # test set-up: this scenario's map has a keep there
    end_on_a_safe_lake(eng, gid)


def _board(sid):
    eng, gid = new_game("mage-knight", 2, seed=1, options={"scenario": sid})
    t = eng.table(gid)
    ctx = Ctx(eng.ruleset(gid), t, "test-1", "test:1", None, 10_000)
    g = t.game
    for q in range(30, 34):
        g.board.spaces[f"{q},0"] = Space(q=q, r=0, terrain="plains", tile="x")
    g.board.spaces["30,0"].site = "keep"
    ctx.emit("mk.turn", {"seat": 0, "pos": 0, "hand_was_empty": False}, rule="MK:6:Turn:2")
    ctx.emit("mk.placed", {"seat": 0, "pos": "33,0"}, rule="MK:10:City:2")
    ctx.emit("mk.placed", {"seat": 1, "pos": "0,0"}, rule="MK:10:City:2")
    return t, ctx


def test_withdrawal_follows_the_path_folded_from_the_move_events_MK_11_EoT_2():
    t, ctx = _board("full_conquest")
    for to in ("32,0", "31,0"):
        ctx.emit("mk.moved", {"seat": 0, "to": to, "cost": 0}, rule="MK:7:Move:3")
    assert t.game.players[0].path == ["33,0", "32,0"]
    ctx.emit("mk.placed", {"seat": 1, "pos": "31,0"}, rule="MK:10:City:2")
    w = _wounds(t)
    withdraw(ctx, t, 0)
    assert t.game.players[0].pos == "32,0" and _wounds(t) == w + 1
    withdraw(ctx, t, 0)  # safe now: nothing more
    assert t.game.players[0].pos == "32,0" and _wounds(t) == w + 1


def test_a_failed_assault_retreats_along_the_path_then_withdraws_further_MK_8_Combat_1a():
    """Retreat to the space the assault came from; another hero stands there, so the end of turn
    withdraws one more space back, one wound (the retreat itself costs none)."""
    t, ctx = _board("full_conquest")
    for to in ("32,0", "31,0", "30,0"):
        ctx.emit("mk.moved", {"seat": 0, "to": to, "cost": 0}, rule="MK:7:Move:3")
    ctx.emit("mk.placed", {"seat": 1, "pos": "31,0"}, rule="MK:10:City:2")
    retreat_after_assault(ctx, t, 0, "30,0")
    assert t.game.players[0].pos == "31,0"
    w = _wounds(t)
    withdraw(ctx, t, 0)
    assert t.game.players[0].pos == "32,0" and _wounds(t) == w + 1


def test_no_safe_space_on_the_path_ends_at_its_start_MK_7_Move_7d():
    t, ctx = _board("full_conquest")
    ctx.emit("mk.moved", {"seat": 0, "to": "32,0", "cost": 0}, rule="MK:7:Move:3")
    ctx.emit("mk.moved", {"seat": 0, "to": "31,0", "cost": 0}, rule="MK:7:Move:3")
    for s in ("33,0", "32,0", "31,0"):
        t.game.board.spaces[s].terrain = "lake"  # test set-up: nothing on the path is safe
    w = _wounds(t)
    withdraw(ctx, t, 0)
    assert t.game.players[0].pos == "33,0" and _wounds(t) == w + 2
