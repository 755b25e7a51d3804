"""What a seat may do, as a tree of questions in words (issue 27; engine/API.md "Choices").

Why a tree: a flat list of every complete command is unplayable for a person (135 buttons on
a Mage Knight turn, one per subset of cards to discard) and skews a random bot towards the
kinds with the most variants. A question with a few options in words, each a complete command,
a further question or a pick of a set, is what a player answers and what front ends and bots
can all read the same way.

This module holds:
- the tree's data types (`Question`, `Node`, `Pick`, `PickOption`), whose JSON is the contract
  every front end shares (`runeledger choices --json`, later the HTTP view and the research API);
- the lazy step tokens (`make_token`, `read_token`): an opaque, tamper-checked encoding of the
  path to a step, tied to the game, the seat and the event it was given at, so a stale or
  edited token is refused by name instead of answering a question nobody asked;
- the default tree every ruleset gets from its legal commands (`default_choices`,
  `default_expand`): "What do you do?" over the command kinds, then one question per field in
  which the remaining commands differ, each built only when its token is expanded;
- `ask`, the one entry point front ends use (seat checked, a finished game asks nothing), and
  `leaves`, which walks a tree down to its complete commands (for tests and tools).

The default keeps every distinct legal command reachable (the tree and `legal_commands` agree
exactly); a ruleset overrides `Ruleset.choices`/`Ruleset.expand` for questions of its own
(picks of a set, copies of one card merged by a fixed rule).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import itertools
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import msgspec

from engine.boundary import check_seat
from engine.errors import BadInput
from engine.narration import command_label, humane, seat_name
from engine.narration import value as value_words

if TYPE_CHECKING:
    from engine.ruleset import Ruleset
    from engine.table import Table

FIRST_QUESTION = "What do you do?"
NOTHING = "Nothing to decide now."
MORE = " …"  # ends the label of an option that opens a further question


# -- the contract's data types -----------------------------------------------------------
class PickOption(msgspec.Struct, frozen=True):
    """One value a pick may choose, with its label in words."""

    label: str
    value: Any


class Pick(msgspec.Struct, frozen=True):
    """Choose between `min` and `max` of `options`; the command played is `command` with
    `field` set to the JSON list of the chosen values (in the order of `options`). A set is
    offered this way instead of one option per subset."""

    question: str
    min: int
    max: int
    field: str
    options: list[PickOption]
    command: dict[str, Any]

    def __post_init__(self) -> None:
        if not 0 <= self.min <= self.max <= len(self.options):
            raise ValueError(
                f"pick {self.question!r}: needs 0 <= min ({self.min}) <= max "
                f"({self.max}) <= options ({len(self.options)})"
            )
        if not self.field or self.field == "kind" or "kind" not in self.command:
            raise ValueError(
                f"pick {self.question!r}: field {self.field!r} must name a field "
                "other than kind of a command that has a kind"
            )


class Node(msgspec.Struct, frozen=True, omit_defaults=True):
    """One option: a label in words and a preview (null where the game has none), plus
    exactly one of: `command` (complete, for `play`), `question` with `options` (a further
    step given at once), `expand` (a further step given lazily: a token for `expand`), or
    `pick` (a set to choose). Encoded, the absent ones are left out; `preview` never is."""

    label: str
    preview: str | None
    command: dict[str, Any] | None = None
    question: str | None = None
    options: list[Node] | None = None
    expand: str | list[Any] | None = None  # a token; inside a ruleset, the path before `ask` makes it one
    pick: Pick | None = None

    def __post_init__(self) -> None:
        if self.question is None and self.options is None and self.pick is None:
            # a leaf or a lazy step, the options of every bot question: checked in few steps
            if (self.command is None) == (self.expand is None):
                has = 0 if self.command is None else 2
                raise ValueError(
                    f"option {self.label!r}: exactly one of command, question and "
                    f"options, expand or pick (has {has})"
                )
            if self.command is not None and "kind" not in self.command:
                raise ValueError(f"option {self.label!r}: a command needs a kind")
            return
        step = self.question is not None or self.options is not None
        if step and (self.question is None or not self.options):
            raise ValueError(
                f"option {self.label!r}: a further step needs a question and at least one option"
            )
        given = [self.command is not None, step, self.expand is not None, self.pick is not None]
        if sum(given) != 1:
            raise ValueError(
                f"option {self.label!r}: exactly one of command, question and "
                f"options, expand or pick (has {sum(given)})"
            )
        if self.command is not None and "kind" not in self.command:
            raise ValueError(f"option {self.label!r}: a command needs a kind")


class Question(msgspec.Struct, frozen=True):
    """A question for one seat at one event: `{"version", "seat", "question", "rule",
    "options"}`; `options` is empty when the seat has nothing to decide."""

    version: int
    seat: int
    question: str
    rule: str | None
    options: list[Node]


def leaf(label: str, command: dict[str, Any], preview: str | None = None) -> Node:
    return Node(label, preview, command=command)


def step(label: str, question: str, options: list[Node], preview: str | None = None) -> Node:
    return Node(label, preview, question=question, options=options)


def lazy(label: str, path: list[Any], preview: str | None = None) -> Node:
    """A further step given lazily: `path` is the ruleset's own description of the way there
    (any JSON list), handed back to `Ruleset.question` when the step is asked; `ask` turns it
    into a tamper-checked token for front ends, bots walk it as it is."""
    return Node(label, preview, expand=path)


def picks(label: str, pick: Pick, preview: str | None = None) -> Node:
    return Node(label, preview, pick=pick)


def kind_of(node: Node) -> str | None:
    """The command kind an option leads to, where it leads to one kind: a leaf's or a pick's
    command kind, or K of a lazy step whose path starts `["kind", K]` (the first question of
    every tree splits by kind this way, so bots and tests can tell the kinds apart)."""
    if node.command is not None:
        return str(node.command.get("kind"))
    if node.pick is not None:
        return str(node.pick.command.get("kind"))
    path = node.expand
    first = path[0] if isinstance(path, list) and path else None
    if isinstance(first, list) and len(first) == 2 and first[0] == "kind":
        return str(first[1])
    return None


def to_json(q: Question) -> bytes:
    return msgspec.json.encode(q)


def from_json(data: bytes | str) -> Question:
    return msgspec.json.decode(data, type=Question)


# -- tokens ------------------------------------------------------------------------------
TOKEN_FORMAT = 1
# Tamper-checking, not secrecy: a token only narrows the seat's own legal commands, every one
# of which the engine checks again when it is played. A fixed key makes a token given by one
# process good in the next (the CLI is one process per call).
_KEY = b"runeledger choice token v1"


class BadToken(BadInput):
    """A step token that is not one this game gave this seat now: edited, damaged, given at
    another event (stale), to another seat or game, or naming no legal command any more."""

    def __init__(self, token: Any, why: str):
        shown = (
            token
            if isinstance(token, str) and len(token) <= 80
            else (token[:77] + "..." if isinstance(token, str) else repr(token)[:80])
        )
        super().__init__(None, f"choice token {shown!r} {why}")
        self.token = token


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _mac(body: bytes) -> bytes:
    return hashlib.blake2b(body, key=_KEY, digest_size=12).digest()


def make_token(table: Table, seat: int, path: list[list[Any]]) -> str:
    """The token of the step reached by `path` (a list of `[field, value]`, or `[field]` for a
    field the commands there leave out), for `seat` at the table's current event."""
    body = msgspec.json.encode([TOKEN_FORMAT, table.game_id, table.version, seat, path])
    return f"{_b64(body)}.{_b64(_mac(body))}"


def read_token(table: Table, seat: int, token: Any) -> list[list[Any]]:
    """The path a token stands for; BadToken, naming the token, when it was not given for this
    game, seat and event, or was changed since."""
    if not isinstance(token, str) or token.count(".") != 1:
        raise BadToken(token, "is not a choice token (give one that `choices` printed)")
    body_text, mac_text = token.split(".")
    try:
        body, mac = _unb64(body_text), _unb64(mac_text)
    except (binascii.Error, ValueError):
        raise BadToken(token, "is damaged (not the text `choices` printed)") from None
    if not hmac.compare_digest(mac, _mac(body)):
        raise BadToken(token, "is damaged or was edited: ask for the choices again")
    fmt, game_id, version, who, path = msgspec.json.decode(body)
    if fmt != TOKEN_FORMAT:
        raise BadToken(token, f"is of format {fmt}, this engine reads {TOKEN_FORMAT}")
    if game_id != table.game_id:
        raise BadToken(token, f"belongs to game {game_id!r}, not {table.game_id!r}")
    if who != seat:
        raise BadToken(token, f"was given to {seat_name(who)}, not {seat_name(seat)}")
    if version != table.version:
        raise BadToken(
            token,
            f"is stale: it was given at event {version} and the game is now "
            f"at event {table.version}; ask for the choices again",
        )
    steps: list[list[Any]] = path
    return steps


# -- the entry point front ends use ------------------------------------------------------
def ask(ruleset: Ruleset, table: Table, seat: int, token: str | None = None) -> Question:
    """The first question for `seat` (or the step `token` stands for), with every lazy step's
    path turned into a token: the seat checked, a finished game or one waiting for the seats'
    contributions asking nothing, as `Engine.legal` lists nothing then."""
    check_seat(seat, table.players)
    path = [] if token is None else read_token(table, seat, token)
    if table.over or table.awaiting:
        return Question(table.version, seat, NOTHING, None, [])
    try:
        q = ruleset.question(table, seat, path)
    except BadPath as exc:
        raise BadToken(token, str(exc)) from None
    return tokenised(q, table, seat)


def walk(
    ruleset: Ruleset, table: Table, seat: int, path: list[Any] | None = None, words: bool = True
) -> Question:
    """The question at `path` as the ruleset gives it (lazy steps as paths, no tokens): what
    bots and tools walk. `words=False` lets a ruleset skip labels and previews nobody reads."""
    if table.over or table.awaiting:
        return Question(table.version, seat, NOTHING, None, [])
    return ruleset.question(table, seat, path or [], words)


class BadPath(ValueError):
    """A ruleset's path that names no question now (a stale or edited step)."""


def tokenised(q: Question, table: Table, seat: int) -> Question:
    """`q` with each lazy step's path replaced by its token (tied to game, seat and event)."""
    return msgspec.structs.replace(q, options=[_tokenise(o, table, seat) for o in q.options])


def _tokenise(node: Node, table: Table, seat: int) -> Node:
    if isinstance(node.expand, list):
        return msgspec.structs.replace(node, expand=make_token(table, seat, node.expand))
    if node.options is not None:
        return msgspec.structs.replace(node, options=[_tokenise(o, table, seat) for o in node.options])
    return node


def leaves(
    q: Question | Node, expand: Callable[[Any], Question], max_pick: int = 64
) -> Iterator[dict[str, Any]]:
    """Every complete command below `q`, expanding lazy steps (tokens or paths) with `expand`
    and enumerating each
    pick's allowed sets (refused above `max_pick` sets: this is for tests and small trees,
    the reason picks exist is not to enumerate them)."""
    if isinstance(q, Node):
        if q.command is not None:
            yield q.command
            return
        if q.pick is not None:
            p = q.pick
            values = [o.value for o in p.options]
            sets = [c for k in range(p.min, p.max + 1) for c in itertools.combinations(values, k)]
            if len(sets) > max_pick:
                raise ValueError(f"pick {p.question!r} has {len(sets)} sets, over {max_pick}")
            for chosen in sets:
                yield {**p.command, p.field: list(chosen)}
            return
        if q.expand is not None:
            yield from leaves(expand(q.expand), expand, max_pick)
            return
    for option in q.options or ():
        yield from leaves(option, expand, max_pick)


# -- the default tree, from the legal commands -------------------------------------------
_canon = msgspec.json.Encoder(order="sorted")
_ABSENT = object()  # a field a command leaves out
# Questions for field names that are prepositions or otherwise read badly as "Which X?".
_FIELD_QUESTIONS = {
    "to": "Where to?",
    "dst": "Where to?",
    "into": "Where to?",
    "from": "From where?",
    "src": "From where?",
    "at": "Where?",
    "where": "Where?",
    "pay": "How do you pay?",
    "mode": "How?",
    "discard": "What do you discard?",
    "target": "Which target?",
    "n": "How many?",
    "count": "How many?",
    "amount": "How many?",
}


def default_question(
    ruleset: Ruleset, table: Table, seat: int, path: list[Any], words: bool = True
) -> Question:
    """The default tree at `path` (a list of `[field, value]`, or `[field]` for a field left
    out): "What do you do?" over the kinds of the seat's legal commands (over the first field
    in which they differ when all are of one kind), then one question per differing field."""
    return grouped(ruleset, table, seat, path, ruleset.legal_commands(table, seat), words)


def grouped(
    rs: Ruleset,
    table: Table,
    seat: int,
    path: list[Any],
    cmds: list[dict[str, Any]],
    words: bool = True,
    question: str | None = None,
    prefix: int = 0,
) -> Question:
    """The question at `path` over `cmds` split field by field (the default tree's way); a
    ruleset with its own first steps hands the commands of one branch here, `prefix` being
    how many steps of `path` are its own (the rest is this function's `[field, value]`)."""
    memo = _listing(rs, table, seat, cmds)
    rule, cmds = memo.rule, memo.unique
    own = path[prefix:]
    if own:
        first = own[0]
        kinds = memo.kinds if memo.prefix == prefix and len(first) == 2 and first[0] == "kind" else None
        got = kinds.get(first[1]) if kinds is not None and type(first[1]) is str else None
        # the first question's group of that kind, else the listing filtered step by step
        cmds = _along(cmds, own) if got is None else got[1] if len(own) == 1 else _along(got[1], own[1:])
        if not cmds:
            raise BadPath("names no legal command now: ask for the choices again")
    if not cmds:
        return Question(table.version, seat, NOTHING, rule, [])
    return _question(rs, table, seat, path, cmds, rule, words, question, prefix, memo if not own else None)


def _question(
    rs: Ruleset,
    table: Table,
    seat: int,
    path: list[Any],
    cmds: list[dict[str, Any]],
    rule: str | None,
    words: bool = True,
    question: str | None = None,
    prefix: int = 0,
    memo: _Listing | None = None,
) -> Question:
    """One level of the default tree: the commands on `path` split by the first field in
    which they differ; a value held by one command is a leaf, one held by several a lazy step
    (its token), so nothing below this question is built. `memo`: the listing's first
    question, which keeps its groups by kind for the step below it."""
    groups = None
    if len(cmds) == 1:
        field = None
    else:
        if len(path) == prefix:  # the first question: by kind where the kinds differ
            first = cmds[0].get("kind")
            for c in cmds:
                if c.get("kind") != first:
                    groups = _groups(cmds, "kind")
                    break
            if groups is not None and len(groups) < 2:
                groups = None
        field = "kind" if groups is not None else _first_difference(cmds)
    if groups is None:
        groups = _groups(cmds, field)
    elif memo is not None:
        memo.kinds, memo.prefix = groups, prefix
    if not words:  # a bot's walk: the same options, no labels or previews built
        return Question(
            table.version,
            seat,
            "",
            rule,
            [
                Node("", None, members[0])
                if len(members) == 1
                else Node("", None, expand=[*path, [field] if v is _ABSENT else [field, v]])
                for v, members in groups.values()
            ],
        )
    labels = {id(c): _label(rs, table, seat, c) for c in cmds}
    opts = []
    for v, members in groups.values():
        if len(members) == 1:
            c = members[0]
            opts.append(_Opt(labels[id(c)], field, v, members, _preview(rs, table, seat, c)))
        else:
            said = _prefix([labels[id(c)] for c in members])
            label = (said or _value_words(rs, field, v)[:1].upper() + _value_words(rs, field, v)[1:]) + MORE
            where = [*path, [field] if v is _ABSENT else [field, v]]
            opts.append(_Opt(label, field, v, members, None, where))
    _distinct(rs, table, opts)
    text = question or (FIRST_QUESTION if len(path) == prefix else _field_question(field))
    return Question(
        table.version,
        seat,
        text,
        rule,
        [lazy(o.label, o.token) if o.token else leaf(o.label, o.cmds[0], o.preview) for o in opts],
    )


def _groups(cmds: list[dict[str, Any]], field: str | None) -> dict[Any, tuple[Any, list[dict[str, Any]]]]:
    """The commands by their value of `field` (its absence one value too), in the order met;
    values told apart as canonical JSON: a str or int by itself (no other key equals one:
    a bool, a float or anything else is keyed by its bytes, the absence by b"")."""
    groups: dict[Any, tuple[Any, list[dict[str, Any]]]] = {}
    if field is None:
        groups[b""] = (_ABSENT, cmds)
        return groups
    enc = _canon.encode
    for c in cmds:
        v = c.get(field, _ABSENT)
        kind = type(v)
        key = v if kind is str or kind is int else b"" if v is _ABSENT else enc(v)
        got = groups.get(key)
        if got is None:
            groups[key] = (v, [c])
        else:
            got[1].append(c)
    return groups


class _Opt:
    """An option being built: its label, the field and value that set it apart, its
    commands, its preview (a leaf's) and its token (a step's)."""

    __slots__ = ("cmds", "field", "label", "preview", "token", "value")

    def __init__(
        self,
        label: str,
        field: str | None,
        value: Any,
        cmds: list[dict[str, Any]],
        preview: str | None,
        token: list[Any] | None = None,
    ):
        self.label, self.field, self.value = label, field, value
        self.cmds, self.preview, self.token = cmds, preview, token


class _Listing:
    """What the questions of one listing share: the seat's prompt rule, the listing with
    copies merged, and the first question's groups by kind (value -> (value, commands)) with
    the `prefix` it was asked at (-1: not asked yet)."""

    __slots__ = ("cmds", "kinds", "prefix", "rs", "rule", "seat", "table", "unique", "version")

    def __init__(self, rs: Ruleset, table: Table, seat: int, cmds: list[dict[str, Any]]):
        self.rs, self.table, self.version, self.seat, self.cmds = rs, table, table.version, seat, cmds
        self.rule = next((p.rule for p in rs.prompts(table) if p.seat == seat), None)
        self.unique = unique(rs, table, seat, cmds)
        self.kinds: dict[Any, tuple[Any, list[dict[str, Any]]]] | None = None
        self.prefix = -1


_LAST: list[_Listing | None] = [None]


def _listing(rs: Ruleset, table: Table, seat: int, cmds: list[dict[str, Any]]) -> _Listing:
    """The memo of the listing the last question was grouped from, when it is the same list
    object at the same table, event and seat (a bot walks each question of one decision from
    one listing, which nobody changes): the copies are merged, the prompt read and the kinds
    grouped once per decision, not once per question. The memo holds the listing, so its
    identity cannot be taken by another list."""
    last = _LAST[0]
    if (
        last is not None
        and last.cmds is cmds
        and last.table is table
        and last.version == table.version
        and last.seat == seat
        and last.rs is rs
    ):
        return last
    got = _LAST[0] = _Listing(rs, table, seat, cmds)
    return got


def unique(rs: Ruleset, table: Table, seat: int, cmds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Commands that are one choice are one option, the first kept in the listed order (the
    fixed rule that picks among copies): identical commands, and those the ruleset's
    `same_choice` gives one key (eight copies of one card in a pile). A listing without two
    alike is returned as it is (callers only read it)."""
    enc = _canon.encode
    if _plain_same(rs):  # the default same_choice is the command itself: encode in C
        keys = list(map(enc, cmds))
    else:
        same = rs.same_choice
        keys = [enc(same(table, seat, c)) for c in cmds]
    if len(set(keys)) == len(keys):
        return cmds
    seen: set[bytes] = set()
    out = []
    for key, c in zip(keys, cmds, strict=True):
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


_PLAIN_SAME: dict[type, bool] = {}


def _plain_same(rs: Ruleset) -> bool:
    """Does the ruleset keep the default `same_choice` (the command itself)?"""
    kind = type(rs)
    got = _PLAIN_SAME.get(kind)
    if got is None:  # (the base's method known by its name: engine.ruleset imports this module)
        fn = getattr(kind, "same_choice", None)
        got = _PLAIN_SAME[kind] = (
            getattr(fn, "__module__", None) == "engine.ruleset"
            and getattr(fn, "__qualname__", None) == "Ruleset.same_choice"
        )
    return got


def _along(cmds: list[dict[str, Any]], path: list[list[Any]]) -> list[dict[str, Any]]:
    """The commands on `path` (steps `[field, value]`, or `[field]` for a field left out),
    values compared as canonical JSON (a str or int compared as itself: the same answer)."""
    enc = _canon.encode
    for stepped in path:
        f = stepped[0]
        if len(stepped) == 1:
            cmds = [c for c in cmds if f not in c]
            continue
        want = stepped[1]
        kind = type(want)
        if kind is str or kind is int:
            cmds = [c for c in cmds if type(c.get(f)) is kind and c[f] == want]
        else:
            key = enc(want)
            cmds = [c for c in cmds if f in c and enc(c[f]) == key]
    return cmds


def _first_difference(cmds: list[dict[str, Any]]) -> str:
    """The first field (in the order the commands write them) whose value differs; the
    fields are tried in that order as they are met, so the rest are never gathered."""
    tried = {"kind"}
    for c in cmds:
        for f in c:
            if f not in tried:
                tried.add(f)
                if _differs(cmds, f):
                    return f
    raise AssertionError("distinct commands differ in some field")  # unique made them so


def drawn_down(
    path: list[Any],
    options_at: Callable[[list[Any]], list[Node]],
    choose: Callable[[list[Node]], Node],
    tree: str,
) -> dict[str, Any]:
    """The command a bot's walk reaches down a ruleset's own questions from `path`: where a
    `bot_walk`'s shortcuts end, the questions are asked (`options_at`) and one option taken
    at each (`choose`) until a leaf. For trees with no picks and no step given at once."""
    while True:
        node = choose(options_at(path))
        if node.command is not None:
            return node.command
        if not isinstance(node.expand, list):
            raise AssertionError(f"{tree}: an option that is neither a leaf nor a step at {path!r}")
        path = list(node.expand)


def plain_difference(cmds: list[dict[str, Any]]) -> tuple[str, list[Any]] | None:
    """For a bot's walk that draws from a listing without building the default question (a
    ruleset's `bot_walk`): the first field in which commands of one kind differ, taken in the
    order the default grouping takes them (`_first_difference`), with each command's value
    there (a field left out is a value of its own). None when no field differs, or when a
    value met on the way is not a plain str or int: then only the tree can say how it groups."""
    tried = {"kind"}
    for c in cmds:
        for f in c:
            if f in tried:
                continue
            tried.add(f)
            values = []
            for d in cmds:
                v = d.get(f, _ABSENT)
                kind = type(v)
                if kind is not str and kind is not int and v is not _ABSENT:
                    return None
                values.append(v)
            first = values[0]
            for v in values:
                if v is not first and (type(v) is not type(first) or v != first):
                    return f, values
    return None


def _differs(cmds: list[dict[str, Any]], f: str) -> bool:
    """Do the commands' values of field `f` (or its absence) differ as canonical JSON? A
    value of the first's exact type str or int is compared as itself, anything else encoded."""
    first = cmds[0].get(f, _ABSENT)
    kind = type(first)
    fast = kind is str or kind is int
    key: bytes | None = None
    for c in cmds:
        v = c.get(f, _ABSENT)
        if v is first:
            continue
        if fast and type(v) is kind:
            if v != first:
                return True
            continue
        if key is None:
            key = b"" if first is _ABSENT else _canon.encode(first)
        if (b"" if v is _ABSENT else _canon.encode(v)) != key:
            return True
    return False


def _field_question(field: str | None) -> str:
    if field is None:
        return FIRST_QUESTION
    return _FIELD_QUESTIONS.get(field) or f"Which {humane(field)}?"


def _label(rs: Ruleset, table: Table, seat: int, cmd: dict[str, Any]) -> str:
    """The game's own sentence for the decision, as an imperative (the table's buttons'
    words); the kind and fields in words where the game's words fail."""
    try:
        return command_label(rs, table, seat, cmd)
    except Exception:  # a label is a courtesy: never a failed question
        rest = ", ".join(f"{humane(k)} {_value_words(rs, k, v)}" for k, v in cmd.items() if k != "kind")
        words = humane(str(cmd.get("kind", "?")))
        return (words[:1].upper() + words[1:]) + (f": {rest}" if rest else "")


def _preview(rs: Ruleset, table: Table, seat: int, cmd: dict[str, Any]) -> str | None:
    try:
        return rs.preview(table, seat, cmd)
    except Exception:  # as at the table server: a failed preview is none
        return None


_TRIM = ",;:—–-(" + "\u2026"


def _prefix(labels: list[str]) -> str:
    """The words every label starts with ("Play determination" of "Play determination
    (basic)" and "Play determination (sideways)"), without a dangling comma or bracket."""
    split = [lab.split() for lab in labels]
    common = []
    for words in zip(*split, strict=False):  # labels of any length: the common prefix
        if any(w != words[0] for w in words[1:]):
            break
        common.append(words[0])
    while common and (common[-1].startswith("(") or common[-1] in _TRIM):
        common.pop()
    return " ".join(common).rstrip(_TRIM).rstrip()


def _value_words(rs: Ruleset, field: str | None, v: Any) -> str:
    """One field's value in words: card ids by name, zones by their words, no JSON."""
    if field is None:
        return ""
    if v is _ABSENT:
        return f"no {humane(field)}"
    if field == "kind" and isinstance(v, str):
        return humane(v)
    if isinstance(v, str):
        zone = rs.zone_label(v)
        if zone != v:
            return zone
    return value_words(field, v, rs.zone_label)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _where(rs: Ruleset, table: Table, v: Any, position: bool) -> str | None:
    """Where a card id lies ("in Seat 1's hand"), or its place there ("4th in Seat 1's
    hand"): what tells two copies of one card apart when nothing else does."""
    if not isinstance(v, str):
        return None
    for name, zone in table.zones.items():
        cards = zone.cards
        if v in cards:
            zone_words = rs.zone_label(name)
            return f"{_ordinal(cards.index(v) + 1)} in {zone_words}" if position else f"in {zone_words}"
    return None


def _differing(rs: Ruleset, table: Table, o: _Opt, others: list[_Opt]) -> str:
    """The fields of a leaf's command that differ from the other alike leaves, in words."""
    c = o.cmds[0]
    parts = []
    for k, v in c.items():
        if k in ("kind", o.field):
            continue
        if any(_canon.encode(x.cmds[0].get(k)) != _canon.encode(v) for x in others if x is not o):
            parts.append(f"{humane(k)} {_value_words(rs, k, v)}")
    return ", ".join(parts)


def _distinct(rs: Ruleset, table: Table, opts: list[_Opt]) -> None:
    """Give options that would read alike words for what differs: the value that sets each
    apart, else the preview, else where the card lies, else its place there, else the other
    fields that differ; each tried on the whole group of alike labels, kept only if it tells
    them all apart."""

    def value(o: _Opt) -> str | None:
        words = _value_words(rs, o.field, o.value)
        vals = [x.value for x in group]
        if all(type(x) is int for x in vals) and sorted(vals) == list(range(len(vals))):
            return f"{_ordinal(o.value + 1)} {humane(o.field or '')}"  # the game's order
        return (
            f"{humane(o.field)} {words}"
            if o.field not in (None, "kind") and not words.startswith("no ")
            else words
        )

    ways: list[Callable[[_Opt], str | None]] = [
        value,
        lambda o: o.preview,
        lambda o: _where(rs, table, o.value, False),
        lambda o: _where(rs, table, o.value, True),
        lambda o: _differing(rs, table, o, group) if not o.token else None,
    ]
    for _ in range(3):  # an added word may meet another label: settle in a few passes
        alike: dict[str, list[_Opt]] = {}
        for o in opts:
            alike.setdefault(o.label.casefold(), []).append(o)
        clusters = [g for g in alike.values() if len(g) > 1]
        if not clusters:
            return
        for group in clusters:
            for way in ways:
                said = [way(o) for o in group]
                named = [s for s in said if s]
                if len(named) == len(said) and len({s.casefold() for s in named}) == len(named):
                    for o, s in zip(group, named, strict=True):
                        o.label = _with(o.label, s)
                    break
            else:  # nothing in words tells them apart: say all we know
                for o in group:
                    extra = [w for w in (way(o) for way in ways) if w]
                    o.label = _with(o.label, "; ".join(dict.fromkeys(extra)))


def _with(label: str, words: str) -> str:
    """`words` added to a label, inside the dots of a further step ("Play X (basic) …")."""
    if label.endswith(MORE):
        return f"{label[: -len(MORE)]} ({words}){MORE}"
    return f"{label} ({words})"
