"""A payment string (mana.payment: "die:2+crystal:red+discard:march") in words: the mana by
colour and where it comes from, and the cards given up."""

from __future__ import annotations

from typing import Any

from engine.games.mage_knight.words import names
from engine.narration import and_list


def parts(pay: str) -> tuple[list[tuple[str, str]], list[str], list[str]]:
    """(mana sources as (kind, what), cards discarded, cards thrown away)."""
    mana, discard, throw = [], [], []
    for x in (pay or "").split("+"):
        kind, _, what = x.partition(":")
        if kind == "discard":
            discard.append(what)
        elif kind == "throw":
            throw.append(what)
        elif kind:
            mana.append((kind, what))
    return mana, discard, throw


def one(table: Any, kind: str, what: str, live: bool) -> str:
    if kind == "die":
        face = names.die(table, what, live)
        return (
            f"{face.removeprefix('the ').removesuffix(' die')} mana from the Source"
            if face.startswith("the ")
            else "mana from the Source"
        )
    if kind == "stolen":
        return "mana of the stolen die"
    if kind == "crystal":
        return f"{what} mana from a crystal"
    if kind == "token":
        return f"{what} mana from a token"
    if kind == "endless":
        return f"endless {what} mana"
    return names.plain(f"{kind} {what}")


def mana(table: Any, pay: str, live: bool) -> str:
    """ "green mana from the Source and black mana from a token"; "" for no mana."""
    return and_list([one(table, k, w, live) for k, w in parts(pay)[0]]) if parts(pay)[0] else ""


def given_up(pay: str) -> str:
    """ ", discarding Stamina", ", throwing away Rage"; "" for none."""
    _, discard, throw = parts(pay)
    out = ""
    if discard:
        out += f", discarding {names.cards(discard)}"
    if throw:
        out += f", throwing away {names.cards(throw)}"
    return out
