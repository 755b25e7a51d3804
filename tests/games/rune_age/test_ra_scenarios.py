"""Victory, defeat and elimination in the four scenarios and the solo variants (§9, ELM-1..3)."""

from __future__ import annotations

from ra_helpers import Game

from sim import testing


def besiege_realm(g, attacker: int, defender: int, cards: list[str]) -> None:
    """A siege of a home realm in which only the attacker plays (the defender passes)."""
    g.play(attacker, "attack", target=f"realm:{defender}")
    for name in cards:
        g.play(attacker, "play", card=g.card(f"hand:{attacker}", name))
        if g.prompt() and g.prompt().seat == defender and g.prompt().kind == "deploy":
            g.play(defender, "pass")
    if g.prompt() and g.prompt().kind == "deploy":
        g.play(attacker, "pass")


def test_ra_dragonlords_defeating_the_objective_wins_at_once():
    """SCN-DL-2, A37, A38: the objective is attackable in round 1; defeating it ends the game."""
    g = Game("rules_base", edit=lambda d: d.update(fixture={"Die Drachenlords": {"strength": 3, "icons": 0}}))
    g.play(0, "attack", target=g.zone("objective")[0])
    g.play(0, "play", card=g.card("hand:0", "Daqan-Fußvolk"))
    g.play(0, "play", card=g.card("hand:0", "Daqan-Armbrustschützen"))
    g.play(0, "stop")
    assert g.t.over and g.t.winners == [0]
    assert g.events("game.over")[-1].rule == "SCN-DL-2"


def test_ra_dragonlords_solo_loses_at_twenty_damage():
    """SCN-DL-3, ELM-1: the solo player eliminated by the event deck loses."""
    g = Game(
        "rules_base",
        players=1,
        forced={"die:casualty": [0]},
        edit=lambda d: d.update(
            phase="event", races=["daqan"], seat=[{**d["seat"][0], "damage": 18}], events=["Drachenfeuer"]
        ),
    )
    assert g.t.players == 1
    g.play(0, "stop")
    assert g.t.over and g.t.winners == [] and g.g.eliminated == [0]
    assert g.events("game.over")[-1].rule == "SCN-DL-3"


def test_ra_solo_event_decks_drop_the_named_cards():
    """SCN-DL-3, SCN-WB-6, SCN-WB-5/OPT-2: solo and optional removals before building the deck."""
    dl = Game.new(1, scenario="dragonlords")
    assert len(dl.zone("events")) == 9 and "Reiche Ernte" not in dl.names("events")
    wb = Game.new(1, scenario="world_fire")
    assert len(wb.zone("events")) == 8
    assert not {"Der Wächter-Obelisk", "Bruder gegen Bruder"} & set(wb.names("events"))
    opt = Game.new(2, scenario="world_fire", remove_brother=True)
    assert len(opt.zone("events")) == 9 and "Bruder gegen Bruder" not in opt.names("events")


def test_ra_world_fire_stage_three_lies_at_the_bottom():
    """SET-10, A5, SCN-WB-2: shuffled stage 3 at the bottom, then stage 2, then stage 1."""
    from engine.games.rune_age.cards import spec

    g = Game.new(3, scenario="world_fire")
    stages = [spec(g.g, c).stage for c in g.zone("events")]
    assert stages == sorted(stages) and set(stages) == {1, 2, 3}


def test_ra_world_fire_all_win_when_the_first_player_cannot_draw():
    """SCN-WB-3/4, A39: the first event phase that finds the deck empty is a common victory."""
    g = Game("rules_base", edit=lambda d: d.update(scenario="world_fire", phase="event", events=[]))
    assert g.t.over and g.t.winners == [0, 1] and g.events("game.over")[-1].rule == "SCN-WB-4"


def test_ra_world_fire_any_elimination_loses_for_all():
    """SCN-WB-4: the moment one player is eliminated, all lose."""

    def doomed(d):
        d.update(scenario="world_fire", phase="event", events=["Feuerregen"])
        d["seat"][0]["damage"] = 19

    g = Game("rules_base", edit=doomed)
    g.play(0, "stop")
    assert g.t.over and g.t.winners == [] and g.events("game.over")[-1].rule == "SCN-WB-4"


def test_ra_world_fire_city_taken_from_a_player_enters_exhausted():
    """SCN-WB-1 (A12) vs SGE-4: exhausted in Weltenbrand, ready elsewhere (3 beats defence bonus 2)."""
    for scenario, exhausted in (("world_fire", True), ("dragonlords", False)):

        def edit(d, scenario=scenario):
            d.update(scenario=scenario, cities=["Dallak"], fixture={"Tamalir": {"defence": 2}})
            d["seat"][1]["play"] = ["Tamalir"]

        g = Game("rules_base", edit=edit)
        tam = g.card("play:1", "Tamalir")
        g.play(0, "attack", target=tam)
        assert g.g.combat.kind == "siege"
        g.play(0, "play", card=g.card("hand:0", "Daqan-Armbrustschützen"))
        g.play(1, "pass")
        g.play(0, "play", card=g.card("hand:0", "Daqan-Fußvolk"))
        g.play(0, "pass")
        assert g.events("ra.outcome")[-1].data == {
            "attacker": 3,
            "defender": 2,
            "winner": "attacker",
            "target": tam,
        }
        assert tam in g.zone("play:0") and (tam in g.g.exhausted) is exhausted


def test_ra_siege_tie_goes_to_the_defender_with_the_city_bonus():
    """SGE-3: the defence bonus joins the defender's army; a tie keeps the city where it is."""

    def edit(d):
        d.update(cities=["Dallak"], fixture={"Tamalir": {"defence": 3}})
        d["seat"][1]["play"] = ["Tamalir"]

    g = Game("rules_base", edit=edit)
    tam = g.card("play:1", "Tamalir")
    g.play(0, "attack", target=tam)
    g.play(0, "play", card=g.card("hand:0", "Daqan-Armbrustschützen"))
    g.play(1, "pass")
    g.play(0, "play", card=g.card("hand:0", "Daqan-Fußvolk"))
    g.play(0, "pass")
    assert g.events("ra.outcome")[-1].data["winner"] == "defender" and tam in g.zone("play:1")


def test_ra_rune_wars_victor_takes_the_rune_and_chooses_one():
    """SCN-RW-2, SCN-RW-3, ELM-2: elimination in a siege hands the rune to the victor."""

    def war(d):
        d["scenario"] = "rune_wars"
        d["races"] = ["daqan", "uthuk", "latari"]
        d["seat"][0]["play"] = ["Rune des Goldes"]
        d["seat"][1].update(play=["Rune des Wissens", "Tamalir"], damage=18, hand=["1-Gold", "1-Gold"])
        d["seat"].append({"hand": ["Latari-Späher", "1-Gold"], "play": ["Rune der Weisheit"]})
        d["cities"] = ["Dallak"]

    g = Game("rules_base", edit=war, players=3)
    besiege_realm(g, 0, 1, ["Daqan-Fußvolk", "Daqan-Armbrustschützen"])
    assert g.g.eliminated == [1] and g.events("ra.eliminated")[-1].data["cause"] == "combat"
    assert g.prompt().kind == "rune_choice" and g.prompt().seat == 0
    assert "Tamalir" in g.names("cities") and "1-Gold" not in g.names("hand:1")
    wissen = g.card("play:0", "Rune des Wissens")
    g.play(0, "keep_rune", card=wissen)
    runes = [c for c in g.zone("play:0") if c.startswith("Rune")]
    assert runes == [wissen] and "Rune des Goldes" in g.names("out")
    assert not g.t.over and g.g.active == 0


def test_ra_rune_wars_last_survivor_wins():
    """SCN-RW-6, A21: eliminating the only other player wins at once."""

    def war(d):
        d["scenario"] = "rune_wars"
        d["seat"][0]["play"] = ["Rune des Goldes"]
        d["seat"][1].update(play=["Rune des Wissens"], damage=19, hand=["1-Gold"])

    g = Game("rules_base", edit=war)
    besiege_realm(g, 0, 1, ["Daqan-Fußvolk"])
    assert g.t.over and g.t.winners == [0] and g.events("game.over")[-1].rule == "SCN-RW-6"


def test_ra_rune_wars_event_elimination_removes_the_rune():
    """SCN-RW-5, RND-3 (A20): event damage removes the rune; the next player becomes first."""

    def war(d):
        d.update(scenario="rune_wars", races=["daqan", "uthuk", "latari"], phase="event", events=["Pestwind"])
        d["seat"][0].update(play=["Rune des Goldes"], damage=19)
        d["seat"][1]["play"] = ["Rune des Wissens"]
        d["seat"].append({"hand": ["Latari-Späher"], "play": ["Rune der Weisheit"]})

    g = Game("rules_base", edit=war, players=3)
    g.play(0, "stop")
    assert g.g.eliminated == [0] and "Rune des Goldes" in g.names("out") and g.g.first == 1
    assert g.events("ra.first_player")[-1].rule == "RND-3"


def test_ra_monument_built_wins_at_the_end_of_the_round():
    """SCN-MO-2, SCN-MO-4, ACT-BUY-4: the builder wins once the round (with its event phase) ends."""

    def mon(d):
        d["scenario"] = "monument"
        d["seat"][0]["hand"] = ["3-Gold", "3-Gold", "2-Gold", "Daqan-Fußvolk"]
        d["events"] = ["Goldader"]

    g = Game("rules_base", edit=mon)
    for name in ("3-Gold", "3-Gold", "2-Gold"):
        g.play(0, "play_gold", card=g.card("hand:0", name))
    g.play(0, "buy", pile="monument")
    assert g.names("play:0") == ["Monument der Daqan-Lords"] and g.g.built == [0]
    g.finish_turn(0)
    assert not g.t.over
    g.finish_turn(1)
    assert g.t.over and g.t.winners == [0] and g.events("game.over")[-1].rule == "SCN-MO-4"


def test_ra_monument_two_builders_compare_deck_strength():
    """SCN-MO-4, A23: printed strength of all units in deck, hand and discard decides; ties share."""

    def mon(strong):
        def edit(d):
            d["scenario"] = "monument"
            d["events"] = ["Goldader"]
            d["seat"][0].update(
                hand=["3-Gold", "3-Gold", "2-Gold"], discard=["Daqan-Ritter"] if strong else []
            )
            d["seat"][1].update(hand=["3-Gold", "3-Gold", "2-Gold"], discard=["Uthuk-Jäger"])

        return edit

    for strong, winners in ((True, [0]), (False, [1])):
        g = Game("rules_base", edit=mon(strong))
        for seat, _race in ((0, "Daqan-Lords"), (1, "Uthuk")):
            for name in ("3-Gold", "3-Gold", "2-Gold"):
                g.play(seat, "play_gold", card=g.card(f"hand:{seat}", name))
            g.play(seat, "buy", pile="monument")
            g.finish_turn(seat)
        assert g.t.over and g.t.winners == winners
        assert set(g.t.scores["deck_strength"]) == {"0", "1"}


def test_ra_elimination_returns_gold_neutrals_and_cities():
    """ELM-2, RWD-4, A19: gold and neutral cards go home, cities turn neutral, rewards leave the game."""

    def doomed(d):
        d.update(phase="event", events=["Drachenfeuer"], cities=["Dallak"])
        d["seat"][1].update(
            damage=19,
            hand=["1-Gold", "Dämon"],
            deck=["2-Gold"],
            discard=["Schlachtruf"],
            play=["Tamalir", "Uthuk-Festung", "Goblin-Plünderer"],
        )
        d["order"] = [1, 0]

    g = Game("rules_base", edit=doomed, forced={"die:casualty": [0]})
    gold1, dam = len(g.zone("gold:1")), len(g.zone("neutral:Dämon"))
    g.play(1, "stop")
    assert g.g.eliminated == [1] and g.g.first == 0
    assert len(g.zone("gold:1")) == gold1 + 1 and len(g.zone("neutral:Dämon")) == dam + 1
    assert "Tamalir" in g.names("cities") and {"Goblin-Plünderer", "Uthuk-Festung"} <= set(g.names("out"))
    assert g.zone("hand:1") == g.zone("deck:1") == g.zone("discard:1") == g.zone("play:1") == []
    assert g.events("ra.eliminated")[-1].data["cause"] == "event"


def test_ra_every_scenario_and_count_sets_up_and_rejects_impossible_ones():
    """§9.6: solo only in scenarios 1 and 3; Runenkriege and Monument need two players."""
    import pytest

    from engine.errors import BadInput

    for scenario in ("rune_wars", "monument"):
        with pytest.raises(BadInput, match="needs at least 2 players"):  # CORE-1O: exit 2
            testing.new_game("rune-age", 1, 1, {"scenario": scenario})
    g = Game.new(4, scenario="rune_wars")
    assert all(len([c for c in g.zone(f"play:{s}") if c.startswith("Rune")]) == 1 for s in range(4))
    assert len(g.zone("runes")) == 2


def test_ra_dragonlords_objective_is_worn_down_by_lost_battles():
    """SCN-DL-2, EVT-8 (stand-in card text `wear_down`): an army that loses against the objective
    leaves damage tokens equal to its strength on it; each token lowers its strength, so a later
    army can defeat it, and that player wins."""
    g = Game("rules_base", edit=lambda d: d.update(fixture={"Die Drachenlords": {"strength": 5, "icons": 0}}))
    target = g.zone("objective")[0]
    g.play(0, "attack", target=target)
    for _ in range(2):
        g.play(0, "play", card=g.card("hand:0", "Daqan-Fußvolk"))
    g.play(0, "stop")  # 2 < 5: the objective wins ...
    assert not g.t.over and g.events("ra.outcome")[-1].data["winner"] == "target"
    hit = g.events("damage.dealt")[-1]
    assert (hit.data["target"], hit.data["n"], hit.rule) == (target, 2, "EVT-8")  # ... but keeps 2 tokens
    g.finish_turn(0)
    assert g.g.active == 1
    g.play(1, "attack", target=target)
    assert g.g.combat.target_strength == 3  # 5 - 2 tokens
    g.play(1, "play", card=g.card("hand:1", "Uthuk-Jäger"))
    g.play(1, "stop")
    while not g.t.over and g.prompt() and g.prompt().kind == "resolution":
        g.play(1, "done")
    assert g.t.over and g.t.winners == [1]
    assert g.events("ra.outcome")[-1].data["target"] == 3


def test_ra_worn_enemy_sheds_its_tokens_when_defeated():
    """EVT-7, EVT-8: a worn-down enemy that is defeated leaves its damage tokens behind, so a
    stage-2 card shuffled back into the event deck comes back at full strength."""
    wear = [{"timing": "passive", "effect": "wear_down", "text": "stand-in"}]
    g = Game(
        "rules_base",
        edit=lambda d: d.update(
            enemies=["Drachenbrut"], fixture={"Drachenbrut": {"strength": 3, "icons": 0, "abilities": wear}}
        ),
    )
    enemy = g.card("enemies", "Drachenbrut")
    g.play(0, "attack", target=enemy)
    g.play(0, "play", card=g.card("hand:0", "Daqan-Fußvolk"))
    g.play(0, "stop")
    assert g.t.damage.get(enemy) == 1
    g.finish_turn(0)
    g.play(1, "attack", target=enemy)
    assert g.g.combat.target_strength == 2
    g.play(1, "play", card=g.card("hand:1", "Berserker"))
    g.play(1, "play", card=g.card("hand:1", "Berserker"))
    g.play(1, "stop")
    while g.prompt() and g.prompt().kind in ("resolution", "end_of_combat"):
        g.play(1, "done")
    assert enemy in g.zone("event_discard") and not g.t.damage.get(enemy)
