"""The choice trees of Thunderstone, Rune Age, epochs and duel (issue 27) pass the shared checks.

Why: these rulesets answer with the default tree built from their legal commands (Thunderstone
with its own first question, pending choices and `same_choice`), so every decision of a seeded
random game must reach exactly its legal commands (up to `same_choice`), each accepted by the
engine, in words a player reads (tests/choice_checks.py). And copies of a card are one choice:
Thunderstone's eight "Equip Miliz with Dolch" are one option, the first listed played.
"""

from __future__ import annotations

import random

import msgspec
import pytest

from engine import choices
from engine.pipeline import Engine
from tests.choice_checks import check_agrees, questions_and_leaves

_canon = msgspec.json.Encoder(order="sorted")
DECISIONS = 100  # at most per game
GAMES = {  # ruleset: (players, options) of each seeded game
    "thunderstone": [
        (2, {}),
        (3, {}),
        (4, {}),
        (2, {"variant": "coop"}),
        (1, {}),
        (2, {"scenario": "Drachenturm"}),
    ],
    "rune-age": [
        (2, {}),
        (1, {}),
        (3, {"scenario": "the_cataclysm"}),
        (2, {"scenario": "runewars"}),
        (4, {"scenario": "the_monument"}),
    ],
    "epochs": [(2, {}), (3, {}), (4, {})],
    "duel": [(2, {}), (3, {}), (4, {})] * 3,
}


def decisions(name: str, players: int, options: dict, seed: int, n: int = DECISIONS):
    """(engine, game, seat) at each of the first `n` decisions of a seeded random game."""
    eng = Engine(":memory:")
    gid = eng.create(name, players, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(n):
        ps = eng.prompts(gid)
        if not ps:
            return
        seat = ps[0].seat
        yield eng, gid, seat
        eng.submit(gid, seat, rng.choice(eng.legal(gid, seat)))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_decision_passes_the_choice_checks(name):
    checked = 0
    for seed, (players, options) in enumerate(GAMES[name], start=1):
        for eng, gid, seat in decisions(name, players, options, seed):
            check_agrees(eng, gid, seat)
            checked += 1
    assert checked >= 100


def _copies(rs, t, seat, cmds):
    """Legal commands grouped by `same_choice`, in the order listed."""
    out: dict[bytes, list[dict]] = {}
    for c in cmds:
        out.setdefault(_canon.encode(rs.same_choice(t, seat, c)), []).append(c)
    return out


def test_thunderstone_identical_equips_are_one_option_the_first_listed():
    """BAT-2: equipping one of several interchangeable Miliz with one of several Dolche is one
    choice; the tree offers it once, as the first such command `legal_commands` lists."""
    for seed in range(1, 40):
        for eng, gid, seat in decisions("thunderstone", 2, {}, seed, 200):
            rs, t = eng.ruleset(gid), eng.table(gid)
            equips = [c for c in rs.legal_commands(t, seat) if c["kind"] == "equip"]
            groups = _copies(rs, t, seat, equips)
            if len(equips) < 4 or all(len(g) == 1 for g in groups.values()):
                continue
            _, found = questions_and_leaves(rs, t, seat, choices.ask(rs, t, seat))
            got = [c for c in found if c["kind"] == "equip"]
            assert len(got) == len(groups) < len(equips)
            assert got == [g[0] for g in groups.values()]  # the first listed of each choice
            check_agrees(eng, gid, seat)
            return
    pytest.fail("no seeded game met interchangeable equips")


def test_thunderstone_uses_say_what_the_ability_does():
    """A `use` reads as the card's own words for the ability (texts.py), never its index."""
    for seed in range(1, 20):
        for eng, gid, seat in decisions("thunderstone", 2, {}, seed, 200):
            rs, t = eng.ruleset(gid), eng.table(gid)
            uses = [
                c
                for c in rs.legal_commands(t, seat)
                if c["kind"] == "use" and c["card"].startswith("Proviant")
            ]
            if uses:
                q = choices.ask(rs, t, seat)
                labels = [o.label for o in q.options]
                assert any(lab.startswith("Use Proviant (one hero STRENGTH +") for lab in labels), labels
                assert not any("ability" in lab for lab in labels)
                return
    pytest.fail("no seeded game offered a Proviant")
