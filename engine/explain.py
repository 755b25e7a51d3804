"""Say what in a refused command was wrong, for every game at once.

A game's `explain` names the rule; this adds the concrete fault by comparing the command
with the seat's legal commands of the same kind: the field whose value no legal command
has, and which values would do. It only lists the seat's own options, which the seat may
know.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from engine import readings

if TYPE_CHECKING:
    from engine.ruleset import Ruleset
    from engine.table import Table
    from store import StoredEvent

MAX_LISTED = 8


def what_differs(cmd: dict[str, Any], legal: list[dict[str, Any]], reason: str = "") -> str:
    """The concrete fault; shorter when the game's `reason` already names the value."""
    kind = cmd.get("kind")
    same = [c for c in legal if c.get("kind") == kind]
    if not same:
        kinds = sorted({str(c.get("kind")) for c in legal})
        said = f"{kind!r} is not possible now" in reason  # the game's reason says it already
        if not kinds:
            return "this seat has nothing to decide now"
        return (
            f"possible: {', '.join(kinds)}"
            if said
            else f"{kind!r} is not possible now; possible: {', '.join(kinds)}"
        )
    for key in sorted(k for k in cmd if k != "kind"):
        values = _distinct(c[key] for c in same if key in c)
        if not values:
            return f"a {kind!r} command takes no {key!r} now"
        if cmd[key] not in values:
            if repr(cmd[key]) in reason or (isinstance(cmd[key], str) and cmd[key] in reason):
                return f"{key} choices now: {_listed(values)}"
            return f"no {key} {cmd[key]!r} among the choices now: {_listed(values)}"
    missing = sorted({k for c in same for k in c} - set(cmd))
    if missing:
        return f"a {kind!r} command needs {', '.join(repr(k) for k in missing)} now"
    return "no legal command combines these values"


def _distinct(values: Iterable[Any]) -> list[Any]:
    out: list[Any] = []
    for v in values:
        if v not in out:
            out.append(v)
    return out


def _listed(values: list[Any]) -> str:
    shown = ", ".join(repr(v) for v in values[:MAX_LISTED])
    return shown + (f" and {len(values) - MAX_LISTED} more" if len(values) > MAX_LISTED else "")


# -- why-chains: every input a rule used, with the event it came from ------------------------
# A decisive event's data says what the rule computed; a judge also needs where each input came
# from. A game's `Ruleset.why(table_before, ev, history)` lists the inputs (`given`); the helpers
# below trace a card back through the moves that brought it where it is, down to the shuffle
# that ordered it, and a die face to its roll, so every input ends at a chance outcome, a
# decision, or the set-up.

TRAIL_DEPTH = 6
MOVES = ("zone.moved", "zone.added", "zone.created")


def link(ev: StoredEvent, what: str = "") -> dict[str, Any]:
    """One step of a trail: the event, its rule, and what it did for this input."""
    out: dict[str, Any] = {"version": ev.version, "type": ev.type, "rule": ev.rule, "actor": ev.actor}
    if what:
        out["what"] = what
    if "chance" in ev.data:
        out["chance"] = {
            "stream": ev.data.get("stream"),
            "n": ev.data["chance"],
            "forced": bool(ev.data.get("forced")),
        }
    return out


def _shuffle_of(zone: str) -> Callable[[StoredEvent], bool]:
    """The test for a shuffle of `zone`."""
    return lambda e: e.type == "zone.shuffled" and e.data.get("zone") == zone


class History:
    """The events before the one audited, searched backwards (newest first)."""

    def __init__(self, events: list[StoredEvent]) -> None:
        self.events = events

    def last(self, test: Callable[[StoredEvent], bool], before: int | None = None) -> StoredEvent | None:
        top = len(self.events) if before is None else before - 1
        for ev in reversed(self.events[:top]):
            if test(ev):
                return ev
        return None

    def arrival(self, card: str, before: int | None = None) -> StoredEvent | None:
        """The event that last put `card` into a zone."""
        return self.last(lambda e: e.type in MOVES and card in e.data.get("cards", ()), before)

    def trail(self, card: str, before: int | None = None) -> list[dict[str, Any]]:
        """How `card` got where it is: each move back to its creation, with the shuffle that
        ordered a zone it was drawn from (a chance outcome)."""
        out: list[dict[str, Any]] = []
        at = before
        for _ in range(TRAIL_DEPTH):
            ev = self.arrival(card, at)
            if ev is None:
                break
            d = ev.data
            if ev.type == "zone.moved":
                out.append(link(ev, f"{d['src']} -> {d['dst']}"))
                shuffled = self.last(_shuffle_of(d["src"]), ev.version)
                came = self.arrival(card, ev.version)
                if shuffled is not None and (came is None or shuffled.version > came.version):
                    out.append(link(shuffled, f"shuffle of {d['src']}"))
                    at = shuffled.version
                    came = self.arrival(card, at)
                    if came is not None:
                        cd = came.data
                        out.append(
                            link(
                                came,
                                f"{cd['src']} -> {cd['dst']}" if "src" in cd else f"into {cd.get('zone')}",
                            )
                        )
                    break
                at = ev.version
            else:
                out.append(link(ev, f"into {d.get('zone')}" + (" (situation)" if d.get("situation") else "")))
                break
        return out

    def roll_before(self, ev: StoredEvent, n: int = 1) -> list[StoredEvent]:
        """The `n` dice.rolled events just before `ev` (the roll the event reports)."""
        out: list[StoredEvent] = []
        for e in reversed(self.events[: ev.version - 1]):
            if e.type == "dice.rolled":
                out.append(e)
                if len(out) == n:
                    break
            elif out:
                break
        return list(reversed(out))


def given(
    what: str,
    value: Any,
    rule: str | None,
    sources: list[dict[str, Any]] | None = None,
    note: str = "",
    card: str | list[str] | None = None,
) -> dict[str, Any]:
    """One input of a rule: what it is, its value, the rule that used it, where it came from.
    `card`: the card id(s) it is about, apart from the words (so a view can check them)."""
    out: dict[str, Any] = {"input": what, "value": value, "rule": rule, "from": sources or []}
    if card is not None:
        out["card"] = card
    if note:
        out["note"] = note
    return out


def readings_in_force(rs: Ruleset, table: Table, rules: list[str | None]) -> list[dict[str, Any]]:
    """For each rule used: the catalog's chosen reading, and each listed ambiguity's
    alternative in force (chosen by the game, or the default)."""

    out: list[dict[str, Any]] = []
    for rule_id in dict.fromkeys(r for r in rules if r):
        rule = rs.catalog.get(rule_id)
        if rule is not None and rule.reading:
            out.append(given(f"reading of {rule_id}", rule.reading, rule_id, note="the catalog's reading"))
        for r in readings.for_rule(rs, rule_id):
            alt, text, chosen = readings.in_force(table, rs, r.id)
            out.append(
                given(
                    f"reading {r.id}: {r.question}",
                    alt,
                    rule_id,
                    note=("chosen for this game: " if chosen else "default: ") + text,
                )
            )
    return out


def overrides_of(table: Table, names: list[str], rule: str | None) -> list[dict[str, Any]]:
    """Inputs whose card values a situation overrode (recorded in the creation event)."""
    over = table.options.get("overrides") or {}
    return [
        given(
            f"values of {name}",
            over[name],
            rule,
            [{"version": 1, "type": "game.created", "rule": "CORE-1"}],
            note="overridden by situation",
        )
        for name in dict.fromkeys(names)
        if name in over
    ]


def why_lines(report: dict[str, Any]) -> list[str]:
    """The `inputs` of an audit report in words, one line each (for a human front end)."""
    lines = []
    for i in report.get("inputs", []):
        src = "; ".join(source_words(s) for s in i["from"])
        card = i.get("card")
        lead = f"{', '.join(card) if isinstance(card, list) else card}: " if card else ""
        lines.append(
            f"{lead}{i['input']} = {i['value']} (rule {i['rule']})"
            + (f" - {i['note']}" if i.get("note") else "")
            + (f" <- {src}" if src else "")
        )
    return lines


def source_words(s: dict[str, Any]) -> str:
    if s.get("hidden"):
        return f"#{s['version']} (hidden from this view)"
    chance = s.get("chance")
    return (
        f"#{s['version']} {s['type']} [{s['rule']}]"
        + (f" {s['what']}" if s.get("what") else "")
        + ((" (chance outcome" + (", forced" if chance["forced"] else "") + ")") if chance else "")
    )


def why(
    rs: Ruleset,
    t: Table | None,
    ev: StoredEvent,
    events: list[StoredEvent],
    who: int | None = None,
    referee: bool = False,
) -> list[dict[str, Any]]:
    """Every input of event `ev` (state `t` just before it; `events` those before it), as
    `who` may see them: a source event hidden from the viewer is named but not described."""
    items = list(rs.why(t, ev, History(events))) if t is not None else []
    rules = [ev.rule, *(i["rule"] for i in items)]
    items += readings_in_force(rs, t, rules) if t is not None else []
    if referee:
        return items
    for i in items:
        i["from"] = [
            s if _seen(events, s["version"], who) else {"version": s["version"], "hidden": True}
            for s in i["from"]
        ]
    return items


def _seen(events: list[StoredEvent], version: int, who: int | None) -> bool:
    ev = events[version - 1] if 0 < version <= len(events) else None
    return ev is None or ev.visible_to(who)
