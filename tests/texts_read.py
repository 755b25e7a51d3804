"""Everything a person reads of a seeded bot game, as plain strings (issue 28 item 4): the
choices from the first question and one level down, the log's entries, the panels, the
catalogue's card names and texts. The language tests search these for the wrong language's
names; they pass through the same calls the table's server makes."""

from __future__ import annotations

from typing import Any

import msgspec

from bots.random_bot import bot_rng, decide
from engine import language
from engine.pipeline import Engine
from projections.views import log_view
from server.words import entries_of, worded
from store import EventStore

RULESETS = ("duel", "epochs", "thunderstone", "rune-age", "mage-knight", "dragonlords")


def strings(node: Any, out: list[str], lang: str = "en") -> list[str]:
    """The strings a person reads in an answer (`engine.language.WORD_KEYS`), in order."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k in language.WORD_KEYS and isinstance(v, str):
                out.append(v)
            elif k == "top" and isinstance(v, str):  # a pile's top card: the page names it
                out.append(language.name(v, lang))  # from the catalogue, in the page's language
            elif k == "numbers":
                out += [str(x) for pair in v for x in pair]
            elif k not in ("command", "expand", "value", "data"):
                strings(v, out, lang)
    elif isinstance(node, list):
        for x in node:
            strings(x, out, lang)
    return out


def game(name: str, moves: int = 300, seed: str = "lang") -> tuple[Engine, str]:
    """A seeded two-seat game after some bot decisions."""
    eng = Engine(EventStore(":memory:", clock=lambda: 0.0))
    gid = eng.create(name, 2, seed)
    rng = bot_rng(f"lang:{name}")
    for _ in range(moves):
        if decide(eng, gid, rng) is None:
            break
    return eng, gid


def texts(eng: Engine, gid: str, lang: str) -> dict[str, list[str]]:
    """What a person reads, in `lang`, by where it is shown."""
    rs, t = eng.ruleset(gid), eng.table(gid)
    with language.playing(rs.name):
        return _texts(eng, gid, rs, t, lang)


def _texts(eng: Engine, gid: str, rs: Any, t: Any, lang: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"choices": [], "log": [], "panels": [], "cards": []}
    for seat in range(t.players):
        tree = msgspec.to_builtins(eng.choices(gid, seat))
        strings(language.words(tree, lang), out["choices"], lang)
        for o in tree["options"][:12]:
            if isinstance(o.get("expand"), str):
                step = msgspec.to_builtins(eng.choices(gid, seat, o["expand"]))
                strings(language.words(step, lang), out["choices"], lang)
    stored = eng.store.read(gid, 1)
    events = worded(rs, t, log_view(rs, stored, 0))
    entries = entries_of(rs, t, events, [e.command_id for e in stored])
    out["log"] = strings(language.words(entries, lang), [], lang)
    strings(language.words(rs.panels(t, 0), lang), out["panels"], lang)
    for c in rs.cards():
        out["cards"] += [language.card_name(c, lang), language.say(c.text, lang)]
    return out
