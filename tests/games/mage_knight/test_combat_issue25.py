"""Combat rules that played wrong (issue 25), each named after its rule id: Elusive's two armour
values under a city's bonus, an assault that provokes, the retreat after a failed assault, a
failed monastery burning, units' ranged points with no target, and Interactive Combat's die."""

from __future__ import annotations

import pytest

from engine import registry
from engine.errors import IllegalCommand
from sim.testing import from_situation

SIT = "tests/games/mage_knight/situations/"
SHOCKTROOPS = "gray_shocktroops#1"


def legal(eng, gid, seat=0):
    return registry.get("mage-knight").legal_commands(eng.table(gid), seat)


def events(eng, gid, typ):
    return [e for e in eng.store.read(gid) if e.type == typ]


# -- Elusive (summary sheet p.24; the engine cites MK:10:Abilities:Elusive) ---------------


def test_MK_24_SUM_Elusive_white_city_bonus_raises_both_armour_values():
    """The White City's armour +1 (MK:10:City:1) reaches both values of the Elusive Shocktroops
    (3 and 6 printed): 6 ranged points no longer defeat them in the ranged phase (7 needed)."""
    eng, gid = from_situation(SIT + "white_city_elusive.toml")
    e = next(x for x in eng.table(gid).game.combat.enemies if x.uid == SHOCKTROOPS)
    assert (e.armour, e.elusive_armour) == (4, 7)
    attack = {"kind": "attack", "targets": [SHOCKTROOPS], "use": ["ranged"]}
    assert attack not in legal(eng, gid)
    with pytest.raises(IllegalCommand) as err:
        eng.submit(gid, 0, attack)
    assert "MK:9:Ranged:6" in str(err.value) and "armour 7" in str(err.value)


def test_MK_24_SUM_Elusive_white_city_bonus_counts_in_the_ranged_phase_attack():
    """With 7 ranged points the attack reaches the raised armour 7 and defeats them."""

    def edit(game):
        game["combat"]["points"][0]["value"] = 7

    eng, gid = from_situation(SIT + "white_city_elusive.toml", edit=edit)
    eng.submit(gid, 0, {"kind": "attack", "targets": [SHOCKTROOPS], "use": ["ranged"]})
    (done,) = events(eng, gid, "mk.combat.attacked")
    assert (done.data["total"], done.data["armour"]) == (7, 7)
    assert [e.data["enemy"] for e in events(eng, gid, "mk.combat.defeated")] == [SHOCKTROOPS]


# -- MK:7:Move: an assault is a move ---------------------------------------------------------

PROVOKES = SIT + "assault_provokes.toml"
DRACONUM = "red_dragon_summoner#2"


def test_MK_7_Move_an_assault_provokes_the_adjacent_rampager_into_the_same_combat():
    """Stepping from 5,-6 into the keep at 5,-5, both next to the Draconum at 4,-5: the keep's
    defender and the provoked Draconum fight together, the Draconum unfortified and rampaging
    (MK:8:Combat:2b)."""
    eng, gid = from_situation(PROVOKES)
    eng.submit(gid, 0, {"kind": "move", "to": "5,-5"})
    g = eng.table(gid).game
    assert g.combat_kind == "assault" and g.combat_spaces == ["5,-5", "4,-5"]
    foes = {e.uid: e for e in g.combat.enemies}
    assert set(foes) == {"gray_guardsmen#1", DRACONUM}
    assert foes[DRACONUM].rampaging and not foes[DRACONUM].defends_fortified_site
    assert foes["gray_guardsmen#1"].defends_fortified_site and not foes["gray_guardsmen#1"].rampaging


def test_MK_7_Move_a_provoked_space_is_not_offered_again_as_a_challenge():
    """The step into the keep already fights the Draconum: no `challenge` of its space with it."""
    eng, gid = from_situation(PROVOKES)
    moves = [c for c in legal(eng, gid) if c["kind"] == "move" and c["to"] == "5,-5"]
    assert moves == [{"kind": "move", "to": "5,-5"}]


# -- MK:10:Result:3: a failed assault retreats as the combat ends ----------------------------


def _fail_keep_assault(options=None):
    """First Reconnaissance (keep_assault.toml): explore, walk next to the keep, step in and let
    the combat run out without an attack."""
    from engine.games.mage_knight import state

    eng, gid = from_situation(SIT + "keep_assault.toml", options=options)
    eng.submit(gid, 0, {"kind": "explore", "at": "6,-4"})
    for step in ("5,-3", "5,-4", "6,-5", "7,-5"):
        eng.submit(gid, 0, {"kind": "move", "to": step})
    guard = eng.table(gid).game.board.spaces["7,-5"].enemies
    while eng.table(gid).game.combat is not None:
        cmds = [c for c in legal(eng, gid) if c["kind"] in ("assign", "next")]
        eng.submit(gid, 0, cmds[0])
    return eng, gid, guard, state


@pytest.mark.parametrize("scenario", ["first_reconnaissance", "solo_conquest"])
def test_MK_10_Result_3_failed_keep_assault_retreats_as_the_combat_ends(scenario):
    """The keep's defender stays; the hero is back on 6,-5, where it attacked from, as soon as
    the combat is over, in First Reconnaissance as in any other scenario."""
    eng, gid, guard, _S = _fail_keep_assault(
        None if scenario == "first_reconnaissance" else {"scenario": scenario}
    )
    t = eng.table(gid)
    assert t.game.board.spaces["7,-5"].conquered_by == -1 and t.game.board.spaces["7,-5"].enemies == guard
    assert t.game.players[0].pos == "6,-5"
    log = eng.store.read(gid)
    over = max(i for i, e in enumerate(log) if e.type == "mk.combat_over")
    (back,) = [
        e for e in log if e.type == "mk.placed" and e.data.get("seat") == 0 and e.rule == "MK:10:Result:3"
    ]
    assert log.index(back) < over and back.data["pos"] == "6,-5"


def test_MK_10_Result_3_the_retreat_is_no_forced_withdrawal_and_costs_no_wound():
    """First Reconnaissance: ending the turn after the retreat to the safe 6,-5 adds no wound
    (today's part-1 play withdrew the hero at the end of the turn with a wound)."""
    from engine.mechanics.zones import card_name

    eng, gid, _, S = _fail_keep_assault()
    t = eng.table(gid)
    wounds = sum(card_name(c) == "wound" for z in (S.hand(0), S.discard(0), S.deck(0)) for c in t.zone(z))
    assert wounds == 2  # the guard's attack, taken in the combat
    eng.submit(gid, 0, {"kind": "end_turn", "discard": "march"})
    t = eng.table(gid)
    after = sum(card_name(c) == "wound" for z in (S.hand(0), S.discard(0), S.deck(0)) for c in t.zone(z))
    assert after == wounds and t.game.players[0].pos == "6,-5"
    assert not [e for e in eng.store.read(gid) if e.type == "mk.placed" and e.rule == "MK:11:EoT:2"]


# -- MK:10:Result:3: a failed monastery burning discards its defender -------------------------


def test_MK_10_Result_3_failed_monastery_burning_discards_the_undefeated_defender():
    """The violet Monks are not defeated: the combat ends, the Monks go to the violet discard
    pile and the monastery stays unburned, with no enemy on it (Kampfergebnis 3b)."""
    eng, gid = from_situation(SIT + "monastery_burning.toml")
    (monks,) = eng.table(gid).game.board.spaces["5,-6"].enemies
    eng.submit(gid, 0, {"kind": "next"})
    t = eng.table(gid)
    sp = t.game.board.spaces["5,-6"]
    assert t.game.combat is None and sp.enemies == [] and sp.conquered_by == -1 and sp.site == "monastery"
    assert monks in t.zone("enemies:violet:discard") and monks not in t.zone("at:5,-6")
    assert not [e for e in eng.store.read(gid) if e.type == "mk.burned"]


def test_MK_10_Result_3_failed_tomb_discards_its_enemy_for_new_draws():
    """The same rule for a tomb: the undefeated enemy is discarded, so the next visitor draws a
    new one instead of fighting the same."""

    def edit(game):
        game["tiles"] = {"4,-5": "core_1"}  # a tomb at its NE, 5,-6
        game["combat"]["kind"] = "adventure"
        game["combat"]["enemy"] = [{"id": "red_fire_dragon", "blocked": [0]}]

    eng, gid = from_situation(SIT + "monastery_burning.toml", edit=edit)
    sp = eng.table(gid).game.board.spaces["5,-6"]
    assert sp.site == "tomb"
    (dragon,) = sp.enemies
    eng.submit(gid, 0, {"kind": "next"})
    t = eng.table(gid)
    assert t.game.board.spaces["5,-6"].enemies == [] and dragon in t.zone("enemies:red:discard")


# -- MK:9:Ranged:2-3a: targets come before points ----------------------------------------------

NO_TARGET = SIT + "units_no_target.toml"


def _activations(eng, gid):
    return {(c["unit"], c["ability"]) for c in legal(eng, gid) if c["kind"] == "activate"}


def test_MK_9_Ranged_2_3a_units_ranged_and_siege_with_no_target_are_not_offered():
    """The keep's Guardsmen are Fortified and defend the site: nothing can target them in the
    ranged and siege phase, so neither the Crossbowmen's ranged 2 nor the Catapults' siege 3 is
    offered; asked for anyway, the activation is refused with the rule and the unit stays ready."""
    eng, gid = from_situation(NO_TARGET)
    assert _activations(eng, gid) == set()
    with pytest.raises(IllegalCommand) as err:
        eng.submit(gid, 0, {"kind": "activate", "unit": "catapults#1", "ability": 0, "option": 0, "pay": ""})
    assert "MK:9:Ranged:2" in str(err.value) and "spent for nothing" in str(err.value)
    assert all(u.ready for u in eng.table(gid).game.players[0].units)


def test_MK_9_Ranged_2_3a_siege_is_offered_against_a_site_fortified_defender_ranged_not():
    """Thugs defending the keep are fortified once (the site): siege points can take them,
    ranged points cannot (MK:9:Ranged:2)."""
    eng, gid = from_situation(NO_TARGET, edit=lambda g: g["combat"].update(enemy=[{"id": "gray_thugs"}]))
    assert _activations(eng, gid) == {("catapults#1", 0), ("catapults#1", 2)}
    eng.submit(gid, 0, {"kind": "activate", "unit": "catapults#1", "ability": 0, "option": 0, "pay": ""})
    assert [(p.kind, p.value) for p in eng.table(gid).game.combat.pool] == [("siege", 3)]


def test_MK_9_Ranged_2_3a_in_the_attack_phase_the_units_attack_again():
    """Attack phase: every kind of attack may target the Guardsmen, so the units are offered."""
    eng, gid = from_situation(NO_TARGET, edit=lambda g: g["combat"].update(phase="attack"))
    assert {("utem_crossbowmen#1", 2), ("catapults#1", 0)} <= _activations(eng, gid)


# -- MK:17:Var:InteractiveCombat: the die of this combat ----------------------------------------


def _interactive_game():
    """Seat 1 acted before seat 0, who stands next to a single rampager (seed 3, as the variant's
    tests in test_part2_variants build it)."""
    from engine.games.mage_knight.map.board import key, unkey
    from engine.mechanics import hexgrid
    from sim.testing import engine as make_engine

    doc = {
        "ruleset": "mage-knight",
        "players": 2,
        "seed": 3,
        "options": {"heroes": "norowas,arythea", "variants": "interactive_combat"},
        "game": {"active": 0, "seat": [{"hand": ["march", "rage"], "pos": "0,0"}, {"pos": "0,0"}]},
    }
    eng = make_engine()
    g = eng.table(eng.create("mage-knight", 2, 3, options=doc["options"], situation=doc)).game
    ramp = next(k for k, sp in sorted(g.board.spaces.items()) if sp.rampaging and len(sp.enemies) == 1)
    doc["game"]["seat"][0]["pos"] = next(
        key(n)
        for n in hexgrid.neighbours(unkey(ramp))
        if (sp := g.board.spaces.get(key(n))) is not None
        and not sp.site
        and sp.terrain in ("plains", "hills", "forest", "wasteland", "desert")
    )
    return eng, eng.create("mage-knight", 2, 3, options=doc["options"], situation=doc, game_id="ic"), ramp


def test_MK_17_Var_InteractiveCombat_the_die_read_is_the_one_set_for_this_combat():
    """Seat 1 sets white for seat 0's first challenge and red for the second, a round later: the
    second combat's ranged phase reveals "not white" and its armour is unchanged, the block
    phase "red"; the chooser's zone holds only the red die."""
    from engine.games.mage_knight.scenarios import interactive_combat

    eng, gid, ramp = _interactive_game()
    t, rs = eng.table(gid), eng.ruleset(gid)

    def run_out():
        while t.game.combat is not None:
            eng.submit(gid, 0, next(c for c in rs.legal_commands(t, 0) if c["kind"] in ("next", "assign")))

    eng.submit(gid, 0, {"kind": "challenge", "space": ramp})
    eng.submit(gid, 1, {"kind": "combat_die", "colour": "white"})
    assert t.game.icombat["white"] is True
    run_out()
    while True:  # end turns until seat 0 may challenge again
        seat = rs.prompts(t)[0].seat
        cmds = rs.legal_commands(t, seat)
        again = [c for c in cmds if c["kind"] == "challenge" and c["space"] == ramp]
        if seat == 0 and again:
            break
        eng.submit(gid, seat, next(c for c in cmds if c["kind"] == "end_turn"))
    eng.submit(gid, 0, again[0])
    assert t.game.icombat["chooser"] == 1
    base = t.game.combat.enemies[0].armour_mod
    eng.submit(gid, 1, {"kind": "combat_die", "colour": "red"})
    assert t.game.icombat["white"] is False and t.game.combat.enemies[0].armour_mod == base
    eng.submit(gid, 0, {"kind": "next"})  # ranged -> block: "red or not"
    assert t.game.icombat["red"] is True
    assert [interactive_combat.card_name(x) for x in t.zone(interactive_combat.die_zone(1))] == ["red"]
