"""Fame, levels and what each level-up gives (p.11 End of turn 6)."""

from engine.games.mage_knight.turn import levels


def test_level_one_is_the_rulebooks_token():
    one = levels.stats(1)
    assert (one.armour, one.hand_limit, one.provenance) == (2, 5, "rulebook p.3")
    assert all(r.provenance.startswith(("rulebook", "stand-in")) for r in levels.table())


def test_levels_by_fame_and_crossings():
    assert levels.level_for_fame(0) == 1
    assert levels.level_for_fame(levels.stats(2).fame - 1) == 1
    assert levels.level_for_fame(levels.stats(2).fame) == 2
    assert levels.level_for_fame(10_000) == 10
    ups = levels.level_ups(0, levels.stats(3).fame)
    assert [u.level for u in ups] == [2, 3]
    assert ups[0].skill_and_advanced_action and not ups[0].command_token
    assert ups[1].command_token and not ups[1].skill_and_advanced_action
    assert levels.level_ups(5, 5) == []


def test_command_limit_grows_on_odd_levels():
    assert [levels.command_limit(lv) for lv in range(1, 11)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
