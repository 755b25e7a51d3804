"""`Ruleset.implemented_in`: a game names once where each contract method lives instead of a
two-line delegation per method (issue 26). The mapping is checked when the class is made, every
game's mapping resolves, and a resolved method is the game's function itself, so the hot paths
(apply, prompts, legal_commands) pay no wrapper call."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine import registry
from engine.games.duel import narrate as duel_narrate
from engine.ruleset import CONTRACT, Ruleset, with_ruleset


def _ruleset_class(implemented_in: dict, **body):
    """A ruleset class made as if written in engine/games/duel/rules.py, so that its mapping
    is read relative to the duel package (whose narrate.describe it may name)."""
    return type(
        "Wired",
        (Ruleset,),
        {"__module__": "engine.games.duel.rules", "name": "wired", "implemented_in": implemented_in, **body},
    )


def test_every_games_mapping_names_contract_methods_that_resolve():
    for name, rs in registry.rulesets().items():
        wiring = type(rs).implemented_in
        assert set(wiring) <= CONTRACT, name
        for method in wiring:
            assert callable(getattr(rs, method)), (name, method)


def test_every_game_uses_the_mapping():
    assert all(type(rs).implemented_in for rs in registry.rulesets().values())


def test_a_method_outside_the_contract_is_refused_when_the_class_is_made():
    with pytest.raises(TypeError, match="'legal_moves' is not a method of the ruleset contract"):
        _ruleset_class({"legal_moves": "legal:legal_commands"})


def test_a_method_both_mapped_and_written_is_refused():
    with pytest.raises(TypeError, match="'describe' is both mapped"):
        _ruleset_class({"describe": "narrate:describe"}, describe=lambda self, table, ev: "")


@pytest.mark.parametrize("target", ["narrate.describe", "narrate:", ":describe", "nar-rate:describe", 3])
def test_a_target_not_module_colon_function_is_refused(target):
    with pytest.raises(TypeError, match='expected "module:function"'):
        _ruleset_class({"describe": target})


def test_first_access_puts_the_function_itself_on_the_class():
    cls = _ruleset_class({"describe": "narrate:describe"})
    assert type(cls.__dict__["describe"]).__name__ == "_Wired"  # nothing imported yet
    rs = cls()
    assert rs.describe is duel_narrate.describe  # no wrapper frame
    assert cls.__dict__["describe"].__func__ is duel_narrate.describe  # a plain staticmethod now
    assert rs.describe is duel_narrate.describe


def test_a_missing_function_is_an_import_error_even_for_an_optional_hook():
    cls = _ruleset_class({"bot_choices": "narrate:no_such_function"})
    with pytest.raises(ImportError, match=r"engine.games.duel.narrate has no 'no_such_function'"):
        getattr(cls(), "bot_choices", None)  # not read as "this game has no bot_choices"


def test_a_value_that_is_no_function_is_what_the_method_returns():
    cls = _ruleset_class({"handlers": "rules:HAND"})
    assert cls().handlers() == 3


def test_a_function_marked_with_ruleset_gets_the_ruleset(monkeypatch):
    @with_ruleset
    def check(rs, overrides):
        return {"game": rs.name, **overrides}

    monkeypatch.setattr(duel_narrate, "check_for_test", check, raising=False)
    rs = _ruleset_class({"check_overrides": "narrate:check_for_test"})()
    assert rs.check_overrides({"x": 1}) == {"game": "wired", "x": 1}
    assert rs.check_overrides({"x": 2}) == {"game": "wired", "x": 2}  # after the first binding


def test_a_subclass_inherits_the_mapping_and_may_write_a_method_of_its_own():
    base = _ruleset_class({"describe": "narrate:describe", "why": "narrate:describe"})
    sub = type("Sub", (base,), {"why": lambda self, table, ev, history: ["own"]})
    assert sub().describe is duel_narrate.describe
    assert sub().why(None, None, None) == ["own"]


def test_getting_a_ruleset_imports_none_of_its_mapped_modules():
    """`registry.get` pays only for the ruleset class; a game's rules are imported by the first
    call that needs them."""
    code = (
        "import sys; from engine import registry; rs = registry.get('thunderstone'); "
        "before = 'engine.games.thunderstone.legal' in sys.modules; rs.prompts; "
        "print(before, 'engine.games.thunderstone.legal' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]
