"""`make bench` (`python -m bench.run`; `--quick` for a short run): every figure of the Speed
issue beside its reference, measured in the same run, with the goal and whether it is met.
Writes bench/results.md (`--out` to write elsewhere) from the parts kept in bench/results/
(bench.parts): `--parts NAME,...` measures only those and keeps the others as last measured.

Timings depend on the machine and on what else runs on it, so they are reported here, never
asserted in the tests. The header names the machine and its load.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import NamedTuple

from bench import bigdb, choices, export_scale, games, ladder, scenarios, search_speed, simulate_runs, storage
from bench.common import HERE, Row, failed, load, machine, num
from bench.parts import Measured, keep, kept

FULL = dict(
    workload=200,
    repeats=5,
    ts_games=30,
    ts_limit=150.0,
    sim_games=1000,
    sim_pairs=5,
    big_runs=7,
    long_s=30.0,
    profile_games=20,
    scenario_games=5,
    choice_games=200,
    choice_speed_games=choices.SPEED_GAMES,
    ladder_games=ladder.GAMES,
    ladder_workers=os.cpu_count() or 1,  # the ladder's seeds are played on every core
    search_games=search_speed.GAMES,
    export_games=export_scale.GAMES,
)
QUICK = dict(
    workload=40,
    repeats=1,
    ts_games=5,
    ts_limit=60.0,
    sim_games=300,
    sim_pairs=1,
    big_runs=3,
    long_s=9.0,
    profile_games=5,
    scenario_games=1,
    choice_games=10,
    choice_speed_games=5,
    ladder_games=4,
    ladder_workers=1,
    search_games=1,
    export_games=2_000,
)


def say(text: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


def _store(cfg: dict, tmp: str):
    say(f"recording the duel workload ({cfg['workload']} games)")
    work = storage.record_workload(cfg["workload"])
    got, detail = storage.measure(work, tmp, cfg["repeats"], say)
    detail.update(games=len(work.games), commands=len(work.commands), events=work.events)
    return got, detail


def _profile(cfg: dict, _tmp: str):
    say(f"profile: Thunderstone, 4 seats, {cfg['profile_games']} games in memory")
    return [], games.profile(cfg["profile_games"])


class Part(NamedTuple):
    """A part of the bench: measured alone, kept alone (bench.parts)."""

    name: str
    measure: Callable[[dict, str], tuple[list[Row], dict]]
    # the rows it would have given, for a part that fails: (line, unit, goal)
    lines: tuple[tuple[str, str, str], ...] = ()
    note: str = ""  # the key `how` reads its notes under, when not the name


def _ladder_part(ruleset: str) -> Part:
    def run(cfg: dict, _tmp: str):
        say(
            f"bot ladder, {ruleset}: {cfg['ladder_games']} games per pairing, seats swapped, "
            f"{cfg['ladder_workers']} processes"
        )
        return ladder.measure(
            cfg["ladder_games"], rulesets=(ruleset,), say=say, workers=cfg["ladder_workers"]
        )

    return Part(f"ladder-{ruleset}", run)


PARTS: tuple[Part, ...] = (
    Part(
        "store",
        _store,
        (
            ("grouped append", "events/CPU-s", "≥0.75×"),
            ("one command per transaction", "commands/CPU-s", "≥0.8×"),
            ("rebuild", "events/CPU-s", "≥0.8×"),
            ("appends vs eventsourcing", "commands/CPU-s", "≥5×"),
            ("rebuilds vs eventsourcing", "events/CPU-s", "≥5×"),
            (
                "events of one game kept together: cost of the (game_id, version) index",
                "events/CPU-s",
                "cost recorded",
            ),
        ),
    ),
    Part("games", lambda cfg, tmp: games.measure(tmp, cfg["ts_games"], cfg["ts_limit"])),
    Part(
        "workers",
        lambda cfg, tmp: simulate_runs.workers(tmp, cfg["sim_games"], cfg["sim_pairs"], say),
        (("simulate --workers 2 vs 1", "games/s", "≥1.7×"),),
    ),
    Part(
        "workers-ts",
        lambda cfg, tmp: simulate_runs.workers(
            tmp, cfg["sim_games"], cfg["sim_pairs"], say, "thunderstone", 4
        ),
        (("simulate thunderstone --workers 2 vs 1", "games/s", "≥1.7×"),),
        "workers_ts",
    ),
    Part(
        "state-at",
        lambda cfg, _tmp: bigdb.measure(cfg["big_runs"], say),
        (("first state_at, 100k vs 1k games", "ms", "≤2×"),),
        "state_at",
    ),
    Part(
        "long-run",
        lambda cfg, tmp: simulate_runs.long_run(tmp, cfg["long_s"], say),
        (("simulate --games 10000000", "s / MiB", "at once, <500 MB"),),
        "long run",
    ),
    Part("scenarios", lambda cfg, _tmp: scenarios.measure(cfg["scenario_games"])),
    Part("choices", lambda cfg, _tmp: choices.measure(cfg["choice_games"], cfg["choice_speed_games"], say)),
    Part("export-scale", lambda cfg, _tmp: export_scale.measure(cfg["export_games"], say)),
    Part("search-speed", lambda cfg, _tmp: search_speed.measure(cfg["search_games"], say)),
    *(_ladder_part(case[0]) for case in ladder.CASES),
    Part("profile", _profile),
)
NAMES = tuple(p.name for p in PARTS)


def measure_part(part: Part, cfg: dict, tmp: str, quick: bool) -> Measured:
    """Run one part; a failure becomes its rows' error (and the rest of the bench goes on)."""
    date = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    load0, start, code = load(), time.perf_counter(), code_state()  # the code as the part starts
    how_lines: list[str] = []
    extra: list[str] = []
    try:
        rows, detail = part.measure(cfg, tmp)
        if part.name == "profile":
            extra = _safe(profile_md, detail)
        else:
            how_lines = _safe(how, cfg, {part.note or part.name: detail})[2:]  # without the section's heading
    except Exception as exc:
        traceback.print_exc()
        why = f"{type(exc).__name__}: {exc}"
        rows = [failed(line, unit, goal, why) for line, unit, goal in part.lines]
        how_lines = [f"- **{part.name}** failed: {why[:300]}"]
    seconds = time.perf_counter() - start
    say(f"{part.name}: {seconds:.0f} s")
    return Measured(part.name, date, code, load0, load(), seconds, quick, rows, how_lines, extra)


# -- the report ---------------------------------------------------------------------------
def _cell(s: object) -> str:
    return " ".join(str(s).split()).replace("|", "\\|")


def _fig(x, unit: str) -> str:
    if x is None:
        return "–"
    return (
        f"{x:.2f} {unit}" if unit == "s" else f"{x:.0f} {unit}" if unit == "exit code" else f"{num(x)} {unit}"
    )


def table(rows: list[Row]) -> list[str]:
    out = [
        "| line of the issue | runeledger | reference | reference figure | ratio | goal | met |",
        "|---|--:|---|--:|--:|---|:-:|",
    ]
    for r in rows:
        if r.error:
            out.append(
                f"| {_cell(r.line)} | ERROR | {_cell(r.error)} |  |  | {_cell(r.goal)} | not measured |"
            )
            continue
        ratio = f"{r.ratio:.2f}× ({_cell(r.ratio_means)})" if r.ratio is not None else ""
        met = {True: "**yes**", False: "no", None: "–"}[r.met]
        out.append(
            f"| {_cell(r.line)} | {_fig(r.figure, r.unit)} | {_cell(r.reference)} | "
            f"{_fig(r.ref_figure, r.ref_unit) if r.ref_figure is not None else ''} | "
            f"{ratio} | {_cell(r.goal)} | {met} |"
        )
    return out


def how(cfg: dict, notes: dict) -> list[str]:
    s, g, w, b, lr = (notes.get(k, {}) for k in ("store", "games", "workers", "state_at", "long run"))
    es = f"eventsourcing {version('eventsourcing')}"
    out = ["## How each figure was measured", ""]
    if s:
        out += [
            f"- **Store rows** (`bench/storage.py`): {s['games']} duel games (4 seats, 12 "
            f"rounds, random bots) recorded once in memory: {s['events']:,} events in "
            f"{s['commands']:,} commands, replayed round-robin across games. Every variant "
            f"writes a fresh file; {cfg['repeats']} repeat(s), variants in turn within each, each "
            "timed in CPU seconds of the bench process (user + system, SQLite's writes "
            "included; every variant runs in this process, and on a shared machine wall time "
            "would measure the load); "
            "figures are medians, ratios the median of the per-repeat ratios (their spread, "
            "min–max: "
            + ", ".join(f"{k[6:]} {lo:.2f}–{hi:.2f}×" for k, (lo, hi) in s["spread"].items())
            + ").",
            "- **Raw SQLite reference**: the rows runeledger wrote, read back byte for byte from "
            "its file, inserted into a file created by `EventStore` (its tables, indexes and "
            "append-only triggers), `journal_mode=WAL`, `synchronous=NORMAL`, in the same "
            "transactions (`BEGIN IMMEDIATE` … `COMMIT`): event rows by `executemany`, each "
            "command's `streams` row (upsert), one `meta` store-head update per transaction, "
            "with the value the store wrote there (a new one each transaction: SQLite leaves a "
            "page whose UPDATE writes the same bytes clean, so one constant value, the "
            "reference before this session, saved a page per commit: "
            f"{num(s['raw_single_same_head'])} commands/CPU-s one per transaction, runeledger "
            f"at {s['rl_single'] / s['raw_single_same_head']:.2f}× of it). "
            "No hashing, version check or decoding. A stricter floor, the event rows alone "
            f"(no streams or meta row): {num(s['raw_grouped_events_only'])} events/CPU-s grouped "
            f"(runeledger would be at {s['rl_grouped'] / s['raw_grouped_events_only']:.2f}× "
            f"of it), {num(s['raw_single_events_only'])} commands/CPU-s one per transaction "
            f"({s['rl_single'] / s['raw_single_events_only']:.2f}×).",
            f"- **Grouped append** as `Engine.batch` (so `simulate`) calls it: "
            f"`append_many(..., returning=False)`, the caller gets no events back (the raw "
            f"reference returns nothing either). Asking for the stored events back (a fresh "
            f"decode of every event): {num(s['rl_grouped_returning'])} events/CPU-s "
            f"({s['rl_grouped_returning'] / s['raw_grouped']:.2f}× raw).",
            f"- **Ceilings of the two append rows**: the Python work no change can drop (per "
            f"event the payload's JSON encode, the row hash and the store-head step, the bytes "
            f"and hashes the golden hashes and the tamper evidence pin; for one command per "
            f"transaction also the fresh decode of the events `append` hands back), timed alone "
            f"in the same repeats (`storage.pinned`): {s['pinned_single_us']:.1f} µs per "
            f"command, {s['pinned_grouped_us']:.2f} µs per event grouped. Raw SQLite + that "
            f"work, with no other Python at all, is the ceiling: "
            f"{s['ceiling_single']:.2f}× one command per transaction (goal 0.8×), "
            f"{s['ceiling_grouped']:.2f}× grouped (goal 0.75×). Runeledger's time beyond raw "
            f"+ pinned: {1e6 / s['rl_single'] - 1e6 / s['raw_single'] - s['pinned_single_us']:.1f}"
            f" µs per command one per transaction, "
            f"{1e6 / s['rl_grouped'] - 1e6 / s['raw_grouped'] - s['pinned_grouped_us']:.2f} µs "
            f"per event grouped (bench/why_not_met.md says where it goes).",
            f"- **Rebuild**: `StateReader.state_at(game, use_snapshots=False)` over every game "
            f"(read, decode, fold); it reads the 9 columns a fold needs (version, type, schema, "
            f"data, visibility, actor, rule_id, cause, command_id: not seq, game_id, the two "
            f"hashes or the time). Reference: `SELECT` of all 14 columns of the events per "
            f"game + `msgspec.json` decode of data and visibility. The same raw read of only "
            f"the 9 columns: {num(s['raw_rebuild_fold_cols'])} events/CPU-s (runeledger at "
            f"{s['rl_rebuild'] / s['raw_rebuild_fold_cols']:.2f}× of it). `EventStore.read` "
            f"(all columns, decoded into `StoredEvent`s, no fold): {num(s['rl_read'])} "
            f"events/CPU-s.",
            f"- **{es}**: `Application` + an `Aggregate` that records one aggregate event per "
            "runeledger event, `app.save` once per command; rebuild = `repository.get` of every "
            "aggregate (read, decode, re-apply; its aggregate does almost nothing per event, "
            "runeledger's row folds the real duel state). Configurations (median commands/CPU-s "
            "appended; events/CPU-s rebuilt): "
            + "; ".join(
                f"{c}: {num(s[f'es_append_{i}'])}; {num(s[f'es_rebuild_{i}'])}"
                for i, c in enumerate(storage.ES_CONFIGS)
            )
            + ". The reference is the best configuration for each figure. The file "
            "configuration is set to synchronous=NORMAL like runeledger's store (its default "
            "FULL would measure the disk).",
        ]
    if g:
        gc, gs = g["games_per_cpu_s"], g["games_per_s"]
        out += [
            f"- **Thunderstone** (`bench/games.py`): {g['games']} games per mode, 4 seats, "
            f"default options, seeds bench-0…, {g['events_per_game']:,.0f} events per game on "
            f"average; the same games in every mode ({'checked' if g['same_games'] else 'NOT the same: check!'}), "
            "modes alternating game by game, one warm-up game per mode not counted, one process "
            "for all. memstore_game = `Engine(MemoryStore())` (store/memory_store.py), one "
            "transaction per game, as `simulate` plays: the goal's row; mem_* = "
            "`Engine(EventStore(':memory:'))`, the path before, reported as its own row; per "
            "game = inside `Engine.batch()` (the game's creation is its own transaction, as in "
            "`simulate`). "
            "Games per CPU-second (user + system of the process): "
            + ", ".join(f"{k} {num(v)}" for k, v in gc.items())
            + "; games per wall second: "
            + ", ".join(f"{k} {num(v)}" for k, v in gs.items())
            + f"; the fold of the same games: {num(g['fold_games_per_cpu_s'])} games/CPU-s.",
        ]
    out += _choices_note(notes.get("choices", {}), cfg)
    for run, game, players in ((w, "duel", 3), (notes.get("workers_ts", {}), "thunderstone", 4)):
        if run:
            out.append(_workers_note(run, game, players, cfg))
    if b:
        out += [
            f"- **state_at** (`bench/bigdb.py`): databases built once and cached in "
            f"`bench/.cache/` ({', '.join(f'{k:,} games: {v:,.0f} MiB' for k, v in b['file_mib'].items())}; "
            f"this run spent {', '.join(f'{v:.0f} s' for v in b['build_s'].values())} "
            "getting them): every game but the last 50 is the set-up of a short duel game "
            "(game.created and its deal), the last 50 are complete duel games (2 seats, "
            "rounds=4), all written through `EventStore.append_many` (500 games per "
            f"transaction). A fresh process (imports and the loading of the game packages "
            f"done before the clock: "
            f"{b['warm']['registry_ms']:.0f} ms, the same for any database) opens the store "
            f"and calls `state_at` on the last game ({b['events_of_target']} events); "
            f"{b['runs']} runs per size and cache state, alternating. Medians, open / state_at: "
            + "; ".join(
                f"{c}: "
                + ", ".join(
                    f"{k:,} games {b[c]['open_ms'][k]:.2f} / {b[c]['state_at_ms'][k]:.2f} ms"
                    for k in b[c]["open_ms"]
                )
                for c in ("warm", "cold")
            )
            + ". Cold = the database file evicted from the page cache (posix_fadvise "
            "DONTNEED on that file only) before the process starts.",
        ]
    if lr:
        big, small = lr["big"], lr["small"]
        out += [
            f"- **10M-game run**: `python -m cli.main simulate duel --games 10000000 "
            f"--players 2 --workers 1`, watched {big['watched_s']:.0f} s, then SIGINT. First "
            "game stored = first game visible in the target file (polled every 20 ms; "
            "finished games are stored about every 0.5 s, so the first finished game was "
            "earlier), measured from process start, Python start-up included. RSS max in each "
            "third of the watch: "
            + " / ".join(f"{x:.0f}" for x in big["rss_thirds_max_mib"])
            + " MiB (the first third is warm-up: caches and allocator arenas fill; flat = the "
            f"last third at most 10% above the middle one); peak = the largest VmHWM read (the kernel's high-water mark of "
            f"the process's resident memory). It stored "
            f"{big['stored']:,} games and exited {big['exit']}. The 1-game reference stored "
            f"{small['stored']} game, exit {small['exit']}.",
        ]
    return out


def _choices_note(c: dict, cfg: dict) -> list[str]:
    if not c:
        return []
    flat = [k for k, d in c.items() if d["flat_walk"]]
    return [
        f"- **Choice trees** (`bench/choices.py`, issue 27): per ruleset and scenario, "
        f"{cfg['choice_games']} seeded games of the random bot (seeds choices-<case>-0…); before "
        "each decision one more uniform walk of the tree from the same state (its own random "
        "stream) counts the options of every question met, a pick by its values; the first "
        "question (`Ruleset.question(table, seat, [], words=False)`) and `legal_commands` are "
        "timed at every decision in alternating order (CPU time, medians). "
        + (
            f"The random bot still takes the flat walk (bot_choices, no bot_options) in: "
            f"{', '.join(flat)}; the sizes are of their trees all the same. "
            if flat
            else ""
        )
        + "Speed rows: seeds drawn at random at each run ("
        + "; ".join(f"{k}: {' '.join(d['speed_seeds'])}" for k, d in c.items())
        + "), played in memory (MemoryStore, one transaction per game; playing includes hashing "
        "its events into the store, which the memory store defers to the first read) and folded "
        "from their stored events in the same run (`bench.scenarios.play_and_fold`); the ceiling "
        "rows play the same commands again with no bot deciding, hashing included.",
    ]


def profile_md(p: dict) -> list[str]:
    out = ["## Profile: Thunderstone, 4 seats, random bots, in memory", ""]
    if not p or p.get("error"):
        return [*out, f"Not measured: {p.get('error') if p else 'nothing'}", ""]
    out += [
        f"cProfile over {p['games']} games (one warm-up game first, not profiled; "
        f"one transaction per game, as `simulate` plays), {p['cpu']:.2f} CPU-s with the "
        f"profiler on ({p['total']:.2f} s of profiler time, a wall clock: on a shared machine read the shares). Project code only "
        "(bench/ and libraries left out).",
        "",
        "Top 10 by cumulative time:",
        "",
        "| function | calls | cumulative s | % of run | own s |",
        "|---|--:|--:|--:|--:|",
    ]
    out += [
        f"| `{f}` | {n:,} | {ct:.3f} | {100 * ct / p['total']:.0f}% | {tt:.3f} |"
        for f, n, tt, ct in p["cumulative"]
    ]
    out += [
        "",
        "Top 10 by own time (where the CPU actually goes):",
        "",
        "| function | calls | own s | % of run | cumulative s |",
        "|---|--:|--:|--:|--:|",
    ]
    out += [
        f"| `{f}` | {n:,} | {tt:.3f} | {100 * tt / p['total']:.0f}% | {ct:.3f} |" for f, n, tt, ct in p["own"]
    ]
    out += [
        "",
        f"Project code's own time is {100 * p['own_share']:.0f}% of the run; the rest is "
        "spent inside the standard library, C extensions and libraries it calls. Top 10 "
        "of those by own time:",
        "",
        "| function | calls | own s | % of run |",
        "|---|--:|--:|--:|",
    ]
    out += [f"| `{f}` | {n:,} | {tt:.3f} | {100 * tt / p['total']:.0f}% |" for f, n, tt, ct in p["other"]]
    return [*out, ""]


def _workers_note(w: dict, game: str, players: int, cfg: dict) -> str:
    return (
        f"- **Workers, {game}** (`bench/simulate_runs.py`): `python -m cli.main simulate "
        f"{game} --games {cfg['sim_games']} --players {players} --workers N --db <fresh file>`, "
        "whole process timed from outside (start-up and final store included), bytecode cached "
        "as in an installed package (`PYTHONPYCACHEPREFIX` in the temp dir; "
        f"`PYTHONDONTWRITEBYTECODE` dropped), one warm-up run not counted, {w['pairs']} "
        "pair(s) run in turn; games/s per run — workers 1: "
        + ", ".join(num(x) for x in w["w1"])
        + "; workers 2: "
        + ", ".join(num(x) for x in w["w2"])
        + ". CPU seconds of the whole run (user + "
        "system, workers included, from wait4) against wall seconds — workers 1: "
        + ", ".join(f"{c:.1f} / {t:.1f}" for c, t in zip(w["cpu1"], w["wall1"], strict=True))
        + "; workers 2: "
        + ", ".join(f"{c:.1f} / {t:.1f}" for c, t in zip(w["cpu2"], w["wall2"], strict=True))
        + ". A run whose CPU seconds are well below its wall seconds was waiting for a core "
        "(other work on the 2 cores, see the load average) or, with two workers, for the "
        "shared file's write lock (bench/why_not_met.md)."
    )


def why_not_met() -> list[str]:
    """The analysis of the unmet goals (bench/why_not_met.md, written by hand from profiles:
    it names the run it was taken from, so it is not regenerated)."""
    path = HERE / "why_not_met.md"
    return [path.read_text().rstrip(), ""] if path.exists() else []


def _safe(fn, *args) -> list[str]:
    """The notes must never cost the table."""
    try:
        return fn(*args)
    except Exception as exc:
        traceback.print_exc()
        return [f"(notes not written: {type(exc).__name__}: {exc})"]


def code_state() -> str:
    """The commit measured, and which files outside bench/ differed from it (others' work in
    progress is measured too when the bench runs in a shared working tree)."""
    import subprocess

    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            cwd=HERE.parent,
            timeout=10,
        ).stdout.strip()
        status = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            cwd=HERE.parent,
            timeout=10,
        ).stdout.splitlines()
    except (OSError, subprocess.SubprocessError):
        return "unknown (no git)"
    changed = sorted(line[3:] for line in status if not line[3:].startswith("bench/"))
    return f"commit {head}" + (
        f" with uncommitted changes in {', '.join(changed)}"
        if changed
        else ", no uncommitted changes outside bench/"
    )


def report(measured: list[Measured | None]) -> str:
    """bench/results.md from every part as last measured, each with its own provenance."""
    m = machine()
    have = [x for x in measured if x is not None]
    rows = [r for x in have for r in x.rows]
    missing = [p.name for p, x in zip(PARTS, measured, strict=True) if x is None]
    lines = [
        "# Runeledger benchmarks",
        "",
        f"- machine: {m['cores']} cores (`os.cpu_count()`), {m['cpu']}, {m['ram']} RAM, {m['os']}; "
        f"Python {m['python']}, SQLite {m['sqlite']}, eventsourcing {version('eventsourcing')}, "
        f"msgspec {version('msgspec')}",
        "- each part below says when, on which commit and under what load it was measured: a part "
        "is measured again alone with `python -m bench.run --parts NAME` (its figures and their "
        "references always from one run); `make bench` measures them all",
        f"- parts measured: {len(have)} of {len(PARTS)}"
        + (f" (not yet: {', '.join(missing)})" if missing else "")
        + f"; dates from {min(x.date for x in have)} to {max(x.date for x in have)}" * bool(have),
        f"- goals met: {sum(r.met is True for r in rows)} of {sum(r.met is not None for r in rows)} "
        f"rows that have a goal ({len(rows)} rows in all)",
        "",
    ]
    for part, got in zip(PARTS, measured, strict=True):
        if part.name == "profile":
            continue
        lines += [f"### {part.name}", ""]
        if got is None:
            lines += [f"Not measured yet: `python -m bench.run --parts {part.name}`.", ""]
            continue
        lines += [f"{got.provenance()[0].upper()}{got.provenance()[1:]}.", "", *table(got.rows), ""]
    lines += ["## How each figure was measured", ""]
    lines += [b for got in have for b in got.how]
    lines += [""]
    lines += [b for got in have for b in got.extra]
    lines += [
        *_safe(why_not_met),
        "Made by `make bench` (`python -m bench.run`; `--parts NAME,...` for some parts, `--quick` "
        "for a short run that is not kept).",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a short run (a few minutes), written to --out only")
    ap.add_argument("--out", default=str(HERE / "results.md"), help="where to write the report")
    ap.add_argument(
        "--parts",
        default="",
        help=f"comma-separated parts to measure (default: all): {', '.join(NAMES)}",
    )
    ap.add_argument(
        "--kept",
        default=str(HERE / "results"),
        help="the folder of the parts as last measured, read and updated (not with --quick)",
    )
    ap.add_argument(
        "--render",
        action="store_true",
        help="measure nothing: write the report from the kept parts (after copying a part's file in)",
    )
    args = ap.parse_args(argv)
    if args.render and (args.quick or args.parts):
        print(
            "bench.run: --render measures nothing, so it takes neither --quick nor --parts", file=sys.stderr
        )
        return 2
    asked = [] if args.render else [n.strip() for n in args.parts.split(",") if n.strip()] or list(NAMES)
    unknown = [n for n in asked if n not in NAMES]
    if unknown:
        print(
            f"bench.run: no part named {', '.join(unknown)}; the parts: {', '.join(NAMES)}", file=sys.stderr
        )
        return 2
    cfg = QUICK if args.quick else FULL
    folder = Path(args.kept)
    fresh: dict[str, Measured] = {}
    with tempfile.TemporaryDirectory(prefix="runeledger-bench-") as tmp:
        for part in PARTS:
            if part.name in asked:
                fresh[part.name] = measured = measure_part(part, cfg, tmp, args.quick)
                if not args.quick:  # a short run never replaces the figures of a full one
                    keep(folder, measured)
    measured_all = [fresh.get(p.name) or (None if args.quick else kept(folder, p.name)) for p in PARTS]
    text = report(measured_all)
    Path(args.out).write_text(text)
    print(text)
    say(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
