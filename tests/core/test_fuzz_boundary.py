"""Attack tests for the input boundary (DESIGN invariant 9, "Trust is explicit").

Whatever a caller hands `Engine.submit` (any JSON value or Python object as the command, any
object as the seat) is either exactly a legal command for an int seat of the game, or it is
refused with an `EngineError` subclass (`IllegalCommand`; `BadInput` for malformed input or a
seat that is not an int of the game) and changes nothing: same store version, same state (live
and rebuilt), same prompts and legal commands, the store still verifies, and the refusal is
noted in the `rejected` table up to the per-game cap (never for a game that does not exist).

The CLI (`cli.main.main`) maps outcomes to exit codes: 0 done, 1 refused by a rule, 2
malformed input or usage, 3 integrity failure, 70 an unexpected internal error on one line; no
input ever prints a Python traceback; `--json` makes an error one JSON line on stdout.

Hypothesis sizes: small by default; `make soak` (RUNELEDGER_SOAK=1) runs RUNELEDGER_SOAK_EXAMPLES
(7000) per hypothesis test, about 100k fuzz inputs in all.
"""

from __future__ import annotations

import copy
import io
import json
import reprlib
import shlex
import sqlite3
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import msgspec
import pytest
from attack_helpers import FIGURES, examples, register_figures
from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st

from bots.random_bot import bot_rng, play_out, step
from cli.main import main
from engine import registry
from engine.errors import BadInput, EngineError, IllegalCommand
from engine.pipeline import Engine, canonical
from sim.testing import state_bytes
from store import EventStore, sqlite_store
from store.hashing import row_hash

RULESETS = sorted(registry.rulesets())
SITUATION = Path(__file__).parent / "situations" / "duel_low_health.toml"
_short = reprlib.Repr()
_short.maxlevel, _short.maxstring, _short.maxother, _short.maxlong = 4, 80, 80, 60
_short.maxlist = _short.maxdict = 6


def short(obj) -> str:
    try:
        return _short.repr(obj)
    except Exception as exc:  # an object whose repr fails is itself an input here
        return f"<unrepresentable {type(obj).__name__}: {exc!r}>"


def cap() -> int | None:
    return getattr(sqlite_store, "REJECTED_CAP", None)


def pick(data, seq, label: str):
    """One element of a list that depends on the game's state: drawn as an index, so that
    hypothesis generates the same data on replay whatever the list holds."""
    seq = list(seq)
    value = seq[data.draw(st.integers(0, 1 << 16), label=label + " (index)") % len(seq)]
    note(f"{label}: {short(value)}")
    return value


def fuzz_settings(default: int):
    return settings(
        max_examples=examples(default),
        deadline=None,
        report_multiple_bugs=False,
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
        ],
    )


@pytest.fixture(autouse=True, scope="module")
def _figures(request):
    register_figures(request.config)


# -- the arena: one database per test item, three games per ruleset ---------------------------
@dataclass
class Arena:
    path: str
    eng: Engine
    rs: object
    players: int
    games: dict[str, str]
    kinds: list[str] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    values: list = field(default_factory=list)
    past_commands: list[dict] = field(default_factory=list)


def make_arena(ruleset: str, path: str, with_over: bool = True) -> Arena:
    rs = registry.get(ruleset)
    players = 2 if 2 in rs.players else min(rs.players)
    eng = Engine(EventStore(path))
    games = {"fresh": eng.create(ruleset, players, 11, game_id=f"{ruleset}-fresh")}
    # "mid": a few bot moves in, preferably with seat 1 to act (so True / 1.0 / "1" mean a
    # seat that is prompted), never over
    for seed in range(20, 60):
        gid = eng.create(ruleset, players, seed, game_id=f"{ruleset}-mid-{seed}")
        rng = bot_rng(seed)
        for i in range(60):
            ps = eng.prompts(gid)
            if not ps or (i >= 3 and ps[0].seat == 1):
                break
            step(eng, gid, rng)
        ps = eng.prompts(gid)
        if ps and ps[0].seat == 1 and not eng.table(gid).over:
            games["mid"] = gid
            break
    assert "mid" in games, f"{ruleset}: no mid-game position with seat 1 to act found"
    over = eng.create(ruleset, players, 13, game_id=f"{ruleset}-over")
    if with_over:
        play_out(eng, over, 13)
        games["over"] = over
    a = Arena(path, eng, rs, players, games)
    kinds, keys, values = set(), set(), set()
    for ev in eng.store.read(over):
        if ev.type.startswith("cmd."):
            a.past_commands.append(ev.data)
            for k, v in ev.data.items():
                keys.add(k)
                if k == "kind":
                    kinds.add(v)
                elif isinstance(v, (str, int)) and not isinstance(v, bool):
                    values.add(v)
    a.kinds, a.keys = sorted(kinds), sorted(keys)
    a.values = sorted(values, key=repr)
    return a


@pytest.fixture
def arena(ruleset, tmp_path):
    a = make_arena(ruleset, str(tmp_path / f"{ruleset}.db"))
    yield a
    a.eng.store.close()


# -- what "changes nothing" means ---------------------------------------------------------------
@dataclass
class Look:
    version: int
    state: bytes
    prompts: bytes
    legal: dict
    rejected: int
    over: bool


def rejected_rows(store: EventStore, gid) -> int:
    return store.conn.execute("SELECT count(*) FROM rejected WHERE game_id=?", (gid,)).fetchone()[0]


def look(a: Arena, gid: str) -> Look:
    eng = a.eng
    t = eng.table(gid)
    prompts = eng.prompts(gid)
    legal = {p.seat: sorted(canonical(c) for c in eng.legal(gid, p.seat)) for p in prompts}
    return Look(
        eng.store.version(gid),
        state_bytes(t),
        msgspec.json.encode(prompts),
        legal,
        rejected_rows(eng.store, gid),
        t.over,
    )


def assert_unchanged(a: Arena, gid: str, before: Look, what: str) -> None:
    eng = a.eng
    after = look(a, gid)
    assert after.version == before.version, f"{what}: the store version moved"
    assert after.state == before.state, f"{what}: the live state changed"
    assert state_bytes(eng.reader.state_at(gid)) == before.state, (
        f"{what}: the state rebuilt from the store differs"
    )
    assert after.prompts == before.prompts, f"{what}: the prompts changed"
    assert after.legal == before.legal, f"{what}: the legal commands changed"
    if not after.over:
        assert any(after.legal.values()), f"{what}: no prompted seat has a legal command"
    report = eng.store.verify()
    assert report.ok, f"{what}: the store no longer verifies: {report.first_bad}"
    limit = cap()
    if limit is not None:
        assert after.rejected <= limit, f"{what}: {after.rejected} rejected rows, cap {limit}"
    full = limit is not None and before.rejected >= limit
    want = before.rejected if full else before.rejected + 1
    assert after.rejected == want, (
        f"{what}: rejected rows went {before.rejected} -> {after.rejected}, expected {want}"
    )


def legal_for(a: Arena, gid: str, seat) -> set[bytes]:
    if type(seat) is not int or not 0 <= seat < a.players:
        return set()
    return {canonical(c) for c in a.eng.legal(gid, seat)}


def canon_or_none(cmd) -> bytes | None:
    try:
        return canonical(cmd)
    except Exception:
        return None


def attempt(a: Arena, gid: str, seat, cmd, what: str = "submit"):
    """Submit; a refusal must be an EngineError and change nothing. Returns the refusal."""
    before = look(a, gid)
    legal = legal_for(a, gid, seat)
    label = f"{what}: submit({gid}, seat={short(seat)}, {short(cmd)})"
    try:
        a.eng.submit(gid, seat, cmd)
    except Exception as exc:
        assert isinstance(exc, EngineError), (
            f"{label} raised {type(exc).__name__} (not an EngineError): {short(str(exc))}"
        )
        assert_unchanged(a, gid, before, label)
        return exc
    assert type(seat) is int and 0 <= seat < a.players, (
        f"{label} was accepted for a seat that is not an int seat of the game"
    )
    assert canon_or_none(cmd) in legal, f"{label} was accepted but is not a legal command"
    report = a.eng.store.verify()
    assert report.ok, f"{label} was accepted and the store no longer verifies: {report.first_bad}"
    return None


# -- strategies ---------------------------------------------------------------------------------
class Evil:
    """A Python object that refuses comparison."""

    def __eq__(self, other):
        raise RuntimeError("no comparing me")

    __hash__ = object.__hash__

    def __repr__(self):
        return "Evil()"


ODD_STRINGS = [
    "\ud800",
    "a\udcffb",
    "\x00",
    "\u202e",
    "\U0001d50dab",
    "Jab\u200b",
    "\ufeff",
    "",
    " ",
    "\n",
    "🃏" * 3,
    "NaN",
    "null",
    "-0",
]
ODD_NUMBERS = [
    10**400,
    -(10**400),
    2**70,
    2**64,
    2**63,
    -(2**63) - 1,
    0.0,
    -0.0,
    1e308,
    float("inf"),
    float("-inf"),
    float("nan"),
    5e-324,
]
PY_ODDITIES = [
    (),
    ("play",),
    {"kind"},
    frozenset(),
    b"kind",
    bytearray(b"x"),
    object(),
    complex(1, 2),
    Decimal("1"),
    Evil(),
    {1: "x"},
    {("kind",): "x"},
    {None: "kind"},
    range(3),
    type,
    print,
]


def leaves(a: Arena):
    strategies = [
        st.none(),
        st.booleans(),
        st.integers(),
        st.sampled_from(ODD_NUMBERS),
        st.floats(),
        st.text(max_size=12),
        st.sampled_from(ODD_STRINGS),
    ]
    if a.kinds:
        strategies.append(st.sampled_from(a.kinds))
    if a.values:
        strategies.append(st.sampled_from(a.values))
    return st.one_of(strategies)


def json_values(a: Arena):
    keys = st.one_of(st.sampled_from(a.keys or ["kind"]), st.text(max_size=6), st.sampled_from(ODD_STRINGS))
    return st.recursive(
        leaves(a),
        lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=4)),
        max_leaves=10,
    )


def command_like(a: Arena):
    """Dicts with a kind (often a real one) and a few fields (often real names)."""
    kinds = st.one_of(st.sampled_from(a.kinds or ["x"]), leaves(a))
    fields = st.dictionaries(
        st.one_of(st.sampled_from(a.keys or ["card"]), st.text(max_size=6)), json_values(a), max_size=3
    )
    return st.builds(lambda k, f: {"kind": k, **f}, kinds, fields)


# recipes: inputs too large or too deep to let hypothesis print them; built inside the test
RECIPES = st.one_of(
    st.tuples(
        st.sampled_from(["deep_list", "deep_dict", "deep_field", "deep_kind"]),
        st.sampled_from([100, 1000, 10_000]),
    ),
    st.tuples(
        st.sampled_from(["huge_str", "huge_kind", "wide_list", "many_keys"]),
        st.sampled_from([10_000, 200_000, 1_000_000]),
    ),
)


def build(recipe, a: Arena, legal: list[dict]):
    what, n = recipe
    kind = legal[0]["kind"] if legal else (a.kinds or ["x"])[0]
    key = next((k for k in (legal[0] if legal else {}) if k != "kind"), "card")
    if what.startswith("deep"):
        inner: object = []
        for _ in range(n):
            inner = [inner] if what != "deep_dict" else {"kind": inner}
        return {
            "deep_list": inner,
            "deep_dict": inner,
            "deep_field": {"kind": kind, key: inner},
            "deep_kind": {"kind": inner},
        }[what]
    if what == "huge_str":
        return {"kind": kind, key: "x" * n}
    if what == "huge_kind":
        return {"kind": kind * (n // max(len(kind), 1))}
    if what == "wide_list":
        return {"kind": kind, key: list(range(n))}
    return {"kind": kind, **{f"k{i}": i for i in range(n // 100)}}


def seats(players: int):
    bogus = [
        -1,
        players,
        10**30,
        2**70,
        2**63,
        -(2**63) - 1,
        0.0,
        1.0,
        -0.0,
        True,
        False,
        "0",
        "1",
        None,
        b"0",
        [0],
        (0,),
        0.5,
        float("nan"),
        Decimal(0),
        complex(0),
    ]
    return st.one_of(
        st.integers(0, players - 1), st.sampled_from(bogus), st.integers(), st.floats(), st.text(max_size=3)
    )


# -- API: every installed ruleset ---------------------------------------------------------------
def test_every_known_ruleset_is_fuzzed():
    assert {"duel", "thunderstone", "rune-age", "epochs"} <= set(RULESETS)
    assert not registry.broken(), registry.broken()


def takes_list(arena, cmd: dict, k: str) -> bool:
    """The field is one a pick sets (a list of values, or its stored comma-joined form): a list
    of the right values is then the same command, not a wrong type."""
    return "list" in str((arena.rs.commands or {}).get(cmd.get("kind"), {}).get(k, ""))


@pytest.mark.parametrize("ruleset", RULESETS)
@fuzz_settings(60)
@given(data=st.data())
def test_api_any_input_is_refused_cleanly_or_legal(arena, data):
    gid = arena.games[data.draw(st.sampled_from(sorted(arena.games)), label="game")]
    seat = data.draw(seats(arena.players), label="seat")
    prompts = arena.eng.prompts(gid)
    legal = arena.eng.legal(gid, prompts[0].seat) if prompts else []
    source = data.draw(st.sampled_from(["json", "command", "python", "recipe", "legal"]), label="source")
    if source == "json":
        cmd = data.draw(json_values(arena), label="cmd")
    elif source == "command":
        cmd = data.draw(command_like(arena), label="cmd")
    elif source == "python":
        cmd = data.draw(
            st.one_of(
                st.sampled_from(PY_ODDITIES),
                st.builds(
                    lambda o, k: {"kind": k, "card": o},
                    st.sampled_from(PY_ODDITIES),
                    st.sampled_from(arena.kinds or ["x"]),
                ),
            ),
            label="cmd",
        )
    elif source == "recipe":
        recipe = data.draw(RECIPES, label="recipe")
        cmd = build(recipe, arena, legal)
    else:  # a legal command of the prompted seat (once the game is over, an old one)
        cmd = copy.deepcopy(pick(data, legal or arena.past_commands, "cmd"))
    FIGURES.add("fuzz inputs: API submit (any command, any seat)")
    attempt(arena, gid, seat, cmd)


MUTATIONS = ["wrong_type", "unknown_name", "extra_key", "missing_key", "other_kind", "other_seat"]


def homoglyph(s: str) -> str:
    return (
        s.replace("a", "\u0430").replace("e", "\u0435").replace("o", "\u043e")
        if any(c in s for c in "aeo")
        else s + "\u0301"
    )


@pytest.mark.parametrize("ruleset", RULESETS)
@fuzz_settings(60)
@given(data=st.data())
def test_api_near_legal_commands_are_refused_naming_a_rule(arena, data):
    """A legal command with one thing wrong: refused, nothing changes, a catalog rule named."""
    which = data.draw(st.sampled_from(["fresh", "mid", "over"]), label="game")
    gid = arena.games[which]
    if which == "over":
        seat = data.draw(st.integers(0, arena.players - 1), label="seat")
        cmd = pick(data, arena.past_commands, "cmd")
    else:
        seat = arena.eng.prompts(gid)[0].seat
        base = pick(data, arena.eng.legal(gid, seat), "legal")
        cmd = copy.deepcopy(base)
        how = data.draw(st.sampled_from(MUTATIONS), label="mutation")
        keys = [k for k in cmd if k != "kind"]
        if how == "wrong_type":
            k = pick(data, keys or ["kind"], "key")
            v = cmd[k]
            lists = [] if takes_list(arena, cmd, k) else [[], [v]]
            cmd[k] = data.draw(
                st.sampled_from(
                    [
                        0,
                        1,
                        -1,
                        True,
                        False,
                        None,
                        1.5,
                        float("nan"),
                        *lists,
                        {},
                        {"v": v},
                        2**70,
                        str(v) if not isinstance(v, str) else 7,
                    ]
                ),
                label="value",
            )
        elif how == "unknown_name":
            strs = [k for k in cmd if isinstance(cmd[k], str)]
            k = pick(data, strs, "key")
            v = cmd[k]
            cmd[k] = data.draw(
                st.one_of(
                    st.sampled_from(
                        [
                            v + "#999",
                            v + " ",
                            " " + v,
                            v.upper(),
                            v.lower(),
                            "",
                            "Nope",
                            v + "\x00",
                            homoglyph(v),
                            v * 2,
                            v + "\ud800",
                        ]
                    ),
                    st.text(max_size=10),
                ),
                label="value",
            )
        elif how == "extra_key":
            k = data.draw(
                st.one_of(
                    st.sampled_from(
                        ["extra", "seat", "actor", "Kind", "kind ", "", "card", "target", "rule"]
                    ),
                    st.text(max_size=6),
                ).filter(lambda k: k not in cmd),
                label="key",
            )
            cmd[k] = data.draw(
                st.one_of(
                    st.sampled_from(arena.values or [0]), st.integers(), st.none(), st.text(max_size=5)
                ),
                label="value",
            )
        elif how == "missing_key":
            del cmd[pick(data, sorted(cmd), "key")]
        elif how == "other_kind":
            cmd["kind"] = data.draw(
                st.one_of(st.sampled_from([*arena.kinds, "", "KIND"]), st.text(max_size=8)), label="kind"
            )
        else:  # the same command from a seat that may not give it
            others = [s for s in range(arena.players) if s != seat]
            seat = pick(data, others, "other seat")
        assume(canon_or_none(cmd) not in legal_for(arena, gid, seat))
    FIGURES.add("fuzz inputs: API near-legal commands")
    exc = attempt(arena, gid, seat, cmd, "near-legal")
    assert isinstance(exc, IllegalCommand), f"near-legal {short(cmd)} was not refused: {exc!r}"
    assert exc.rule is not None, f"the refusal of {short(cmd)} names no rule: {exc}"
    assert exc.rule in arena.rs.catalog, (
        f"the refusal of {short(cmd)} names rule {exc.rule!r}, not in the catalog"
    )


NOT_SEATS = [True, False, 0.0, 1.0, -0.0, "0", "1", 2**70, 10**30, -1, None, 1.5, b"0", [0], Decimal(1)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_api_seat_that_is_not_an_int_of_the_game_is_bad_input(ruleset, tmp_path):
    """True, 0.0, "0", 2**70...: refused with BadInput even with a command that is legal for
    the seat they resemble (fresh game: seat 0 to act; mid game: seat 1), nothing changes and
    the store still verifies. Each seat value gets its own store; all problems are listed."""
    tried, problems = 0, []
    for n, bad in enumerate([*NOT_SEATS, "PLAYERS", "PLAYERS+1"]):
        a = make_arena(ruleset, str(tmp_path / f"s{n}.db"), with_over=False)
        bad = (
            {"PLAYERS": a.players, "PLAYERS+1": a.players + 1}.get(bad, bad) if isinstance(bad, str) else bad
        )
        try:
            for which in ("fresh", "mid"):
                gid = a.games[which]
                prompted = a.eng.prompts(gid)[0].seat
                for cmd in a.eng.legal(gid, prompted):
                    tried += 1
                    try:
                        exc = attempt(a, gid, bad, cmd, "not a seat")
                    except AssertionError as failed:
                        raise AssertionError(f"{which} game: {str(failed).splitlines()[0]}") from failed
                    if not isinstance(exc, BadInput):
                        raise AssertionError(f"{which} game, {cmd}: {exc!r} is not BadInput")
        except AssertionError as failed:
            problems.append(f"seat {short(bad)}: {failed}")
        finally:
            a.eng.store.close()
    FIGURES.add("fuzz inputs: API seats that are not seats", tried)
    assert not problems, f"{len(problems)} of {len(NOT_SEATS) + 2} seat values mishandled:\n" + "\n".join(
        problems
    )


@fuzz_settings(80)
@given(
    gid=st.one_of(
        st.text(max_size=30),
        st.sampled_from(["", " ", "duel-fresh ", "DUEL-FRESH", "duel-fresh\x00", "%", "_", "' OR 1=1 --"]),
    ),
    seat=st.one_of(st.integers(-2, 3), st.sampled_from([None, True, "0", 10**30])),
    cmd=st.one_of(
        st.just({"kind": "play", "card": "Jab"}),
        st.just({"kind": "pass"}),
        st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    ),
)
def test_api_unknown_game_is_refused_and_not_recorded(duel_arena, gid, seat, cmd):
    store = duel_arena.eng.store
    assume(gid not in store.game_ids())
    total = store.conn.execute("SELECT count(*) FROM rejected").fetchone()[0]
    games = store.game_ids()
    FIGURES.add("fuzz inputs: API unknown game ids")
    with pytest.raises(Exception) as info:
        duel_arena.eng.submit(gid, seat, cmd)
    assert isinstance(info.value, EngineError), (
        f"submit to unknown game {gid!r} raised {type(info.value).__name__}: {info.value}"
    )
    assert rejected_rows(store, gid) == 0, f"a refusal for unknown game {gid!r} was recorded"
    assert store.conn.execute("SELECT count(*) FROM rejected").fetchone()[0] == total
    assert store.game_ids() == games and store.version(gid) == 0
    assert store.verify().ok


@pytest.fixture
def duel_arena(tmp_path):
    a = make_arena("duel", str(tmp_path / "duel.db"))
    yield a
    a.eng.store.close()


def test_rejected_table_is_capped_per_game(duel_arena):
    limit = cap()
    assert isinstance(limit, int) and limit > 0, (
        "store.sqlite_store.REJECTED_CAP is missing: the rejected table grows without bound"
    )
    gid, other = duel_arena.games["fresh"], duel_arena.games["mid"]
    store = duel_arena.eng.store
    for i in range(limit + 25):
        with pytest.raises(IllegalCommand):
            duel_arena.eng.submit(gid, 0, {"kind": "play", "card": f"Nope{i}"})
    assert rejected_rows(store, gid) == limit
    with pytest.raises(IllegalCommand):  # the cap is per game: another game still records
        duel_arena.eng.submit(other, 0, {"kind": "nope"})
    assert rejected_rows(store, other) == 1
    assert store.verify().ok


def test_api_force_with_an_impossible_outcome_is_refused():
    """Beyond the listed contract (DESIGN 9: every input decoded strictly at the boundary):
    forcing a face the die does not have is accepted today and then aborts every later roll."""
    eng = Engine(EventStore(":memory:"))
    gid = eng.create("duel", 2, 1, analysis=True)
    version = eng.store.version(gid)
    with pytest.raises(IllegalCommand):
        eng.force(gid, {"die:attack": ["nonsense"]})
    assert eng.store.version(gid) == version


# -- CLI ----------------------------------------------------------------------------------------
def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """main(argv) in this process, with stdout and stderr like a real process's when piped:
    UTF-8, stdout strict, stderr backslashreplace (so a lone surrogate fails where it would)."""
    out_b, err_b = io.BytesIO(), io.BytesIO()
    out = io.TextIOWrapper(out_b, encoding="utf-8", errors="strict", write_through=True)
    err = io.TextIOWrapper(err_b, encoding="utf-8", errors="backslashreplace", write_through=True)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(argv)
    except SystemExit as exc:
        code = exc.code
        if code is None:
            code = 0
        elif not isinstance(code, int):  # SystemExit("message"): the shell sees 1
            err.write(f"{code}\n")
            code = 1
    except BaseException as exc:  # in a real process this is a traceback
        pytest.fail(f"main({short(argv)}) raised {type(exc).__name__}: {short(str(exc))}")
    out.flush()
    err.flush()
    text, errors = out_b.getvalue().decode(errors="replace"), err_b.getvalue().decode()
    assert isinstance(code, int), f"main({short(argv)}) returned {code!r}, not an int"
    assert "Traceback" not in text and "Traceback" not in errors, (
        f"main({short(argv)}) printed a traceback:\n{(text + errors)[-2000:]}"
    )
    return code, text, errors


def assert_json_error(out: str, code: int, argv) -> dict:
    lines = out.strip().splitlines()
    assert len(lines) == 1, f"{short(argv)} exit {code}: not one JSON line on stdout: {short(out)}"
    doc = json.loads(lines[0])
    assert isinstance(doc, dict) and "error" in doc and "rule" in doc, short(out)
    return doc


def strict_json(text: str):
    def no_constants(name):
        raise ValueError(f"{name} is not JSON")

    return json.loads(text, parse_constant=no_constants)


JSON_TEXT_ATTACKS = [
    "[" * 100_000,
    "[" * 100_000 + "]" * 100_000,
    '{"kind":' * 50_000,
    '{"a":' * 100_000 + "1" + "}" * 100_000,
    "1e999",
    "-1e999",
    "1" * 500,
    '{"kind": "play", "card": ' + "9" * 500 + "}",
    '{"kind": "play", "card": 1e999}',
    '{"kind": "\\ud800"}',
    '{"kind": "play", "card": "\\udcff"}',
    '{"kind": "\ud800"}',
    '{"kind": "play", "card": "' + "x" * 1_000_000 + '"}',
    '"' + "y" * 1_000_000 + '"',
    "NaN",
    "Infinity",
    '{"kind": NaN}',
    '{"kind": "play", "card": -Infinity}',
    "",
    " ",
    "\x00",
    "\ufeff{}",
    "{}",
    "[]",
    "null",
    "true",
    "0",
    '"play"',
    "{'kind': 'pass'}",
    '{"kind": "pass"} trailing',
    '{"kind": "pass",}',
    "[" * 999 + "]" * 999,
    '{"kind": {"kind": {"kind": "pass"}}}',
    '{"\\u0000": 1}',
    "\udcff\udcfe",
]


@pytest.mark.parametrize("ruleset", RULESETS)
@fuzz_settings(40)
@given(data=st.data())
def test_cli_play_fuzzed_json_text(arena, data):
    gid = arena.games[data.draw(st.sampled_from(["fresh", "mid", "over"]), label="game")]
    prompts = arena.eng.prompts(gid)
    seat = prompts[0].seat if prompts else 0
    source = data.draw(st.sampled_from(["attack", "json", "command", "text", "near"]), label="source")
    if source == "attack":
        text = JSON_TEXT_ATTACKS[data.draw(st.integers(0, len(JSON_TEXT_ATTACKS) - 1), label="attack number")]
    elif source == "json":
        value = data.draw(json_values(arena), label="value")
        text = json.dumps(value, ensure_ascii=data.draw(st.booleans()), allow_nan=True)
    elif source == "command":
        text = json.dumps(data.draw(command_like(arena), label="cmd"), allow_nan=True)
    elif source == "text":
        text = data.draw(st.text(max_size=40), label="text")
    else:
        legal = arena.eng.legal(gid, seat) if prompts else arena.past_commands
        cmd = copy.deepcopy(pick(data, legal, "legal"))
        k = pick(data, sorted(cmd), "key")
        wrapped = [] if takes_list(arena, cmd, k) else [[cmd[k]]]  # a pick's field takes a list
        cmd[k] = data.draw(
            st.sampled_from(
                ["Nope", 7, None, *wrapped, True, cmd[k] + "#1" if isinstance(cmd[k], str) else "x"]
            ),
            label="value",
        )
        text = json.dumps(cmd)
    as_json = data.draw(st.booleans(), label="--json")  # every draw before any assume
    try:
        parsed, valid = strict_json(text), True
    except Exception:
        parsed, valid = None, False
    if valid:
        assume(canon_or_none(parsed) not in legal_for(arena, gid, seat))
    before = look(arena, gid)
    argv = ["play", gid, "--seat", str(seat), text, "--db", arena.path] + (["--json"] if as_json else [])
    FIGURES.add("fuzz inputs: CLI play JSON text")
    code, out, err = run_cli(argv)
    assert code in (1, 2), f"play {short(text)} exit {code}: {short(out + err)}"
    if not valid:
        assert code == 2, f"play with malformed JSON {short(text)} exit {code}, not 2"
    if as_json:
        doc = assert_json_error(out, code, argv)
        if code == 1:
            assert doc["rule"], f"exit 1 without a rule: {doc}"
    elif code == 1:
        assert any(r in err for r in arena.rs.catalog.rules), (
            f"exit 1 without a rule id in the message: {short(err)}"
        )
    after = look(arena, gid)
    assert after.version == before.version and after.state == before.state, (
        f"play {short(text)} changed the game"
    )
    assert arena.eng.store.verify().ok
    if cap() is not None:
        assert after.rejected <= cap()


CLI_SUBCOMMANDS = [
    "prompts",
    "legal",
    "play",
    "log",
    "state",
    "undo",
    "force",
    "audit",
    "replay",
    "verify",
    "timeline",
    "new",
    "games",
]
CLI_FLAGS = [
    "--seat",
    "--from",
    "--to",
    "--as",
    "--at",
    "--players",
    "--seed",
    "--option",
    "--situation",
    "--analysis",
    "--table-agreed",
    "--json",
]
CLI_VALUES = [
    "0",
    "1",
    "-1",
    "2",
    "3",
    "99999999999999999999999",
    "1e3",
    "0x10",
    "",
    " ",
    "\u0661",
    "nan",
    "-0",
    "+1",
    "1_0",
    '{"kind": "pass"}',
    "{",
    "[]",
    '{"die:attack": ["hit"]}',
    '{"die:attack": "hit"}',
    "rounds=4",
    "rounds=x",
    "=",
    "rounds",
    "players=9",
    "duel",
    "thunderstone",
    "rune-age",
    "epochs",
    "nope",
    "\udcff",
    "a" * 5000,
]


@fuzz_settings(100)
@given(data=st.data())
def test_cli_argv_fuzz(cli_db, monkeypatch, data):
    """Random argument lists: exit 0, 1 or 2, never a traceback, the store always verifies."""
    db, gids, paths = cli_db
    monkeypatch.chdir(Path(db).parent)  # a default --db lands in the test's folder
    token = st.one_of(
        st.sampled_from(CLI_FLAGS),
        st.sampled_from(CLI_VALUES),
        st.sampled_from(gids + paths),
        st.text(max_size=8).filter(lambda t: t != "--" and not t.startswith("--d")),
        st.integers().map(str),
    )
    sub = data.draw(st.sampled_from(CLI_SUBCOMMANDS), label="subcommand")
    rest = data.draw(st.lists(token, max_size=6), label="args")
    as_json = data.draw(st.booleans(), label="--json")
    argv = [sub, *rest, *(["--json"] if as_json else []), "--db", db]
    FIGURES.add("fuzz inputs: CLI argv")
    code, out, err = run_cli(argv)
    assert code in (0, 1, 2), f"{short(argv)} exit {code}: {short(out + err)}"
    if (
        code
        and as_json
        and "--help" not in argv
        and "-h" not in argv
        and not err.strip().startswith("usage:")
    ):
        assert_json_error(out, code, argv)
    store = EventStore(db)
    report = store.verify()
    store.close()
    assert report.ok, f"{short(argv)} broke the store: {report.first_bad}"


@pytest.fixture
def cli_db(tmp_path):
    db = str(tmp_path / "argv.db")
    eng = Engine(EventStore(db))
    gids = [eng.create("duel", 2, 3, game_id="duel-a"), eng.create("thunderstone", 2, 4, game_id="ts-a")]
    play_out(eng, eng.create("duel", 2, 5, game_id="duel-over"), 5)
    gids.append("duel-over")
    eng.store.close()
    junk = tmp_path / "junk.toml"
    junk.write_bytes(b"\xff\xfe not toml [[[")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text('ruleset = "duel"\nplayers = "two"\n')
    paths = [
        str(SITUATION),
        str(junk),
        str(wrong),
        str(tmp_path),
        "/dev/null",
        str(tmp_path / "missing.toml"),
        str(Path(__file__)),
    ]
    return db, gids, paths


@pytest.mark.parametrize(
    "argv",
    [
        ["new"],
        ["new", "duel"],
        ["new", "duel", "--players", "2", "--option", "rounds"],
        ["new", "duel", "--players", "2", "--option", "colour=red"],
        ["new", "no-such-ruleset", "--players", "2"],
        ["new", "--situation", "MISSING"],
        ["new", "--situation", "JUNK"],
        ["new", "--situation", "DIR"],
        ["play"],
        ["legal", "duel-g"],
        ["legal", "duel-g", "--seat", "x"],
    ],
    ids=lambda a: " ".join(a),
)
def test_cli_usage_errors_exit_2(arena_duel_db, tmp_path, argv):
    db, _ = arena_duel_db
    junk = tmp_path / "junk.toml"
    junk.write_bytes(b"\xff\xfe [[[ not toml")
    swap = {"MISSING": str(tmp_path / "missing.toml"), "JUNK": str(junk), "DIR": str(tmp_path)}
    argv = [swap.get(a, a) for a in argv]
    code, out, err = run_cli([*argv, "--db", db])
    assert code == 2, f"{argv}: exit {code}: {out}{err}"
    store = EventStore(db)
    assert store.game_ids() == ["duel-g"]


READ_COMMANDS = [
    ["prompts", "G"],
    ["legal", "G", "--seat", "0"],
    ["log", "G"],
    ["state", "G"],
    ["audit", "G", "1"],
    ["timeline", "G"],
    ["replay", "G"],
    ["verify"],
]


@pytest.mark.parametrize("argv", READ_COMMANDS, ids=lambda a: a[0])
@pytest.mark.parametrize("as_json", [False, True], ids=["human", "json"])
def test_cli_read_command_on_missing_db_exits_2_and_creates_nothing(tmp_path, argv, as_json):
    db = tmp_path / "nowhere.db"
    code, out, err = run_cli([*argv, "--db", str(db), *(["--json"] if as_json else [])])
    assert code == 2, f"{argv[0]} on a missing database: exit {code}: {out}{err}"
    assert sorted(p.name for p in tmp_path.iterdir()) == [], (
        f"{argv[0]} created {sorted(p.name for p in tmp_path.iterdir())}"
    )
    if as_json:
        assert_json_error(out, code, argv)


def _tampered_dbs(tmp_path: Path) -> dict[str, Path]:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not sqlite at all" * 100)
    foreign = tmp_path / "foreign.db"
    con = sqlite3.connect(foreign)
    con.execute("CREATE TABLE x(a)")
    con.commit()
    con.close()
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    return {"junk": junk, "foreign": foreign, "empty": empty}


@pytest.mark.parametrize("kind", ["junk", "foreign", "empty"])
@pytest.mark.parametrize("argv", READ_COMMANDS, ids=lambda a: a[0])
def test_cli_corrupt_foreign_or_empty_db_exits_3(tmp_path, kind, argv):
    db = _tampered_dbs(tmp_path)[kind]
    code, out, err = run_cli([*argv, "--db", str(db), "--json"])
    assert code == 3, f"{argv[0]} on a {kind} database file: exit {code}: {out}{err}"
    assert_json_error(out, code, argv)


def test_cli_integrity_failures_exit_3(tmp_path):
    db = str(tmp_path / "t.db")
    eng = Engine(EventStore(db))
    gid = eng.create("duel", 2, 1, game_id="g")
    play_out(eng, gid, 1)
    other = eng.create("duel", 2, 2, game_id="h")
    play_out(eng, other, 2)
    eng.store.close()
    # 1. a row altered in place: verify finds it
    con = sqlite3.connect(db)
    con.execute("DROP TRIGGER events_no_update")
    con.execute("UPDATE events SET actor=1 WHERE game_id='g' AND version=4")
    con.commit()
    code, out, _ = run_cli(["verify", "--db", db, "--json"])
    assert code == 3, f"verify of a tampered store: exit {code}: {out}"
    # 2. game h rewritten with its hash chain recomputed: replay differs from the record
    rows = con.execute(
        "SELECT seq, game_id, version, type, schema, data, visibility, actor, "
        "rule_id, cause, command_id, prev_hash, hash, recorded_at FROM events "
        "WHERE game_id='h' ORDER BY version"
    ).fetchall()
    prev = rows[0][11]
    for seq, g, v, typ, sch, data, vis, actor, rule, cause, cmd, _, _, at in rows:
        if typ == "dice.rolled":
            doc = json.loads(data)
            doc["face"] = "crit" if doc.get("face") != "crit" else "miss"
            data = json.dumps(doc, separators=(",", ":"))
        h = row_hash(prev, g, v, typ, sch, data, vis, actor, rule, cause, cmd, at)
        con.execute("UPDATE events SET data=?, prev_hash=?, hash=? WHERE seq=?", (data, prev, h, seq))
        prev = h
    con.execute("UPDATE streams SET head_hash=? WHERE game_id='h'", (prev,))
    con.commit()
    con.close()
    code, out, _ = run_cli(["replay", "h", "--db", db, "--json"])
    assert code == 3, f"replay of a rewritten game: exit {code}: {out}"


@pytest.mark.parametrize("seat", ["-1", "2", "99999999999999999999"])
@pytest.mark.parametrize("command", ["legal", "play"])
def test_cli_seat_out_of_range_exits_2(arena_duel_db, seat, command):
    db, gid = arena_duel_db
    argv = [command, gid, "--seat", seat] + (['{"kind": "pass"}'] if command == "play" else [])
    code, out, err = run_cli([*argv, "--db", db])
    assert code == 2, f"{command} --seat {seat}: exit {code}: {out}{err}"
    assert "seat" in err.lower(), f"{command} --seat {seat}: unclear message {err!r}"
    code, out, err = run_cli([*argv, "--db", db, "--json"])
    assert code == 2
    assert "seat" in assert_json_error(out, code, argv)["error"].lower()


@pytest.fixture
def arena_duel_db(tmp_path):
    db = str(tmp_path / "d.db")
    eng = Engine(EventStore(db))
    gid = eng.create("duel", 2, 3, game_id="duel-g")
    eng.store.close()
    return db, gid


PER_GAME = [
    ["prompts"],
    ["legal", "--seat", "0"],
    ["play", "--seat", "0", '{"kind": "pass"}'],
    ["log"],
    ["state"],
    ["undo", "--to", "1"],
    ["force", '{"die:attack": ["hit"]}'],
    ["audit", "1"],
    ["replay"],
    ["timeline"],
]


@pytest.mark.parametrize("argv", PER_GAME, ids=lambda a: a[0])
def test_cli_unknown_game_exits_2_and_records_nothing(arena_duel_db, argv):
    db, _ = arena_duel_db
    code, out, err = run_cli([argv[0], "no-such-game", *argv[1:], "--db", db, "--json"])
    assert code == 2, f"{argv[0]} on an unknown game: exit {code}: {out}{err}"
    assert_json_error(out, code, argv)
    store = EventStore(db)
    assert store.conn.execute("SELECT count(*) FROM rejected").fetchone()[0] == 0
    assert store.game_ids() == ["duel-g"]


def test_cli_internal_error_is_one_line_exit_70(arena_duel_db, monkeypatch):
    db, gid = arena_duel_db

    def boom(*args, **kwargs):
        raise RuntimeError("internal failure\nsecond line of the message")

    monkeypatch.setattr(Engine, "table", boom)
    monkeypatch.setattr(Engine, "prompts", boom)
    code, out, err = run_cli(["prompts", gid, "--db", db])
    assert code == 70, f"an unexpected error: exit {code}: {out}{err}"
    assert len(err.strip().splitlines()) == 1, f"not one line: {err!r}"
    code, out, err = run_cli(["prompts", gid, "--db", db, "--json"])
    assert code == 70
    assert_json_error(out, code, ["prompts"])


# -- real processes: closed pipes, bytes that are not UTF-8 -------------------------------------
@pytest.fixture(scope="module")
def long_game_db(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("pipe") / "long.db")
    eng = Engine(EventStore(db))
    gid = eng.create("thunderstone", 2, 3, game_id="ts-long")
    play_out(eng, gid, 3)
    eng.store.close()
    return db, gid


def _cli_process(args, **kw):
    return subprocess.run([sys.executable, "-m", "cli.main", *args], capture_output=True, timeout=120, **kw)


@pytest.mark.parametrize("reader", ["head -c 10", "true"], ids=["head", "gone"])
@pytest.mark.parametrize("fmt", [["--json"], []], ids=["json", "human"])
def test_cli_closed_pipe_prints_no_traceback(long_game_db, tmp_path, fmt, reader):
    """`runeledger log GAME --json | head -c 10`, and a reader that is gone before the first
    write (where a plain sys.stdout.write raises BrokenPipeError)."""
    db, gid = long_game_db
    errfile = tmp_path / "stderr.txt"
    cmd = (
        f"{shlex.quote(sys.executable)} -m cli.main log {gid} {' '.join(fmt)} "
        f"--db {shlex.quote(db)} 2>{shlex.quote(str(errfile))} | {reader}"
    )
    proc = subprocess.run(["bash", "-c", cmd], capture_output=True, timeout=120)
    if reader.startswith("head"):
        assert len(proc.stdout) == 10
    err = errfile.read_text(errors="replace")
    assert "Traceback" not in err and "Exception ignored" not in err and "BrokenPipeError" not in err, (
        f"a closed pipe printed:\n{err[-2000:]}"
    )


def test_cli_process_hostile_argv(long_game_db, tmp_path):
    _db, _ = long_game_db
    work = tmp_path / "w.db"
    eng = Engine(EventStore(str(work)))
    gid = eng.create("duel", 2, 3, game_id="duel-p")
    version = eng.store.version(gid)
    eng.store.close()
    cases = [  # (argv, exit codes allowed, --json)
        (["play", gid, "--seat", "0", b'{"kind": "play", "card": "\xff\xfe"}'], (1, 2), False),
        (["play", gid, "--seat", "0", b'{"kind": "play", "card": "\xff\xfe"}'], (1, 2), True),
        (["play", b"duel-\xff", "--seat", "0", '{"kind": "pass"}'], (2,), False),
        (["play", gid, "--seat", "0", b'{"kind": "\xed\xa0\x80"}'], (1, 2), True),
        (["play", gid, "--seat", "0", "[" * 100_000], (2,), False),
        (["play", gid, "--seat", "0", "[" * 60_000 + "]" * 60_000], (2,), True),
        (["log", gid, "--db", str(tmp_path / "missing.db")], (2,), False),
    ]
    for args, codes, as_json in cases:
        for fmt in (["--json"] if as_json else [],):
            argv = [*args, *fmt] + ([] if "--db" in args else ["--db", str(work)])
            proc = _cli_process(argv)
            label = short([a if isinstance(a, str) else a.decode(errors="replace")[:40] for a in argv])
            out = proc.stdout.decode(errors="replace")
            err = proc.stderr.decode(errors="replace")
            assert "Traceback" not in out + err, f"{label} printed a traceback:\n{err[-2000:]}"
            assert proc.returncode in codes, f"{label}: exit {proc.returncode}: {err[-500:]}"
            if fmt:
                assert_json_error(out, proc.returncode, label)
    assert not (tmp_path / "missing.db").exists()
    store = EventStore(str(work))
    assert store.version(gid) == version and store.verify().ok
