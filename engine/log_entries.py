"""The log as people read it: one entry per decision.

A command's events share a `command_id`: its `cmd.<kind>` decision and the rule events it
caused. Read one by one they say each move twice ("Seat 1 attacks Forge." / "Seat 1 attacks
Forge."); here they become one entry, the decision's sentence with the consequences that add
something (a die roll, a card drawn, a battle's result) as its tail. Events outside any
decision (set-up, a round the game ends by itself) are entries of their own. Every sentence is
the game's `describe` of the event as the viewer sees it, so an entry never tells more than
that viewer's per-event log did.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import narration

# the game's verdicts: an entry of their own even when a decision brought them about
OWN_ENTRY = frozenset({"game.over", "seed.revealed", "game.undone"})


@dataclass
class Entry:
    """One line of the log: its sentence, the event versions it covers and the acting seat
    (None for the game's own events)."""

    text: str
    versions: list[int] = field(default_factory=list)
    actor: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"versions": self.versions, "actor": self.actor, "text": self.text}


def _body(sentence: str, who: str) -> str:
    """The sentence without its subject and end, in lower case: what is done to what."""
    s = sentence.strip().rstrip(".").strip()
    if s.startswith(who + " "):
        s = s[len(who) + 1 :]
    return " ".join(re.sub(r"[^\w\s]", " ", s).split()).lower()  # "(sideways):" reads as "sideways"


def says_nothing(ev: narration.Seen) -> bool:
    """An event that adds nothing to a log people read: an empty zone laid out at set-up."""
    return ev.type == "zone.created" and not ev.data.get("cards") and not ev.data.get("n")


def restates(decision: narration.Seen, said: str, ev: narration.Seen, text: str) -> bool:
    """The core's default: a consequence restates its decision when it carries no datum but
    the acting seat ("Seat 1 has acted."), or its sentence repeats the decision's verb and
    object ("Seat 1 attacks Forge." after "Seat 1 attacks Forge.")."""
    if set(ev.data) - {"seat", "kind"} == set() and ev.data.get("seat", decision.actor) == decision.actor:
        return True
    who = decision.who()
    mine, theirs = _body(said, who), _body(text, who)
    mine, theirs = mine + " ", theirs + " "  # whole words: "move" is no start of "moves"
    return mine != " " and (theirs.startswith(mine) or mine.startswith(theirs))


def _join(decision: str, who: str, tail: list[str]) -> str:
    """ "Seat 1 plays Strike — rolls the attack die: hit; Strike (hit) hits Seat 2 …": the
    consequences after the decision, the acting seat's name not repeated."""
    head = decision.strip().rstrip(".")
    if not tail:
        return head + "."
    parts = []
    for t in tail:
        t = t.strip().rstrip(".")
        parts.append(t[len(who) + 1 :] if t.startswith(who + " ") else t)
    return f"{head} — {'; '.join(parts)}."


def entries(
    ruleset: Any,
    seen: Sequence[dict[str, Any]],
    command_ids: Sequence[str | None],
    describe: Callable[[dict[str, Any]], str | None],
) -> list[Entry]:
    """The seen events (`projections.views.log_view`), with each one's `command_id` beside
    it, as entries: a `cmd.*` event opens an entry that the events after it with the same
    command id join; any other event is an entry of its own unless it says nothing. A
    ruleset may mark consequences that merely restate their decision (`restates(ev)`);
    the core leaves out those its default finds (see `restates`)."""
    out: list[Entry] = []
    lead: tuple[narration.Seen, str, str | None] | None = None  # decision, its sentence, its command
    tail: list[str] = []

    def close() -> None:
        if lead is not None:
            out[-1].text = _join(lead[1], lead[0].who(), tail)

    for e, cid in zip(seen, command_ids, strict=True):
        ev = narration.Seen(e)
        text = _say(describe, e, ev)
        if ev.type.startswith("cmd."):
            close()
            lead, tail = (ev, text, cid), []
            out.append(Entry(text, [ev.version or 0], ev.actor))
            continue
        if lead is not None and cid is not None and cid == lead[2] and ev.type not in OWN_ENTRY:
            out[-1].versions.append(ev.version or 0)
            adds = text and text not in tail and not ruleset.restates(e)
            if adds and not restates(lead[0], lead[1], ev, text):
                tail.append(text)
            continue
        close()
        lead, tail = None, []
        if text and not says_nothing(ev):  # the game's verdicts are nobody's move
            out.append(Entry(text, [ev.version or 0], None if ev.type in OWN_ENTRY else ev.actor))
    close()
    return out


def _say(describe: Callable[[dict[str, Any]], str | None], e: dict[str, Any], ev: narration.Seen) -> str:
    """The game's sentence for the event; a game's describe that fails gives the generic one
    (a sentence is a courtesy, never a failed log)."""
    try:
        text = describe(e)
    except Exception:
        text = None
    return text if isinstance(text, str) and text else narration.generic(ev)
