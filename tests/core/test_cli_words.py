"""Issue 17 item 4: without --json the read commands print tables in words, for every ruleset:
zones explained, card ids as names with their cost (or first values) and text, no raw JSON of
the game state, no escape codes when piped, umlauts as they are (in --json too)."""

import io
import json
import os
import re
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from bots.random_bot import bot_rng, step
from cli.main import main
from engine import cards as cards_mod
from engine import registry
from engine.language import say
from engine.mechanics.zones import card_name
from engine.narration import command_labels, seat_name
from engine.pipeline import Engine
from projections.views import state_view
from store import EventStore

RULESETS = sorted(registry.rulesets())
ROOT = Path(__file__).resolve().parents[2]
MAX_STEPS = 1000


def public_cards(rs, eng, gid) -> list[str]:
    """Card ids a spectator sees in the zones, as `state` shows them."""
    view = state_view(rs, eng.table(gid), None)
    return [cid for z in view["zones"].values() for cid in z.get("cards", []) if card_info(rs, cid)]


@pytest.fixture(scope="module", params=RULESETS)
def played(request, tmp_path_factory):
    name = request.param
    db = str(tmp_path_factory.mktemp(name) / "w.db")
    eng = Engine(EventStore(db))
    rs = registry.get(name)
    players = 2 if 2 in rs.players else min(rs.players)
    gid = eng.create(name, players, 5)
    rng = bot_rng(5)
    for n in range(MAX_STEPS):  # 20 steps, then on until a card is public (DragonLords' set-up
        if n >= 20 and public_cards(rs, eng, gid):  # shows none: its first is a cast scroll)
            break
        if not step(eng, gid, rng):
            break
    head = eng.table(gid).version
    eng.store.close()
    return db, gid, rs, head


def run(db, *argv, json_out=False):
    """main() with stdout a pipe-like StringIO (not a terminal), wide enough not to wrap."""
    buf = io.StringIO()
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "400"
    try:
        with redirect_stdout(buf):
            code = main([*argv, "--db", db, *(["--json"] if json_out else [])])
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old
    assert code == 0, buf.getvalue()
    return buf.getvalue()


def cells(text: str) -> list[list[str]]:
    """The body rows of the tables in `text`, as stripped cells."""
    return [
        [c.strip() for c in line.strip().strip("│").split("│")]
        for line in text.splitlines()
        if line.startswith("│")
    ]


def legend_rows(text: str) -> dict[str, list[str]]:
    """The legend's rows by card label, a long text's wrapped lines joined (rich wraps a cell
    onto rows whose first cell is empty); whitespace is not compared."""
    out: dict[str, list[str]] = {}
    last = None
    for r in cells(text):
        if len(r) != 4:
            last = None
            continue
        if r[0]:
            last = out.setdefault(r[0], list(r))
        elif last is not None:
            last[:] = [a + b for a, b in zip(last, r, strict=True)]
    return out


def squash(s: str) -> str:
    return "".join(s.split())


def card_info(rs, cid: str):
    if not card_name(cid).strip():
        return None  # an empty field names no card (and would match every card without an English name)
    found = [
        c
        for c in cards_mod.check(rs.cards())
        if cards_mod.fold(card_name(cid)) in (cards_mod.fold(c.name), cards_mod.fold(c.english_name or ""))
    ]
    return found[0] if found else None


def label(c) -> str:
    """What a card is called in the tables: its name with its cost, else its first two values."""
    vals = [(k, v) for k, v, _ in cards_mod.ordered_values(c) if v is not None]
    shown = [(k, v) for k, v in vals if k == "cost"] or vals[:2]
    return f"{c.name} ({', '.join(f'{k} {v}' for k, v in shown)})" if shown else c.name


def visible_cards(view) -> list[str]:
    return [cid for z in view["zones"].values() for cid in z.get("cards", [])]


def test_every_ruleset_names_its_cards_and_zones():
    """Without a card catalogue or zone names the words below would be raw ids."""
    for name in RULESETS:
        rs = registry.get(name)
        assert rs.cards(), f"{name} has no card catalogue"
        assert rs.zone_names, f"{name} explains no zone"


def test_state_in_words(played):
    db, gid, rs, _ = played
    view = json.loads(run(db, "state", gid, json_out=True))
    text = run(db, "state", gid)
    assert "{" not in text and "}" not in text, "raw JSON in the plain state"
    for z in view["zones"]:
        assert rs.zone_label(z) != z, f"{rs.name}: zone {z} is not explained"
        assert f"{say(rs.zone_label(z), game=rs.name)} ({z})" in text
    seat_zones = [z for z in view["zones"] if view["zones"][z].get("owner") == 0]
    owners = {r[0]: r[1] for r in cells(text) if len(r) == 5}
    assert seat_zones and all(
        owners.get(f"{say(rs.zone_label(z), game=rs.name)} ({z})") == "Seat 1" for z in seat_zones
    ), "seat 0's zones are Seat 1's, as players count"
    assert all("Seat 1" in rs.zone_label(z) for z in seat_zones if re.search(r"Seat \d", rs.zone_label(z)))
    shown = [c for c in map(lambda cid: card_info(rs, cid), visible_cards(view)) if c]
    assert shown, "no visible card: the test could not fail"
    legend = legend_rows(text)
    for c in shown:  # in the CLI's language (English: German print names by their English ones)
        named = say(label(c), game=rs.name)
        assert named in text, f"{c.name} is not named with its cost or values"
        said = say(c.text, game=rs.name) + (" (stand-in)" if c.stand_in else "")  # a stand-in is marked
        assert squash(legend.get(named, [""] * 4)[3]) == squash(said), f"{c.name}: text missing"


def test_prompts_fill_in_the_rule_and_the_choices(played):
    db, gid, rs, _ = played
    prompts = json.loads(run(db, "prompts", gid, json_out=True))["prompts"]
    public = run(db, "prompts", gid)
    referee = run(db, "prompts", gid, "--as", "referee")
    for text in (public, referee):
        assert "{" not in text and "}" not in text
    for p in prompts:
        mine = run(db, "prompts", gid, "--as", str(p["seat"]))
        first = json.loads(run(db, "choices", gid, "--seat", str(p["seat"]), json_out=True))
        for text in (mine, referee, public):
            row = next(r for r in cells(text) if r[0] == seat_name(p["seat"]) and r[1] == p["kind"])
            assert row[2] == f"{p['rule']}: {rs.catalog.get(p['rule']).summary}"
            if text is public:  # what a seat may answer can tell its hand
                assert "choices shown to that seat" in row[3] and "(--as)" in row[3]
                assert first["question"] not in row[3]
            elif first["options"]:  # the seat's first question and its first options, in words
                assert first["question"] in row[3]
                assert all(o["label"] in row[3] for o in first["options"][:12]), row[3]
            else:
                assert "nothing to decide" in row[3]


def test_legal_labels_each_choice_with_its_preview(played):
    db, gid, rs, _ = played
    prompts = json.loads(run(db, "prompts", gid, json_out=True))["prompts"]
    seat = prompts[0]["seat"] if prompts else 0
    cmds = json.loads(run(db, "legal", gid, "--seat", str(seat), json_out=True))
    text = run(db, "legal", gid, "--seat", str(seat))
    rows = [r for r in cells(text) if len(r) == 4 and r[0].isdigit()]
    assert len(rows) == len(cmds)
    eng = Engine(EventStore(db))
    t = eng.table(gid)
    labels = command_labels(rs, t, seat, cmds)
    legend = {k for k in legend_rows(text) if not k.isdigit()}
    for r, c, lab in zip(rows, cmds, labels, strict=True):
        assert json.loads(r[3]) == c, "the command column is what `play` takes"
        assert r[1] == say(lab, game=rs.name) and "{" not in r[1] + r[2]
        assert r[2] == say(rs.preview(t, seat, c) or "", game=rs.name)
        for v in c.values():
            info = card_info(rs, v) if isinstance(v, str) else None
            if info is not None:
                assert say(label(info), game=rs.name) in legend, (
                    f"{info.name} ({v!r}) not listed with its cost"
                )
    eng.store.close()


def test_log_and_audit_in_words(played):
    db, gid, rs, head = played
    events = json.loads(run(db, "log", gid, json_out=True))
    text = run(db, "log", gid, "--events")  # one row per event; without it one per decision
    assert "{" not in text and "}" not in text
    rows = {r[0]: r for r in cells(text) if r and r[0].isdigit()}
    assert len(rows) == len(events)
    wrapped = {k: r[2] for k, r in legend_rows(text).items() if k.isdigit()}  # a sentence wider than 400
    eng = Engine(EventStore(db))
    t = eng.table(gid)
    for e in events:  # the game's own sentence (Ruleset.describe), seats as players count them
        said = say(rs.describe(t, e), game=rs.name)  # in the CLI's language
        assert rows[str(e["version"])][2] == said or squash(wrapped[str(e["version"])]) == squash(said)
        assert rows[str(e["version"])][1] == ("" if e["actor"] is None else seat_name(e["actor"]))
    eng.store.close()
    raw = {
        z
        for e in events
        for z in (e["data"].get("src"), e["data"].get("dst"), e["data"].get("zone"))
        if isinstance(z, str) and re.search(r"[\d:.]", z)
    }
    assert raw, "no zone named: the test could not fail"
    for z in raw:
        assert not re.search(rf"(?<![\w:.]){re.escape(z)}(?![\w:.])", text), f"raw zone {z}"
    legend = {k for k in legend_rows(text) if not k.isdigit()}
    named = {c for e in events for c in e["data"].get("cards", []) if card_info(rs, c)}
    assert named, "no card named: the test could not fail"
    for c in named:
        assert say(label(card_info(rs, c)), game=rs.name) in legend, f"{c} not listed with its cost"
    for n in (2, head // 2, head):
        out = run(db, "audit", gid, str(n))
        assert "{" not in out and "}" not in out, f"raw JSON in audit {n}"
        assert f"why event {n} of {gid}" in out
        chain = json.loads(run(db, "audit", gid, str(n), json_out=True))["chain"]
        for link in chain:
            assert f"#{link['version']}" in out and link["type"] in out


def test_list_names_ruleset_players_status_and_last_event(played):
    db, gid, rs, _ = played
    text = run(db, "list")
    row = next(r for r in cells(text) if r[0] == gid)
    data = next(g for g in json.loads(run(db, "list", json_out=True)) if g["game_id"] == gid)
    assert row[1:] == [
        rs.name,
        str(data["players"]),
        data["status"],
        str(data["version"]),
        data["last_event"],
    ]


def test_list_of_a_ruleset_without_games_says_so(played):
    """An empty listing is a sentence, not an empty table; --json gives an empty list."""
    db, _gid, rs, _ = played
    other = "duel" if rs.name != "duel" else "epochs"
    text = run(db, "list", "--ruleset", other)
    assert f"no games of {other}" in text and "┏" not in text
    assert json.loads(run(db, "list", "--ruleset", other, json_out=True)) == []


def test_umlauts_printed_as_they_are():
    """Rune Age names its neutral cards in German ("Dämon"): plain and --json show the letter."""
    db = str(Path(os.environ.get("TMPDIR", "/tmp")) / f"umlaut-{os.getpid()}.db")
    try:
        eng = Engine(EventStore(db))
        gid = eng.create("rune-age", 2, 5)
        eng.store.close()
        as_json = run(db, "state", gid, json_out=True)
        plain = run(db, "state", gid, "--lang", "de")  # German: the print names
        assert re.search(r"[äöüÄÖÜß]", as_json) and "\\u00" not in as_json
        names = set(re.findall(r"\w*[äöüÄÖÜß]\w*", as_json))
        assert names and all(n in plain for n in names)
    finally:
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(db + suffix):
                os.remove(db + suffix)


def test_piped_output_has_no_escape_codes(played):
    db, gid, _rs, head = played
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("COLUMNS", None)
    for argv in (("state", gid), ("log", gid), ("audit", gid, str(head))):
        done = subprocess.run(
            [sys.executable, "-m", "cli.main", *argv, "--db", db], capture_output=True, env=env, cwd=ROOT
        )
        assert done.returncode == 0, done.stderr
        out = done.stdout.decode("utf-8")
        assert "\x1b" not in out and "━" in out
        assert max(map(len, out.splitlines())) <= 120, "piped width is 120 columns"


def test_legal_for_a_seat_with_nothing_to_do_says_who_must_act(played):
    """A seat not asked to act gets a sentence naming who must, not an empty table."""
    db, gid, _rs, _head = played
    eng = Engine(EventStore(db))
    asked = {p.seat for p in eng.prompts(gid)}
    idle = [s for s in range(eng.table(gid).players) if s not in asked]
    eng.store.close()
    if not idle:  # every seat is asked (a simultaneous choice): nothing to check here
        assert asked
        return
    text = run(db, "legal", gid, "--seat", str(idle[0]))
    assert "has nothing to do" in text and "┏" not in text
    assert all(seat_name(s) in text for s in asked)
