"""Public prompt kinds and rule ids tell no secret (invariant 6, DL:2.3/placement): which unit
carries which chip is hidden, so a spell reward (DL:3.4/wizards) must look the same to the others
whether the party's chip-bearer is a wizard (who learns the spell, INT-25) or not (a new wizard
chip). The prompt (seat, kind, rule, detail) and the redacted question's rule were `spell_wizard`
/ INT-25 with a wizard and `wizard` / DL:3.4/wizards (or no question at all) without one."""

import pytest
from dl_helpers import sit

from projections.views import log_view
from sim.testing import play


def _spell_reward(role: str, spells: list[int], more_plain: bool = True):
    """The party (4 plain units and the chip-bearer H2) enters the Witches' Den WB3: a spell."""

    def edit(g):
        g["parties"][0]["space"] = "WB2"
        g["units"][0]["loc"] = "WB2"
        g["parties"][0]["tools"] = ["dragon_orb"]
        g["heroes"][1].update(loc="WB2", role=role, spells=spells)
        if not more_plain:
            g["units"][0]["n"] = 0

    eng, gid = sit("quest_party", forced={"die:d6": [1, 5]}, edit=edit)
    play(eng, gid, 0, {"kind": "quest", "space": "WB2"})
    play(eng, gid, 0, {"kind": "go", "to": "WB3"})
    return eng, gid


def _public(eng, gid):
    """What seat 1 and a spectator see: the prompts and the asks' type, rule and actor."""
    rs = eng.ruleset(gid)
    seen = [
        (e["type"], e["rule"], e["actor"])
        for e in log_view(rs, eng.store.read(gid), 1)
        if e["type"] == "dl.ask"
    ]
    return [(p.seat, p.kind, p.rule, p.detail) for p in eng.prompts(gid)], seen


@pytest.mark.parametrize("spells", [[1, 2], [1, 2, 3, 4, 5, 6]])
def test_DL_3_4_wizards_a_spell_reward_asks_alike_with_or_without_a_wizard(spells):
    wizard, decoy = _spell_reward("wizard", spells), _spell_reward("decoy", [])
    assert _public(*wizard) == _public(*decoy)
    prompts, asks = _public(*wizard)
    assert prompts == [(0, "spell_reward", "DL:3.4/wizards", "")] and asks == [
        ("dl.ask", "DL:3.4/wizards", 0)
    ]


def test_DL_3_4_wizards_the_spell_reward_goes_to_the_wizard_or_makes_one_INT_25():
    eng, gid = _spell_reward("wizard", [1, 2])
    assert eng.legal(gid, 0) == [{"kind": "choose", "option": "H2"}]
    play(eng, gid, 0, {"kind": "choose", "option": "H2"})
    assert eng.table(gid).game.heroes["H2"].spells == [1, 2, 5]
    eng, gid = _spell_reward("decoy", [])
    assert eng.legal(gid, 0) == [{"kind": "choose", "option": "plain"}]
    play(eng, gid, 0, {"kind": "choose", "option": "plain"})
    g = eng.table(gid).game
    assert [x.spells for x in g.heroes.values() if x.loc == "WB3" and x.role == "wizard"] == [[5]]


def test_INT_55_a_wizard_knowing_all_six_learns_nothing():
    eng, gid = _spell_reward("wizard", [1, 2, 3, 4, 5, 6])
    play(eng, gid, 0, {"kind": "choose", "option": "H2"})
    assert eng.table(gid).game.heroes["H2"].spells == [1, 2, 3, 4, 5, 6] and eng.table(gid).game.ask is None


def _e08(role: str, spells: list[int]):
    """E-08's battle: 8 Orcs hit 5 of B's 6 units at T1a, among them the chip-bearer H1."""
    from dl_helpers import settle

    def edit(g):
        g["heroes"][0].update(role=role, spells=spells)

    eng, gid = sit("e08_teleport_retreat", forced={"die:d6": [1, 2, 3, 1, 2, 5, 6, 6] + [6] * 5}, edit=edit)
    play(eng, gid, 0, {"kind": "attack", "origin": "T1c", "target": "T1a", "n": 8})
    play(eng, gid, 0, {"kind": "fight", "at": "T1a"})
    settle(eng, gid, kinds=("spell_attacks",))
    return eng, gid


def test_DL_3_4_retreat_the_defenders_pause_does_not_tell_whether_a_chip_bearer_knows_teleport():
    wizard, decoy = _e08("wizard", [1, 3]), _e08("decoy", [])
    assert _public(*wizard)[0] == _public(*decoy)[0] == [(1, "teleport_retreat", "DL:3.4/retreat", "T1a")]
    assert decoy[0].legal(decoy[1], 1) == [{"kind": "stand"}]
    assert {"kind": "teleport_away", "hero": "H1", "to": "T1b"} in wizard[0].legal(wizard[1], 1)
    from dl_helpers import events, settle

    play(*decoy, 1, {"kind": "stand"})
    settle(*decoy)
    assert len(events(*decoy, "dl.round")[-1].data["defender"]["dice"]) == 6  # all six strike back
