"""The lobby's words in one language (issue 28 item 4): `GET /api/rulesets?lang=de` gives every
ruleset's summary, each option's label, doc and its values' words in German, with no
English-only term (tests/language_checks.py, the detectors every language test shares); in
English no German name. The values themselves (what the form sends) never change."""

from test_api import call, make_app

from tests.language_checks import english_terms, german_in, readable


def words_of(ruleset: dict) -> list[str]:
    """What the lobby's form shows of a ruleset: its summary, the options' labels, docs (the
    rule reference before the first ": " goes to a tooltip) and the words of their values."""
    out = [ruleset["summary"]]
    for o in ruleset["options"].values():
        doc = o["doc"].split(": ", 1)[-1]
        out += [o["label"], doc, *o["choice_labels"].values()]
    return [readable(s) for s in out]


async def test_the_lobby_in_german_holds_no_english_only_term(tmp_path):
    app = make_app(tmp_path)
    _, de = await call(app, "GET", "/api/rulesets", query=b"lang=de")
    _, en = await call(app, "GET", "/api/rulesets")
    assert len(de["rulesets"]) == 6
    left = {}
    for rs in de["rulesets"]:
        for s in words_of(rs):
            if english_terms(s, rs["name"]):
                left[f"{rs['name']}: {s}"] = english_terms(s, rs["name"])
    assert left == {}
    mk = next(r for r in de["rulesets"] if r["name"] == "mage-knight")["options"]
    assert mk["scenario"]["choice_labels"]["first_reconnaissance"] == "Die ersten Erkundungen"
    assert mk["scenario"]["choice_labels"]["full_conquest"].endswith("(Originalname)")  # no German source
    assert mk["variants"]["choice_labels"]["arrival_at_night"]  # a set's values have words too
    strip = lambda rs: [{k: o["choices"] for k, o in r["options"].items()} for r in rs["rulesets"]]  # noqa: E731
    assert strip(de) == strip(en)  # the values sent never change


async def test_the_lobby_in_english_holds_no_german_name(tmp_path):
    app = make_app(tmp_path)
    _, en = await call(app, "GET", "/api/rulesets")
    for rs in en["rulesets"]:
        assert german_in(rs["name"], {"lobby": words_of(rs)}) == {}, rs["name"]
    ts = next(r for r in en["rulesets"] if r["name"] == "thunderstone")["options"]
    assert ts["scenario"]["choice_labels"]["Drachenturm"] == "Dragonspire"
    said = [s for r in en["rulesets"] for s in words_of(r) if english_terms(s, r["name"])]
    assert said, "the English lobby holds no English term: the detector could not fail"
