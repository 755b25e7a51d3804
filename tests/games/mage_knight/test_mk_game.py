"""The mage-knight ruleset end to end: set-up per player count, random bots finishing First
Reconnaissance, replay and undo equality, hidden hands (MK:3:Setup, MK:18:Scen:FirstRecon)."""

import random

import pytest

from engine.games.mage_knight import state
from engine.games.mage_knight.mana import rules as mana
from engine.mechanics.zones import card_name
from sim.testing import (
    assert_log_leaks_nothing,
    assert_replay_equal,
    assert_undo_equal,
    new_game,
    run_bots,
)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_per_player_count(players):
    """MK:3:Setup:10, MK:3:Setup:12, MK:3:Setup:17, MK:18:Scen:FirstRecon"""
    eng, gid = new_game("mage-knight", players, seed=5)
    t = eng.table(gid)
    g = t.game
    assert len(g.players) == players and len({p.hero for p in g.players}) == players
    assert len(g.source) == players + 2 and mana.source_valid(g.source)
    offer = t.zone(state.UNIT_OFFER)
    assert len(offer) == players + 2
    units = [card_name(u) for u in offer]
    from engine.games.mage_knight.content.load import content

    assert any("village" in content().units[u].recruit_sites for u in units)
    assert all(content().units[u].type == "regular" for u in units)
    assert len(t.zone(state.SPELL_OFFER)) == 3 and len(t.zone(state.AA_OFFER)) == 3
    for seat in range(players):
        assert len(t.zone(state.hand(seat))) == 5 and len(t.zone(state.deck(seat))) == 11
        assert len(t.zone(state.skill_stack(seat))) == 10
    # start tile + 2 revealed; the stack holds countryside 8/9/11 (solo 8) minus 2, then 3 core
    assert len(g.board.tiles) == 3
    country = {1: 8, 2: 8, 3: 9, 4: 11}[players]
    stack = t.zone(state.TILES)
    assert len(stack) == country - 2 + 3
    assert [x.split("_")[0] for x in stack[-3:]] == ["core"] * 3
    assert stack[0] == "countryside_3"  # number order (MK:18:Scen:FirstRecon)
    assert g.phase == "tactics" and not g.night and g.round == 1
    assert g.rounds == (4 if players == 1 else 3)


def test_round_one_tactics_last_chooser_first():
    """MK:4:Round:3a: lowest fame first; on a tie the lower token (the last chooser) picks first"""
    eng, gid = new_game("mage-knight", 3, seed=2)
    assert eng.table(gid).game.pickers == [2, 1, 0]
    cmds = eng.legal(gid, 2)
    assert {c["kind"] for c in cmds} == {"tactic"}
    assert len({c["tactic"] for c in cmds}) == 6  # rethink/mana_steal add their choices
    assert eng.legal(gid, 0) == []


def test_turn_order_follows_tactic_numbers():
    """MK:4:Round:3c"""
    eng, gid = new_game("mage-knight", 2, seed=2)
    eng.submit(gid, 1, {"kind": "tactic", "tactic": "great_start"})
    eng.submit(gid, 0, {"kind": "tactic", "tactic": "early_bird"})
    g = eng.table(gid).game
    assert g.order == [0, 1] and g.active == 0 and g.phase == "turn"
    assert g.players[0].pos == "0,0"  # enters on the portal (MK:3:Setup:20 reading)


@pytest.mark.parametrize("players,seed", [(p, s) for p in (1, 2, 3, 4) for s in range(50)])
def test_random_bots_finish_first_reconnaissance(players, seed):
    """MK:18:Scen:FirstRecon: 200 seeded games (50 per player count) end (round limit or city), no stall"""
    eng, gid = new_game("mage-knight", players, seed=seed)
    run_bots(eng, gid, seed)
    t = eng.table(gid)
    assert t.over
    assert t.game.round <= t.game.rounds


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 7), (1, 3), (3, 4), (4, 9)])
def test_replay_and_undo_equality(players, seed):
    """A sample of the bot games: replaying the log rebuilds the same state, and undoing any
    event restores the state before it (invariants 1-2)"""
    eng, gid = new_game("mage-knight", players, seed=seed, analysis=True)
    run_bots(eng, gid, seed)
    assert_undo_equal(eng, gid, random.Random(seed))
    assert_replay_equal(eng, gid)


def test_no_seat_sees_another_seats_hand():
    """Hands are the owner's; decks, skill stacks, tile stack and face-down garrisons nobody's"""
    eng, gid = new_game("mage-knight", 2, seed=3)
    run_bots(eng, gid, 3)
    for seat in (0, 1):
        assert assert_log_leaks_nothing(eng, gid, seat) > 100
    from projections.views import state_view

    t = eng.table(gid)
    v = state_view(eng.ruleset(gid), t, 0)
    zones = v["zones"]
    assert "cards" in zones["hand:0"] and "cards" not in zones["hand:1"]
    assert "cards" not in zones["deck:0"] and "cards" not in zones[state.TILES]


def test_spectator_sees_no_hand_deck_or_face_down_token():
    """Hidden information (invariant 6): a spectator's view and redacted log show no card of a
    hand, a deck, the tile stack or a face-down garrison"""
    eng, gid = new_game("mage-knight", 2, seed=11)
    run_bots(eng, gid, 11)
    assert assert_log_leaks_nothing(eng, gid, None) > 100
    from projections.views import state_view

    t = eng.table(gid)
    zones = state_view(eng.ruleset(gid), t, None)["zones"]
    hidden = [name for name, z in zones.items() if z["vis"] != "public"]
    assert hidden and all("cards" not in zones[name] for name in hidden)
    assert {"hand:0", "hand:1", "deck:0", "deck:1", state.TILES, "skills:0"} <= set(hidden)


@pytest.mark.parametrize("seed", range(24))
def test_random_bots_play_advanced_cards_to_the_end(seed):
    """MK:5:Effects:1: bots whose hand starts with three random advanced actions, spells or
    artifacts (and mana to power them) play First Reconnaissance to its end; replay equality
    on every fourth game"""
    from pathlib import Path

    from engine.games.mage_knight.content.load import content
    from sim.testing import assert_replay_equal, from_situation

    pool = sorted(
        c.id for c in content().cards.values() if c.kind in ("advanced_action", "spell", "artifact")
    )
    rnd = random.Random(seed)
    picked = rnd.sample(pool, 3)

    def edit(g):
        g["night"] = seed % 2 == 1
        g["seat"][0].update(
            hand=[*picked, "march", "rage"],
            tokens=["red", "blue", "green", "white", "black"],
            crystals={"red": 1, "blue": 1, "green": 1, "white": 1},
            units=["peasants"],
        )

    here = Path(__file__).with_name("situations") / "cards_village.toml"
    eng, gid = from_situation(here, edit=edit, analysis=seed % 4 == 0)
    run_bots(eng, gid, seed)
    assert eng.table(gid).over
    if seed % 4 == 0:
        assert_replay_equal(eng, gid)


def test_hero_crystal_dots_and_empty_starting_inventory():
    """MK:3:Setup:17, MK:15:Dummy: real players start with no crystals; the three dots of each
    hero card are basic colours; the rulebook prints only Goldyx's (green, green, blue, p.15),
    the others come from the public lists (heroes.json provenance)"""
    from engine.games.mage_knight.content.load import content

    heroes = {h.id: h for h in content().heroes.heroes}
    assert heroes["goldyx"].starting_crystals == ["green", "green", "blue"]
    assert "rulebook p.15" in heroes["goldyx"].provenance
    for h in heroes.values():
        assert len(h.starting_crystals) == 3 and set(h.starting_crystals) <= set(mana.BASIC)
        if h.id != "goldyx":
            assert h.provenance.startswith("public-list")
    eng, gid = new_game("mage-knight", 4, seed=3)
    assert all(p.crystals == {} for p in eng.table(gid).game.players)


TABLE_CARDS = (
    "banner_of_glory",
    "banner_of_fear",
    "banner_of_courage",
    "banner_of_fortitude",
    "banner_of_protection",
    "mana_meltdown",
    "mind_read",
    "energy_flow",
    "bow_of_starsdawn",
    "soul_harvester",
    "explosive_bolt",
    "meditation",
    "peaceful_moment",
)


UNITS = ("peasants", "foresters", "utem_guardsmen", "utem_crossbowmen")


@pytest.mark.parametrize("seed", range(4))
def test_random_bots_play_table_effects_in_full_conquest(seed):
    """MK:5:Effects:1c, MK:5:Units:8: four bots in Full Conquest, each hand starting with three of
    the cards that reach other players, banners and per-defeat rewards (and mana, crystals and a
    unit), keen to play them (play_keen), play to the end without a crash or stall, answering
    the prompts those effects give other seats (22-28 answers a game); replay equality on the
    first game"""
    from pathlib import Path

    from sim.testing import from_situation

    dealt = random.Random(seed).sample(TABLE_CARDS, 12)  # one copy of each card: three each

    def edit(g):
        for i, s in enumerate(g["seat"]):
            s.update(
                hand=[*dealt[3 * i : 3 * i + 3], "march", "rage"],
                tokens=["red", "blue", "green", "white"],
                crystals={"red": 1, "blue": 1, "green": 1, "white": 1},
                units=[UNITS[i]],
            )

    here = Path(__file__).with_name("situations") / "cards_four_seats.toml"
    eng, gid = from_situation(here, edit=edit, analysis=seed == 0)
    used = play_keen(eng, gid, seed)
    assert eng.table(gid).over and used > 0
    # MK:5:Effects:1d: the other players' choices were asked and answered by the seats themselves
    answers = [e for e in eng.store.read(gid) if e.type == "cmd.answer"]
    assert answers and any(e.actor != a.actor for e in answers for a in answers)
    if seed == 0:
        assert_replay_equal(eng, gid)


def play_keen(eng, gid, seed, limit: int = 20_000) -> int:
    """Random bots (with the ruleset's narrowing) that take, half the time they can, a banner
    use, a centre token, a move with a challenge or a table card's own side; returns how many
    such commands were played."""
    rng, used = random.Random(seed), 0
    for _ in range(limit):
        t = eng.table(gid)
        if t.over:
            return used
        seat = eng.prompts(gid)[0].seat
        legal = eng.legal(gid, seat)
        keen = [
            c
            for c in legal
            if c["kind"] in ("banner", "centre")
            or c.get("challenge")
            or (c["kind"] == "play" and c.get("mode") != "sideways" and c["card"] in TABLE_CARDS)
        ]
        if keen and rng.random() < 0.5:
            pick, used = rng.choice(keen), used + 1
        else:
            pick = rng.choice(eng.ruleset(gid).bot_choices(t, seat, legal) or legal)
        eng.submit(gid, seat, pick)
    raise AssertionError(f"not over after {limit} commands")
