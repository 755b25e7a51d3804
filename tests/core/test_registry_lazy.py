"""The registry imports only the game a command names (simulate workers start faster), and
still finds every game and reports unknown names with the installed list."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine import registry
from engine.errors import UnknownGame


def test_get_imports_only_the_named_game():
    code = (
        "import sys; from engine import registry; registry.get('rune-age'); "
        "print(sorted(m for m in sys.modules if m.count('.') == 2 and "
        "m.startswith('engine.games.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['engine.games.rune_age']"


def test_every_ruleset_is_found_by_name_as_by_the_scan():
    for name, rs in registry.rulesets().items():
        assert registry.get(name) is rs


def test_unknown_name_names_the_installed_games():
    with pytest.raises(UnknownGame) as err:
        registry.get("no-such-game")
    assert "thunderstone" in str(err.value)
    with pytest.raises(UnknownGame):
        registry.get("../etc")
