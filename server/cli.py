"""`runeledger serve`: the table's HTTP/WebSocket server (hypercorn, trio worker)."""

from __future__ import annotations

import argparse
import signal

from engine.boundary import number
from engine.pipeline import Engine
from server.tokens import Seats
from store import EventStore


def add_parser(sub, common) -> argparse.ArgumentParser:
    s = sub.add_parser(
        "serve", parents=[common], help="serve the live table (JSON API, WebSocket live feed) on trio"
    )
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=number, default=8000)  # digits 0-9, as every CLI number
    s.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="how long a bot seat waits before it moves (default 0.6: human pace)",
    )
    return s


def run(args) -> int:
    # late: hypercorn is slow to import; only serving needs it
    from hypercorn.config import Config

    # late: hypercorn is slow to import; only serving needs it
    from hypercorn.trio import serve

    # late: server.app imports trio, slow to import; start-up stays cheap
    from server.app import TableApp

    eng = Engine(EventStore(args.db, create=True))
    app = TableApp(eng, Seats(eng.store), bot_delay=max(0.0, args.bot_delay))
    cfg = Config()
    cfg.bind = [f"{args.host}:{args.port}"]
    cfg.accesslog = None  # access lines would carry ?token=…: never logged
    import trio  # only when serving: other commands do not pay for importing trio

    trio.run(serve_until_signal, serve, app, cfg)
    return 0


async def serve_until_signal(serve, app, cfg) -> None:
    """Ctrl-C (or SIGTERM) stops accepting, closes the feeds and lets a command in flight
    finish: every commit is one SQLite transaction, so nothing is half written."""
    # late: trio costs about a sixth of a second to import; only serving needs it
    import trio

    with trio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:

        async def stop():
            async for _ in signals:
                return

        await serve(app, cfg, shutdown_trigger=stop)
