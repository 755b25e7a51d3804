"""`runeledger export`: finished games of a store as Parquet (or CSV) tables.

Tables: `games` (one row per game), `events` (one row per event) and the fact tables of each
ruleset (analytics/facts.py). Each run writes one new part file per table under
OUT/<table>/ and records the games it wrote in OUT/_manifest.json, so a second export appends
only the games finished since, exactly once. The manifest is replaced atomically after the
parts are written; part files the manifest does not list (left by an interrupted run) are
deleted at the start of the next run, so an interrupted export never duplicates a game.
Unfinished games are not exported; they are picked up once they end.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

from analytics.facts import facts_for
from engine import language, registry
from engine.mechanics.zones import card_name
from projections.views import event_view
from store import EventStore

MANIFEST = "_manifest.json"
FORMATS = ("parquet", "csv")
VIEWERS = ("referee", "spectator")  # whose record: everything, or what the public log shows
PUBLIC = "spectator"  # the default (invariant 6): a referee's record is asked for
HOLDS = {  # what each kind of export holds, in its manifest: a reader of the folder sees it
    "spectator": "the public view: each event as the public log shows it (a hidden event "
    "redacted); safe to share",
    "referee": "everything, hidden information included: hands, deck orders, seat secrets "
    "(the referee's record, written because --as referee was named); do not share",
}

GAMES_SCHEMA = pa.schema(
    [
        ("game_id", pa.string()),
        ("ruleset", pa.string()),
        ("ruleset_version", pa.string()),
        ("players", pa.int32()),
        ("options", pa.string()),
        ("seed_hash", pa.string()),
        ("seed", pa.string()),
        ("status", pa.string()),
        ("reason", pa.string()),
        ("winners", pa.list_(pa.int32())),
        ("scores", pa.string()),
        ("rounds", pa.int32()),
        ("turns", pa.int32()),
        ("commands", pa.int32()),
        ("events", pa.int32()),
        ("bots", pa.string()),
    ]
)
EVENTS_SCHEMA = pa.schema(
    [
        ("game_id", pa.string()),
        ("ruleset", pa.string()),
        ("seq", pa.int64()),
        ("version", pa.int32()),
        ("type", pa.string()),
        ("seat", pa.int32()),
        ("rule", pa.string()),
        ("visibility", pa.string()),
        ("payload", pa.string()),
    ]
)


class ExportError(ValueError):
    """Bad arguments or an output folder that is not an export of this kind."""


def _json(v: Any) -> str | None:
    return None if v is None else json.dumps(v, sort_keys=True, ensure_ascii=False)


def _cell(v: Any) -> Any:
    return _json(v) if isinstance(v, (list, dict)) else v


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
        "options": _json(created.get("options")),
        "seed_hash": created.get("seed_hash"),
        "seed": revealed.data.get("seed") if revealed else None,
        "status": "over" if over else "running",
        "reason": over.data.get("reason") if over else None,
        "winners": list(over.data.get("winners", [])) if over else None,
        "scores": _json(over.data.get("scores")) if over else None,
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
            "visibility": _json(e.vis),
            "payload": _json(d),
        }
        for e, d in zip(events, seen_data(events, ruleset, viewer), strict=True)
    ]


def fact_rows(events: list, ruleset: str, viewer: str = PUBLIC) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    seen = None
    for fact in facts_for(ruleset):
        seen = seen or seen_data(events, ruleset, viewer)
        rows = out.setdefault(fact.table, [])
        for e, data in zip(events, seen, strict=True):
            if e.type in fact.types:
                row = {"game_id": e.game_id, "version": e.version, "seat": e.actor, "type": e.type}
                row.update({c: _cell(data.get(c)) for c in fact.columns})
                for c in fact.names:  # the name in each language beside the stored column
                    row.update(names_of(c, data.get(c), ruleset))
                rows.append(row)
    return out


def names_of(column: str, value: Any, ruleset: str) -> dict[str, str | None]:
    """`{column}_en`, `{column}_de`: a card's or unit's name (from its id or print name) in
    each language (engine.language); None where the value names no card."""
    name = card_name(value) if isinstance(value, str) else None
    return {
        f"{column}_{lang}": None if name is None else language.name(name, lang, ruleset)
        for lang in language.LANGUAGES
    }


def _column_type(values: list[Any]) -> pa.DataType:
    seen = {type(v) for v in values if v is not None}
    if seen == {bool}:
        return pa.bool_()
    if seen == {int}:
        return pa.int64()
    if seen and seen <= {int, float}:
        return pa.float64()
    return pa.string()


def _fact_table(rows: list[dict[str, Any]]) -> pa.Table:
    """Column types follow the values: a payload key holding mixed types becomes text."""
    cols = {}
    for name in rows[0]:
        values = [r.get(name) for r in rows]
        typ = _column_type(values)
        if typ == pa.string():
            values = [None if v is None else v if isinstance(v, str) else _json(v) for v in values]
        cols[name] = pa.array(values, typ)
    return pa.table(cols)


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


def _write(table: pa.Table, path: Path, fmt: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "parquet":
        pq.write_table(table, path)
    else:  # CSV has no lists: they are written as JSON text
        for i, f in enumerate(table.schema):
            if pa.types.is_list(f.type):
                text = [None if v is None else _json(v) for v in table.column(i).to_pylist()]
                table = table.set_column(i, f.name, pa.array(text, pa.string()))
        pacsv.write_csv(table, path)


def _check_viewer(viewer: str) -> None:
    if viewer not in VIEWERS:
        raise ExportError(f"--as takes {' or '.join(VIEWERS)}, not {viewer!r}")


def collect(
    db: str,
    ruleset: str | None = None,
    skip: AbstractSet[str] = frozenset(),
    progress: Callable[[int, int], None] | None = None,
    viewer: str = PUBLIC,
) -> tuple[dict[str, pa.Table], list[str]]:
    """The finished games of `db` (minus `skip`) as Arrow tables, and their ids; each payload
    as `viewer` (spectator, the default, or referee) may read it."""
    _check_viewer(viewer)
    if db != ":memory:" and not os.path.exists(db):
        raise ExportError(f"no database file {db!r} (check --db)")
    store = EventStore(db)
    games, events, new_ids = [], [], []
    facts: dict[str, list[dict[str, Any]]] = {}
    try:
        ids = [g for g in store.game_ids() if g not in skip]
        for i, gid in enumerate(ids):
            evs = store.read(gid)
            if progress:
                progress(i + 1, len(ids))
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
            new_ids.append(gid)
    finally:
        store.close()
    tables = {
        "games": pa.Table.from_pylist(games, GAMES_SCHEMA),
        "events": pa.Table.from_pylist(events, EVENTS_SCHEMA),
    }
    tables.update({n: _fact_table(r) for n, r in facts.items() if r})
    return tables, new_ids


def export(
    db: str,
    out: str | os.PathLike,
    fmt: str = "parquet",
    ruleset: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    viewer: str = PUBLIC,
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
    tables, new_ids = collect(db, ruleset, skip=set(manifest["games"]), progress=progress, viewer=viewer)
    written: dict[str, int] = {}
    if new_ids:
        run = manifest["runs"] + 1
        ext = "parquet" if fmt == "parquet" else "csv"
        for name, tab in tables.items():
            rel = f"{name}/part-{run:05d}.{ext}"
            _write(tab, out / rel, fmt)
            manifest["parts"].setdefault(name, []).append(rel)
            written[name] = tab.num_rows
        manifest["runs"] = run
        manifest["games"].extend(new_ids)
        tmp = out / (MANIFEST + ".tmp")
        tmp.write_text(json.dumps(manifest, indent=1))
        os.replace(tmp, out / MANIFEST)
    return written
