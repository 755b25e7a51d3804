"""The detectors of one language at a time (issue 28 item 4), shared by every language test
(the table's words, the CLI, the lobby, the report): German names in English words, and
English-only terms in German words.

English-only terms are the English words the rulesets and the front ends make that German does
not share (ENGLISH_ONLY: the UI's words and the games' terms); names are taken out first (a
card's print name is English where the game's German name is unknown). What a person pastes
rather than reads (a command's JSON, an option's `key=value`, a rule's or event's id) is the
same in every language and is left out by `readable`.
"""

from __future__ import annotations

import re

from engine import language
from engine.language import names

_TERMS = """the and of to from with is are goes go set up face down shuffled turn card cards seat
    plays play buys buy attacks chooses choose passes gains gain loses has have hand deck discard
    pile village dungeon hero heroes monster rank step moves on at for by what do you your which
    nothing now undo back event magic light strength health total against wins victory survives
    rest enter visit destroy equip use player players every each one two this that his her their
    draw units unit realm army armies place territory kingdom ship ships move fame level
    reputation armour crystals influence damage round phase none yes no takes left empty refills
    still resolve effect carries weight spend unspent had costs game begins over nobody"""
ENGLISH_ONLY = frozenset(_TERMS.split())
_CAPITALISED = """The Seat What Which Turn Undo Nothing Choose Visit Enter Attack Buy Destroy Equip Use
    Pass Play Game Draw Move Place Rank Round Village Hero Heroes Deck Discard Damage Your Every
    Each One Two This That Still Drawn Gains Takes"""
CAPITALISED = frozenset(_CAPITALISED.split())  # at a sentence's start (Hand, Dungeon, Rest are German)
WORD = re.compile(r"[A-Za-zÄÖÜäöüß']+")

PASTED = re.compile(
    r"\{[^{}]*\}"  # a command's JSON
    r"|runeledger [a-z]+(?: \S+)*"  # a command line to paste
    r"|--[a-z-]+"  # a flag
    r"|(?<!\w)/[\w./-]+"  # a file's path
    r"|\S*[A-Za-z0-9][_=#]\S*"  # an id, a key=value, an instance (Forge#1)
    r"|\b[A-Za-z]+(?:[.:][\w/-]+)+"  # an event's kind (cmd.play), a rule's id (MK:4:Round:3a)
)
"""What is the same in every language: pasted, not read."""


def readable(text: str) -> str:
    """`text` without what a person pastes (commands, ids, options as `key=value`)."""
    return PASTED.sub(" ", text)


MARKED = re.compile(r"[^(),;:]*" + re.escape(language.PRINT_MARK_DE))
"""An English print name German words show marked (no German source names it): a name."""


def english_terms(text: str, game: str | None) -> list[str]:
    """The English-only words of `text` once its names are taken out."""
    pat = names.table(game).pattern["any"]
    bare = pat.sub(" ", text) if pat is not None else text
    bare = MARKED.sub(" ", bare)
    bare = bare.replace(language.PRINT_MARK, " ")
    return [w for w in WORD.findall(bare) if w in ENGLISH_ONLY or w in CAPITALISED]


def english_left(game: str | None, read: dict[str, list[str]]) -> dict[str, list[str]]:
    """The English-only words left in what is read (`where -> strings`), by where and text."""
    return {
        f"{where}: {s[:160]}": found
        for where, strings in read.items()
        for s in strings
        if (found := english_terms(s, game))
    }


def german_in(game: str | None, read: dict[str, list[str]]) -> dict[str, str]:
    """German names found in what is read (`where -> strings`), each with the first text it
    is in."""
    german = names.german_names(game)
    found: dict[str, str] = {}
    for where, strings in read.items():
        for s in strings:
            for n in names.named(s, game):
                if n in german:
                    found.setdefault(n, f"{where}: {s[:200]}")
    return found
