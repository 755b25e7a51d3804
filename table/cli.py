"""`runeledger serve`: the table's HTTP/WebSocket server (hypercorn, trio worker)."""
from __future__ import annotations

import argparse

import trio


def add_parser(sub, common) -> argparse.ArgumentParser:
    s = sub.add_parser("serve", parents=[common], help="serve the live table (JSON API, "
                                                      "WebSocket live feed) on trio")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    return s


def run(args) -> int:
    from hypercorn.config import Config
    from hypercorn.trio import serve

    from engine.pipeline import Engine
    from store import EventStore
    from table.app import TableApp
    from table.tokens import Seats

    eng = Engine(EventStore(args.db, create=True))
    app = TableApp(eng, Seats(args.db))
    cfg = Config()
    cfg.bind = [f"{args.host}:{args.port}"]
    cfg.accesslog = None  # access lines would carry ?token=…: never logged
    try:
        trio.run(serve, app, cfg)  # hypercorn shuts down cleanly on SIGINT; every commit is atomic
    except KeyboardInterrupt:
        pass
    return 0
