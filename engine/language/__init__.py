"""One language at a time: the language of the words being made, and names said in it.

Why a module of its own: a game's rules and events never depend on the language (the golden
hashes pin them), yet everything a person reads does. Rulesets make their words in English,
with each card under its print name (German where the game's cards are German: Thunderstone's
"Fackel", DragonLords' "Ork"); the front ends (the table's server, the CLI, the exports) pass
those finished words through `say` at their boundary, which names every card, place, race and
term in the language asked for, and in German also turns the English sentences and questions
into German, pattern by pattern (`engine/language/phrases.py`).

English is the default. A name whose English is unknown keeps its print name, marked
"(print name)" (`PRINT_MARK`); see docs/languages.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

import msgspec

from engine.language import names, phrases
from engine.language.names import PRINT_MARK as PRINT_MARK  # the mark of an untranslated print name
from engine.language.names import PRINT_MARK_DE as PRINT_MARK_DE  # its German

LANGUAGES = ("en", "de")
DEFAULT = "en"
NAMES = {"en": "English", "de": "Deutsch"}
_ENGLISH_ONLY = "(auf Englisch: --lang en)"  # German words that a text has no German of

_current: ContextVar[str] = ContextVar("language", default=DEFAULT)
_game: ContextVar[str | None] = ContextVar("language_game", default=None)


def check(lang: Any) -> str:
    """`lang` if it is a language we speak ("en", "de"); a ValueError naming them otherwise.
    None or "" is the default."""
    if lang in (None, ""):
        return DEFAULT
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return str(lang)


def current() -> str:
    """The language of the words being made now."""
    return _current.get()


@contextmanager
def speaking(lang: str | None) -> Iterator[str]:
    """Make words in `lang` inside the block (the CLI's `--lang`, an API call's `?lang=`)."""
    token = _current.set(check(lang))
    try:
        yield _current.get()
    finally:
        _current.reset(token)


@contextmanager
def playing(game: str | None) -> Iterator[None]:
    """The words inside the block are of `game` (a ruleset's name): said with its own names.
    (A name may be English in one game and German in another: Epochs' "Berserker".)"""
    token = _game.set(game)
    try:
        yield
    finally:
        _game.reset(token)


def say(text: Any, lang: str | None = None, game: str | None = None, sentences: bool = True) -> Any:
    """Finished words in the language: every known name in it, and in German the sentence
    too (unless `sentences` is False: prose the phrasebook does not know, such as an option's
    doc, keeps its English with the names said). Anything but a non-empty string is given back
    as it is."""
    if not isinstance(text, str) or not text:
        return text
    return _said(text, check(lang or current()), game or _game.get(), sentences)


@lru_cache(maxsize=16384)
def _said(text: str, lang: str, game: str | None, sentences: bool) -> str:
    """`say` of one text: a pure function of its arguments (the name tables and the phrasebook
    are read once), kept, as a log repeats its sentences and the phrasebook is slow."""
    if lang != "en":  # a German print name is this language's own name: no mark
        text = text.replace(PRINT_MARK, "")
    text = names.say(text, lang, game)
    if lang != "de" or not sentences:
        return text
    label = phrases.heading(text)  # a label said exactly ("out", "hand limit"), else the sentence
    return label if label != text else phrases.german(text)


def heading(text: str, lang: str | None = None) -> str:
    """A table's column heading or a field's label ("name", "kind", "seat"), said exactly as
    the phrasebook lists it (`de.toml`'s [heading]); an unlisted one as it is."""
    if check(lang or current()) != "de":
        return text
    return phrases.heading(text)


def name(print_name: str, lang: str | None = None, game: str | None = None) -> str:
    """One name (a card's, a place's, a race's, a term's) in the language."""
    return names.name(print_name, check(lang or current()), game or _game.get())


def card_name(card: Any, lang: str | None = None, game: str | None = None) -> str:
    """A catalogue card's (`engine.cards.CardInfo`) name in the language."""
    return names.card(card, check(lang or current()), game or _game.get())


def rule_summary(game: str, rule_id: str, english: str | None, lang: str | None = None) -> str | None:
    """A rule's summary in the language: the catalogue's English one in English; in German the
    one `rules_de.toml` lists, else None (the rule is then named by its id alone: an English
    summary is never half-said in German)."""
    if check(lang or current()) != "de":
        return english
    return phrases.rules().get(game, {}).get(rule_id)


def rule_reading(game: str, rule_id: str, english: str | None, lang: str | None = None) -> str | None:
    """A rule's reading (the catalogue's `reading`) in the language, as `rule_summary`; in
    German without a listed one, a pointer to the English."""
    if check(lang or current()) != "de" or not english:
        return english
    return phrases.rules().get(game, {}).get(f"{rule_id} reading") or _ENGLISH_ONLY


def reading_question(game: str, reading_id: str, english: str, lang: str | None = None) -> str:
    """A reading's question (`engine.readings.Reading.question`) in the language: in German
    the one `readings_de.toml` lists, else a pointer to the English (never half-said)."""
    return reading_alternative(game, reading_id, "question", english, lang)  # (the same table)


def reading_alternative(
    game: str, reading_id: str, alternative: str, english: str, lang: str | None = None
) -> str:
    """What one alternative of a reading says, in the language, as `reading_question`."""
    if check(lang or current()) != "de":
        return english
    return phrases.readings().get(game, {}).get(reading_id, {}).get(alternative) or _ENGLISH_ONLY


def rule_words(game: str, rule_id: str, english: str | None, lang: str | None = None) -> str:
    """ "ID: summary" in the language, or the id alone where the language has no summary."""
    summary = rule_summary(game, rule_id, english, lang)
    return f"{rule_id}: {summary}" if summary else rule_id


def option_words(game: str, ruleset: dict[str, Any], lang: str | None = None) -> dict[str, Any]:
    """A ruleset as `registry.described()` gives it, with its words in the language: its
    summary, and per option a `label`, its `doc` and `choice_labels` (value -> words), from
    `options_de.toml` in German (a proper name it lacks: the English words, marked); the
    English `doc_en` stays beside them (the lobby reads a set's values from it)."""
    lang = check(lang or current())
    book = phrases.options().get(game, {}) if lang == "de" else {}
    out = {**ruleset, "summary": book.get("summary") or say(ruleset["summary"], lang, game, sentences=False)}
    options = {}
    for key, o in ruleset["options"].items():
        doc = book.get("doc", {}).get(key) or say(o.get("doc"), lang, game, sentences=False)
        label = book.get("label", {}).get(key) or _words(key)
        choices = {
            str(c): book.get("choice", {}).get(str(c).replace("-", "_")) or _value_words(str(c), lang, game)
            for c in o.get("choices", [])
            if isinstance(c, str)
        }
        for v in _set_values(o.get("doc") or ""):  # a set's values (Mage Knight's variants)
            choices[v] = book.get("choice", {}).get(v) or _value_words(v, lang, game)
        options[key] = {**o, "doc_en": o.get("doc"), "doc": doc, "label": label, "choice_labels": choices}
    out["options"] = options
    return out


_SET = re.compile(r"\(([a-z0-9_]+(?:,\s*[a-z0-9_]+)+)\)")


def _set_values(doc: str) -> list[str]:
    """The values a "comma-separated" option's doc lists, where their order does not matter
    (the lobby shows them as checkboxes; the same reading as lobby.js's setValues)."""
    m = _SET.search(doc) if "comma-separated" in doc and "order" not in doc else None
    return [v.strip() for v in m[1].split(",")] if m else []


def _value_words(value: str, lang: str, game: str) -> str:
    """A value the book does not list: a print name ("Drachenturm") as its name is said; an
    id ("full_conquest") by its English words, marked in German (a proper name no German source
    gives)."""
    if not any(ch in value for ch in "_-") and not value.islower():
        return str(say(value, lang, game, sentences=False))
    return _words(value) + (PRINT_MARK_DE if lang == "de" else "")


def _words(key: str) -> str:
    """An option's key or value as words: "first_reconnaissance" -> "First reconnaissance"."""
    text = " ".join(key.replace("-", " ").replace("_", " ").split())
    return text[:1].upper() + text[1:]


WORD_KEYS = frozenset({"label", "question", "preview", "text", "entry_text", "name", "title", "reason"})
"""The keys of the table's answers whose string values are words a person reads."""


def words(
    data: Any, lang: str | None = None, keys: frozenset[str] = WORD_KEYS, game: str | None = None
) -> Any:
    """A JSON-like answer (dicts, lists) with the strings under `keys` said in the language
    (`say`); other values (commands, ids, numbers) untouched. Structs are taken as builtins.
    `game` names the ruleset whose words these are."""
    if game is not None:
        with playing(game):
            return words(data, lang, keys)
    lang = check(lang or current())
    if isinstance(data, msgspec.Struct):
        data = msgspec.to_builtins(data)
    if isinstance(data, dict):
        return {
            k: say(v, lang) if k in keys and isinstance(v, str) else _inner(k, v, lang, keys)
            for k, v in data.items()
        }
    if isinstance(data, list):
        return [words(x, lang, keys) for x in data]
    return data


def _inner(key: str, v: Any, lang: str, keys: frozenset[str]) -> Any:
    if key in ("command", "expand", "value", "data"):
        return v  # what is played, never read
    if key == "numbers" and isinstance(v, list):  # a panel's (label, value) pairs
        return [
            [say(x[0], lang), say(x[1], lang)] if isinstance(x, (list, tuple)) and len(x) == 2 else x
            for x in v
        ]
    if key == "zone_labels" and isinstance(v, dict):
        return {z: say(w, lang) for z, w in v.items()}
    if key in ("labels",) and isinstance(v, list):
        return [say(x, lang) for x in v]
    if key in ("labels", "previews") and isinstance(v, dict):
        return {s: [say(x, lang) for x in xs] for s, xs in v.items()}
    if key == "previews" and isinstance(v, list):
        return [say(x, lang) for x in v]
    return words(v, lang, keys)
