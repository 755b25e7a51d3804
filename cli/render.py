"""The CLI's tables in words: zones explained, card ids shown as names with cost and text, a
game's nested state flattened into rows, each event as a sentence, each legal choice with its
price or preview.

Why a module of its own: `cli.main` wires commands to the engine; this turns what the core's
public views return (projections.views, projections.audit) into text a judge can read, using
only a ruleset's public hooks (`cards`, `zone_label`, `preview`, `describe`, the catalog).
`--json` never passes through here.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterable
from typing import Any

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from engine import cards as cards_mod
from engine import language
from engine.explain import source_words
from engine.log_entries import Entry
from engine.mechanics.zones import card_name
from engine.narration import SEAT_KEYS, command_labels, seat_name

PIPED_WIDTH = 120  # columns when stdout is no terminal and COLUMNS is unset (rich would use 80)
SKIP: tuple[object, ...] = (None, "", [], {})
ZONE_KEYS = {"src", "dst", "zone", "zones", "from_zone", "to_zone", "where", "pile"}
SEAT_VALUES = set(SEAT_KEYS) | {"winners", "actor", "owner", "conquered_by", "announced_by", "dummy_seat"}
"""Keys whose numbers are seats (-1: none), said "Seat N" or "none"."""


def console(stderr: bool = False) -> Console:
    """A console on the current stdout (or stderr): colours only on a terminal, a sensible width
    when piped (COLUMNS, else PIPED_WIDTH); a line of text is never wrapped (an error stays one
    line), tables fit the width."""
    stream = sys.stderr if stderr else sys.stdout
    tty = bool(getattr(stream, "isatty", lambda: False)())
    width = None if tty else int(os.environ.get("COLUMNS") or 0) or PIPED_WIDTH
    return Console(
        file=stream, width=width, highlight=False, soft_wrap=True, force_terminal=tty, no_color=not tty
    )


AS_IS = frozenset({"command", "then"})
"""Columns that hold commands to paste (JSON): never said in another language."""


def table(
    title: str,
    columns: Iterable[str],
    rows: Iterable[Iterable[Any]],
    keep: Iterable[str] = (),
    wide: Iterable[str] = (),
) -> RichTable:
    """A table whose cells are plain text (never rich markup); columns named in `keep` are
    never cut or wrapped (ids a user copies), those in `wide` keep at least 24 columns."""
    title = language.say(title)
    t = RichTable(title=title, title_justify="left", min_width=len(title))
    keep, wide = set(keep), set(wide)
    columns = list(columns)
    for c in columns:
        t.add_column(
            language.heading(c), no_wrap=c in keep, overflow="fold", min_width=24 if c in wide else None
        )
    said = [c not in AS_IS for c in columns]  # a command a user copies: as it is
    for r in rows:
        t.add_row(*[Text(language.say(str(x)) if s else str(x)) for x, s in zip(r, said, strict=False)])
    return t


def dumps(data: Any) -> str:
    """JSON for machines and for commands to paste: UTF-8 as is, never \\u escapes."""
    return json.dumps(data, ensure_ascii=False)


class Words:
    """One ruleset's vocabulary: card names with their values and text, zone names explained."""

    def __init__(self, ruleset):
        self.rs = ruleset
        self.by_name: dict[str, cards_mod.CardInfo] = {}
        for c in cards_mod.check(ruleset.cards()):
            for n in (c.name, c.english_name):
                if n:
                    self.by_name.setdefault(cards_mod.fold(n), c)
        self.seen: dict[str, cards_mod.CardInfo] = {}  # cards named so far, for the legend
        # A game whose state holds `armies` (DragonLords: a seat may lead two) names the numbers
        # under its `army_keys` by the army's seat and kind, not as seats (state_tables sets it).
        self.army_keys: frozenset[str] = frozenset(getattr(ruleset, "army_keys", ()))
        self.armies: list[Any] = []

    # -- cards --------------------------------------------------------------------------
    def info(self, text: str) -> cards_mod.CardInfo | None:
        found = self.by_name.get(cards_mod.fold(card_name(text)))
        if found is not None:
            self.seen.setdefault(found.name, found)
        return found

    @staticmethod
    def price(c: cards_mod.CardInfo) -> str:
        """The cost where the card has one, else its first two printed values."""
        vals = [(k, v) for k, v, _ in cards_mod.ordered_values(c) if v is not None]
        cost = [(k, v) for k, v in vals if k == "cost"]
        return ", ".join(f"{cards_mod.value_name(k)} {v}" for k, v in cost or vals[:2])

    def card(self, cid: str) -> str:
        c = self.info(cid)
        return cid if c is None else self.label(c)

    def label(self, c: cards_mod.CardInfo) -> str:
        """Its name with its cost: "Dolch (cost 3)"."""
        price = self.price(c)
        return f"{c.name} ({price})" if price else c.name

    def collect(self, data: Any) -> None:
        """Note every card named anywhere in `data` for the legend (a sentence from the game
        names cards without their values)."""
        if isinstance(data, str):
            self.info(data)
        elif isinstance(data, dict):
            for v in data.values():
                self.collect(v)
        elif isinstance(data, list):
            for v in data:
                self.collect(v)

    def legend(self) -> RichTable | None:
        """Every card named so far, as `runeledger cards` gives it."""
        if not self.seen:
            return None
        rows = [
            [
                self.label(c),
                c.kind,
                cards_mod.values_in_words(c),
                c.text + (" (stand-in)" if c.stand_in else ""),
            ]
            for c in sorted(self.seen.values(), key=lambda c: cards_mod.fold(c.name))
        ]
        return table(
            "cards named above (runeledger cards " + self.rs.name + " NAME for sources)",
            ["card", "kind", "values", "text"],
            rows,
            keep=("card",),
        )

    # -- zones and values -------------------------------------------------------------
    def zone(self, name: str) -> str:
        label = self.rs.zone_label(name)
        return name if label == name else f"{label} ({name})"

    def value(self, v: Any, key: str = "") -> str:
        """Any JSON value in words: card ids named, zones explained (under a key that names a
        zone, so that a step called "dungeon" stays a step), no braces."""
        if v is None:
            return "none"
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, str):
            if self.info(v) is not None:
                return self.card(v)
            if key.rsplit(".", 1)[-1] in ZONE_KEYS:
                return self.zone(v)
            if SNAKE.fullmatch(v):  # an id ("early_bird") naming a card: the card
                found = self.info(v.replace("_", " "))
                return v if found is None else self.card(found.name)
            return v
        if isinstance(v, int) and not isinstance(v, bool) and key.rsplit(".", 1)[-1] in self.army_keys:
            return self.army(v)
        if isinstance(v, int) and key.rsplit(".", 1)[-1] in SEAT_VALUES:
            return seat_name(v) if v >= 0 else "none"  # -1: no seat (no winner yet, no owner)
        if isinstance(v, list):
            return ", ".join(self.value(x, key) for x in v) if v else "none"
        if isinstance(v, dict):
            return "; ".join(f"{k}: {self.value(x, k)}" for k, x in v.items()) if v else "none"
        return str(v)

    def pairs(self, data: Any, prefix: str = "") -> list[tuple[str, str]]:
        """Nested dicts flattened into (dotted key, words); lists of dicts numbered."""
        if isinstance(data, dict) and data:
            out = []
            for k, v in data.items():
                out += self.pairs(v, f"{prefix}.{k}" if prefix else str(k))
            return out
        if isinstance(data, list) and data and all(isinstance(x, dict) for x in data):
            out = []
            for i, v in enumerate(data, 1):
                out += self.pairs(
                    v, f"{prefix} ({self.item_name(v)})" if self.item_name(v) else f"{prefix}[{i}]"
                )
            return out
        return [] if data in SKIP else [(prefix, self.value(data, prefix))]

    def rows(self, data: Any) -> list[list[str]]:
        """`pairs` with each key said in words (`key_words`): the table `state` shows."""
        return [[key_words(k), v] for k, v in self.pairs(data)]

    def army(self, a: int) -> str:
        """An army index in words: its seat and kind ("Seat 1's orc army"), as the log says."""
        if 0 <= a < len(self.armies) and isinstance(self.armies[a], dict) and self.item_name(self.armies[a]):
            return self.item_name(self.armies[a]) + " army"
        return "none" if a < 0 else "an army"

    @staticmethod
    def item_name(item: dict[str, Any]) -> str:
        """A list item that belongs to a seat, named by it and by its kind where it has one
        ("Seat 1's orc" for a DragonLords army): the list's position is not shown, as it would
        read as a seat or an army number."""
        seat = item.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            return ""
        kind = next((str(item[k]) for k in ("race", "hero", "name") if isinstance(item.get(k), str)), "")
        if kind.startswith(seat_name(seat)):  # a panel's name is the seat's already: "Seat 1 (Tovak)"
            return kind
        return seat_name(seat) + (f"'s {kind}" if kind else "")

    def sentence(self, data: Any) -> str:
        return "; ".join(f"{k} {v}" for k, v in self.pairs(data)) or "(nothing more)"

    def cards_in(self, ids: list[str]) -> str:
        """A zone's cards: equal names counted ("Miliz (cost 0) ×30"), in first-seen order."""
        counts: dict[str, int] = {}
        for cid in ids:
            label = self.card(cid)
            counts[label] = counts.get(label, 0) + 1
        return ", ".join(k if n == 1 else f"{k} ×{n}" for k, n in counts.items())


READING = re.compile(r"reading ([\w.:/-]+): ")  # an open reading's question (engine.explain)
NOTE = re.compile(r"^(chosen for this game|default)")
SNAKE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
KEY_PART = re.compile(r"(?P<name>.*?)(?:\[(?P<i>\d+)\])?(?P<rest>(?: \(.*\))?)")


def key_words(path: str) -> str:
    """A flattened state key in words: "players[1].hand_limit" -> "players 1 · hand limit",
    "panels (Seat 1 (Tovak)).turn" -> "panels (Seat 1 (Tovak)) · turn" (said in the language
    where it is shown, as every cell is)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(path):
        depth += ch == "("
        depth -= ch == ")"
        if ch == "." and depth == 0:
            parts.append(path[start:i])
            start = i + 1
    parts.append(path[start:])
    said = []
    for part in parts:
        m = KEY_PART.fullmatch(part)
        if m is None:  # (the pattern matches any text; kept for the type checker)
            said.append(part)
            continue
        name = language.say(m["name"].replace("_", " "))  # "hand limit" said as a label
        said.append(name + (f" {m['i']}" if m["i"] else "") + m["rest"])
    return " · ".join(said)


# -- whole views ------------------------------------------------------------------------
def state_tables(words: Words, view: dict[str, Any]) -> list[RichTable]:
    """`state` (public, a seat's or the referee's view): the game, its zones, the game's own
    state, damage, then every card named with its values and text."""
    head = {k: v for k, v in view.items() if k not in ("zones", "game", "damage")}
    armies = (view.get("game") or {}).get("armies")
    words.armies = armies if isinstance(armies, list) else []
    if str(head.get("as", "")).startswith("seat "):  # the view's viewer, by index in --json
        head["as"] = seat_name(int(head["as"][5:]))
    if isinstance(head.get("scores"), dict):  # seats' scores by seat number
        head["scores"] = {seat_name(int(k)) if k.isdigit() else k: v for k, v in head["scores"].items()}
    out = [
        table(
            f"{view.get('game_id')} ({view.get('ruleset')}) at event {view.get('version')}",
            ["what", "value"],
            words.rows(head),
        )
    ]
    rows = []
    for name, z in sorted(view.get("zones", {}).items()):
        ids = z.get("cards")
        n = z.get("n", len(ids or []))
        owner = z.get("owner")
        shown = words.cards_in(ids) if ids else ("empty" if not n else "face down")
        rows.append([words.zone(name), "" if owner is None else seat_name(owner), z.get("vis", ""), n, shown])
    out.append(table("zones", ["zone", "owner", "seen by", "cards", "which"], rows))
    game = words.rows(view.get("game") or {})
    if game:
        out.append(table(f"{words.rs.name} state", ["what", "value"], game))
    damage = {k: v for k, v in (view.get("damage") or {}).items() if v}
    if damage:
        seat = re.compile(r"seat(\d+)")  # a seat's damage is on "seat0": named as people count
        rows = [[seat_name(int(m[1])) if (m := seat.fullmatch(k)) else k, v] for k, v in damage.items()]
        out.append(table("damage", ["on", "tokens"], rows))
    legend = words.legend()
    if legend is not None:
        out.append(legend)
    return out


FIRST_OPTIONS = 12  # of a first question, shown in the prompts table (`choices` shows them all)


def prompt_rows(words: Words, prompts: list[dict[str, Any]], questions: dict[int, Any]) -> list[list[Any]]:
    """Each prompt with its rule in words and the seat's first question with its options
    (`engine.choices.Question`) where `questions` holds it: the viewer is that seat or the
    referee (`runeledger choices` asks the rest of it)."""
    rows = []
    for p in prompts:
        rule = words.rs.catalog.get(p["rule"])
        q = questions.get(p["seat"])
        if q is None:
            answers = "choices shown to that seat or the referee (--as)"
        elif not q.options:
            answers = "nothing to decide"
        else:
            shown = [language.say(o.label) for o in q.options[:FIRST_OPTIONS]]
            more = len(q.options) - len(shown)
            answers = language.say(q.question) + " " + "; ".join(shown)
            answers += language.say(f"; and {more} more") if more > 0 else ""
        rows.append(
            [
                seat_name(p["seat"]),
                p["kind"],
                language.rule_words(words.rs.name, p["rule"], rule.summary if rule else None),
                "; ".join(x for x in (p.get("detail") or "", answers) if x),
            ]
        )
    return rows


def choice(words: Words, cmd: dict[str, Any]) -> str:
    rest = {k: v for k, v in cmd.items() if k != "kind"}
    return cmd.get("kind", "?") + (": " + "; ".join(f"{k} {v}" for k, v in words.pairs(rest)) if rest else "")


def legal_rows(words: Words, table, seat: int, cmds: list[dict[str, Any]]) -> list[list[Any]]:
    """Each legal command labelled as the table's buttons are (`narration.command_labels`,
    from the game's sentences; else its fields in words), its price or preview
    (`Ruleset.preview`; one that fails is left blank, as at the table server) and the JSON to
    give `play`. The cards it names go to the legend, with cost and text."""
    try:
        labels = command_labels(
            words.rs, table, seat, list(cmds)
        )  # list(): it takes list[Mapping]; list is invariant
    except Exception:  # a courtesy, never a failed listing
        labels = [choice(words, c) for c in cmds]
    rows = []
    for i, (c, label) in enumerate(zip(cmds, labels, strict=True), 1):
        words.collect(c)
        try:
            preview = words.rs.preview(table, seat, c)
        except Exception:
            preview = None
        rows.append([i, label, preview or "", dumps(c)])
    return rows


def choice_rows(
    words: Words, options: list[Any], number: str = "", steps: list[tuple[str, str]] | None = None
) -> list[list[Any]]:
    """A question's options (`engine.choices.Node`) as numbered rows: the label, its preview,
    and what to do with it: the command to give `play`, a further step's question (its
    `--expand` token goes to `steps` as (number, token), to be printed on a line of its own
    where it can be copied whole), a pick's values and how its command is made; a further
    step given at once is listed below its option, numbered 2.1, 2.2, ..."""
    rows: list[list[Any]] = []
    steps = [] if steps is None else steps
    for i, o in enumerate(options, 1):
        n = f"{number}{i}"
        # the "then" column holds commands to paste: its words are said here, the JSON never
        if o.command is not None:
            words.collect(o.command)
            then = language.heading("play") + " " + dumps(o.command)
        elif o.expand is not None:
            steps.append((n, o.expand))
            then = language.say(f"a further question: see {n} below")
        elif o.pick is not None:
            p = o.pick
            values = ", ".join(f"{language.say(x.label)} = {dumps(x.value)}" for x in p.options)
            then = (
                language.say(p.question)
                + " "
                + language.say(f"choose {p.min} to {p.max} of")
                + f": {values}; {language.heading('play')} {dumps(p.command)} "
                + language.say(f'with "{p.field}" set to the list of the chosen')
            )
        else:
            then = language.say(o.question or "")
        rows.append([n, o.label, o.preview or "", then])
        if o.options:
            rows += choice_rows(words, o.options, n + ".", steps)
    return rows


def event_sentence(words: Words, e: dict[str, Any], describe=None) -> str:
    """One event in words: the ruleset's own sentence (`Ruleset.describe`, given the event as
    the viewer sees it) where it gives one, else its type and data in words."""
    words.collect(e.get("data"))
    if describe is not None:
        try:
            said = describe(e)
        except Exception:  # a sentence is a courtesy: the generic one stands in
            said = None
        if said:
            return said
    data = e.get("data") or {}
    if e.get("redacted") and not data:
        return f"{e['type']} (hidden from this view)"
    if e["type"].startswith("cmd.") and isinstance(data, dict):
        rest = {k: v for k, v in data.items() if k != "kind"}
        return f"decided: {e['type'][4:]}" + (f" ({words.sentence(rest)})" if rest else "")
    return f"{e['type']}: {words.sentence(data)}"


def log_rows(words: Words, events: list[dict[str, Any]], describe=None) -> list[list[Any]]:
    return [
        [
            e["version"],
            "" if e["actor"] is None else seat_name(e["actor"]),
            event_sentence(words, e, describe),
            e["rule"] or "",
        ]
        for e in events
    ]


def entry_rows(words: Words, events: list[dict[str, Any]], lines: list[Entry]) -> list[list[Any]]:
    """The log's entries (engine.log_entries) as rows: the events they cover ("12-18"), the
    acting seat and the sentence; every event's cards go to the legend."""
    for e in events:
        words.collect(e.get("data"))
    return [
        [
            str(x.versions[0]) if len(x.versions) == 1 else f"{x.versions[0]}-{x.versions[-1]}",
            "" if x.actor is None else seat_name(x.actor),
            x.text,
        ]
        for x in lines
    ]


def rule_why(words: Words, link: dict[str, Any]) -> str:
    """A link's rule with its summary and source in the language: in German the summary
    `engine.language` knows, without the English rulebook's section title (the id remains)."""
    rule = link.get("rule") or ""
    if not rule:
        return ""
    if language.current() != "en":
        return language.rule_words(words.rs.name, rule, link.get("rule_summary"))
    why = " — ".join(x for x in (link.get("rule_summary"), link.get("rule_source")) if x)
    return f"{rule}: {why}" if why else rule


def audit_tables(words: Words, report: dict[str, Any]) -> list[RichTable]:
    """The chain of causes, newest first, each link with its rule, reading and data in words
    (keys a newer audit adds are shown too), then the state just before."""
    rows = []
    for i, link in enumerate(report["chain"]):
        rows.append(
            [
                f"#{link['version']}",
                "event" if i == 0 else "because of",
                link["type"],
                "" if link.get("actor") is None else seat_name(link["actor"]),
                rule_why(words, link),
            ]
        )
        if link.get("reading"):
            reading = language.rule_reading(words.rs.name, link.get("rule") or "", link["reading"])
            rows.append(["", "", "reading", "", words.value(reading)])
        for k, v in words.rows(link.get("data")):
            rows.append(["", "", k, "", v])
        extra = {
            k: v
            for k, v in link.items()
            if k not in ("version", "type", "actor", "rule", "rule_summary", "rule_source", "reading", "data")
        }
        for k, v in words.rows(extra):
            rows.append(["", "", k, "", v])
    out = [
        table(
            f"why event {report['event']} of {report['game_id']} happened "
            f"(command {report['command_id']}; {report['as']})",
            ["event", "", "what", "seat", "rule and why"],
            rows,
        )
    ]
    if report.get("inputs"):
        out.append(inputs_table(report, words.rs.name))
    rest = {
        k: v
        for k, v in report.items()
        if k not in ("game_id", "event", "as", "command_id", "chain", "state_before", "inputs")
    }
    if rest:
        out.append(table("more", ["what", "value"], words.rows(rest)))
    if report.get("state_before"):
        before = state_tables(words, report["state_before"])
        said = language.say(f"state before event {report['event']}")
        before[0].title = f"{said}: {before[0].title}"
        out += before
    return out


def inputs_table(report: dict[str, Any], game: str = "") -> RichTable:
    """The why-chain: every input the rule used, with the rule, any note (a stand-in, a
    situation's override, the reading in force) and the events it came from, down to chance."""
    rows = []
    for i in report["inputs"]:
        card = i.get("card")
        name, value, note = str(i["input"]), str(i["value"]), i.get("note") or ""
        if name.startswith("reading of "):  # the catalogue's words, in the language
            value = language.rule_reading(game, str(i["rule"]), value) or value
        elif language.current() != "en" and (m := READING.match(name)):  # an open reading's
            name = f"{language.heading('reading')} {m[1]}"  # question: English only, so its id
            note = NOTE.sub(lambda n: language.heading(n[1]), note.split(": ", 1)[0] + ": ")
            note += language.rule_reading(game, m[1], "?") or ""
        rows.append(
            [
                ", ".join(card) if isinstance(card, list) else (card or ""),
                name,
                value,
                str(i["rule"]),
                note,
                "; ".join(source_words(x) for x in i.get("from", [])),
            ]
        )
    return table(
        f"every input of event {report['event']}",
        ["card", "input", "value", "rule", "note", "came from"],
        rows,
    )
