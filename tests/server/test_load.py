"""Load on loopback: every seat of many games and many spectators follow the live feed, all
connected at once before any game moves; then the games are played (seat 0 by a scripted
player reacting to its own pushes over HTTP, seats 1-3 by the server's bots) and every push
arrives exactly once, in order, live.

Small by default (4 games, 16 spectators); `make soak` (RUNELEDGER_SOAK=1) runs the issue's
size, 50 games of 4 seats and 200 spectators (200 + 200 = 400 feeds open at once), and prints
its figures: connections, events pushed, duplicates, misses, time, the server's peak memory and
CPU time."""

import json
import math
import os
import random
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import trio

from tests.server.test_browser import serving
from tests.server.wsclient import follow, http

SOAK = bool(os.environ.get("RUNELEDGER_SOAK"))
GAMES, SPECTATORS = (50, 200) if SOAK else (4, 16)
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def post(url, body):
    req = urllib.request.Request(
        url, json.dumps(body).encode(), method="POST", headers={"content-type": "application/json"}
    )
    return json.loads(urllib.request.urlopen(req).read())


def get(url):
    return json.loads(urllib.request.urlopen(url).read())


def peak_rss_mib(pid: int) -> float:
    """The process's peak resident memory (VmHWM) in MiB, from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmHWM in /proc status")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time the process has used so far, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def play_seat(port: int, gid: str, token: str, inbox, go: trio.Event) -> int:
    """Seat 0 as a player at the table: on each push that prompts it, read its legal commands
    and send one (a version conflict just means the game moved on: read again)."""
    rng, moves = random.Random(gid), 0
    await go.wait()
    async for msg in inbox:
        while True:  # act on the newest prompts only
            try:
                msg = inbox.receive_nowait()
            except (trio.WouldBlock, trio.EndOfChannel):
                break
        if not any(p["seat"] == 0 for p in msg["prompts"]):
            continue
        while True:
            status, v = await http(HOST, port, "GET", f"/api/games/{gid}/view", token=token)
            assert status == 200, v
            if not v.get("legal"):
                break
            status, out = await http(
                HOST,
                port,
                "POST",
                f"/api/games/{gid}/commands",
                {"command": rng.choice(v["legal"]), "expected_version": v["version"]},
                token=token,
            )
            if status == 200:
                moves += 1
                break
            assert status == 409, (status, out)
    return moves


def test_every_push_delivered_exactly_once_to_feeds_all_open_at_once(tmp_path):
    db, port = str(tmp_path / "load.db"), free_port()
    with open(tmp_path / "server.log", "w") as errlog:  # the child keeps its own copy open
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "cli.main",
                "serve",
                "--db",
                db,
                "--port",
                str(port),
                "--bot-delay",
                "0.02",
            ],
            stdout=subprocess.DEVNULL,
            stderr=errlog,
        )
    base = f"http://{HOST}:{port}"
    try:
        assert serving(base, proc), "server did not start: " + (tmp_path / "server.log").read_text()[-2000:]
        bots = {str(s): "random" for s in (1, 2, 3)}  # seat 0 plays first: nothing moves yet
        games = [
            post(base + "/api/games", {"ruleset": "duel", "players": 4, "seed": i, "bots": bots})
            for i in range(GAMES)
        ]
        created = {g["game_id"]: get(f"{base}/api/games/{g['game_id']}/view")["version"] for g in games}
        feeds = [(g["game_id"], s["seat"], s["token"]) for g in games for s in g["seats"]]
        feeds += [(games[i % GAMES]["game_id"], None, None) for i in range(SPECTATORS)]
        got: dict[int, list] = {}
        figures: dict[str, object] = {}

        async def run():
            everyone_in, go, opened = trio.Event(), trio.Event(), [0]

            def on_open():
                opened[0] += 1
                if opened[0] == len(feeds):
                    everyone_in.set()

            async def feed(k, gid, seat, token, outbox):
                query = (f"token={token}&" if token else "") + "since=0"
                if outbox is None:
                    got[k] = await follow(HOST, port, f"/api/games/{gid}/live?{query}", on_open=on_open)
                    return
                async with outbox:
                    got[k] = await follow(
                        HOST,
                        port,
                        f"/api/games/{gid}/live?{query}",
                        on_open=on_open,
                        on_prompts=outbox.send_nowait,
                    )

            async def watch():
                await everyone_in.wait()
                figures["connected_client"] = opened[0]
                _status, stats = await http(HOST, port, "GET", "/api/stats")
                figures["open_at_start"] = stats["live"]["open"]
                heads = {}
                for gid in created:
                    _status, v = await http(HOST, port, "GET", f"/api/games/{gid}/view")
                    heads[gid] = v["version"]
                figures["moved_before_all_in"] = sum(heads[g] != created[g] for g in created)
                figures["start"] = time.monotonic()
                go.set()  # now the players may start

            with trio.fail_after(900 if SOAK else 120):
                async with trio.open_nursery() as n:
                    n.start_soon(watch)
                    for k, (gid, seat, token) in enumerate(feeds):
                        outbox = None
                        if seat == 0:
                            outbox, inbox = trio.open_memory_channel(math.inf)
                            n.start_soon(play_seat, port, gid, token, inbox, go)
                        n.start_soon(feed, k, gid, seat, token, outbox)

        trio.run(run)
        elapsed = time.monotonic() - figures["start"]
        stats = get(base + "/api/stats")["live"]
        heads = {gid: get(f"{base}/api/games/{gid}/view")["version"] for gid in created}
        pushes = duplicates = misses = 0
        for k, (gid, seat, _) in enumerate(feeds):
            versions = [e["version"] for e in got[k]]
            pushes += len(versions)
            duplicates += len(versions) - len(set(versions))
            misses += len(set(range(1, heads[gid] + 1)) - set(versions))
            assert versions == list(range(1, heads[gid] + 1)), (gid, seat)
            assert got[k][-1]["type"] in ("game.over", "seed.revealed")
            if seat is not None:  # a seat's feed hides what only other seats may see
                assert all(e["type"] != "game.created" for e in got[k] if e.get("redacted"))
        live_pushes = sum(heads[gid] - created[gid] for gid, _, _ in feeds)
        memory, cpu = peak_rss_mib(proc.pid), cpu_seconds(proc.pid)
        print(
            f"\ntable load: {GAMES} games x 4 seats + {SPECTATORS} spectators = {len(feeds)} live "
            f"feeds, all open at once before any move (client saw {figures['connected_client']} "
            f"accepted, server had {figures['open_at_start']} open, peak {stats['peak']}; games "
            f"moved before: {figures['moved_before_all_in']}); {pushes} events pushed "
            f"({live_pushes} of them live, after the start), server counted {stats['pushed']}; "
            f"duplicates {duplicates}, misses {misses}; played in {elapsed:.1f} s "
            f"({pushes / elapsed:.0f} pushes/s); server peak memory {memory:.0f} MiB, CPU {cpu:.1f} s"
        )
        assert figures["connected_client"] == len(feeds) == figures["open_at_start"]
        assert stats["peak"] == len(feeds) and stats["accepted"] == len(feeds)
        assert figures["moved_before_all_in"] == 0
        assert duplicates == 0 and misses == 0 and stats["pushed"] == pushes
        assert all(heads[g] > created[g] for g in created)
    finally:
        proc.send_signal(2)
        assert proc.wait(timeout=30) == 0, (tmp_path / "server.log").read_text()[-2000:]
