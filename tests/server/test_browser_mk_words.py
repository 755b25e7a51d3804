"""No identifiers on the Mage Knight page (issue 28, items 3 and 5): after sixty bot decisions
(tactics, moves, cards played, a combat, new tiles), every text a person reads on a seat's
page (the heading, the board with its hex titles and enemy tokens, the seat's own area, the
question, the other players' panels, the log) names cards, enemies, tiles and tactics in words:
no snake_case id ("green_cursed_hags", "mana_draw", "conquered_by") and no instance id
("march#3"). The full state, folded, is for referees and tools and is not read here."""

import re

import pytest

from tests.server.test_boards import prepare
from tests.server.test_browser import start_server, stop_server

IDENTIFIER = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\b[A-Za-z_]+#[A-Za-z0-9]+")
READ = ("header", "#board", "#own", "#choices", "#panels", "#log")


@pytest.fixture(scope="module")
def mk_played(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("mkwords")
    decisions = iter(range(61))
    gid, tokens = prepare(str(tmp / "t.db"), "mage-knight", 1, lambda eng, gid: next(decisions) == 60)
    proc, base, _ = start_server(tmp)
    yield base, gid, tokens
    stop_server(proc, tmp)


def test_the_mage_knight_page_shows_no_identifier(mk_played, browser):
    base, gid, tokens = mk_played
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    page.goto(f"{base}/games/{gid}?token={tokens['seats'][0]['token']}")
    page.wait_for_selector("svg.hexmap")
    page.wait_for_function("document.querySelectorAll('#log [data-entry]').length > 20")
    texts = page.evaluate(
        """sels => sels.map(s => {
             const e = document.querySelector(s);
             const extra = [...e.querySelectorAll('title, [title], [aria-label]')].map(x =>
               (x.tagName === 'title' ? x.textContent : '') + ' ' + (x.getAttribute('title') || '') +
               ' ' + (x.getAttribute('aria-label') || ''));
             return [s, e.innerText + '\\n' + extra.join('\\n')];
           })""",
        list(READ),
    )
    found = {s: sorted(set(IDENTIFIER.findall(t))) for s, t in texts}
    assert not any(found.values()), found
