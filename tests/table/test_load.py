"""Load on loopback: many games of four bot seats played by the server while every seat and
many spectators follow the live feed at once; every push arrives exactly once, in order.

Small by default (4 games, 16 spectators); `make soak` (RUNELEDGER_SOAK=1) runs the issue's
size: 50 games of 4 seats and 200 spectators, and prints its figures."""
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

import trio

from tests.table.wsclient import follow

SOAK = bool(os.environ.get("RUNELEDGER_SOAK"))
GAMES, SPECTATORS = (50, 200) if SOAK else (4, 16)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def post(url, body):
    req = urllib.request.Request(url, json.dumps(body).encode(), method="POST",
                                 headers={"content-type": "application/json"})
    return json.loads(urllib.request.urlopen(req).read())


def get(url):
    return json.loads(urllib.request.urlopen(url).read())


def test_every_push_delivered_exactly_once(tmp_path):
    db, port = str(tmp_path / "load.db"), free_port()
    proc = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--db", db, "--port",
                             str(port), "--bot-delay", "0.02"],
                            stdout=subprocess.DEVNULL, stderr=open(tmp_path / "server.log", "w"))
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                get(base + "/api/rulesets")
                break
            except OSError:
                time.sleep(0.1)
        bots = {str(s): "random" for s in range(4)}
        games = [post(base + "/api/games", {"ruleset": "duel", "players": 4, "seed": i,
                                            "bots": bots}) for i in range(GAMES)]
        feeds = []
        for i, g in enumerate(games):
            for s in g["seats"]:
                feeds.append((g["game_id"], s["seat"], f"token={s['token']}&"))
        for i in range(SPECTATORS):
            feeds.append((games[i % GAMES]["game_id"], None, ""))
        got: dict[int, list] = {}

        async def one(k, gid, token):
            got[k] = await follow("127.0.0.1", port, f"/api/games/{gid}/live?{token}since=0")

        async def all_feeds():
            with trio.fail_after(600 if SOAK else 60):
                async with trio.open_nursery() as n:
                    for k, (gid, _, token) in enumerate(feeds):
                        n.start_soon(one, k, gid, token)
        start = time.monotonic()
        trio.run(all_feeds)
        elapsed = time.monotonic() - start
        heads = {g["game_id"]: get(f"{base}/api/games/{g['game_id']}/view")["version"]
                 for g in games}
        pushes = 0
        for k, (gid, seat, _) in enumerate(feeds):
            versions = [e["version"] for e in got[k]]
            assert versions == list(range(1, heads[gid] + 1)), (gid, seat)
            pushes += len(versions)
            if seat is not None:  # a seat's feed hides what only other seats may see
                for e in got[k]:
                    if e.get("redacted"):
                        assert e["type"] != "game.created"
        print(f"\ntable load: {GAMES} games x 4 seats + {SPECTATORS} spectators = {len(feeds)} "
              f"live feeds, {pushes} pushes, each exactly once, in {elapsed:.1f} s "
              f"({pushes / elapsed:.0f} pushes/s)")
    finally:
        proc.send_signal(2)
        assert proc.wait(timeout=20) == 0, (tmp_path / "server.log").read_text()[-2000:]
