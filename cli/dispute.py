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
from rich.table import Table
from rich.text import Text

from cli import render
from engine import language
from engine.errors import BadInput, IllegalCommand
from engine.narration import seat_name
from sim.dispute import settle


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
    """The report as tables, in the language of `--lang`: the readings' words from
    `readings_de.toml`, the fixed words from the phrasebook (`w`); the situation's own note
    as its author wrote it, and the decisive events' data as the referee reads it (raw)."""
    game = report["ruleset"]
    out = render.console()  # one console on the present stdout for the whole report
    out.print(f"[bold]{report['situation']}[/bold] ({game})", highlight=False)
    if report["note"]:
        out.print(report["note"], markup=False, highlight=False)
    if not report["readings"]:
        out.print(
            w(
                "No reading of an ambiguous rule was consulted while playing this situation "
                "(rules consulted none of the catalog's readings)."
            ),
            markup=False,
        )
        return
    if report["combinations"]:
        show_combinations(report)
        return
    for r in report["readings"]:
        rows = [v for v in report["variants"] if v["reading"] == r["id"]]
        t = Table(title=Text(_reading_title(game, r)), show_lines=True)
        t.add_column("", overflow="fold")
        for v in rows:
            t.add_column(_alternative(r["id"], v["alternative"]) + _as_stated(v), overflow="fold")
        texts = [language.reading_alternative(game, r["id"], v["alternative"], v["text"]) for v in rows]
        _row(t, w("reading"), *texts)
        _row(t, w("result"), *[_result(v) for v in rows])
        _row(t, w("decisive events"), *[_events(v) for v in rows])
        _row(t, w("made the difference"), *[_difference(game, v, r) for v in rows])
        out.print(t)


def w(english: str, **values) -> str:
    """Fixed words of this output in the language (the phrasebook's [heading] lists them,
    with `{name}` places filled after)."""
    return language.heading(english).format(**values)


def _reading_title(game: str, r: dict) -> str:
    question = language.reading_question(game, r["id"], r["question"])
    return w("{id} (rule {rule}): {question}", id=r["id"], rule=r["rule"], question=question)


def _alternative(reading: str, alternative: str) -> str:
    """An alternative's id: in German as the situation file writes it (`A10=round_up`), since
    an id such as "one" or "each" reads as an English word there."""
    return alternative if language.current() == "en" else f"{reading}={alternative}"


def _as_stated(v: dict) -> str:
    return " " + w("(as stated)") if v["as_stated"] else ""


def _events(v: dict) -> str:
    return "\n".join(_event(e) for e in v["decisive"]) or "-"


def _row(t: Table, *cells: str) -> None:
    """Cells as plain text: '[[play]]' or '[rule X]' are words here, not rich markup."""
    t.add_row(*[Text(c) for c in cells])


def show_combinations(report: dict) -> None:
    """One row per combination of the readings' alternatives (--combine)."""
    game = report["ruleset"]
    out = render.console()
    for r in report["readings"]:
        out.print(_reading_title(game, r), markup=False, highlight=False)
    t = Table(title=w("Every combination of their alternatives"), show_lines=True)
    t.add_column(w("readings"), no_wrap=True)
    for name in ("result", "decisive events", "made the difference"):
        t.add_column(w(name), overflow="fold")
    for v in report["combinations"]:
        _row(
            t,
            "\n".join(f"{k}={a}" for k, a in v["choice"].items())
            + ("\n" + w("(as stated)") if v["as_stated"] else ""),
            _result(v),
            _events(v),
            _combined_difference(game, v),
        )
    out.print(t)


def _combined_difference(game: str, v: dict) -> str:
    d = v["difference"]
    if v["as_stated"]:
        return w("(the file's own readings: the reference)")
    if d is None:
        return w("no difference: every event is the same")
    where = _first_difference(game, d)
    made = w(" and ").join(
        w(
            "reading {reading} of rule {rule} is {alternative}",
            reading=m["reading"],
            rule=m["rule"],
            alternative=repr(m["alternative"]),
        )
        for m in d["made_by"]
    )
    together = d["together"] and len(d["made_by"]) > 1
    return w("{where}, because {made}", where=where, made=made) + (
        w(" (only together: neither alone makes it)") if together else ""
    )


def _first_difference(game: str, d: dict) -> str:
    """Where two games first part: the first decisive event that differs, with its rule's
    summary in the language (its id alone where the language has none), or the first event."""
    if not d["decisive"]:
        return w(
            "no decisive event differs (first other difference: event #{version} under rule {rule})",
            version=d["version"],
            rule=d["rule"],
        )
    summary = language.rule_summary(game, d["rule"], d["rule_summary"])
    return w("first differing event #{version} under rule {rule}", version=d["version"], rule=d["rule"]) + (
        f" ({summary})" if summary else ""
    )


def _result(v: dict) -> str:
    if v.get("refused"):
        r = v["refused"]
        return w(
            "[[play]] step {step} ({seat}, {kind}) refused under rule {rule}: {reason}",
            step=r["step"],
            seat=language.say(seat_name(r["seat"])),
            kind=r["command"].get("kind"),
            rule=r["rule"],
            reason=language.say(r["reason"]),
        )
    if not v["over"]:
        return w("game goes on ({events} events)", events=v["events"])
    winners = ", ".join(language.say(seat_name(s)) for s in v["winners"]) or w("nobody")
    scores = json.dumps(v["scores"], ensure_ascii=False)
    return w("over: {winners} won; scores {scores}", winners=winners, scores=scores)


def _event(e: dict) -> str:
    data = ", ".join(f"{k}={json.dumps(x, ensure_ascii=False)}" for k, x in e["data"].items())
    return f"#{e['version']} {e['type']} [{e['rule']}]: {data}"


def _difference(game: str, v: dict, r: dict) -> str:
    d = v["difference"]
    if v["as_stated"]:
        return w("(the file's own reading: the reference)")
    if d is None:
        return w("no difference: every event is the same")
    if not d["decisive"]:
        return _first_difference(game, d)
    because = w(
        "because reading {reading} of rule {rule} is {alternative}",
        reading=r["id"],
        rule=r["rule"],
        alternative=repr(v["alternative"]),
    )
    return f"{_first_difference(game, d)}, {because}"
