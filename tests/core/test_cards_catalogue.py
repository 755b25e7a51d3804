"""`runeledger cards` and the catalogue contract of engine.cards (every value has a source)."""

import json

import pytest

from cli.main import main
from engine import registry
from engine.cards import CardInfo, CatalogueError, check, find


def card(name, english=None, **values):
    return CardInfo(
        name=name,
        english_name=english,
        kind="hero",
        values=values,
        sources={k: "public-list" for k in values},
        text="",
    )


def test_every_installed_catalogue_keeps_the_contract():
    for name, rs in registry.rulesets().items():
        for c in check(rs.cards()):
            assert c.name and c.kind, (name, c)


def test_a_value_without_a_source_is_refused():
    bad = CardInfo(name="X", english_name=None, kind="hero", values={"cost": 3}, sources={}, text="")
    with pytest.raises(CatalogueError, match="different keys"):
        check([bad])
    odd = CardInfo(
        name="X", english_name=None, kind="hero", values={"cost": 3}, sources={"cost": "wiki"}, text=""
    )
    with pytest.raises(CatalogueError, match=r"not 'rulebook p.N'"):
        check([odd])


def test_lookup_ignores_case_and_umlaut_spelling():
    cards = [card("Händler", "Trader", cost=4), card("Miliz", "Militia", cost=0)]
    assert [c.name for c in find(cards, "haendler")] == ["Händler"]
    assert [c.name for c in find(cards, "TRADER")] == ["Händler"]
    assert [c.name for c in find(cards, "mil")] == ["Miliz"]
    assert find(cards, "dragon") == []


def test_cli_unknown_card_and_ruleset_are_usage_errors(capsys):
    assert main(["cards", "no-such-game"]) == 2
    assert "no ruleset" in capsys.readouterr().err
    assert main(["cards", "thunderstone", "zzzz-no-card", "--json"]) == 2
    err = json.loads(capsys.readouterr().out)  # --json errors are one line on stdout
    assert "no card named" in err["error"]


def test_cli_json_lists_objects_with_the_documented_keys(capsys):
    for name in registry.rulesets():
        assert main(["cards", name, "--json"]) == 0
        for obj in json.loads(capsys.readouterr().out):
            assert {"name", "english_name", "kind", "values", "sources", "text"} <= set(obj)
            assert set(obj["values"]) == set(obj["sources"])
