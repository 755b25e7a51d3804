"""One language at a time in the CLI (issue 28 item 4): every read subcommand of `runeledger`
over seeded bot games of every ruleset, one in play and one played on (300 decisions), holds
no English-only term with `--lang de` and no German name with `--lang en` (the detectors of
tests/language_checks.py, shared with the table's and the report's tests). What a person pastes
is left out (commands' JSON, ids, `key=value`, flags; a zone's id after its name).

`simulate`'s summary and `report`'s line are read over a few games of their own (a database
apart, so the games above stay as they are); `dispute` in German: tests/core/test_dispute_german.py."""

from __future__ import annotations

import io
import json
import os
import re
from contextlib import redirect_stderr, redirect_stdout
from unittest import mock

import pytest

from bots.random_bot import bot_rng, decide
from cli.main import main
from engine.pipeline import Engine
from projections.views import REFEREE, state_view
from store import EventStore
from tests.language_checks import english_left, english_terms, german_in, readable
from tests.texts_read import RULESETS

CELL = re.compile(r"[│┃]")


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    """One database: per ruleset a game after 40 bot decisions (questions open) and one after
    300 (most over); every zone id of each ruleset (shown after a zone's name); per game the
    commands a rule refuses."""
    path = str(tmp_path_factory.mktemp("lang") / "lang.db")
    eng = Engine(EventStore(path))
    games: dict[str, list[str]] = {}
    zones: dict[str, set[str]] = {}
    refused: dict[str, list[tuple[int, str]]] = {}
    start: dict[str, str] = {}
    for name in RULESETS:
        for moves in (40, 300):
            gid = eng.create(name, 2, "lang")  # the table's language tests' games (texts_read)
            rng = bot_rng(f"lang:{name}")
            for _ in range(moves):
                if decide(eng, gid, rng) is None:
                    break
            games.setdefault(name, []).append(gid)
            refused[gid] = refusals(eng, gid)
            start[gid] = str(max(1, eng.table(gid).version - 100))
            view = state_view(eng.ruleset(gid), eng.table(gid), REFEREE)
            zones.setdefault(name, set()).update(view["zones"])
    eng.store.close()
    return path, games, zones, refused, start


def refusals(eng: Engine, gid: str) -> list[tuple[int, str]]:
    """Commands a rule refuses: the acting seat's first legal command played by the other
    seat (a seat not to act), and a kind the game does not know."""
    acting = sorted({p.seat for p in eng.prompts(gid)})
    if not acting:
        return [(0, '{"kind": "pass"}')]
    legal = eng.legal(gid, acting[0])
    other = 1 - acting[0]
    return [(other, json.dumps(legal[0]))] if legal else []


def run(db: str, *argv: str) -> str:
    """`runeledger ARGV --db DB`, stdout and stderr, wide enough that no cell wraps."""
    out = io.StringIO()
    with mock.patch.dict(os.environ, {"COLUMNS": "4000"}), redirect_stdout(out), redirect_stderr(out):
        main([*argv, "--db", db])
    return out.getvalue()


def commands(
    name: str, games: list[str], refused: dict[str, list], start: dict[str, str]
) -> list[tuple[str, ...]]:
    """The read subcommands over the game in play (all its log) and the later one (its state,
    its last 100 events: German said over a whole long log takes seconds)."""
    mid, late = games
    out: list[tuple[str, ...]] = [("games",), ("list",), ("cards", name)]
    out += [("prompts", mid), ("prompts", mid, "--as", "referee"), ("state", mid), ("state", late)]
    out += [("prompts", late), ("legal", mid, "--seat", "0"), ("choices", mid, "--seat", "0")]
    out += [
        ("log", mid),
        ("log", mid, "--events"),
        ("log", late, "--from", "700"),
        ("log", late, "--events", "--from", "700"),
    ]
    out += [
        ("timeline", mid),
        ("legal", mid, "--seat", "1"),
        ("choices", mid, "--seat", "1"),
        ("propose", mid, "--seat", "0"),
        ("audit", mid, "5"),
        ("audit", late, "40", "--as", "referee"),
        ("play", mid, "--seat", "0", '{"type": "nonsense"}'),  # an error, said in the language
    ]
    return out + [("play", mid, "--seat", str(seat), cmd) for seat, cmd in refused[mid]]


def cells(text: str, zones: set[str]) -> list[str]:
    """Every table cell and line of `text` as a person reads it (zone ids and pasted parts out)."""
    ids = re.compile(r" \((?:" + "|".join(map(re.escape, sorted(zones, key=len, reverse=True))) + r")\)")
    return [readable(ids.sub("", c)).strip() for line in text.splitlines() for c in CELL.split(line)]


_read: dict[tuple[str, str], dict[str, list[str]]] = {}


def read(db, name: str, lang: str) -> dict[str, list[str]]:
    """What each command prints, by command (read once per ruleset and language)."""
    if (name, lang) not in _read:
        _read[name, lang] = _run_all(db, name, lang)
    return _read[name, lang]


def _run_all(db, name: str, lang: str) -> dict[str, list[str]]:
    path, games, zones, refused, start = db
    return {
        " ".join(c): cells(run(path, *c, "--lang", lang), zones[name])
        for c in commands(name, games[name], refused, start)
    }


@pytest.mark.parametrize("name", RULESETS)
def test_german_cli_holds_no_english_only_term(db, name):
    said = read(db, name, "de")
    assert sum(len(x) for x in said.values()) > 200, "too little read: the test could not fail"
    assert english_left(name, said) == {}


@pytest.mark.parametrize("name", RULESETS)
def test_english_cli_holds_no_german_name(db, name):
    said = read(db, name, "en")
    assert german_in(name, said) == {}


def test_the_checks_can_fail_on_cli_output(db):
    """The same detectors see English in English output and German names in German output."""
    en = read(db, "thunderstone", "en")
    assert any(english_terms(c, "thunderstone") for lines in en.values() for c in lines)
    de = read(db, "thunderstone", "de")
    assert german_in("thunderstone", de)


SIMULATED = ("duel", "thunderstone", "dragonlords")  # a few rulesets: simulate plays whole games


@pytest.fixture(scope="module")
def simulated(tmp_path_factory):
    """`simulate` (2 games each, then its refusal of a second run of the same seed and of a
    player count the game does not take), `report` and `export` (twice), per language, in a database of their
    own; what each prints, by command."""
    folder = tmp_path_factory.mktemp("simulate")
    said: dict[str, dict[str, list[str]]] = {}
    for lang in ("en", "de"):
        db = str(folder / f"{lang}.db")
        runs = [
            *[("simulate", g, "--games", "2", "--players", "2", "--seed", "lang") for g in SIMULATED],
            ("simulate", "duel", "--games", "2", "--players", "2", "--seed", "lang"),  # stored already
            ("simulate", "duel", "--games", "2", "--players", "9"),
            ("report", "--out", str(folder / f"{lang}.html")),
            ("export", "--out", str(folder / f"{lang}-out")),
            ("export", "--out", str(folder / f"{lang}-out")),  # nothing new the second time
        ]
        said[lang] = {
            f"{i}: {' '.join(c)}": cells(run(db, *c, "--lang", lang), set()) for i, c in enumerate(runs)
        }
    return said


def test_german_simulate_and_report_hold_no_english_only_term(simulated):
    said = simulated["de"]
    assert sum(len(c) for x in said.values() for c in x) > 200, "too little read: the test could not fail"
    assert any("Siege je Platz" in c for c in said["0: simulate duel --games 2 --players 2 --seed lang"])
    assert any("geschrieben" in c for lines in said.values() for c in lines)
    assert any("exportiert" in c for lines in said.values() for c in lines)
    assert any("neuesten Stand" in c for lines in said.values() for c in lines)
    assert english_left(None, said) == {}


def test_english_simulate_and_report_hold_no_german_word_and_can_fail(simulated):
    """English output names no German term (the phrasebook's German words, such as "Spiele",
    never reach it), and the same detector sees its English."""
    en = simulated["en"]
    german = re.compile(r"\b(?:Spiele|Platz|Siege|geschrieben|Abbildungen|Fehler|gelesen|exportiert)\b")
    assert [c for lines in en.values() for c in lines if german.search(c)] == []
    assert any(english_terms(c, None) for lines in en.values() for c in lines)


USAGE_ERRORS = (  # argparse's complaints and the command line's own, each a way to get it wrong
    ("simulate", "duel"),
    ("simulate", "duel", "--players", "2", "--games", "x"),
    ("new", "duel", "--players", "2", "--bogus", "1"),
    ("export", "--as", "nobody", "--out", "somewhere"),
    ("bogus",),
    ("list",),
    ("new",),
)


@pytest.mark.parametrize("argv", USAGE_ERRORS, ids=lambda a: " ".join(a))
def test_a_usage_error_is_said_in_german(tmp_path, argv):
    """A mistake on the command line is told in the language asked for: argparse's messages
    too, not only the engine's refusals (`runeledger simulate duel --lang de`)."""
    missing = str(tmp_path / "none.db")  # `list` reads a file that is not there
    german = run(missing, *argv, "--lang", "de")
    english = run(missing, *argv)
    assert german.startswith("Fehler: ") and english.startswith("error: ")
    assert english_terms(readable(german), None) == []
    for en in ("argument", "the following", "invalid choice", "unrecognized", "no database", "needs"):
        assert en not in german, (en, german)
