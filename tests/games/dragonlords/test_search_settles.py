"""MCTS settles a decision question by question where the ruleset asks (`search_settles`,
DragonLords): each of the seat's questions on the committed path gets its own iterations, every
option of it is tried, and the option taken is the best by mean among those visited twice; the
answer follows that path."""

import random

from test_dl_hidden_chips import _past_setup

from bots import search


def test_each_question_of_a_combat_decision_is_settled_on_its_own(monkeypatch):
    g = _past_setup(7, "combat")
    assert g.ruleset.search_settles > 0
    seen: list[tuple[search._Node, dict[int, bytes]]] = []
    settle = search._settle

    def spy(root, *args):
        plan = settle(root, *args)
        seen.append((root, plan))
        return plan

    monkeypatch.setattr(search, "_settle", spy)
    answer = search.mcts(g, 0, None, random.Random(3), 16)
    assert answer in g.legal(0)
    ((root, plan),) = seen
    node, questions, last = root, 0, None
    while id(node) in plan:
        if len(node.keys) > 1:
            questions += 1
            assert len(node.children) == len(node.keys), "an option of a settled question was never tried"
            last = node
        node = node.children[plan[id(node)]]
    assert questions >= 2  # a decision of several questions: the case the setting is for
    # the last question settled had no iterations after it: its option is the best mean
    kids = last.children
    mean = {k: ch.w / ch.n for k, ch in kids.items() if ch.n >= 2}
    assert mean[plan[id(last)]] == max(mean.values())


def test_rulesets_that_do_not_ask_are_searched_as_before(monkeypatch):
    g = _past_setup(7, "combat")
    monkeypatch.setattr(type(g.ruleset), "search_settles", 0)
    monkeypatch.setattr(search, "_settle", lambda *a: (_ for _ in ()).throw(AssertionError("settled")))
    assert search.mcts(g, 0, None, random.Random(3), 16) in g.legal(0)
