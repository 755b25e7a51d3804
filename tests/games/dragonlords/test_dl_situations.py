"""Situations for disputes (issue 17 item 2): a DragonLords position can start inside an open
land battle and can mark seats as already out; a wrong battle or elimination is refused with the
rule that forbids it."""

from __future__ import annotations

import tomllib

import pytest
from dl_helpers import SIT, events, game, legal, sit, submit

from engine.games.dragonlords.situations.load import SituationError, lay_out


def test_a_situation_starts_inside_a_land_battle_after_its_first_round():
    """DL:3.4/land.5: after a round the attacker fights on or retreats to a territory it holds
    next to the battle; the next round fought is round 2."""
    eng, gid = sit("battle_after_round", forced={"die:d6": [1] * 7})
    b = game(eng, gid).battle
    assert (b.loc, b.attacker, b.defender, b.step, b.rounds) == ("T1a", 0, 1, "after_round", 1)
    choices = legal(eng, gid, 0)
    assert {"kind": "fight", "at": "T1a"} in choices and {"kind": "retreat", "to": "T1c"} in choices
    assert not any(c["kind"] == "attack" for c in choices), "no new units join after a round"
    submit(eng, gid, 0, {"kind": "fight", "at": "T1a"})
    if {"kind": "stand"} in legal(eng, gid, 1):
        submit(eng, gid, 1, {"kind": "stand"})
    (r,) = events(eng, gid, "dl.round")
    assert r.data["round"] == 2 and r.data["loc"] == "T1a"
    assert len(r.data["attacker"]["dice"]) == 4 and r.data["attacker"]["hits"] == 4


def test_a_situation_marks_a_seat_eliminated():
    """DL:3.4/king: the seat whose King died is out; it is never asked to act."""
    eng, gid = sit("three_seats_one_out")
    g = game(eng, gid)
    assert [a.alive for a in g.armies] == [True, True, False]
    assert legal(eng, gid, 2) == []
    turns = []  # the active army at each step, ending each phase at once
    for _ in range(12):
        prompts = eng.prompts(gid)
        assert prompts and all(p.seat != 2 for p in prompts)
        turns.append(game(eng, gid).active)
        (done,) = [c for c in legal(eng, gid, prompts[0].seat) if c["kind"] == "done"]
        submit(eng, gid, prompts[0].seat, done)
    order = [a for i, a in enumerate(turns) if i == 0 or a != turns[i - 1]]
    assert order == [1, 0, 1, 0], "army 1's turn passes to army 0, skipping the dead army 2"


def _doc(name: str) -> dict:
    return tomllib.loads((SIT / f"{name}.toml").read_text())["game"]


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d.update(phase="purchase"), "combat phase"),
        (lambda d: d["battle"].update(attacker=1), "active army"),
        (lambda d: d["battle"].update(loc="T1b"), "has no unit at T1b"),
        (lambda d: d["battle"].update(step="casualties"), "step 'casualties'"),
        (lambda d: d["battle"].update(colour="red"), "unknown key"),
    ],
)
def test_a_wrong_battle_is_refused_with_its_rule(change, words):
    doc = _doc("battle_after_round")
    change(doc)
    eng, gid = sit("battle_after_round")  # a table to lay out on; lay_out checks before it emits
    t = eng.table(gid)
    with pytest.raises(SituationError, match=words):
        lay_out(_NoEmit(), t, doc)


def test_the_active_army_cannot_belong_to_an_eliminated_seat():
    doc = _doc("three_seats_one_out")
    doc["active"] = 2
    eng, gid = sit("three_seats_one_out")
    with pytest.raises(SituationError, match=r"DL:3.4/king"):
        lay_out(_NoEmit(), eng.table(gid), doc)


class _NoEmit:
    """A context that records nothing: the checks must refuse before any event matters."""

    def emit(self, *a, **k):
        pass

    def shuffle(self, *a, **k):
        pass

    def create(self, *a, **k):
        pass
