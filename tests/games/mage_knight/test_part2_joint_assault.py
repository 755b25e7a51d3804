"""The cooperative city assault (MK:13:Coop:2-8): proposal, agreement, the deal, one fight per
participant against its own defenders, retreat without conquest, the forfeited next turns."""

from pathlib import Path

from engine.games.mage_knight import state
from sim.testing import from_situation, play

SIT = Path(__file__).parent / "situations"


def _to_the_city():
    eng, gid = from_situation(SIT / "part2_joint_assault.toml")
    t = eng.table(gid)
    play(eng, gid, 0, {"kind": "explore", "at": "4,-5"})
    play(eng, gid, 0, {"kind": "move", "to": "3,-4"})
    return eng, gid, t, eng.ruleset(gid)


def _end_fight(eng, gid, t, rs, seat):
    for _ in range(80):
        if t.game.combat is None or t.game.active != seat:
            return
        cmd = next(c for c in rs.legal_commands(t, seat) if c["kind"] in ("next", "assign"))
        play(eng, gid, seat, cmd)
    raise AssertionError("the fight did not end")


def test_proposals_split_the_whole_garrison_at_least_one_each_MK_13_Coop_3():
    _eng, _gid, t, rs = _to_the_city()
    [city] = t.game.cities
    props = [c["shares"] for c in rs.legal_commands(t, 0) if c["kind"] == "joint_assault"]
    n = len(city.garrison)
    assert props and all(sum(int(x.split(":")[1]) for x in p.split(",")) == n for p in props)
    assert all(p.startswith("0:") and ",1:" in p for p in props)
    assert len(props) == n - 1


def test_a_refusal_ends_the_proposal_and_the_turn_goes_on_MK_13_Coop_3():
    eng, gid, t, rs = _to_the_city()
    shares = next(c["shares"] for c in rs.legal_commands(t, 0) if c["kind"] == "joint_assault")
    play(eng, gid, 0, {"kind": "joint_assault", "shares": shares})
    assert [p.seat for p in rs.prompts(t)] == [1] and rs.legal_commands(t, 0) == []
    play(eng, gid, 1, {"kind": "joint_answer", "agree": False})
    assert t.game.joint == {} and [p.seat for p in rs.prompts(t)] == [0]
    assert not t.game.players[0].acted and t.game.face_down == []


def test_joint_assault_each_fights_its_own_defenders_then_all_retreat_MK_13_Coop_5_to_8():
    eng, gid, t, rs = _to_the_city()
    g = t.game
    [city] = g.cities
    garrison = sorted(city.garrison)
    play(eng, gid, 0, {"kind": "joint_assault", "shares": f"0:1,1:{len(garrison) - 1}"})
    play(eng, gid, 1, {"kind": "joint_answer", "agree": True})
    assert g.face_down == [0, 1] and g.players[0].acted  # MK:13:Coop:4
    assert g.joint["dealt"] == {"0": 1, "1": len(garrison) - 1}  # MK:13:Coop:5: counts only
    from projections.views import log_view

    shuffles = [
        e
        for e in log_view(rs, eng.store.read(gid), 0)
        if e["rule"] == "MK:13:Coop:5" and "shuffle" in e["type"]
    ]
    assert shuffles and not [e for e in shuffles if any(x in str(e.get("data")) for x in garrison)]
    assert g.active == 0 and g.players[0].pos == "4,-5"
    first = sorted(e.uid for e in g.combat.enemies)
    assert len(first) == 1 and set(first) <= set(garrison)
    _end_fight(eng, gid, t, rs, 0)
    if g.joint:  # the second participant's fight: the others
        assert g.active == 1 and g.players[1].pos == "4,-5"
        second = sorted(e.uid for e in g.combat.enemies)
        assert sorted(first + second) == garrison
        _end_fight(eng, gid, t, rs, 1)
    assert g.joint == {} and g.active == 0
    if g.cities[0].status != "conquered":  # MK:13:Coop:7: everyone back
        assert (g.players[0].pos, g.players[1].pos) == ("3,-4", "5,-5")
    from engine.games.mage_knight.turn.flow import hand_limit

    assert len(t.zone(state.hand(1))) >= min(
        hand_limit(t, 1), len(t.zone(state.hand(1))) + len(t.zone(state.deck(1)))
    )
    assert t.zone(state.play_area(1)) == []
    # the initiator ends its turn; the invited hero's next turn is skipped (MK:13:Coop:4)
    end = next(c for c in rs.legal_commands(t, 0) if c["kind"] == "end_turn")
    play(eng, gid, 0, end)
    while g.phase == "levelup" or (g.phase == "turn" and g.players[g.active].rewards):
        seat = g.active
        play(eng, gid, seat, rs.legal_commands(t, seat)[0])
    evs = eng.store.read(gid)
    assert any(e.type == "mk.face_up" and e.data["seat"] == 1 for e in evs)
    assert 1 not in g.face_down
