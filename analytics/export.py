"""`runeledger export`: finished games of a store as Parquet (or CSV) tables.

Tables: `games` (one row per game), `events` (one row per event) and the fact tables of each
ruleset (analytics/facts.py). A run writes new part files per table under OUT/<table>/ (a new
part every PART_GAMES games) and records the games of each part in OUT/_manifest.json once the
part is complete, so a second export appends only the games finished since, exactly once. The
manifest is replaced atomically after each part is written; part files the manifest does not
list (left by an interrupted run) are deleted at the start of the next run, so an interrupted
export never duplicates a game and keeps the parts it completed. Unfinished games are not
exported; they are picked up once they end.

Memory stays bounded however many games a store holds: rows are gathered for at most
BATCH_EVENTS events at a time, then appended to the open part files as row groups (Parquet) or
rows (CSV) and dropped.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

from analytics.facts import FACTS, Game, facts_for
from analytics.facts.table import Column, num
from engine import registry
from projections.views import event_view
from store import EventStore

MANIFEST = "_manifest.json"
BATCH_EVENTS = 50_000  # event rows gathered in memory before they are written
PART_GAMES = 10_000  # games per part file; the manifest is saved after each part
FORMATS = ("parquet", "csv")
VIEWERS = ("referee", "spectator")  # whose record: everything, or what the public log shows
PUBLIC = "spectator"  # the default (invariant 6): a referee's record is asked for
HOLDS = {  # what each kind of export holds, in its manifest: a reader of the folder sees it
    "spectator": "the public view: each event as the public log shows it (a hidden event "
    "redacted); safe to share",
    "referee": "everything, hidden information included: hands, deck orders, seat secrets "
    "(the referee's record, written because --as referee was named); do not share",
}

OPTIONS = pa.map_(pa.string(), pa.string())
SCORES = pa.list_(
    pa.struct(
        [
            ("seat", pa.int32()),
            ("score", pa.float64()),
            ("parts", pa.map_(pa.string(), pa.float64())),
        ]
    )
)
GAMES_COLUMNS = (
    Column("game_id", pa.string(), "the game's id"),
    Column("ruleset", pa.string(), "which rules played it"),
    Column("ruleset_version", pa.string(), "their version"),
    Column("players", pa.int32(), "seats"),
    Column("options", OPTIONS, "the game's options after defaults, as text: options['scenario']"),
    Column("seed_hash", pa.string(), "the seed commitment published at the start"),
    Column("seed", pa.string(), "the seed revealed at the end (check: runeledger verify)"),
    Column("status", pa.string(), "over"),
    Column("reason", pa.string(), "the end reason the rules gave"),
    Column("winners", pa.list_(pa.int32()), "winning seats; empty when nobody won"),
    Column(
        "scores",
        SCORES,
        "final score per seat: score when the rules give a number, else parts "
        "(DragonLords: kingdoms, territories); empty list when the rules give none",
    ),
    Column("rounds", pa.int32(), "the highest round number any event carried (empty: no rounds)"),
    Column("turns", pa.int32(), "turn-start events (*.turn, turn.started)"),
    Column("commands", pa.int32(), "decisions played (cmd.* events)"),
    Column("events", pa.int32(), "events in the game"),
    Column("bots", pa.string(), "simulate --bots runs: the bot per seat, e.g. mcts,random"),
)
EVENTS_COLUMNS = (
    Column("game_id", pa.string(), "the game"),
    Column("ruleset", pa.string(), "its rules"),
    Column("seq", pa.int64(), "position in the whole store"),
    Column("version", pa.int32(), "position in the game"),
    Column("type", pa.string(), "the event type"),
    Column("seat", pa.int32(), "the actor (empty for rule events)"),
    Column("rule", pa.string(), "the rule id it cites"),
    Column(
        "visibility",
        pa.list_(pa.int32()),
        "who may see it: empty (NULL) = public, a list = only those seats, [] = nobody",
    ),
    Column(
        "payload",
        pa.string(),
        "the event's data as JSON text, deliberately raw, as the export's viewer may read it "
        "(a --as referee export holds hidden hands and deck orders here)",
    ),
)
GAMES_SCHEMA = pa.schema([(c.name, c.type) for c in GAMES_COLUMNS])
EVENTS_SCHEMA = pa.schema([(c.name, c.type) for c in EVENTS_COLUMNS])


class ExportError(ValueError):
    """Bad arguments or an output folder that is not an export of this kind."""


def _json(v: Any) -> str | None:
    return None if v is None else json.dumps(v, sort_keys=True, ensure_ascii=False)


def _text(v: Any) -> str:
    return v if isinstance(v, str) else json.dumps(v, sort_keys=True, ensure_ascii=False)


def options_cell(options: dict[str, Any] | None) -> list[tuple[str, str]] | None:
    """The options as a MAP of text: `options['scenario']` in DuckDB (a bool is true/false)."""
    return None if options is None else [(k, _text(v)) for k, v in sorted(options.items())]


def scores_cell(scores: dict[str, Any] | None) -> list[dict[str, Any]] | None:
    """One STRUCT per seat: the score when the rules give a number, else its named parts
    (DragonLords: kingdoms, territories)."""
    if scores is None:
        return None
    out = []
    for seat, v in sorted(scores.items(), key=lambda kv: int(kv[0]) if str(kv[0]).isdigit() else -1):
        parts = v if isinstance(v, dict) else {}
        out.append(
            {
                "seat": int(seat) if str(seat).isdigit() else None,
                "score": num(v),
                "parts": [(k, num(x)) for k, x in sorted(parts.items())],
            }
        )
    return out


def game_row(events: list, bots: str | None = None) -> dict[str, Any]:
    created = events[0].data
    over = next((e for e in reversed(events) if e.type == "game.over"), None)
    revealed = next((e for e in reversed(events) if e.type == "seed.revealed"), None)
    rounds = [e.data["round"] for e in events if isinstance(e.data.get("round"), int)]
    turns = sum(1 for e in events if e.type.endswith(".turn") or e.type == "turn.started")
    return {
        "game_id": events[0].game_id,
        "ruleset": created["ruleset"],
        "ruleset_version": created.get("version"),
        "players": created["players"],
        "options": options_cell(created.get("options")),
        "seed_hash": created.get("seed_hash"),
        "seed": revealed.data.get("seed") if revealed else None,
        "status": "over" if over else "running",
        "reason": over.data.get("reason") if over else None,
        "winners": list(over.data.get("winners", [])) if over else None,
        "scores": scores_cell(over.data.get("scores")) if over else None,
        "rounds": max(rounds) if rounds else None,
        "turns": turns,
        "commands": sum(1 for e in events if e.type.startswith("cmd.")),
        "events": len(events),
        "bots": bots,
    }


def seen_data(events: list, ruleset: str, viewer: str = PUBLIC) -> list[dict[str, Any]]:
    """Each event's payload as `viewer` may read it: the referee everything; a spectator what
    the public log shows (projections.views.event_view: a hidden event redacted)."""
    if viewer == "referee":
        return [e.data for e in events]
    rs = registry.get(ruleset)
    return [event_view(rs, e, None)["data"] for e in events]


def event_rows(events: list, ruleset: str, viewer: str = PUBLIC) -> list[dict[str, Any]]:
    return [
        {
            "game_id": e.game_id,
            "ruleset": ruleset,
            "seq": e.seq,
            "version": e.version,
            "type": e.type,
            "seat": e.actor,
            "rule": e.rule,
            "visibility": None if e.vis is None else list(e.vis),
            "payload": _json(d),
        }
        for e, d in zip(events, seen_data(events, ruleset, viewer), strict=True)
    ]


def fact_rows(events: list, ruleset: str, viewer: str = PUBLIC) -> dict[str, list[dict[str, Any]]]:
    """Each fact table's rows for one game (analytics/facts), read from the payloads `viewer`
    may see."""
    tables = facts_for(ruleset)
    if not tables:
        return {}
    game = Game(events[0].game_id, ruleset, events, seen_data(events, ruleset, viewer))
    return {t.name: t.rows(game) for t in tables}


def fact_schemas() -> dict[str, pa.Schema]:
    return {t.name: t.schema for tables in FACTS.values() for t in tables}


def _bots(store: EventStore, game_id: str) -> str | None:
    """The bots that played a simulated game (simulate records them per run: GAME-SEED)."""
    try:
        row = store.conn.execute(
            "SELECT bots FROM analytics_runs WHERE prefix=?", (game_id.rsplit("-", 1)[0],)
        ).fetchone()
    except Exception:  # a store no simulate run wrote to has no such table
        return None
    return row[0] if row else None


def _load_manifest(out: Path, fmt: str, viewer: str = PUBLIC) -> dict[str, Any]:
    path = out / MANIFEST
    if not path.exists():
        if out.exists() and any(out.iterdir()):
            raise ExportError(
                f"{out} is not empty and holds no {MANIFEST}: not an export "
                "folder (choose an empty or new folder)"
            )
        return {"format": fmt, "as": viewer, "holds": HOLDS[viewer], "games": [], "parts": {}, "runs": 0}
    m = json.loads(path.read_text())
    if m.get("format") != fmt:
        raise ExportError(
            f"{out} holds a {m.get('format')} export; export again with "
            f"--format {m.get('format')} or into another folder"
        )
    had = m.setdefault("as", "referee")  # exports written before --as were the referee's
    if had != viewer:
        raise ExportError(
            f"{out} holds the {had}'s export, not the {viewer}'s: export again "
            f"with --as {had} or into another folder (the two must not mix)"
        )
    m["holds"] = HOLDS[had]  # said by older exports too once they are appended to
    return m


def _drop_orphans(out: Path, manifest: dict[str, Any]) -> None:
    listed = {p for parts in manifest["parts"].values() for p in parts}
    for d in out.iterdir():
        if d.is_dir():
            for f in d.iterdir():
                if f"{d.name}/{f.name}" not in listed:
                    f.unlink()


def _flat(table: pa.Table) -> pa.Table:
    """The table as CSV can hold it: lists, structs and maps written as JSON text."""
    for i, f in enumerate(table.schema):
        if pa.types.is_nested(f.type):
            text = [None if v is None else _json(_plain(v)) for v in table.column(i).to_pylist()]
            table = table.set_column(i, f.name, pa.array(text, pa.string()))
    return table


def _plain(v: Any) -> Any:
    """A nested cell as JSON wants it: a map (a list of key/value pairs) as an object."""
    if isinstance(v, list) and v and all(isinstance(x, tuple) and len(x) == 2 for x in v):
        return {k: _plain(x) for k, x in v}
    if isinstance(v, list):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    return v


def _check_viewer(viewer: str) -> None:
    if viewer not in VIEWERS:
        raise ExportError(f"--as takes {' or '.join(VIEWERS)}, not {viewer!r}")


def batches(
    db: str,
    ruleset: str | None = None,
    skip: AbstractSet[str] = frozenset(),
    progress: Callable[[int, int], None] | None = None,
    viewer: str = PUBLIC,
    limit: int = BATCH_EVENTS,
) -> Iterator[tuple[dict[str, pa.Table], list[str]]]:
    """The finished games of `db` (minus `skip`) as Arrow tables, a batch of games at a time
    (a batch ends once it holds `limit` event rows), with the batch's game ids; each payload as
    `viewer` (spectator, the default, or referee) may read it."""
    _check_viewer(viewer)
    if db != ":memory:" and not os.path.exists(db):
        raise ExportError(f"no database file {db!r} (check --db)")
    store = EventStore(db)
    schemas = fact_schemas()

    def tables(games: list, events: list, facts: dict[str, list]) -> dict[str, pa.Table]:
        out = {
            "games": pa.Table.from_pylist(games, GAMES_SCHEMA),
            "events": pa.Table.from_pylist(events, EVENTS_SCHEMA),
        }
        out.update({n: pa.Table.from_pylist(r, schemas[n]) for n, r in facts.items()})
        return out

    games: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    facts: dict[str, list[dict[str, Any]]] = {}
    ids: list[str] = []
    try:
        todo = [g for g in store.game_ids() if g not in skip]
        for i, gid in enumerate(todo):
            evs = store.read(gid)
            if progress:
                progress(i + 1, len(todo))
            if not evs or evs[0].type != "game.created":
                continue
            rs = evs[0].data["ruleset"]
            if ruleset is not None and rs != ruleset:
                continue
            if not any(e.type == "game.over" for e in evs):
                continue  # exported once it has ended
            games.append(game_row(evs, _bots(store, gid)))
            events.extend(event_rows(evs, rs, viewer))
            for name, rows in fact_rows(evs, rs, viewer).items():
                facts.setdefault(name, []).extend(rows)
            ids.append(gid)
            if len(events) >= limit:
                yield tables(games, events, facts), ids
                games, events, facts, ids = [], [], {}, []
        if ids:
            yield tables(games, events, facts), ids
    finally:
        store.close()


def collect(
    db: str,
    ruleset: str | None = None,
    skip: AbstractSet[str] = frozenset(),
    progress: Callable[[int, int], None] | None = None,
    viewer: str = PUBLIC,
) -> tuple[dict[str, pa.Table], list[str]]:
    """All finished games of `db` (minus `skip`) as Arrow tables in memory, and their ids (for
    `query --db` and `report`; `export` writes batch by batch instead)."""
    parts: dict[str, list[pa.Table]] = {}
    ids: list[str] = []
    for tabs, got in batches(db, ruleset, skip, progress, viewer):
        for name, tab in tabs.items():
            parts.setdefault(name, []).append(tab)
        ids.extend(got)
    if not ids:
        return {
            "games": GAMES_SCHEMA.empty_table(),
            "events": EVENTS_SCHEMA.empty_table(),
        }, ids
    return {name: pa.concat_tables(tabs) for name, tabs in parts.items()}, ids


class _Part:
    """One part file of one table, open for appending batches (bounded memory)."""

    def __init__(self, path: Path, fmt: str) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path, self.fmt, self.rows = path, fmt, 0
        self.writer: pq.ParquetWriter | pacsv.CSVWriter | None = None

    def write(self, table: pa.Table) -> None:
        if self.fmt != "parquet":
            table = _flat(table)
        if self.writer is None:
            self.writer = (
                pq.ParquetWriter(self.path, table.schema)
                if self.fmt == "parquet"
                else pacsv.CSVWriter(self.path, table.schema)
            )
        self.writer.write_table(table)
        self.rows += table.num_rows

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def export(
    db: str,
    out: str | os.PathLike,
    fmt: str = "parquet",
    ruleset: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    viewer: str = PUBLIC,
    part_games: int = PART_GAMES,
    batch_events: int = BATCH_EVENTS,
) -> dict[str, int]:
    """Append the finished games not yet exported; return rows written per table. Each payload
    is written as the public log shows it unless `viewer` is "referee" (invariant 6: a read is
    public unless the referee is named); the manifest says which ("as", "holds")."""
    if fmt not in FORMATS:
        raise ExportError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    _check_viewer(viewer)
    if db != ":memory:" and not os.path.exists(db):
        raise ExportError(f"no database file {db!r} (check --db)")
    out = Path(out)
    manifest = _load_manifest(out, fmt, viewer)
    out.mkdir(parents=True, exist_ok=True)
    _drop_orphans(out, manifest)
    ext = "parquet" if fmt == "parquet" else "csv"
    written: dict[str, int] = {}
    open_parts: dict[str, _Part] = {}
    part_ids: list[str] = []

    def finish_part() -> None:
        """Close the open part files and list them, with their games, in the manifest."""
        run = manifest["runs"] + 1
        for name, part in open_parts.items():
            part.close()
            manifest["parts"].setdefault(name, []).append(f"{name}/{part.path.name}")
            written[name] = written.get(name, 0) + part.rows
        manifest["runs"] = run
        manifest["games"].extend(part_ids)
        tmp = out / (MANIFEST + ".tmp")
        tmp.write_text(json.dumps(manifest, indent=1))
        os.replace(tmp, out / MANIFEST)
        open_parts.clear()
        part_ids.clear()

    try:
        for tables, ids in batches(db, ruleset, set(manifest["games"]), progress, viewer, batch_events):
            run = manifest["runs"] + 1
            for name, tab in tables.items():
                if name not in open_parts:
                    open_parts[name] = _Part(out / name / f"part-{run:05d}.{ext}", fmt)
                open_parts[name].write(tab)
            part_ids.extend(ids)
            if len(part_ids) >= part_games:
                finish_part()
        if part_ids:
            finish_part()
    finally:
        for part in open_parts.values():  # an interrupted part: closed, left as an orphan
            part.close()
    return written
