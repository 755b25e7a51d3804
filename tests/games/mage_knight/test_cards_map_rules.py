"""Map rules that effects add to movement, and the challenge and keep rules (MK:7:Move:7b,
MK:11:EoT:2, MK:8:Combat:1e, MK:8:Combat:1a)."""

from tests.games.mage_knight.test_cards_advanced import legal, names, play_first, player, sit

LAKE = "2,-4"  # next to the village at 2,-3 on the start tile


def test_lakes_stay_closed_without_an_effect():
    """MK:7:Move:3: a lake is impassable"""
    eng, gid = sit("cards_village", move=4)
    assert legal(eng, gid, kind="move", to=LAKE) == []


def test_frost_bridge_opens_lakes_and_forced_withdrawal_costs_a_wound():
    """MK:7:Move:7b, MK:11:EoT:2: Frost Bridge powered (blue): Move 4, lakes cost 1; a turn ending
    on the lake withdraws the hero one space back along its path, with one wound"""
    eng, gid = sit("cards_village", hand=["frost_bridge", "march"], tokens=["blue"])
    play_first(eng, gid, card="frost_bridge", mode="powered")
    play_first(eng, gid, kind="move", to=LAKE)
    assert player(eng, gid).pos == LAKE and player(eng, gid).move == 3
    play_first(eng, gid, kind="end_turn")
    p = player(eng, gid)
    assert p.pos == "2,-3"
    assert "wound" in names(eng, gid, "hand:0") or "wound" in names(eng, gid, "discard:0")


def test_a_safe_lake_needs_no_withdrawal():
    """MK:7:Move:7d: Braevalar's Secret Ways with blue mana: lakes cost 2 and are safe this turn"""
    eng, gid = sit("cards_village", hand=["march"], tokens=["blue"], move=1)
    end_on_a_safe_lake(eng, gid)


def end_on_a_safe_lake(eng, gid):
    """Secret Ways, a step onto the lake next door, end of turn: no withdrawal, no wound."""
    from tests.games.mage_knight.test_cards_advanced import give_skill

    give_skill(eng, gid, "braevalar_secret_ways")
    play_first(eng, gid, kind="skill", skill="braevalar_secret_ways", option=1)
    play_first(eng, gid, kind="move", to=LAKE)
    play_first(eng, gid, kind="end_turn")
    assert player(eng, gid).pos == LAKE
    assert "wound" not in names(eng, gid, "hand:0") + names(eng, gid, "discard:0")


def test_several_rampaging_spaces_are_challenged_together():
    """MK:8:Combat:1e: two adjacent rampaging spaces may be challenged at once: both fight"""
    eng, gid = sit("cards_combat", pos="2,-2", enemies={"1,-2": ["green_prowlers"]})
    eng.table(gid).game.board.spaces["1,-2"].rampaging = True  # a second rampaging space (test set-up)
    groups = [c["space"] for c in legal(eng, gid, kind="challenge")]
    assert "1,-2;3,-3" in groups
    play_first(eng, gid, kind="challenge", space="1,-2;3,-3")
    c = eng.table(gid).game.combat
    assert "green_prowlers" in [e.enemy for e in c.enemies] and len(c.enemies) >= 2


def test_assaulting_another_players_keep_halves_the_garrisons_fame():
    """MK:8:Combat:1a: the grey garrison drawn for another player's keep gives half its fame,
    rounded up; halved once, on the combat's total (scenario_rules.assault_fame, test_half_fame)"""
    from engine.games.mage_knight.content.load import content

    eng, gid = sit("cards_village", move=6)
    t = eng.table(gid)
    sp = t.game.board.spaces["2,-2"]
    sp.site, sp.conquered_by = "keep", 1  # test set-up: another player's keep next door
    play_first(eng, gid, kind="move", to="2,-2")
    c = eng.table(gid).game.combat
    garrison = [e for e in c.enemies if not e.rampaging]  # the step also provokes 3,-3 (MK:8:Combat:2b)
    assert c is not None and len(garrison) == 1
    e = garrison[0]
    from engine.games.mage_knight.scenarios.special_rules import assault_fame

    full = content().enemies[e.enemy].fame
    assert e.pile == "gray" and e.fame == full
    assert assault_fame(eng.table(gid), "2,-2", 0, full) == (full + 1) // 2


def test_a_provoking_step_may_also_challenge_another_rampaging_enemy():
    """MK:8:Combat:2b, MK:8:Combat:1e: stepping from 2,-2 to 3,-2 provokes the enemies at 3,-3;
    the step may also challenge the rampaging enemy at 3,-1 (adjacent to 3,-2 only), and all
    are fought together"""
    from tests.games.mage_knight.test_cards_advanced import legal, sit

    eng, gid = sit(
        "cards_combat", enemies={"3,-3": ["green_prowlers"], "3,-1": ["green_diggers"]}, hand=["march"]
    )
    eng.table(gid).game.board.spaces["3,-1"].rampaging = "green"  # a second rampaging space (as drawn)
    assert legal(eng, gid, kind="move", to="3,-2", challenge="3,-1")
    assert not legal(eng, gid, kind="move", to="2,-1", challenge="3,-1")  # provokes nothing
    eng.submit(gid, 0, {"kind": "move", "to": "3,-2", "challenge": "3,-1"})
    c = eng.table(gid).game.combat
    assert {e.enemy for e in c.enemies} >= {"green_prowlers", "green_diggers"}
    assert set(eng.table(gid).game.combat_spaces) == {"3,-3", "3,-1"}
