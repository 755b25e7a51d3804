"""Crash test: writer processes killed with SIGKILL at random moments, again and again.

Two writers (tests/attack_helpers.py) play duel and thunderstone games on ONE database file
with random legal bots, one command per transaction, and print every acknowledged command
(game, version, hash of its last event). The parent kills them at random moments (during
start-up and store recovery, or while writing), restarts them (they resume the games in the
store), and at the end checks:

- the store verifies (every hash chain intact);
- every acknowledged command is in the store, with the same hash (0 lost acknowledgements);
- every game replays identically (a cut cascade would differ from the re-run);
- every unfinished game still has a prompt and a legal command for a prompted seat;
- a rebuild from the snapshots equals a rebuild from the events alone;
- a finished game's seed is marked revealed (the flag is part of the same commit).

Default: 12 kills. `make soak` (RUNELEDGER_SOAK=1): RUNELEDGER_SOAK_KILLS kills (2000).
"""

import os
import random
import signal
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import pytest
from attack_helpers import FIGURES, WRITER_GAMES, WRITER_OPTIONS, latest, register_figures, soak_kills

from engine.pipeline import Engine
from engine.replay import replay
from sim.testing import state_bytes
from store import EventStore

HELPER = str(Path(__file__).resolve().parent.parent / "attack_helpers.py")
WRITERS = 2


@pytest.fixture(autouse=True, scope="module")
def _figures(request):
    register_figures(request.config)


def _start(db: str, slot: int, run: int, workdir: Path):
    with (
        open(workdir / f"ack-{slot}-{run}.txt", "wb") as out,
        open(workdir / f"err-{slot}-{run}.txt", "wb") as err,
    ):
        return subprocess.Popen(  # the child holds its own copies of the two files
            [sys.executable, HELPER, "writer", db, str(slot), str(run)],
            stdout=out,
            stderr=err,
            stdin=subprocess.DEVNULL,
        )


def _acks(path: Path) -> list[tuple[str, int, str]]:
    text = path.read_bytes().decode()
    complete = text[: text.rfind("\n") + 1]  # a line cut by the kill was never acknowledged
    got = []
    for line in complete.splitlines():
        if line.startswith("A "):
            _, gid, version, digest = line.split()
            got.append((gid, int(version), digest))
    return got


def _shared_games(db: str, rng: random.Random) -> None:
    """Games both writers play (version conflicts between them); a new one once one is over."""
    eng = Engine(db)
    for ruleset in WRITER_GAMES:
        gid = latest(eng.store, f"shared-{ruleset}-")
        if gid is None or eng.table(gid).over:
            n = int(gid.rsplit("-", 1)[1]) + 1 if gid else 0
            eng.create(
                ruleset, 2, rng.randrange(10**9), WRITER_OPTIONS[ruleset], game_id=f"shared-{ruleset}-{n:07d}"
            )
    eng.store.close()


def test_sigkilled_writers_lose_no_acknowledged_command(tmp_path):
    kills_wanted = soak_kills(12)
    db = str(tmp_path / "crash.db")
    rng = random.Random(os.environ.get("RUNELEDGER_CRASH_SEED", str(time.time_ns())))
    acked: dict[tuple[str, int], str] = {}
    runs_of_game: dict[str, set[tuple[int, int]]] = defaultdict(set)
    kills = early_kills = run = 0
    started = time.monotonic()
    while kills < kills_wanted:
        _shared_games(db, rng)
        procs = [(slot, _start(db, slot, run, tmp_path)) for slot in range(WRITERS)]
        plan = {}
        for slot, _ in procs:
            if rng.random() < 0.15:  # while importing, opening the store, rebuilding state
                plan[slot] = ("at", time.monotonic() + rng.uniform(0.0, 0.8))
            else:  # while writing: a random moment after it started playing
                plan[slot] = ("after ready", rng.uniform(0.0, 0.25))
        killed: set[int] = set()
        deadline = time.monotonic() + 180  # a limit, not a wait: start-up takes seconds on a loaded machine
        while len(killed) < len(procs):
            assert time.monotonic() < deadline, "a writer never became ready"
            now = time.monotonic()
            for slot, proc in procs:
                if slot in killed:
                    continue
                if proc.poll() is not None:
                    err = (tmp_path / f"err-{slot}-{run}.txt").read_text(errors="replace")
                    pytest.fail(
                        f"writer {slot} run {run} exited by itself with "
                        f"{proc.returncode} before the kill:\n{err[-3000:]}"
                    )
                mode, when = plan[slot]
                if mode == "after ready":
                    if (tmp_path / f"ack-{slot}-{run}.txt").stat().st_size > 0:
                        plan[slot] = ("at", now + when)
                    continue
                if now >= when:
                    proc.send_signal(signal.SIGKILL)
                    killed.add(slot)
            time.sleep(0.002)
        for slot, proc in procs:
            proc.wait(30)
            err = (tmp_path / f"err-{slot}-{run}.txt").read_text(errors="replace")
            assert proc.returncode == -signal.SIGKILL, (
                f"writer {slot} run {run} ended with {proc.returncode}:\n{err[-3000:]}"
            )
            assert "Traceback" not in err, err[-3000:]
            got = _acks(tmp_path / f"ack-{slot}-{run}.txt")
            if not got:
                early_kills += 1
            for gid, version, digest in got:
                acked[(gid, version)] = digest
                runs_of_game[gid].add((slot, run))
            (tmp_path / f"ack-{slot}-{run}.txt").unlink()
            (tmp_path / f"err-{slot}-{run}.txt").unlink()
        kills += len(procs)
        run += 1
    FIGURES.seconds["crash test: kill rounds"] = time.monotonic() - started

    store = EventStore(db)
    report = store.verify()
    assert report.ok, f"after {kills} kills the store does not verify: {report.first_bad}"
    stored = {(g, v): h for g, v, h in store.conn.execute("SELECT game_id, version, hash FROM events")}
    lost = [(k, h) for k, h in acked.items() if stored.get(k) != h]
    assert not lost, (
        f"{len(lost)} of {len(acked)} acknowledged commands are lost or different, e.g. {lost[:5]}"
    )
    assert acked, "no writer acknowledged anything: the kills never landed while writing"
    resumed = [g for g, runs in runs_of_game.items() if len(runs) > 1]
    assert resumed, "no game was continued after a restart: the writers do not resume"

    eng = Engine(store)
    revealed = dict(store.conn.execute("SELECT game_id, revealed FROM seeds"))
    games = store.game_ids()
    for gid in games:
        result = replay(store, gid)
        assert result.ok, f"{gid} does not replay after the kills: {result.difference}"
        t = eng.table(gid)
        assert state_bytes(eng.reader.state_at(gid)) == state_bytes(
            eng.reader.state_at(gid, use_snapshots=False)
        ), f"{gid}: the rebuild from snapshots differs from the rebuild from events"
        if t.over:
            assert revealed[gid] == 1, f"{gid} is over but its seed is not marked revealed"
        else:
            prompts = eng.prompts(gid)
            assert prompts, f"{gid} at event {t.version} is not over and has no prompt"
            assert any(eng.legal(gid, p.seat) for p in prompts), (
                f"{gid} at event {t.version}: no prompted seat has a legal command"
            )
    FIGURES.seconds["crash test: whole test"] = time.monotonic() - started
    FIGURES.add("crash test: SIGKILLs", kills)
    FIGURES.add("crash test: kills before the writer acknowledged anything", early_kills)
    FIGURES.add("crash test: acknowledged commands checked", len(acked))
    FIGURES.add("crash test: games checked (verify, replay, prompts)", len(games))
    FIGURES.add("crash test: games resumed after a kill", len(resumed))
    FIGURES.add("crash test: events in the store", report.events)
