"""Combat rules that played wrong (issue 25), each named after its rule id: Elusive's two armour
values under a city's bonus, an assault that provokes, the retreat after a failed assault, a
failed monastery burning, units' ranged points with no target, and Interactive Combat's die."""
from __future__ import annotations

import pytest

from engine import registry
from engine.errors import IllegalCommand
from engine.testing import from_situation

SIT = "tests/games/mage_knight/situations/"
SHOCKTROOPS = "gray_shocktroops#1"


def legal(eng, gid, seat=0):
    return registry.get("mage-knight").legal_commands(eng.table(gid), seat)


def events(eng, gid, typ):
    return [e for e in eng.store.read(gid) if e.type == typ]


# -- MK:24:SUM:Elusive ----------------------------------------------------------------------

def test_MK_24_SUM_Elusive_white_city_bonus_raises_both_armour_values():
    """The White City's armour +1 (MK:10:City:1) reaches both values of the Elusive Shocktroops
    (3 and 6 printed): 6 ranged points no longer defeat them in the ranged phase (7 needed)."""
    eng, gid = from_situation(SIT + "white_city_elusive.toml")
    e = next(x for x in eng.table(gid).game.combat.enemies if x.uid == SHOCKTROOPS)
    assert (e.armour, e.elusive_armour) == (4, 7)
    attack = {"kind": "mk_attack", "targets": [SHOCKTROOPS], "use": ["ranged"]}
    assert attack not in legal(eng, gid)
    with pytest.raises(IllegalCommand) as err:
        eng.submit(gid, 0, attack)
    assert "MK:9:Ranged:6" in str(err.value) and "armour 7" in str(err.value)


def test_MK_24_SUM_Elusive_white_city_bonus_counts_in_the_ranged_phase_attack():
    """With 7 ranged points the attack reaches the raised armour 7 and defeats them."""
    def edit(game):
        game["combat"]["points"][0]["value"] = 7
    eng, gid = from_situation(SIT + "white_city_elusive.toml", edit=edit)
    eng.submit(gid, 0, {"kind": "mk_attack", "targets": [SHOCKTROOPS], "use": ["ranged"]})
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
