"""Issue 28 item 8: a log people read. Over seeded games of every ruleset, one entry per
decision (its consequences folded in, never the decision twice), grammar right, and a seat's
entries tell nothing its per-event log did not."""

import re

import pytest

from bots.random_bot import bot_rng, step
from engine import narration, registry
from engine.log_entries import entries
from engine.mechanics.zones import card_name
from projections.views import REFEREE, log_view
from sim.testing import engine

RULESETS = sorted(registry.rulesets())
STEPS = 80
BAD = ("is set up with 0", "are set up with 0", "gets -", " 1 cards", " 0 cards", "damages", "by ?")


@pytest.fixture(scope="module", params=RULESETS)
def played(request, tmp_path_factory):
    name = request.param
    eng = engine(str(tmp_path_factory.mktemp(name) / "log.db"))
    rs = registry.get(name)
    gid = eng.create(name, 2 if 2 in rs.players else min(rs.players), 7)
    rng = bot_rng(7)
    for _ in range(STEPS):
        if not step(eng, gid, rng):
            break
    return eng, gid, rs


def logs(eng, gid, rs, who):
    """The per-event sentences and the entries as `who` sees them."""
    stored = eng.store.read(gid)
    seen = log_view(rs, stored, who)
    t = eng.table(gid)
    said = {e["version"]: rs.describe(t, e) for e in seen}
    return stored, seen, said, entries(rs, seen, [e.command_id for e in stored], lambda e: said[e["version"]])


@pytest.mark.parametrize("who", [0, 1, None])
def test_one_entry_per_decision(played, who):
    eng, gid, rs = played
    stored, seen, said, found = logs(eng, gid, rs, who)
    decisions = [e for e in seen if e["type"].startswith("cmd.")]
    assert decisions, "no decision made: the test could not fail"
    leads = {x.versions[0] for x in found}
    assert {e["version"] for e in decisions} <= leads
    covered = [v for x in found for v in x.versions]
    assert len(covered) == len(set(covered)), "an event in two entries"
    # every other entry is one event that stands alone (set-up, a verdict), saying something
    alone = [x for x in found if x.versions[0] not in {e["version"] for e in decisions}]
    assert all(len(x.versions) == 1 for x in alone)
    assert len(found) == len(decisions) + len(alone)
    assert len(found) < len(seen), "nothing folded: the log still says every move twice"
    by_version = {e.version: e for e in stored}
    for x in found:  # an entry covers its decision's events only, and says the decision once
        if x.versions[0] in leads and len(x.versions) > 1:
            ids = {by_version[v].command_id for v in x.versions}
            assert len(ids) == 1, f"entry {x.versions} spans commands"
        head = said[x.versions[0]].rstrip(".")
        assert x.text.count(head) == 1, f"entry {x.versions} says its decision twice: {x.text}"


@pytest.mark.parametrize("who", [0, None, REFEREE])
def test_sentences_read_right(played, who):
    eng, gid, rs = played
    _, _, said, found = logs(eng, gid, rs, who)
    for text in [*said.values(), *(x.text for x in found)]:
        for bad in BAD:
            assert bad not in text, f"{bad!r} in {text!r}"
        assert not re.search(r"\b(units|cards|relics|medals|randomizers) is\b", text), text


def test_a_seats_entries_hold_nothing_its_events_hide(played):
    """Every card an entry names was named by that seat's per-event sentences of the same
    events, and no entry names a card that seat's view of those events hides."""
    eng, gid, rs = played
    names = {card_name(c) for e in eng.store.read(gid) for c in _ids(e.data)}
    for seat in (0, 1):
        _, seen, said, found = logs(eng, gid, rs, seat)
        views = {e["version"]: e for e in seen}
        for x in found:
            own = " ".join(said[v] or "" for v in x.versions)
            visible = {card_name(c) for v in x.versions for c in _ids(views[v]["data"])}
            for n in names:
                if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", x.text):
                    assert n in own, f"seat {seat}'s entry {x.versions} names {n} its events do not"
            if any(views[v].get("redacted") for v in x.versions):
                shown = {n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", x.text)}
                assert shown <= visible | {n for n in names if n in own}


def test_grammar_helpers():
    assert narration.count(0, "card") == "no cards" and narration.count(1, "card") == "1 card"
    assert narration.signed(-3, "influence point") == "loses 3 influence points"
    assert narration.signed(1, "move point") == "gains 1 move point"
    assert narration.be("Seat 2's units") == "are" and narration.be("Seat 2's deck") == "is"
    assert narration.be("cards Seat 1 laid out this turn") == "are"
    assert narration.be("Antike: board space 1") == "is" and narration.be("Neutral cards: Dämon") == "are"
    assert narration.be("the village stack Stab des blauen Feuers") == "is"
    ev = {"type": "zone.created", "actor": None, "data": {"zone": "p1.units", "n": 0}, "version": 3}
    assert narration.describe(None, ev) == "Seat 2's units are set up with no cards."


def _ids(data) -> set[str]:
    """The card ids in an event's data, at any depth."""
    if isinstance(data, str):
        return {data} if "#" in data else set()
    if isinstance(data, dict):
        return {c for v in data.values() for c in _ids(v)}
    if isinstance(data, (list, tuple)):
        return {c for v in data for c in _ids(v)}
    return set()
