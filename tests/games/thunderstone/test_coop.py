"""The co-op variant "Vereint halten wir stand" (VAR-C, p.22), from situations/coop_marching.toml,
and bots finishing co-op games at all three levels."""

from __future__ import annotations

import pytest
from ts_helpers import Game

from sim.testing import new_game, run_bots


def rest(g: Game, seat: int, keep: bool = True) -> None:
    g.play("action", seat=seat, action="rest")
    g.play("pass", seat=seat)
    if keep:
        g.play("choose", seat=seat, option="keep")


def test_ts_coop_angry_then_march():
    """VAR-C: after the countdown a seat not going into the dungeon turns the position-1 monster
    angry; the next such turn it marches onto the village score pile and the dungeon refills."""
    g = Game("coop_marching")
    ork = g.id("pos1", "Ork III")
    rest(g, 0)
    assert g.t.game.angry == [ork] and g.t.zone("pos1") == [ork]
    rest(g, 1)
    assert g.t.zone("score:village") == [ork]
    assert g.names("pos1") == ["Fabelwesen I"] and g.names("pos3") == ["Ork I"]


def test_ts_coop_resting_passes_cards():
    """VAR-C: a resting player may pass a hand card to every other player, who puts a hand card of
    its choice on the resting player's discard pile and then takes the passed card."""
    g = Game("coop_marching")
    g.play("action", action="rest")
    g.play("pass")
    glut = g.id("hand0", "Glut")
    g.play("choose", option=g.t.zone("hand0").index(glut))
    assert g.eng.prompts(g.gid)[0].seat == 1
    assert sorted(c["option"] for c in g.legal(1)) == ["Dolch", "Fackel", "Miliz", "Proviant"]
    g.play("choose", seat=1, option="Dolch")
    assert glut in g.t.zone("hand1") and g.names("disc0").count("Dolch") >= 1
    assert g.t.game.active == 1


def test_ts_coop_lost_monster_goes_to_village_pile_and_offer_gives_xp():
    """VAR-C: a monster lost against goes to the village score pile, not under the deck; in the
    village a monster from hand may go on the shared pile for 1 shared XP."""
    g = Game("coop_marching", countdown=3)
    g.play("action", action="dungeon")
    gruft = g.id("pos3", "Gruftgeist")
    g.play("attack", monster=gruft)
    assert not g.last("ts.battle")["won"] and g.t.zone("score:village") == [gruft]
    g = Game("coop_marching", countdown=3)
    g.play("action", action="village")
    glut = g.id("play0", "Glut")
    g.play("offer", card=glut)
    assert g.t.zone("score:players") == [glut] and g.t.game.pool == 1


def test_ts_coop_team_result():
    """VAR-C end: defeated monsters' XP in all decks + shared pile + pool against the village pile."""
    g = Game("coop_marching", countdown=3, hall=["Spukgestalt", "Stein der Verachtung", "Ork I"], pool=2)
    g.play("action", action="dungeon")
    g.play("equip", weapon=g.id("play0", "Dolch"), hero=g.id("play0", "Miliz"))
    g.play("attack", monster=g.id("pos1", "Spukgestalt"))
    assert g.t.over and g.t.winners == [0, 1]
    assert g.t.scores == {
        "0": 2 + 1 + 1 + (2 + 1),
        "1": 7,
        "village": 0,
    }  # XP: Glut, Gruftgeist, Spukgestalt; pool 2 + its XP


@pytest.mark.parametrize("seed", range(24))
def test_ts_bots_finish_coop_game(seed):
    """Random bots finish co-op games at every level and player count (VAR-C, END-1)."""
    level = ("coop", "coop_brotherhood", "coop_unity")[seed % 3]
    players = 2 + seed % 4
    eng, gid = new_game("thunderstone", players, seed=seed, options={"variant": level})
    run_bots(eng, gid, seed)
    t = eng.table(gid)
    assert t.over and "village" in t.scores
    assert t.winners in ([], list(range(players)))
