"""A refusal says each thing once: the engine's addition to the game's reason
(engine.explain.what_differs) leaves out what the reason already says."""

from engine.explain import what_differs

LEGAL = [{"kind": "tactic", "tactic": 1}, {"kind": "tactic", "tactic": 2}]


def test_a_kind_the_reason_already_refuses_is_not_refused_twice():
    said = what_differs({"kind": "draft_add"}, LEGAL, "'draft_add' is not possible now")
    assert said == "possible: tactic"


def test_a_kind_the_reason_does_not_name_is_named():
    said = what_differs({"kind": "draft_add"}, LEGAL, "it is the tactic phase")
    assert said == "'draft_add' is not possible now; possible: tactic"


def test_nothing_to_decide():
    assert what_differs({"kind": "x"}, [], "") == "this seat has nothing to decide now"
