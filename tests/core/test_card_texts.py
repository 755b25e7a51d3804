"""Every card of every ruleset reads as a card (issue 28, item 3): its text is words a player
reads, made from the effect the engine plays, never effect code, an instance id or an internal
identifier, never an empty option ("choose one: )") or a "0" effect the card does not print
("Move 0"), and never empty where the card does something."""

from __future__ import annotations

import re

import pytest

from engine import registry
from engine.cards import CardInfo
from tests.choice_checks import bad_words

CAMEL = re.compile(r"\b[a-z]+[A-Z][A-Za-z]*\b")  # excludeArcaneImmune
KEY_VALUE = re.compile(r"\b\w+=\S")  # discard_cost=1
BRACKETS = re.compile(r"[\[\]{}]")
EMPTY_OPTION = re.compile(r"(choose one|one of|or|either)\s*[:,]?\s*[)\].;]|:\s*\)|\(\s*\)")
ZERO_EFFECT = re.compile(
    r"\b(Move|Attack|Block|Influence|Heal|Draw|Fame|Reputation|Strength|Gold) [+-]?0\b", re.I
)
CONSTANT = re.compile(r"\b[A-Z]+_[A-Z_]+\b")  # RULE_IGNORE_FORTIFICATION, COMBAT_PHASE_BLOCK
# Cards that print a 0 effect themselves: (ruleset, name) -> why
PRINTS_ZERO: dict[tuple[str, str], str] = {}


def why_not_words(text: str) -> str | None:
    """Why a card's text is not words a player reads, or None."""
    if why := bad_words(text):
        return why
    for pattern, why in (
        (CAMEL, "a camelCase identifier"),
        (KEY_VALUE, "a key=value pair"),
        (BRACKETS, "brackets or braces"),
        (CONSTANT, "an engine constant"),
        (EMPTY_OPTION, "an empty option"),
        (ZERO_EFFECT, "a 0 effect"),
    ):
        if m := pattern.search(text):
            return f"{why} ({m.group(0)!r})"
    return None


def every_card() -> list[tuple[str, CardInfo]]:
    return [(name, c) for name in registry.rulesets() for c in registry.get(name).cards()]


CARDS = every_card()


@pytest.mark.parametrize("ruleset", registry.rulesets())
def test_every_ruleset_has_a_catalogue(ruleset):
    assert registry.get(ruleset).cards(), f"{ruleset} lists no card"


def test_every_card_text_is_words():
    bad = []
    for ruleset, c in CARDS:
        why = why_not_words(c.text)
        if why and not (ZERO_EFFECT.search(c.text) and (ruleset, c.name) in PRINTS_ZERO):
            bad.append(f"{ruleset} {c.kind} {c.name!r}: {why} in {c.text!r}")
        if c.kind and (why := bad_words(c.kind)):
            bad.append(f"{ruleset} {c.name!r}: its kind {c.kind!r} is {why}")
    assert not bad, "\n".join(bad[:40]) + f"\n({len(bad)} in all)"


def test_every_card_that_does_something_says_so():
    """A card without text must be one that prints none: no effect tree, no rule."""
    empty = [f"{ruleset} {c.kind} {c.name!r}" for ruleset, c in CARDS if not c.text.strip()]
    assert not empty, "cards without text: " + ", ".join(empty)


def test_mage_knight_cards_read_as_printed():
    """The issue's examples: "Basic: Move 2. Powered (green): Move 4"; Improvisation's options
    with the discard they cost; a Wound does nothing (no "move 0")."""
    cards = {c.name: c for c in registry.get("mage-knight").cards()}
    assert cards["March"].text == "Basic: Move 2. Powered (green): Move 4"
    assert cards["Improvisation"].text == (
        "Basic: Discard a card: Move 3, Influence 3, Attack 3 or Block 3. "
        "Powered (red): Discard a card: Move 5, Influence 5, Attack 5 or Block 5"
    )
    assert "0" not in cards["Wound"].text
    assert cards["Rage"].text == "Basic: Attack 2 or Block 2. Powered (red): Attack 4"
    assert "Ice Block 5" in cards["Cold Toughness"].text


def test_a_stand_in_card_is_marked():
    """A value, count or reading of ours (not the box's) marks the card as a stand-in."""
    dl = {c.name: c for c in registry.get("dragonlords").cards()}
    assert dl["Elf"].stand_in  # its attack is not printed
    assert not dl["Ork"].stand_in
    assert "§" not in dl["Elf"].text and "GAP" not in dl["The Abandoned Mine"].text


@pytest.mark.parametrize(
    "text",
    [
        "basic: (discard_cost=1, choose one: ); powered: (discard_cost=1, choose one: )",
        "basic: move 0",
        "effect select_combat_enemy, template (modifiers …) excludeArcaneImmune True",
        "Swiftness (sideways 1), mana_draw#s1n13",
        "choose one: [ice attack 2 | ice block 3]",
        "rule RULE_IGNORE_FORTIFICATION",
    ],
)
def test_the_check_catches_the_old_texts(text):
    assert why_not_words(text) is not None
