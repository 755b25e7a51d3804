"""Checks every choice tree must pass (issue 27), shared by the core's and each game's tests.

- words: no instance ids ("#3"), no "(k of n)", no "option 0"/"ability 0", no raw JSON, no
  internal identifiers (snake_case such as `will_focus`), no two labels alike in a question;
- size: no question offers more than `LIMIT` options (a pick's values count as its options);
- agreement: the leaves of the tree, and every pick with an allowed number of values, are
  exactly the seat's legal commands (up to the ruleset's `same_choice`), each accepted by the
  engine's own check.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from typing import Any

import msgspec

from engine import choices
from engine.choices import Node, Question

LIMIT = 25
_canon = msgspec.json.Encoder(order="sorted")
K_OF_N = re.compile(r"\(\d+ of \d+\)")
NUMBERED = re.compile(r"\b(option|ability|index|slot|choice) \d+\b", re.IGNORECASE)
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")  # an engine id such as will_focus or mana_draw


def bad_words(text: str) -> str | None:
    """Why `text` is not words a player reads, or None."""
    if "#" in text:
        return "an instance id (#)"
    if K_OF_N.search(text):
        return "a (k of n)"
    if NUMBERED.search(text):
        return "a numbered option/ability"
    if "{" in text or '":' in text or "[" in text:
        return "raw JSON"
    if m := SNAKE.search(text):
        return f"an internal identifier ({m.group(0)})"
    return None


def check_question(q: Question, limit: int = LIMIT) -> None:
    """Words and size of one question (and of the picks and steps given at once in it)."""
    texts = [q.question] + [o.label for o in q.options]
    for text in texts:
        why = bad_words(text)
        assert why is None, f"{why} in {text!r} (question {q.question!r})"
    assert len(q.options) <= limit, (
        f"{len(q.options)} options in {q.question!r}: {[o.label for o in q.options]}"
    )
    labels = [o.label.casefold() for o in q.options]
    assert all(label.strip() for label in labels), f"an empty label in {q.question!r}"
    assert len(set(labels)) == len(labels), f"alike labels in {q.question!r}: {[o.label for o in q.options]}"
    for o in q.options:
        if o.preview:
            why = bad_words(o.preview)
            assert why is None, f"{why} in the preview {o.preview!r} of {o.label!r}"
        if o.pick is not None:
            check_pick(o, limit)
        if o.options is not None:
            check_question(Question(q.version, q.seat, o.question or "", q.rule, o.options), limit)


def check_pick(o: Node, limit: int = LIMIT) -> None:
    p = o.pick
    assert p is not None
    for text in [p.question] + [v.label for v in p.options]:
        why = bad_words(text)
        assert why is None, f"{why} in {text!r} (pick {p.question!r})"
    assert len(p.options) <= limit, f"{len(p.options)} values in the pick {p.question!r}"
    labels = [v.label.casefold() for v in p.options]
    assert len(set(labels)) == len(labels), f"alike values in the pick {p.question!r}: {labels}"


def questions_and_leaves(
    rs, table, seat: int, first: Question, ask: Callable[[Any], Question] | None = None, max_sets: int = 512
) -> tuple[list[Question], list[dict[str, Any]]]:
    """Every question of the tree under `first` and every complete command below it (a
    pick's allowed sets enumerated: up to `max_sets`, else a seeded sample of them)."""
    ask = ask or (lambda token: choices.ask(rs, table, seat, token))
    seen: list[Question] = []
    out: list[dict[str, Any]] = []

    def visit(q: Question | Node) -> None:
        if isinstance(q, Question):
            seen.append(q)
            nodes = q.options
        else:
            nodes = q.options or []
        for node in nodes:
            if node.command is not None:
                out.append(node.command)
            elif node.pick is not None:
                out.extend(pick_sets(node.pick, max_sets))
            elif node.expand is not None:
                visit(ask(node.expand))
            else:
                visit(node)

    visit(first)
    return seen, out


def pick_sets(p, max_sets: int = 512) -> list[dict[str, Any]]:
    values = [o.value for o in p.options]
    sizes = range(p.min, p.max + 1)
    total = (
        sum(len(list(itertools.combinations(range(len(values)), k))) for k in sizes)
        if len(values) < 20
        else None
    )
    if total is not None and total <= max_sets:
        sets = [c for k in sizes for c in itertools.combinations(values, k)]
    else:
        rng = random.Random(len(values))
        sets = []
        for _ in range(max_sets):
            k = rng.choice(list(sizes))
            chosen = set(rng.sample(range(len(values)), k))
            sets.append(tuple(v for i, v in enumerate(values) if i in chosen))
    return [{**p.command, p.field: list(s)} for s in sets]


def check_agrees(eng, gid: str, seat: int, limit: int = LIMIT) -> int:
    """The seat's tree (through Engine.choices, undo left out) reaches exactly its legal
    commands up to `same_choice`, every leaf accepted by the engine; every question passes
    `check_question`. Returns the number of questions seen."""
    rs, t = eng.ruleset(gid), eng.table(gid)
    first = eng.choices(gid, seat)
    first = msgspec.structs.replace(
        first, options=[o for o in first.options if not (o.command and o.command.get("kind") == "undo")]
    )
    seen, found = questions_and_leaves(rs, t, seat, first, lambda token: eng.choices(gid, seat, token))
    for q in seen:
        check_question(q, limit)
        assert q.options, f"a further question offers nothing: {q.question!r}"
    legal = eng.legal(gid, seat)

    def key(c: dict[str, Any]) -> bytes:
        return _canon.encode(rs.same_choice(t, seat, c))

    found_keys = {key(c) for c in found}
    legal_keys = {key(c) for c in legal}
    missing = legal_keys - found_keys
    assert not missing, f"legal but not in the tree: {[msgspec.json.decode(k) for k in list(missing)[:3]]}"
    for c in found:
        assert eng.check(gid, seat, c) is None, f"a leaf the engine refuses: {c}: {eng.check(gid, seat, c)}"
    return len(seen)
