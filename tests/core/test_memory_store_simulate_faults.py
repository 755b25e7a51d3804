"""`simulate` playing into a MemoryStore, attacked: SIGKILL of the whole run, of the parent
alone and of one worker, at random moments with flushes every 20 ms (so many kills land inside
one; each file check runs in a fresh process); games that raise part-way or run out of time at random points (inside the store's own
calls too); two sinks storing the same game. After each kill the file verifies; resuming gives,
game for game, the events of an uninterrupted run; no event of a failed game reaches the file."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bots.random_bot import Stall, play_out
from sim.simulate import Sink, play_one, simulate
from store import EventStore, MemoryStore, NewEvent
from tests.core.test_simulate import ids, stored

ROOT = Path(__file__).parents[2]
GAMES = 1000
KILLS = int(os.environ.get("MEMHUNT_KILLS", "2"))  # a long local run: MEMHUNT_KILLS=30
DRIVER = (
    "import sys\nfrom sim.simulate import simulate\n"
    "s = simulate(sys.argv[1], 'duel', int(sys.argv[2]), 2, seed='k',"
    " workers=int(sys.argv[3]), resume=True, flush_seconds=0.02)\n"
    "print(s.games, s.skipped, s.errors_total)\n"
)


def content(db: Path) -> dict[str, list]:
    """Each game's events without what differs between runs by design (time, hashes, salt)."""
    con = sqlite3.connect(db)
    out: dict[str, list] = {}
    for g, v, t, schema, data, vis, actor, rule, cause, cid in con.execute(
        "SELECT game_id, version, type, schema, data, visibility, actor, rule_id, cause, "
        "command_id FROM events ORDER BY game_id, version"
    ):
        d = {k: x for k, x in json.loads(data).items() if k not in ("seed_hash", "salt")}
        out.setdefault(g, []).append((v, t, schema, d, vis, actor, rule, cause, cid))
    con.close()
    return out


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> dict[str, list]:
    db = tmp_path_factory.mktemp("ref") / "ref.db"
    s = simulate(str(db), "duel", GAMES, 2, seed="k", workers=1)
    assert s.games == GAMES and not s.errors
    return content(db)


def start(db: Path, workers: int, out=subprocess.DEVNULL) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-c", DRIVER, str(db), str(GAMES), str(workers)],
        cwd=ROOT,
        env=env,
        stdout=out,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def session(sid: int) -> list[int]:
    """Processes of this session (the run and its workers, orphaned ones too)."""
    out = []
    for p in os.listdir("/proc"):
        if p.isdigit():
            try:
                if os.getsid(int(p)) == sid:
                    out.append(int(p))
            except OSError:
                pass
    return out


CHECK = (
    "import json, sys\nfrom pathlib import Path\nfrom store import EventStore\n"
    "from tests.core.test_memory_store_simulate_faults import content\n"
    "s = EventStore(sys.argv[1], create=False)\nr = s.verify()\n"
    "i = s.conn.execute('PRAGMA integrity_check').fetchall()\ns.close()\n"
    "print(json.dumps({'ok': r.ok, 'bad': r.first_bad, 'integrity': i, "
    "'content': content(Path(sys.argv[1]))}))\n"
)


def check(db: Path) -> dict:
    """verify, integrity_check and the games' content, read by a fresh process (this test
    process opens no connection to the file while runs are killed around it)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", CHECK, str(db)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr[-2000:]
    got = json.loads(out.stdout.splitlines()[-1])
    got["content"] = {g: [tuple(e) for e in evs] for g, evs in got["content"].items()}
    return got


def catching_sigint(sid: int) -> list[int]:
    """The run's workers (not the run itself) that have installed a SIGINT handler (Linux:
    the SigCgt mask in /proc/PID/status)."""
    out = []
    for pid in session(sid):
        if pid == sid:
            continue
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        mask = next((line.split()[1] for line in status.splitlines() if line.startswith("SigCgt:")), "0")
        if int(mask, 16) & (1 << (signal.SIGINT - 1)):
            out.append(pid)
    return out


def wait_until(condition, proc: subprocess.Popen, timeout: float = 120.0) -> bool:
    """Poll `condition` (which opens no connection to the file) until it holds: True; False if
    the run ended first. A condition, not a time: on a loaded machine start-up takes seconds."""
    end = time.monotonic() + timeout
    while not condition():
        if proc.poll() is not None:
            return False
        assert time.monotonic() < end, f"not reached in {timeout} s"
        time.sleep(0.01)
    return True


def settle(sid: int, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while session(sid) and time.monotonic() < end:
        time.sleep(0.05)
    for pid in session(sid):  # stragglers: ours, by id
        os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("workers,whom", [(1, "all"), (2, "parent"), (2, "worker")])
def test_sigkill_at_random_moments_then_resume_gives_the_uninterrupted_games(
    tmp_path, reference, workers, whom
):
    db = tmp_path / "kill.db"
    rnd = random.Random(f"{workers}-{whom}")
    kills = 0
    for i in range(KILLS):
        proc = start(db, workers)
        if i % 2 == 0:  # while writing: once the run has made its file (atomically), a little on
            if not wait_until(db.exists, proc):
                break  # the run finished before the kill
            time.sleep(rnd.uniform(0.0, 0.3))  # the random moment of the kill, not a wait
        else:  # at any moment, start-up included (the file may not exist yet)
            time.sleep(rnd.uniform(0.0, 0.6))
        if proc.poll() is not None:
            break  # the run finished before the kill
        if whom == "all":
            os.killpg(proc.pid, signal.SIGKILL)
        elif whom == "parent":
            os.kill(proc.pid, signal.SIGKILL)  # the workers notice and store what they finished
        else:
            children = [p for p in session(proc.pid) if p != proc.pid]
            if children:
                os.kill(rnd.choice(children), signal.SIGKILL)
        kills += 1
        proc.wait(60)
        settle(proc.pid)
        if not db.exists():  # killed before the run made its file: nothing stored to check
            continue
        got = check(db)
        assert got["ok"] and got["integrity"] == [["ok"]], (got["bad"], got["integrity"][:3])
        assert got["content"] == {g: reference[g] for g in got["content"]}  # whole games only
    assert kills >= 1
    proc = start(db, 1)  # resume to the end
    assert proc.wait(120) == 0
    got = check(db)
    assert got["ok"] and got["content"] == reference


# -- games that fail part-way ---------------------------------------------------------------
def half_then_raise(eng, gid, seed, stop=None):
    """Every third game plays 6 commands, then raises."""
    if int(gid[-5:]) % 3 == 0:
        try:
            play_out(eng, gid, seed, max_commands=6)
        except Stall:  # six commands played: now the rules fail
            raise RuntimeError("rules failed part-way") from None
    return play_out(eng, gid, seed, stop=stop)


def test_a_game_that_raises_part_way_leaves_no_event_in_the_file(tmp_path):
    db = tmp_path / "half.db"
    s = simulate(str(db), "duel", 30, 2, seed="h", workers=1, play=half_then_raise)
    failed = {e.game_id for e in s.errors}
    assert failed == {g for g in ids("duel", "h", 30) if int(g[-5:]) % 3 == 0}
    assert s.games == 20
    with sqlite3.connect(db) as con:
        there = {g for (g,) in con.execute("SELECT DISTINCT game_id FROM events")}
        seeds = {g for (g,) in con.execute("SELECT game_id FROM seeds")}
    assert there == seeds == set(stored(db)) and not there & failed
    store = EventStore(db, create=False)
    assert store.verify().ok
    store.close()


def test_timeouts_at_random_points_leave_only_whole_games(tmp_path, reference):
    """A game limit of 1 ms cuts many games at a random point: inside a rule, a bot, or the
    MemoryStore's own calls (create's transaction, the group commit, their rollback). Every
    game stored is whole and the same as in the uninterrupted run; the file verifies."""
    db = tmp_path / "cut.db"
    s = simulate(str(db), "duel", 300, 2, seed="k", workers=1, game_seconds=0.001)
    # a limit that strikes inside a rule is still a timeout, not the rule's failure
    assert {e.kind for e in s.errors} == {"timeout"} and s.games + s.errors_total == 300
    assert all(e.message == "the game took more than 0.001 s" for e in s.errors)
    assert s.errors_total > 0  # the limit did cut games
    store = EventStore(db, create=False)
    report = store.verify()
    store.close()
    assert report.ok, report.first_bad
    got = content(db)
    assert got == {g: reference[g] for g in got} and len(got) == s.games


# -- two sinks, one game ---------------------------------------------------------------------
def test_a_game_stored_meanwhile_by_another_sink_is_skipped_whole(tmp_path):
    from sim.simulate import Spec

    target = EventStore(tmp_path / "t.db")
    spec = Spec(str(tmp_path / "t.db"), "duel", 2, "x", 3, {})
    a, b = Sink(target, 60), Sink(target, 60)
    for sink, which in ((a, ["duel-x-00000", "duel-x-00001"]), (b, ["duel-x-00001", "duel-x-00002"])):
        for gid in which:
            sink.done.append(play_one(sink.eng, spec, gid, gid))
    assert [r.game_id for r in a.flush()] == ["duel-x-00000", "duel-x-00001"]
    before = content(tmp_path / "t.db")["duel-x-00001"]
    assert [r.game_id for r in b.flush()] == ["duel-x-00002"]
    assert content(tmp_path / "t.db")["duel-x-00001"] == before
    assert target.game_ids() == ["duel-x-00000", "duel-x-00001", "duel-x-00002"]
    assert target.verify().ok


# -- absorb refusals -------------------------------------------------------------------------
def test_an_absorb_refused_by_sqlite_leaves_both_stores_unchanged(tmp_path):
    """A field msgspec hashes but SQLite cannot bind (a list as actor) is refused when the
    MemoryStore's rows are copied: the whole copy, the target as it was, the source too."""
    target = EventStore(tmp_path / "t.db")
    target.append("first", 0, [NewEvent("a", {})])
    mem = MemoryStore()
    mem.append("ok", 0, [NewEvent("a", {"i": 1})])
    mem.append("bad", 0, [NewEvent("b", {}, actor=[1])])
    src_before = (mem.stored_rows(), mem.store_head(), mem.game_ids())
    dump = "\n".join(target.conn.iterdump())
    with pytest.raises(sqlite3.Error):
        target.absorb(mem)
    assert "\n".join(target.conn.iterdump()) == dump
    assert (mem.stored_rows(), mem.store_head(), mem.game_ids()) == src_before
    assert target.absorb(mem, ["ok"]) == ["ok"] and target.verify().ok


def test_a_timeout_inside_a_rule_keeps_the_prompt_it_answered(tmp_path, monkeypatch):
    from engine.pipeline import Engine
    from sim.simulate import GameTimeout

    real = Engine._play

    def slow(self, gid, seat, cmd, t):
        if gid.endswith("-00001") and t.version > 30:
            raise GameTimeout("the game took more than 300 s")  # as SIGALRM would, mid-rule
        return real(self, gid, seat, cmd, t)

    monkeypatch.setattr(Engine, "_play", slow)
    s = simulate(str(tmp_path / "t.db"), "duel", 3, 2, seed="t", workers=1)
    (e,) = s.errors
    assert (e.game_id, e.kind, e.message) == ("duel-t-00001", "timeout", "the game took more than 300 s")
    assert e.commands > 0 and set(e.prompt) == {"seat", "kind", "rule"}


# -- one game the file cannot take -------------------------------------------------------------
def test_a_game_the_file_refuses_is_reported_and_the_others_are_stored(tmp_path):
    """On the SQLite scratch store an event SQLite cannot bind (an actor past 64 bits) failed
    its own game at append; the MemoryStore takes it and the copy out refuses it, and that
    refusal took every game of the flush with it. Now the flush stores the others, one
    transaction per game, and names the one refused."""
    from sim.simulate import Spec

    target = EventStore(tmp_path / "t.db")
    spec = Spec(str(tmp_path / "t.db"), "duel", 2, "x", 3, {})
    sink = Sink(target, 60)
    for gid in ("duel-x-00000", "duel-x-00001", "duel-x-00002"):
        sink.done.append(play_one(sink.eng, spec, gid, gid))
    bad = sink.eng.store
    bad.append("duel-x-00001", bad.version("duel-x-00001"), [NewEvent("x", {}, actor=2**64)])
    stored_now = sink.flush()
    assert [r.game_id for r in stored_now] == ["duel-x-00000", "duel-x-00002"]
    assert [gid for gid, _ in sink.refused] == ["duel-x-00001"]
    assert "OverflowError" in sink.refused[0][1]
    assert target.game_ids() == ["duel-x-00000", "duel-x-00002"] and target.verify().ok


def poison(eng, gid, seed, stop=None):
    """Game 2 ends with an event whose actor no SQLite integer holds (a rules bug)."""
    if gid.endswith("-00002"):
        real = eng.store.append_many

        def spoil(batches, returning=True, **kw):
            batches = list(batches)
            mine = [i for i, b in enumerate(batches) if b[0] == gid]
            if mine:  # its last command gets the bad event
                g, v, evs = batches[mine[-1]]
                batches[mine[-1]] = (g, v, [*evs, NewEvent("x", {}, actor=2**64)])
            return real(batches, returning, **kw)

        eng.store.append_many = spoil  # this sink's store only: a fresh one after its flush
    return play_out(eng, gid, seed, stop=stop)


def test_simulate_lists_the_refused_game_and_goes_on(tmp_path):
    db = tmp_path / "p.db"
    s = simulate(str(db), "duel", 6, 2, seed="p", workers=1, play=poison)
    assert [(e.game_id, e.kind) for e in s.errors] == [("duel-p-00002", "store")]
    assert s.games == 5 and stored(db) == [g for g in ids("duel", "p", 6) if g != "duel-p-00002"]


def test_two_runs_resuming_the_same_games_at_once_store_each_game_once(tmp_path, reference):
    """Two `--resume` runs of the same games on one file (two workers each): the flushes skip
    games the other run stored meanwhile (absorb's skip_existing), whole, never half."""
    db = tmp_path / "twice.db"
    runs = [start(db, 2, subprocess.PIPE) for _ in range(2)]
    said = [run.communicate(timeout=120)[0].split() for run in runs]
    assert [run.returncode for run in runs] == [0, 0]
    (g1, s1, e1), (g2, s2, e2) = ([int(x) for x in w] for w in said)
    assert g1 + g2 == GAMES and e1 == e2 == 0 and g1 + s1 == g2 + s2 == GAMES
    got = check(db)
    assert got["ok"] and got["integrity"] == [["ok"]]
    assert got["content"] == reference


def test_sigint_to_one_worker_alone_leaves_no_game_missing_unsaid(tmp_path, reference):
    """SIGINT to a single worker (not Ctrl-C, which reaches the whole group) stops it with
    game indices it had claimed unplayed; the run ended with exit 0, no error and games
    missing. Now the shortfall is an error that names --resume, and resuming fills it in."""
    db = tmp_path / "one.db"
    proc = start(db, 2, subprocess.PIPE)
    # a worker ignores SIGINT until it has imported and installed its stop handler: wait for
    # both to catch it (not for a time, which a loaded machine outlasts)
    assert wait_until(lambda: len(catching_sigint(proc.pid)) >= 2, proc), (
        "the run ended before its two workers were ready"
    )
    workers = catching_sigint(proc.pid)
    os.kill(workers[0], signal.SIGINT)
    games, _, errors = (int(x) for x in proc.communicate(timeout=120)[0].split())
    assert games < GAMES and errors == 1 and proc.returncode == 0  # the driver's own exit
    assert start(db, 1).wait(120) == 0
    got = check(db)
    assert got["ok"] and got["content"] == reference


def always_fails(eng, gid, seed, stop=None):
    raise RuntimeError("every game fails")


def test_more_failed_games_than_are_listed_are_still_counted_as_done(tmp_path, monkeypatch):
    """Only the first MAX_ERRORS failures are listed; the run's count of games done (which
    decides `interrupted` and the missing-games check) counts all of them."""
    import sim.simulate

    monkeypatch.setattr(sim.simulate, "MAX_ERRORS", 3)
    s = simulate(str(tmp_path / "f.db"), "duel", 8, 2, seed="f", workers=1, play=always_fails)
    assert s.errors_total == 8 and len(s.errors) == 3 and not s.interrupted
    assert {e.kind for e in s.errors} == {"error"}  # no made-up crash for the unlisted ones


def swallows_the_first_timeout(eng, gid, seed, stop=None):
    """A game whose code catches Exception broadly (GameTimeout is one) once, then runs on."""
    from sim.simulate import GameTimeout

    started = time.monotonic()
    end = started + 6.0
    swallowed = False
    try:
        while time.monotonic() < end:
            try:
                time.sleep(0.01)
            except GameTimeout:
                if swallowed:
                    raise
                swallowed = True
        return play_out(eng, gid, seed, stop=stop)
    finally:  # how long the game ran, for the test (the game may run in a worker process)
        Path(os.environ["SWALLOWER_FILE"]).write_text(str(time.monotonic() - started))


def test_a_swallowed_timeout_strikes_again(tmp_path):
    """The limit used to fire once: a game that swallowed it (or a gc callback it landed in,
    as seen in this suite) ran on unbounded."""
    ran = tmp_path / "ran.txt"
    os.environ["SWALLOWER_FILE"] = str(ran)
    try:
        s = simulate(
            str(tmp_path / "s.db"),
            "duel",
            1,
            2,
            seed="s",
            workers=1,
            play=swallows_the_first_timeout,
            game_seconds=1.0,
        )
    finally:
        del os.environ["SWALLOWER_FILE"]
    assert [e.kind for e in s.errors] == ["timeout"] and s.games == 0
    # the game was reached (a limit of 0.1 s could run out in the game's creation on a loaded
    # machine, and then nothing was swallowed) and stopped well before its 6 s ran out: the
    # limit strikes again 1 s after the first (timed from the game's own start)
    assert ran.exists(), "the limit ran out before the game was played"
    assert float(ran.read_text()) < 4.5


# -- a worker dying at the worst moment -----------------------------------------------------
def dies_holding_every_shared_lock(eng, gid, seed, stop=None):
    """In the worker that plays game 5: take every lock this process shares with others
    (found by scanning its objects, whatever they are), then die by SIGKILL holding them."""
    if gid.endswith("-00005"):
        import gc
        import multiprocessing.synchronize as synchronize

        gc.unfreeze()  # the run freezes what it had before forking: see all of it
        for obj in gc.get_objects():
            if isinstance(obj, synchronize.SemLock):
                obj.acquire(block=False)  # a lock, semaphore or condition shared by the workers
        os.kill(os.getpid(), signal.SIGKILL)
    return play_out(eng, gid, seed, stop=stop)


KILLED_DRIVER = (
    "import sys\nfrom sim.simulate import simulate\n"
    "from tests.core.test_memory_store_simulate_faults import dies_holding_every_shared_lock\n"
    "s = simulate(sys.argv[1], 'duel', 200, 2, seed='w', workers=2, "
    "play=dies_holding_every_shared_lock)\n"
    "print(s.games, len(s.errors), ' '.join(e.kind for e in s.errors))\n"
)


def test_a_worker_killed_holding_what_it_shares_does_not_wedge_the_other(tmp_path):
    """A worker SIGKILLed while it held the lock of the game counter both workers drew from
    left the other blocked on that lock until the parent's silence limit (game_seconds + 60,
    six minutes by default) stopped it; its finished games reached the file only then. Now no
    worker holds anything another waits for: the survivor plays the rest at once, the dead
    worker is one crash error, and --resume fills in its games."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    db = tmp_path / "w.db"
    proc = subprocess.Popen(
        [sys.executable, "-c", KILLED_DRIVER, str(db)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:  # far below the silence limit: a wedged survivor fails here
        stdout, stderr = proc.communicate(timeout=150)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # a wedged worker outlives its parent
    out = subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr)
    assert out.returncode == 0, out.stderr[-2000:]
    games, errors, kinds = out.stdout.split(maxsplit=2)
    assert kinds.split() == ["crash"] and int(errors) == 1
    assert 150 <= int(games) < 200  # the dead worker's games since its last flush are missing
    s = simulate(str(db), "duel", 200, 2, seed="w", workers=1, resume=True)
    assert not s.errors and s.games + s.skipped == 200
