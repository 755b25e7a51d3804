"""Interactive skills (content/interactive_skills.json) leave the game with Be Nice to Each Other
(MK:16:Var:BeNice) and in the solo and co-op scenarios (MK:15:CoopSolo); otherwise every hero's
skill stack holds its own."""

import json
from pathlib import Path

from engine.games.mage_knight import state
from engine.games.mage_knight.content import load as content_module
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.scenarios.variants import interactive_skills
from sim.testing import new_game

HEROES = "arythea,tovak,goldyx,norowas"


def _stacks(t, seats):
    return {x for seat in seats for x in t.zone(state.skill_stack(seat))}


def test_the_interactive_skills_are_one_per_hero_and_agree_with_the_skill_list():
    ids = interactive_skills()
    skills = content().skills
    assert sorted({skills[i].hero for i in ids}) == sorted({s.hero for s in skills.values()})
    assert len(ids) == len({skills[i].hero for i in ids})  # one each
    raw = json.loads((Path(content_module.__file__).with_name("skills.json")).read_text())
    assert set(ids) == {e["id"] for e in raw["entries"] if e["usage"] == "interactive"}  # the list's marks


def test_be_nice_removes_the_interactive_skills_MK_16_Var_BeNice():
    eng, gid = new_game(
        "mage-knight",
        4,
        seed=3,
        options={"scenario": "full_conquest", "heroes": HEROES, "variants": "be_nice"},
    )
    t = eng.table(gid)
    stacks = _stacks(t, range(4))
    assert not stacks & set(interactive_skills())
    assert len(stacks) == 4 * 9  # each hero's other nine skills stay


def test_without_be_nice_each_competitive_hero_keeps_its_interactive_skill():
    eng, gid = new_game("mage-knight", 4, seed=3, options={"scenario": "full_conquest", "heroes": HEROES})
    stacks = _stacks(eng.table(gid), range(4))
    assert stacks & set(interactive_skills()) == {
        "arythea_ritual_of_pain",
        "tovak_mana_overload",
        "goldyx_source_opening",
        "norowas_prayer_of_weather",
    }


def test_solo_conquest_removes_them_from_the_player_and_the_dummy_MK_15_CoopSolo():
    eng, gid = new_game("mage-knight", 1, seed=4, options={"scenario": "solo_conquest", "heroes": "tovak"})
    t = eng.table(gid)
    pools = set(t.zone(state.skill_stack(0))) | set(t.zone(state.DUMMY_SKILLS))
    assert pools and not pools & set(interactive_skills())
    assert len(t.zone(state.skill_stack(0))) == 9


def test_co_op_removes_them():
    eng, gid = new_game(
        "mage-knight", 2, seed=5, options={"scenario": "blitz_cooperative", "heroes": "goldyx,krang"}
    )
    stacks = _stacks(eng.table(gid), range(2))
    assert len(stacks) == 18 and not stacks & set(interactive_skills())
