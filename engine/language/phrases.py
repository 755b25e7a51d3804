"""German sentences from the English ones the rulesets make: a phrasebook at the boundary.

The rulesets word their questions, options and log in English; here each known English
pattern becomes its German sentence (`de.toml`: `[[phrase]]` regular expressions with their
replacement, tried in order, then `[[word]]` whole words). What no pattern covers stays
English; the German tests measure how much that is, per ruleset (docs/languages.md).
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent


@cache
def book() -> tuple[list[tuple[re.Pattern[str], str]], re.Pattern[str] | None, dict[str, str]]:
    doc = tomllib.loads((HERE / "de.toml").read_text(encoding="utf-8"))
    phrases = [(re.compile(p["en"]), p["de"]) for p in doc.get("phrase", [])]
    words: dict[str, str] = {}
    for w in doc.get("word", []):
        words[w["en"]] = w["de"]
    alts = "|".join(re.escape(k) for k in sorted(words, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w-])(?:{alts})(?![\w-])") if words else None
    return phrases, pattern, words


@cache
def headings() -> dict[str, str]:
    return dict(tomllib.loads((HERE / "de.toml").read_text(encoding="utf-8")).get("heading", {}))


def heading(text: str) -> str:
    return headings().get(text, text)


def german(text: str) -> str:
    phrases, pattern, words = book()
    for pat, repl in phrases:
        text = pat.sub(repl, text)
    if pattern is not None:
        text = pattern.sub(lambda m: words[m.group(0)], text)
    return text
