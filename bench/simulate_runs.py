"""`runeledger simulate` as a user runs it: whole processes, timed from outside.

- workers: `simulate duel --games G --players 3 --workers 2` against `--workers 1`, each on a
  fresh file, run in turn (1, 2, 1, 2, ...); games/s is G over the whole process's wall time
  (start-up and the final store included); the ratio is taken pair by pair, median reported.
- a 10,000,000-game run: `simulate duel --games 10000000 --players 2 --workers 1`, watched for
  SECONDS: time from the process start to the first game stored in the target (finished games
  are stored about every 0.5 s, so this bounds the first finished game from above), its resident
  memory (VmRSS) and peak (VmHWM, the kernel's high-water mark of the process's memory) read
  every 0.1 s, then SIGINT; the exit code and the games stored are kept. Reference: the same
  command with --games 1, run to its end (its peak is read until it exits, so it may miss
  the last 0.1 s).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time

from bench.common import median, row
from store import EventStore

CLI = [sys.executable, "-m", "cli.main", "simulate"]
# The processes run as an installed package does: its modules' bytecode compiled once and
# cached (pip writes it at install). A shell with PYTHONDONTWRITEBYTECODE set (as some
# sandboxes and CI images do) would make every process compile the project's ~140 modules
# from source again, about 0.07 CPU-s of serial start-up per process. The cache goes to a
# folder of its own under the system's temp dir, never into the tree.
PYCACHE = os.path.join(tempfile.gettempdir(), f"runeledger-bench-pycache-{os.getuid()}")
ENV = {
    **{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
    "PYTHONPYCACHEPREFIX": PYCACHE,
    "PYTHONPATH": os.pathsep.join(
        p
        for p in (
            str(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
            os.environ.get("PYTHONPATH"),
        )
        if p
    ),
}


FLUSH = 0.5  # sim.simulate stores finished games about this often (its flush_seconds)
CPU_S: dict[int, float] = {}  # pid -> user + system seconds (its waited-for workers included)


def _reap(proc: subprocess.Popen, block: bool = False) -> tuple[int, int] | None:
    """(exit code, peak RSS in KiB) of this child, from the kernel (wait4); None while it
    runs. Never through Popen.poll/wait, which would reap it without the usage."""
    pid, status, usage = os.wait4(proc.pid, 0 if block else os.WNOHANG)
    if not pid:
        return None
    proc.returncode = os.waitstatus_to_exitcode(status)
    CPU_S[proc.pid] = usage.ru_utime + usage.ru_stime
    return proc.returncode, usage.ru_maxrss


def _wait(proc: subprocess.Popen, timeout: float) -> tuple[int, int]:
    deadline = time.monotonic() + timeout
    while (got := _reap(proc)) is None:
        if time.monotonic() > deadline:
            proc.kill()
            return _reap(proc, block=True)
        time.sleep(0.02)
    return got


def _run(
    db: str, games: int, workers: int, players: int = 3, seed: str = "b", game: str = "duel"
) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one whole simulate process."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [
            *CLI,
            game,
            "--games",
            str(games),
            "--players",
            str(players),
            "--workers",
            str(workers),
            "--seed",
            seed,
            "--db",
            db,
            "--json",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    err = proc.stderr.read()
    code, _ = _wait(proc, 900)
    seconds = time.perf_counter() - start
    if code != 0:
        raise RuntimeError(f"simulate --workers {workers} exited {code}: {err[-300:]!r}")
    return seconds, CPU_S.pop(proc.pid, 0.0)


def workers(tmp: str, games: int, pairs: int, say, game: str = "duel", players: int = 3) -> tuple[list, dict]:
    """`game`: duel is the lightest game, so its store copy (a third of a worker's CPU, part
    of it under the shared file's write lock) weighs most; a heavier game shows the scaling
    where playing dominates."""
    one, two, ratios, cpu1, cpu2 = [], [], [], [], []
    say(f"simulate {game} warm-up (not counted: fills the bytecode cache and the page cache)")
    _run(os.path.join(tmp, f"w-warm-{game}.db"), 20, 2, players, game=game)
    for p in range(pairs):
        say(f"simulate {game} --workers 1 / 2, pair {p + 1}/{pairs}")
        t1, c1 = _run(os.path.join(tmp, f"w1-{game}-{p}.db"), games, 1, players, game=game)
        t2, c2 = _run(os.path.join(tmp, f"w2-{game}-{p}.db"), games, 2, players, game=game)
        one.append(games / t1)
        two.append(games / t2)
        ratios.append(t1 / t2)
        cpu1.append(c1)
        cpu2.append(c2)
    r = median(ratios)
    return [
        row(
            f"simulate {game}, {players} seats, {games:,} games: --workers 2",
            median(two),
            "games/s",
            "--workers 1, same command (whole process, start-up included)",
            median(one),
            "games/s",
            r,
            "workers 2 ÷ workers 1 (median per pair)",
            "≥1.7×",
            r >= 1.7,
        )
    ], {
        "pairs": pairs,
        "w1": one,
        "w2": two,
        "ratios": ratios,
        "cpu1": cpu1,
        "cpu2": cpu2,
        "wall1": [games / x for x in one],
        "wall2": [games / x for x in two],
    }


def _rss_kib(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) in KiB: resident now and the peak so far of the process's own memory
    since its exec (wait4's ru_maxrss would also count the bench's own memory at the fork)."""
    got = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(("VmRSS:", "VmHWM:")):
                    got[line[:5]] = int(line.split()[1])
    except OSError:
        pass
    return got.get("VmRSS", 0), got.get("VmHWM", 0)


def _watch(db: str, games: int, seconds: float, seed: str) -> dict:
    """Start a run, note when its first game is stored and its RSS; SIGINT after `seconds`
    (or wait for its end if it finishes first)."""
    first_id = f"duel-{seed}-00000"
    start = time.perf_counter()
    proc = subprocess.Popen(
        [
            *CLI,
            "duel",
            "--games",
            str(games),
            "--players",
            "2",
            "--workers",
            "1",
            "--seed",
            seed,
            "--db",
            db,
            "--json",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=ENV,
    )
    first, store, samples, done, peak = None, None, [], None, 0
    try:
        while time.perf_counter() - start < seconds and (done := _reap(proc)) is None:
            rss, hwm = _rss_kib(proc.pid)
            samples.append((time.perf_counter() - start, rss))
            peak = max(peak, hwm)
            if first is None:
                if store is None and os.path.exists(db):
                    try:
                        store = EventStore(db, create=False)
                    except Exception:
                        store = None
                if store is not None and store.version(first_id):
                    first = time.perf_counter() - start
            time.sleep(0.1 if first is not None else 0.02)
        if first is None and done is not None:  # it ended between two looks: stored at exit
            s0 = EventStore(db, create=False)
            first = time.perf_counter() - start if s0.version(first_id) else None
            s0.close()
        interrupted = done is None
        if interrupted:
            peak = max(peak, _rss_kib(proc.pid)[1])
            proc.send_signal(signal.SIGINT)
        t_int = time.perf_counter()
        code, _ = done or _wait(proc, 60)
        stop_s = time.perf_counter() - t_int
    finally:
        if store is not None:
            store.close()
    s = EventStore(db, create=False)
    stored = len(s.game_ids())
    s.close()
    rss = [kib for _, kib in samples if kib]

    def third(i: int) -> float:
        return (
            max((k for t, k in samples if k and i * seconds / 3 <= t < (i + 1) * seconds / 3), default=0)
            / 1024
        )

    return {
        "first_s": first,
        "exit": code,
        "peak_mib": peak / 1024,
        "stored": stored,
        "stop_s": stop_s if interrupted else None,
        "interrupted": interrupted,
        "rss_thirds_max_mib": [third(i) for i in range(3)],
        "rss_last_mib": (rss[-1] if rss else 0) / 1024,
        "watched_s": seconds,
    }


def flat(thirds: list[float]) -> bool:
    """No new high after the first third: the last third's largest RSS at most 10% above the
    largest of the two thirds before it. A run whose memory grew with its games would climb
    into the last third; a flush-to-flush sawtooth (games held until stored, then freed) may
    leave one third's samples below its peak without the run growing."""
    return thirds[2] <= 1.1 * max(thirds[0], thirds[1], 1)


def long_run(tmp: str, seconds: float, say) -> tuple[list, dict]:
    say("simulate --games 1 (reference)")
    small = _watch(os.path.join(tmp, "small.db"), 1, 120, "s")
    say(f"simulate --games 10000000 for {seconds:.0f} s, then Ctrl-C")
    big = _watch(os.path.join(tmp, "big.db"), 10_000_000, seconds, "m")
    line = "simulate duel --games 10000000 (2 seats, 1 worker)"
    # "at once": no up-front work that grows with --games. The 1-game run stores its game as
    # soon as it is played; the long run stores its first games at its first flush, FLUSH later
    first_ok = (
        big["first_s"] is not None
        and small["first_s"] is not None
        and big["first_s"] <= small["first_s"] + FLUSH + 0.5
    )
    rows = [
        row(
            line + ": time to the first game stored",
            big["first_s"],
            "s",
            "the same command with --games 1 (start-up + 1 game + store)",
            small["first_s"],
            "s",
            big["first_s"] / small["first_s"] if big["first_s"] and small["first_s"] else None,
            "10M ÷ 1 game",
            f"at once: ≤ the 1-game run + {FLUSH + 0.5:g} s (games are stored every {FLUSH:g} s)",
            first_ok,
        ),
        row(
            line + f": peak RSS over {seconds:.0f} s, then SIGINT",
            big["peak_mib"],
            "MiB",
            "the same command with --games 1, run to its end",
            small["peak_mib"],
            "MiB",
            big["peak_mib"] / small["peak_mib"] if small["peak_mib"] else None,
            "10M ÷ 1 game",
            "<500 MB, flat",
            big["peak_mib"] * 2**20 < 500e6 and flat(big["rss_thirds_max_mib"]),
        ),
        row(
            line + ": SIGINT stores finished games and exits 130",
            big["exit"],
            "exit code",
            f"games stored when stopped: {big['stored']:,}; stopped {big['stop_s'] or 0:.1f} s after SIGINT",
            None,
            "",
            None,
            "",
            "exit 130, games kept",
            big["exit"] == 130 and big["stored"] > 0,
        ),
    ]
    return rows, {"small": small, "big": big}
