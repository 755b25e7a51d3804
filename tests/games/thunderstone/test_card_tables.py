"""The per-id card tables the rules read instead of `Card` structs (issue 10, speed) say what
the cards say, and stay right under a situation's overrides: they hold only what no override
can change (kind, abilities), while overridable values are still read through `value`."""

from engine.games.thunderstone import battle
from engine.games.thunderstone.content import (
    OVERRIDABLE,
    acting,
    acting_at,
    cards,
    is_monster,
    kind_of,
    name_of,
)
from engine.games.thunderstone.vocabulary import is_disease, is_hero
from sim.testing import new_game

ONS = ("static", "global", "trait", "battle", "dungeon", "village", "spoils", "treasure", "breach")


def ids():
    return [f"{k.name}#1" for k in cards().values()]


def test_the_tables_hold_nothing_an_override_can_change():
    assert not {"kind", "abilities", "name"} & set(OVERRIDABLE)


def test_kind_and_name_tables_match_every_card():
    for cid in ids():
        k = cards()[cid.split("#")[0]]
        assert (kind_of(cid), name_of(cid)) == (k.kind, k.name)
        assert is_monster(cid) == k.is_monster
        assert (is_hero(cid), is_disease(cid)) == (k.kind == "hero", k.kind == "disease")


def test_ability_tables_match_every_card_in_order():
    for cid in ids():
        k = cards()[cid.split("#")[0]]
        for on in ONS:
            assert list(acting(on)(cid)) == k.all(on)
            assert [a for _, a in acting_at(on)(cid)] == k.all(on)
            assert all(k.abilities[i] is a for i, a in acting_at(on)(cid))
        assert dict(battle.traits_of(cid)) == battle.traits(k)
        assert battle.barring(cid) == (
            "min_heroes_attack" in battle.traits(k) or "not_if_used" in battle.traits(k)
        )


def test_overridden_values_still_reach_the_battle_maths():
    """A situation that raises the Fackel's light changes the part and the light points the
    maths add up, though the card tables are shared by every game (BAT-3, docs/disputes.md)."""
    eng, gid = new_game("thunderstone", 2, 1, {"overrides": {"Fackel": {"light": 4}}})
    t = eng.table(gid)
    torch = next(c for z in t.zones.values() for c in z.cards if c.startswith("Fackel#"))
    plain_eng, plain = new_game("thunderstone", 2, 1)
    pt = plain_eng.table(plain)
    target = next(
        c for z, zone in pt.zones.items() if z.startswith("pos") for c in zone.cards if is_monster(c)
    )
    seen = {}
    for table in (t, pt):
        a = battle.assess(table, 0, target, [torch])
        seen[table is t] = (
            [x["light"] for x in a["parts"] if x["card"] == torch],
            a["light_points"] - table.game.t.light_mod,
        )
    assert seen == {True: ([4], 4), False: ([1], 1)}


def test_seat_zone_names_never_name_another_seat():
    """places.deck/hand/...: a seat outside the tables is an error, not a wrap-around."""
    import pytest

    from engine.games.thunderstone import places

    for fn, stem in (
        (places.deck, "deck"),
        (places.hand, "hand"),
        (places.disc, "disc"),
        (places.play, "play"),
        (places.tres, "tres"),
        (places.look, "look"),
    ):
        assert [fn(s) for s in range(6)] == [f"{stem}{s}" for s in range(6)]
        with pytest.raises(KeyError):
            fn(-1)
