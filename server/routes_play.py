"""One game's routes: what a viewer reads (view, questions, log, state at an event, audit,
timeline, cards) and what a seat does (commands, undo, its contribution to the deal).

A seat's token opens that seat's view only; the referee's sees everything and plays nothing.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.routing import Route

from bots.proposal import in_setup, offered
from engine import language
from engine.errors import BadInput, IllegalCommand
from projections.audit import audit as audit_of
from projections.state import StateReader
from projections.timeline import timeline as timeline_of
from projections.views import REFEREE, full_state, log_view, state_view
from server.strict import (
    Answer,
    HttpError,
    asked,
    engine_refusals,
    event_number,
    expected_version,
    json_body,
    shown,
)
from server.table import Table
from server.words import entries_of, labels, lang_of, previews, said, worded, zone_labels

COMMAND_KEYS = ("command", "expected_version")  # all a command body may hold
GAME = "/api/games/{gid:gid}"


def opened(table: Table, request: Request, required: bool = False) -> tuple[str, Any, dict[str, str]]:
    """The game of the path (404), who the token opens (401, 403) and the query."""
    qs, token = asked(request)
    gid = request.path_params["gid"]
    table.game(gid)
    return gid, table.viewer(gid, token, required), qs


def seat_only(who: Any, doing: str) -> None:
    if who is REFEREE:
        raise HttpError(403, f"the referee token watches; only a seat's token {doing}")


# -- reads ---------------------------------------------------------------------------------
async def view(table: Table, request: Request) -> Answer:
    gid, who, qs = opened(table, request)
    lang = lang_of(qs)
    eng, t = table.eng, table.game(gid)
    rs = eng.ruleset(gid)
    out: dict[str, Any] = {
        "version": t.version,
        "prompts": [msgspec.to_builtins(p) for p in eng.prompts(gid)],
    }
    if who is REFEREE:
        out["view"] = full_state(rs, t)
        out["legal"] = {str(s): eng.legal(gid, s) for s in range(t.players)}
        out["previews"] = {k: previews(rs, t, int(k), cmds) for k, cmds in out["legal"].items()}
        out["labels"] = {k: labels(rs, t, int(k), cmds) for k, cmds in out["legal"].items()}
        out["choices"] = {str(s): msgspec.to_builtins(eng.choices(gid, s)) for s in range(t.players)}
    elif who is None:
        out["view"] = state_view(rs, t, None)
    else:
        out["view"] = state_view(rs, t, who)
        out["legal"] = eng.legal(gid, who)
        out["previews"] = previews(rs, t, who, out["legal"])
        out["labels"] = labels(rs, t, who, out["legal"])
        out["choices"] = msgspec.to_builtins(eng.choices(gid, who))
        out["proposal"] = offered(eng, gid, who)  # set-up the seat may place at once (/proposal)
        waiting = table.plans.get((gid, who), []) if in_setup(rs, t) else []
        out["planned"] = len(waiting)  # accepted steps waiting for its turns
    out["zone_labels"] = zone_labels(rs, out["view"].get("zones") or {})
    out["bots"] = {str(s): kind for s, kind in table.seats.bots(gid).items()}  # public: the panels' "bot: …"
    return Answer(said(out, lang, rs))


async def choices(table: Table, request: Request) -> Answer:
    """The seat's choices as questions (engine/choices.py): the first question, or the step
    an `expand` token of an earlier answer stands for. A seat's token names the seat; the
    referee reads every seat's first questions in the view."""
    gid, who, qs = opened(table, request, required=True)
    lang = lang_of(qs)
    if who is REFEREE:
        raise HttpError(400, "choices are a seat's: use a seat's token (the view lists every seat's)")
    try:
        q = table.eng.choices(gid, who, qs.get("expand"))
        return Answer(said(msgspec.to_builtins(q), lang, table.eng.ruleset(gid)))
    except BadInput as exc:  # a bad or stale expand token, named
        raise HttpError(400, exc.reason, exc.rule) from None


def log_after(
    table: Table, gid: str, who: Any, since: int
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The events after `since` as `who` sees them, each with its sentence and its entry's
    marks, and the log's entries (one per decision, server.words.entries_of)."""
    rs, t = table.eng.ruleset(gid), table.eng.table(gid)
    stored = table.eng.store.read(gid, since + 1)
    events = worded(rs, t, log_view(rs, stored, who))
    return events, entries_of(rs, t, events, [e.command_id for e in stored])


def events_after(table: Table, gid: str, who: Any, since: int, lang: str = "en") -> list[dict[str, Any]]:
    """The events after `since` as `who` sees them, in words (in `lang`): the live feed."""
    return list(said(log_after(table, gid, who, since)[0], lang, table.eng.ruleset(gid)))


async def log(table: Table, request: Request) -> Answer:
    """The log: each event in words (the replay viewer's) and the entries people read."""
    gid, who, qs = opened(table, request)
    lang = lang_of(qs)
    events, entries = log_after(table, gid, who, event_number(qs, "since", default=0))
    return Answer(said({"events": events, "entries": entries}, lang, table.eng.ruleset(gid)))


async def state(table: Table, request: Request) -> Answer:
    gid, who, qs = opened(table, request)
    at, head = event_number(qs, "at"), table.game(gid).version
    if not 1 <= at <= head:
        raise HttpError(400, f"at must be an event number from 1 to {head}")
    t = StateReader(table.eng.store).state_at(gid, at)
    rs = table.eng.ruleset(gid)
    return Answer({"at": at, "state": full_state(rs, t) if who is REFEREE else state_view(rs, t, who)})


async def audit(table: Table, request: Request) -> Answer:
    gid, who, qs = opened(table, request)
    n = event_number(qs, "n")
    if not 1 <= n <= table.game(gid).version:
        raise HttpError(400, "n must be an event number of this game")
    return Answer({"audit": audit_of(table.eng.store, gid, n, who)})


async def timeline(table: Table, request: Request) -> Answer:
    gid, who, _ = opened(table, request)
    return Answer({"timeline": timeline_of(table.eng.store, gid, table.eng.ruleset(gid), who)})


async def cards(table: Table, request: Request) -> Answer:
    """The catalogue by print name (the name the game's card ids carry), each card's `name`
    and `text` in the `lang` asked for, its print name in `print_name`."""
    lang = lang_of(asked(request)[0])
    gid = request.path_params["gid"]
    rs = table.eng.ruleset(table.game(gid).game_id)
    out: dict[str, Any] = {}
    for c in rs.cards():  # the first card of a name wins: a village randomizer shares its
        if c.name not in out:  # stack's name but not its values
            out[c.name] = {
                **msgspec.to_builtins(c),
                "name": language.card_name(c, lang, rs.name),
                "print_name": c.name,
                "text": language.say(c.text, lang, rs.name),
                "stand_in": c.stand_in,  # the mark, said once
            }
    return Answer({"cards": out})


# -- a seat acts ---------------------------------------------------------------------------
async def command(table: Table, request: Request) -> Answer:
    gid, who, _ = opened(table, request, required=True)
    seat_only(who, "plays")
    body = await json_body(request)
    if not isinstance(body, dict) or "command" not in body:
        raise HttpError(400, 'the body must be {"command": {...}, "expected_version"?: N}')
    extra = [k for k in body if k not in COMMAND_KEYS]
    if extra:  # as the CLI refuses an unknown key: a misspelt field must not be ignored
        raise HttpError(
            400,
            f"the body holds {shown(extra[0])}, which is not a key of a "
            'command body (only "command" and "expected_version")',
        )
    ev = expected_version(body)
    table.plans.pop((gid, who), None)  # a seat that decides by hand leaves its set-up plan
    with engine_refusals():
        stored = table.eng.submit(gid, who, body["command"], expected_version=ev)
    table.notify(gid)
    rs, t = table.eng.ruleset(gid), table.eng.table(gid)
    return Answer({"version": t.version, "events": worded(rs, t, log_view(rs, stored or [], who))})


async def undo(table: Table, request: Request) -> Answer:
    """A seat takes back its own decisions (invariant 6, engine/undo.py): to event `to`, or
    without it to just before its own last decision. The policy decides (never across a
    chance outcome, a reveal or another seat's decision): a refusal is a 422 with the
    reason; a game that moved on since `expected_version` is a 409."""
    gid, who, _ = opened(table, request, required=True)
    seat_only(who, "takes back its decisions")
    body = await json_body(request)
    body = {} if body is None else body
    if not isinstance(body, dict) or set(body) - {"to", "expected_version"}:
        raise HttpError(400, 'the body must be {"to"?: N, "expected_version"?: N}')
    to, expected = body.get("to"), body.get("expected_version")
    if any(v is not None and type(v) is not int for v in (to, expected)):
        raise HttpError(400, '"to" and "expected_version" are event numbers (integers)')
    version = table.eng.table(gid).version
    if expected is not None and expected != version:
        raise HttpError(409, f"the game is at event {version}, not {expected}: nothing was undone")
    if to is None:
        to = last_own_boundary(table, gid, who)
    with engine_refusals():
        table.eng.undo(gid, to, who)
    table.notify(gid)
    return Answer({"version": table.eng.table(gid).version})


def last_own_boundary(table: Table, gid: str, seat: int) -> int:
    """The event just before the seat's own last decision's command (its first event - 1)."""
    store = table.eng.store
    events = store.read(gid, 1, table.eng.table(gid).version)
    mine = [ev for ev in events if ev.type.startswith("cmd.") and ev.actor == seat]
    if not mine:
        raise HttpError(422, "this seat has made no decision to take back", "CORE-6")
    span = store.command_span(gid, mine[-1].command_id or "")
    return (span[0] if span else mine[-1].version) - 1


async def connect(table: Table, request: Request) -> Answer:
    """A seat's first connection to a game whose deal waits for contributions (CORE-3C):
    its secret joins the mix (only the commitment is public until the end), or it
    declines with `"contribution": null`. The last one deals the game."""
    gid, who, _ = opened(table, request, required=True)
    if who is REFEREE:
        raise HttpError(403, "the referee token watches; only a seat contributes")
    body = await json_body(request)
    if not isinstance(body, dict) or set(body) - {"contribution"}:
        raise HttpError(
            400, 'the body must be {"contribution": "your secret"} or {"contribution": null} to decline'
        )
    try:
        stored = table.eng.contribute(gid, who, body.get("contribution"))
    except BadInput as exc:
        raise HttpError(400, exc.reason, exc.rule) from exc
    except IllegalCommand as exc:
        status = 409 if table.eng.table(gid).mix is not None else 422
        raise HttpError(status, exc.reason, exc.rule) from exc
    table.notify(gid)
    mine = next(e.data for e in stored or [] if e.type == "chance.contributed")
    t = table.eng.table(gid)
    return Answer(
        {
            "version": t.version,
            "commitment": mine.get("commitment"),
            "declined": bool(mine.get("declined")),
            "awaiting": list(t.awaiting),
        }
    )


def routes(table: Table) -> list[Route]:
    reads = {"view": view, "choices": choices, "log": log, "state": state}
    reads |= {"audit": audit, "timeline": timeline, "cards": cards}
    acts = {"commands": command, "undo": undo, "connect": connect}
    return [Route(f"{GAME}/{name}", partial(fn, table), methods=["GET"]) for name, fn in reads.items()] + [
        Route(f"{GAME}/{name}", partial(fn, table), methods=["POST"]) for name, fn in acts.items()
    ]
