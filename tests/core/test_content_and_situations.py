"""Malformed content and situation files are rejected whole, naming file, record and field."""

from pathlib import Path

import msgspec
import pytest

from engine.catalog import Catalog
from engine.content import ContentError, Record, load
from sim.testing import from_situation

HERE = Path(__file__).parent


class Hero(Record):
    name: str
    cost: int


class Pack(msgspec.Struct):
    hero: list[Hero]


def write(tmp_path, text):
    p = tmp_path / "c.toml"
    p.write_text(text)
    return p


def test_good_content_loads(tmp_path):
    p = write(tmp_path, '[[hero]]\nname="Elf"\ncost=3\nprovenance="rulebook p.7"\n')
    assert load(p, Pack).hero[0].cost == 3


def test_values_from_public_card_lists_are_a_provenance_of_their_own(tmp_path):
    p = write(tmp_path, '[[hero]]\nname="Elf"\ncost=3\nprovenance="public-list (cost)"\n')
    assert load(p, Pack).hero[0].provenance.startswith("public-list")


@pytest.mark.parametrize(
    "text, expect",
    [
        (
            '[[hero]]\nname="Elf"\ncost="x"\nprovenance="stand-in"\n',
            "record hero[0] ('Elf'), field cost: Expected `int`, got `str`",
        ),
        (
            '[[hero]]\nname="Elf"\ncost=1\nprovenance="stand-in"\n[[hero]]\nname="Orc"\ncost=2\n',
            "record hero[1] ('Orc'), field provenance",
        ),
        (
            '[[hero]]\nname="Elf"\ncost=1\nprovenance="I made it up"\n',
            "provenance must start with 'rulebook p.N', 'public-list' or 'stand-in'",
        ),
        ('[[hero]\nname="Elf"', "not valid TOML"),
    ],
)
def test_malformed_content_is_rejected_with_its_place(tmp_path, text, expect):
    p = write(tmp_path, text)
    with pytest.raises(ContentError) as exc:
        load(p, Pack)
    assert str(p) in str(exc.value) and expect in str(exc.value)


def test_catalog_with_duplicate_rule_is_rejected(tmp_path):
    p = write(tmp_path, '[[rule]]\nid="A"\nsection="s"\npage="p.1"\nsummary="x"\n' * 2)
    with pytest.raises(ContentError, match="rule id A listed twice"):
        Catalog.from_file("g", p)


def test_situation_sets_up_position_and_forced_dice():
    eng, gid = from_situation(HERE / "situations/duel_low_health.toml")
    t = eng.table(gid)
    assert t.zone("p0.hand") == ["Haymaker#1", "Jab#1"] and t.damage == {"seat1": 7}
    setup = eng.store.read(gid)
    assert all(e.data.get("situation") for e in setup if e.type.startswith("zone."))
    eng.submit(gid, 0, {"kind": "play", "card": "Haymaker"})
    t = eng.table(gid)
    assert t.over and t.winners == [0]  # 7 + 3 (forced hit) >= 8: DU-OUT
    out = next(e for e in eng.store.read(gid) if e.type == "duel.out")
    assert out.rule == "DU-OUT"


@pytest.mark.parametrize(
    "body, expect",
    [
        ('ruleset="duel"\nplayers=2\n[[game.seat]]\nhand=["Jab#1"]\n[[game.seat]]\nhandd=[]\n', "handd"),
        (
            'ruleset="duel"\nplayers=2\n[[game.seat]]\nhand=["Dragon#1"]\n[[game.seat]]\n',
            "unknown card 'Dragon#1'",
        ),
        ('ruleset="duel"\nplayers="two"\n', "field players"),
        ('ruleset="duel"\nplayers=2\nwhatever=1\n', "whatever"),
    ],
)
def test_malformed_situation_is_rejected_and_stores_nothing(tmp_path, body, expect):
    from sim.testing import engine

    p = tmp_path / "s.toml"
    p.write_text(body)
    eng = engine()
    with pytest.raises(Exception) as exc:
        from_situation(p, eng)
    assert expect in str(exc.value)
    assert eng.store.game_ids() == []
