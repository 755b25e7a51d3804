"""Thunderstone situations that state a dispute: a battle started from the file
([game.battle]), card overrides, readings of ambiguous battle rules (docs/disputes.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.situation import SituationError
from projections.audit import audit
from projections.views import REFEREE
from sim.testing import from_situation

GLUT = "engine/games/thunderstone/situations/dispute_glut_light.toml"


def battle_of(eng, gid):
    (b,) = [e for e in eng.store.read(gid) if e.type == "ts.battle"]
    return b


def test_battle_is_fought_at_set_up_with_the_laid_out_party():
    """TRN-D1..D4, BAT-ALG: the party of the file attacks Glut at position 2 during set-up."""
    eng, gid = from_situation(GLUT)
    b = battle_of(eng, gid)
    assert [p["card"].split("#")[0] for p in b.data["parts"]] == [
        "Brutale Steinwache",
        "Veteran Warrior",
        "Miliz",
    ]
    assert (b.data["target"], b.data["position"], b.data["won"]) == ("Glut#1", 2, True)


def test_equipped_weapon_counts_for_its_hero():
    """BAT-2: a [hero, weapon] pair of the file is equipped before the battle."""

    def edit(game):
        game["battle"]["laid_out"] = ["Miliz", "Dolch"]
        game["battle"]["equip"] = [["Miliz", "Dolch"]]
        game["battle"]["target"] = "Ork II"

    eng, gid = from_situation(GLUT, edit=edit)
    parts = battle_of(eng, gid).data["parts"]
    dagger = next(p for p in parts if p["card"].startswith("Dolch"))
    assert dagger["equipped_to"].startswith("Miliz") and dagger["attack"] == 1


@pytest.mark.parametrize(
    "change, words",
    [
        (
            {"equip": [["Miliz", "Axt des Frostriesen"]]},
            ["equip", "weapon", "'Axt des Frostriesen'", "allowed"],
        ),
        ({"target": "Drache"}, ["target", "'Drache'", "CMD-TARGET", "Glut"]),
        ({"equip": [["Miliz"]]}, ["equip", "[hero, weapon]"]),
    ],
)
def test_bad_battle_table_names_key_and_choices(change, words):
    def edit(game):
        game["battle"].update(change)

    with pytest.raises(SituationError) as exc:
        from_situation(GLUT, edit=edit)
    assert all(w in str(exc.value) for w in words), str(exc.value)


def test_unknown_battle_key_is_named():
    def edit(game):
        game["battle"]["monster"] = "Glut"

    with pytest.raises(SituationError) as exc:
        from_situation(GLUT, edit=edit)
    assert "monster" in str(exc.value)


def test_override_reaches_the_battle_and_the_audit():
    """An overridden attack (Miliz 4) wins where the printed one would also; health 9 loses:
    the audit marks the values as overridden by situation."""
    eng, gid = from_situation(GLUT, options={"overrides": {"Glut": {"health": 9}, "Miliz": {"attack": 4}}})
    b = battle_of(eng, gid)
    miliz = next(p for p in b.data["parts"] if p["card"].startswith("Miliz"))
    assert miliz["attack"] == 4 and b.data["health"] == 9 and b.data["total"] == 8
    assert not b.data["won"]
    rows = {i["input"]: i for i in audit(eng.store, gid, b.version, REFEREE)["inputs"]}
    assert rows["values of Glut"]["note"] == "overridden by situation"
    assert rows["values of Glut"]["value"] == {"health": 9}
    assert rows["values of Miliz"]["from"][0]["type"] == "game.created"


def test_reading_TS_A17_changes_the_penalty():
    """BAT-3 with A17 not_for_penalty: Glut's own LICHT +1 no longer lowers the penalty."""
    eng, gid = from_situation(GLUT, options={"readings": {"A17": "not_for_penalty"}})
    b = battle_of(eng, gid)
    assert (b.data["light_monster"], b.data["light_penalty"], b.data["won"]) == (0, 2, False)


def test_reading_TS_A13_conjurer_takes_no_part_at_position_1():
    """BAT-1 with A13: a conjurer attacks position 1 with ATTACK +0 (A13, noted as such),
    or takes no part at all (no_attack: no attack, no light, noted with the reading)."""

    def edit(game):
        game["hall"] = ["Gruftgeist", "Glut", "Ork II"]
        game["battle"]["laid_out"] = ["Meisterhafter Beschwoerer", "Fackel"]
        game["battle"]["target"] = "Gruftgeist"

    eng, gid = from_situation(GLUT, edit=edit)
    (conj,) = [p for p in battle_of(eng, gid).data["parts"] if p["card"].startswith("Meister")]
    assert conj["attack"] == 0 and "A13" in conj["note"]
    eng, gid = from_situation(GLUT, edit=edit, options={"readings": {"A13": "no_attack"}})
    (conj,) = [p for p in battle_of(eng, gid).data["parts"] if p["card"].startswith("Meister")]
    assert (conj["attack"], conj["light"]) == (0, 0) and "A13" in conj["note"]


def test_cli_reports_a_bad_situation_as_bad_input(tmp_path, capsys):
    """A situation error is bad input (exit 2) naming the key, never an internal error."""
    import json

    from cli import main as cli

    text = Path(GLUT).read_text(encoding="utf-8").replace('target = "Glut"', 'target = "Drache"')
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    code = cli.main(["new", "--situation", str(bad), "--db", str(tmp_path / "g.db"), "--json"])
    out = json.loads(capsys.readouterr().out)
    # the allowed targets named in the reader's language: Glut is "Ember" in English
    assert code == 2 and "[game.battle] target" in out["error"] and "Ember" in out["error"]
    code = cli.main(
        ["new", "--situation", str(bad), "--db", str(tmp_path / "g.db"), "--json", "--lang", "de"]
    )
    assert code == 2 and "Glut" in json.loads(capsys.readouterr().out)["error"]
    text = Path(GLUT).read_text(encoding="utf-8").replace("[game]", "[gaem]\n[game]")
    bad.write_text(text, encoding="utf-8")
    code = cli.main(["new", "--situation", str(bad), "--db", str(tmp_path / "g.db"), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 2 and "'gaem'" in out["error"] and "readings" in out["error"]


def test_reading_A48_global_light_at_position_0():
    """BAT-3 with A48: at position 0 the penalty is 0 even under Erstickender Rauch's global
    LIGHT -2 (digest A48); under global_applies the -2 counts there (penalty 2, no light)."""

    def edit(game):
        game["pos0"] = ["Ork II"]
        game["hall"] = ["Erstickender Rauch", "Glut", "Gruftgeist"]
        game["battle"]["target"] = "Ork II"

    eng, gid = from_situation(GLUT, edit=edit)
    b = battle_of(eng, gid)
    assert (b.data["position"], b.data["light_penalty"]) == (0, 0)
    eng, gid = from_situation(GLUT, edit=edit, options={"readings": {"A48": "global_applies"}})
    b = battle_of(eng, gid)
    assert (b.data["position"], b.data["light_global"], b.data["light_penalty"]) == (0, 2, 2)


def test_reading_A11_halving_before_or_after_the_light_deduction(monkeypatch):
    """BAT-6 with A11: no boxed monster halves (the trait exists for content packs), so a
    Gruftgeist is given 'total halved without magic attack' for this test. Attack 7 at
    position 1 without light (penalty 1, deduction 2): halve first 7//2 - 2 = 1 (A11), or
    deduct first (7 - 2)//2 = 2 (after_light)."""
    from types import MappingProxyType

    import msgspec

    from engine.games.thunderstone import battle
    from engine.games.thunderstone.content import card

    printed = battle.traits_of  # the battle maths read a target's traits by its id

    def halving(c):
        tr = printed(c)
        if card(c).name != "Gruftgeist":
            return tr
        first = card(c).abilities[0]  # its first trait becomes 'total halved without magic'
        half = msgspec.structs.replace(first, do="half_without_magic")
        return MappingProxyType(
            {(half.do if k == first.do else k): (half if k == first.do else v) for k, v in tr.items()}
        )

    monkeypatch.setattr(battle, "traits_of", halving)

    def edit(game):
        game["hall"] = ["Gruftgeist", "Glut", "Ork II"]
        game["battle"]["target"] = "Gruftgeist"

    totals = {}
    for alt in ("before_light", "after_light"):
        eng, gid = from_situation(GLUT, edit=edit, options={"readings": {"A11": alt}})
        b = battle_of(eng, gid).data
        assert (b["position"], b["light_penalty"], b["attack"] + b["magic"] > 0) == (1, 1, True)
        totals[alt] = b["total"]
    assert totals == {"before_light": 7 // 2 - 2, "after_light": (7 - 2) // 2}
    assert card("Gruftgeist#1").abilities[0].do == "immune_magic"  # content untouched
