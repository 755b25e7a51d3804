"""A game's events, zones and legal commands in words for the table's answers.

Each is a courtesy the game's own code gives (`Ruleset.describe`, `zone_label`, `preview`): one
that fails is logged and falls back to plainer words, never a failed view or log.
"""

from __future__ import annotations

from typing import Any

from engine import language, log_entries, narration
from engine.logs import get_logger
from server.strict import HttpError, shown

log = get_logger("table")


def worded(rs, t, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each seen event with its sentence (`Ruleset.describe`) in "text": the log in words. The
    sentence is made from the event as this viewer sees it, so it tells no secret; a game's
    describe that fails falls back to the core's generic words (logged), never a failed log."""
    for e in events:
        try:
            text = rs.describe(t, e)
        except Exception as exc:
            log.error("table_describe_failed", ruleset=rs.name, type=e.get("type"), error=repr(exc))
            text = None
        e["text"] = text if isinstance(text, str) and text else narration.generic(narration.Seen(e))
    return events


def entries_of(rs, t, events: list[dict[str, Any]], command_ids: list[str | None]) -> list[dict[str, Any]]:
    """The worded events as the log's entries (`engine.log_entries`: one per decision, its
    consequences folded in), each {"versions", "actor", "text"}; every event of an entry is
    marked with the entry's first version ("entry"), and that first event carries the entry's
    sentence ("entry_text"), so the live feed, which pushes events, can show entries too."""
    said = {e["version"]: e["text"] for e in events}
    found = log_entries.entries(rs, events, command_ids, lambda e: said.get(e["version"]))
    lead = {v: x.versions[0] for x in found for v in x.versions}
    for e in events:
        e["entry"] = lead.get(e["version"])
    for x in found:
        for e in events:
            if e["version"] == x.versions[0]:
                e["entry_text"] = x.text
    return [x.to_dict() for x in found]


def zone_labels(rs, zones) -> dict[str, str]:
    """Each zone's name in words (`Ruleset.zone_label`: "p0.hand" -> "Seat 1's hand"); a game
    whose labels fail keeps the names (logged), never a failed view."""
    try:
        return {name: str(rs.zone_label(name)) for name in zones}
    except Exception as exc:
        log.error("table_zone_label_failed", ruleset=rs.name, error=repr(exc))
        return {name: name for name in zones}


def labels(rs, table, seat: int, cmds: list[dict[str, Any]]) -> list[str]:
    """Each legal command in words (`engine.narration.command_labels`), parallel to `legal`;
    a game's describe that fails leaves the command's kind (logged), never a failed view."""
    try:
        return narration.command_labels(
            rs, table, seat, list(cmds)
        )  # list(): it takes list[Mapping]; list is invariant
    except Exception as exc:
        log.error("table_label_failed", ruleset=rs.name, error=repr(exc))
        return [str(c.get("kind", "?")) for c in cmds]


def previews(rs, t, seat: int, cmds: list[dict[str, Any]]) -> list[str | None]:
    """The game's words preview of each legal command (`Ruleset.preview`), parallel to `legal`.
    A preview is a courtesy: one that fails is left out (logged), never a failed view."""
    out: list[str | None] = []
    for c in cmds:
        try:
            text = rs.preview(t, seat, c)
        except Exception as exc:
            log.error("table_preview_failed", ruleset=rs.name, command=c, error=repr(exc))
            text = None
        out.append(text if isinstance(text, str) else None)
    return out


def lang_of(qs: dict[str, str]) -> str:
    """The `lang` of the query (`en` or `de`, default `en`): the language of the answer's
    words; any other value is a 400 naming the choices."""
    raw = qs.get("lang")
    if raw in (None, ""):
        return language.DEFAULT
    if raw not in language.LANGUAGES:
        raise HttpError(400, f"lang must be one of {', '.join(language.LANGUAGES)}, not {shown(raw)}")
    return raw


def said(data: Any, lang: str, rs: Any) -> Any:
    """An answer of ruleset `rs` with its words in `lang` (`engine.language.words`: labels,
    questions, sentences, names; never a command or an id). English too: the rulesets' words
    carry German print names, which English says by their English names."""
    return language.words(data, lang, game=rs.name)
