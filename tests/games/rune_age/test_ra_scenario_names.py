"""SET-2: the four scenarios under their printed names; the older option values, the German
names and free spellings still choose them; old stored games (ra.setup schema 1 with the old
keys) are read and replayed under the new names."""

from __future__ import annotations

import pytest

from engine.errors import EngineError
from engine.games.rune_age import RULESET
from engine.games.rune_age import setup as setup_mod
from engine.games.rune_age.ruleset import RuneAge
from engine.games.rune_age.scenarios import OLD_KEYS, SCENARIOS, resolve
from sim import testing

NEW = ["resurgence_of_the_dragonlords", "runewars", "the_cataclysm", "the_monument"]


def scenario_of(eng, gid) -> str:
    return next(e for e in eng.store.read(gid) if e.type == "ra.setup").data["scenario"]


def test_ra_option_values_are_the_printed_names():
    """SET-2: the choices offered are the four real names and random; the default is scenario 1."""
    assert list(SCENARIOS) == NEW
    opt = RULESET.options["scenario"]
    assert opt.choices == (*NEW, "random") and opt.default == "resurgence_of_the_dragonlords"
    for key in NEW:
        eng, gid = testing.new_game("rune-age", 2, 3, {"scenario": key})
        assert scenario_of(eng, gid) == key == eng.table(gid).game.scenario


@pytest.mark.parametrize(
    "alias,key",
    [
        *OLD_KEYS.items(),
        ("Weltenbrand", "the_cataclysm"),
        ("Rückkehr der Drachenlords", NEW[0]),
        ("The Monument", "the_monument"),
        ("RUNE-WARS", "runewars"),
        ("Monster Hunt", None),
    ],
)
def test_ra_old_and_german_names_choose_the_same_scenario(alias, key):
    """SET-2: an alias sets up the same game as the new name (same seed, same events after
    game.created); game.created keeps the spelling the player gave."""
    if key is None:
        with pytest.raises(ValueError, match="not a scenario"):
            resolve(alias)
        return
    eng, gid = testing.new_game("rune-age", 2, 5, {"scenario": alias})
    ref, rid = testing.new_game("rune-age", 2, 5, {"scenario": key})
    assert eng.store.read(gid)[0].data["options"]["scenario"] == alias
    assert scenario_of(eng, gid) == key
    assert [(e.type, e.data) for e in eng.store.read(gid)[1:]] == [
        (e.type, e.data) for e in ref.store.read(rid)[1:]
    ]


def test_ra_an_unknown_scenario_is_refused_with_the_rule_and_nothing_is_stored():
    eng = testing.engine()
    with pytest.raises(ValueError, match=r"scenario='monster_hunt' is not a scenario \(SET-2\)"):
        eng.create("rune-age", 2, 1, {"scenario": "monster_hunt"})
    assert eng.store.read_all() == []


def test_ra_a_situation_file_may_name_the_old_key():
    """The shipped e9 example uses the new key; the old key in a situation file still works."""
    from ra_helpers import Game

    g = Game("e9_mind_control", edit=lambda d: d.update(scenario="monument"))
    assert g.g.scenario == "the_monument"


def test_ra_an_old_stored_game_reads_and_replays_under_the_new_name(monkeypatch):
    """Invariant 8: a game stored before the rename (ra.setup schema 1, scenario world_fire)
    rebuilds as The Cataclysm, and its replay under today's code matches it event for event."""
    real = setup_mod.record_setup

    def old_record(ctx, t, key, rule, **extra):
        real(ctx, t, {v: k for k, v in OLD_KEYS.items()}[key], rule, **extra)

    with monkeypatch.context() as m:
        m.setattr(setup_mod, "record_setup", old_record)
        m.setattr(RuneAge, "event_schemas", {})
        eng, gid = testing.new_game("rune-age", 2, 8, {"scenario": "world_fire"})
        stored = next(e for e in eng.store.read(gid) if e.type == "ra.setup")
        assert (stored.schema, stored.data["scenario"]) == (1, "world_fire")
        testing.run_bots(eng, gid, 8)
    eng.forget(gid)
    t = eng.table(gid)
    assert t.game.scenario == "the_cataclysm" and t.over
    testing.assert_replay_equal(eng, gid)


def test_ra_random_draws_one_of_the_new_names():
    eng, gid = testing.new_game("rune-age", 1, 2, {"scenario": "random"})
    assert scenario_of(eng, gid) in ("resurgence_of_the_dragonlords", "the_cataclysm")


def test_ra_solo_monument_is_refused_clearly():
    with pytest.raises(EngineError, match="the_monument needs at least 2 players"):
        testing.new_game("rune-age", 1, 2, {"scenario": "monument"})


def test_ra_old_snapshots_and_renamed_event_cards_still_read():
    """A snapshot folded before the rename decodes with the new key; event cards stored under
    their stand-in names read as the cards public lists name (cards.RENAMED)."""
    import msgspec

    from engine.games.rune_age.cards import RENAMED, spec
    from engine.games.rune_age.state import RAState

    assert msgspec.convert({"scenario": "world_fire"}, RAState).scenario == "the_cataclysm"
    g = RAState(scenario="monument")
    assert g.scenario == "the_monument"
    for old, new in RENAMED.items():
        assert spec(g, f"{old}#1").name == new
