"""Issue 28 item 5: one seat numbering. People read "Seat 1" … "Seat N" (never the 0-based
index, never both side by side, never "army 2"), in every CLI table and every refusal; machines
read one 0-based `seat`, and a `seat` taken from any `--json` output is what `--seat` takes."""

import io
import json
import os
import re
from contextlib import redirect_stderr, redirect_stdout
from typing import Any

import pytest

from bots.random_bot import bot_rng, step
from cli.main import main
from engine import registry
from engine.errors import IllegalCommand
from engine.pipeline import Engine
from store import EventStore

RULESETS = sorted(registry.rulesets())
STEPS = 150  # bot decisions per game (DragonLords reaches its first turn); outputs read every CHECK_EVERY
CHECK_EVERY = 30

SEAT_WORD = re.compile(r"\bSeat (-?\d+)\b")
ZERO_BASED = [
    re.compile(r"(?<![\w-])seats? -?\d"),  # "seat 0", "seats 0..1": the index in words
    re.compile(r"\barm(y|ies) ?[\[#]?\d", re.IGNORECASE),  # armies are named, not numbered
    re.compile(r"\barmies\.\d"),  # a state key path of the armies list
]
FLAG = re.compile(r"--(seat|as) -?\d")


def run(db: str, *argv: str, json_out: bool = False) -> tuple[int, str]:
    """main() as a script sees it: its exit code and everything it printed."""
    buf = io.StringIO()
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "400"
    try:
        with redirect_stdout(buf), redirect_stderr(buf):
            code = main([*argv, "--db", db, *(["--json"] if json_out else [])])
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old
    return code, buf.getvalue()


def bad_words(text: str, players: int) -> list[str]:
    """Every line of `text` that shows a person a seat other than as "Seat 1" … "Seat N"."""
    found = []
    for line in text.splitlines():
        seats = [int(n) for n in SEAT_WORD.findall(line)]
        if any(not 1 <= n <= players for n in seats):
            found.append(f"out of range: {line.strip()}")
        if any(p.search(line) for p in ZERO_BASED):
            found.append(f"0-based: {line.strip()}")
        if seats and FLAG.search(line):
            found.append(f"two numberings: {line.strip()}")
    return found


def seats_in(data: Any) -> list[int]:
    """Every `seat` value of a JSON document (the machines' numbering)."""
    if isinstance(data, dict):
        own = [data["seat"]] if isinstance(data.get("seat"), int) else []
        return own + [s for v in data.values() for s in seats_in(v)]
    if isinstance(data, list):
        return [s for v in data for s in seats_in(v)]
    return []


def near_legal(cmds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Commands a player might submit by a slip: each legal command's fields nudged one at a
    time (a number off by one or far out, a name misspelt), and a kind that is not a command."""
    out: list[dict[str, Any]] = [{"kind": "nonsense"}]
    for c in cmds[:6]:
        for k, v in c.items():
            if k == "kind":
                continue
            if isinstance(v, bool):
                out.append({**c, k: not v})
            elif isinstance(v, int):
                out += [{**c, k: v + 1}, {**c, k: 999}]
            elif isinstance(v, str):
                out.append({**c, k: v + "x"})
            elif isinstance(v, list):
                out.append({**c, k: []})
        out.append({kk: vv for kk, vv in c.items() if kk == "kind"})
    return out


def refusals(eng: Engine, gid: str, players: int) -> list[str]:
    """The refusal messages met when each seat (and an index past the last) submits the other
    seats' legal commands and near-legal ones."""
    said = []
    by_seat = {s: eng.legal(gid, s) for s in range(players)}
    every = [c for cs in by_seat.values() for c in cs[:6]]
    for s in [*range(players), players]:
        for c in near_legal(every) + every:
            if c in by_seat.get(s, []):
                continue  # legal: it would be played, not refused
            try:
                eng.submit(gid, s, c)
            except IllegalCommand as exc:
                said.append(str(exc))
            else:
                raise AssertionError(f"{c} by seat index {s} was played: the test must play nothing")
    return said


@pytest.mark.parametrize("name", RULESETS)
def test_people_read_seat_n_and_scripts_pass_seat_on(name, tmp_path):
    db = str(tmp_path / "w.db")
    rs = registry.get(name)
    players = 2 if 2 in rs.players else min(rs.players)
    code, gid = run(db, "new", name, "--players", str(players), "--seed", "28")
    assert code == 0, gid
    gid = gid.strip()
    rng = bot_rng(28)
    bad: list[str] = []
    met = 0
    for n in range(STEPS + 1):
        if n % CHECK_EVERY == 0 or n == STEPS:
            eng = Engine(EventStore(db))
            for msg in refusals(eng, gid, players):
                met += 1
                bad += [f"refusal: {b}" for b in bad_words(msg, players)]
            eng.store.close()
            texts = [run(db, "prompts", gid, *v)[1] for v in ([], ["--as", "referee"], ["--as", "0"])]
            texts += [run(db, "state", gid, *v)[1] for v in ([], ["--as", "referee"], ["--as", "1"])]
            for s in range(players):
                texts += [
                    run(db, "legal", gid, "--seat", str(s))[1],
                    run(db, "choices", gid, "--seat", str(s))[1],
                ]
            for t in texts:
                bad += bad_words(t, players)
            for argv in (["prompts", gid], ["choices", gid, "--seat", "0"], ["log", gid], ["state", gid]):
                code, text = run(db, *argv, json_out=True)
                assert code == 0, text
                for s in set(seats_in(json.loads(text))):
                    assert 0 <= s < players, f"{argv[0]} --json: seat {s} is no seat index"
                    code, back = run(db, "choices", gid, "--seat", str(s), json_out=True)
                    assert code == 0 and json.loads(back)["seat"] == s, (
                        "a seat read from --json is what --seat takes"
                    )
        if n < STEPS:
            eng = Engine(EventStore(db))
            going = step(eng, gid, rng)
            eng.store.close()
            if not going:
                break
    bad += bad_words(run(db, "log", gid)[1], players)
    bad += bad_words(run(db, "log", gid, "--as", "referee")[1], players)
    assert met, "no refusal met: the test could not fail"
    assert not bad, f"{name}: {len(bad)} seat mentions people should not read:\n" + "\n".join(
        sorted(set(bad))[:40]
    )
