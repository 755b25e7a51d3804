"""The table asks questions, not combinations (issue 27, items 5 and 6 for the web): a seat's
page shows one question of its choice tree at a time, each option a button in words; a step
opens the next question with a way back, a pick is a set of toggles with a confirm that only
a selection of min to max values enables and a line saying what it plays, and taking back a
decision is a button of its own. Debian's Chromium driven by Playwright, as in test_browser.py
(fails, never skips, when the browser cannot start).

The helpers `click_path`, `options_on_screen`, `current_question` (and `choose`) are for
whole-turn tests of other games on top of this page."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import pytest

from tests.server.test_browser import post, start_server, stop_server

MAX_OPTIONS = 25  # never more than a question's options on screen, and a question has few
BAD_WORDS = ("#", "(1 of", "option 0", "{", "}")  # a card id, a copy count, a raw index, JSON
PANEL = "#choices"


class Option(NamedTuple):
    """One option button of the question on screen: its index path in the tree, its label
    (without the preview), its command (a leaf's), its preview and, for a step, what it opens
    ("question", "expand" or "pick")."""

    path: str
    label: str
    command: dict[str, Any] | None
    preview: str | None
    step: str | None


# -- helpers for whole-turn tests ---------------------------------------------------------
def current_question(page) -> str:
    """The question on screen (a pick's question while a pick is open)."""
    return page.inner_text(f'{PANEL} [data-testid="question"]')


def options_on_screen(page) -> list[Option]:
    """The options of the question on screen, in their order (the undo button and a pick's
    toggles are not options; see `pick_options`)."""
    rows = page.eval_on_selector_all(
        f"{PANEL} button[data-choice]",
        """bs => bs.map(b => [b.getAttribute("data-choice"), b.firstChild ? b.firstChild.textContent : "",
                   b.getAttribute("data-command"), b.getAttribute("data-preview"),
                   b.getAttribute("data-step")])""",
    )
    return [Option(p, label, json.loads(c) if c else None, pre, step) for p, label, c, pre, step in rows]


def pick_options(page) -> list[tuple[str, bool]]:
    """An open pick's values: (label, chosen) each."""
    rows = page.eval_on_selector_all(
        f'{PANEL} [data-testid="pick-option"]',
        'bs => bs.map(b => [b.textContent, b.getAttribute("aria-pressed") === "true"])',
    )
    return [(label, pressed) for label, pressed in rows]


def version(page) -> int:
    return int(page.inner_text('[data-testid="version"]'))


def depth(page) -> int:
    return int(page.get_attribute(PANEL, "data-depth") or 0)


def check_screen(page) -> list[Option]:
    """What every render must be: at most MAX_OPTIONS options, each label words only."""
    shown = options_on_screen(page)
    labels = [o.label for o in shown] + [label for label, _ in pick_options(page)]
    assert len(labels) <= MAX_OPTIONS, labels
    for label in labels:
        assert label.strip(), shown
        assert not any(bad in label.lower() for bad in BAD_WORDS), label
    return shown


Choice = str | Callable[[Option], bool]


def find(page, choice: Choice) -> Option:
    """The option on screen a label (exact, or the start of one ending in "…") or a predicate
    names; the assertion lists what is there when none does."""
    shown = check_screen(page)
    for o in shown:
        if callable(choice):
            if choice(o):
                return o
        elif o.label == choice or (o.label.endswith("…") and o.label[:-1].strip() == choice.strip()):
            return o
    raise AssertionError(f"no option {choice!r} in {current_question(page)!r}: {[o.label for o in shown]}")


def click_path(page, choices: Sequence[Choice], timeout: float = 30_000) -> Option:
    """Click one option per item of `choices`, each a label or a predicate over `Option`: a
    step waits for the question it opens, a pick for its toggles, a leaf for the game to move
    on (its version to advance). Every render is checked (`check_screen`). The last option
    clicked is returned."""
    clicked: Option | None = None
    for choice in choices:
        o = find(page, choice)
        at, before = version(page), depth(page)
        page.click(f'{PANEL} button[data-choice="{o.path}"]')
        if o.command is not None:
            done = f'+document.querySelector("[data-testid=version]").textContent > {at}'
        else:
            done = f'document.querySelector(\'{PANEL}[data-depth="{before + 1}"][data-path="{o.path}"]\')'
        refused(page, done, timeout)
        check_screen(page)
        clicked = o
    assert clicked is not None, "click_path needs at least one choice"
    return clicked


def choose(page, labels: Sequence[str], confirm: bool = True) -> str:
    """Toggle the values of an open pick whose labels are given (each once, in any order),
    then confirm (waiting for the game to move on) unless `confirm` is False; the pick's
    preview line before confirming is returned."""
    for label in labels:
        page.locator(f'{PANEL} [data-testid="pick-option"]', has_text=label).first.click()
    said = page.inner_text(f'{PANEL} [data-testid="pick-preview"]')
    if confirm:
        at = version(page)
        page.click(f'{PANEL} [data-testid="confirm"]')
        refused(page, f'+document.querySelector("[data-testid=version]").textContent > {at}')
    return said


def refused(page, done: str, timeout: float = 30_000) -> None:
    """Wait until `done` (a JavaScript condition) holds, or the page shows an error: a refused
    play or a stale step fails the test with the server's reason instead of a timeout."""
    page.wait_for_function(f'({done}) || document.querySelector("#error").textContent != ""', timeout=timeout)
    error = page.inner_text("#error")
    assert not error, f"the table says: {error}"


def back(page) -> None:
    before = depth(page)
    page.click(f'{PANEL} [data-testid="back"]')
    page.wait_for_selector(f'{PANEL}[data-depth="{before - 1}"]')
    check_screen(page)


# -- the API, for what the page must agree with --------------------------------------------
def get(base: str, path: str, token: str | None = None) -> Any:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    return json.loads(urllib.request.urlopen(urllib.request.Request(base + path, headers=headers)).read())


def open_seat(browser, base: str, gid: str, token: str | None, errors: list[str]):
    page = browser.new_context().new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/games/{gid}" + (f"?token={token}" if token else ""))
    page.wait_for_selector('[data-testid="version"]:not(:text("…"))')
    return page


def settled(page, base: str, gid: str, seat: bool = True) -> None:
    """Wait until the page shows the game's current version (the live feed caught up), and a
    seat's page the questions of that version."""
    now = get(base, f"/api/games/{gid}/view")["version"]
    asked = f' && document.querySelector("{PANEL}").getAttribute("data-version") == "{now}"'
    page.wait_for_function(
        f'+document.querySelector("[data-testid=version]").textContent == {now}' + (asked if seat else "")
    )


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for the module with the test-only rulesets registered in it (fake-pick,
    duel-undo; tests/server/fake_choices.py) beside the shipped ones."""
    tmp = tmp_path_factory.mktemp("choices")
    proc, base, db = start_server(tmp, "from tests.server import fake_choices; fake_choices.register()")
    yield base, db
    stop_server(proc, tmp)


# -- the tests ------------------------------------------------------------------------------
def test_a_duel_is_played_by_answering_questions(server, browser):
    """Two seats play a duel by clicking options; a step is opened and left again by "back";
    every render has at most 25 options, all in words; the spectator gets no questions."""
    base, _ = server
    g = post(base + "/api/games", {"ruleset": "duel", "players": 2})
    gid, tokens = g["game_id"], [s["token"] for s in g["seats"]]
    errors: list[str] = []
    pages = [open_seat(browser, base, gid, t, errors) for t in tokens]
    spectator = open_seat(browser, base, gid, None, errors)
    assert spectator.locator(f"{PANEL} button").count() == 0
    assert spectator.locator(PANEL).is_hidden()
    decisions, went_back, deadline = 0, False, time.monotonic() + 240
    while decisions < 8 or not went_back:
        assert time.monotonic() < deadline, f"{decisions} decisions, back tried: {went_back}"
        view = get(base, f"/api/games/{gid}/view")
        if view["view"].get("over"):
            break
        seat = view["prompts"][0]["seat"]
        page = pages[seat]
        settled(page, base, gid)
        other = pages[1 - seat]
        settled(other, base, gid)
        assert options_on_screen(other) == [] and depth(other) == 1  # nothing to decide there
        assert current_question(page) == "What do you do?"
        root = check_screen(page)
        assert root and depth(page) == 1 and page.locator(f'{PANEL} [data-testid="back"]').count() == 0
        mine = get(base, f"/api/games/{gid}/view", tokens[seat])
        legal = [json.dumps(c, sort_keys=True) for c in mine["legal"]]
        for o in root:  # every leaf plays a legal command; the labels are the tree's
            if o.command is not None:
                assert json.dumps(o.command, sort_keys=True) in legal
        asked = [n["label"] for n in mine["choices"]["options"] if not n["label"].startswith("Undo: ")]
        assert [o.label for o in root] == asked
        step = next((o for o in root if o.step), None)
        if step is not None:
            click_path(page, [step.label])
            opened = current_question(page)
            assert opened != "What do you do?" and page.locator(f'{PANEL} [data-testid="back"]').count() == 1
            inner = options_on_screen(page)
            assert inner and all(o.path.startswith(step.path + ".") for o in inner)
            if not went_back:  # back to the root, the same options again, then in once more
                back(page)
                went_back = True
                assert current_question(page) == "What do you do?" and options_on_screen(page) == root
                click_path(page, [step.label])
                assert current_question(page) == opened
            click_path(page, [lambda o: o.command is not None])
        else:
            click_path(page, [lambda o: o.command is not None])
        decisions += 1
        # after a play the seat is at the root again, and the spectator follows, still without questions
        settled(page, base, gid)
        assert depth(page) == 1
        settled(spectator, base, gid, seat=False)
        assert spectator.locator(f"{PANEL} button").count() == 0
    assert went_back and decisions >= 3
    assert errors == []


def test_a_pick_is_toggles_a_confirm_within_min_and_max_and_words(server, browser):
    """A pick (fake-pick: discard one or two of three cards) shows its values as toggles; the
    confirm is enabled only for one or two chosen, the line under them says what it plays, and
    confirming plays the chosen values in the pick's order. A step given at once (Pass …)
    opens and goes back too."""
    base, _ = server
    g = post(base + "/api/games", {"ruleset": "fake-pick", "players": 2})
    gid, token = g["game_id"], g["seats"][0]["token"]
    errors: list[str] = []
    page = open_seat(browser, base, gid, token, errors)
    assert current_question(page) == "What do you do?"
    assert [o.label for o in check_screen(page)] == ["Discard cards …", "Pass …"]
    opened = click_path(page, ["Pass"])  # a step given at once: no request, the same question
    assert opened.step == "question" and current_question(page) == "Pass without discarding?"
    [leaf] = options_on_screen(page)
    assert (leaf.path, leaf.label, leaf.command, leaf.preview) == (
        "1.0",
        "Pass the turn",
        {"kind": "pass"},
        "keeps every card",
    )
    assert "keeps every card" in page.inner_text(f'{PANEL} button[data-choice="1.0"]')
    back(page)
    assert current_question(page) == "What do you do?"

    opened = click_path(page, ["Discard cards …"])
    assert opened.step == "pick" and current_question(page) == "Which cards do you discard?"
    assert options_on_screen(page) == []  # the toggles stand in for options
    assert pick_options(page) == [("Rage", False), ("March", False), ("Swiftness", False)]
    confirm = page.locator(f'{PANEL} [data-testid="confirm"]')
    line = page.locator(f'{PANEL} [data-testid="pick-preview"]')
    assert confirm.is_disabled() and line.inner_text() == "Discard nothing"  # below min
    assert choose(page, ["Rage"], confirm=False) == "Discard Rage"
    assert confirm.is_enabled() and pick_options(page)[0] == ("Rage", True)
    assert choose(page, ["Swiftness"], confirm=False) == "Discard Rage and Swiftness"
    assert confirm.is_enabled()
    assert choose(page, ["March"], confirm=False) == "Discard Rage, March and Swiftness"
    assert confirm.is_disabled()  # above max
    assert choose(page, ["Rage"], confirm=False) == "Discard March and Swiftness"  # toggled off
    assert confirm.is_enabled()
    assert (
        page.get_attribute(f'{PANEL} [data-testid="pick-option"][data-index="0"]', "aria-pressed") == "false"
    )
    # back and in again: the pick is asked afresh from the root
    back(page)
    click_path(page, ["Discard cards …"])
    at = version(page)
    said = choose(page, ["Swiftness", "March"])  # clicked out of order: played in the pick's order
    assert said == "Discard March and Swiftness"
    events = get(base, f"/api/games/{gid}/log?since={at}", token)["events"]
    played = next(e for e in events if e["type"] == "cmd.discard")
    assert played["actor"] == 0 and played["data"]["cards"] == ["March#2", "Swiftness#3"]
    assert next(e for e in events if e["type"] == "fp.discarded")["data"]["cards"] == [
        "March#2",
        "Swiftness#3",
    ]
    settled(page, base, gid)
    assert depth(page) == 1 and current_question(page) == "Nothing to decide now."
    assert options_on_screen(page) == []
    view = get(base, f"/api/games/{gid}/view", token)
    assert view["view"]["game"]["hands"][0] == ["Rage#1"]
    assert errors == []


def test_taking_back_a_decision_is_a_button_of_its_own(server, browser):
    """Once a seat's pass may be taken back, the engine's first question offers "Undo: …"
    (command {"kind": "undo", "to": N}): the page shows it as the undo button, never among
    the options; a click takes the decision back (the version advances by the undo's event,
    the state is as before the pass). Where the policy refuses (duel-undo offers the option
    after a roll too) the server's reason is on the page and nothing moves."""
    base, _ = server
    g = post(base + "/api/games", {"ruleset": "duel", "players": 2})
    gid, tokens = g["game_id"], [s["token"] for s in g["seats"]]
    errors: list[str] = []
    seat = get(base, f"/api/games/{gid}/view")["prompts"][0]["seat"]
    page = open_seat(browser, base, gid, tokens[seat], errors)
    undo = page.locator(f'{PANEL} [data-testid="undo"]')
    assert undo.count() == 0  # nothing decided yet
    before = get(base, f"/api/games/{gid}/view", tokens[seat])
    roots = check_screen(page)
    click_path(page, ["Pass"])
    settled(page, base, gid)
    played = get(base, f"/api/games/{gid}/view", tokens[seat])
    assert played["prompts"][0]["seat"] != seat
    [node] = [n for n in played["choices"]["options"] if n.get("command", {}).get("kind") == "undo"]
    assert node["label"].startswith("Undo: ")
    assert undo.count() == 1 and undo.inner_text() == node["label"]
    assert options_on_screen(page) == []  # the undo is no option; nothing else to decide
    undo.click()
    page.wait_for_function(
        f'+document.querySelector("[data-testid=version]").textContent == {played["version"] + 1}'
    )
    log = get(base, f"/api/games/{gid}/log?since={played['version']}", tokens[seat])["events"]
    assert [e["type"] for e in log] == ["undo.done"] and log[0]["data"]["to"] == node["command"]["to"]
    after = get(base, f"/api/games/{gid}/view", tokens[seat])
    assert after["version"] == played["version"] + 1
    assert after["view"]["zones"] == before["view"]["zones"] and after["prompts"] == before["prompts"]
    assert after["view"]["game"] == before["view"]["game"]
    settled(page, base, gid)
    assert check_screen(page) == roots and undo.count() == 0
    assert page.inner_text("#error") == ""

    # a roll cannot be taken back: the reason is on the page, nothing moves
    g = post(base + "/api/games", {"ruleset": "duel-undo", "players": 2})
    gid, tokens = g["game_id"], [s["token"] for s in g["seats"]]
    seat = get(base, f"/api/games/{gid}/view")["prompts"][0]["seat"]
    page = open_seat(browser, base, gid, tokens[seat], errors)
    first = find(page, lambda o: o.label.startswith("Play"))
    click_path(page, [first.label] + ([lambda o: o.command is not None] if first.step else []))
    settled(page, base, gid)
    at = version(page)
    undo = page.locator(f'{PANEL} [data-testid="undo"]')
    undo.click()
    page.wait_for_function('document.querySelector("#error").textContent.startsWith("422")')
    said = page.inner_text("#error")
    assert "CORE-6" in said and ("chance outcome" in said or "revealed" in said), said
    assert get(base, f"/api/games/{gid}/view")["version"] == at and version(page) == at
    assert errors == []


def test_leaves_keep_the_games_previews_and_the_map_still_plays(tmp_path, browser):
    """A Thunderstone purchase, one or two questions down, still shows its price preview (as the
    flat list did); the fake hex game's moves are one step down ("Choose move: to …") and
    its map's hexes still play a complete move on a click."""
    proc, base, _ = start_server(tmp_path, "from tests.server import fake_hex; fake_hex.register()")
    try:
        errors: list[str] = []
        g = post(base + "/api/games", {"ruleset": "thunderstone", "players": 2})
        gid = g["game_id"]
        seat = get(base, f"/api/games/{gid}/view")["prompts"][0]["seat"]
        token = g["seats"][seat]["token"]
        page = open_seat(browser, base, gid, token, errors)
        click_path(page, ["Visit the village"])
        settled(page, base, gid)
        # one stack the seat can pay is a leaf here; several are a step ("Buy from the …")
        if any(o.label.startswith("Buy") and o.step is not None for o in options_on_screen(page)):
            click_path(page, [lambda o: o.label.startswith("Buy") and o.step is not None])
        view = get(base, f"/api/games/{gid}/view", token)
        want = {
            json.dumps(c, sort_keys=True): p
            for c, p in zip(view["legal"], view["previews"], strict=True)
            if p
        }
        shown = [o for o in options_on_screen(page) if o.command and o.label.startswith("Buy")]
        assert shown and all(o.preview and o.preview.startswith("buy ") for o in shown)
        assert {json.dumps(o.command, sort_keys=True): o.preview for o in shown}.items() <= want.items()

        g = post(base + "/api/games", {"ruleset": "fake-hex", "players": 2, "seed": 1})
        gid, token = g["game_id"], g["seats"][0]["token"]
        page = open_seat(browser, base, gid, token, errors)
        assert [o.label for o in check_screen(page)] == ["Choose move: to …", "Choose rest"]
        click_path(page, ["Choose move: to …"])
        assert current_question(page) == "Where to?"
        assert "Choose move: to 1,0" in [o.label for o in options_on_screen(page)]
        at = version(page)
        page.click('svg.hexmap g.hex.target[data-hex="0,1"]')  # the map: a shortcut for a leaf
        page.wait_for_function(f'+document.querySelector("[data-testid=version]").textContent > {at}')
        moved = get(base, f"/api/games/{gid}/log?since={at}", token)["events"]
        assert any(e["type"] == "fx.moved" and e["data"]["to"] == "0,1" for e in moved)
        settled(page, base, gid)
        assert depth(page) == 1  # the root again after a play
        assert errors == []
    finally:
        stop_server(proc, tmp_path)


def test_a_refresh_that_changes_nothing_leaves_the_buttons_under_the_pointer(server, browser):
    """The live feed refreshes the view at any moment. Drawing the same question again used to
    replace every button, so a click pressed on one button and released on its copy was lost
    (the Thunderstone previews test then waited in vain for the step its click should have
    opened, once in a few dozen runs on a loaded machine). An unchanged question stays on screen
    as it is, whether at the root or a step down; a new version redraws it."""
    base, _ = server
    g = post(base + "/api/games", {"ruleset": "thunderstone", "players": 2, "seed": 5})
    gid = g["game_id"]
    seat = get(base, f"/api/games/{gid}/view")["prompts"][0]["seat"]
    errors: list[str] = []
    page = open_seat(browser, base, gid, g["seats"][seat]["token"], errors)
    settled(page, base, gid)
    village = page.locator('button[data-command=\'{"kind":"action","action":"village"}\']').element_handle()
    page.evaluate("refresh()")  # what a message of the live feed does
    settled(page, base, gid)
    assert village.evaluate("b => b.isConnected"), "the same question was drawn again over the button"
    village.click()  # the click reaches the button as it was found
    step = page.locator(f'{PANEL} button[data-step]:has-text("Buy")')
    step.wait_for()
    step.click()
    page.wait_for_selector(f'{PANEL}[data-depth="2"]')  # a lazy step is fetched first
    inner = page.locator(f"{PANEL} button[data-choice]").first.element_handle()
    page.evaluate("refresh()")
    settled(page, base, gid)
    assert depth(page) == 2 and inner.evaluate("b => b.isConnected")  # a step down stays too
    assert errors == []
