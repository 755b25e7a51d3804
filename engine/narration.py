"""The log in words: shared pieces every game's `Ruleset.describe` builds on.

A sentence is made from the event as one viewer sees it (the redacted event, so a sentence
can never say what the viewer may not know), never from the state. This module words the
core's own event types (zones, dice, picks, damage, the end) and gives a generic sentence for
any other type, built from its type and data; a game words its own types on top
(`engine/games/<game>/narrate.py`) and hands the rest here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from engine.mechanics.zones import card_name

MAX_NAMES = 8  # a list of more distinct card names is cut ("… and 3 more")
SEAT_KEYS = ("seat", "attacker", "loser", "winner", "active", "victim", "by_seat", "captured_by", "first")


class Seen:
    """One event as a viewer sees it: the dict of `projections.views.event_view` (or any
    object with the same attributes)."""

    __slots__ = ("actor", "data", "redacted", "rule", "type", "version")

    def __init__(self, ev: Any):
        get = ev.get if isinstance(ev, Mapping) else (lambda k, d=None: getattr(ev, k, d))
        self.type: str = get("type", "") or ""
        self.actor: int | None = get("actor")
        self.data: dict[str, Any] = dict(get("data") or {})
        self.redacted: bool = bool(get("redacted", False))
        self.rule: str | None = get("rule")
        self.version: int | None = get("version")

    def who(self) -> str:
        """The seat that acted, or "The game" for set-up and automatic events."""
        return seat_name(self.actor) if isinstance(self.actor, int) else "The game"


# -- words ---------------------------------------------------------------------------------
def seat_name(seat: Any) -> str:
    """Seats as players count them: seat 0 is "Seat 1"."""
    return f"Seat {seat + 1}" if isinstance(seat, int) and not isinstance(seat, bool) else str(seat)


def seats(ss: Any) -> str:
    return and_list([seat_name(s) for s in ss]) if ss else "nobody"


def card(cid: Any) -> str:
    """A card as players know it: its content name without the copy number."""
    return card_name(str(cid))


def and_list(words: list[str]) -> str:
    if not words:
        return "nothing"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


def cards(cids: Any, limit: int = MAX_NAMES) -> str:
    """Jab, 2× Strike and Haymaker: names counted in first-seen order, cut after `limit`."""
    counts: dict[str, int] = {}
    for c in cids or ():
        n = card(c)
        counts[n] = counts.get(n, 0) + 1
    words = [f"{v}× {k}" if v > 1 else k for k, v in counts.items()]
    if len(words) > limit:
        words = [*words[:limit], f"{len(words) - limit} more"]
    return and_list(words)


def plural(n: Any, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def count(n: Any, word: str) -> str:
    """ "no cards", "1 card", "2 cards": a count as a person says it."""
    return f"no {word}s" if n == 0 else plural(n, word)


def signed(delta: Any, noun: str) -> str:
    """ "gains 3 influence points" / "loses 1 influence point" for +3 / -1 (`noun` singular):
    a change as a verb, never "gets -3"."""
    if not isinstance(delta, int) or isinstance(delta, bool):
        return f"changes its {noun}s by {delta}"
    return f"{'gains' if delta >= 0 else 'loses'} {plural(abs(delta), noun)}"


_HEAD_STOP = {"of", "in", "on", "to", "at", "for", "from", "that", "which", "drawn", "passed", "staked"}
_HEAD_STOP |= {"laid", "may", "is", "shows", "out", "with", "by"}


def is_plural(phrase: str) -> bool:
    """Whether a noun phrase ("Seat 2's units", "cards Seat 1 laid out", "Neutral cards:
    Dämon", "Antike: board space 1") names many things, for the verb that follows it: its head
    noun (after a label's colon unless a name follows it, before any qualifier) ends in -s."""
    text = re.sub(r"\([^)]*\)", "", phrase).strip()
    head, _, tail = text.rpartition(":")
    tail = tail.strip()
    if head and tail and not tail[:1].isupper():
        text = tail
    elif head:
        text = head
    words = re.sub(r"^.*'s\s+", "", text).split()
    noun = ""
    for i, w in enumerate(words):
        if w.lower() in ("the", "a", "an") and not noun:
            continue
        if i > 0 and noun and (w.lower() in _HEAD_STOP or w[:1].isupper()):
            break
        if not re.search(r"\d", w):
            noun = w
    noun = noun.lower().rstrip(",.;")
    return noun.endswith("s") and not noun.endswith(("ss", "us"))


def be(phrase: str) -> str:
    """ "is" or "are", agreeing with the noun phrase before it."""
    return "are" if is_plural(phrase) else "is"


def humane(key: str) -> str:
    """ "ts.breach_queued" -> "breach queued"; "cmd.play_gold" -> "play gold"."""
    return key.split(".", 1)[-1].replace("_", " ").replace(":", " ").strip()


def value(key: str, v: Any, zone_words: Callable[[str], str] | None = None) -> str:
    """One data value in words: card ids by name, seats by their name, lists joined; never
    JSON (no braces)."""
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, int) and key in SEAT_KEYS:
        return seat_name(v)
    if isinstance(v, str):
        if key in ("zone", "src", "dst") and zone_words:
            return zone_words(v)
        return card(v) if "#" in v else v
    if isinstance(v, (list, tuple)):
        if not v:
            return "none"
        if all(isinstance(x, str) for x in v) and any("#" in x for x in v):
            return cards(v)
        if key in ("winners", "seats", "waiting", "order") and all(isinstance(x, int) for x in v):
            return seats(v)
        if all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v) and len(v) <= 3:
            return "(" + ", ".join(str(x) for x in v) + ")"  # a position: (q, r)
        return and_list(
            [value("", x, zone_words) for x in v[:MAX_NAMES]]
            + ([f"{len(v) - MAX_NAMES} more"] if len(v) > MAX_NAMES else [])
        )
    if isinstance(v, Mapping):
        parts = [f"{humane(str(k))} {value(str(k), x, zone_words)}" for k, x in list(v.items())[:MAX_NAMES]]
        return "(" + "; ".join(parts) + ")" if parts else "nothing"
    return str(v)


def details(
    data: Mapping[str, Any], skip: tuple[str, ...] = (), zone_words: Callable[[str], str] | None = None
) -> str:
    return ", ".join(
        f"{humane(k)} {value(k, v, zone_words)}" for k, v in data.items() if k not in skip and k != "kind"
    )


def generic(ev: Seen, zone_words: Callable[[str], str] | None = None) -> str:
    """A sentence for any event from its type and data: who, what, and each datum in words."""
    what = humane(ev.type)
    if ev.type.startswith("cmd."):
        rest = details(ev.data, zone_words=zone_words)
        return f"{ev.who()} chooses {what}" + (f": {rest}." if rest else ".")
    who = seat_name(ev.data["seat"]) if isinstance(ev.data.get("seat"), int) else ev.who()
    rest = details(ev.data, skip=("seat",), zone_words=zone_words)
    hidden = " (details hidden from you)" if ev.redacted else ""
    return f"{who}: {what}" + (f" — {rest}" if rest else "") + f"{hidden}."


# -- zones ---------------------------------------------------------------------------------
_SEAT_ZONE = (
    re.compile(r"p(?P<seat>\d+)\.(?P<base>[a-z_]+)"),
    re.compile(r"(?P<base>[a-z_]+):(?P<seat>\d+)(?::(?P<rest>.+))?"),
    re.compile(r"(?P<base>[a-z_]+)(?P<seat>\d+)"),
)


@cache
def _zone_pattern(pattern: str) -> re.Pattern[str]:
    """{seat} and {n} match a number, any other {word} any text; the rest is literal."""
    parts = re.split(r"(\{\w+\})", pattern)
    return re.compile(
        "".join(
            (rf"(?P<{p[1:-1]}>\d+)" if p in ("{seat}", "{n}") else rf"(?P<{p[1:-1]}>.+)")
            if re.fullmatch(r"\{\w+\}", p)
            else re.escape(p)
            for p in parts
        )
    )


def zone_label(patterns: Mapping[str, str], name: str) -> str | None:
    """A zone's name in words from a game's pattern table (`Ruleset.zone_names`): the first
    pattern that matches the whole name, seats counted from 1; None when none matches. The one
    source of zone words for the CLI's tables and the log's sentences."""
    for pattern, words in patterns.items():
        m = _zone_pattern(pattern).fullmatch(name)
        if m:
            found = m.groupdict()
            if "seat" in found:
                found["seat"] = str(int(found["seat"]) + 1)
            return words.format(**found)
    return None


def zone_phrase(patterns: Mapping[str, str], zone: str) -> str:
    """A zone in a sentence: the game's own words (`zone_label`, the same the CLI's tables
    show) where its table names the zone, else the generic wording of `zone_words`."""
    return zone_label(patterns, zone) or zone_words(zone)


def zone_words(zone: str, names: Mapping[str, str] | None = None) -> str:
    """ "p0.hand", "hand:0", "hand0" -> "Seat 1's hand"; other zones by `names` (a zone or its
    prefix before ":"), else the zone's own name with "the"."""
    names = names or {}
    if zone in names:
        return names[zone]
    for pat in _SEAT_ZONE:
        m = pat.fullmatch(zone)
        if m:
            base = names.get(m["base"], m["base"].replace("_", " "))
            rest = m.groupdict().get("rest")
            return f"{seat_name(int(m['seat']))}'s {base}" + (f" ({rest})" if rest else "")
    head, _, tail = zone.partition(":")
    if tail and head in names:
        return names[head].format(tail) if "{}" in names[head] else f"{names[head]} {tail}"
    return "the " + zone.replace("_", " ").replace(":", " ")


# decisions most games have, worded once: "Seat 1 passes.", "Seat 2 plays Strike."
COMMON_COMMANDS = {
    "cmd.pass": "passes",
    "cmd.done": "is done",
    "cmd.decline": "declines",
    "cmd.play": "plays",
    "cmd.end_turn": "ends the turn",
}


# -- the core's own event types ------------------------------------------------------------
def core(ev: Seen, zw: Callable[[str], str]) -> str | None:
    """The sentence for a core event type, or None if the type is not the core's."""
    d, t = ev.data, ev.type
    if t == "game.created":
        return f"A game of {d.get('ruleset', 'this ruleset')} begins for {plural(d.get('players', '?'), 'player')}."
    if t == "zone.created":
        n = d.get("n", len(d.get("cards") or ()))
        face = " face down" if d.get("vis") == "hidden" else ""
        zone = zw(d["zone"])
        if d.get("cards"):  # seen: the cards are named (a hidden zone's only by who may know)
            return f"{_cap(zone)} {be(zone)} set up{face} with {cards(d['cards'])}."
        return f"{_cap(zone)} {be(zone)} set up with {count(n, 'card')}{face}."
    if t == "zone.moved":
        src, dst = zw(d.get("src", "?")), zw(d.get("dst", "?"))
        where = " to the bottom" if d.get("to") == "bottom" else ""
        if "cards" in d:
            return (
                f"{cards(d['cards'])} {'goes' if len(d['cards']) == 1 else 'go'} from {src} to {dst}{where}."
            )
        return f"{plural(d.get('n', '?'), 'card')} {'goes' if d.get('n') == 1 else 'go'} from {src} to {dst}{where} (unseen)."
    if t == "zone.shuffled":
        zone = zw(d.get("zone", "?"))
        return f"{_cap(zone)} {be(zone)} shuffled ({count(d.get('n', '?'), 'card')})."
    if t == "zone.added":
        if "cards" in d:
            return f"{cards(d['cards'])} {'is' if len(d['cards']) == 1 else 'are'} added to {zw(d.get('zone', '?'))}."
        n = d.get("n", "?")
        return f"{plural(n, 'card')} {'is' if n == 1 else 'are'} added to {zw(d.get('zone', '?'))} (unseen)."
    if t == "dice.rolled":
        forced = " (a forced outcome)" if d.get("forced") else ""
        return f"{ev.who()} rolls the {d.get('die', '')} die: {value('face', d.get('face'))}{forced}."
    if t == "chance.picked":
        what = humane(str(d.get("stream", "pick")).split(":", 1)[-1])
        if "picked" not in d:
            return f"A secret draw is made for {what}."
        return f"Drawn at random for {what}: {value('picked', d['picked'])}."
    if t in ("damage.dealt", "damage.healed", "damage.cleared"):
        target = d.get("target", "?")
        tw = zw(target) if "#" not in str(target) else card(target)
        verb = {"damage.dealt": "takes", "damage.healed": "heals", "damage.cleared": "loses all"}[t]
        n = d.get("n")
        return f"{_cap(tw)} {verb} {f'{n} damage' if n is not None else 'damage'}."  # uncountable
    if t == "game.over":
        winners = d.get("winners") or []
        scores = d.get("scores") or {}
        sc = "; ".join(f"{seat_name(int(k)) if str(k).isdigit() else k} {v}" for k, v in scores.items())
        head = (
            f"Game over: {seats(winners)} {'wins' if len(winners) == 1 else 'win'}"
            if winners
            else "Game over: nobody wins"
        )
        return head + (f" ({d['reason']})" if d.get("reason") else "") + (f". Scores: {sc}." if sc else ".")
    if t == "seed.revealed":
        return "The seed is revealed, so anyone can check every chance outcome of the game."
    if t in COMMON_COMMANDS:
        what = f" {card(d['card'])}" if isinstance(d.get("card"), str) else ""
        return f"{ev.who()} {COMMON_COMMANDS[t]}{what}."
    if t == "game.undone":
        return f"The game is taken back to event {d.get('to', '?')}."
    return None


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


class _Words(dict[str, str]):
    """The fields of a seen event in words, for `str.format_map`: `{who}` the acting seat,
    a seat field by its seat's name, a card id by its card's name, a zone by `zone_words`,
    a missing field as "?"."""

    def __init__(self, ev: Seen, zw: Callable[[str], str] | None):
        super().__init__()
        self.ev, self.zw = ev, zw

    def __missing__(self, key: str) -> str:
        if key == "who":
            return self.ev.who()
        v = self.ev.data.get(key)
        if v is None:
            return "?"
        if isinstance(v, str) and "#" not in v and key not in ("zone", "src", "dst"):
            return v.replace("_", " ")
        return value(key, v, self.zw)


def fill(template: str, ev: Seen, zw: Callable[[str], str] | None = None) -> str:
    """ "{who} buys {card} for {price} gold." with the seen event's fields in words."""
    return template.format_map(_Words(ev, zw))


Sentence = str | Callable[[Seen], str | None]


def describe(
    table: Any,
    ev: Any,
    own: Mapping[str, Sentence] | None = None,
    zones: Mapping[str, str] | Callable[[str], str] | None = None,
) -> str:
    """A game's `describe`: its own sentence for the type if it has one, else the core's,
    else the generic one. `own` maps event types to a template for `fill` or a function of
    the seen event; `zones` words zone names (a mapping for `zone_words`, or a function)."""
    seen = Seen(ev)
    zw = zones if callable(zones) else (lambda z: zone_words(z, zones))
    how = (own or {}).get(seen.type)
    text = fill(how, seen, zw) if isinstance(how, str) else how(seen) if how else None
    return text or core(seen, zw) or generic(seen, zw)


_IRREGULAR = {"is": "", "has": "have", "does": "do", "goes": "go"}


def imperative(sentence: str, seat: int) -> str:
    """ "Seat 1 buys from the Dolch stack." -> "Buy from the Dolch stack": a decision's sentence
    as a button label for the seat who would make it."""
    text = sentence.strip().rstrip(".")
    prefix = seat_name(seat) + " "
    if not text.startswith(prefix):
        return text
    verb, _, rest = text[len(prefix) :].partition(" ")
    if verb in _IRREGULAR:
        verb = _IRREGULAR[verb]
    elif verb.endswith(("sses", "shes", "ches", "xes", "zzes")):
        verb = verb[:-2]
    elif verb.endswith("ies"):
        verb = verb[:-3] + "y"
    elif verb.endswith("s") and not verb.endswith("ss"):
        verb = verb[:-1]
    words = " ".join(w for w in (verb, rest) if w)
    return _cap(words)


def command_label(ruleset: Any, table: Any, seat: int, cmd: Mapping[str, Any]) -> str:
    """A legal command in words, for its button or menu line: the game's own sentence for the
    decision it would record (`describe` of `cmd.<kind>`), put as an imperative."""
    ev = {
        "version": None,
        "type": f"cmd.{cmd.get('kind', '?')}",
        "actor": seat,
        "rule": None,
        "data": dict(cmd),
    }
    return imperative(ruleset.describe(table, ev) or generic(Seen(ev)), seat)


def command_labels(ruleset: Any, table: Any, seat: int, cmds: list[Mapping[str, Any]]) -> list[str]:
    """Labels of a seat's legal commands, parallel to them: where two read the same (copies
    of one card), each gets its place among them, "(1 of 2)", so no two buttons look alike."""
    labels = [command_label(ruleset, table, seat, c) for c in cmds]
    counts: dict[str, int] = {}
    for label in labels:
        counts[label] = counts.get(label, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        if counts[label] > 1:
            seen[label] = seen.get(label, 0) + 1
            label = f"{label} ({seen[label]} of {counts[label]})"
        out.append(label)
    return out
