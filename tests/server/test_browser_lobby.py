"""The lobby in a real browser (issue 28, item 9): a Mage Knight game made with its scenario and
player count chosen in the lobby's words and a bot seat appears in a second page's list without
a reload; a seat joined from the lobby stays seated after a reload, and the lobby re-opens it
(the token kept in localStorage). Fails (never skips) when the browser cannot start."""

import json
import urllib.request
from urllib.parse import parse_qs, urlsplit

from tests.server.test_browser import ISSUED, start_server, stop_server

SEATED = '[data-testid="question"]'  # a seat's page asks its decision; a spectator's does not


def get(base: str, path: str):
    return json.loads(urllib.request.urlopen(base + path).read())


def lobby(browser, base: str, errors: list[str], ruleset: str, lang: str = ""):
    """A fresh browser's lobby page (page errors gathered in `errors`) with `ruleset` chosen."""
    page = browser.new_context().new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + "/" + (f"?lang={lang}" if lang else ""))
    page.wait_for_selector(f'#ruleset option[value="{ruleset}"]', state="attached")
    page.select_option("#ruleset", ruleset)
    return page


def test_a_game_made_in_the_lobby_is_listed_live_and_a_seat_survives_a_reload(tmp_path, browser):
    proc, base, _ = start_server(tmp_path)
    errors: list[str] = []
    try:
        watcher = browser.new_context().new_page()
        watcher.on("pageerror", lambda e: errors.append(str(e)))
        watcher.goto(base + "/")
        watcher.wait_for_selector('#ruleset option[value="mage-knight"]', state="attached")

        me = browser.new_context().new_page()
        me.on("pageerror", lambda e: errors.append(str(e)))
        me.goto(base + "/")
        me.select_option("#ruleset", "mage-knight")
        scenario = me.locator('[data-option="scenario"]')
        assert "Full cooperative" in scenario.locator("option").all_inner_texts()  # words, not ids
        assert "full_cooperative" not in scenario.inner_text()
        scenario.select_option(label="Full cooperative")
        me.select_option("#players", "2")
        assert me.locator("#seats select[data-seat-kind]").count() == 2
        me.select_option('[data-seat-kind="1"]', "random")
        me.click("#create")
        join = me.locator('[data-testid="created"] a[data-testid="join"]')
        join.first.wait_for()
        assert join.count() == 1 and join.get_attribute("data-seat") == "0"  # the bot's seat has none
        href = join.get_attribute("href")
        gid = urlsplit(href).path.split("/")[2]
        ISSUED.extend(parse_qs(urlsplit(href).query)["token"])

        created = get(base, f"/api/games/{gid}/log?since=0")["events"][0]["data"]
        assert created["options"]["scenario"] == "full_cooperative" and created["players"] == 2
        assert next(g for g in get(base, "/api/games")["games"] if g["game_id"] == gid)["bots"] == {
            "1": "random"
        }

        # the second page's list shows the new game without a reload
        row = watcher.locator(f'#games tr[data-game="{gid}"]')
        row.wait_for(timeout=15_000)
        assert "Mage Knight" in row.inner_text() and "Random bot" in row.inner_text()
        assert row.locator('a[data-testid="spectate"]').count() == 1
        assert row.locator('a[data-testid="join"]').count() == 0  # another browser holds no token

        # join a seat, reload: still seated; the lobby re-opens the seat after its own reload
        join.click()
        me.wait_for_selector(SEATED, timeout=30_000)
        me.reload()
        me.wait_for_selector(SEATED, timeout=30_000)
        me.goto(base + "/")
        mine = me.locator(f'#games tr[data-game="{gid}"] a[data-testid="mine"]')
        mine.wait_for()
        assert mine.get_attribute("data-seat") == "0"
        me.reload()
        mine.click()
        me.wait_for_selector(SEATED, timeout=30_000)
        assert urlsplit(me.url).path == f"/games/{gid}"
    finally:
        stop_server(proc, tmp_path)
    assert not errors, errors


def test_a_stranger_sits_at_an_open_seat_from_the_list(tmp_path, browser):
    """A seat left open in the form gets no join link for its creator; another browser's list
    offers "Sit here", which claims the seat's token and opens the seat; then it is taken."""
    proc, base, _ = start_server(tmp_path)
    errors: list[str] = []
    try:
        me = lobby(browser, base, errors, "duel")
        me.select_option("#players", "2")
        me.select_option('[data-seat-kind="1"]', "open")
        me.click("#create")
        join = me.locator('[data-testid="created"] a[data-testid="join"]')
        join.first.wait_for()
        assert join.count() == 1 and join.get_attribute("data-seat") == "0"  # the open seat has none
        gid = urlsplit(join.get_attribute("href")).path.split("/")[2]
        ISSUED.extend(parse_qs(urlsplit(join.get_attribute("href")).query)["token"])

        stranger = browser.new_context().new_page()
        stranger.on("pageerror", lambda e: errors.append(str(e)))
        stranger.goto(base + "/")
        sit = stranger.locator(f'#games tr[data-game="{gid}"] a[data-testid="sit"]')
        sit.wait_for(timeout=15_000)
        assert sit.count() == 1 and sit.get_attribute("data-seat") == "1"
        assert stranger.locator(f'#games tr[data-game="{gid}"] a[data-testid="spectate"]').count() == 1
        sit.click()
        stranger.wait_for_selector(SEATED, timeout=30_000)
        ISSUED.extend(parse_qs(urlsplit(stranger.url).query)["token"])
        assert "Seat 2" in stranger.inner_text("#who")
        assert next(g for g in get(base, "/api/games")["games"] if g["game_id"] == gid)["open"] == []
    finally:
        stop_server(proc, tmp_path)
    assert not errors, errors


def test_a_bot_seat_is_given_a_strength_in_words(tmp_path, browser):
    """Issue 30 item 5: a searching bot's seat offers its strengths in words (with the count
    each means in this ruleset), a bot that does not search offers none, and the strength chosen
    is sent, kept with the game and shown in the list."""
    proc, base, _ = start_server(tmp_path)
    errors: list[str] = []
    try:
        page = lobby(browser, base, errors, "duel")
        page.select_option("#players", "2")
        strength = page.locator("#strength-1")
        assert strength.is_hidden()  # "a player": no strength
        page.select_option('[data-seat-kind="1"]', "greedy")
        assert page.locator("#strength-1").is_hidden()  # greedy does not search
        page.select_option('[data-seat-kind="1"]', "mcts")
        strength = page.locator("#strength-1")
        assert strength.is_visible()
        texts = strength.locator("option").all_inner_texts()
        assert any("deep" in t and "128 search iterations a decision" in t for t in texts), texts
        assert strength.input_value() == "standard"
        strength.select_option("deep")
        page.screenshot(path=str(tmp_path / "lobby-strength.png"))
        page.click("#create")
        page.locator('[data-testid="created"] a[data-testid="join"]').first.wait_for()
        href = page.locator('[data-testid="created"] a[data-testid="join"]').first.get_attribute("href")
        gid = urlsplit(href).path.split("/")[2]
        ISSUED.extend(parse_qs(urlsplit(href).query)["token"])
        assert next(g for g in get(base, "/api/games")["games"] if g["game_id"] == gid)["bots"] == {
            "1": "mcts:deep"
        }
        row = page.locator(f'#games tr[data-game="{gid}"]')
        row.wait_for(timeout=15_000)
        assert "Mcts bot (deep)" in row.inner_text()

        german = lobby(browser, base, errors, "duel", lang="de")  # the same menu in German
        german.select_option('[data-seat-kind="1"]', "mcts")
        texts = german.locator("#strength-1 option").all_inner_texts()
        assert "gründlich: viermal die Standard-Bedenkzeit (128 Suchdurchläufe je Entscheidung)" in texts, (
            texts
        )
        assert not any("search iterations" in t for t in texts), texts
    finally:
        stop_server(proc, tmp_path)
    assert not errors, errors
