"""Settle a dispute: play one situation under each reading of the rules it touches.

A judge states the position once (a situation file); this plays it under the file's own
readings, notes every reading the rules consulted on the way (engine.readings), then plays it
again with each other alternative of each of those readings (or of the ones named). For each
run it reports the decisive events the catalog names, the winner and scores if the game ended,
and the first event where the run parts from the file's own: its rule and the reading that
made the difference. With `combine`, it plays every combination of the alternatives of the
readings instead (their cross product) and names, for each combination's first difference, the
reading(s) that made it: those that make the same difference when changed alone, else the
combination together. A `[[play]]` command that a rule refuses under another reading ends that
run and is reported as its outcome (under the file's own readings it is an error). Everything
runs in memory; nothing is stored.
"""

from __future__ import annotations

import copy
import inspect
import itertools
import tomllib
from pathlib import Path
from typing import Any

from bots.random_bot import play_out
from engine import readings, registry
from engine import situation as situation_file
from engine.errors import BadInput, IllegalCommand
from engine.pipeline import Engine
from store import MemoryStore
from store.commitment import new_salt


def decisive_spec(rs) -> tuple[list[str], dict[str, list[str]]]:
    """The catalog's `[dispute]` table: event types that decide, and the fields to show."""
    here = Path(inspect.getfile(type(rs))).parent  # the file of the ruleset's module
    with open(here / rs.catalog_file, "rb") as fh:
        spec = tomllib.load(fh).get("dispute", {})
    return list(spec.get("decisive", ["game.over"])), dict(spec.get("show", {}))


MAX_COMBINATIONS = 64


def run(
    doc: dict[str, Any],
    to_end: bool = False,
    bot_seed: str = "dispute",
    refusal_ends: bool = False,
    salt: str | None = None,
) -> dict[str, Any]:
    """Play one variant of a situation (already normalized); its events and the readings asked.
    `refusal_ends`: a refused `[[play]]` command ends the run and is recorded as `refused`
    (another reading may forbid what the file's own allows); otherwise it is raised. The runs
    of one dispute share `salt`: with a fresh one each, runs that play alike would still part
    at seed.revealed (CORE-3), the salt it reveals."""
    seen: set[str] = set()
    refused = None
    readings.consulting(seen)
    try:
        eng = Engine(MemoryStore())
        gid = eng.create(
            doc["ruleset"],
            doc["players"],
            doc.get("seed", 0),
            doc.get("options", {}),
            situation=doc,
            salt=salt,
        )
        for step, (seat, cmd) in enumerate(situation_file.steps(doc), 1):
            if eng.table(gid).over:
                break
            try:
                eng.submit(gid, seat, cmd)
            except IllegalCommand as exc:
                if not refusal_ends or isinstance(exc, BadInput):
                    raise
                refused = {"step": step, "seat": seat, "command": cmd, "rule": exc.rule, "reason": exc.reason}
                break
        if to_end and refused is None and not eng.table(gid).over:
            play_out(eng, gid, bot_seed)
        events = eng.store.read(gid)
        table = eng.table(gid)
    finally:
        readings.consulting(None)
    return {"events": events, "table": table, "consulted": seen, "refused": refused}


def _variant(
    doc: dict[str, Any], known, choice: dict[str, str], to_end: bool, salt: str | None = None
) -> dict[str, Any]:
    """The situation played with the readings of `choice` (id -> alternative) in force."""
    vdoc = copy.deepcopy(doc)
    opts = vdoc["options"]
    for rid, alt in choice.items():
        opts.setdefault("readings", {})[rid] = alt
        if known[rid].option:
            opts[known[rid].option] = alt
    return run(vdoc, to_end, refusal_ends=True, salt=salt)


def touched(rs, played: dict[str, Any]) -> list[str]:
    """Readings the rules asked about, and option readings whose rule an event cites."""
    cited = {e.rule for e in played["events"]}
    out = set(played["consulted"])
    out |= {rid for rid, r in readings.of(rs).items() if r.option and r.rule in cited}
    return sorted(out)


def settle(
    path: str | Path, names: list[str] | None = None, to_end: bool = False, combine: bool = False
) -> dict[str, Any]:
    doc = situation_file.read(path)
    rs = registry.get(doc["ruleset"])
    known = readings.of(rs)
    for rid in names or []:
        if rid not in known:
            raise BadInput(
                None, f"{rs.name} has no reading {rid!r} (known: {', '.join(sorted(known)) or 'none'})"
            )
    salt = new_salt()  # one for every run of this dispute (see `run`)
    base = run(doc, to_end, salt=salt)
    ids = list(names) if names else touched(rs, base)
    decisive, show = decisive_spec(rs)
    decisive = list(doc.get("decisive") or decisive)
    base_doc_readings = dict(doc["options"].get("readings", {}))
    report = {
        "situation": str(path),
        "ruleset": rs.name,
        "note": doc.get("note", ""),
        "readings": [_reading_doc(known[rid], _current(doc, known[rid], base_doc_readings)) for rid in ids],
        "consulted": sorted(base["consulted"]),
        "variants": [],
        "combinations": [],
    }
    if combine:
        report["combinations"] = combinations(rs, doc, known, ids, base, to_end, decisive, show, salt)
        return report
    for rid in ids:
        r = known[rid]
        current = _current(doc, r, base_doc_readings)
        for alt in r.alternatives:
            played = base if alt == current else _variant(doc, known, {rid: alt}, to_end, salt)
            report["variants"].append(outcome(rs, rid, alt, alt == current, played, base, decisive, show))
    return report


def combinations(
    rs, doc, known, ids: list[str], base, to_end: bool, decisive, show, salt: str | None = None
) -> list[dict]:
    """Every combination of the alternatives of `ids`, each played once; the first difference of
    each is put down to the readings that make it alone (or to the combination together)."""
    stated = {rid: _current(doc, known[rid], doc["options"].get("readings", {})) for rid in ids}
    choices = [
        dict(zip(ids, alts, strict=True))
        for alts in itertools.product(*[list(known[rid].alternatives) for rid in ids])
    ]
    if len(choices) > MAX_COMBINATIONS:
        raise BadInput(
            None,
            f"{len(choices)} combinations of {', '.join(ids)}: at most "
            f"{MAX_COMBINATIONS}; name fewer readings with --reading",
        )
    runs = []
    for choice in choices:
        changed = {rid: alt for rid, alt in choice.items() if alt != stated[rid]}
        played = base if not changed else _variant(doc, known, changed, to_end, salt)
        runs.append((choice, changed, played))
    alone = {
        next(iter(ch.items())): first_difference(rs, p, base, decisive) for _, ch, p in runs if len(ch) == 1
    }
    out = []
    for choice, changed, played in runs:
        o = outcome(rs, None, None, not changed, played, base, decisive, show)
        o.update(choice=choice, changed=changed)
        d = o["difference"]
        if d is not None:
            mine = (d["version"], (d["this"] or {}).get("type"))
            by = [
                rid for rid, alt in changed.items() if len(changed) == 1 or _same(alone.get((rid, alt)), mine)
            ]
            d["made_by"] = [
                {"reading": rid, "rule": known[rid].rule, "alternative": changed[rid]}
                for rid in (by or sorted(changed))
            ]
            d["together"] = not by
        out.append(o)
    return out


def _same(d: dict[str, Any] | None, where: tuple) -> bool:
    return d is not None and (d["version"], (d["this"] or {}).get("type")) == where


def _current(doc, r, chosen: dict[str, str]) -> str:
    if r.id in chosen:
        return chosen[r.id]
    if r.option and r.option in doc["options"]:
        return str(doc["options"][r.option])
    return r.default


def _reading_doc(r, current: str) -> dict[str, Any]:
    return {
        "id": r.id,
        "rule": r.rule,
        "question": r.question,
        "default": r.default,
        "as_stated": current,
        "alternatives": dict(r.alternatives),
    }


def outcome(
    rs,
    rid: str | None,
    alt: str | None,
    stated: bool,
    played,
    base,
    decisive: list[str],
    show: dict[str, list[str]],
) -> dict[str, Any]:
    t = played["table"]
    shown = [
        {
            "version": e.version,
            "type": e.type,
            "rule": e.rule,
            "data": {k: e.data[k] for k in show.get(e.type, sorted(e.data)) if k in e.data},
        }
        for e in played["events"]
        if e.type in decisive
    ]
    return {
        "reading": rid,
        "alternative": alt,
        "as_stated": stated,
        "text": readings.of(rs)[rid].alternatives[alt] if rid and alt is not None else "",
        "refused": played.get("refused"),
        "over": t.over,
        "winners": list(t.winners) if t.over else None,
        "scores": dict(t.scores) if t.over else None,
        "events": len(played["events"]),
        "decisive": shown,
        "difference": None if stated else first_difference(rs, played, base, decisive),
    }


def first_difference(rs, played, base, decisive: list[str]) -> dict[str, Any] | None:
    """The first decisive event that differs from the file's own run; failing that, the first
    event of any kind (after the creation event, which records the readings), marked minor."""
    mine = [e for e in played["events"] if e.type in decisive]
    theirs = [e for e in base["events"] if e.type in decisive]
    for a, b in zip(theirs, mine, strict=False):
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
    for a, b in zip(base["events"][1:], played["events"][1:], strict=False):
        if (a.type, a.rule, a.data) != (b.type, b.rule, b.data):
            return _diff(rs, b, a)
    n = min(len(base["events"]), len(played["events"]))
    longer = played["events"] if len(played["events"]) > n else base["events"]
    if len(longer) > n:
        e = longer[n]
        return _diff(rs, e if longer is played["events"] else None, None if longer is played["events"] else e)
    return None


def _diff(rs, this, stated) -> dict[str, Any]:
    ev = this or stated
    rule = rs.catalog.get(ev.rule)
    return {
        "version": ev.version,
        "rule": ev.rule,
        "rule_summary": rule.summary if rule else None,
        "readings_of_rule": [r.id for r in readings.for_rule(rs, ev.rule)],
        "this": None if this is None else {"type": this.type, "data": this.data},
        "as_stated": None if stated is None else {"type": stated.type, "data": stated.data},
    }
