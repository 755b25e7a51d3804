"""Set-up at human speed (issue 28, item 7): the bot's proposal for a seat's remaining set-up
(bots/proposal.py) is deterministic, accepted it is stored as the ordinary commands (the
same events as playing them one by one), and a refused step stores nothing."""

import pytest

from bots import proposal
from engine.errors import IllegalCommand
from engine.pipeline import Engine
from store import VersionConflict


def dl(seed=5, players=2):
    eng = Engine(":memory:")
    return eng, eng.create("dragonlords", players, seed=seed, game_id="dl-proposal", salt="s")


def rows(eng, gid):
    return [(e.version, e.type, e.actor, e.rule, e.data) for e in eng.store.read(gid)]


def test_the_proposal_is_the_seats_whole_set_up_in_words_and_the_same_for_the_same_state():
    eng, gid = dl()
    seat = eng.prompts(gid)[0].seat
    got = proposal.propose(eng, gid, seat)
    assert len(got.steps) > 12  # DragonLords places dozens of units per seat
    assert got.steps[0].now and not any(s.now for s in got.steps[1:])  # armies place in turn
    assert all(s.label and not s.label.startswith("{") for s in got.steps)
    assert got == proposal.propose(eng, gid, seat)  # deterministic
    assert proposal.propose(eng, gid, 1 - seat).steps == []  # only the prompted seat is offered one


def test_accepted_proposals_store_the_same_events_as_the_commands_played_one_by_one():
    """Each seat accepts its proposal when first prompted; its waiting steps are played when it
    is prompted again (as the table server does); the same commands played one by one on
    another engine make the same events."""
    a, gid = dl()
    b, gid_b = dl()
    waiting: dict[int, list] = {}
    while proposal.in_setup(a.ruleset(gid), a.table(gid)):
        seat = a.prompts(gid)[0].seat
        if seat not in waiting:
            done = proposal.accept(a, gid, seat, None, a.table(gid).version)
            assert done.played == 1 and done.waiting
            waiting[seat] = done.waiting
            continue
        cmd = proposal.next_step(a, gid, seat, waiting[seat])
        waiting[seat] = waiting[seat][1:]
        a.submit(gid, seat, cmd)
    assert a.table(gid).game.phase == "purchase"  # the set-up is done
    for e in a.store.read(gid):
        if e.type.startswith("cmd."):
            b.submit(gid_b, e.actor, e.data)
    assert rows(a, gid) == rows(b, gid_b)


def test_a_refused_step_stores_nothing_and_is_named():
    eng, gid = dl()
    seat = eng.prompts(gid)[0].seat
    version = eng.table(gid).version
    nowhere = {"kind": "place", "to": "nowhere"}
    with pytest.raises(IllegalCommand, match="step 4"):  # a changed step, checked on the forecast
        proposal.accept(eng, gid, seat, {3: nowhere}, version)
    assert eng.table(gid).version == version == eng.store.version(gid)
    with pytest.raises(IllegalCommand, match="step 1"):  # the step played at once
        proposal.accept(eng, gid, seat, {0: nowhere}, version)
    assert eng.store.version(gid) == version
    with pytest.raises(VersionConflict):
        proposal.accept(eng, gid, seat, None, version - 1)
    assert eng.store.version(gid) == version


def test_a_changed_step_is_played_as_changed():
    eng, gid = dl()
    seat = eng.prompts(gid)[0].seat
    got = proposal.propose(eng, gid, seat)
    other = next(c for c in eng.legal(gid, seat) if c != got.steps[0].command)
    done = proposal.accept(eng, gid, seat, {0: other}, got.version)
    last = [e for e in eng.store.read(gid) if e.type.startswith("cmd.")][-1]
    assert done.played == 1 and last.data == other


@pytest.mark.parametrize("ruleset", ["mage-knight", "thunderstone", "rune-age", "epochs", "duel"])
def test_no_other_ruleset_offers_one(ruleset):
    """Counted in seeded games: no other ruleset's set-up takes more than a dozen decisions
    per seat (Mage Knight: a tactic, a hero, three draft picks at most), so none declares one."""
    eng = Engine(":memory:")
    gid = eng.create(ruleset, 2, seed=3)
    seat = eng.prompts(gid)[0].seat
    assert proposal.propose(eng, gid, seat).steps == []


def test_a_step_refused_while_stored_rolls_back_the_steps_before_it(monkeypatch):
    """The steps played now share one transaction: a refusal of a later one (here forced, as a
    game changed by another writer would) leaves the store and the table as they were."""
    eng, gid = dl()
    seat = eng.prompts(gid)[0].seat
    version = eng.table(gid).version
    real = eng.submit

    def then_refuse(game_id, s, cmd, expected_version=None):
        real(game_id, s, cmd, expected_version)
        raise IllegalCommand("TEST", "refused after being played")

    monkeypatch.setattr(eng, "submit", then_refuse)
    with pytest.raises(IllegalCommand, match="step 1"):
        proposal.accept(eng, gid, seat, None, version)
    monkeypatch.undo()
    assert eng.store.version(gid) == version == eng.table(gid).version
    assert proposal.accept(eng, gid, seat, None, version).played == 1  # and it can be accepted again


@pytest.mark.parametrize(
    ("ruleset", "options", "turn"),
    [
        ("mage-knight", {"variants": "draft"}, "turn"),  # a tactic and three draft picks
        ("rune-age", {"scenario": "runewars"}, "actions"),
        ("thunderstone", {}, "action"),
        ("epochs", {}, "jump"),
        ("duel", {}, "play-or-pass"),
    ],
)
def test_other_rulesets_set_up_takes_at_most_a_dozen_decisions_per_seat(ruleset, options, turn):
    """Counted in a seeded game: the decisions each seat makes before the first ordinary turn."""
    from bots.random_bot import bot_rng
    from bots.tree_walk import random_command
    from engine import fork

    g = fork.open(ruleset, 2, seed=3, options=options)
    rng, per_seat = bot_rng("count"), {0: 0, 1: 0}
    while (p := g.prompts()[0]).kind != turn:
        per_seat[p.seat] += 1
        assert per_seat[p.seat] <= 12, (ruleset, p)
        cmd, _ = random_command(g.ruleset, g.table, p.seat, rng)
        g.apply_unchecked(p.seat, g.ruleset.same_command(g.table, p.seat, cmd))
