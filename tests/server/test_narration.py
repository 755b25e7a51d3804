"""The log in words (`Ruleset.describe`): every event type a seeded game of each ruleset makes
gets an English sentence, with no JSON in it, naming the seat and the cards it concerns; and a
seat's sentences, made from the events as that seat sees them, never name another seat's
hidden cards."""

from __future__ import annotations

import pytest

from engine import narration, registry
from engine.mechanics.zones import card_name
from projections.views import REFEREE, log_view
from sim.testing import new_game, run_bots

LISTS = ("cards", "picked")  # list fields whose cards a sentence names (when not too many)


def games(name: str):
    """Seeded bot games of the ruleset: its first three player counts, two seeds each."""
    rs = registry.get(name)
    for players in rs.players[:3]:
        for seed in (1, 2):
            eng, gid = new_game(name, players, seed)
            run_bots(eng, gid, seed)
            yield rs, eng, gid


def concerned(e: dict) -> tuple[list[str], list[str]]:
    """The seat names and card names a sentence about the seen event `e` must contain."""
    d, seat_names, card_names = e["data"], [], []
    if isinstance(d.get("seat"), int) and not isinstance(d.get("seat"), bool):
        seat_names.append(narration.seat_name(d["seat"]))
    if e["type"].startswith("cmd.") and isinstance(e["actor"], int):
        seat_names.append(narration.seat_name(e["actor"]))
    for key, v in d.items():
        if isinstance(v, str) and "#" in v:
            card_names.append(card_name(v))
        elif key in LISTS and isinstance(v, list) and len(v) <= narration.MAX_NAMES:
            card_names += [card_name(x) for x in v if isinstance(x, str)]
    return seat_names, card_names


def names_card(text: str, cid: str) -> bool:
    """The sentence names the card: by its id, or by its print name, the id's words less a
    hero's or colour's prefix ("tovak_cold_toughness": "Cold Toughness")."""
    words = cid.replace("_", " ").casefold()
    return cid in text or words in text.casefold() or words.split(" ", 1)[-1] in text.casefold()


def strings(x) -> list[str]:
    if isinstance(x, str):
        return [x]
    if isinstance(x, dict):
        return [s for k, v in x.items() for s in strings(k) + strings(v)]
    if isinstance(x, (list, tuple)):
        return [s for v in x for s in strings(v)]
    return []


@pytest.mark.parametrize("name", sorted(registry.rulesets()))
def test_every_event_type_has_a_sentence_naming_its_seat_and_cards(name):
    types: set[str] = set()
    for rs, eng, gid in games(name):
        t = eng.table(gid)
        viewers = [REFEREE, None, *range(t.players)]
        for who in viewers:
            for e in log_view(rs, eng.store.read(gid), who):
                text = rs.describe(t, e)
                types.add(e["type"])
                assert isinstance(text, str) and text.strip(), (e, text)
                assert "{" not in text and "}" not in text and '"' not in text, (e, text)
                seats, cards = concerned(e)
                for s in seats:
                    assert s in text, f"{e['type']}: {text!r} does not name {s}"
                for c in cards:
                    assert names_card(text, c), f"{e['type']}: {text!r} does not name the card {c}"
    assert "game.over" in types and any(t.startswith("cmd.") for t in types)


@pytest.mark.parametrize("name", sorted(registry.rulesets()))
def test_a_seats_sentences_never_name_another_seats_hidden_cards(name):
    checked = 0
    for rs, eng, gid in games(name):
        t = eng.table(gid)
        stored = eng.store.read(gid)
        for seat in [None, *range(t.players)]:
            for ev, seen in zip(stored, log_view(rs, stored, seat), strict=True):
                if not seen.get("redacted"):
                    continue
                shown = strings(seen["data"])
                secret = {card_name(s) for s in strings(ev.data) if "#" in s}
                secret = {c for c in secret if not any(c in s for s in shown)}
                text = rs.describe(t, seen)
                leaked = [c for c in secret if c in text]
                assert not leaked, f"{ev.type} as seen by {seat}: {text!r} tells {leaked}"
                checked += bool(secret)
    assert checked, f"{name}: the seeded games hid no card to check"


def test_the_default_sentence_is_words_from_type_and_data():
    """A ruleset without its own `describe` still gets readable words, never raw JSON."""
    from engine.ruleset import Ruleset

    seen = {
        "version": 9,
        "type": "mk.site_conquered",
        "actor": 1,
        "rule": "X",
        "data": {
            "seat": 1,
            "site": "Keep#2",
            "reward": {"fame": 3, "cards": ["Banner#1"]},
            "hexes": [[0, 1], [1, 1]],
        },
    }
    text = Ruleset().describe(None, seen)
    assert text.startswith("Seat 2: site conquered"), text
    assert "Keep" in text and "Banner" in text and "fame 3" in text
    assert "{" not in text and "[" not in text and "#" not in text
    cmd = {"type": "cmd.move", "actor": 0, "data": {"kind": "move", "to": "hex 3"}}
    assert Ruleset().describe(None, cmd) == "Seat 1 chooses move: to hex 3."


def test_rune_age_siege_is_told_with_both_totals():
    """E6 · SGE-1, SGE-3: a siege of a home realm reads as such, its outcome with both totals
    (the E6 situation, seat 0 besieging seat 1's realm, played on by bots)."""
    from pathlib import Path

    import engine.games.rune_age as rune_age
    from sim.testing import from_situation

    eng, gid = from_situation(Path(rune_age.__file__).parent / "situations" / "e6_siege_home_realm.toml")
    eng.submit(gid, 0, {"kind": "attack", "target": "realm:1"})
    run_bots(eng, gid, 6)
    t, rs = eng.table(gid), eng.ruleset(gid)
    seen = log_view(rs, eng.store.read(gid), 1)
    words = [rs.describe(t, e) for e in seen]
    assert "Seat 1 attacks Seat 2's home realm." in words
    assert "Seat 1 lays siege to Seat 2's home realm." in words
    sieges = [
        (e["data"], w)
        for e, w in zip(seen, words, strict=True)
        if e["type"] == "ra.outcome" and "defender" in e["data"]
    ]
    assert sieges
    for d, w in sieges:
        assert (
            f"the attacker (strength {d['attacker']}) against the defender (strength {d['defender']})" in w
        ), w
        assert ("the attacker wins" in w) == (d["attacker"] > d["defender"]), w
