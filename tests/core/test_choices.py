"""The choice tree (engine.choices, issue 27) agrees with the flat legal list, reads as words,
and is built lazily.

Why: every front end and bot is to move onto the tree, so it must reach exactly the commands
`legal_commands` lists (none lost, none invented), each accepted by the engine's own check;
its labels must be words a player can tell apart; and asking the first question must not
build the questions below it (the point of the tree is not to enumerate).
"""

from __future__ import annotations

import json
import random
import re

import msgspec
import pytest

from engine import choices, registry
from engine.choices import BadToken, Node, Pick, PickOption, Question
from engine.errors import BadInput
from engine.pipeline import Engine
from tests.choice_checks import check_agrees

_canon = msgspec.json.Encoder(order="sorted")
RULESETS = sorted(registry.rulesets())
DECISIONS = 50  # at most per seeded game: the tree is checked at every one of them
WANTED = 100  # per ruleset: short games (duel) take more seeds
SEEDS = range(11, 31)
K_OF_N = re.compile(r"\(\d+ of \d+\)")


def players(name: str) -> int:
    ps = registry.get(name).players
    return 2 if 2 in ps else ps[0]


def walk(rs, t, seat, q: Question, seen_questions: list[Question]) -> list[dict]:
    """Every leaf below `q`, every question met on the way noted."""

    def expand(token: str) -> Question:
        sub = choices.ask(rs, t, seat, token)
        seen_questions.append(sub)
        return sub

    seen_questions.append(q)
    return list(choices.leaves(q, expand))


def check_words(q: Question) -> None:
    labels = []
    for text in [q.question] + [o.label for o in q.options]:
        assert "#" not in text, f"instance id in {text!r}"
        assert not K_OF_N.search(text), f"(k of n) in {text!r}"
        assert "{" not in text and '":' not in text, f"raw JSON in {text!r}"
    for o in q.options:
        assert o.label.strip(), q
        labels.append(o.label.casefold())
    assert len(set(labels)) == len(labels), f"alike labels in {q.question!r}: {[o.label for o in q.options]}"


@pytest.mark.parametrize("name", RULESETS)
def test_tree_reaches_exactly_the_legal_commands(name):
    """Every ruleset's tree, at every decision of seeded games: exactly the legal commands
    (up to same_choice), each accepted by the engine; words a player reads; at most 25
    options a question (tests/choice_checks.py)."""
    decisions = 0
    for seed in SEEDS:
        if decisions >= WANTED:
            break
        eng = Engine(":memory:")
        gid = eng.create(name, players(name), seed=seed, options={})
        rng = random.Random(seed)
        for _ in range(DECISIONS):
            ps = eng.prompts(gid)
            if not ps:
                break
            seat = ps[0].seat
            first = eng.choices(gid, seat)
            assert first.version == eng.table(gid).version and first.seat == seat
            check_agrees(eng, gid, seat)
            eng.submit(gid, seat, rng.choice(eng.legal(gid, seat)))
            decisions += 1
    assert decisions >= WANTED


def test_a_seat_with_nothing_to_decide_gets_no_options():
    eng = Engine(":memory:")
    gid = eng.create("duel", 2, seed=3, options={})
    rs, t = eng.ruleset(gid), eng.table(gid)
    waiting = {p.seat for p in eng.prompts(gid)}
    idle = next(s for s in range(2) if s not in waiting)
    q = choices.ask(rs, t, idle)
    assert q.options == [] and eng.legal(gid, idle) == []
    assert json.loads(choices.to_json(q))["options"] == []


def test_first_question_builds_no_deeper_level(monkeypatch):
    """Asking the first question asks the ruleset once, for path [], and builds one level of
    the default tree; opening a step asks once more, with the step's own path."""
    eng = Engine(":memory:")
    gid = eng.create("mage-knight", 2, seed=5, options={})
    rng = random.Random(5)
    for _ in range(8):  # past the tactics, into a turn with cards to play
        seat = eng.prompts(gid)[0].seat
        eng.submit(gid, seat, rng.choice(eng.legal(gid, seat)))
    seat = eng.prompts(gid)[0].seat
    rs, t = eng.ruleset(gid), eng.table(gid)
    asked: list = []
    own = type(rs).question
    monkeypatch.setattr(type(rs), "question", lambda self, *a: asked.append(a[2]) or own(self, *a))
    first = choices.ask(rs, t, seat)
    steps = [o for o in first.options if o.expand]
    assert steps and asked == [[]]
    choices.ask(rs, t, seat, steps[0].expand)
    assert len(asked) == 2 and asked[1] != []


def test_tokens_are_tamper_checked_and_stale_ones_refused():
    eng = Engine(":memory:")
    gid = eng.create("duel", 2, seed=3, options={})
    seat = eng.prompts(gid)[0].seat
    rs, t = eng.ruleset(gid), eng.table(gid)
    token = next(o.expand for o in choices.ask(rs, t, seat).options if o.expand)
    body, mac = token.split(".")
    edited = body[:-2] + ("AA" if body[-2:] != "AA" else "BB") + "." + mac
    for bad, words in (
        (edited, "damaged or was edited"),
        ("nonsense", "is not a choice token"),
        (token + "x", "damaged"),
    ):
        with pytest.raises(BadToken, match=words) as info:
            choices.ask(rs, t, seat, bad)
        assert repr(bad[:20])[1:-1] in str(info.value)  # the token is named
    with pytest.raises(BadToken, match="was given to Seat"):
        choices.ask(rs, t, 1 - seat, token)
    eng.submit(gid, seat, eng.legal(gid, seat)[0])
    with pytest.raises(BadToken, match="is stale: it was given at event"):
        choices.ask(rs, eng.table(gid), seat, token)
    assert issubclass(BadToken, BadInput)  # the CLI's exit 2: bad input, not a rule's refusal


def test_contract_json_shape():
    """The JSON is the issue's contract: preview always present, exactly one of command,
    question with options, expand or pick; a pick's command gets its field set as a list."""
    pick = Pick(
        "Which cards do you discard?",
        0,
        2,
        "discard",
        [PickOption("Rage", "rage"), PickOption("Stamina", "stamina")],
        {"kind": "end_turn"},
    )
    q = Question(
        7,
        1,
        "What do you do?",
        None,
        [
            choices.leaf("Pass", {"kind": "pass"}),
            choices.step(
                "Play a card …",
                "Which card?",
                [choices.leaf("Play Jab", {"kind": "play", "card": "Jab"}, "deals 1")],
            ),
            choices.lazy("Attack …", "tok"),
            choices.picks("End the turn …", pick),
        ],
    )
    data = json.loads(choices.to_json(q))
    assert list(data) == ["version", "seat", "question", "rule", "options"]
    assert data["options"][0] == {"label": "Pass", "preview": None, "command": {"kind": "pass"}}
    assert set(data["options"][1]) == {"label", "preview", "question", "options"}
    assert data["options"][2] == {"label": "Attack …", "preview": None, "expand": "tok"}
    assert data["options"][3]["pick"]["options"][1] == {"label": "Stamina", "value": "stamina"}
    assert choices.from_json(choices.to_json(q)) == q
    got = list(
        choices.leaves(q, lambda tok: Question(7, 1, "Which?", None, [choices.leaf("Attack", {"kind": "a"})]))
    )
    assert {"kind": "end_turn", "discard": ["rage", "stamina"]} in got
    assert {"kind": "end_turn", "discard": []} in got and len(got) == 3 + 4
    with pytest.raises(ValueError, match="exactly one"):
        Node("x", None, command={"kind": "pass"}, expand="tok")
    with pytest.raises(ValueError, match="exactly one"):
        Node("x", None)
    with pytest.raises(ValueError, match="min"):
        Pick("?", 2, 1, "discard", [PickOption("a", 1), PickOption("b", 2)], {"kind": "k"})


def test_undo_is_an_option_where_the_policy_allows_and_plays_like_a_command():
    """CORE-6: after a seat's own decision (no chance outcome, reveal or other seat since),
    its first question offers "Undo: …" naming that decision; playing that option's command
    takes the game back; another seat is offered no undo of it."""
    from engine.ruleset import Ruleset

    eng = Engine(":memory:")
    gid = eng.create("mage-knight", 2, seed=5, options={})
    rng = random.Random(5)
    found = False
    for _ in range(60):
        seat = eng.prompts(gid)[0].seat
        before = eng.table(gid).version
        cmd = rng.choice(eng.legal(gid, seat))
        eng.submit(gid, seat, cmd)
        q = eng.choices(gid, seat)
        undo = [o for o in q.options if o.command and o.command["kind"] == "undo"]
        other = 1 - seat
        assert not any(o.command and o.command["kind"] == "undo" for o in eng.choices(gid, other).options)
        if undo and not eng.table(gid).over:
            (node,) = undo
            assert node.label.startswith("Undo: ") and len(node.label) > len("Undo: ")
            assert node.command == {"kind": "undo", "to": before}
            state_before = eng.reader.state_at(gid, before)
            eng.submit(gid, seat, node.command)
            back = eng.table(gid)
            assert back.game == state_before.game and back.zones == state_before.zones
            found = True
            break
    assert found, "no undoable own decision in 60 decisions"
    assert callable(Ruleset.question)
