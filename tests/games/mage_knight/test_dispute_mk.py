"""Mage Knight combat disputes: each listed reading of a combat ambiguity (digest A8, A18, A19,
A37) is asked by the rules and changes an outcome; `runeledger dispute` on a combat situation."""

from __future__ import annotations

import json
from pathlib import Path

from cli import main as cli
from engine import readings, registry
from sim.dispute import settle

SIT = "tests/games/mage_knight/situations/"
CUMBERSOME = SIT + "dispute_cumbersome_damage.toml"
BEASTS = SIT + "dispute_assault_beasts.toml"
SUMMONER = SIT + "dispute_summoner_ranged.toml"


def variants(report, rid):
    return {v["alternative"]: v for v in report["variants"] if v["reading"] == rid}


def data(v, typ):
    return [e["data"] for e in v["decisive"] if e["type"] == typ]


def test_a19_cumbersome_reduction_lowers_the_damage_or_only_the_block():
    """MK:10:Abilities:Cumbersome, A19: attack 7 less 3 move points; unblocked on armour 2 it
    deals 4 (2 wounds) by the digest, 7 (4 wounds) if the reduction is for blocking only."""
    v = variants(settle(CUMBERSOME), "A19")
    (stated,) = data(v["lowers_damage"], "mk.combat.damage")
    (other,) = data(v["block_only"], "mk.combat.damage")
    assert (stated["damage"], stated["wounds_to_hand"]) == (4, 2)
    assert (other["damage"], other["wounds_to_hand"]) == (7, 4)
    diff = v["block_only"]["difference"]
    assert diff["decisive"] and diff["rule"] == "MK:9:Damage:5"


def test_a8_halving_per_element_leaves_the_attack_short():
    """MK:9:Ranged:4a, A8: fire 3 + ice 3 + physical 2 against fire and ice resistance and armour
    5: 2 + 6//2 = 5 defeats; per element 2 + 1 + 1 = 4 and the attack is refused (MK:9:Ranged:6)."""
    v = variants(settle(BEASTS, ["A8"]), "A8")
    (attacked,) = data(v["combined"], "mk.combat.attacked")
    assert (attacked["total"], attacked["armour"]) == (5, 5)
    assert v["combined"]["refused"] is None
    refused = v["per_type"]["refused"]
    assert refused["rule"] == "MK:9:Ranged:6" and "attack 4" in refused["reason"]
    assert data(v["per_type"], "mk.combat.attacked") == []


def test_a37_reputation_for_a_rampager_defeated_in_an_assault():
    """MK:10:Result:2a, A37: the rampaging orc defeated inside an assault gives +1 reputation by
    the digest, none if only combats outside an assault count."""
    v = variants(settle(BEASTS, ["A37"]), "A37")
    assert data(v["counts_in_assault"], "mk.combat.defeated")[0]["reputation"] == 1
    assert data(v["not_in_assault"], "mk.combat.defeated")[0]["reputation"] == 0
    assert v["not_in_assault"]["difference"]["this"]["type"] == "mk.combat.defeated"


def test_a18_defeated_summoner_summons_or_not():
    """MK:10:Abilities:Summon, A18: the summoner defeated in the ranged phase ends the combat by
    the digest; if it still summons, a brown token is drawn and the block phase follows."""
    report = settle(SUMMONER)
    assert report["consulted"] == ["A18"]
    v = variants(report, "A18")
    assert data(v["no_summon"], "mk.combat_over")[0]["outcome"]["all_defeated"]
    assert data(v["still_summons"], "mk.combat_over") == []
    (drawn,) = data(v["still_summons"], "mk.combat.summoned")
    assert drawn["summoner"] == "green_orc_summoners#1" and drawn["enemy"].startswith("brown_")
    assert v["still_summons"]["difference"]["rule"] in ("MK:10:Abilities:Summon", "MK:10:Result:1")


def test_every_mk_reading_is_consulted_by_a_dispute_situation():
    """Each reading in catalog.toml names a catalog rule and is asked by the rules somewhere."""
    rs = registry.get("mage-knight")
    listed = readings.of(rs)
    assert set(listed) == {
        "A8",
        "A9",
        "A10",
        "A11",
        "A12",
        "A13",
        "A14",
        "A15",
        "A16",
        "A17",
        "A18",
        "A21",
        "A19",
        "A22",
        "A23",
        "A25",
        "A27",
        "A31",
        "A34",
        "A36",
        "A37",
        "A38",
    }
    asked = set()
    for path in (
        CUMBERSOME,
        BEASTS,
        SUMMONER,
        *(
            SIT + f"dispute_{name}.toml"
            for name in (
                "keep_half_fame",
                "withdraw_no_path",
                "basic_blue_effect",
                "round_source",
                "pvp_retreat",
                "city_assault",
                "final_scoring",
                "liberator_tie",
                "blitz_fame_rows",
                "closed_portal_pvp",
                "mine_liberated",
                "dummy_reshuffle",
                "portal_closes",
                "friendly_city",
                "committed_on_mine",
            )
        ),
    ):
        asked |= set(settle(path)["consulted"])
    # A15 needs every city conquered, which no situation can state yet (test_reading_mk_scen.py
    # tests it on its own)
    assert asked == set(listed) - {"A15"}
    for r in listed.values():
        assert r.rule in rs.catalog and r.default in r.alternatives


def test_cli_dispute_on_a_combat_situation(capsys):
    assert cli.main(["dispute", CUMBERSOME, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [v["alternative"] for v in report["variants"]] == ["lowers_damage", "block_only"]
    assert cli.main(["dispute", BEASTS, "--reading", "A8"]) == 0
    text = capsys.readouterr().out
    assert "[[play]] step 1" in text and "refused" in text and "MK:9:Ranged:6" in text
    assert "per_type" in text


def test_combining_readings_names_the_reading_behind_each_difference():
    """--combine: the cross product of A8 and A37 (4 runs); a difference is put down to the
    reading that makes it alone."""
    report = settle(BEASTS, ["A8", "A37"], combine=True)
    combos = {tuple(sorted(c["choice"].items())): c for c in report["combinations"]}
    assert len(combos) == 4 and report["variants"] == []
    stated = combos[(("A37", "counts_in_assault"), ("A8", "combined"))]
    assert stated["as_stated"] and stated["difference"] is None
    both = combos[(("A37", "not_in_assault"), ("A8", "per_type"))]
    assert both["refused"]["rule"] == "MK:9:Ranged:6"
    assert [m["reading"] for m in both["difference"]["made_by"]] == ["A8"]
    assert not both["difference"]["together"]
    rep = combos[(("A37", "not_in_assault"), ("A8", "combined"))]
    assert [m["reading"] for m in rep["difference"]["made_by"]] == ["A37"]
    assert rep["difference"]["made_by"][0]["rule"] == "MK:10:Result:2a"


def test_to_end_plays_the_combat_dispute_to_a_final_score():
    """--to-end: bots (same seed in both runs) finish the game; after the 2 extra wounds of
    block_only the rest of the game goes otherwise and the final scores differ."""
    v = variants(settle(CUMBERSOME, ["A19"], to_end=True), "A19")
    assert v["lowers_damage"]["over"] and v["block_only"]["over"]
    assert v["lowers_damage"]["scores"] != v["block_only"]["scores"]
    assert v["block_only"]["difference"]["rule"] == "MK:9:Damage:5"


def test_an_override_in_the_file_holds_under_every_reading(tmp_path):
    """[overrides."Orc War Beasts"] armour = 4 in the file: per-element halving (4) now reaches
    the armour too, so A8 no longer decides whether the attack defeats the token."""
    text = (
        Path(BEASTS)
        .read_text(encoding="utf-8")
        .replace("[game]", '[overrides."Orc War Beasts"]\narmour = 4\n\n[game]', 1)
    )
    path = tmp_path / "beasts_armour_4.toml"
    path.write_text(text, encoding="utf-8")
    v = variants(settle(path, ["A8"]), "A8")
    assert [data(x, "mk.combat.attacked")[0]["armour"] for x in v.values()] == [4, 4]
    assert [data(x, "mk.combat.attacked")[0]["total"] for x in v.values()] == [5, 4]
    assert v["per_type"]["refused"] is None
