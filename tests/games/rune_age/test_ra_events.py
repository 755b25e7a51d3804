"""The event phase (EVT-1..10): attacks defended player by player, enemies, rebuild, lasting effects."""

from __future__ import annotations

from ra_helpers import Game

from engine.games.rune_age.cards import spec


def event_phase(**game):
    """Start in the event phase of round 1 with the given [game] changes (first player = seat 0)."""
    return Game("rules_base", edit=lambda d: d.update(phase="event", **game))


def test_ra_attack_effect_defended_in_turn_order_from_the_first_player():
    """EVT-4, BTL-6, A15: every player defends in turn; damage = effect strength - army."""
    g = Game("rules_base", edit=lambda d: d.update(phase="event", order=[1, 0], events=["Grenzscharmützel"]))
    p = g.prompt()
    assert (p.seat, p.kind, g.g.combat.kind) == (1, "deploy", "defend")
    g.play(1, "stop")  # no cards: the full 3 is taken
    assert g.damage(1) == 3 and g.events("damage.dealt")[-1].rule == "BTL-6"
    assert g.prompt().seat == 0
    for name in ("Daqan-Fußvolk", "Daqan-Armbrustschützen"):
        g.play(0, "play", card=g.card("hand:0", name))
    g.play(0, "stop")  # 1 + 2 = 3: a tie repels the attack
    assert g.damage(0) == 0
    assert g.g.round == 2 and g.g.active == 1 and g.g.ev is None
    assert len(g.zone("hand:0")) == 5 and "Grenzscharmützel" in g.names("event_discard")


def test_ra_enemy_attacks_at_the_start_only_when_already_in_play():
    """EVT-1, EVT-3: an enemy in play attacks before the draw; the enemy drawn now does not."""
    g = event_phase(enemies=["Drachenbrut"], events=["Goblin-Plünderer"])
    assert g.g.combat.kind == "defend" and g.names("enemies") == ["Drachenbrut"]
    assert g.events("ra.event_phase")[-1].rule == "EVT-1"
    g.play(0, "stop")
    g.play(1, "stop")
    assert g.damage(0) == g.damage(1) == spec(g.g, g.card("enemies", "Drachenbrut")).phase_attack > 0
    assert sorted(g.names("enemies")) == ["Drachenbrut", "Goblin-Plünderer"]
    h = event_phase(enemies=[], events=["Drachenbrut"])
    assert h.g.combat is None and h.names("enemies") == ["Drachenbrut"] and h.g.round == 2


def test_ra_empty_deck_is_rebuilt_from_stage_two_only():
    """EVT-6, A13: only the stage-2 cards of the event discard pile form the new deck."""
    g = event_phase(events=[], event_discard=["Reiche Ernte", "Tribut an die Drachen", "Drachenfeuer"])
    shuffle = [e for e in g.events("zone.shuffled") if e.data["zone"] == "events"]
    assert shuffle and shuffle[-1].rule == "EVT-6"
    assert "Reiche Ernte" in g.names("event_discard")
    drawn = g.events("ra.event_step")
    assert any(e.rule == "EVT-4" for e in drawn)


def test_ra_lasting_effect_strengthens_enemies_until_the_end_of_the_next_round():
    """EVT-4, A14: drawn in round 1, it holds through round 2 and leaves after round 2's event phase."""
    g = event_phase(enemies=["Goblin-Plünderer"], events=["Unheilvolle Zeichen", "Reiche Ernte"])
    card = g.zone("lasting")[0]
    assert g.g.lasting == {card: 2} and g.g.round == 2
    g.play(0, "attack", target=g.card("enemies", "Goblin-Plünderer"))
    assert g.g.combat.target_strength == 4 + 2
    g.play(0, "stop")
    g.finish_turn(0)
    g.finish_turn(1)
    assert g.g.round == 3 and g.zone("lasting") == [] and card in g.zone("event_discard")
    assert g.events("ra.lasting_expired")[-1].data["card"] == card


def test_ra_tribute_is_a_simultaneous_hidden_choice():
    """EVT-4 (stand-in effect), invariant 5/6: both seats are prompted at once; picks stay hidden."""
    g = event_phase(events=["Tribut an die Drachen"])
    assert sorted(p.seat for p in g.eng.prompts(g.gid)) == [0, 1]
    chosen = g.zone("hand:1")[3]
    g.play(1, "tribute", slot=3)
    ev = g.events("ra.tribute_chosen")[-1]
    assert ev.vis == [1] and g.eng.ruleset(g.gid).public_data(ev) == {"seat": 1}
    assert [p.seat for p in g.eng.prompts(g.gid)] == [0]
    view = g.eng.ruleset(g.gid).game_view(g.t, 0)
    assert view["ev"]["chosen"] == {"1": "?"}
    g.play(0, "tribute", slot=0)
    assert chosen in g.zone("discard:1") and len(g.zone("discard:0")) == 1
    assert g.g.round == 2


def test_ra_draw_effect_and_all_players_refill():
    """EVT-4, EVT-5: each player draws, then all refill to five (none over five discard)."""
    g = event_phase(events=["Reiche Ernte"])
    assert len(g.zone("hand:0")) == 6 and len(g.zone("hand:1")) == 6 and g.g.round == 2
