"""Mage Knight's own choice tree (issue 27, engine/games/mage_knight/choices/).

Why: the tree is what players, front ends and bots answer instead of the flat legal list, so
it must reach exactly the legal commands (up to `same_choice`), each accepted by the engine,
in words and at most 25 options a question; its first question must stay cheap (never the
full list of legal commands, what made random Mage Knight play slow); and a set of cards is
one pick, not one option per subset, recorded exactly as the comma-joined command was.
"""

from __future__ import annotations

import random

import pytest

from engine import choices
from engine.games.mage_knight import legal, state
from engine.mechanics.zones import card_name
from engine.pipeline import Engine
from store.memory_store import MemoryStore
from tests.choice_checks import check_agrees

GAMES = (
    ("first_reconnaissance", 2, 1),
    ("first_reconnaissance", 4, 2),
    ("full_conquest", 2, 3),
    ("full_cooperative", 3, 4),
    ("dungeon_lords", 4, 5),
)
DECISIONS = 80


def _game(scenario: str, players: int, seed: int) -> tuple[Engine, str]:
    eng = Engine(MemoryStore())
    return eng, eng.create("mage-knight", players, seed=seed, options={"scenario": scenario})


def _play(eng: Engine, gid: str, rng: random.Random) -> None:
    seat = eng.prompts(gid)[0].seat
    eng.submit(gid, seat, rng.choice(eng.legal(gid, seat)))


@pytest.mark.parametrize(("scenario", "players", "seed"), GAMES)
def test_tree_agrees_with_the_legal_commands(scenario, players, seed):
    eng, gid = _game(scenario, players, seed)
    rng = random.Random(seed)
    questions = 0
    for _ in range(DECISIONS):
        if not eng.prompts(gid):
            break
        questions += check_agrees(eng, gid, eng.prompts(gid)[0].seat)
        _play(eng, gid, rng)
    assert questions > DECISIONS  # steps were opened, not only first questions


def _mid_turn(min_hand: int = 0) -> tuple[Engine, str, int]:
    """A 2-seat game at a turn, some move already played and `min_hand` cards still in hand."""
    for seed in range(40):
        eng, gid = _game("first_reconnaissance", 2, seed)
        rng = random.Random(seed)
        for _ in range(60):
            p = eng.prompts(gid)[0]
            t = eng.table(gid)
            hand = t.zone(state.hand(p.seat)) if state.hand(p.seat) in t.zones else []
            if p.kind == "turn" and t.game.players[p.seat].played and len(hand) >= min_hand:
                return eng, gid, p.seat
            _play(eng, gid, rng)
    raise AssertionError("no such turn in 40 seeded games")


def test_first_question_does_not_list_every_legal_command(monkeypatch):
    eng, gid, seat = _mid_turn()
    rs, t = eng.ruleset(gid), eng.table(gid)
    expected_kinds = {c["kind"] for c in eng.legal(gid, seat)}

    def refuse(*a, **k):
        raise AssertionError("the first question listed every legal command")

    monkeypatch.setattr(legal, "legal_commands", refuse)
    monkeypatch.setattr(legal, "turn_commands", refuse)
    monkeypatch.setattr(type(rs), "legal_commands", refuse)
    first = choices.walk(rs, t, seat, [])
    kinds = [choices.kind_of(o) for o in first.options]
    assert None not in kinds and len(kinds) == len(set(kinds))  # one option per kind
    assert set(kinds) == expected_kinds


def test_end_of_turn_discards_are_one_pick_recorded_as_before():
    """MK:6:Turn:5a: the cards discarded at the end of the turn are one pick (not one option per
    subset); the list it gives is recorded as the comma-joined names the command always had."""
    eng, gid, seat = _mid_turn(min_hand=6)
    rs, t = eng.ruleset(gid), eng.table(gid)
    first = choices.walk(rs, t, seat, [])
    ends = [o for o in first.options if choices.kind_of(o) == "end_turn"]
    assert len(ends) == 1 and ends[0].pick is not None
    pick = ends[0].pick
    hand = sorted(n for c in t.zone(state.hand(seat)) if (n := card_name(c)) != "wound")
    assert [o.value for o in pick.options] == hand and len(hand) >= 6
    assert (pick.min, pick.max, pick.field) == (0, len(hand), "discard")
    listed = len([c for c in eng.legal(gid, seat) if c["kind"] == "end_turn"])
    assert listed > 2 ** len(set(hand)) - 1  # what the pick replaces: one command per subset
    chosen = [pick.options[0].value, pick.options[-1].value]
    # the same choice given as the list and as the listed string records the same events
    as_list = {**pick.command, "discard": chosen}
    as_text = {**pick.command, "discard": ",".join(sorted(chosen))}
    assert eng.check(gid, seat, as_list) is None
    assert rs.same_choice(t, seat, as_list) == rs.same_choice(t, seat, as_text)
    before = t.version
    eng.submit(gid, seat, as_list)
    recorded = eng.store.read(gid, first=before + 1)[0]
    assert recorded.type == "cmd.end_turn" and recorded.data == as_text
