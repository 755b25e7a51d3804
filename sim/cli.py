"""`runeledger simulate`: many complete games by bots (random unless --bots), with progress and a summary.

Exit codes: 0 every game stored, 1 some games stalled or failed (listed), 2 bad usage,
130 interrupted (every finished game is stored; `--resume` plays the rest).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import msgspec
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from bots.players import BotPlay
from cli import render
from engine import language
from engine.boundary import number, parse_options
from engine.errors import BadInput
from engine.narration import seat_name
from sim.simulate import Summary, UsageError, simulate

PLAIN_EVERY = 5.0  # seconds between progress lines when stderr is not a terminal


def add_parser(sub, common: argparse.ArgumentParser) -> argparse.ArgumentParser:
    s = sub.add_parser(
        "simulate",
        parents=[common],
        help="play complete games with bots (random, greedy, mcts)",
        description=__doc__.splitlines()[0],
    )
    s.add_argument("game")
    s.add_argument("--games", type=number, default=10)
    s.add_argument("--players", type=number, required=True)
    s.add_argument("--seed", default="0", help="game i gets id GAME-SEED-i and seed SEED-i")
    s.add_argument("--workers", type=number, default=1, help="worker processes (default 1)")
    s.add_argument("--option", action="append", metavar="KEY=VALUE")
    s.add_argument(
        "--bots",
        metavar="LIST",
        help="bots per seat, e.g. mcts,random "
        "(random, greedy, mcts, strong; one name plays every seat; default random); a searching "
        "bot may be given a strength: mcts:deep, strong:quick (quick, standard, deep, deepest: "
        "a quarter, 1, 4 or 16 times the standard's iterations) or an exact count, mcts:200",
    )
    s.add_argument(
        "--mcts-iterations",
        type=number,
        default=BotPlay.ITERATIONS,
        metavar="N",
        help=f"MCTS iterations per decision at the standard strength (default {BotPlay.ITERATIONS}, "
        "the strength the bot ladder measures; mcts:deep is 4 times this)",
    )
    s.add_argument(
        "--engine",
        choices=("process", "ray"),
        default="process",
        help="process: --workers local processes (default); ray: Ray tasks",
    )
    s.add_argument(
        "--address",
        metavar="ADDR",
        help="with --engine ray: a running Ray "
        "cluster (e.g. ray://head:10001 or auto); default: a local Ray instance",
    )
    s.add_argument(
        "--resume",
        action="store_true",
        help="continue a stopped run: skip the games of this --seed already stored",
    )
    return s


class Ticker:
    """Progress: a rich bar on a terminal, else a plain line every PLAIN_EVERY seconds."""

    def __init__(self, err: Console, label: str, total: int):
        self.err, self.label, self.total, self.done = err, label, total, 0
        self.start = self.last = time.monotonic()
        self.bar = None
        if err.is_terminal:
            self.bar = Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=err,
                transient=True,
            )
            self.task = self.bar.add_task(label, total=total)
            self.bar.start()

    def __call__(self, n: int) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.advance(self.task, n)
            return
        now = time.monotonic()
        if now - self.last >= PLAIN_EVERY:
            self.last = now
            rate = self.done / (now - self.start)
            left = f", about {(self.total - self.done) / rate:.0f} s left" if rate else ""
            line = f"{self.label}: {self.done}/{self.total} games, {rate:.1f}/s{left}"
            print(language.say(line), file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def run(args) -> int:
    out, err = render.console(), render.console(stderr=True)
    label = f"{args.game} ×{args.games}"
    try:
        try:
            opts = parse_options(args.option)
        except BadInput as exc:
            raise UsageError(exc.reason) from None
        ticker = Ticker(err, label, args.games)
        try:
            if args.engine == "ray":
                from sim.ray_engine import simulate_ray

                summary = simulate_ray(
                    args.db,
                    args.game,
                    args.games,
                    args.players,
                    args.seed,
                    opts,
                    bots=args.bots,
                    tick=ticker,
                    resume=args.resume,
                    mcts_iterations=args.mcts_iterations,
                    address=args.address,
                    num_cpus=args.workers if args.workers > 1 else None,
                )
            else:
                summary = simulate(
                    args.db,
                    args.game,
                    args.games,
                    args.players,
                    args.seed,
                    args.workers,
                    opts,
                    tick=ticker,
                    resume=args.resume,
                    bots=args.bots,
                    mcts_iterations=args.mcts_iterations,
                )
        finally:
            ticker.close()
    except UsageError as exc:
        if args.json:
            sys.stdout.write(json.dumps({"error": str(exc)}) + "\n")
        else:
            err.print(language.say(f"error: {exc}"), style="red", markup=False, highlight=False)
        return 2
    except KeyboardInterrupt:  # before the run took over Ctrl-C: nothing was played
        err.print(language.say("interrupted before any game was played"), markup=False, highlight=False)
        return 130
    data = msgspec.to_builtins(summary)
    if args.json:
        sys.stdout.write(json.dumps(data) + "\n")
    else:
        show(out, summary)
    if summary.interrupted:
        stored = summary.games + summary.skipped
        err.print(
            language.say(
                f"interrupted: {stored} of {args.games} games of --seed {summary.seed} are "
                f"stored in {args.db}; run the same command with --resume to play the rest"
            ),
            markup=False,
            highlight=False,
        )
        return 130
    return 1 if summary.errors_total else 0


def show(out: Console, s: Summary) -> None:
    """The summary as tables in the language of `--lang` (`cli.render.table`: the title and
    cells said by the phrasebook, the columns by its headings)."""
    bots = f", bots {','.join(s.bots)}" if s.bots and set(s.bots) != {"random"} else ""
    columns = ("games", "events", "seconds", "events/s", "games/s", "wins per seat", "errors")
    row = [
        str(s.games) + (f" (+{s.skipped} stored before)" if s.skipped else ""),
        str(s.events),
        f"{s.seconds:.1f}",
        f"{s.events_per_second:.0f}",
        f"{s.games_per_second:.2f}",
        ", ".join(f"{seat_name(int(k))}: {v:g}" for k, v in s.wins_per_seat.items()),
        str(s.errors_total),
    ]
    out.print(render.table(f"simulate {s.game}, {s.players} players, --seed {s.seed}{bots}", columns, [row]))
    if s.errors:
        title = f"{s.errors_total} games not stored" + (
            f" (first {len(s.errors)})" if s.errors_total > len(s.errors) else ""
        )
        rows = [[x.game_id or "-", x.seed or "-", x.kind, _prompt(x.prompt), x.message] for x in s.errors]
        out.print(
            render.table(title, ("game", "seed", "kind", "last prompt", "message"), rows, keep=("game",))
        )


def _prompt(p: dict[str, Any] | None) -> str:
    return f"{seat_name(p['seat'])} ({p['rule']}): {p['kind']}" if p else "-"


def main(argv: list[str] | None = None) -> int:
    """`python -m sim.cli GAME ...` until the main CLI calls add_parser/run."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", default="runeledger.db", help="database file (default runeledger.db)")
    common.add_argument("--json", action="store_true", help="machine-readable output")
    p = argparse.ArgumentParser(prog="runeledger")
    sub = p.add_subparsers(dest="cmd", required=True)
    add_parser(sub, common)
    argv = list(sys.argv[1:] if argv is None else argv)
    return run(p.parse_args(argv if argv[:1] == ["simulate"] else ["simulate", *argv]))


if __name__ == "__main__":
    from engine.logs import configure

    configure()
    sys.exit(main())
