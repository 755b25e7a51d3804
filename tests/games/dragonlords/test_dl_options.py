"""The §14.2 readings implemented so far are options with the digest's reading as default."""

import pytest

from engine.games.dragonlords.battles.arithmetic import income, teleport_retreat_allowed
from engine.games.dragonlords.options import OptionError, resolve


def test_defaults_are_the_proposed_readings():
    assert resolve() == {
        "income": "typed",
        "teleport_retreat": "fewer",
        "entry_space_counts": "no",
        "parties_per_wasteland": "unlimited",
        "elf_realm": "kingdom",
        "inferno_protection": "either",
        "spell_attacks": "swap",
        "casualties": "owner",
        "two_player_units": "per_army",
    }


def test_every_reading_is_a_game_option_and_in_the_catalog():
    from engine import registry
    from engine.games.dragonlords.options import READINGS

    rs = registry.get("dragonlords")
    for r in READINGS:
        assert rs.options[r.name].default == r.default and r.int_id in rs.options[r.name].doc
        assert r.int_id in rs.catalog.rules, r.int_id


def test_bad_option_names_the_choices():
    with pytest.raises(OptionError, match="unknown option 'incom'"):
        resolve({"incom": "typed"})
    with pytest.raises(OptionError, match=r"INT-45\): choose one of typed, additive"):
        resolve({"income": "double"})


def test_income_readings_differ_as_the_digest_says():
    held = [("kingdom", False), ("gold", True), ("ordinary", False)]
    assert income(held, dwarf=True, reading="typed")[0] == 5 + 10 + 1
    assert income(held, dwarf=True, reading="additive")[0] == 6 + 11 + 1


def test_retreat_readings_differ_only_at_equality():
    assert not teleport_retreat_allowed(6, 6) and teleport_retreat_allowed(6, 6, "not_exceed")
    assert teleport_retreat_allowed(5, 6, "not_exceed") and not teleport_retreat_allowed(7, 6, "not_exceed")
