"""Phase 3 (recovery) and the end of the game, rulebook p.5, through the real pipeline."""

from epochs_helpers import Game, of


def test_recovery_clears_boards_and_refills():
    """EP-P3-ATTACKER, EP-P3-MARKERS, EP-P3-DICE, EP-P3-REFILL, EP-P3-MARKER-REFILL, EP-P3-HAND,
    EP-P3-END: after the rewards the attacker's units go to their discard pile, used war markers
    to the shared discard pile, the board and the marker display are refilled, the hand is drawn
    up to 4 and the left neighbour's turn begins."""
    g = Game("ep_x01_normal_line")
    g.fight_epoch([1, 2], ["Recruit"], [("Banner", "Recruit")])
    g.play(0, "recruit")
    evs = g.play(0, "skip_relics")
    rules = [e.rule for e in evs]
    assert (
        rules.index("EP-P3-ATTACKER")
        < rules.index("EP-P3-MARKERS")
        < rules.index("EP-P3-DICE")
        < rules.index("EP-P3-REFILL")
        < rules.index("EP-P3-MARKER-REFILL")
        < rules.index("EP-P3-HAND")
        < rules.index("EP-P3-END")
    )
    assert g.zone("board.attack") == [] and g.zone("wm.used") == []
    assert g.names("p0.discard")[:2] == ["Recruit", "Hoplite"]
    assert g.names("wm.discard") == ["Banner"]
    assert sorted(g.names("wm.display")) == ["Charge", "Drill", "Shieldwall", "Volley"]
    assert [g.names(f"e.Antike.space{i}") for i in (1, 2, 3)] == [["Berserker"], ["Hoplite"], ["Strategos"]]
    assert len(g.zone("p0.hand")) == 4 and g.t.damage == {}
    assert (g.t.game.active, g.t.game.round, g.t.game.combat) == (1, 1, None)
    assert g.prompt().seat == 1 and g.prompt().kind == "jump"


def test_empty_epoch_deck_is_its_shuffled_discard_pile():
    """EP-P3-REFILL: an empty epoch deck is replaced by its shuffled discard pile."""
    g = Game("ep_epoch_fight")
    g.force_dice("0", "0")
    g.fight_epoch([1, 2], ["Archer"], [("Volley", "Archer")])
    g.play(0, "decline")
    evs = g.play(0, "skip_relics")
    (shuffle,) = [e for e in of(evs, "zone.shuffled") if e.data["zone"] == "e.Antike.deck"]
    assert shuffle.rule == "EP-P3-REFILL" and shuffle.vis == []
    assert all(g.zone(f"e.Antike.space{i}") for i in (1, 2, 3))
    assert g.names("e.Antike.space1") == ["Strategos"]


def test_war_markers_reshuffled_when_their_deck_runs_out():
    """EP-P3-MARKER-REFILL: the display is refilled, reshuffling the war-marker discard pile."""
    g = Game("ep_epoch_fight")
    g.force_dice("0", "0")
    g.fight_epoch([1, 2], ["Archer", "Spearman"], [("Volley", "Archer"), ("Banner", "Spearman")])
    g.play(0, "decline")
    evs = g.play(0, "skip_relics")
    (shuffle,) = [e for e in of(evs, "zone.shuffled") if e.data["zone"] == "wm.deck"]
    assert shuffle.rule == "EP-P3-MARKER-REFILL"
    assert len(g.zone("wm.display")) == 4


def test_hand_refill_reshuffles_the_discard_pile():
    """EP-P3-HAND: with too few cards in the deck the player draws them, shuffles the discard
    pile into a new deck and draws on until the hand holds 4."""
    g = Game("ep_epoch_fight")
    g.force_dice("+2", "-1")
    g.fight_epoch([1], ["Spearman", "Rider", "Recruit", "Archer"])
    assert g.zone("p0.hand") == []
    g.play(0, "decline")
    evs = g.play(0, "skip_relics")
    (shuffle,) = [e for e in of(evs, "zone.shuffled") if e.data["zone"] == "p0.deck"]
    assert shuffle.rule == "EP-P3-HAND"
    drawn = [e for e in of(evs, "zone.moved") if e.data["dst"] == "p0.hand"]
    assert sum(e.data["n"] for e in drawn) == 4 and len(g.zone("p0.hand")) == 4
    assert drawn[0].data["cards"] == ["Recruit#2", "Archer#2"]  # the old deck first


def test_passing_player_draws_nothing():
    """EP-X-PHASE2, EP-P3-HAND: a player who passes Phase 2 was in no combat and draws
    nothing; the left neighbour goes on."""
    g = Game("ep_epoch_fight", edit=lambda d: d["seats"][0].update(hand=["Archer"]))
    g.play(0, "jump", epoch="Moderne")
    evs = g.play(0, "pass")
    assert g.zone("p0.hand") == ["Archer#1"]
    (turn,) = of(evs, "turn.started")
    assert turn.rule == "EP-P3-END" and turn.data == {"seat": 1, "round": 1}


def test_round_advances_after_the_last_seat():
    """EP-P3-END, EP-X-TURN: after the last seat the next round starts with seat 0."""
    g = Game("ep_epoch_fight", edit=lambda d: d.update(active=1, round=2))
    g.play(1, "jump", epoch="Antike")
    evs = g.play(1, "pass")
    assert of(evs, "turn.started")[0].data == {"seat": 0, "round": 3}
    assert not g.t.over


def test_game_ends_after_last_player_of_last_round():
    """EP-P3-END, EP-X-SCORE, EP-X-ROUNDS: when the last player of the last round has
    finished, the game ends; relics, medals and weapon-honour markers are scored."""

    def edit(d):
        d.update(active=1, round=4)
        d["seats"][0]["honour"] = 2
        d["seats"][1]["relics"] = ["Crown", "Helm"]

    g = Game("ep_epoch_fight", options={"rounds": 4}, edit=edit)
    g.play(1, "jump", epoch="Antike")
    evs = g.play(1, "pass")
    scores = {e.data["seat"]: e.data for e in of(evs, "score.counted")}
    assert scores[0] == {"seat": 0, "relics": 0, "medals": 6, "honour": 2, "total": 8}
    assert scores[1] == {"seat": 1, "relics": 4, "medals": 6, "honour": 0, "total": 10}
    (over,) = of(evs, "game.over")
    assert over.rule == "EP-P3-END" and over.data["winners"] == [1]
    assert g.t.over and g.eng.prompts(g.gid) == [] and g.t.seed is not None
