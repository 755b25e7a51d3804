"""A minimal WebSocket client on trio + wsproto, for the load test (no extra dependency)."""

from __future__ import annotations

import json

import trio
from wsproto import ConnectionType, WSConnection
from wsproto.events import AcceptConnection, CloseConnection, Ping, Request, TextMessage


async def follow(
    host: str, port: int, target: str, until_type: str = "game.over", on_open=None, on_prompts=None
):
    """Every event pushed on `target` up to the prompts message that follows an event of
    `until_type` (a command's events come as one batch, then the prompts). `on_open()` is
    called once the server accepted the connection, `on_prompts(msg)` on each prompts message."""
    stream = await trio.open_tcp_stream(host, port)
    ws = WSConnection(ConnectionType.CLIENT)
    await stream.send_all(ws.send(Request(host=f"{host}:{port}", target=target)))
    events, text = [], []
    try:
        while True:
            data = await stream.receive_some(65536)
            if not data:
                raise ConnectionError(f"{target}: closed before {until_type}")
            ws.receive_data(data)
            for ev in ws.events():
                if isinstance(ev, AcceptConnection):
                    if on_open is not None:
                        on_open()
                    continue
                if isinstance(ev, Ping):
                    await stream.send_all(ws.send(ev.response()))
                elif isinstance(ev, CloseConnection):
                    raise ConnectionError(f"{target}: closed ({ev.code})")
                elif isinstance(ev, TextMessage):
                    text.append(ev.data)
                    if ev.message_finished:
                        msg = json.loads("".join(text))
                        text.clear()
                        if "event" in msg:
                            events.append(msg["event"])
                            continue
                        if on_prompts is not None:
                            on_prompts(msg)
                        if any(e["type"] == until_type for e in events):
                            await stream.send_all(ws.send(CloseConnection(code=1000)))
                            return events
    finally:
        await stream.aclose()


async def http(host: str, port: int, method: str, path: str, body=None, token: str | None = None):
    """One HTTP/1.1 request on its own connection: (status, decoded JSON body)."""
    raw = json.dumps(body).encode() if body is not None else b""
    head = [
        f"{method} {path} HTTP/1.1",
        f"Host: {host}:{port}",
        "Connection: close",
        f"Content-Length: {len(raw)}",
        "Content-Type: application/json",
    ]
    if token:
        head.append(f"Authorization: Bearer {token}")
    stream = await trio.open_tcp_stream(host, port)
    try:
        await stream.send_all(("\r\n".join(head) + "\r\n\r\n").encode() + raw)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = await stream.receive_some(65536)
            if not chunk:
                raise ConnectionError(f"{method} {path}: closed before the headers")
            data += chunk
        header, _, rest = data.partition(b"\r\n\r\n")
        lines = header.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        length = next(
            int(v)
            for k, _, v in (x.partition(":") for x in lines[1:])
            if k.strip().lower() == "content-length"
        )
        while len(rest) < length:
            chunk = await stream.receive_some(65536)
            if not chunk:
                raise ConnectionError(f"{method} {path}: closed mid-body")
            rest += chunk
        return status, json.loads(rest[:length])
    finally:
        await stream.aclose()
