"""Set-up at human speed in a real browser (issue 28, item 7): a DragonLords seat's page shows
the bot's proposal for the rest of its placement, listed in words and drawn on the map; one
click accepts it, and once the other seat accepts its own, the set-up is done."""

import json
import urllib.request

import pytest

from tests.server.test_browser import post, start_server, stop_server


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("proposal")
    proc, base, _ = start_server(tmp)
    yield base
    stop_server(proc, tmp)


def call(base, path, token, body=None):
    req = urllib.request.Request(
        base + path,
        None if body is None else json.dumps(body).encode(),
        method="GET" if body is None else "POST",
        headers={"content-type": "application/json", "authorization": f"Bearer {token}"},
    )
    return json.loads(urllib.request.urlopen(req).read())


def test_the_proposal_is_drawn_and_accepted_and_the_set_up_is_done(served, browser):
    base = served
    made = post(f"{base}/api/games", {"ruleset": "dragonlords", "players": 2})
    gid, tokens = made["game_id"], [s["token"] for s in made["seats"]]
    view = call(base, f"/api/games/{gid}/view", tokens[0])
    mover = view["prompts"][0]["seat"]
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/games/{gid}?token={tokens[mover]}")
    page.wait_for_selector('[data-testid="proposed"]')  # the proposed places, drawn on the map
    steps = page.locator('[data-testid="proposal-steps"] li').all_inner_texts()
    proposal = call(base, f"/api/games/{gid}/proposal", tokens[mover])
    assert steps == [s["label"] for s in proposal["steps"]] and len(steps) > 12
    drawn = page.eval_on_selector_all(
        '[data-testid="proposed"]', "ms => ms.map(m => m.parentNode.dataset.place)"
    )
    named = {
        v for s in proposal["steps"] for k, v in s["command"].items() if k != "kind" and isinstance(v, str)
    }
    assert set(drawn) == named  # every place a step names (a dock's sea zone too), once
    # dismissed, then asked for again; its first step changed by a click on the map
    page.click('[data-testid="proposal-dismiss"]')
    page.click('[data-testid="proposal-again"]')
    first = proposal["steps"][0]["command"]
    mine = call(base, f"/api/games/{gid}/view", tokens[mover])
    other_place = next(
        c["to"] for c in mine["legal"] if c["kind"] == first["kind"] and c["to"] != first["to"]
    )
    page.click('[data-testid="proposal-steps"] li[data-step="0"]')
    page.click(f'svg.placemap g.place[data-place="{other_place}"]')
    assert "changed" in page.inner_text('[data-testid="proposal-steps"] li[data-step="0"]')
    page.click('[data-testid="proposal-accept"]')
    page.wait_for_function(
        f"+document.querySelector('[data-testid=version]').textContent > {view['version']}"
    )
    log = call(base, f"/api/games/{gid}/log?since={view['version']}", tokens[mover])["events"]
    assert next(e for e in log if e["type"].startswith("cmd."))["data"] == {**first, "to": other_place}
    other = 1 - mover
    theirs = call(base, f"/api/games/{gid}/view", tokens[other])
    call(base, f"/api/games/{gid}/proposal", tokens[other], {"expected_version": theirs["version"]})
    # both plans play out at once; the page follows the live feed to the first turn
    page.wait_for_function(
        "!document.querySelector('[data-testid=proposed]') && !document.querySelector('[data-testid=planned]')",
        timeout=20000,
    )
    after = call(base, f"/api/games/{gid}/view", tokens[mover])
    assert not after["view"]["game"]["phase"].startswith("setup") and after["proposal"] is False
    assert page.locator('[data-testid="proposal"]').is_hidden()
    assert not errors
