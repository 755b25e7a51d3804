"""The strong bot's siege of a city (engine/games/mage_knight/bots/campaign.py, estimate.py): a
city's defenders stay defeated between assaults (MK:10:City:2), so an assault is worth making
when the hero takes one defender and is not knocked out first; inside it the besieger blocks
while the blows left would knock it out, and its units take the heaviest ones."""

from __future__ import annotations

from engine.games.mage_knight.bots import campaign
from engine.games.mage_knight.combat import machine
from engine.games.mage_knight.content.load import content
from tests.games.mage_knight.red_city import CITY, started

MARCH = {"kind": "play", "card": "march", "mode": "basic", "option": 0, "pay": ""}


def fight(units=()):
    """A swordsman (6) and a brutal minotaur (5, 10 damage) against an armour-2 hero."""
    return machine.start(
        content(),
        [("s", "gray_swordsmen"), ("m", "brown_minotaur")],
        units=units,
        hero_armour=2,
        hand_limit=5,
        site="city",
        fortified_site=True,
    )


def test_the_heaviest_blow_goes_to_a_unit_and_a_knock_out_is_foreseen():
    alone = fight()
    assert campaign.wounds_coming(alone) == 3 + 5  # ceil(6 / 2) + ceil(10 / 2)
    assert campaign.knocked(alone)
    assert not campaign.knocked(alone, skip=("m", 0))  # the minotaur blocked: 3 wounds
    guarded = fight([("u", "utem_guardsmen")])
    left = 10 - content().units["utem_guardsmen"].armor
    assert campaign.wounds_coming(guarded) == 3 + -(-left // 2)


def test_inside_the_assault_the_besieger_blocks_the_heaviest_blow_it_can():
    eng, gid = started("4,-4", ["march", "determination", "rage", "stamina", "swiftness"])
    eng.submit(gid, 0, MARCH)
    eng.submit(gid, 0, {"kind": "move", "to": CITY})
    eng.submit(gid, 0, {"kind": "next"})  # nothing to besiege with from afar: to the blocks
    t = eng.table(gid)
    assert t.game.combat.phase == "block" and campaign.knocked(t.game.combat)
    assert campaign.lines(t, 0) == [campaign.INSIDE]  # planning again inside, the siege leads
    before = campaign.wounds_coming(t.game.combat)
    played = []
    while (cmd := campaign.siege(eng.table(gid), 0)) is not None and cmd["kind"] != "next":
        played.append(cmd)
        eng.submit(gid, 0, cmd)
    assert played[0]["kind"] == "play" and played[-1]["kind"] == "block", played
    assert played[-1]["enemy"] == "brown_crypt_worm#1"  # (seeded garrison: its 6 brutal, 12 damage)
    assert campaign.wounds_coming(eng.table(gid).game.combat) < before
