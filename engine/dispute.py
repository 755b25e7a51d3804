"""Settle a dispute: play one situation under each reading of the rules it touches.

A judge states the position once (a situation file); this plays it under the file's own
readings, notes every reading the rules consulted on the way (engine.readings), then plays it
again with each other alternative of each of those readings (or of the ones named). For each
run it reports the decisive events the catalog names, the winner and scores if the game ended,
and the first event where the run parts from the file's own: its rule and the reading that
made the difference. Everything runs in memory; nothing is stored.
"""
from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

from engine import readings, registry
from engine import situation as situation_file
from engine.bots import play_out
from engine.errors import BadInput
from engine.pipeline import Engine
from store import EventStore


def decisive_spec(rs) -> tuple[list[str], dict[str, list[str]]]:
    """The catalog's `[dispute]` table: event types that decide, and the fields to show."""
    here = Path(__import__(type(rs).__module__, fromlist=["_"]).__file__).parent
    with open(here / rs.catalog_file, "rb") as fh:
        spec = tomllib.load(fh).get("dispute", {})
    return list(spec.get("decisive", ["game.over"])), dict(spec.get("show", {}))


def run(doc: dict[str, Any], to_end: bool = False, bot_seed: str = "dispute") -> dict[str, Any]:
    """Play one variant of a situation (already normalized); its events and the readings asked."""
    seen: set[str] = set()
    readings.consulting(seen)
    try:
        eng = Engine(EventStore(":memory:"))
        gid = eng.create(doc["ruleset"], doc["players"], doc.get("seed", 0),
                         doc.get("options", {}), situation=doc)
        for seat, cmd in situation_file.steps(doc):
            if eng.table(gid).over:
                break
            eng.submit(gid, seat, cmd)
        if to_end and not eng.table(gid).over:
            play_out(eng, gid, bot_seed)
        events = eng.store.read(gid)
        t = eng.table(gid)
    finally:
        readings.consulting(None)
    return {"events": events, "table": t, "consulted": seen}


def touched(rs, played: dict[str, Any]) -> list[str]:
    """Readings the rules asked about, and option readings whose rule an event cites."""
    cited = {e.rule for e in played["events"]}
    out = set(played["consulted"])
    out |= {rid for rid, r in readings.of(rs).items() if r.option and r.rule in cited}
    return sorted(out)


def settle(path: str | Path, names: list[str] | None = None, to_end: bool = False) -> dict[str, Any]:
    doc = situation_file.read(path)
    rs = registry.get(doc["ruleset"])
    known = readings.of(rs)
    for rid in names or []:
        if rid not in known:
            raise BadInput(None, f"{rs.name} has no reading {rid!r} (known: "
                                 f"{', '.join(sorted(known)) or 'none'})")
    base = run(doc, to_end)
    ids = list(names) if names else touched(rs, base)
    decisive, show = decisive_spec(rs)
    decisive = list(doc.get("decisive") or decisive)
    base_doc_readings = dict(doc["options"].get("readings", {}))
    variants = []
    for rid in ids:
        r = known[rid]
        current = _current(doc, r, base_doc_readings)
        for alt in r.alternatives:
            if alt == current:
                played = base
            else:
                vdoc = copy.deepcopy(doc)
                opts = vdoc["options"]
                opts.setdefault("readings", {})[rid] = alt
                if r.option:
                    opts[r.option] = alt
                played = run(vdoc, to_end)
            variants.append(outcome(rs, rid, alt, alt == current, played, base, decisive, show))
    return {"situation": str(path), "ruleset": rs.name, "note": doc.get("note", ""),
            "readings": [_reading_doc(known[rid], _current(doc, known[rid], base_doc_readings))
                         for rid in ids],
            "consulted": sorted(base["consulted"]), "variants": variants}


def _current(doc, r, chosen: dict[str, str]) -> str:
    if r.id in chosen:
        return chosen[r.id]
    if r.option and r.option in doc["options"]:
        return str(doc["options"][r.option])
    return r.default


def _reading_doc(r, current: str) -> dict[str, Any]:
    return {"id": r.id, "rule": r.rule, "question": r.question, "default": r.default,
            "as_stated": current, "alternatives": dict(r.alternatives)}


def outcome(rs, rid: str, alt: str, stated: bool, played, base, decisive: list[str],
            show: dict[str, list[str]]) -> dict[str, Any]:
    t = played["table"]
    shown = [{"version": e.version, "type": e.type, "rule": e.rule,
              "data": {k: e.data[k] for k in show.get(e.type, sorted(e.data)) if k in e.data}}
             for e in played["events"] if e.type in decisive]
    return {"reading": rid, "alternative": alt, "as_stated": stated,
            "text": readings.of(rs)[rid].alternatives[alt],
            "over": t.over, "winners": list(t.winners) if t.over else None,
            "scores": dict(t.scores) if t.over else None, "events": len(played["events"]),
            "decisive": shown,
            "difference": None if stated else first_difference(rs, played, base, decisive)}


def first_difference(rs, played, base, decisive: list[str]) -> dict[str, Any] | None:
    """The first decisive event that differs from the file's own run; failing that, the first
    event of any kind (after the creation event, which records the readings), marked minor."""
    mine = [e for e in played["events"] if e.type in decisive]
    theirs = [e for e in base["events"] if e.type in decisive]
    for a, b in zip(theirs, mine):
        if (a.type, a.rule, a.data) != (b.type, b.rule, b.data):
            return {**_diff(rs, b, a), "decisive": True}
    if len(mine) != len(theirs):
        n = min(len(mine), len(theirs))
        this = mine[n] if len(mine) > n else None
        that = theirs[n] if len(theirs) > n else None
        return {**_diff(rs, this, that), "decisive": True}
    minor = _first_any(rs, played, base)
    return None if minor is None else {**minor, "decisive": False}


def _first_any(rs, played, base) -> dict[str, Any] | None:
    for a, b in zip(base["events"][1:], played["events"][1:]):
        if (a.type, a.rule, a.data) != (b.type, b.rule, b.data):
            return _diff(rs, b, a)
    n = min(len(base["events"]), len(played["events"]))
    longer = played["events"] if len(played["events"]) > n else base["events"]
    if len(longer) > n:
        e = longer[n]
        return _diff(rs, e if longer is played["events"] else None, None if longer is
                     played["events"] else e)
    return None


def _diff(rs, this, stated) -> dict[str, Any]:
    ev = this or stated
    rule = rs.catalog.get(ev.rule)
    return {"version": ev.version, "rule": ev.rule,
            "rule_summary": rule.summary if rule else None,
            "readings_of_rule": [r.id for r in readings.for_rule(rs, ev.rule)],
            "this": None if this is None else {"type": this.type, "data": this.data},
            "as_stated": None if stated is None else {"type": stated.type, "data": stated.data}}
