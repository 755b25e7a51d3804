"""The CLI's interactive chooser (cli/chooser.py): numbered questions, back, a leaf confirmed
before it is played, a pick toggled and confirmed only within its min and max."""

from __future__ import annotations

from cli.chooser import Chooser
from engine import choices
from engine.choices import Pick, PickOption, Question
from engine.pipeline import Engine


def scripted(answers: list[str]):
    said: list[str] = []
    feed = iter(answers)
    return (lambda _prompt: next(feed)), said.append, said


def test_a_step_back_and_a_confirmed_leaf_play_one_command():
    eng = Engine(":memory:")
    gid = eng.create("duel", 2, seed=3, options={})
    seat = eng.prompts(gid)[0].seat
    first = eng.choices(gid, seat)
    steps = [i for i, o in enumerate(first.options, 1) if o.expand]
    leaves = [i for i, o in enumerate(first.options, 1) if o.command]
    assert steps and leaves, "the duel's first question has both kinds of option"
    before = eng.table(gid).version
    read, write, said = scripted(
        ["x", "99", str(steps[0]), "b", "b", str(leaves[0]), "n", str(leaves[0]), "y"]
    )
    assert Chooser(eng, gid, seat, read, write).run() == 0
    assert eng.table(gid).version > before, "the confirmed leaf was played"
    text = "\n".join(said)
    assert "Give a number from 1 to" in text and "nothing to go back to" in text
    played = eng.store.read(gid, before + 1, before + 1)[0]
    assert played.type == f"cmd.{first.options[leaves[0] - 1].command['kind']}"


def test_quitting_plays_nothing():
    eng = Engine(":memory:")
    gid = eng.create("duel", 2, seed=3, options={})
    seat = eng.prompts(gid)[0].seat
    before = eng.table(gid).version
    read, write, _ = scripted(["1", "b", "q"])
    assert Chooser(eng, gid, seat, read, write).run() == 3
    assert eng.table(gid).version == before


class PickEngine:
    """An engine stand-in whose one question is a pick of two to three of four cards."""

    def __init__(self):
        self.played: list[dict] = []
        pick = Pick(
            "Which cards do you discard?",
            2,
            3,
            "discard",
            [PickOption(n, n.lower()) for n in ("Rage", "March", "Swiftness", "Stamina")],
            {"kind": "end_turn"},
        )
        self.q = Question(1, 0, "What do you do?", None, [choices.picks("End the turn …", pick)])

    def choices(self, game_id, seat, token=None):
        return self.q

    def submit(self, game_id, seat, cmd):
        self.played.append(cmd)

    def table(self, game_id):
        return type("T", (), {"version": 2})()


def test_a_pick_confirms_only_an_allowed_number_of_values_in_the_options_order():
    eng = PickEngine()
    read, write, said = scripted(["1", "3", "c", "1", "c", "3", "c"])
    assert Chooser(eng, "g", 0, read, write).run() == 0
    assert eng.played == [{"kind": "end_turn", "discard": ["rage", "swiftness"]}]
    assert "Choose from 2 to 3; 1 chosen." in "\n".join(said)
    assert "Chosen: Swiftness, Rage" not in "\n".join(said)  # listed in the pick's order
