"""One language at a time in the HTML report (issue 28 item 4): `runeledger report --lang de`
over games of all six rulesets holds no English-only term (headings, captions, axis labels,
tick labels, legends, names), and the English report no German name (tests/language_checks.py,
the detectors every language test shares). The figures' words are SVG text, so they are read
as the page's are."""

from __future__ import annotations

import html
import re

import pytest

from analytics.report import report
from engine import language
from sim.simulate import simulate
from tests.language_checks import english_terms, german_in
from tests.texts_read import RULESETS

FIGURE = re.compile(r"<figure>(.*?)</figure>", re.S)
TEXT = re.compile(r"<text\b[^>]*>(.*?)</text>", re.S)
TAG = re.compile(r"<[^>]+>")


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("report") / "r.db")
    for name, games, players in (
        ("duel", 3, 2),
        ("epochs", 3, 2),
        ("thunderstone", 3, 2),
        ("rune-age", 3, 2),
        ("mage-knight", 2, 2),
        ("dragonlords", 1, 3),
    ):
        simulate(db, name, games, players, seed=3)
    return db


def page(store: str, tmp_path, lang: str) -> str:
    out = tmp_path / f"r-{lang}.html"
    with language.speaking(lang):
        report(store, str(out))
    return out.read_text()


def read(text: str) -> dict[str | None, list[str]]:
    """The page's words by the ruleset each figure is of (None: the page's own): the SVG's
    text and the caption of each figure, the heading and the paragraph of the page."""
    out: dict[str | None, list[str]] = {}
    for block in FIGURE.findall(text):
        words = [html.unescape(TAG.sub("", t)).strip() for t in TEXT.findall(block)]
        caption = html.unescape(TAG.sub("", block.rsplit("<figcaption>", 1)[1]))
        game = caption.split(":", 1)[0]
        out.setdefault(game if game in RULESETS else None, []).extend([*words, caption])
    rest = FIGURE.sub(" ", re.sub(r"<style.*?</style>|<title>.*?</title>", " ", text, flags=re.S))
    out.setdefault(None, []).extend(x.strip() for x in TAG.split(rest) if x.strip())
    return out


def test_the_german_report_holds_no_english_only_term(store, tmp_path):
    text = page(store, tmp_path, "de")
    assert "<html lang='de'>" in text
    said = read(text)
    assert set(said) >= set(RULESETS), "a ruleset without figures: the test could not fail"
    left = {
        s: english_terms(s, game) for game, strings in said.items() for s in strings if english_terms(s, game)
    }
    assert left == {}


def test_the_english_report_holds_no_german_name(store, tmp_path):
    said = read(page(store, tmp_path, "en"))
    assert sum(map(len, said.values())) > 100
    for game, strings in said.items():
        assert german_in(game, {"report": strings}) == {}, game
    english = [s for strings in said.values() for s in strings if english_terms(s, None)]
    assert english, "the English report holds no English term: the detector could not fail"
