"""Every name of every game in English and German: the catalogues' print and English names,
and each game's own `language.toml` (places, races, terms; German print names whose English is
unknown; the German of English print names), as two lookups, German -> English and English ->
German, applied to finished words as whole words, longest name first.

Which language a game's print names are in is the game's `print_language` (Thunderstone's,
Rune Age's and DragonLords' cards are German, Mage Knight's, Epochs' and Duel's English); where
each pair comes from is said in the game's CONTENT.md.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from engine.cards import CardInfo

GAMES = Path(__file__).resolve().parent.parent / "games"
PRINT_MARK = " (print name)"
"""Put after a German print name in English words when the card's English name is unknown."""
PRINT_MARK_DE = " (Originalname)"
"""Put after an English print name in German words when the game lists it as one whose German
name no source gives (its `language.toml`'s `english_only`)."""


class Names:
    """The two lookups and their patterns. Every known name is in both patterns, the ones that
    stay as they are too: a longer name wins over a shorter one inside it ("Veteran Berserker"
    stays English though "Berserker" is DragonLords' German "Berserk")."""

    def __init__(
        self,
        pairs: list[tuple[str | None, str | None]],
        keep: set[str],
        german: Sequence[tuple[str, str]] = (),
    ):
        self.to_en: dict[str, str] = {}
        self.to_de: dict[str, str] = dict((en, de) for de, en in german)  # said in German only
        for de, en in pairs:
            if de is None:
                if en is not None:
                    self.to_de.setdefault(en, en + PRINT_MARK_DE)
            elif en is None:
                self.to_en.setdefault(de, de + PRINT_MARK)
            elif de != en:
                self.to_en.setdefault(de, en)
                self.to_de.setdefault(en, de)
        for en in list(self.to_de):  # a German name that is also another card's
            if en in self.to_en:  # English one is left alone in German words
                del self.to_de[en]
        words = keep | set(self.to_en) | set(self.to_de)
        self.pattern = {
            "en": _pattern(words, PRINT_MARK),
            "de": _pattern(words, PRINT_MARK_DE),
            "any": _pattern(words, ""),  # every name, no mark looked at
        }


def _trie(words: list[str]) -> str:
    """One regular expression matching any of `words`, as a trie (fast on long texts),
    longest first."""
    tree: dict[str, Any] = {}
    for w in words:
        node = tree
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def walk(node: dict[str, Any]) -> str:
        ends = "" in node
        alts = [re.escape(ch) + walk(sub) for ch, sub in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if ends else body

    return walk(tree)


def _pattern(words: set[str], mark: str) -> re.Pattern[str] | None:
    if not words:
        return None
    after = rf"(?!\w)(?!{re.escape(mark)})" if mark else r"(?!\w)"
    return re.compile(rf"(?<![\w:-])(?:{_trie(sorted(words))}){after}")


def game_file(package: str) -> dict[str, Any]:
    """A game's `language.toml` ({} for a game without one)."""
    path = GAMES / package / "language.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def pairs_of(package: str, cards: list[Any]) -> list[tuple[str | None, str | None]]:
    """(German or None, English or None) for every name of one game that differs between the
    two (None: no source gives it)."""
    doc = game_file(package)
    out: list[tuple[str | None, str | None]] = []
    for n in doc.get("name", []):
        out.append((n["de"], n.get("en")))
    out += [(None, en) for en in doc.get("english_only", [])]
    known = {d for d, _ in out}
    german = doc.get("print_language", "en") == "de"
    untranslated = set(doc.get("german_only", []))
    for c in cards:
        if german:
            if c.english_name and c.english_name != c.name:
                out.append((c.name, c.english_name))
            elif c.name in untranslated and c.name not in known:
                out.append((c.name, None))
    return out


@cache
def table(game: str | None = None) -> Names:
    """One game's names (`game`: its ruleset's name, "rune-age"), or all games' at once where
    the game is not known (the first game's meaning of a name wins: Epochs' "Berserker" is
    English, DragonLords' German, so words of a known game are said with its own names)."""
    from engine import registry

    pairs: list[tuple[str | None, str | None]] = []
    german: list[tuple[str, str]] = []
    keep: set[str] = set()
    rulesets = registry.rulesets()
    for rs in rulesets.values() if game not in rulesets else [rulesets[game]]:
        package = type(rs).__module__.split(".")[2]
        try:
            cards = list(rs.cards())
        except Exception:  # a catalogue that fails names nothing here; its own tests say why
            cards = []
        pairs += pairs_of(package, cards)
        german += [(n["de"], n["en"]) for n in game_file(package).get("german", [])]
        keep |= {n for c in cards for n in (c.name, c.english_name) if n}
    return Names(pairs, keep, german)


def say(text: str, lang: str, game: str | None = None) -> str:
    names = table(game)
    pat = names.pattern[lang]
    if pat is None:
        return text
    lookup = names.to_en if lang == "en" else names.to_de
    return pat.sub(lambda m: lookup.get(m.group(0), m.group(0)), text)


def name(print_name: str, lang: str, game: str | None = None) -> str:
    names = table(game)
    lookup = names.to_en if lang == "en" else names.to_de
    return lookup.get(print_name, print_name)


def card(c: CardInfo, lang: str, game: str | None = None) -> str:
    """A catalogue card's name: its English name in English (its print name, marked, where
    that is German and the English unknown), its German name in German."""
    names = table(game)
    if lang == "en":
        return c.english_name or names.to_en.get(c.name, c.name)
    return names.to_de.get(c.name, c.name)


def german_names(game: str | None = None) -> set[str]:
    """Every German name that differs from its English one (for the tests of English words)."""
    return {de for de, en in table(game).to_en.items() if not en.endswith(PRINT_MARK)}


def english_names(game: str | None = None) -> set[str]:
    """Every English name that has a German one differing from it."""
    return set(table(game).to_de)


def named(text: str, game: str | None = None) -> list[str]:
    """The known names in `text` as a reader takes them (the longest name at each place, a
    print name marked "(print name)" left out): what the language tests look through."""
    pat = table(game).pattern["any"]
    if pat is None:
        return []
    return [m.group(0) for m in pat.finditer(text) if not text.startswith(PRINT_MARK, m.end())]
