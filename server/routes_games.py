"""The lobby's routes: the installed rulesets with their options, the list of games, a new game,
and the live feed counters."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.routing import Route

from bots import strength
from bots.players import KINDS as BOT_KINDS
from bots.players import BotsError, parse_bots
from engine import language, readings, registry
from engine.boundary import ascii_number
from engine.errors import BadInput, EngineError, IllegalCommand
from server.strict import Answer, HttpError, asked, json_body, shown
from server.table import Table
from server.words import lang_of
from store.verify import orphans


async def rulesets(table: Table, request: Request) -> Answer:
    """Each ruleset with its player counts and its options (default, choices, doc), as
    `runeledger games --json` lists them, and the kinds of bot a seat may be given: the
    lobby's form is made from them; their names (in summary and docs) in the `lang` asked for.
    Each ruleset's `bot_strengths`: per bot that searches in it, the strengths a seat may give
    it ("mcts:deep"), each with its count in words."""
    lang = lang_of(asked(request)[0])
    out = [prose(r, lang) for r in msgspec.to_builtins(registry.described())]
    for r in out:
        r["bot_strengths"] = strength.choices(r["name"])
    return Answer({"rulesets": out, "bots": list(BOT_KINDS)})


def prose(ruleset: dict[str, Any], lang: str) -> dict[str, Any]:
    """A ruleset's summary and options in `lang`: each option's label, doc and its values'
    words (`engine.language.option_words`); the values themselves as they are."""
    return language.option_words(ruleset["name"], ruleset, lang)


async def stats(table: Table, request: Request) -> Answer:
    """Live feeds open now, at most, ever; events pushed."""
    asked(request)
    return Answer({"live": dict(table.live), "games": len(table.eng.store.game_ids())})


async def games(table: Table, request: Request) -> Answer:
    asked(request)
    if request.method == "POST":
        status, out = create(table, await json_body(request))
        return Answer(out, status)
    return Answer({"games": listed(table)})


def listed(table: Table) -> list[dict[str, Any]]:
    """The lobby: every game but the orphans an older table left (no seats, ever)."""
    store, ids = table.eng.store, table.eng.store.game_ids()
    legacy = store.legacy_seat_games() if hasattr(store, "legacy_seat_games") else None
    hidden = {f["game_id"] for f in orphans(ids, store.games_with_seats(), legacy)}
    out = []
    for gid in ids:
        if gid in hidden:
            continue
        t = table.eng.table(gid)
        bots = table.seats.bots(gid)
        out.append(
            {
                "game_id": gid,
                "ruleset": t.ruleset,
                "players": t.players,
                "version": t.version,
                "over": t.over,
                "bots": {str(s): kind for s, kind in sorted(bots.items())},
                "open": table.open_of(gid),  # seats anyone may claim ("Sit here")
                **header(t),
            }
        )
    return out


def create(table: Table, body: Any) -> tuple[int, dict[str, Any]]:
    if not isinstance(body, dict):
        raise HttpError(400, "the body must be a JSON object")
    ruleset, players = body.get("ruleset"), body.get("players")
    if not isinstance(ruleset, str) or type(players) is not int:
        raise HttpError(400, 'needs "ruleset" (a string) and "players" (an integer)')
    if ruleset not in sorted(registry.rulesets()):
        raise HttpError(422, f"no ruleset {ruleset!r} (installed: {', '.join(sorted(registry.rulesets()))})")
    seed = body.get("seed")
    if seed is not None and (type(seed) is not int and not isinstance(seed, str)):
        raise HttpError(400, '"seed" must be a string or an integer')
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise HttpError(400, '"options" must be an object')
    for key, value in options.items():  # as on the command line: a word, a number, yes/no
        table_ok = key in (readings.READINGS, readings.OVERRIDES) and isinstance(value, dict)
        if not table_ok and type(value) not in (str, int, bool):
            raise HttpError(
                400,
                f'option "{key}" must be a string, an integer or a boolean, not {json.dumps(value)[:80]}',
            )
    bots = bot_seats(body.get("bots") or {}, players, ruleset)
    open_ = open_seats(body.get("open") or [], players, bots)
    analysis, wait = body.get("analysis", False), body.get("contributions", False)
    if type(analysis) is not bool or type(wait) is not bool:
        raise HttpError(400, '"analysis" and "contributions" are true or false')
    if analysis and wait:
        raise HttpError(422, "an analysis game's chance is its seed: it takes no contributions", "CORE-3C")
    tokens, rows = table.seats.prepare(players, bots)
    try:
        gid = table.eng.create(
            ruleset,
            players,
            **fair_chance(seed, analysis, wait, players, bots),
            options=options,
            seat_tokens=rows,
        )
    except BadInput as exc:
        raise HttpError(400, exc.reason, exc.rule) from exc
    except IllegalCommand as exc:
        raise HttpError(422, exc.reason, exc.rule) from exc
    except (EngineError, ValueError) as exc:
        raise HttpError(422, str(exc)) from exc
    t = table.eng.table(gid)
    for entry in tokens["seats"]:  # an open seat's token waits for its claimer, not the creator
        if entry["seat"] in open_:
            table.open_seats[(gid, entry["seat"])] = entry.pop("token")
            entry["open"] = True
    out = {"game_id": gid, "commitment": t.seed_hash, **header(t), **tokens}
    table.wake_bots(gid)
    return 201, out


def bot_seats(bots: Any, players: int, ruleset: str) -> dict[int, str]:
    """`"bots": {"1": "mcts"}` read: seat numbers in the digits 0-9 (an Arabic-Indic one is no seat 1), each a
    seat of the game, each bot a kind the server plays, with a strength where it searches in this
    ruleset ("mcts:deep", bots.strength). The bot as given is stored with the game's seats, so
    the strength it played at stays on record."""
    kinds = ", ".join(BOT_KINDS)
    if not isinstance(bots, dict) or any(
        not isinstance(v, str) or not v.strip() or len(v) > 40 or "," in v for v in bots.values()
    ):
        raise HttpError(
            400, f'"bots" maps a seat number to one of {kinds}, with a strength or not ("mcts:deep")'
        )
    out: dict[int, str] = {}
    for key, spec in bots.items():
        seat = ascii_number(key) if len(key) <= 12 else None
        if seat is None:
            raise HttpError(400, f'"bots" keys are seat numbers in the digits 0-9, not {shown(key)}')
        try:
            out[seat] = parse_bots(spec, 1, ruleset)[0]
        except BotsError as exc:
            raise HttpError(400, f'"bots" seat {seat}: {str(exc).removeprefix("--bots: ")}') from None
    if any(not 0 <= s < players for s in out):
        raise HttpError(422, "a bot seat is not a seat of this game")
    return out


def open_seats(seats: Any, players: int, bots: dict[int, str]) -> set[int]:
    """`"open": [1, 2]`: seats of the game no bot plays, left to whoever claims them."""
    if not isinstance(seats, list) or any(type(s) is not int for s in seats):
        raise HttpError(400, '"open" lists seat numbers (integers)')
    if any(not 0 <= s < players or s in bots for s in seats):
        raise HttpError(422, "an open seat is a seat of this game that no bot plays")
    return set(seats)


async def claim(table: Table, request: Request) -> Answer:
    """Sit at an open seat: its token, handed out once; the seat is then taken."""
    asked(request)
    gid = request.path_params["gid"]
    t = table.game(gid)
    seat = ascii_number(request.path_params["seat"]) if len(request.path_params["seat"]) <= 6 else None
    if seat is None or not 0 <= seat < t.players:
        raise HttpError(404, f"no seat {shown(request.path_params['seat'])} in {gid}")
    token = table.claim(gid, seat)
    table.moved(gid)
    return Answer({"game_id": gid, "seat": seat, "token": token})


def fair_chance(seed: Any, analysis: bool, wait: bool, players: int, bots: dict[int, str]) -> dict[str, Any]:
    """How a live game's chance is made (CORE-3C), as `Engine.create` arguments. Outside
    analysis mode the server draws the seed itself (secrets) and a client's "seed" is only
    the creator's contribution to the mix, so nobody can predict a deal from it; with
    "contributions" the deal also waits for every seat no bot plays. In analysis mode a
    client's seed is the game's seed, and it is written into the public header."""
    if analysis:
        return {"seed": seed, "analysis": True, "publish_seed": seed is not None}
    awaited = [s for s in range(players) if s not in bots] if wait else []
    return {"seed": None, "contributions": awaited, "creator": None if seed is None else str(seed)}


def header(t: Any) -> dict[str, Any]:
    """What everyone sees of a game's chance: analysis mode and a client's seed, and the
    seats whose contribution the deal awaits."""
    out: dict[str, Any] = {"analysis": t.analysis}
    if t.client_seed is not None:
        out["client_seed"] = t.client_seed
    if t.mix is not None:
        out["awaiting"] = list(t.awaiting)
    return out


def routes(table: Table) -> list[Route]:
    return [
        Route("/api/games", partial(games, table), methods=["GET", "POST"]),
        Route("/api/rulesets", partial(rulesets, table), methods=["GET"]),
        Route("/api/stats", partial(stats, table), methods=["GET"]),
        Route("/api/games/{gid:gid}/seats/{seat}/claim", partial(claim, table), methods=["POST"]),
    ]
