"""One language at a time on the table (issue 28 items 4 and 11): `?lang=de` makes the page
German (its own words, and the server's: questions, log, card names) and is remembered, so
the next page without `?lang` is German too; `?lang=en` (the default) names Thunderstone's
German print names by their English ones. Chromium via Playwright, as test_browser.py."""

from __future__ import annotations

import re

import pytest

from tests.server.test_browser import post, start_server, stop_server
from tests.server.test_browser_choices import PANEL, current_question


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("lang")
    proc, base, db = start_server(tmp)
    yield base, db
    stop_server(proc, tmp)


def shown(page, base: str, gid: str, token: str, lang: str | None) -> None:
    page.goto(f"{base}/games/{gid}?token={token}" + (f"&lang={lang}" if lang else ""))
    page.wait_for_selector('[data-testid="version"]:not(:text("…"))')
    page.wait_for_selector(f'{PANEL} [data-testid="question"]')


READ = ("#board", "#own", "#choices", "#players", "#log-box")  # not the folded full state (ids)


def read(page) -> str:
    """The words read, without zone ids such as "(v:Miliz)" (ids stay as the engine has them)."""
    return re.sub(r"\([a-z]+:[^)]*\)", "", "\n".join(page.inner_text(sel) for sel in READ))


def test_the_page_speaks_the_language_asked_and_remembers_it(server, browser):
    base, _ = server
    g = post(base + "/api/games", {"ruleset": "thunderstone", "players": 2, "seed": 3})
    gid, token = g["game_id"], g["seats"][0]["token"]
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    shown(page, base, gid, token, "de")
    assert page.get_attribute("html", "lang") == "de"
    assert current_question(page) == "Was tust du?"
    assert page.inner_text("#players summary") == "Spieler"
    body = read(page)
    assert "Platz 1" in body and ("Fackel" in body or "Miliz" in body)

    shown(page, base, gid, token, None)  # remembered: no ?lang, still German
    assert page.get_attribute("html", "lang") == "de"
    assert current_question(page) == "Was tust du?"

    shown(page, base, gid, token, "en")
    assert page.get_attribute("html", "lang") == "en"
    assert current_question(page) == "What do you do?"
    body = read(page)
    assert "Militia" in body and "Miliz" not in body and "Fackel" not in body
    assert page.locator('[data-testid="lang"] a').count() == 2
    assert not errors, errors
