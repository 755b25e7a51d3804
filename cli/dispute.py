"""`runeledger dispute FILE`: a situation played under each reading of the rules it touches,
the outcomes side by side (docs/disputes.md).

Exit codes: 0 done; 2 a bad situation file, an unknown reading, or a command of `[[play]]` that
a rule refuses (the error names it).
"""

from __future__ import annotations

import argparse
import json
import sys

import msgspec
from rich.console import Console
from rich.table import Table
from rich.text import Text

from engine.errors import BadInput, IllegalCommand
from engine.narration import seat_name
from sim.dispute import settle

out = Console(soft_wrap=True)


def add_parser(sub, common: argparse.ArgumentParser) -> argparse.ArgumentParser:
    s = sub.add_parser(
        "dispute",
        parents=[common],
        help="play a situation under each reading of the rules it touches and compare the outcomes",
        description=__doc__.splitlines()[0],
    )
    s.add_argument("file", metavar="FILE", help="a situation file (TOML)")
    s.add_argument(
        "--reading",
        action="append",
        metavar="ID",
        help="only this reading (repeatable; default: every reading the rules "
        "consulted while playing the file)",
    )
    s.add_argument(
        "--to-end",
        action="store_true",
        help="after the file's [[play]] commands, let random bots (fixed seed) finish the game",
    )
    s.add_argument(
        "--combine",
        action="store_true",
        help="play every combination of the alternatives of the readings (named "
        "with --reading, else all consulted) instead of one reading at a time",
    )
    return s


def run(args) -> int:
    try:
        report = settle(args.file, args.reading, args.to_end, args.combine)
    except IllegalCommand as exc:
        raise BadInput(exc.rule, f"{args.file}: a [[play]] command is refused: {exc.reason}") from None
    if args.json:
        sys.stdout.write(json.dumps(msgspec.to_builtins(report), ensure_ascii=False) + "\n")
        return 0
    show(report)
    return 0


def show(report: dict) -> None:
    out.print(f"[bold]{report['situation']}[/bold] ({report['ruleset']})", highlight=False)
    if report["note"]:
        out.print(report["note"], markup=False, highlight=False)
    if not report["readings"]:
        out.print(
            "No reading of an ambiguous rule was consulted while playing this situation "
            "(rules consulted none of the catalog's readings).",
            markup=False,
        )
        return
    if report["combinations"]:
        show_combinations(report)
        return
    for r in report["readings"]:
        rows = [v for v in report["variants"] if v["reading"] == r["id"]]
        t = Table(title=Text(f"{r['id']} (rule {r['rule']}): {r['question']}"), show_lines=True)
        t.add_column("", overflow="fold")
        for v in rows:
            t.add_column(v["alternative"] + (" (as stated)" if v["as_stated"] else ""), overflow="fold")
        _row(t, "reading", *[v["text"] for v in rows])
        _row(t, "result", *[_result(v) for v in rows])
        _row(t, "decisive events", *["\n".join(_event(e) for e in v["decisive"]) or "-" for v in rows])
        _row(t, "made the difference", *[_difference(v, r) for v in rows])
        out.print(t)


def _row(t: Table, *cells: str) -> None:
    """Cells as plain text: '[[play]]' or '[rule X]' are words here, not rich markup."""
    t.add_row(*[Text(c) for c in cells])


def show_combinations(report: dict) -> None:
    """One row per combination of the readings' alternatives (--combine)."""
    for r in report["readings"]:
        out.print(f"{r['id']} (rule {r['rule']}): {r['question']}", markup=False, highlight=False)
    t = Table(title="Every combination of their alternatives", show_lines=True)
    t.add_column("readings", no_wrap=True)
    for name in ("result", "decisive events", "made the difference"):
        t.add_column(name, overflow="fold")
    for v in report["combinations"]:
        _row(
            t,
            "\n".join(f"{k}={a}" for k, a in v["choice"].items())
            + ("\n(as stated)" if v["as_stated"] else ""),
            _result(v),
            "\n".join(_event(e) for e in v["decisive"]) or "-",
            _combined_difference(v),
        )
    out.print(t)


def _combined_difference(v: dict) -> str:
    d = v["difference"]
    if v["as_stated"]:
        return "(the file's own readings: the reference)"
    if d is None:
        return "no difference: every event is the same"
    where = (
        f"first differing event #{d['version']} under rule {d['rule']} ({d['rule_summary']})"
        if d["decisive"]
        else f"no decisive event differs (first other difference: event "
        f"#{d['version']} under rule {d['rule']})"
    )
    made = " and ".join(
        f"reading {m['reading']} of rule {m['rule']} is {m['alternative']!r}" for m in d["made_by"]
    )
    return f"{where}, because {made}" + (
        " (only together: neither alone makes it)" if d["together"] and len(d["made_by"]) > 1 else ""
    )


def _result(v: dict) -> str:
    if v.get("refused"):
        r = v["refused"]
        return (
            f"[[play]] step {r['step']} ({seat_name(r['seat'])}, {r['command'].get('kind')}) refused "
            f"under rule {r['rule']}: {r['reason']}"
        )
    if not v["over"]:
        return f"game goes on ({v['events']} events)"
    winners = ", ".join(seat_name(s) for s in v["winners"]) or "nobody"
    return f"over: {winners} won; scores {json.dumps(v['scores'], ensure_ascii=False)}"


def _event(e: dict) -> str:
    data = ", ".join(f"{k}={json.dumps(x, ensure_ascii=False)}" for k, x in e["data"].items())
    return f"#{e['version']} {e['type']} [{e['rule']}]: {data}"


def _difference(v: dict, r: dict) -> str:
    d = v["difference"]
    if v["as_stated"]:
        return "(the file's own reading: the reference)"
    if d is None:
        return "no difference: every event is the same"
    if not d["decisive"]:
        return (
            f"no decisive event differs (first other difference: event #{d['version']} "
            f"under rule {d['rule']})"
        )
    return (
        f"first differing event #{d['version']} under rule {d['rule']} "
        f"({d['rule_summary']}), because reading {r['id']} of rule {r['rule']} is "
        f"{v['alternative']!r}"
    )
