"""Set-up at human speed: a seat reads the bot's proposal for the rest of its set-up and
accepts it, some steps changed (bots/proposal.py).

GET answers the proposal (`steps`: each command, its words and whether it is played at once);
POST `{"expected_version": N, "changes"?: {"<step index>": command}}` accepts it: the steps
that can be played now are stored as the seat's ordinary commands in one commit (all or
nothing, a refusal names the step), and the rest wait in the table's plans, played for the
seat when it is prompted again (server.table.Table.plan_move).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.routing import Route

from bots import proposal
from server.routes_play import GAME, opened, seat_only
from server.strict import Answer, HttpError, engine_refusals, expected_version, json_body, shown
from server.table import Table

BODY_KEYS = ("expected_version", "changes")


async def read(table: Table, request: Request) -> Answer:
    gid, who, _ = opened(table, request, required=True)
    seat_only(who, "has a set-up to propose")
    got = proposal.propose(table.eng, gid, who)
    return Answer({**msgspec.to_builtins(got), "waiting": len(table.plans.get((gid, who), []))})


def _changes(body: dict[str, Any]) -> dict[int, dict[str, Any]]:
    raw = body.get("changes") or {}
    if not isinstance(raw, dict):
        raise HttpError(400, '"changes" maps a step index ("0" is the first step) to a command')
    out: dict[int, dict[str, Any]] = {}
    for k, cmd in raw.items():
        if not (isinstance(k, str) and k.isascii() and k.isdigit()):
            raise HttpError(400, f"the change {shown(k)} names no step: use the step's index, from 0")
        out[int(k)] = cmd
    return out


async def accept(table: Table, request: Request) -> Answer:
    gid, who, _ = opened(table, request, required=True)
    seat_only(who, "accepts a set-up proposal")
    body = await json_body(request)
    body = {} if body is None else body
    if not isinstance(body, dict) or set(body) - set(BODY_KEYS):
        raise HttpError(400, 'the body must be {"expected_version": N, "changes"?: {"<step>": command}}')
    ev = expected_version(body)
    with engine_refusals():
        done = proposal.accept(table.eng, gid, who, _changes(body), ev)
    if done.waiting:
        table.plans[(gid, who)] = list(done.waiting)
    else:
        table.plans.pop((gid, who), None)
    table.notify(gid)
    return Answer(
        {"played": done.played, "version": table.eng.table(gid).version, "waiting": len(done.waiting)}
    )


def routes(table: Table) -> list[Route]:
    return [
        Route(f"{GAME}/proposal", partial(read, table), methods=["GET"]),
        Route(f"{GAME}/proposal", partial(accept, table), methods=["POST"]),
    ]
