"""German sentences from the English ones the rulesets make: a phrasebook at the boundary.

The rulesets word their questions, options and log in English; here each known English
pattern becomes German (`de.toml`). A text is cut into clauses (a log entry joins its
consequences with " — " and "; "); each clause that a `[[clause]]` pattern matches whole is
rewritten by it; then, over the whole text, `[[phrase]]` patterns (zones, seats, counts) and
`[word]` whole words; `[[before]]` patterns (effects quoted inside a sentence) go first. What no pattern covers stays English; test_language_german.py measures
how much that is, per ruleset (docs/languages.md).
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SPLIT = re.compile(r"( — |; )")  # clause boundaries, kept as they are
COLON = re.compile(r"(: )")  # a label and its value, or a question and its answer


class Book:
    def __init__(self, doc: dict[str, Any]):
        self.before = [(re.compile(p["en"]), p["de"]) for p in doc.get("before", [])]
        self.clauses = [(re.compile(c["en"]), c["de"]) for c in doc.get("clause", [])]
        nouns: dict[str, str] = doc.get("noun", {})
        alts = "|".join(re.escape(k) for k in sorted(nouns, key=len, reverse=True))
        self.nouns = nouns
        self.seat_noun = re.compile(rf"\bSeat (\d+)'s ({alts})\b") if nouns else None
        self.the_noun = re.compile(rf"\b[Tt]he ({alts})\b") if nouns else None
        self.phrases = [(re.compile(p["en"]), p["de"]) for p in doc.get("phrase", [])]
        words: dict[str, str] = doc.get("word", {})
        self.words = {**{k: v for k, v in nouns.items()}, **words}
        walts = "|".join(re.escape(k) for k in sorted(self.words, key=len, reverse=True))
        # a whole word, never a part of an option or id ("entry_space_counts=no", "v:Miliz")
        self.word = re.compile(rf"(?<![\w=:./-])(?:{walts})(?![\w=-])") if self.words else None
        self.headings: dict[str, str] = doc.get("heading", {})


def _toml(name: str) -> dict[str, Any]:
    return tomllib.loads((HERE / name).read_text(encoding="utf-8"))


@cache
def book() -> Book:
    return Book(_toml("de.toml"))


@cache
def rules() -> dict[str, dict[str, str]]:
    """The rules' German summaries per ruleset (`rules_de.toml`)."""
    return _toml("rules_de.toml")


@cache
def options() -> dict[str, dict[str, Any]]:
    """The rulesets' options in German per ruleset (`options_de.toml`)."""
    return _toml("options_de.toml")


@cache
def readings() -> dict[str, dict[str, dict[str, str]]]:
    """The readings' questions and alternatives in German per ruleset (`readings_de.toml`)."""
    return _toml("readings_de.toml")


def heading(text: str) -> str:
    return book().headings.get(text, text)


def clause(text: str) -> str:
    """One clause by the first `[[clause]]` pattern that matches it whole without taking a
    label's colon into a part; else its parts around a colon each so ("Still to resolve:
    reduce from Krankheit"); else by a pattern that takes the colon in; else as it is."""
    said = _clause(text, strict=True)
    if said is not None:
        return said
    parts = COLON.split(text)
    said_parts = [p if i % 2 else _clause(p, strict=True) for i, p in enumerate(parts)]
    if len(parts) > 1 and any(x is not None for x in said_parts[::2]):
        return "".join(x if x is not None else p for x, p in zip(said_parts, parts, strict=True))
    return _clause(text, strict=False) or text


def _clause(text: str, strict: bool) -> str | None:
    for pat, repl in book().clauses:
        m = pat.fullmatch(text)
        if m and not (strict and any(g and ": " in g for g in m.groups())):
            return m.expand(repl)
    return None


def german(text: str) -> str:
    b = book()
    for pat, repl in b.before:  # effects quoted inside a sentence, before it is cut
        text = pat.sub(repl, text)
    body, end = (text[:-1], ".") if text.endswith(".") else (text, "")
    parts = SPLIT.split(body)
    said = "".join(p if i % 2 else clause(p) for i, p in enumerate(parts))
    if b.seat_noun is not None and b.the_noun is not None:
        said = b.seat_noun.sub(lambda m: f"{b.nouns[m.group(2)]} (Platz {m.group(1)})", said)
        said = b.the_noun.sub(lambda m: b.nouns[m.group(1)], said)
    for pat, repl in b.phrases:
        said = pat.sub(repl, said)
    if b.word is not None:
        said = b.word.sub(lambda m: b.words[m.group(0)], said)
    return said + end
