"""A minimal WebSocket client on trio + wsproto, for the load test (no extra dependency)."""
from __future__ import annotations

import json

import trio
from wsproto import ConnectionType, WSConnection
from wsproto.events import (AcceptConnection, CloseConnection, Message, Ping, Request,
                            TextMessage)


async def follow(host: str, port: int, target: str, until_type: str = "game.over"):
    """Every event pushed on `target` up to the prompts message that follows an event of
    `until_type` (a command's events come as one batch, then the prompts)."""
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
                        elif any(e["type"] == until_type for e in events):
                            await stream.send_all(ws.send(CloseConnection(code=1000)))
                            return events
    finally:
        await stream.aclose()
