"""Simulation of many complete games by random legal bots.

Why this shape: each worker asks the parent for game indices a few at a time (so workers
finish together), plays them into a private in-memory store and copies the finished
games into the target database in one transaction about twice a second. So every game in the
target is whole (a stalled, failed or interrupted game is never copied), there are no side
files, nothing is merged at the end, and workers share nothing with each other (so one killed
at any moment wedges no other). Game ids and seeds follow from --seed and the index, whoever
plays it, so a stopped run resumes by skipping the ids already stored. A game that stalls or fails is listed
in the summary (id, seed, last prompt) and the run goes on.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing as mp
import os
import signal
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any, cast

import msgspec

from bots.players import BotPlay, BotsError, parse_bots
from bots.random_bot import Abandoned, Stall, play_out
from engine import registry
from engine.errors import EngineError
from engine.pipeline import Engine
from store import EventStore, MemoryStore, StoreError

MAX_ERRORS = 1000  # errors kept in detail; all are counted
STOP_GRACE = 10.0  # seconds workers get to store their finished games after Ctrl-C


class UsageError(ValueError):
    """Bad arguments or a target that does not fit them; nothing was played."""


class GameTimeout(Exception):
    """A single game ran past its wall-clock limit (a hang inside one command)."""


class GameResult(msgspec.Struct):
    game_id: str
    winners: list[int]
    events: int


class GameError(msgspec.Struct):
    """A game that was not stored, or a worker that died (game_id None)."""

    game_id: str | None
    seed: str | None
    kind: str  # stall | error | timeout | crash | store
    message: str
    prompt: dict[str, Any] | None = None  # the last prompt: seat, kind, rule
    commands: int = 0  # bot commands played before it
    events: int = 0  # the game's events at that point (not stored)


class Tally(msgspec.Struct):
    """What a worker reports (as deltas); the parent sums them."""

    games: int = 0
    events: int = 0
    skipped: int = 0
    wins: list[float] = []
    errors: list[GameError] = []


class Summary(msgspec.Struct):
    games: int  # stored by this run
    events: int
    seconds: float
    events_per_second: float
    games_per_second: float
    wins_per_seat: dict[str, float]  # a shared win counts as a fraction for each winner
    errors: list[GameError]  # the first MAX_ERRORS, by game id
    errors_total: int
    skipped: int  # already stored before (--resume)
    requested: int
    interrupted: bool
    game: str
    players: int
    seed: str
    workers: int
    bots: list[str] = []  # one bot kind per seat (random unless --bots)


@dataclass(frozen=True)
class Spec:
    """One run, as every worker needs it (pickled to spawned workers, copied to forked ones)."""

    db: str
    game: str
    players: int
    seed: str
    games: int
    options: dict[str, Any]
    resume: bool = False
    play: Callable[..., int] = play_out  # play(engine, game_id, seed, stop=...)
    flush_seconds: float = 0.5
    game_seconds: float = 300.0
    parent: int = field(default_factory=os.getpid)


def job(game: str, seed: str | int, i: int) -> tuple[str, str]:
    """Game id and game seed of index i (unchanged, so seeded runs stay reproducible)."""
    return f"{game}-{seed}-{i:05d}", f"{seed}-{i}"


def play_one(
    eng: Engine, spec: Spec, gid: str, seed: str, stop: Callable[[], bool] | None = None
) -> GameResult:
    """Create and play one game in `eng`, as one group commit."""
    try:
        eng.create(spec.game, spec.players, seed, spec.options, game_id=gid)
        with eng.batch():
            spec.play(eng, gid, seed, stop=stop)
        table = eng.table(gid)
        return GameResult(gid, list(table.winners), table.version)
    finally:
        eng.forget(gid)  # keep memory flat over millions of games


def _timeout_in(exc: BaseException | None) -> GameTimeout | None:
    """The game's time limit behind `exc`, if that is what it was: the limit strikes wherever
    the game is, and inside a rule or set-up the engine reports it as the rule's failure."""
    seen = 0
    while exc is not None and seen < 20:
        if isinstance(exc, GameTimeout):
            return exc
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return None


def failure(gid: str, seed: str, exc: BaseException) -> GameError:
    cut = _timeout_in(exc)
    kind = "stall" if isinstance(exc, Stall) else "timeout" if cut is not None else "error"
    text = (
        str(cut)
        if cut is not None
        else str(exc)
        if isinstance(exc, EngineError)
        else f"{type(exc).__name__}: {exc}"
    )
    return GameError(
        gid,
        seed,
        kind,
        text[:500],
        getattr(exc, "prompt", None) or getattr(exc, "bot_prompt", None),
        getattr(exc, "commands", 0) or getattr(exc, "bot_commands", 0),
        getattr(exc, "version", 0) if isinstance(exc, Stall) else 0,
    )


# -- storing finished games -------------------------------------------------------------
class Sink:
    """Finished games wait in a private in-memory store (a MemoryStore: no SQL, rows and hashes
    built when copied out); `flush` copies them into the target in one transaction and starts
    a fresh store (failed games stay behind and are dropped), so memory stays flat.

    A game whose rows the file refuses (a value SQLite cannot bind: the MemoryStore takes any
    value msgspec encodes, where an SQLite scratch store refused it at append, failing only
    that game) does not take the others with it: the flush stores them one transaction per
    game and lists the refused ones in `refused`."""

    # raised by the rows themselves (binding, constraints), not by the file being unwritable
    ROW_ERRORS = (
        OverflowError,
        TypeError,
        ValueError,
        sqlite3.InterfaceError,
        sqlite3.ProgrammingError,
        sqlite3.IntegrityError,
    )

    scratch = MemoryStore  # what a fresh in-memory store is (a test swaps in the SQLite one)

    def __init__(self, target: EventStore, every: float):
        self.target, self.every = target, every
        self.retry_at = 0.0  # after a flush found the file locked: not before this
        self._fresh()

    def _fresh(self) -> None:
        self.eng = Engine(self.scratch())
        self.done: list[GameResult] = []
        self.refused: list[tuple[str, str]] = []  # (game id, why) of the last flush
        self.since = time.monotonic()

    def due(self) -> bool:
        now = time.monotonic()
        if now < self.retry_at:
            return False
        return len(self.done) >= 500 or now - self.since >= self.every

    def urgent(self) -> bool:
        """Past this, a flush waits for the target's write lock instead of playing on."""
        return len(self.done) >= 2000 or time.monotonic() - self.since >= 4 * self.every

    def flush(self, wait: bool = True) -> list[GameResult] | None:
        """Store the finished games in one transaction of the target (EventStore.absorb: whole
        games, store head moved along); return those stored (one already there is skipped).
        With wait=False, None if another process holds the target's write lock: nothing is
        stored or dropped, and the caller plays on and tries again soon (a worker does not
        sleep in SQLite's busy handler while the other one copies its games)."""
        done, mem = self.done, self.eng.store
        conn = self.target.conn
        if not wait and done:
            conn.execute("PRAGMA busy_timeout=0")
        try:
            if not done:
                return []
            try:
                copied = set(
                    self.target.absorb(mem, [r.game_id for r in done], skip_existing=True, verify=False)
                )
                refused: list[tuple[str, str]] = []
            except self.ROW_ERRORS:
                copied, refused = self._one_by_one(mem, done)
        except sqlite3.OperationalError as exc:
            if not wait and "locked" in str(exc) and not self.target._in_batch:
                # try again soon, not after every game (at 500 games waiting `due` would be
                # true again at once, and each try costs the copy's preparation)
                self.retry_at = time.monotonic() + min(0.05, self.every / 10)
                return None
            mem.close()
            self._fresh()
            raise
        except BaseException:
            mem.close()
            self._fresh()
            raise
        finally:
            if not wait and done:
                conn.execute("PRAGMA busy_timeout=30000")
        mem.close()
        self._fresh()
        self.refused = refused
        return [r for r in done if r.game_id in copied]

    def _one_by_one(self, mem, done: list[GameResult]) -> tuple[set[str], list[tuple[str, str]]]:
        """The flush again, a transaction per game: the games stored, and those refused."""
        copied, refused = set(), []
        for r in done:
            try:
                copied.update(self.target.absorb(mem, [r.game_id], skip_existing=True, verify=False))
            except self.ROW_ERRORS as exc:
                refused.append((r.game_id, f"{type(exc).__name__}: {exc}"[:300]))
        return copied, refused


# -- one worker's share -------------------------------------------------------------------
@contextmanager
def time_limit(seconds: float):
    """Raise GameTimeout in this (main) thread after `seconds`, and again every half second
    (at least) until the block is left: one raise can be swallowed (an `except Exception` in
    a rule or bot, or a gc callback or __del__ it lands in, where Python ignores it), and a
    one-shot timer then let the game run on unbounded. No-op where unsupported."""
    if (
        not seconds
        or not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return
    armed = True

    def expire(signum, frame):
        if armed:
            raise GameTimeout(f"the game took more than {seconds:g} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds, max(seconds, 0.5))
    try:
        yield
    finally:
        armed = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def play_share(
    spec: Spec, indices: Iterable[int], stop: Callable[[], bool], report: Callable[[Tally], None]
) -> None:
    """Play these indices, storing finished games about every `flush_seconds` and reporting
    each flush as a Tally; stops (storing what is finished) as soon as `stop()` is true.
    If the target cannot be written, the games waiting are reported lost and it raises."""
    target = EventStore(spec.db)
    sink = Sink(target, spec.flush_seconds)
    tally = Tally(wins=[0.0] * spec.players, errors=[])
    broken = False

    def flush(wait: bool = True) -> None:
        nonlocal tally, broken
        waiting = sink.done
        try:
            stored = sink.flush(wait)
            if stored is None:  # the target is busy: play on, try again soon
                return
        except (sqlite3.Error, StoreError) as exc:
            broken = True
            tally.errors += [
                GameError(r.game_id, _seed_of(spec, r.game_id), "store", f"finished but not stored: {exc}")
                for r in waiting
            ]
            report(tally)
            raise
        tally.errors += [
            GameError(gid, _seed_of(spec, gid), "store", f"finished but the file refused it: {why}")
            for gid, why in sink.refused
        ]
        # stored meanwhile by another run
        tally.skipped += len(waiting) - len(stored) - len(sink.refused)
        for r in stored:
            tally.games += 1
            tally.events += r.events
            for w in r.winners:
                tally.wins[w] += 1 / len(r.winners)
        report(tally)
        tally = Tally(wins=[0.0] * spec.players, errors=[])

    try:
        for i in indices:
            if stop():
                break
            gid, seed = job(spec.game, spec.seed, i)
            if spec.resume and target.version(gid):
                tally.skipped += 1
            else:
                try:
                    with time_limit(spec.game_seconds):
                        result = play_one(sink.eng, spec, gid, seed, stop)
                except Abandoned:
                    break
                except Exception as exc:
                    tally.errors.append(failure(gid, seed, exc))
                else:  # past the limit's end: a timeout striking there fails the game, once
                    sink.done.append(result)
            if sink.due():
                flush(sink.urgent())
    finally:
        try:
            if not broken:
                flush()  # also on the way out of an unexpected error: finished games are kept
        finally:
            target.close()


def _seed_of(spec: Spec, gid: str) -> str:
    return job(spec.game, spec.seed, int(gid.rsplit("-", 1)[1]))[1]


# -- stopping -----------------------------------------------------------------------------
class Stop:
    """Set by SIGINT: the first asks to stop cleanly, a second to stop at once."""

    def __init__(self) -> None:
        self.requested = self.hard = False

    def __call__(self) -> bool:
        return self.requested

    def signal(self, signum=None, frame=None) -> None:
        self.hard = self.requested
        self.requested = True


@contextmanager
def on_sigint(stop: Stop):
    """Route SIGINT to `stop` while running (main thread only; elsewhere the caller stops)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, stop.signal)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


# -- worker processes ---------------------------------------------------------------------
CHUNK = 4  # game indices a worker asks for at a time


def asked(conn, games: int, chunk: int = CHUNK) -> Iterator[int]:
    """Indices asked of the parent CHUNK at a time: a worker whose games happen to be shorter
    asks more often, so both finish together (which games exist does not depend on who plays
    them: ids and seeds follow from the index). The parent alone keeps the count, so no worker
    holds anything another waits for: a worker killed at any moment wedges none of the others
    (a counter under a lock shared by the workers did, when one died holding the lock)."""
    while True:
        try:
            conn.send(("claim", None))
            start = conn.recv()
        except (EOFError, OSError):  # the parent is gone: nothing more to play
            return
        if start is None:
            return
        yield from range(start, min(start + chunk, games))


def _worker(spec: Spec, w: int, conn) -> None:
    """A spawned worker. It starts with SIGINT ignored (no traceback while importing), then
    takes SIGINT as a request to stop; it also stops if its parent is gone."""
    stop = Stop()
    signal.signal(signal.SIGINT, stop.signal)

    def stopping() -> bool:
        return stop.requested or os.getppid() != spec.parent

    try:
        play_share(spec, asked(conn, spec.games), stopping, lambda t: conn.send(("tally", t)))
        conn.send(("done", None))
    except BaseException as exc:  # reported to the parent, never a traceback on the terminal
        with contextlib.suppress(OSError):
            conn.send(("fatal", f"{type(exc).__name__}: {exc}"[:500]))
    finally:
        conn.close()


def start_method() -> str:
    """ "fork" where it is safe (a POSIX parent with no other thread): the worker starts with
    everything already imported and the rulesets loaded, in milliseconds; otherwise "spawn"
    (a fresh interpreter that imports the engine again, about a second of CPU per worker)."""
    if "fork" in mp.get_all_start_methods() and threading.active_count() == 1:
        return "fork"
    return "spawn"


def _start(ctx, spec: Spec, w: int):
    ours, theirs = ctx.Pipe()  # duplex: tallies come up it, game indices go down
    p = ctx.Process(target=_worker, args=(spec, w, theirs), name=f"simulate-{w}", daemon=True)
    main = threading.current_thread() is threading.main_thread()
    old = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        p.start()  # the child inherits the ignored SIGINT until it installs its own handler
    finally:
        if main:
            signal.signal(signal.SIGINT, old)
    theirs.close()
    return ours, p


def run_workers(spec: Spec, workers: int, stop: Stop, merge: Callable[[Tally], None]) -> None:
    """Run the workers until each has reported `done` or died; a dead, failed or silent worker
    is reported as a `crash` error and the others go on. After a stop request SIGINT is passed
    on to the workers; past STOP_GRACE or on a second request they are terminated."""
    method = start_method()
    if method == "fork":
        # Everything imported so far (the engine, the ruleset, its content) lives as long as
        # the workers: frozen out of the cyclic collector's sight before the fork, a worker's
        # collections neither scan it nor write to its pages (which would copy each of them).
        gc.collect()
        gc.freeze()
    ctx = mp.get_context(method)
    handed = 0  # the game indices handed out so far (asked)
    running, heard = {}, {}
    for w in range(workers):
        r, p = _start(ctx, spec, w)
        running[r], heard[r] = (w, p), time.monotonic()
    silent = spec.game_seconds + 60  # a game is cut at game_seconds; past that it is wedged
    told, deadline = 0.0, None

    def drop(r, why: str | None = None) -> None:
        """Forget a worker; with `why` (its {w} and exit {code} filled in) it is a crash."""
        w, p = running.pop(r)
        if why:
            p.terminate()
        p.join(5)
        if why:
            merge(_crash(w, why.replace("{w}", str(w)).replace("{code}", str(p.exitcode))))

    try:
        while running:
            now = time.monotonic()
            if stop.requested:
                deadline = deadline or now + STOP_GRACE
                if stop.hard or now > deadline:
                    break
                if now - told > 0.5:  # again and again: a worker still starting ignores it
                    told = now
                    for _, p in running.values():
                        if p.is_alive():
                            os.kill(p.pid, signal.SIGINT)
            for r in [r for r in running if now - heard[r] > silent]:
                drop(r, f"worker {{w}} said nothing for {silent:g} s and was stopped")
            for ready in wait(list(running), timeout=0.2):
                r = cast(Connection, ready)  # wait() hands back our pipes
                heard[r] = time.monotonic()
                try:
                    kind, data = r.recv()
                except (EOFError, OSError):
                    drop(r, "worker {w} died (exit code {code}) before finishing")
                    continue
                if kind == "tally":
                    merge(data)
                elif kind == "claim":  # after a stop request, nothing more is handed out
                    start = None if stop.requested or handed >= spec.games else handed
                    if start is not None:
                        handed += CHUNK
                    try:
                        r.send(start)
                    except OSError:
                        drop(r, "worker {w} died (exit code {code}) before finishing")
                else:
                    drop(r, None if kind == "done" else "worker {w} failed: " + data)
    finally:
        for r in list(running):
            drop(r, "worker {w} was stopped before storing its finished games")


def _crash(w: int, message: str) -> Tally:
    return Tally(
        errors=[
            GameError(None, None, "crash", message + "; run again with --resume to play its missing games")
        ]
    )


# -- the run ------------------------------------------------------------------------------
def first_stored(store: EventStore, game: str, seed: str) -> str | None:
    """A stored game of this run's ids, if any: one range scan of the streams' key index."""
    prefix = f"{game}-{seed}-"
    return next((g for g in store.game_ids_from(prefix) if g[len(prefix) :].isdigit()), None)


def prepare(
    db: str,
    game: str,
    games: int,
    players: int,
    seed: str | int,
    workers: int,
    options: dict[str, Any] | None,
    resume: bool,
) -> dict[str, Any]:
    """Check the arguments and the target; raise UsageError with one clear line."""
    try:
        rs = registry.get(game)
    except EngineError as exc:
        raise UsageError(str(exc)) from None
    if players not in rs.players:
        raise UsageError(f"{game} is for {', '.join(map(str, rs.players))} players, not {players}")
    if games < 1 or workers < 1:
        raise UsageError(f"--games and --workers must be at least 1 (got {games}, {workers})")
    try:
        opts = rs.check_options(options or {})
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    seed = str(seed)
    try:
        store = EventStore(db)
    except (StoreError, sqlite3.Error, OSError) as exc:
        raise UsageError(str(exc)) from None
    try:
        there = first_stored(store, rs.name, seed)
        if there and not resume:
            raise UsageError(
                f"{db} already holds games of {rs.name} --seed {seed} (e.g. {there}): "
                "add --resume to continue that run, or choose another --seed"
            )
        if there:
            made = store.read(there, 1, 1)[0].data  # its creation event: first_stored found the game
            if (made["players"], made["options"]) != (players, opts):
                raise UsageError(
                    f"--resume needs the stopped run's settings: {there} has "
                    f"{made['players']} players and options {made['options']}"
                )
    finally:
        store.close()
    return {"game": rs.name, "options": opts, "seed": seed, "workers": min(workers, games)}


def record_bots(db: str, prefix: str, names: tuple[str, ...]) -> None:
    """Note which bots played the games GAME-SEED-i (a side table `export` reads)."""
    store = EventStore(db)
    try:
        with store.transaction():
            store.conn.execute(
                "CREATE TABLE IF NOT EXISTS analytics_runs (prefix TEXT PRIMARY KEY, bots TEXT)"
            )
            store.conn.execute(
                "INSERT OR REPLACE INTO analytics_runs VALUES (?, ?)", (prefix, ",".join(names))
            )
    finally:
        store.close()


def bot_players(
    db: str, p: dict[str, Any], players: int, bots: str | None, mcts_iterations: int, play: Callable[..., int]
) -> tuple[Callable[..., int], tuple[str, ...]]:
    """The players of a run (`play`, the random bots, unless `bots` names others) and the bots
    as recorded with its games (record_bots): a searching bot with its count where that is not
    the standard, so the study can be re-run exactly."""
    if bots is None:
        return play, ("random",) * players
    try:
        names = parse_bots(bots, players, p["game"])
    except BotsError as exc:
        raise UsageError(str(exc)) from None
    if mcts_iterations < 1:
        raise UsageError(f"--mcts-iterations must be at least 1 (got {mcts_iterations})")
    chosen = BotPlay(names, mcts_iterations)
    recorded = chosen.record(p["game"])
    record_bots(db, f"{p['game']}-{p['seed']}", recorded)
    return (play if set(names) == {"random"} else chosen), recorded


def simulate(
    db: str,
    game: str,
    games: int,
    players: int,
    seed: str | int = 0,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    tick: Callable[[int], None] | None = None,
    *,
    resume: bool = False,
    play: Callable[..., int] = play_out,
    game_seconds: float = 300.0,
    flush_seconds: float = 0.5,
    bots: str | None = None,
    mcts_iterations: int = BotPlay.ITERATIONS,
) -> Summary:
    """Play `games` games into `db`. Ctrl-C (SIGINT) stops within moments with every finished
    game stored and returns a Summary with interrupted=True. `tick(n)` reports n more games
    done (stored, failed or skipped). `bots` ("mcts,random": one per seat, or one for all)
    picks the bots; the run's bots are recorded with its game ids for `export`."""
    p = prepare(db, game, games, players, seed, workers, options, resume)
    play, names = bot_players(db, p, players, bots, mcts_iterations, play)
    spec = Spec(
        db, p["game"], players, p["seed"], games, p["options"], resume, play, flush_seconds, game_seconds
    )
    total = Tally(wins=[0.0] * players, errors=[])
    errors_total = failed = 0  # failed: games not stored, all of them (errors keeps the first)

    def merge(t: Tally) -> None:
        nonlocal errors_total, failed
        total.games += t.games
        total.events += t.events
        total.skipped += t.skipped
        for s, w in enumerate(t.wins):
            total.wins[s] += w
        errors_total += len(t.errors)
        lost = sum(e.game_id is not None for e in t.errors)
        failed += lost
        total.errors += t.errors[: max(0, MAX_ERRORS - len(total.errors))]
        if tick:
            tick(t.games + t.skipped + lost)

    stop = Stop()
    start = time.perf_counter()
    with on_sigint(stop):
        if p["workers"] == 1:
            with contextlib.suppress(sqlite3.Error, StoreError):  # already reported as `store` errors
                play_share(spec, range(games), stop, merge)
        else:
            run_workers(spec, p["workers"], stop, merge)
    seconds = time.perf_counter() - start
    done = total.games + total.skipped + failed
    if done < games and not stop.requested and not any(e.kind == "crash" for e in total.errors):
        # a worker stopped on its own (a SIGINT sent to it alone) with games it had claimed
        merge(
            Tally(
                errors=[
                    GameError(
                        None,
                        None,
                        "crash",
                        f"{games - done} games were not "
                        "played: a worker stopped before its share was done; "
                        "run again with --resume to play them",
                    )
                ]
            )
        )
    return Summary(
        total.games,
        total.events,
        seconds,
        total.events / seconds if seconds else 0.0,
        total.games / seconds if seconds else 0.0,
        {str(s): w for s, w in enumerate(total.wins)},
        sorted(total.errors, key=lambda e: (e.game_id is None, e.game_id or "")),
        errors_total,
        total.skipped,
        games,
        stop.requested and done < games,
        p["game"],
        players,
        p["seed"],
        p["workers"],
        list(names),
    )
