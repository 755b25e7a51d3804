"""Hunt: an enemy attack override's value is written in the digits 0-9 (issue 25, "No 500" at
every boundary): "fire ²" passed `str.isdigit` and then failed in `int` with Python's words, and
"fire ٤" (an Arabic-Indic four) became a fire attack of 4. Both are refused with the shape that
is expected."""

import pytest

from sim.testing import from_situation

SIT = "tests/games/mage_knight/situations/"
BEASTS = SIT + "dispute_assault_beasts.toml"


@pytest.mark.parametrize("attack", ["fire ²", "fire ٤", "fire ４", "٣", "ice 𝟚"])
def test_an_attack_value_not_in_ascii_digits_is_refused_naming_the_shape(attack):
    with pytest.raises(Exception) as err:
        from_situation(BEASTS, options={"overrides": {"Orc War Beasts": {"attacks": [attack]}}})
    assert "is not an attack" in str(err.value) and "<element> <value>" in str(err.value)
    assert type(err.value).__name__ != "ValueError" or "invalid literal" not in str(err.value)


def test_an_attack_in_ascii_digits_is_still_taken():
    eng, gid = from_situation(BEASTS, options={"overrides": {"Orc War Beasts": {"attacks": ["fire 4"]}}})
    assert [(a.value, a.element) for a in eng.table(gid).game.combat.enemies[0].attacks] == [(4, "fire")]
