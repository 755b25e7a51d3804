"""Variants of §11 as the `variants` option of `new` (MK:16-17:Var:*) and their examples
(E-13, E-14)."""

import tomllib
from pathlib import Path

import pytest

from engine.errors import BadInput
from engine.games.mage_knight import state
from engine.games.mage_knight.scenarios import variants
from engine.mechanics.zones import card_name
from sim.testing import from_situation, new_game, run_bots

SIT = Path(__file__).parent / "situations"


def _events(eng, gid):
    return eng.store.read(gid)


@pytest.mark.parametrize(
    "text,rule",
    [
        ("fog_of_war", "MK:16:Var"),
        ("arrival_at_night,darkness_falls", "MK:16:Var:Time"),
        ("rampaging_evil,more_rampaging_evil", "MK:17:Var:RampagingEvil"),
    ],
)
def test_an_unknown_or_clashing_variant_is_refused_with_its_rule(text, rule):
    with pytest.raises(BadInput) as err:
        new_game("mage-knight", 2, seed=1, options={"variants": text})
    assert err.value.rule == rule


def test_arrival_at_night_starts_with_a_night_and_a_source_without_gold_or_black_MK_16_Var_Time():
    eng, gid = new_game("mage-knight", 2, seed=3, options={"variants": "arrival_at_night"})
    t = eng.table(gid)
    assert t.game.night and t.game.round == 1
    assert all(f in ("red", "blue", "green", "white") for f in t.game.source)
    from engine.games.mage_knight.content.load import content

    assert all(content().tactics[x].time == "night" for x in t.game.tactics_open)
    run_bots(eng, gid, 3)
    nights = [e.data["night"] for e in _events(eng, gid) if e.type == "mk.round"]
    assert nights == [(i % 2 == 0) for i in range(len(nights))]  # night, day, night, ...


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_darkness_falls_once_and_for_all_MK_16_Var_Time(seed):
    eng, gid = new_game(
        "mage-knight", 2, seed=seed, options={"scenario": "full_conquest", "variants": "darkness_falls"}
    )
    run_bots(eng, gid, seed)
    evs = _events(eng, gid)
    nights = [e.data["night"] for e in evs if e.type == "mk.round"]
    assert nights[0] is False
    assert nights == sorted(nights)  # days, then nights only
    rolls = [e for e in evs if e.rule == "MK:16:Var:Time"]
    days_ended = sum(1 for a in nights[:-1] if not a)
    assert len([e for e in rolls if e.type == "dice.rolled"]) in (days_ended, 2 * days_ended)


def test_E13_mana_friendly_gold_die_may_not_stand_in_for_an_unused_colour_MK_16_Var_BeNice():
    """By day, with a green die in the Source, March is powered with the green die, not the gold."""
    eng, gid = from_situation(SIT / "part2_be_nice.toml")
    t = eng.table(gid)
    pays = [
        c["pay"]
        for c in eng.ruleset(gid).legal_commands(t, 0)
        if c["kind"] == "play" and c["card"] == "march" and c["mode"] == "powered"
    ]
    assert pays == ["die:0"]
    # the same situation without the variant offers the gold die too
    doc = tomllib.loads((SIT / "part2_be_nice.toml").read_text())
    doc["options"].pop("variants")
    from sim.testing import engine as make_engine

    e2 = make_engine()
    gid2 = e2.create("mage-knight", doc["players"], doc["seed"], options=doc["options"], situation=doc)
    pays2 = sorted(
        c["pay"]
        for c in e2.ruleset(gid2).legal_commands(e2.table(gid2), 0)
        if c["kind"] == "play" and c["card"] == "march" and c["mode"] == "powered"
    )
    assert pays2 == ["die:0", "die:1"]
    # rerolling or setting the gold die by day while a non-gold die is there: refused
    assert not variants.mana_friendly(t, 0, {"kind": "tactic_use", "tactic": "mana_search", "dice": "1"})
    assert variants.mana_friendly(t, 0, {"kind": "tactic_use", "tactic": "mana_search", "dice": "2"})


def test_be_nice_removes_the_interactive_spells_MK_16_Var_BeNice():
    eng, gid = new_game("mage-knight", 2, seed=1, options={"variants": "be_nice"})
    t = eng.table(gid)
    spells = {card_name(x) for x in t.zone(state.SPELL_DECK) + t.zone(state.SPELL_OFFER)}
    assert not spells & set(variants.INTERACTIVE_SPELLS) and len(spells) > 10
    eng2, gid2 = new_game("mage-knight", 2, seed=1)
    t2 = eng2.table(gid2)
    assert set(variants.INTERACTIVE_SPELLS) <= {
        card_name(x) for x in t2.zone(state.SPELL_DECK) + t2.zone(state.SPELL_OFFER)
    }


def test_E14_random_city_on_the_green_city_tile_in_druid_nights_MK_16_Var_Map():
    """Druid Nights keeps the Green City's core tile; with Random Cities the city card drawn
    (forced: blue) decides the city on it."""
    doc = tomllib.loads((SIT / "part2_city_assault.toml").read_text())
    doc["options"].update(scenario="druid_nights", variants="random_cities")
    doc["game"]["tiles_top"] = ["core_5"]
    doc["forced"] = {"pick:city_card": [["blue"]]}
    from sim.testing import engine as make_engine
    from sim.testing import play

    eng = make_engine()
    gid = eng.create("mage-knight", 2, 1, options=doc["options"], situation=doc)
    t = eng.table(gid)
    tiles = t.zone(state.TILES) + t.zone(state.MAP)
    assert "core_5" in tiles and not {"core_6", "core_7", "core_8"} & set(tiles)
    explore = [c for c in eng.ruleset(gid).legal_commands(t, 0) if c["kind"] == "explore"]
    play(eng, gid, 0, explore[0])
    [city] = t.game.cities
    assert city.colours == ["blue"] and city.status == "friendly" and city.shields == [0, 1]


@pytest.mark.parametrize("name,rep", [("rampaging_evil", -2), ("more_rampaging_evil", -4)])
def test_E15_rampaging_evil_start_reputation_MK_17_Var_RampagingEvil(name, rep):
    from engine.games.mage_knight.turn.actions import REPUTATION_MODIFIER

    eng, gid = new_game("mage-knight", 2, seed=1, options={"variants": name})
    assert [p.reputation for p in eng.table(gid).game.players] == [rep, rep]
    assert REPUTATION_MODIFIER[rep] == rep // 2


def _cleared_rampager(variant, seed=0):
    """A game whose first rampaging space has lost its enemy (as if defeated), and a context
    to run the end of the round in."""
    from engine.context import Ctx

    eng, gid = new_game("mage-knight", 2, seed=seed, options={"variants": variant})
    t = eng.table(gid)
    k = sorted(x for x, sp in t.game.board.spaces.items() if sp.rampaging and sp.enemies)[0]
    rs = eng.ruleset(gid)
    ctx = Ctx(rs, t, f"test-{seed}", "test:1", None, 10_000)
    from engine.mechanics import zones

    old = list(t.zone(state.at(k)))
    zones.move(
        ctx, state.at(k), state.enemy_discard(t.game.board.spaces[k].rampaging), old, rule="MK:10:Result:1"
    )
    ctx.emit("mk.enemies", {"space": k, "tokens": []}, rule="MK:10:Result:1")
    return t, ctx, k


@pytest.mark.parametrize("seed", range(4))
def test_more_rampaging_evil_always_brings_the_rampager_back_MK_17_Var_RampagingEvil(seed):
    t, ctx, k = _cleared_rampager("more_rampaging_evil", seed)
    pile = t.game.board.spaces[k].rampaging
    variants.end_of_round(ctx, t)
    face = next(e.data for e in ctx.events if e.type == "dice.rolled" and e.rule == "MK:17:Var:RampagingEvil")
    toks = t.game.board.spaces[k].enemies
    from engine.games.mage_knight.content.load import content

    colours = [content().enemies[card_name(x)].color for x in toks]
    assert pile in colours  # always back
    warm = any(f in variants.WARM for f in str(face).split("'") if f)  # by day: a warm colour adds brown
    assert ("brown" in colours) == warm and len(toks) == (2 if warm else 1)


@pytest.mark.parametrize("seed", range(4))
def test_rampaging_evil_brings_it_back_on_a_warm_colour_by_day_MK_17_Var_RampagingEvil(seed):
    t, ctx, k = _cleared_rampager("rampaging_evil", seed)
    variants.end_of_round(ctx, t)
    face = next(e.data for e in ctx.events if e.type == "dice.rolled" and e.rule == "MK:17:Var:RampagingEvil")
    warm = any(f in variants.WARM for f in str(face).split("'") if f)
    gold = "gold" in str(face)
    toks = t.game.board.spaces[k].enemies
    assert len(toks) == (0 if not warm else 2 if gold else 1)


def test_E30_improved_actions_twice_in_a_6_round_game_MK_17_Var_ImprovedActions():
    """After rounds 2 and 4 (the first two nights), not after round 6; 3 players: 4 revealed."""
    from engine.games.mage_knight.scenarios.improved_actions import OFFER, matches

    eng, gid = new_game(
        "mage-knight", 3, seed=2, options={"scenario": "full_conquest", "variants": "improved_actions"}
    )
    run_bots(eng, gid, 2)
    t = eng.table(gid)
    evs = _events(eng, gid)
    starts = [e for e in evs if e.type == "mk.improve"]
    last_round = t.game.round
    assert [e.data["next_round"] for e in starts] == [n for n in (3, 5) if n <= last_round]
    for e in starts:
        i = evs.index(e)
        revealed = [x for x in evs[i - 3 : i] if x.type == "zone.moved" and x.data.get("dst") == OFFER]
        assert [x.data["n"] for x in revealed] == [4]  # players + 1
        ratings = e.data["ratings"]
        order = e.data["order"]
        assert [ratings[str(s)] for s in order] == sorted(ratings[str(s)] for s in order)
    for e in evs:
        if e.type == "mk.improve_pick" and e.data["card"]:
            assert matches(e.data["card"], e.data["remove"])


def _challenge_game(colour):
    """Seat 1 acted before seat 0; seat 0 challenges a single rampager; seat 1 sets the die."""
    from engine.games.mage_knight.map.board import key, unkey
    from engine.games.mage_knight.scenarios import interactive_combat
    from engine.mechanics import hexgrid
    from sim.testing import engine as make_engine
    from sim.testing import play

    doc = {
        "ruleset": "mage-knight",
        "players": 2,
        "seed": 3,
        "options": {"heroes": "norowas,arythea", "variants": "interactive_combat"},
        "game": {"active": 0, "seat": [{"hand": ["march", "rage"], "pos": "0,0"}, {"pos": "0,0"}]},
    }
    eng = make_engine()
    probe = eng.create("mage-knight", 2, 3, options=doc["options"], situation=doc)
    g = eng.table(probe).game
    ramp = next(k for k, sp in sorted(g.board.spaces.items()) if sp.rampaging and len(sp.enemies) == 1)
    spot = next(
        key(n)
        for n in hexgrid.neighbours(unkey(ramp))
        if (sp := g.board.spaces.get(key(n))) is not None
        and not sp.site
        and sp.terrain in ("plains", "hills", "forest", "wasteland", "desert")
    )
    doc["game"]["seat"][0]["pos"] = spot
    gid = eng.create("mage-knight", 2, 3, options=doc["options"], situation=doc, game_id="ic")
    t = eng.table(gid)
    rs = eng.ruleset(gid)
    assert t.game.order[0] == 0 and interactive_combat.chooser(t.game, 0) == 1
    play(eng, gid, 0, {"kind": "challenge", "space": ramp})
    assert [p.seat for p in rs.prompts(t)] == [1] and t.game.icombat["chooser"] == 1
    base = t.game.combat.enemies[0].armour_mod
    play(eng, gid, 1, {"kind": "combat_die", "colour": colour})
    return eng, gid, t, rs, base


def _to_phase(eng, gid, t, rs, phase):
    from engine.games.mage_knight.scenarios.interactive_combat import ORDER
    from sim.testing import play

    while t.game.combat is not None and ORDER.index(t.game.combat.phase) < ORDER.index(phase):
        cmd = next(c for c in rs.legal_commands(t, 0) if c["kind"] in ("next", "assign"))
        play(eng, gid, 0, cmd)


def test_E31_interactive_combat_white_die_armour_in_the_ranged_phase_only_MK_17_Var_InteractiveCombat():
    eng, gid, t, rs, base = _challenge_game("white")
    g = t.game
    assert g.icombat["white"] is True and g.combat.enemies[0].armour_mod == base + 1
    _to_phase(eng, gid, t, rs, "block")
    if g.combat is not None:
        assert g.combat.enemies[0].armour_mod == base and g.icombat["red"] is False
    _to_phase(eng, gid, t, rs, "over")
    revealed = [e for e in eng.store.read(gid) if e.type == "mk.icombat" and e.data.get("colour")]
    assert revealed and revealed[-1].data["colour"] == "white" and g.icombat == {}


def test_interactive_combat_die_stays_secret_until_its_phase_MK_17_Var_InteractiveCombat():
    from projections.views import log_view

    eng, gid, t, rs, base = _challenge_game("blue")
    g = t.game
    seen = [
        e
        for e in log_view(rs, eng.store.read(gid), 0)
        if e["type"] == "cmd.combat_die" or e["rule"] == "MK:17:Var:InteractiveCombat"
    ]
    assert len(seen) >= 3 and not [e for e in seen if "blue" in str(e.get("data"))]
    assert g.icombat["white"] is False and g.combat.enemies[0].armour_mod == base
    _to_phase(eng, gid, t, rs, "attack")
    if g.combat is not None:  # the attack phase: blue, armour +1
        assert g.icombat["colour"] == "blue" and g.combat.enemies[0].armour_mod == base + 1


def test_E12_hero_auction_negative_fame_and_reverse_tactic_order_MK_16_Var_Auction():
    """P2 wins a hero with a bid of 2 fame from 0: fame -2, still level 1, and reaching 0 again
    gives no level; round 1's tactics go in the reverse of the selection order."""
    from engine.context import Ctx
    from engine.games.mage_knight.turn.flow import level_up
    from sim.testing import play

    eng, gid = new_game("mage-knight", 3, seed=4, options={"variants": "hero_auction"})
    t = eng.table(gid)
    g = t.game
    rs = eng.ruleset(gid)
    order = g.auction["order"]
    assert g.phase == "auction" and all(p.hero == "" for p in g.players)
    assert state.deck(0) not in t.zones  # no decks before the heroes
    first, second, third = order
    hero = rs.legal_commands(t, first)[0]["hero"]
    play(eng, gid, first, {"kind": "auction_name", "hero": hero})
    assert [p.seat for p in rs.prompts(t)] == [second]
    assert {c["fame"] for c in rs.legal_commands(t, second)} >= {0, 1, 2}
    play(eng, gid, second, {"kind": "auction_bid", "fame": 2})
    # the chooser is earlier in the order: matching is enough
    assert min(c["fame"] for c in rs.legal_commands(t, third) if c["fame"]) == 3
    while g.phase == "auction" and g.auction.get("hero") == hero:
        seat = rs.prompts(t)[0].seat
        play(eng, gid, seat, {"kind": "auction_bid", "fame": 0})
    assert g.players[second].hero == hero and g.players[second].fame == -2 and g.players[second].level == 1
    assert g.auction["chooser"] == first  # no hero yet: it chooses again
    while g.phase == "auction":
        seat = rs.prompts(t)[0].seat
        cmd = rs.legal_commands(t, seat)[0]
        play(eng, gid, seat, cmd if cmd["kind"] == "auction_name" else {"kind": "auction_bid", "fame": 0})
    assert sorted(p.hero for p in g.players) == sorted(set(p.hero for p in g.players))
    assert g.phase == "tactics" and g.pickers == list(reversed(order))  # fame ignored
    assert all(len(t.zone(state.hand(s))) == 5 for s in range(3))
    ctx = Ctx(rs, t, "test", "test:1", None, 10_000)
    ctx.emit("mk.fame", {"seat": second, "delta": 2, "total": 0}, rule="MK:10:Result:1")
    level_up(ctx, t, second)
    assert g.players[second].level == 1 and not [e for e in ctx.events if e.type == "mk.level"]


def test_hero_auction_leaves_the_heroes_to_the_auction_MK_16_Var_Auction():
    with pytest.raises(BadInput) as err:
        new_game("mage-knight", 2, seed=1, options={"variants": "hero_auction", "heroes": "tovak,goldyx"})
    assert err.value.rule == "MK:16:Var:Auction"


def test_draft_at_game_start_and_a_drafted_card_after_each_day_MK_17_Var_Draft():
    from engine.games.mage_knight.scenarios import draft
    from projections.views import log_view
    from sim.testing import play

    eng, gid = new_game("mage-knight", 2, seed=5, options={"variants": "draft"})
    t = eng.table(gid)
    g = t.game
    rs = eng.ruleset(gid)
    assert g.phase == "draft" and [len(t.zone(draft.packet(s))) for s in (0, 1)] == [4, 4]
    assert t.zones[draft.packet(0)].vis == "owner" and t.zones[draft.packet(0)].owner == 0
    deck_before = len(t.zone(state.AA_DECK))
    picks = 0
    while g.phase == "draft":
        seat = rs.prompts(t)[0].seat
        play(eng, gid, seat, rs.legal_commands(t, seat)[0])
        picks += 1
    assert picks == 6 and [len(t.zone(draft.drafted(s))) for s in (0, 1)] == [3, 3]
    assert len(t.zone(state.AA_DECK)) == deck_before + 2 and g.phase == "tactics"
    seen = [
        e for e in log_view(rs, eng.store.read(gid), 1) if e["type"] == "cmd.draft_pick" and e["actor"] == 0
    ]
    assert seen and all(
        not e.get("data") or "card" not in e["data"] for e in seen
    )  # seat 0's picks are its own
    run_bots(eng, gid, 5)
    evs = _events(eng, gid)
    rounds = [e for e in evs if e.type == "mk.round"]
    adds = sorted({e.data["next_round"] for e in evs if e.type == "mk.draft" and e.data.get("step") == "add"})
    days_over = sum(1 for e in rounds[:-1] if not e.data["night"]) if len(rounds) > 1 else 0
    assert len(adds) == days_over
    assert len(t.zone(draft.drafted(0))) == 3 - days_over


def test_random_tile_orientation_turns_revealed_tiles_MK_16_Var_Map():
    from engine.games.mage_knight.content.load import content
    from engine.games.mage_knight.map.board import key, tile_spaces

    eng, gid = new_game(
        "mage-knight", 2, seed=3, options={"scenario": "full_conquest", "variants": "random_orientation"}
    )
    t = eng.table(gid)
    g = t.game
    tiles = [e for e in _events(eng, gid) if e.type == "mk.tile" and not e.data["tile"].startswith("start")]
    assert tiles
    for e in tiles:
        centre = tuple(e.data["centre"])
        turn = e.data.get("turn", 0)
        assert g.board.turns.get(key(centre), 0) == turn
        where = tile_spaces(g.board, centre)
        for h in content().tiles[e.data["tile"]].hexes:
            assert g.board.spaces[key(where[h.pos])].terrain == h.terrain
    assert any(e.data.get("turn") for e in tiles) or len(tiles) < 3
    plain = new_game("mage-knight", 2, seed=3, options={"scenario": "full_conquest"})
    assert not plain[0].table(plain[1]).game.board.turns


def test_darkness_falls_in_solo_lays_the_night_tactics_out_again_when_too_few_are_left_MK_4_Round_2f():
    restored = 0
    for seed in range(4):
        eng, gid = new_game(
            "mage-knight", 1, seed=seed, options={"scenario": "solo_conquest", "variants": "darkness_falls"}
        )
        run_bots(eng, gid, seed)
        t = eng.table(gid)
        assert t.over
        removed = set()
        for e in _events(eng, gid):
            if e.type == "mk.tactics_removed":
                removed |= set(e.data["tactics"])
            if e.type == "mk.tactics":
                assert len(e.data["open"]) >= len(e.data["pickers"])
                restored += bool(removed & set(e.data["open"]))
    assert restored
