"""Mage Knight situation keys (issue 25): every key given takes effect, zero and empty included,
or is refused naming the key; a conquered city is conquered; `attack`'s targets and uses are
sets; a wrong override shape names the shape expected; the keys a rulebook position needs."""

from __future__ import annotations

import copy

import pytest

from engine import situation as situation_file
from engine.errors import BadInput, IllegalCommand
from engine.games.mage_knight import state
from engine.games.mage_knight.apply_scenario_events import city_at
from engine.mechanics.zones import card_name
from engine.pipeline import Engine
from store import MemoryStore

SIT = "tests/games/mage_knight/situations/"


def start(path, edit=None, game=None):
    """The situation at `path` as a game; `edit(doc)` changes the document, `game` merges
    keys into its [game] table."""
    doc = situation_file.normalized(situation_file.read(SIT + path))
    doc = copy.deepcopy(doc)
    if game:
        doc["game"].update(game)
    if edit:
        edit(doc)
    eng = Engine(MemoryStore())
    gid = eng.create(doc["ruleset"], doc["players"], doc["seed"], doc["options"], situation=doc)
    return eng, gid


def refused(path, edit=None, game=None) -> str:
    """The reason a situation is refused (the CLI: exit 2, nothing stored)."""
    with pytest.raises((BadInput, ValueError)) as exc:
        start(path, edit, game)
    return str(exc.value)


# -- item 3: attack's targets and use are sets ----------------------------------------------


def test_MK_9_Ranged_4_an_attack_group_in_any_order_is_the_same_attack():
    """MK:9:Ranged:4: one attack on a group of enemies, with the points of the kinds named; the
    group and the kinds are sets, so another order is the same command (it was refused with
    "not possible in this phase")."""
    eng, gid = start("attack_two_groups.toml")
    listed = [
        c
        for c in eng.legal(gid, 0)
        if c["kind"] == "attack" and len(c["targets"]) == 2 and len(c["use"]) == 2
    ]
    assert listed, "the two-enemy attack with both kinds is offered"
    cmd = {"kind": "attack", "targets": listed[0]["targets"][::-1], "use": listed[0]["use"][::-1]}
    assert cmd != listed[0]
    assert eng.check(gid, 0, cmd) is None
    eng.submit(gid, 0, cmd)
    attacked = [e for e in eng.store.read(gid) if e.type == "mk.combat.attacked"]
    assert len(attacked) == 1 and sorted(attacked[0].data["targets"]) == sorted(listed[0]["targets"])
    assert all(e.defeated for e in eng.table(gid).game.combat.enemies) or eng.table(gid).game.combat is None


def test_MK_9_Ranged_4_an_unknown_target_is_still_refused_with_its_reason():
    eng, gid = start("attack_two_groups.toml")
    with pytest.raises(IllegalCommand) as exc:
        eng.submit(gid, 0, {"kind": "attack", "targets": ["nobody#1", "green_prowlers#1"], "use": ["ranged"]})
    assert "not possible in this phase" not in str(exc.value)


# -- item 2: a conquered city; Elusive's second armour -------------------------------------------


def test_MK_10_City_2_a_city_stated_conquered_is_conquered():
    """MK:10:City:2: as after a won assault: no defenders, a shield of the seat per defender,
    the seat leads it and owns the space (it kept its defenders and stayed hostile)."""
    eng, gid = start("city_conquered.toml")
    t = eng.table(gid)
    city = city_at(t.game, "4,-5")
    assert city.status == "conquered" and city.leader == 1
    assert city.garrison == [] and city.defeated and city.shields == [1] * len(city.defeated)
    assert t.game.board.spaces["4,-5"].conquered_by == 1
    assert list(t.zone(state.garrison("4,-5"))) == []
    discards = [c for z in t.zones if z.startswith("enemies:") and z.endswith(":discard") for c in t.zone(z)]
    assert set(city.defeated) <= set(discards)


def test_MK_10_City_2_a_conquered_city_must_be_hostile_first():
    text = refused("city_conquered.toml", edit=lambda d: d["options"].update(scenario="mines_liberation"))
    assert "[game.conquered]" in text and "friendly" in text and "MK:10:City:2" in text


def test_MK_10_Abilities_Elusive_abilities_overridden_to_none_remove_the_second_armour():
    """MK:10:Abilities:Elusive: the Shocktroops (armour 3, elusive 6) without abilities have armour 3
    in the ranged phase: a ranged 3 attack defeats them (it needed 6)."""
    eng, gid = start("elusive_no_abilities.toml")
    (e,) = eng.table(gid).game.combat.enemies
    assert e.abilities == [] and e.elusive_armour == 0
    eng.submit(gid, 0, {"kind": "attack", "targets": [e.uid], "use": ["ranged"]})
    attacked = [x.data for x in eng.store.read(gid) if x.type == "mk.combat.attacked"]
    assert attacked[0]["armour"] == 3


def test_MK_10_Abilities_Elusive_an_elusive_armour_without_the_ability_is_refused():
    text = refused(
        "elusive_no_abilities.toml",
        edit=lambda d: d["options"]["overrides"]["gray_shocktroops"].update(elusive_armour=6),
    )
    assert "elusive_armour" in text and "MK:10:Abilities:Elusive" in text


# -- item 4: a wrong shape names the shape and an example --------------------------------------


@pytest.mark.parametrize(
    "field, value, shape, example",
    [
        ("attacks", {"fire": 5}, "expected list", 'attacks = ["fire 5"'),
        ("attacks", "fire 5", "expected list", 'attacks = ["fire 5"'),
        ("armour", "4", "expected int", "armour = 4"),
        ("abilities", "swift", "expected list", 'abilities = ["swift"'),
    ],
)
def test_an_override_of_the_wrong_shape_says_the_shape_with_an_example(field, value, shape, example):
    text = refused(
        "elusive_no_abilities.toml",
        edit=lambda d: d["options"]["overrides"].update(gray_shocktroops={field: value}),
    )
    assert f"gray_shocktroops'.{field}" in text and shape in text and example in text


# -- item 1: a key given takes effect, zero and empty included, or is refused naming it ----------


def test_SIT_0_fame_and_reputation_zero_take_effect():
    """Blitz Conquest starts at fame 1 and reputation 2 (MK:19:Scen:BlitzConquest): `fame = 0`
    and `reputation = 0` are stated and must hold (they were skipped as falsy)."""
    eng, gid = start("keys_blitz.toml")
    p0, p1 = eng.table(gid).game.players
    assert (p0.fame, p0.reputation) == (0, 0)
    assert (p1.fame, p1.reputation) == (1, 2)


def test_SIT_0_reputation_is_set_not_added():
    eng, gid = start("keys_blitz.toml", edit=lambda d: d["game"]["seat"][0].update(reputation=3))
    ev = [e.data for e in eng.store.read(gid) if e.type == "mk.reputation" and e.rule == "SIT-0"]
    assert eng.table(gid).game.players[0].reputation == 3 and ev[-1]["delta"] == 1


@pytest.mark.parametrize(
    "path, game, named",
    [
        ("keys_blitz.toml", {"tactic": ""}, "tactic"),
        ("keys_blitz.toml", {"tactic": "long_night"}, "tactic"),  # a night tactic by day
        ("keys_blitz.toml", {"source": []}, "source"),
        ("keys_blitz.toml", {"source": ["purple"]}, "source"),
        ("keys_blitz.toml", {"dummy_turns": True}, "dummy_turns"),  # no dummy in a 2-seat game
        ("keys_blitz.toml", {"removed_tactics": ["early_bird"]}, "removed_tactics"),
        ("keys_blitz.toml", {"combat": {}}, "enemy"),  # an empty [game.combat]
        ("keys_blitz.toml", {"pick": True, "tactic": "rethink"}, "tactic"),
        ("keys_blitz.toml", {"active": 2}, "active"),
        ("keys_blitz.toml", {"spell_offer": [], "seat": [{"rewards": ["spell"]}, {}]}, "rewards"),
        ("keys_blitz.toml", {"seat": [{"units": ["peasants"], "wounded_units": [1]}, {}]}, "wounded_units"),
        ("keys_blitz.toml", {"seat": [{"units": ["nobody"]}, {}]}, "units"),
        ("keys_blitz.toml", {"seat": [{"crystals": {"red": 4}}, {}]}, "crystals"),
        ("keys_blitz.toml", {"seat": [{"reputation": 8}, {}]}, "reputation"),
        ("keys_blitz.toml", {"seat": [{"level": 3, "fame": 0}, {}]}, "fame"),
        (
            "keys_blitz.toml",
            {"seat": [{"deck": ["fireball", "fireball", "fireball", "fireball", "fireball"]}, {}]},
            "deck",
        ),
        ("keys_blitz.toml", {"unit_offer": ["march"]}, "unit_offer"),
        ("attack_two_groups.toml", {"combat": {"enemy": [{"id": "green_prowlers"}], "armour": 0}}, "armour"),
        ("attack_two_groups.toml", {"combat": {"enemy": [{"id": "green_prowlers"}], "space": ""}}, "space"),
        ("keys_solo.toml", {"dummy": {"crystals": {"gold": 1}}}, "dummy.crystals"),
    ],
)
def test_SIT_0_a_key_given_acts_or_is_refused_naming_it(path, game, named):
    text = refused(path, game=game)
    assert named in text and "Traceback" not in text, text


def test_SIT_0_pick_lays_out_the_board_too():
    """`pick = true` left the tiles, shields and enemies of the file out: they are laid out."""
    eng, gid = start("keys_blitz.toml", game={"pick": True, "enemies": {"1,-1": ["green_prowlers"]}})
    t = eng.table(gid)
    assert (
        t.game.board.spaces["1,-1"].enemies
        and card_name(t.game.board.spaces["1,-1"].enemies[0]) == "green_prowlers"
    )
    assert t.game.pickers == [0, 1]


def test_SIT_0_pvp_elements_given_empty_is_refused():
    text = refused("dispute_pvp_retreat.toml", edit=lambda d: d["game"]["pvp"].update(elements=[]))
    assert "elements" in text


# -- item 5: what the rulebook's positions need ----------------------------------------------


def names(t, zone):
    return [card_name(c) for c in t.zone(zone)]


def test_SIT_0_a_seats_deck_in_order_and_its_discard_pile():
    eng, gid = start("keys_solo.toml")
    t = eng.table(gid)
    assert names(t, state.deck(0)) == ["stamina", "swiftness", "promise"]
    assert names(t, state.discard(0)) == ["threaten", "wound"]
    assert sorted(names(t, state.hand(0))) == ["march", "rage"]
    own = 16 - 2 - 3 - 1  # the hand, the deck, threaten: the rest set aside
    assert len(t.zone("aside:0")) == own


def test_SIT_0_the_offers_and_the_unit_decks_top_in_order():
    eng, gid = start("keys_solo.toml")
    t = eng.table(gid)
    assert names(t, state.UNIT_OFFER) == ["foresters", "peasants"]
    assert names(t, state.REGULAR_UNITS)[:2] == ["utem_guardsmen", "herbalist"]
    assert names(t, state.AA_OFFER) == ["blood_rage", "ice_bolt", "intimidate"]
    assert names(t, state.SPELL_OFFER) == ["fireball", "snowstorm", "tremor"]


def test_SIT_0_the_dummys_deck_discard_and_crystals():
    eng, gid = start("keys_solo.toml")
    t = eng.table(gid)
    assert names(t, state.DUMMY_DECK) == ["march", "rage"]
    assert names(t, state.DUMMY_DISCARD) == ["swiftness"]
    assert t.game.dummy.crystals == {"blue": 1, "red": 2}


def test_MK_4_Round_2f_tactics_taken_before_are_out_of_the_round():
    eng, gid = start("keys_solo.toml")
    g = eng.table(gid).game
    assert set(g.removed_tactics) == {"early_bird", "rethink"}
    assert g.players[0].tactic not in ("early_bird", "rethink")
    assert g.dummy_tactic not in ("early_bird", "rethink", "")
    text = refused("keys_solo.toml", game={"tactic": "rethink"})
    assert "tactic" in text and "rethink" in text


def test_MK_11_EoT_6_a_level_stated_directly():
    """Level 3: its armour and hand limit, one more command token, and the fame it needs."""
    from engine.games.mage_knight.turn import levels

    eng, gid = start("keys_solo.toml")
    p = eng.table(gid).game.players[0]
    st = levels.stats(3)
    assert (p.level, p.armour, p.hand_limit, p.command) == (3, st.armour, st.hand_limit, 2)
    assert p.fame == st.fame


def test_MK_7_Move_3_terrain_costs_by_day_and_night_overridden():
    from engine.games.mage_knight.content.load import content
    from engine.games.mage_knight.map.board import move_cost, unkey

    def edit(d):
        d["options"]["overrides"] = {"forest": {"day": 2, "night": 7}}

    eng, gid = start("keys_blitz.toml", edit=edit)
    board = eng.table(gid).game.board
    forest = next(k for k, sp in sorted(board.spaces.items()) if sp.terrain == "forest" and not sp.site)
    hills = next(k for k, sp in sorted(board.spaces.items()) if sp.terrain == "hills" and not sp.site)
    assert move_cost(board, content(), unkey(forest), False) == 2
    assert move_cost(board, content(), unkey(forest), True) == 7
    assert move_cost(board, content(), unkey(hills), False) == 3  # the content's


@pytest.mark.parametrize(
    "over, named",
    [
        ({"forest": {"day": -1}}, "forest'.day"),
        ({"forest": {"noon": 3}}, "noon"),
        ({"lake": {"day": 2}}, "impassable"),
        ({"forest": {"day": "3"}}, "expected int"),
    ],
)
def test_MK_7_Move_3_a_wrong_terrain_cost_is_refused_naming_it(over, named):
    text = refused("keys_blitz.toml", edit=lambda d: d["options"].update(overrides=over))
    assert named in text, text


def test_every_mage_knight_situation_key_is_documented_with_an_example():
    """docs/disputes.md names every key of [game], [[game.seat]], [game.dummy], [game.combat]
    and [game.pvp], each in the key table or a TOML example."""
    from pathlib import Path

    from engine.games.mage_knight.situations.combat import CombatSit, EnemySit, PointsSit
    from engine.games.mage_knight.situations.pvp import PvPSit
    from engine.games.mage_knight.situations.setup import DummySit, SeatSit, Sit

    text = Path("docs/disputes.md").read_text()
    for struct in (Sit, SeatSit, DummySit, CombatSit, EnemySit, PointsSit, PvPSit):
        for key in struct.__struct_fields__:
            assert (
                f"`{key}`" in text
                or f"\n{key} = " in text
                or f"[game.{key}]" in text
                or f"[[game.{key}]]" in text
                or f"[[game.combat.{key}]]" in text
                or f"[[game.pvp.{key}]]" in text
            ), (struct.__name__, key)
