"""Player against player combat played on the table (MK:12:PvP:1 to MK:13:PvPResult)."""

from pathlib import Path

from engine.games.mage_knight import state
from engine.mechanics.zones import card_name
from sim.testing import from_situation, new_game, play

SIT = Path(__file__).parent / "situations"


def _legal(rs, t, seat, kind, **match):
    return [
        c
        for c in rs.legal_commands(t, seat)
        if c["kind"] == kind and all(c.get(k) == v for k, v in match.items())
    ]


def test_pvp_from_the_step_to_the_draw_MK_12_PvP_1_MK_13_PvPMelee_1c_MK_13_PvPResult():
    eng, gid = from_situation(SIT / "part2_pvp.toml")
    t = eng.table(gid)
    rs = eng.ruleset(gid)
    g = t.game
    play(eng, gid, 0, {"kind": "move", "to": "1,-2"})  # onto seat 1's space
    kinds = {c["kind"] for c in rs.legal_commands(t, 0)}
    assert {"kind": "pvp", "target": 1} in rs.legal_commands(t, 0) and "end_turn" not in kinds
    play(eng, gid, 0, {"kind": "pvp", "target": 1})
    assert [p.seat for p in rs.prompts(t)] == [1]  # the defender commits
    assert {c["mode"] for c in _legal(rs, t, 1, "pvp_commit")} == {"partial", "full"}
    play(eng, gid, 1, {"kind": "pvp_commit", "mode": "full"})
    assert g.face_down == [1] and g.pvp["phase"] == "ranged" and g.pvp["attacker"] == 1
    # ranged phase: nobody has a ranged attack, no sideways cards: both pass (MK:12:PvPRanged:2)
    assert [c["kind"] for c in rs.legal_commands(t, 1) if c["kind"].startswith("pvp")] == ["pvp_pass"]
    assert not _legal(rs, t, 1, "play", mode="sideways")
    play(eng, gid, 1, {"kind": "pvp_pass"})
    play(eng, gid, 0, {"kind": "pvp_pass"})
    assert g.pvp["phase"] == "melee" and g.pvp["attacker"] == 0 and g.combat.phase == "attack"
    # melee: Rage's attack 2 plus March sideways (Attack 1) is one physical attack of 3
    play(eng, gid, 0, _legal(rs, t, 0, "play", card="rage", mode="basic")[0])
    play(eng, gid, 0, _legal(rs, t, 0, "play", card="march", mode="sideways")[0])
    assert g.pvp["sideways"]
    play(eng, gid, 0, {"kind": "pvp_attack"})
    assert g.pvp["attack"] == 3 and g.pvp["elements"] == ["physical"] and g.active == 1
    wounds = sum(1 for c in t.zone(state.hand(1)) if card_name(c) == "wound")
    play(eng, gid, 1, {"kind": "pvp_block"})  # no block played: 3 remain
    assert g.pvp["remaining"] == 3 and g.active == 0
    assert {c["to"] for c in _legal(rs, t, 0, "pvp_damage")} >= {"lapse", "hero"}
    play(eng, gid, 0, {"kind": "pvp_damage", "to": "hero"})  # armour 2: 1 wound, 1 point left over
    assert sum(1 for c in t.zone(state.hand(1)) if card_name(c) == "wound") == wounds + 1
    assert g.pvp["attacker"] == 1 and g.pvp["step"] == "attack"  # the rest lapsed: next exchange
    play(eng, gid, 1, {"kind": "pvp_pass"})
    play(eng, gid, 0, {"kind": "pvp_pass"})  # two passes in the melee: a draw
    assert g.pvp == {} and g.combat is None and g.active == 0
    assert g.players[0].pos == "2,-3"  # the aggressor goes back
    from engine.games.mage_knight.turn.flow import hand_limit

    assert len(t.zone(state.hand(1))) >= min(
        hand_limit(t, 1), len(t.zone(state.hand(1))) + len(t.zone(state.deck(1)))
    )
    play(eng, gid, 0, _legal(rs, t, 0, "end_turn")[0])
    evs = eng.store.read(gid)
    assert any(e.type == "mk.face_up" and e.data["seat"] == 1 for e in evs)  # its next turn skipped


def test_no_pvp_in_first_reconnaissance_co_op_or_be_nice_MK_12_PvP_1():
    from engine.games.mage_knight.players.pvp_turn import allowed

    for sid, players, variants in (
        ("first_reconnaissance", 2, ""),
        ("full_cooperative", 2, ""),
        ("full_conquest", 2, "be_nice"),
        ("full_conquest", 2, ""),
    ):
        eng, gid = new_game("mage-knight", players, seed=1, options={"scenario": sid, "variants": variants})
        assert allowed(eng.table(gid)) == (sid == "full_conquest" and not variants)


def test_forced_retreat_wins_fame_by_the_levels_MK_13_PvPResult():
    from engine.context import Ctx
    from engine.games.mage_knight.players import pvp_turn

    eng, gid = from_situation(SIT / "part2_pvp.toml")
    t = eng.table(gid)
    g = t.game
    play(eng, gid, 0, {"kind": "move", "to": "1,-2"})
    play(eng, gid, 0, {"kind": "pvp", "target": 1})
    play(eng, gid, 1, {"kind": "pvp_commit", "mode": "partial"})
    play(eng, gid, 1, {"kind": "pvp_pass"})
    play(eng, gid, 0, {"kind": "pvp_pass"})  # melee: seat 0 attacks seat 1
    assert g.face_down == [] and g.pvp["attacker"] == 0
    ctx = Ctx(eng.ruleset(gid), t, "test", "test:1", None, 10_000)
    ctx.emit("mk.fame", {"seat": 1, "delta": 9, "total": 9}, rule="MK:10:Result:1")
    spaces = pvp_turn.retreat_spaces(t, 1)
    assert spaces and all(k != "1,-2" for k, _ in spaces)
    fame = g.players[0].fame
    pvp_turn.assign(ctx, t, 0, {"to": f"retreat:{spaces[0][0]}"})
    assert g.players[1].pos == spaces[0][0] and g.pvp == {}
    assert g.players[0].fame == fame + 1  # the loser had more fame, same level


def test_a_partly_committed_defender_takes_no_source_die_MK_12_PvP_3():
    from engine.games.mage_knight.players.pvp_turn import partial_limits

    eng, gid = from_situation(SIT / "part2_pvp.toml")
    t = eng.table(gid)
    play(eng, gid, 0, {"kind": "move", "to": "1,-2"})
    play(eng, gid, 0, {"kind": "pvp", "target": 1})
    play(eng, gid, 1, {"kind": "pvp_commit", "mode": "partial"})
    cmds = [
        {"kind": "play", "card": "rage", "mode": "powered", "option": 0, "pay": "die:0"},
        {"kind": "play", "card": "rage", "mode": "basic", "option": 0, "pay": ""},
        {"kind": "skill", "skill": "x", "option": 0},
    ]
    assert partial_limits(t, 1, cmds) == [cmds[1]]
    assert partial_limits(t, 0, cmds) == cmds  # the aggressor is not limited
    legal = eng.ruleset(gid).legal_commands(t, 1)
    assert not [c for c in legal if "die:" in (c.get("pay") or "")]
