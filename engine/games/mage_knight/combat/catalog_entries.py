"""Catalog entries for the combat rules that `combat*.py` cite beyond the ruleset's catalog.toml.

The combat helper does not own catalog.toml; the ruleset merges these (paste `CATALOG_TOML` into
catalog.toml, or `Catalog.merged(combat_catalog())`). Ids follow MK:<page>:<section>:<item>.
"""

from __future__ import annotations

import tomllib

import msgspec

from engine.catalog import Catalog, CatalogFile

CATALOG_TOML = """
[[rule]]
id = "MK:5:Combined:1a"
section = "Combined effects"
page = "p.5"
summary = "A card that plays another effect (several times) makes one single effect: a combined block or attack goes whole to one enemy attack or target group."
reading = "The combat pools every point played before a block or attack is declared; the declaration spends the pool (of the named kinds) whole, so no command can split it."

[[rule]]
id = "MK:8:Combat:2b"
section = "Combat: which enemies take part"
page = "p.8"
summary = "Rampaging enemies provoked or challenged during an assault join the defenders but are not fortified."
reading = ""

[[rule]]
id = "MK:8:Combat:3"
section = "Combat: order"
page = "p.8"
summary = "Combat runs ranged and siege phase, block phase, damage phase, attack phase; each phase admits only its own effects."
reading = "Ranged and siege points in the ranged phase; block and move points in the block phase; ranged, siege and melee points in the attack phase. A phase ends when the player says so."

[[rule]]
id = "MK:8:Combat:4"
section = "Combat: other combat effects"
page = "p.8"
summary = "Effects that change units, enemies or the combat rules may be played; unless stated otherwise they last until the end of the turn."
reading = "An enemy's armour changed by effects never drops below 1 (the cards that lower armour say so); changes last for the rest of the combat."

[[rule]]
id = "MK:8:Combat:5a"
section = "Combat: fire resistance and red effects"
page = "p.8"
summary = "Non-attack and non-block effects of red cards, and of unit abilities paid with red mana, do nothing to fire-resistant enemies."
reading = ""

[[rule]]
id = "MK:8:Combat:5b"
section = "Combat: ice resistance and blue effects"
page = "p.8"
summary = "Non-attack and non-block effects of blue cards, and of unit abilities paid with blue mana, do nothing to ice-resistant enemies."
reading = ""

[[rule]]
id = "MK:9:Ranged:6"
section = "Ranged and siege phase: failed attack"
page = "p.9"
summary = "An attack below the targets' armour has no effect: add attacks, change the targets or take the cards back."
reading = "A declared attack that would fail is refused (the cards stay in play for another declaration)."

[[rule]]
id = "MK:9:Ranged:7a"
section = "Ranged and siege phase: splitting"
page = "p.9"
summary = "Attack unfortified enemies separately so ranged attacks can be used on them."
reading = ""

[[rule]]
id = "MK:9:Ranged:8"
section = "Ranged and siege phase: no banking"
page = "p.9"
summary = "Attack points are assigned as soon as they are generated or they are lost."
reading = "Points not spent by the end of the phase lapse."

[[rule]]
id = "MK:9:Block:1"
section = "Block phase"
page = "p.9"
summary = "All undefeated enemies attack; the player may block any of them."
reading = ""

[[rule]]
id = "MK:9:Block:3"
section = "Block phase: one attack at a time"
page = "p.9"
summary = "Each block is against one enemy attack; one block never covers several enemies; an enemy with several attacks has each blocked separately."
reading = ""

[[rule]]
id = "MK:9:Block:4"
section = "Block phase: block effects"
page = "p.9"
summary = "Per block, play any number of block effects of any element, including sideways cards as physical Block 1."
reading = ""

[[rule]]
id = "MK:9:Block:7a"
section = "Block phase: summoned token blocked"
page = "p.9"
summary = "A summoned monster that is blocked is discarded and gives no fame."
reading = ""

[[rule]]
id = "MK:9:Block:8"
section = "Block phase: failed block"
page = "p.9"
summary = "A failed block has no effect; the full attack comes through."
reading = "The block points are spent either way."

[[rule]]
id = "MK:9:Block:10"
section = "Block phase: no banking"
page = "p.9"
summary = "Block points are not kept for later."
reading = "Points not spent by the end of the phase lapse."

[[rule]]
id = "MK:9:Damage:1"
section = "Damage phase: order"
page = "p.9"
summary = "Skip the phase when nothing is unblocked; otherwise resolve each unblocked attack one by one in an order the player chooses."
reading = "An attack whose damage was partly assigned must be finished before the next one."

[[rule]]
id = "MK:10:Damage:6c"
section = "Damage phase: summoned token"
page = "p.10"
summary = "A summoned token deals its damage with its own abilities and is then discarded, without fame."
reading = ""

[[rule]]
id = "MK:10:Damage:7"
section = "Damage phase: end"
page = "p.10"
summary = "The phase ends once all damage of all unblocked enemies has been assigned."
reading = ""

[[rule]]
id = "MK:10:Attack:1"
section = "Attack phase"
page = "p.10"
summary = "Works like the ranged phase, but melee, ranged and siege attacks combine freely and fortifications do not matter."
reading = ""

[[rule]]
id = "MK:10:Result:1"
section = "Combat result"
page = "p.10"
summary = "The combat ends after the attack phase; any number of enemies may have been defeated."
reading = ""

[[rule]]
id = "MK:10:Abilities:Summon"
section = "Enemy abilities: Summon"
page = "SUM24"
summary = "At the start of the block phase draw a token from the named pile per summon attack; it replaces the summoner in the block and damage phases; the summoner is targetable again in the attack phase."
reading = "A summoner defeated in the ranged phase summons nothing; an empty pile summons nothing and the summoner then does not attack."

[[rule]]
id = "MK:10:Abilities:ArcaneImmunity"
section = "Enemy abilities: Arcane Immunity"
page = "SUM24"
summary = "Immune to every non-attack and non-block effect; effects that refer directly to its attacks apply normally."
reading = "Lowering its attack or stopping its attacks still works; changing its armour does not."

[[rule]]
id = "MK:10:Abilities:Unfortified"
section = "Enemy abilities: Unfortified"
page = "SUM24"
summary = "Ignores all site fortification."
reading = ""

[[rule]]
id = "MK:10:Abilities:MultipleAttacks"
section = "Enemy abilities: multiple attacks"
page = "SUM24"
summary = "Each attack is blocked or deals damage separately; the enemy counts as blocked only if all its attacks were blocked."
reading = ""
"""


def combat_rules() -> list:
    return msgspec.convert(tomllib.loads(CATALOG_TOML), CatalogFile).rule


def combat_catalog() -> Catalog:
    return Catalog("mage-knight", combat_rules())
