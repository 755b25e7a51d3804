"""The strict boundary (invariant 9): what may reach the pipeline as a command or a seat.

Everything a user, a socket or a script hands in passes here first. Shapes are checked
before any rule looks at them, so rule code (legal-move matching, `explain`) only ever sees
JSON-sized values: a flat-ish object of strings, safe integers, booleans, null and short
lists. Whether the command is legal is then decided by exact match against
`legal_commands`, which is the strictest schema there is.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from engine.errors import BadInput, IllegalCommand

if TYPE_CHECKING:
    from engine.table import Table

MAX_COMMAND_BYTES = 16 * 1024
MAX_DEPTH = 6  # the object itself is depth 1
MAX_STRING = 1024
MAX_ITEMS = 256  # per list or object
MAX_KEY = 64
SAFE_INT = 2**53  # integers beyond this do not survive JavaScript clients
RULE = "CORE-5"


def _bad(what: str) -> BadInput:
    return BadInput(RULE, what)


def parse_command(text: str | bytes) -> dict[str, Any]:
    """JSON text -> a checked command. Size and nesting are bounded before parsing."""
    return check_command(parse_json(text))


def parse_json(text: str | bytes, rule: str = RULE) -> Any:
    """Any JSON input from outside, with the same bounds as a command."""
    try:
        return _parse(text)
    except BadInput as exc:
        raise BadInput(rule, exc.reason) from None


def _parse(text: str | bytes) -> Any:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _bad(f"the command is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if len(text) > MAX_COMMAND_BYTES:
        raise _bad(f"the command is {len(text)} characters long; the limit is {MAX_COMMAND_BYTES}")
    depth = _nesting(text)
    if depth > MAX_DEPTH:
        raise _bad(f"the command nests {depth} levels deep; the limit is {MAX_DEPTH}")
    try:
        value = json.loads(
            text,
            parse_constant=_no_constant,
            parse_int=_bounded_int,
            parse_float=_no_float,
            object_pairs_hook=unique_keys,
        )
    except BadInput:
        raise
    except (ValueError, RecursionError) as exc:
        raise _bad(f"the command is not valid JSON ({exc})") from None
    return value


MAX_DOCUMENT_DEPTH = 16  # a request body: the command (MAX_DEPTH) inside, options' tables


def parse_document(text: str | bytes, what: str = "the body", max_depth: int = MAX_DOCUMENT_DEPTH) -> Any:
    """A JSON document from outside that is not a command (a request body): strict UTF-8, no
    key named twice, no NaN or Infinity, and nesting bounded before json.loads recurses, so
    a deep document is refused with its depth instead of ending in a RecursionError. The
    caller bounds the size; the values' meaning is checked by whoever reads them."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _bad(f"{what} is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    depth = _nesting(text, max_depth)
    if depth > max_depth:
        raise _bad(f"{what} nests more than {max_depth} levels deep (the limit)")
    try:
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=unique_keys)
    except BadInput:
        raise
    except (ValueError, RecursionError) as exc:  # RecursionError: a last guard, not expected
        raise _bad(f"{what} is not JSON ({exc})") from None


def ascii_number(text: str) -> int | None:
    """A non-negative integer written with the digits 0-9 only, or None. `str.isdigit` and
    `int` accept more (`'²'.isdigit()` is true and `int('²')` raises; `int('٣')` is 3,
    `int(' 3')`, `int('1_0')` and `int('+3')` parse too): a number from outside is read one
    way, the one every client and log shows."""
    if not text or not text.isascii() or not text.isdigit():
        return None
    return int(text)


def ascii_int(text: str) -> int | None:
    """An integer in the digits 0-9 with an optional leading minus, or None (`ascii_number`)."""
    n = ascii_number(text[1:] if text.startswith("-") else text)
    return None if n is None else -n if text.startswith("-") else n


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """json's object_pairs_hook: an object naming a key twice is refused, since parsers differ
    on which one wins (Python the last, others the first), so a client could show one command
    and the engine play another."""
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise _bad(f"the key {_short(k)} is named twice in one object")
        out[k] = v
    return out


def check_command(value: Any) -> dict[str, Any]:
    """A Python value handed to the API -> the same value, or BadInput naming the fault."""
    if not isinstance(value, dict):
        raise _bad(f'a command is a JSON object with a string "kind", not {_kind(value)}')
    kind = value.get("kind")
    if not isinstance(kind, str) or not kind:
        raise _bad('a command needs a non-empty string "kind"')
    _check(value, "command", 1)
    return value


def check_seat(seat: Any, players: int) -> int:
    """Seats are the integers 0..players-1; True, 0.0 and "0" are not seats."""
    if type(seat) is not int:
        raise _bad(
            f"a seat is given by its index, an integer 0..{players - 1} (0 for Seat 1), not {_kind(seat)} {_short(seat)}"
        )
    if not 0 <= seat < players:
        raise _bad(
            f"no seat has the index {_short(seat)}: this game has Seat 1 to Seat {players}, indices 0 to {players - 1}"
        )
    return seat


def check_game_id(game_id: Any) -> str:
    if not isinstance(game_id, str) or not 0 < len(game_id) <= 200:
        raise _bad(f"a game id is a non-empty string of at most 200 characters, not {_kind(game_id)}")
    return game_id


def _check(v: Any, where: str, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise _bad(f"{where} nests deeper than {MAX_DEPTH} levels")
    if v is None or isinstance(v, bool):
        return
    if isinstance(v, int):
        if not -SAFE_INT <= v <= SAFE_INT:
            raise _bad(f"{where} is an integer outside ±2^53")
        return
    if isinstance(v, str):
        if len(v) > MAX_STRING:
            raise _bad(f"{where} is a string of {len(v)} characters; the limit is {MAX_STRING}")
        if not v.isascii():
            try:
                v.encode("utf-8")
            except UnicodeEncodeError:
                raise _bad(f"{where} is not valid Unicode text (lone surrogate)") from None
        return
    if isinstance(v, dict):
        if len(v) > MAX_ITEMS:
            raise _bad(f"{where} has {len(v)} keys; the limit is {MAX_ITEMS}")
        for k, item in v.items():
            if not isinstance(k, str) or len(k) > MAX_KEY:
                raise _bad(f"{where} has a key that is not a short string: {_short(k)}")
            _check(k, f"{where} key", depth + 1)
            _check(item, f"{where}.{k}", depth + 1)
        return
    if isinstance(v, list):
        if len(v) > MAX_ITEMS:
            raise _bad(f"{where} is a list of {len(v)} items; the limit is {MAX_ITEMS}")
        for i, item in enumerate(v):
            _check(item, f"{where}[{i}]", depth + 1)
        return
    raise _bad(
        f"{where} is {_kind(v)}; commands hold only strings, integers, booleans, null, lists and objects"
    )


def _nesting(text: str, limit: int = MAX_DEPTH) -> int:
    """Deepest bracket nesting outside strings, counted up to one past `limit`: checked
    before json.loads can recurse."""
    deepest = depth = 0
    in_str = escaped = False
    for ch in text:
        if in_str:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > 16:
        raise _bad(f"the number {text[:20]}… has too many digits (integers are within ±2^53)")
    return int(text)


def _no_float(text: str) -> Any:
    raise _bad(f"the number {text[:20]} is not an integer; commands hold no fractions")


def _no_constant(text: str) -> Any:
    raise _bad(f"{text} is not a JSON number")


def _kind(v: Any) -> str:
    return {
        bool: "a boolean",
        int: "an integer",
        float: "a number with a fraction",
        str: "a string",
        list: "a list",
        dict: "an object",
        type(None): "null",
    }.get(type(v), f"a {type(v).__name__}")


def _short(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def check_forced(outcomes: Any, table: Table, dice: dict[str, Any]) -> dict[str, list[Any]]:
    """Forced chance outcomes (invariant 3), checked when given: a face the die lacks or a card
    no zone holds would otherwise be accepted now and abort some later command."""
    if not isinstance(outcomes, dict) or not outcomes:
        raise BadInput("CORE-3F", 'forced outcomes are {"stream": [outcome, ...]}')
    _check(outcomes, "outcomes", 1)
    cards = {c for z in table.zones.values() for c in z.cards}
    for stream, values in outcomes.items():
        if not isinstance(values, list) or not values:
            raise BadInput("CORE-3F", f"{stream}: give a non-empty list of outcomes")
        family, _, name = stream.partition(":")
        if family == "die":
            die = dice.get(name)
            if die is None:
                raise IllegalCommand(
                    "CORE-3F",
                    f"{stream}: this game rolls no die {name!r} "
                    f"(its dice: {', '.join(sorted(dice)) or 'none'})",
                )
            wrong = [v for v in values if v not in die.faces]
            if wrong:
                raise IllegalCommand(
                    "CORE-3F", f"{stream}: {wrong[0]!r} is not a face of die {name} {list(die.faces)}"
                )
        elif family == "shuffle":
            if name not in table.zones:
                raise IllegalCommand("CORE-3F", f"{stream}: there is no zone {name!r}")
            for top in values:
                if not isinstance(top, list) or not all(isinstance(c, str) for c in top):
                    raise BadInput("CORE-3F", f"{stream}: each outcome is a list of card ids to put on top")
                unknown = [c for c in top if c not in cards]
                if unknown or len(set(top)) != len(top):
                    raise IllegalCommand(
                        "CORE-3F",
                        f"{stream}: {(unknown or top)[0]!r} is not a card of this game, or is named twice",
                    )
        elif family == "pick":
            if not all(isinstance(v, list) for v in values):
                raise BadInput("CORE-3F", f"{stream}: each outcome is the list picked")
        else:
            raise BadInput("CORE-3F", f"{stream!r}: streams are die:<die>, shuffle:<zone> or pick:<stream>")
    return outcomes


def number(text: str) -> int:
    """An integer argument (event number, seat, version, count) within SQLite's range: a bigger
    one can name nothing stored, and would fail deep in the store as an internal error."""
    n = ascii_int(text)
    if n is None:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a whole number (write it with the digits 0-9, a minus sign before if negative)"
        )
    if not -(2**63) <= n < 2**63:
        raise argparse.ArgumentTypeError(f"{text} is out of range (at most 2^63-1 either way)")
    return n


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """`--option KEY=VALUE` arguments -> {key: value}; a key given twice is refused, as a JSON
    key named twice is (unique_keys)."""
    opts: dict[str, str] = {}
    for p in pairs or []:
        if "=" not in p:
            raise BadInput(None, f"--option needs key=value, got {p!r}")
        k, v = p.split("=", 1)
        if k in opts:
            raise BadInput(None, f"--option {k} is given twice ({opts[k]!r} and {v!r}); give it once")
        opts[k] = v
    return opts
