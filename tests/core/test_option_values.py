"""Options given as text (CLI `--option`, the table's lobby) are typed by their default; a
text of the wrong type is refused naming the option, never a bare Python message."""

import pytest

from engine.registry import get as get_ruleset


@pytest.mark.parametrize(
    "value, words",
    [
        ("abc", "rounds='abc' is not a whole number"),
        ("4.5", "rounds='4.5' is not a whole number"),
        ("", "rounds='' is not a whole number"),
    ],
)
def test_a_bad_whole_number_names_the_option(value, words):
    with pytest.raises(ValueError) as err:
        get_ruleset("duel").check_options({"rounds": value})
    assert words in str(err.value)


def test_a_good_whole_number_is_typed():
    assert get_ruleset("duel").check_options({"rounds": "4"})["rounds"] == 4
