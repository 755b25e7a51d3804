"""Whole turns played in a real browser by clicking the choice tree (issue 27, the web table):
a Mage Knight First Reconnaissance turn (a card and its mode, a move, a combat against a
rampaging enemy, the end of the turn with a discard) and DragonLords' set-up and first round
for both seats.

The tests do not know the trees' shapes (they are reshaped often): `route` searches the seat's
tree through the HTTP API, breadth-first within a node budget, for the labels leading to a
complete command that a predicate accepts (or to a pick whose chosen values make one), and
`play_route` clicks those labels one screen at a time (`click_path` checks every screen: at
most 25 options, words only), toggling a pick's values and confirming it."""

from __future__ import annotations

import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from engine.pipeline import Engine
from server.tokens import Seats
from sim.testing import from_situation
from store import EventStore
from tests.server.test_browser import ISSUED, post, start_server, stop_server
from tests.server.test_browser_choices import (
    check_screen,
    choose,
    click_path,
    current_question,
    get,
    open_seat,
    settled,
)

HERE = Path(__file__).resolve().parent
BUDGET = 200  # questions a search may open before it gives up

Want = Callable[[dict[str, Any]], bool]
Chooser = Callable[[dict[str, Any]], list[int] | None]  # a pick -> the indices to choose, or none


class Route(NamedTuple):
    """The labels from the first question to a leaf or a pick, what it plays, and for a pick
    the labels of the values to toggle."""

    labels: list[str]
    command: dict[str, Any]
    toggles: list[str] | None


def one_or_none(pick: dict[str, Any]) -> list[int] | None:
    """Choose one value if the pick allows it, else as few as it allows."""
    n = 1 if pick["min"] <= 1 <= pick["max"] else pick["min"]
    return list(range(n))


def picked(pick: dict[str, Any], chosen: list[int]) -> dict[str, Any]:
    return {**pick["command"], pick["field"]: [pick["options"][i]["value"] for i in chosen]}


def route(base: str, gid: str, token: str, *wants: Want, chooser: Chooser = one_or_none) -> Route | None:
    """The shallowest route through the seat's choice tree to a command one of `wants`
    accepts (the earlier want first among those as shallow): a leaf's, or a pick's with the
    values `chooser` chooses; None if there is none within BUDGET questions. The tree is
    walked breadth-first, a question at a time (steps given at once without a request)."""
    root = get(base, f"/api/games/{gid}/choices", token)  # the view's `choices`, without the view
    level: list[tuple[list[str], list[dict[str, Any]]]] = [([], root["options"])]
    opened = 0
    while level:
        found: list[tuple[int, Route]] = []
        below: list[tuple[list[str], list[dict[str, Any]]]] = []
        for labels, options in level:
            for node in options:
                if (node.get("command") or {}).get("kind") == "undo":
                    continue  # the undo button, no option
                path = [*labels, node["label"]]
                if node.get("command") is not None:
                    found += [
                        (i, Route(path, node["command"], None))
                        for i, w in enumerate(wants)
                        if w(node["command"])
                    ][:1]
                elif node.get("pick") is not None:
                    pick = node["pick"]
                    chosen = chooser(pick)
                    if chosen is not None:
                        cmd = picked(pick, chosen)
                        toggles = [pick["options"][i]["label"] for i in chosen]
                        found += [(i, Route(path, cmd, toggles)) for i, w in enumerate(wants) if w(cmd)][:1]
                elif node.get("options"):
                    below.append((path, node["options"]))
                elif node.get("expand") and not found:
                    opened += 1
                    assert opened <= BUDGET, f"no route within {BUDGET} questions"
                    step = urllib.parse.quote(node["expand"])
                    below.append(
                        (path, get(base, f"/api/games/{gid}/choices?expand={step}", token)["options"])
                    )
        if found:
            return min(found, key=lambda f: f[0])[1]
        level = below
    return None


def play_route(page, base: str, gid: str, token: str, *wants: Want, chooser: Chooser = one_or_none) -> Route:
    """Find a route to a command one of `wants` accepts and click it on the seat's page (once
    the page shows the version the route is found at: the same labels), a pick's values
    toggled and confirmed; returns when the game has moved on."""
    settled(page, base, gid)
    found = route(base, gid, token, *wants, chooser=chooser)
    assert found is not None, f"nothing wanted in {current_question(page)!r}"
    click_path(page, found.labels)  # a leaf: played; a pick: opened
    if found.toggles is not None:
        check_screen(page)
        choose(page, found.toggles)
    return found


def kind(k: str) -> Want:
    return lambda c: c.get("kind") == k


def card_play(name: str, mode: str | None = None) -> Want:
    """Playing the card named (its id or print name contains `name`), in `mode` if given,
    never sideways unless asked."""

    def want(c: dict[str, Any]) -> bool:
        if c.get("kind") != "play" or name not in str(c.get("card", "")).lower():
            return False
        return c.get("mode") == mode if mode else c.get("mode") != "sideways"

    return want


def offered(base: str, gid: str, token: str, want: Want) -> bool:
    return any(want(c) for c in get(base, f"/api/games/{gid}/view", token)["legal"])


# -- the games -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """One server on a store that already holds the Mage Knight position (a situation file:
    seat 0 may march beside a rampaging enemy), with its seats' tokens."""
    tmp = tmp_path_factory.mktemp("turns")
    eng, gid = from_situation(
        HERE / "situations" / "mk_march_to_prowlers.toml", Engine(EventStore(str(tmp / "t.db")))
    )
    tokens = Seats(str(tmp / "t.db")).issue(gid, 2, {})
    ISSUED.extend([s["token"] for s in tokens["seats"]] + [tokens["referee_token"]])
    del eng
    proc, base, _ = start_server(tmp)
    yield base, gid, tokens
    stop_server(proc, tmp)


def mk_game(base: str, gid: str, token: str) -> dict[str, Any]:
    return get(base, f"/api/games/{gid}/view", token)["view"]["game"]


def me(game: dict[str, Any]) -> dict[str, Any]:
    return game["players"][0]


def test_a_mage_knight_turn_is_played_by_clicking_the_tree(table, browser):
    """Seat 0 plays March for its move points (a card, then its mode), moves beside the
    rampaging Prowlers, challenges them, skips ranged attacks and blocking, takes the wounds,
    attacks with Rage and a card sideways, ends the combat and ends the turn discarding one
    card: every decision found in the tree by a predicate and clicked label by label."""
    base, gid, tokens = table
    token = tokens["seats"][0]["token"]
    assert get(base, f"/api/games/{gid}/view", token)["prompts"][0]["seat"] == 0
    errors: list[str] = []
    page = open_seat(browser, base, gid, token, errors)
    start = get(base, f"/api/games/{gid}/view", token)["version"]

    march = play_route(page, base, gid, token, card_play("march"))
    assert len(march.labels) >= 2  # the card, then its mode (or more)
    assert me(mk_game(base, gid, token))["move"] >= 2

    play_route(page, base, gid, token, lambda c: c.get("kind") == "move" and c.get("to") == "2,-2")
    assert me(mk_game(base, gid, token))["pos"] == "2,-2"

    play_route(page, base, gid, token, lambda c: c.get("kind") == "challenge" and c.get("space") == "3,-3")
    fought = mk_game(base, gid, token)["combat"]
    assert fought and [e["enemy"] for e in fought["enemies"]] == ["green_prowlers"]

    # the combat, phase by phase: attack as soon as it is offered, else Rage, else a card
    # sideways in the attack phase; the damage goes to the hero; otherwise on to the next phase
    attacked, deadline = False, time.monotonic() + 60
    while (combat := mk_game(base, gid, token)["combat"]) is not None:
        assert time.monotonic() < deadline, combat
        phase = combat["phase"]
        if phase == "attack" and offered(base, gid, token, kind("attack")):
            play_route(page, base, gid, token, kind("attack"))
            attacked = True
        elif phase == "attack" and not attacked and offered(base, gid, token, card_play("rage", "basic")):
            play_route(page, base, gid, token, card_play("rage", "basic"))
        elif phase == "attack" and not attacked:
            play_route(page, base, gid, token, card_play("determination", "sideways"))
        elif offered(base, gid, token, kind("assign")):
            play_route(page, base, gid, token, kind("assign"))
        else:
            play_route(page, base, gid, token, kind("next"))
    assert attacked
    log = get(base, f"/api/games/{gid}/log?since={start}", token)["events"]
    assert any("green_prowlers" in str(e["data"]) and "defeat" in e["type"] for e in log), [
        e["type"] for e in log
    ]

    # the end of the turn: a discard of one card (a pick's one toggle, or the option that says so)
    def one_discard(c: dict[str, Any]) -> bool:
        d = c.get("discard")
        chosen = d if isinstance(d, list) else [x for x in str(d or "").split(",") if x]
        return c.get("kind") == "end_turn" and len(chosen) == 1

    hand = me(mk_game(base, gid, token))
    ended = play_route(page, base, gid, token, one_discard)
    after = get(base, f"/api/games/{gid}/view", token)
    assert after["prompts"][0]["seat"] != 0 or me(after["view"]["game"]) != hand  # the turn moved on
    turn_log = get(base, f"/api/games/{gid}/log?since={start}", token)["events"]
    assert any(e["type"] == "cmd.end_turn" for e in turn_log), ended
    assert errors == []


# gold stored in few decisions: the largest amount the question shows first (1..25, or tens)
MOST = [lambda c, k=k: isinstance(c.get("n"), int) and c["n"] >= k for k in (20, 10, 5, 2)]


def test_dragonlords_set_up_and_first_round_are_played_by_clicking(table, browser):
    """Both seats of a 2-player DragonLords game, each on its own page, click through the
    set-up (kingdoms, claims, extra units, hidden chips, ships, gold) and the first round: at
    each decision the seat to act ends its phase when it may, else stores much gold at once
    where it stores gold, else takes the first complete command the tree offers, until the
    view's round counter reads 2."""
    base, _, _ = table
    g = post(base + "/api/games", {"ruleset": "dragonlords", "players": 2, "seed": 1})
    gid, tokens = g["game_id"], [s["token"] for s in g["seats"]]
    errors: list[str] = []
    pages = [open_seat(browser, base, gid, t, errors) for t in tokens]
    kinds: set[str] = set()
    phases: set[str] = set()
    decisions, deadline = 0, time.monotonic() + 120
    while (view := get(base, f"/api/games/{gid}/view"))["view"]["game"]["round"] < 2:
        assert time.monotonic() < deadline and decisions < 400, (decisions, sorted(phases))
        assert not view["view"].get("over")
        phases.add(view["view"]["game"]["phase"])
        seat = view["prompts"][0]["seat"]
        played = play_route(pages[seat], base, gid, tokens[seat], kind("done"), *MOST, lambda c: True)
        kinds.add(played.command["kind"])
        decisions += 1
    assert {"purchase", "combat"} <= phases and any(p.startswith("setup") for p in phases)
    assert "done" in kinds and len(kinds) >= 4, kinds
    assert errors == []
