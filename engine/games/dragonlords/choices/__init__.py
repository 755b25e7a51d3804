"""DragonLords' choice tree (issue 27, engine/API.md "Choices"): "What do you do?" by kind,
then one question per field in which the seat's moves differ ("From where?", "Where to?"),
then "How many?" in steps small enough to read (1..N when N <= 25 with the chip-bearers, else
ranges of ten, then the count).

Built from the legal offers (offers.py), not the expanded legal commands: one offer stands for
every count of a move, so the first question costs one pass over the seat's offers (kept for
the steps below it at the same event) and no count is listed until "How many?" is opened.
Paths: `[["kind", K], [field, value] | [field] (left out) | ["among", field, region] |
["count", lo, hi], ...]`. Labels in words (names.py, labels.py), never the map's ids.
"""

from __future__ import annotations

from typing import Any

from engine import choices as ch
from engine.games.dragonlords import legal
from engine.games.dragonlords.choices import chips, labels, names
from engine.games.dragonlords.offers import Offer
from engine.games.dragonlords.preview import preview
from engine.mechanics.per_state import per_state

LIMIT = 25  # options a question may hold (tests/choice_checks.py)
SPAN = 10  # counts per range when a count question is too long
_ABSENT = object()

KINDS = {
    "place": "Place a unit",
    "chips": "Hide the King, Wizard and decoy chips",
    "dock": "Dock a ship",
    "buy": "Buy",
    "sail": "Sail a ship",
    "load": "Load units onto a ship",
    "unload": "Unload units from a ship",
    "move": "Move units",
    "march": "Force-march units",
    "attack": "Attack",
    "sneak": "Sneak attack with elves",
    "teleport": "Teleport",
    "fight": "Fight a battle",
    "teleport_away": "Teleport away",
    "retreat": "Retreat",
    "burn": "Burn an enemy fleet",
    "enter": "Send a party into a wasteland",
    "quest": "Move a party on",
    "go": "Move the party",
    "shop": "Buy for the party",
    "leave": "Lead the party out",
    "scroll": "Read a scroll",
    "casualty": "Choose a casualty",
    "stash": "Store gold",
    "spell": "Throw a spell",
    "choose": "Decide",
}
QUESTIONS = {
    "origin": "From where?",
    "to": "Where to?",
    "target": "Where do you attack?",
    "at": "Where?",
    "ship": "Which ship?",
    "hero": "Who?",
    "caster": "Who casts it?",
    "with": "Who comes along?",
    "card": "Which scroll?",
    "spell": "Which spell?",
    "victim": "At which unit?",
    "king": "Where does the King hide?",
    "wizard": "Where does the Wizard hide?",
    "decoy": "Where does the decoy go?",
    "zone": "Which sea zone?",
    "kingdom": "Which kingdom?",
    "space": "Which wasteland space?",
    "what": "What do you buy?",
    "wait": "Attack at once or wait for more elves?",
    "n": "How many?",
    "option": "What do you decide?",
    "unit": "Which unit?",
}
PLACE_FIELDS = {"origin", "to", "target", "at", "zone", "kingdom", "space", "king", "wizard", "decoy"}


class _Now:
    """What the tree knows of one seat at one event, shared by every question of a decision:
    the prompt's rule, the offers by kind as the first question needs them (the kinds in the
    order first listed; legal.PARTIAL ones maybe in part) and each kind's offers once asked."""

    def __init__(self, table, seat: int):
        self.table, self.seat = table, seat
        ps = legal.kept_prompts(table)
        self.rule = ps[0].rule if ps and ps[0].seat == seat else None
        self._first: dict[str, list[Offer]] | None = None
        self._kinds: dict[str, list[Offer]] = {}

    def first(self) -> dict[str, list[Offer]]:
        if self._first is None:
            self._first = {} if self.rule is None else _by_kind(legal.prompted_offers(self.table, True))
        return self._first

    def of_kind(self, kind: str) -> list[Offer]:
        """Every offer of one kind (none when the kind is not open now), alike offers merged
        (`_merged`) once for every question below the kind: outside scrolls an offer's fields
        are its choice, so merging and then keeping the offers a path names is keeping and then
        merging. Listed alone where the moment allows it (legal.kind_offers) and the first
        question was not built (a bot's first question is built without it)."""
        got = self._kinds.get(kind)
        if got is None:
            raw: list[Offer] | None = None
            if self.rule is None:
                raw = []
            elif self._first is None or kind in legal.PARTIAL:
                raw = legal.prompted_kind(self.table, kind)
            if raw is None:
                if kind in legal.PARTIAL:
                    raw = _by_kind(legal.prompted_offers(self.table)).get(kind, [])
                else:
                    raw = self.first().get(kind, [])
            alike = kind != "scroll" and kind not in _DISTINCT
            got = self._kinds[kind] = _merged(self.table, self.seat, raw) if alike else raw
        return got


# Kinds whose listing (legal.py, turn/moves.py) never gives two alike offers: one per own
# place, kingdom, neighbour, ship and harbour, or what to buy; nothing for `_merged` to join.
_DISTINCT = frozenset({"place", "stash", "buy", "sail", "attack", "march", "move", "load", "unload", "dock"})


@per_state
def _now(table, seat: int) -> _Now:
    return _Now(table, seat)


def _by_kind(offs: list[Offer]) -> dict[str, list[Offer]]:
    out: dict[str, list[Offer]] = {}
    kind, mine = None, []  # the last kind met and its list (a listing runs kind by kind)
    for o in offs:
        if o.holds():
            k = o.cmd["kind"]
            if k != kind:
                kind, mine = k, out.setdefault(k, [])
            mine.append(o)
    return out


def same_choice(table, seat: int, cmd: dict[str, Any]) -> Any:
    """Two copies of one scroll card are one choice: the card by its name."""
    if cmd.get("kind") == "scroll" and isinstance(cmd.get("card"), str):
        return {**cmd, "card": cmd["card"].split("#")[0]}
    return cmd


def question(table, seat: int, path: list[Any], words: bool = True) -> ch.Question:
    now = _now(table, seat)
    rule = now.rule
    if chips_now(table, rule):
        q = _chips(table, seat, path, rule, words)
        if q is not None:
            return q
    if path:
        first = path[0]
        ok = isinstance(first, list) and len(first) == 2 and first[0] == "kind" and isinstance(first[1], str)
        sel = now.of_kind(first[1]) if ok else None
        if not sel:
            raise ch.BadPath("names no legal command now: ask for the choices again")
        return _step(table, seat, path, sel, rule, words)
    offs = now.first()
    if not offs:
        return ch.Question(table.version, seat, ch.NOTHING, rule, [])
    if len(offs) == 1:
        (k,) = offs
        return _step(table, seat, [["kind", k]], now.of_kind(k), rule, words, ch.FIRST_QUESTION)
    return ch.Question(table.version, seat, ch.FIRST_QUESTION, rule, kind_options(table, seat, offs, words))


def kind_options(table, seat: int, offs: dict[str, list[Offer]], words: bool) -> list[ch.Node]:
    """The first question's options over two kinds or more: a kind of one command is its leaf,
    any other a step into the kind."""
    opts = []
    for k, mine in offs.items():
        if len(mine) == 1 and mine[0].size() == 1:
            opts.append(_leaf(table, seat, mine[0].first(), words))
        else:
            opts.append(ch.lazy(KINDS.get(k, k.capitalize()) + ch.MORE if words else "", [["kind", k]]))
    return opts


def chips_now(table, rule: str | None) -> bool:
    """Whether the seat asked (prompted under `rule`, else None) hides its chips now (chips.py)."""
    game = table.game
    return rule is not None and game.phase == "setup_chips" and game.ask is None and game.battle is None


def _chips(table, seat, path, rule, words) -> ch.Question | None:
    """The chips question without every triple listed (chips.py), None where it is not one."""
    if not path:
        return chips.question(table, seat, [["kind", "chips"]], rule, words, ch.FIRST_QUESTION, grouped)
    if path[0] == ["kind", "chips"]:
        return chips.question(table, seat, path, rule, words, None, grouped)
    return None


def _fields(o: Offer) -> dict[str, Any]:
    return {**o.cmd, **o.tail} if o.tail else o.cmd


def _step(table, seat, path, sel, rule, words, text=None) -> ch.Question:
    among = span = None
    for st in path[1:]:
        if not isinstance(st, list) or not st or not isinstance(st[0], str):
            raise ch.BadPath(f"step {st!r} is not one this game gave")
        if st[0] == "among" and len(st) == 3:
            among = (st[1], st[2])
        elif st[0] == "count" and len(st) == 3:
            span = (st[1], st[2])
        elif len(st) == 1:
            sel = matching(sel, st[0], _ABSENT)
        elif len(st) == 2:
            sel = matching(sel, st[0], st[1])
        else:
            raise ch.BadPath(f"step {st!r} is not one this game gave")
    sel = chosen(table, seat, sel)
    if len(sel) > 1:
        plain = None if words or among is not None else _plain(sel)
        if plain is not None:
            field, opts = plain
            return ch.Question(table.version, seat, text or QUESTIONS.get(field, "Which?"), rule, opts)
        return _by_field(table, seat, path, sel, rule, words, text, among)
    return _counts(table, seat, path, sel[0], rule, words, text, span)


def matching(sel: list[Offer], field: str, value: Any) -> list[Offer]:
    """The offers with `value` in `field` (the groups' mark of none: those without the field):
    one step of a path."""
    if value is _ABSENT:
        return [o for o in sel if field not in _fields(o)]
    return [o for o in sel if _fields(o).get(field, _ABSENT) == value]


def chosen(table, seat, sel: list[Offer]) -> list[Offer]:
    """The offers a path leaves, scrolls merged (other kinds come merged, of_kind); BadPath
    when none is left."""
    if sel and sel[0].cmd["kind"] == "scroll":
        sel = _merged(table, seat, sel)
    if not sel:
        raise ch.BadPath("names no legal command now: ask for the choices again")
    return sel


def _plain(sel: list[Offer]) -> tuple[str, list[ch.Node]] | None:
    """A bot's question over offers that are each one command of one field besides the kind,
    the same field, every value different (a place, a kingdom): the field and a leaf per offer,
    as `_by_field` would give them; None for any other offers."""
    field = plain_field(sel)
    if field is None:
        return None
    return field, [ch.Node("", None, o.cmd) for o in sel]


def plain_field(sel: list[Offer]) -> str | None:
    """The field of `_plain`'s question over these offers, None when it is not one."""
    if len(sel) > LIMIT:
        return None  # `grouped` may ask by region first
    head = sel[0].cmd
    if len(head) != 2:
        return None
    field = next((f for f in head if f != "kind"), None)
    if field is None:
        return None
    for o in sel:  # one command each, of the kind and the field alone
        if o[1:] != _PLAIN and (not o.whole or o.most > 0 or o.heroes or o.tail):
            return None
        if len(o.cmd) != 2 or field not in o.cmd:
            return None
    try:
        values = {o.cmd[field] for o in sel}
    except TypeError:  # a list: not a plain value
        return None
    if len(values) != len(sel):
        return None
    return field


_PLAIN = (0, (), True, None)  # most, heroes, whole, tail of an offer of its command alone, as listed


def _merged(table, seat, sel: list[Offer]) -> list[Offer]:
    """Offers that are one choice (same fields up to same_choice) as one: counts and
    chip-bearers joined, the first listed kept."""
    if len(sel) < 2:
        return sel
    scroll = sel[0].cmd["kind"] == "scroll"
    seen: set[Any]
    try:  # nearly always all differ: seen in one pass over hashable fields, in any order
        rows = (
            [same_choice(table, seat, _fields(o)) for o in sel]
            if scroll
            else [{**o.cmd, **o.tail} if o.tail else o.cmd for o in sel]  # `_fields` inline
        )
        order = tuple(rows[0])
        keys = rows[0].keys()
        if all(r.keys() == keys for r in rows):  # the same fields: their values in one order tell
            seen = {tuple([r[k] for k in order]) for r in rows}
        else:
            seen = {frozenset(r.items()) for r in rows}
    except TypeError:  # a field holding a list
        seen = set()
    if len(seen) == len(sel):
        return sel
    out: dict[str, Offer] = {}
    for o in sel:
        key = repr(sorted(same_choice(table, seat, _fields(o)).items()))
        had = out.get(key)
        if had is None:
            out[key] = o
        else:
            heroes = had.heroes + tuple(h for h in o.heroes if h not in had.heroes)
            out[key] = had._replace(whole=had.whole or o.whole, most=max(had.most, o.most), heroes=heroes)
    return list(out.values())


def _first_difference(rows: list[dict[str, Any]]) -> str:
    """The first field (in the order first met) whose value differs between the rows of one
    kind's offers; "kind" itself never does."""
    head = rows[0]
    keys = head.keys()
    fields = [f for f in head if f != "kind"]
    for r in rows:  # the fields in the order first met (offers of one kind mostly share them)
        if r.keys() != keys:
            fields += [f for f in r if f not in fields and f != "kind"]
    for f in fields:
        first = head.get(f, _ABSENT)
        for r in rows:
            if r.get(f, _ABSENT) != first:
                return f
    raise ch.BadPath("two offers alike")  # _merged made them distinct


def _by_field(table, seat, path, sel, rule, words, text, among) -> ch.Question:
    field, groups = by_field(sel)
    return grouped(table, seat, path, field, groups, rule, words, text, among)


def by_field(sel: list[Offer]) -> tuple[str, dict[Any, list[Offer]]]:
    """The first field in which two or more offers differ, and the offers by its value (in
    order; the offers without the field under a mark of their own)."""
    # once per offer (the field search and the grouping share them), `_fields` inline
    rows = [{**o.cmd, **o.tail} if o.tail else o.cmd for o in sel]
    field = _first_difference(rows)
    groups: dict[Any, list[Offer]] = {}
    for o, r in zip(sel, rows, strict=True):
        v = r.get(field, _ABSENT)
        members = groups.get(v)
        if members is None:
            groups[v] = [o]
        else:
            members.append(o)
    return field, groups


def in_region(groups: dict[Any, list[Offer]], region: str) -> dict[Any, list[Offer]]:
    """The groups of places in `region` (a step "In <region>" taken); BadPath when none is."""
    groups = {v: m for v, m in groups.items() if v is not _ABSENT and names.region(v) == region}
    if not groups:
        raise ch.BadPath("names no legal command now: ask for the choices again")
    return groups


def regions(field: str, groups: dict[Any, list[Offer]]) -> list[str] | None:
    """The regions asked first when a question over `field` would be too long, in order; None
    when it is asked as it is."""
    if len(groups) <= LIMIT:
        return None
    out = list(dict.fromkeys(names.region(v) if field in PLACE_FIELDS else "" for v in groups))
    return out if 1 < len(out) <= LIMIT else None


def grouped(table, seat, path, field, groups, rule, words, text=None, among=None) -> ch.Question:
    """The question over `field`, whose values split the offers into `groups` (value -> the
    offers with it, in order; a group of one offer of one command is a leaf, any other a step)."""
    game = table.game
    if among is not None and among[0] == field:
        groups = in_region(groups, among[1])
    else:
        first = regions(field, groups)
        if first is not None:
            opts = [ch.lazy(f"In {r}{ch.MORE}" if words else "", [*path, ["among", field, r]]) for r in first]
            return ch.Question(table.version, seat, text or "Where?", rule, opts)
    if not words:  # a bot's question: no labels, the nodes built at once
        return ch.Question(
            table.version, seat, text or QUESTIONS.get(field, "Which?"), rule, _bare(path, field, groups)
        )
    opts, said = [], []  # said: the labels in words (none for a bot)
    for v, members in groups.items():
        if len(members) == 1 and members[0].size() == 1:
            opts.append(_leaf(table, seat, members[0].first(), words))
            if words:
                said.append(opts[-1].label)
        else:
            if words:
                said.append(_value_words(game, seat, field, v))
            opts.append(ch.lazy("", [*path, [field] if v is _ABSENT else [field, v]]))
    if words:
        opts = _relabel(opts, said)
    return ch.Question(table.version, seat, text or QUESTIONS.get(field, "Which?"), rule, opts)


def _bare(path, field, groups) -> list[ch.Node]:
    """`grouped`'s options without words: a group of one offer of one command is its leaf."""
    opts = []
    for v, members in groups.items():
        if len(members) == 1:
            o = members[0]
            if o.size() == 1:
                opts.append(ch.Node("", None, o.first()))
                continue
        opts.append(ch.Node("", None, expand=[*path, [field] if v is _ABSENT else [field, v]]))
    return opts


def _counts(table, seat, path, o: Offer, rule, words, text, span) -> ch.Question:
    """How many units (or which chip-bearer): every count reachable, at most LIMIT options."""
    cmd = o.cmd
    whole = [cmd] if o.whole else []
    heroes = [{**cmd, "hero": h} for h in o.heroes]
    game = table.game
    if span is not None:
        lo, hi = span
        if not (isinstance(lo, int) and isinstance(hi, int) and 1 <= lo <= hi <= o.most):
            raise ch.BadPath("names no legal count now: ask for the choices again")
        opts = _leaves(table, seat, _numbered(o, lo, hi), words)
        return ch.Question(table.version, seat, "How many?", rule, opts)
    if not ranged(o):
        opts = _leaves(table, seat, whole + _numbered(o, 1, o.most) + heroes, words)
    else:
        opts = _leaves(table, seat, whole + heroes, words)
        what = (
            ("gold" if cmd["kind"] == "stash" else names.units(game, game.active, 2).split(" ", 1)[1])
            if words
            else ""
        )
        for lo in range(1, o.most + 1, SPAN):
            hi = min(o.most, lo + SPAN - 1)
            label = f"{lo} to {hi} {what}{ch.MORE}" if words else ""
            opts.append(ch.lazy(label, [*path, ["count", lo, hi]]))
    return ch.Question(table.version, seat, text or "How many?", rule, opts)


def ranged(o: Offer) -> bool:
    """Whether "How many?" asks ranges of SPAN counts first (after the whole and the
    chip-bearers), the counts alone being too many."""
    return o.whole + len(o.heroes) + o.most > LIMIT


def _numbered(o: Offer, lo: int, hi: int) -> list[dict[str, Any]]:
    """The offer's command with each count lo..hi (its tail after the count)."""
    cmd, tail = o.cmd, o.tail
    if tail:
        return [{**cmd, "n": n, **tail} for n in range(lo, hi + 1)]
    return [{**cmd, "n": n} for n in range(lo, hi + 1)]


def _leaves(table, seat, cmds: list[dict[str, Any]], words: bool) -> list[ch.Node]:
    """A leaf per command; for a bot (no words) built directly, a count question's many leaves
    being most of what its walk builds."""
    if not words:
        return [ch.Node("", None, c) for c in cmds]
    return [_leaf(table, seat, c, words) for c in cmds]


def _leaf(table, seat, cmd, words) -> ch.Node:
    if not words:
        return ch.leaf("", cmd)
    try:
        shown = preview(table, seat, cmd)
    except Exception:  # a preview is a courtesy, never a failed question
        shown = None
    if shown is not None:
        shown = _no_ids(table, shown)
    return ch.leaf(labels.sentence(table.game, seat, cmd), cmd, shown)


def _no_ids(table, text: str) -> str:
    """preview.py names places by id ("holding K1"): the names in words instead."""
    game = table.game
    out = []
    for w in text.split(" "):
        bare = w.rstrip(".,;:)")
        out.append(names.place(game, bare) + w[len(bare) :] if names.known(bare) else w)
    return " ".join(out)


def _value_words(game, seat, field, v) -> str:
    P = lambda: names.place(game, v)  # noqa: E731
    if v is _ABSENT:
        return {"wait": "Attack at once", "with": "Alone", "n": "All of them"}.get(field, f"Without {field}")
    if field == "wait":
        return "Wait for more elves to join"
    words = {
        "origin": lambda: f"From {P()}",
        "to": lambda: f"To {P()}",
        "target": lambda: f"Attack {P()}",
        "at": lambda: f"At {P()}",
        "zone": lambda: f"In {P()}",
        "kingdom": lambda: f"In {P()}",
        "space": lambda: f"Into {P()}",
        "king": lambda: f"The King in {P()}",
        "wizard": lambda: f"The Wizard in {P()}",
        "decoy": lambda: f"The decoy in {P()}",
        "ship": lambda: names.ship(game, v),
        "hero": lambda: names.hero(game, v, seat),
        "caster": lambda: f"With {names.hero(game, v, seat)}",
        "with": lambda: f"With {names.hero(game, v, seat)}",
        "card": lambda: names.card(v),
        "spell": lambda: names.spell(v),
        "victim": lambda: "A plain unit" if v == "plain" else names.hero(game, v, seat),
        "n": lambda: names.units(game, game.active, v) if v else "Alone",
        "option": lambda: labels.choice(game, seat, str(v)),
    }.get(field, lambda: names.thing(game, str(v), seat))()
    return words[:1].upper() + words[1:]


def _relabel(opts: list[ch.Node], said: list[str]) -> list[ch.Node]:
    """Labels in place (a step's ends with …), alike ones told apart by their rank."""
    seen: dict[str, int] = {}
    for s in said:
        seen[s.casefold()] = seen.get(s.casefold(), 0) + 1
    rank: dict[str, int] = {}
    out = []
    for o, s in zip(opts, said, strict=True):
        key = s.casefold()
        if seen[key] > 1:
            rank[key] = rank.get(key, 0) + 1
            s = f"{s} ({names.ordinal(rank[key])})"
        if isinstance(o.expand, list):
            out.append(ch.lazy(s + ch.MORE, o.expand))
        else:
            out.append(ch.leaf(s, o.command or {}, o.preview))
    return out
