"""The `runeledger` command. Human tables by default, `--json` for machines.

Exit codes: 0 done; 1 refused by a rule (illegal command, refused undo, version conflict);
2 malformed input or usage (bad JSON, unknown game or seat, missing database file);
3 integrity failure (broken hash chain, replay difference, corrupt or foreign file);
70 an unexpected internal error (one line; RUNELEDGER_DEBUG=1 shows the traceback);
130 interrupted.

Reads show the public view unless `--as SEAT` or `--as referee` is named (invariant 6).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

import msgspec
from rich.table import Table as RichTable

import analytics.cli
from bots import proposal
from cli import dispute as dispute_cli
from cli import render
from cli.chooser import Chooser
from engine import cards as cards_mod
from engine import integrity, language, registry
from engine import situation as situation_file
from engine.boundary import ascii_number, check_seat, number, parse_command, parse_json, parse_options
from engine.errors import BadInput, CascadeAborted, EngineError, IllegalCommand, UndoRefused, UnknownGame
from engine.log_entries import entries
from engine.logs import configure
from engine.narration import seat_name
from engine.pipeline import Engine
from engine.replay import replay
from projections.audit import audit
from projections.timeline import timeline
from projections.views import REFEREE, full_state, log_view, state_view
from server import cli as table_cli  # (cli.main has a function named table)
from sim import cli as simulate_cli
from store import CorruptStore, EventStore, MissingStore, StoredEvent, StoreError, VersionConflict
from store.verify import describe

CREATES = ("new", "simulate")  # the only commands that may create a database file


class _Console:
    """stdout or stderr as they are when printed to (a test may have swapped them): colours
    on a terminal only, a sensible width when piped (cli_render.console)."""

    def __init__(self, stderr: bool = False):
        self.stderr = stderr

    def __getattr__(self, name: str):
        return getattr(render.console(self.stderr), name)

    def print(self, *objects: Any, **kw: Any) -> Any:  # Any: used inside lambdas' tuples
        """Printed in the language of `--lang` (`engine.language.say`: names, and in German the
        sentence); tables are said as `render.table` builds them."""
        return render.console(self.stderr).print(*(language.say(o) for o in objects), **kw)


out = _Console()
err = _Console(stderr=True)


def committed(stored: list[StoredEvent] | None) -> list[StoredEvent]:
    """The events a command stored: a list, as the CLI never batches (None is a batch's)."""
    if stored is None:
        raise RuntimeError("the engine deferred a command to a batch the CLI never opens")
    return stored


def emit(args, data: Any, human=None) -> None:
    if args.json:  # words (labels, sentences) in the language; commands and ids as they are
        sys.stdout.write(render.dumps(language.words(msgspec.to_builtins(data))) + "\n")
    elif human is not None:
        human()
    else:
        out.print_json(data=msgspec.to_builtins(data), ensure_ascii=False)


def show(tables) -> None:
    for t in tables:
        if t is not None:
            out.print(t)


table = render.table


def describer(rs, eng: Engine, game_id: str):
    """The ruleset's sentence for an event as the viewer sees it (`Ruleset.describe`; the
    table serves for names only, so the game's head will do)."""
    table = eng.table(game_id)
    return lambda ev: rs.describe(table, ev)


def viewer(args, eng: Engine, game_id: str):
    """--as: None for the public view (the default), a seat, or REFEREE (everything)."""
    who = getattr(args, "as_", None)
    if who is None or who == "spectator":
        return None
    if who == "referee":
        return REFEREE
    seat = ascii_number(who)  # '١' or ' 1' is no seat: int() would read both as 1
    if seat is None:
        raise BadInput(
            None,
            f"--as takes a seat's index (0 for Seat 1, 1 for Seat 2, …), 'spectator' or 'referee', not {who!r}",
        )
    return check_seat(seat, eng.table(game_id).players)


def viewer_label(who) -> str:
    return "public view" if who is None else "referee (everything)" if who is REFEREE else seat_name(who)


# -- subcommands ------------------------------------------------------------------------
def cmd_games(args) -> int:
    rows, data = [], registry.described()
    for d in data:
        name, rs = d["name"], registry.get(d["name"])
        rows.append(
            [
                name,
                rs.version,
                ",".join(map(str, rs.players)),
                " ".join(f"{k}={o.default}" for k, o in rs.options.items()),
                ",".join(rs.content_packs),
            ]
        )
    broken = registry.broken()
    emit(
        args,
        {"games": data, "broken": broken},
        lambda: (
            out.print(
                table("Installed rulesets", ["game", "version", "players", "options", "content packs"], rows)
            ),
            [
                err.print(f"package {k} failed to load: {v}", style="red", markup=False)
                for k, v in broken.items()
            ],
        ),
    )
    return 0


def cmd_cards(args) -> int:
    """Every card of a ruleset (or those matching NAME) with values and their sources."""
    rs = registry.get(args.game)
    found = cards_mod.check(rs.cards())
    if args.name:
        found = cards_mod.find(found, args.name)
        if not found:
            raise BadInput(
                None,
                f"{args.game} has no card named {args.name!r} "
                f"(`runeledger cards {args.game}` lists them all)",
            )
    if args.kind:
        found = [c for c in found if c.kind == args.kind]
    if args.json:  # the catalogue as data: print name and English name side by side
        sys.stdout.write(render.dumps(msgspec.to_builtins(found)) + "\n")
        return 0
    if not found:
        out.print(
            f"{args.game}: no card catalogue"
            if not args.kind
            else f"{args.game}: no card of kind {args.kind!r}"
        )
        return 0
    if args.name and len(found) <= 3:
        for c in found:
            out.print(card_panel(c))
        return 0
    rows = [
        [
            language.card_name(c) + (" (stand-in)" if c.stand_in else ""),
            c.kind,
            c.group or "",
            "" if c.count is None else c.count,
            cards_mod.values_in_words(c),
            c.text,
        ]
        for c in found
    ]
    out.print(
        table(
            f"{args.game}: {len(found)} cards",
            ["name", "kind", "group", "count", "values", "text"],
            rows,
        )
    )
    return 0


def card_panel(c) -> RichTable:
    """One card, named in the language of `--lang` (`engine.language.card_name`)."""
    t = RichTable(title=language.card_name(c), show_header=True)
    t.add_column(language.heading("field"))
    t.add_column(language.heading("value"))
    t.add_column(language.heading("source"))
    t.add_row("kind", c.kind, "")
    if c.group:
        t.add_row("group", c.group, "")
    if c.count is not None:
        t.add_row("count", str(c.count), c.count_source or "")
    for k, v, src in cards_mod.ordered_values(c):
        t.add_row(cards_mod.value_name(k), "none printed" if v is None else str(v), src)
    t.add_row("text", c.text or "(no text)", "")
    if c.stand_in:
        t.add_row("stand-in", "yes: a value, count or reading is ours, not the box's", "")
    if c.note:
        t.add_row("note", c.note, "")
    return t


def cmd_list(args, eng: Engine) -> int:
    """The games in a database: ruleset, players, status and last event, without folding any."""
    rows, data = [], []
    for gid, version, created, last, revealed in eng.store.game_summaries(args.limit):
        if args.ruleset and created.get("ruleset") != args.ruleset:
            continue
        status = "over" if revealed else "in play"
        data.append(
            {
                "game_id": gid,
                "ruleset": created.get("ruleset"),
                "players": created.get("players"),
                "status": status,
                "version": version,
                "last_event": last,
                "options": created.get("options", {}),
            }
        )
        rows.append([gid, created.get("ruleset"), created.get("players"), status, version, last])

    def human():
        if not rows:
            out.print(
                f"{args.db}: no games"
                + (f" of {args.ruleset}" if args.ruleset else "")
                + " (runeledger new RULESET --db FILE starts one)",
                markup=False,
            )
            return
        out.print(
            table(
                f"{args.db}: {len(rows)} games",
                ["game", "ruleset", "players", "status", "events", "last event"],
                rows,
                keep=("game",),
            )
        )

    emit(args, data, human)
    return 0


def cmd_new(args, eng: Engine) -> int:
    if args.situation:
        doc = situation_file.read(args.situation)
        gid = eng.create(
            doc["ruleset"],
            doc["players"],
            doc.get("seed", 0),
            doc.get("options", {}),
            analysis=args.analysis,
            situation=doc,
        )
    else:
        if not args.game or not args.players:
            raise BadInput(None, "new needs GAME and --players (or --situation FILE)")
        gid = eng.create(
            args.game, args.players, args.seed, parse_options(args.option), analysis=args.analysis
        )
    emit(args, {"game_id": gid}, lambda: out.print(gid))
    return 0


def seat_words(eng: Engine, game_id: str) -> dict[int, str]:
    """Each seat as its panel names it ("Seat 2 (Tovak)", "Seat 1 (Orc, Dwarf)"): public words
    (a spectator's panels), so naming a seat tells nothing hidden."""
    try:
        return {p.seat: p.name for p in eng.ruleset(game_id).panels(eng.table(game_id), None)}
    except Exception:  # words are a courtesy: the plain "Seat N" stays
        return {}


def cmd_prompts(args, eng: Engine) -> int:
    ps = [msgspec.to_builtins(p) for p in eng.prompts(args.game_id)]
    t = eng.table(args.game_id)
    who = viewer(args, eng, args.game_id)

    def human():
        words = render.Words(eng.ruleset(args.game_id))
        # What a seat may answer can tell its secrets (a Reflect scroll in hand is a second
        # answer), so the first question is shown only to that seat or the referee.
        questions = {
            s: eng.choices(args.game_id, s)
            for s in sorted({p["seat"] for p in ps})
            if who is REFEREE or who == s
        }
        state = f"over; winners: {', '.join(map(seat_name, t.winners)) or 'none'}" if t.over else "in play"
        if not ps:
            out.print(f"{args.game_id} at event {t.version} ({state}): nobody must act", markup=False)
            return
        rows = render.prompt_rows(words, ps, questions)
        named = seat_words(eng, args.game_id)
        for row, p in zip(rows, ps, strict=True):  # "Seat 2", below it "(Tovak)": its hero, races or army
            extra = named.get(p["seat"], row[0])[len(row[0]) :].strip()
            row[0] = f"{row[0]}\n{extra}" if extra else row[0]
        out.print(
            table(
                f"{args.game_id} at event {t.version} ({state}): who must act",
                ["seat", "must", "rule", "what they may do"],
                rows,
            )
        )

    emit(args, {"over": t.over, "winners": t.winners, "prompts": ps}, human)
    return 0


def cmd_legal(args, eng: Engine) -> int:
    cmds = eng.legal(args.game_id, args.seat)

    def human():
        rs, t = eng.ruleset(args.game_id), eng.table(args.game_id)
        if not cmds:
            waiting = sorted({p.seat for p in eng.prompts(args.game_id)})
            out.print(
                f"{seat_name(args.seat)} has nothing to do at event "
                f"{t.version}: "
                + (
                    "the game is over"
                    if t.over
                    else "waiting for " + (", ".join(seat_name(s) for s in waiting) or "nobody")
                ),
                markup=False,
            )
            return
        words = render.Words(rs)
        rows = render.legal_rows(words, t, args.seat, cmds)
        show(
            [
                table(
                    f"{len(cmds)} legal commands for {seat_name(args.seat)} at event {t.version}",
                    ["#", "choice", "price or preview", "command"],
                    rows,
                    wide=("choice", "price or preview"),
                ),
                words.legend(),
            ]
        )
        if cmds:
            out.print(f"play one: runeledger play {args.game_id} --seat {args.seat} 'COMMAND'", markup=False)

    emit(args, cmds, human)
    return 0


def cmd_choices(args, eng: Engine) -> int:
    """What a seat may do as a question in words (engine.choices): `--json` prints the tree's
    JSON contract as it is; otherwise a numbered listing. An option that opens a further step
    carries a token for `--expand`; a complete command is given to `play`."""
    rs, t = eng.ruleset(args.game_id), eng.table(args.game_id)
    if not args.json and args.expand is None and sys.stdin.isatty() and sys.stdout.isatty():
        return Chooser(eng, args.game_id, args.seat, input, print).run()
    q = eng.choices(args.game_id, args.seat, args.expand)

    def human():
        who = seat_name(args.seat)
        if not q.options:
            out.print(
                f"{who} has nothing to decide at event {t.version}"
                + (": the game is over" if t.over else ""),
                markup=False,
            )
            return
        words = render.Words(rs)
        rule = rs.catalog.get(q.rule) if q.rule else None
        title = f"{who} at event {q.version}: {q.question}" + (
            f" ({language.rule_words(rs.name, q.rule, rule.summary if rule else None)})" if q.rule else ""
        )
        steps: list[tuple[str, str]] = []
        rows = render.choice_rows(words, q.options, steps=steps)
        show([table(title, ["#", "choice", "preview", "then"], rows, wide=("choice",)), words.legend()])
        out.print(f"play one: runeledger play {args.game_id} --seat {args.seat} 'COMMAND'", markup=False)
        for n, token in steps:
            out.print(
                f"{n}: runeledger choices {args.game_id} --seat {args.seat} --expand {token}", markup=False
            )

    emit(args, q, human)
    return 0


def cmd_propose(args, eng: Engine) -> int:
    """The bot's proposal for the rest of a seat's set-up (bots/proposal.py), in words; with
    --accept its steps that can be played now are stored as the seat's commands (all or
    nothing). Steps that wait for other seats' turns are proposed again when it is prompted."""
    check_seat(args.seat, eng.table(args.game_id).players)
    got = proposal.propose(eng, args.game_id, args.seat)
    who = seat_name(args.seat)
    if not args.accept:

        def human():
            if not got.steps:
                out.print(f"{who} has no set-up to propose at event {got.version}", markup=False)
                return
            rows = [[str(i + 1), s.label, "now" if s.now else "later"] for i, s in enumerate(got.steps)]
            out.print(
                table(f"{who}'s set-up as proposed at event {got.version}", ["#", "step", "when"], rows)
            )
            out.print(
                f"accept it: runeledger propose {args.game_id} --seat {args.seat} --accept", markup=False
            )

        emit(args, got, human)
        return 0
    done = proposal.accept(eng, args.game_id, args.seat, None, args.expected_version)

    def said():
        later = f"; {len(done.waiting)} later step(s) are proposed again when {who} is prompted"
        out.print(
            f"{who}: {done.played} step(s) stored, the game is at event {done.version}"
            + (later if done.waiting else ""),
            markup=False,
        )

    emit(args, done, said)
    return 0


def cmd_play(args, eng: Engine) -> int:
    try:
        command = parse_command(args.command)
    except BadInput as exc:
        eng.table(args.game_id)  # an unknown game is the first thing to say
        eng.note_rejected(args.game_id, args.seat, args.command[:2048], exc.rule, exc.reason)
        raise
    stored = committed(eng.submit(args.game_id, args.seat, command, expected_version=args.expected_version))
    rs = eng.ruleset(args.game_id)
    evs = log_view(rs, stored, args.seat)
    emit(
        args,
        evs,
        lambda: out.print(
            table(
                f"{len(evs)} events",
                ["#", "seat", "what happened", "rule"],
                render.log_rows(render.Words(rs), evs, describer(rs, eng, args.game_id)),
            )
        ),
    )
    return 0


def cmd_log(args, eng: Engine) -> int:
    """The log as entries people read (one per decision, engine.log_entries), or with
    --events one row per event; --json prints the raw events as the viewer sees them, and
    with --entries the entries instead."""
    who = viewer(args, eng, args.game_id)
    rs = eng.ruleset(args.game_id)
    events = eng.store.read(args.game_id, args.from_ or 1, args.to)
    evs = log_view(rs, events, who)
    describe = describer(rs, eng, args.game_id)
    lines = entries(rs, evs, [e.command_id for e in events], describe)
    title = f"log of {args.game_id} ({viewer_label(who)})"

    def human():
        words = render.Words(rs)
        if args.events:
            rows = table(title, ["#", "seat", "what happened", "rule"], render.log_rows(words, evs, describe))
        else:
            rows = table(title, ["#", "seat", "what happened"], render.entry_rows(words, evs, lines))
        show([rows, words.legend()])

    emit(args, [x.to_dict() for x in lines] if args.entries else evs, human)
    return 0


def cmd_state(args, eng: Engine) -> int:
    who = viewer(args, eng, args.game_id)
    table = eng.reader.state_at(args.game_id, args.at)
    rs = eng.ruleset(args.game_id)
    view = full_state(rs, table) if who is REFEREE else state_view(rs, table, who)
    if who is REFEREE:  # whoever holds the file may read the seed before the game reveals it
        view["seed_revealed"] = view.get("seed") is not None
        view["seed"] = view.get("seed") or eng.seed(args.game_id)
    emit(args, view, lambda: show(render.state_tables(render.Words(rs), view)))
    return 0


def cmd_undo(args, eng: Engine) -> int:
    stored = committed(eng.undo(args.game_id, args.to, args.seat, agreed=args.table_agreed))
    emit(
        args,
        {"undone_to": args.to, "events": [e.version for e in stored]},
        lambda: out.print(f"undone to event {args.to} (recorded as event {stored[-1].version})"),
    )
    return 0


def cmd_force(args, eng: Engine) -> int:
    outcomes = parse_json(args.outcomes, "CORE-3F")
    stored = committed(eng.force(args.game_id, outcomes))
    emit(
        args,
        {"event": stored[0].version, "forced": outcomes},
        lambda: out.print(f"recorded as event {stored[0].version}"),
    )
    return 0


def cmd_audit(args, eng: Engine) -> int:
    report = audit(eng.store, args.game_id, args.n, viewer(args, eng, args.game_id))

    def human():
        show(render.audit_tables(render.Words(eng.ruleset(args.game_id)), report))

    emit(args, report, human)
    return 0


def cmd_replay(args, eng: Engine) -> int:
    eng.table(args.game_id)  # an unknown game is bad input, not a difference
    result = replay(eng.store, args.game_id)
    emit(
        args,
        result,
        lambda: out.print(
            f"replay identical: {result.events} events"
            if result.ok
            else f"replay DIFFERS at event {(result.difference or {}).get('version')}: {result.difference}"
        ),
    )
    return 0 if result.ok else 3


def file_store(eng: Engine) -> EventStore:
    """The CLI's store is a database file (`--db`): verify and anchors read its SQL tables."""
    if not isinstance(eng.store, EventStore):
        raise UsageError("verify and anchor read a database file, not a store in memory")
    return eng.store


def cmd_verify(args, eng: Engine) -> int:
    anchor = integrity.load_anchor(args.anchor) if args.anchor else None
    report = integrity.verify(file_store(eng), anchor)

    def human():
        if report.ok:
            out.print(
                f"ok: {report.games} games, {report.events} events; every hash chain, "
                "stream head, snapshot, seed commitment and trigger intact"
                + (f"; nothing cut or rewritten since the anchor {args.anchor}" if anchor else "")
            )
        else:
            out.print(f"BROKEN: {len(report.faults)} fault(s) in {args.db}", style="red")
            for f in report.faults:
                out.print(f"  {describe(f)}", markup=False, highlight=False)
        for note in report.notes:
            out.print(f"  note: {note}", markup=False, highlight=False)

    emit(args, report, human)
    return 0 if report.ok else 3


def cmd_anchor(args, eng: Engine) -> int:
    try:
        anchor = integrity.write_anchor(file_store(eng))
    except integrity.AnchorError:
        raise
    except StoreError as exc:  # the store does not verify: an anchor would bless the damage
        raise IntegrityFailure(str(exc)) from None
    if args.out:
        integrity.save_anchor(anchor, args.out)
    if args.json or not args.out:
        sys.stdout.write(integrity.dump_anchor(anchor))
    else:
        out.print(
            f"anchor of {len(anchor['games'])} games, {anchor['store']['events']} events "
            f"written to {args.out}; keep it somewhere else and check with "
            f"verify --anchor {args.out}"
        )
    return 0


def cmd_timeline(args, eng: Engine) -> int:
    rows = timeline(eng.store, args.game_id, eng.ruleset(args.game_id), viewer(args, eng, args.game_id))
    emit(
        args,
        rows,
        lambda: out.print(
            table(
                f"timeline of {args.game_id}",
                ["events", "decision", "seat", "rule", "n"],
                [
                    [
                        f"{r['first']}-{r['last']}",
                        r["decision"],
                        "" if r["seat"] is None else seat_name(r["seat"]),
                        r["rule"],
                        r["events"],
                    ]
                    for r in rows
                ],
            )
        ),
    )
    return 0


# -- wiring -----------------------------------------------------------------------------
class IntegrityFailure(Exception):
    """The store does not hold what it should (exit 3)."""


# The one place a person meets the 0-based number (docs/cli.md "Seats"): every message says
# "Seat N"; flags and --json take and give the index, so a script passes `seat` straight on.
SEAT_INDEX = "the seat's index, as `seat` in every --json output: 0 for Seat 1, 1 for Seat 2, …"


class UsageError(Exception):
    """argparse's complaint, raised instead of printed so that --json can shape it."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str):
        raise UsageError(f"{self.prog}: {message}")


def parser() -> argparse.ArgumentParser:
    common = Parser(add_help=False)
    common.add_argument("--db", default="runeledger.db", help="database file (default runeledger.db)")
    common.add_argument("--json", action="store_true", help="machine-readable output")
    common.add_argument(
        "--lang",
        choices=language.LANGUAGES,
        default=language.DEFAULT,
        help="the language of names and words (default en)",
    )
    p = Parser(prog="runeledger", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True, parser_class=Parser)

    def add(name, help_):
        return sub.add_parser(name, parents=[common], help=help_)

    def viewer_arg(s):
        s.add_argument(
            "--as",
            dest="as_",
            metavar="SEAT|referee",
            help=f"whose view: {SEAT_INDEX}, or referee for everything (default: the public view)",
        )

    add("games", "installed rulesets")
    s = add("list", "the games in the database: ruleset, players, status, last event")
    s.add_argument("--ruleset", help="only games of this ruleset")
    s.add_argument("--limit", type=number, help="at most N games (in creation order)")
    s = add("cards", "every card of a ruleset, its values and where each value comes from")
    s.add_argument("game", metavar="RULESET")
    s.add_argument(
        "name", nargs="?", metavar="NAME", help="only this card (print or English name, or part of it)"
    )
    s.add_argument("--kind", help="only cards of this kind (hero, monster, village, ...)")
    s = add("new", "start a game, print its id")
    s.add_argument("game", nargs="?")
    s.add_argument("--players", type=number)
    s.add_argument("--seed")
    s.add_argument("--option", action="append", metavar="KEY=VALUE")
    s.add_argument("--situation", metavar="FILE")
    s.add_argument("--analysis", action="store_true", help="analysis mode: undo anywhere")
    s = add("prompts", "who must act now")
    s.add_argument("game_id")
    viewer_arg(s)
    add("replay", "re-run and compare").add_argument("game_id")
    s = add("timeline", "one line per command")
    s.add_argument("game_id")
    viewer_arg(s)
    s = add("legal", "every legal command for a seat")
    s.add_argument("game_id")
    s.add_argument("--seat", type=number, required=True, help=SEAT_INDEX)
    s = add(
        "choices",
        "what a seat may do, as questions in words: on a terminal an interactive chooser "
        "(numbered options, b back, a leaf confirmed before it is played), else a numbered "
        "listing; --json for the tree's JSON",
    )
    s.add_argument("game_id")
    s.add_argument("--seat", type=number, required=True, help=SEAT_INDEX)
    s.add_argument(
        "--expand", metavar="TOKEN", help="the further question behind an option's token (as printed)"
    )
    s = add(
        "propose",
        "set-up at human speed: the bot's proposal for the rest of a seat's set-up (DragonLords' "
        "placement), in words; --accept stores its steps that can be played now",
    )
    s.add_argument("game_id")
    s.add_argument("--seat", type=number, required=True, help=SEAT_INDEX)
    s.add_argument("--accept", action="store_true", help="store the proposal's steps that can be played now")
    s.add_argument(
        "--expected-version",
        type=number,
        metavar="N",
        help="with --accept: refuse (version conflict) unless the game is still at event N",
    )
    s = add("play", "submit a command")
    s.add_argument("game_id")
    s.add_argument("--seat", type=number, required=True, help=SEAT_INDEX)
    s.add_argument(
        "--expected-version",
        type=number,
        metavar="N",
        help="refuse (version conflict) unless the game is still at event N",
    )
    s.add_argument("command", metavar="COMMAND_JSON")
    s = add("log", "the event log")
    s.add_argument("game_id")
    s.add_argument("--from", dest="from_", type=number)
    s.add_argument("--to", type=number)
    s.add_argument("--events", action="store_true", help="one row per event, not one per decision")
    s.add_argument("--entries", action="store_true", help="with --json: the entries, not the raw events")
    viewer_arg(s)
    s = add("state", "state or a seat's view at any event")
    s.add_argument("game_id")
    s.add_argument("--at", type=number)
    viewer_arg(s)
    s = add("undo", "undo to event N")
    s.add_argument("game_id")
    s.add_argument("--to", type=number, required=True)
    s.add_argument(
        "--seat", type=number, help=f"the seat asking (its own decisions may be undone): {SEAT_INDEX}"
    )
    s.add_argument(
        "--table-agreed",
        action="store_true",
        help="record that every seat agreed (allows crossing chance and reveals)",
    )
    s = add("force", "stack the next chance outcomes (analysis or situation games)")
    s.add_argument("game_id")
    s.add_argument("outcomes", metavar="JSON", help='e.g. \'{"die:attack": ["hit"]}\'')
    s = add("audit", "why event N happened")
    s.add_argument("game_id")
    s.add_argument("n", type=number)
    viewer_arg(s)
    s = add("verify", "check every hash chain, stream head, snapshot and seed commitment")
    s.add_argument(
        "--anchor",
        metavar="FILE",
        help="also prove nothing was cut or rewritten since this anchor was written",
    )
    s = add("anchor", "write a digest of every game's head and of the whole store, to keep elsewhere")
    s.add_argument("--out", metavar="FILE", help="write it to FILE (default: print it)")
    # Front ends with their own subcommands: each module's add_parser(sub, common) registers its
    # parsers and sets `run=` (a function of args returning the exit code) as their default.
    simulate_cli.add_parser(sub, common).set_defaults(run=simulate_cli.run)
    analytics.cli.add_parser(sub, common).set_defaults(run=analytics.cli.run)
    table_cli.add_parser(sub, common).set_defaults(run=table_cli.run)
    dispute_cli.add_parser(sub, common).set_defaults(run=dispute_cli.run)
    return p


HANDLERS = {
    "list": cmd_list,
    "new": cmd_new,
    "prompts": cmd_prompts,
    "legal": cmd_legal,
    "choices": cmd_choices,
    "play": cmd_play,
    "propose": cmd_propose,
    "log": cmd_log,
    "state": cmd_state,
    "undo": cmd_undo,
    "audit": cmd_audit,
    "force": cmd_force,
    "replay": cmd_replay,
    "verify": cmd_verify,
    "timeline": cmd_timeline,
    "anchor": cmd_anchor,
}


def open_engine(args) -> Engine:
    """Only `new` and `simulate` create a database; reads of a missing file create nothing."""
    create = args.cmd in CREATES
    if not create and args.db != ":memory:" and not os.path.exists(args.db):
        raise BadInput(None, f"no database file {args.db!r} (only new and simulate create one; check --db)")
    return Engine(EventStore(args.db, create=create))


def exit_code(exc: BaseException) -> int:
    """The one place that maps an error to the documented exit codes."""
    if isinstance(exc, (BadInput, UsageError, UnknownGame, ValueError, MissingStore)):
        return 2
    if isinstance(exc, (IllegalCommand, UndoRefused, VersionConflict)):
        return 1
    if isinstance(exc, (CorruptStore, IntegrityFailure, integrity.AnchorError)):
        return 3
    if isinstance(exc, CascadeAborted):
        return 70
    if isinstance(exc, (EngineError, StoreError)):
        return 2
    return 70


def main(argv: list[str] | None = None) -> int:
    configure()
    _utf8_stdout()
    argv = sys.argv[1:] if argv is None else list(argv)
    with language.speaking(_lang_of(argv)):  # errors too are said in the language asked for
        return _main(argv)


def _lang_of(argv: list[str]) -> str:
    """The `--lang` of the command line, before it is parsed (a usage error is said in it);
    the default where it names none or no language we speak (argparse then says so)."""
    for i, a in enumerate(argv):
        value = (
            argv[i + 1] if a == "--lang" and i + 1 < len(argv) else a[7:] if a.startswith("--lang=") else None
        )
        if value in language.LANGUAGES:
            return value
    return language.DEFAULT


def _main(argv: list[str]) -> int:
    as_json = "--json" in argv
    try:
        args = parser().parse_args(argv)
        as_json = args.json
        return run(args)
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    except KeyboardInterrupt:
        fail(as_json, "interrupted", None)
        return 130
    except BrokenPipeError:
        _quiet_stdout()  # the reader stopped early (| head): not an error of ours
        return 0
    except Exception as exc:
        code = exit_code(exc)
        if code == 70:
            if os.environ.get("RUNELEDGER_DEBUG"):
                raise
            message = (
                f"internal error ({type(exc).__name__}): {_one_line(exc)}; "
                "set RUNELEDGER_DEBUG=1 for the traceback"
            )
        else:
            message = _one_line(_said(exc))
        fail(as_json, message, getattr(exc, "rule", None))
        return code


def _said(exc: BaseException) -> str:
    """An engine error's reason in the language (`--lang`), its rule's id after it: the reason
    alone is a sentence the phrasebook knows, the "[rule X]" suffix is not."""
    reason, rule = getattr(exc, "reason", None), getattr(exc, "rule", None)
    if not isinstance(reason, str):
        return language.say(str(exc))  # a usage error: argparse's words or ours
    said = language.say(("undo refused: " if isinstance(exc, UndoRefused) else "") + reason)
    return f"{said} [{language.heading('rule')} {rule}]" if rule and rule.strip() else said


def run(args) -> int:
    """The subcommand asked for, in the language of `--lang` (set around it by `main`), with
    the names of its game (`engine.language.playing`) where it names one."""
    if args.cmd == "games":
        return cmd_games(args)
    if args.cmd == "cards":
        with language.playing(args.game):
            return cmd_cards(args)
    if getattr(args, "run", None) is not None:  # a front end's own subcommand
        return args.run(args)
    eng = open_engine(args)
    game = None
    if getattr(args, "game_id", None):
        try:
            game = eng.ruleset(args.game_id).name
        except Exception:  # an unknown game: its handler says so
            game = None
    with language.playing(game):
        return HANDLERS[args.cmd](args, eng)


def _utf8_stdout() -> None:
    """Names are printed as they are (umlauts too), whatever the locale says."""
    for stream in (sys.stdout, sys.stderr):
        enc = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if enc and enc != "utf8" and hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8")


def _one_line(exc: BaseException | str) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= 2000 else text[:1997] + "..."


def _quiet_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass


def fail(as_json: bool, message: str, rule: str | None) -> None:
    # An argument the shell could not decode (a surrogate) is named in its escaped form.
    message = message.encode("utf-8", "backslashreplace").decode("utf-8")
    try:
        if as_json:
            sys.stdout.write(render.dumps({"error": message, "rule": rule}) + "\n")
            sys.stdout.flush()
        else:
            err.print(f"error: {message}", style="red", markup=False, highlight=False)
    except BrokenPipeError:
        _quiet_stdout()


if __name__ == "__main__":
    sys.exit(main())
