"""`make run`: simulate a few complete games on the default database and verify each replay.

It plays every installed real game (the core's `duel` only if none has landed).
"""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from bots.random_bot import play_out
from engine import registry
from engine.narration import seat_name
from engine.pipeline import Engine
from engine.replay import replay

PREFERENCE = ("thunderstone", "rune-age", "epochs", "mage-knight", "dragonlords", "duel")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--db", default="runeledger.db")
    p.add_argument("--games", type=int, default=3)
    args = p.parse_args()
    installed = registry.rulesets()
    console = Console()
    eng = Engine(args.db)
    start = len(eng.store.game_ids())
    names = [n for n in PREFERENCE if n in installed and n != "duel"] or ["duel"]
    for name in names:
        rs = installed[name]
        players = 4 if 4 in rs.players else max(rs.players)
        out = Table(title=f"{name}: {args.games} games, {players} players, random legal bots")
        for col in ("game", "winner(s)", "events", "replay"):
            out.add_column(col)
        for i in range(args.games):
            seed = f"run-{start + i}"
            gid = eng.create(name, players, seed)
            play_out(eng, gid, seed)
            table = eng.table(gid)
            result = replay(eng.store, gid)
            out.add_row(
                gid,
                ", ".join(seat_name(w) for w in table.winners) or "none",
                str(table.version),
                "identical" if result.ok else f"DIFFERS: {result.difference}",
            )
        console.print(out)
    report = eng.store.verify()
    console.print(
        f"hash chains: {'intact' if report.ok else report.first_bad} "
        f"({report.games} games, {report.events} events in {args.db})"
    )
    for pkg, why in registry.broken().items():
        console.print(f"[red]game package {pkg} failed to load:[/red] {why}", markup=True)


if __name__ == "__main__":
    main()
