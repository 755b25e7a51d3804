"""Catalog entries for the rules that cities.py, dummy.py and scenarios.py cite beyond the
ruleset's catalog.toml (Mage Knight part 2, issue 13).

The part-2 helper does not own catalog.toml; the ruleset merges these (paste `CATALOG_TOML`
into catalog.toml, or `Catalog.merged(part2_catalog())`). Ids follow MK:<page>:<section>:<item>.
"""

from __future__ import annotations

import tomllib

import msgspec

from engine.catalog import Catalog, CatalogFile

CATALOG_TOML = """
[[rule]]
id = "MK:4:Round:5"
section = "Round: after the round"
page = "p.4"
summary = "When the scenario's end condition or its round limit is reached, the game ends and is scored; otherwise the next round is prepared."
reading = "Objective scoring counts the rounds not needed as the round limit minus the rounds played."

[[rule]]
id = "MK:8:Interact:3a"
section = "Interaction: conquered city"
page = "p.8"
summary = "Interacting in a conquered city adds +1 influence per own shield on its city card, once per turn."
reading = "A friendly city (every player has a shield) gives each player +1."

[[rule]]
id = "MK:8:Interact:4e"
section = "Interaction: city shops"
page = "p.8"
summary = "Blue City: spells (7 influence + 1 mana of its colour). Red City: artifacts, 12 influence each, drawn at end of turn. White City: recruits every unit type; 2 influence adds an elite unit to the offer. Green City: an advanced action from the offer or the top of the deck."
reading = "Shops open only after conquest (or in a friendly city). The White City adds the top elite card (A35). The Green City's price is lost in the extraction: stand-in 6, as a monastery's advanced action (A6)."

[[rule]]
id = "MK:10:City:1"
section = "City assault: defenders"
page = "p.10"
summary = "City defenders are fortified and get the city's bonus: White armour +1; Blue +2 to ice and fire attacks, +1 to cold fire; Red gives physical attackers Brutal; Green gives physical attackers Poison. Defenders are drawn by the city's colour and level."
reading = "The garrison piles per colour and level come from content/city_garrisons.json (public list). A Megalopolis has both colours' bonuses. Summoning attacks get no bonus."

[[rule]]
id = "MK:10:City:2"
section = "City assault: conquest and leader"
page = "p.10"
summary = "A city falls when all its defenders are defeated, by one or several assaults; each defeated defender puts a shield of its defeater on the city card. The leader has most shields; a tie goes to the earliest shield."
reading = "Defenders defeated in a failed assault stay defeated (A22). A conquered or friendly city is entered, not assaulted."

[[rule]]
id = "MK:13:Coop:1"
section = "Cooperative city assault"
page = "p.13"
summary = "Joint city assaults are allowed in co-op scenarios, and in competitive ones when everyone agrees."
reading = ""

[[rule]]
id = "MK:15:Dummy"
section = "Dummy player"
page = "p.15"
summary = "The dummy has a hero card, turn token, 16-card deck (shuffled) and one crystal per coloured dot of the hero card. Its turn: deck empty -> it announces the end of the round; else it reveals 3 cards to its discard pile, and k more if it has k crystals of the last card's colour. Its tactic only sets its order. It is not counted for Source dice or the unit offer."
reading = "A colourless card gives k = 0; a two-coloured card takes its better colour. When its deck runs short it reveals what is left. At round preparation its deck, discard pile and the bottom advanced action are shuffled once into the new deck (A25); the bottom spell's colour gives a crystal without the limit of 3. The rulebook's Goldyx example (green, green, blue) differs from heroes.json's public list (blue, blue, white); the tests follow the book."

[[rule]]
id = "MK:15:CoopSolo"
section = "Co-op and solo: general"
page = "p.15"
summary = "Interactive spells 109-112 and interactive skills are removed; the dummy hero's skills form a second pool, one revealed into the common offer whenever the player gains a skill."
reading = "The interactive skills are those of content/interactive_skills.json (one per hero); they leave the players' skill stacks and the dummy's pool at set-up, so the dummy's one is never drawn (removed rather than replaced)."

[[rule]]
id = "MK:15:Team"
section = "Team rules"
page = "p.15"
summary = "Teams of 2: no trading, no PvP between allies, no shared space except cities and the portal, allied keeps usable but their hand-limit bonus is the owner's only. Team score: the lower fame, the better achievement per category (the bigger Beating penalty), titles compared on each team's best."
reading = ""

[[rule]]
id = "MK:18:Scen:CityLevels"
section = "City levels and the Megalopolis"
page = "p.18"
summary = "Scenarios set city levels. A Megalopolis (only with at most 3 cities, level 2-24) is the last city revealed: a second random city card joins it, each half gets half the level (left rounds up), the garrisons pool, it fights with both bonuses and counts as one city in scoring."
reading = "Chosen with the variant `megalopolis:N`. The second city stands on the space east of the first (the right as the map lies); the remaining city cards are those of no city tile in this game's stack or map, else any other colour. Its garrison lies with the first space's; either space is assaulted and revealed as the one city."

[[rule]]
id = "MK:19:Scen:FullConquest"
section = "Scenario: Full Conquest"
page = "p.19"
summary = "2-4 players, 6 rounds; countryside 8/9/11, city tiles = players, other core tiles = players - 1; cities level 4. When all cities are conquered every player gets one last turn; a round end meanwhile ends the game. Standard achievements plus city scoring; most fame wins."
reading = "'Who revealed the last city' is read as who conquered it (A15). Tied winners share the win (the book is silent)."

[[rule]]
id = "MK:19:Scen:BlitzConquest"
section = "Scenario: Blitz Conquest"
page = "p.19"
summary = "As Full Conquest in 4 rounds, countryside 6/7/9, cities level 3; start at fame 1 and reputation +2, +1 fame per fame row crossed, one more Source die and unit. City scoring: +7 per city led, +4 per city with a shield, Greatest City Conqueror +5 (tie +2)."
reading = "The row bonus never chains (A17). Fame rows are the level thresholds of levels.json."

[[rule]]
id = "MK:19:Scen:SoloConquest"
section = "Scenario: Solo Conquest"
page = "p.19"
summary = "1 player and a dummy, 6 rounds, wedge, countryside 7, 2 city tiles (levels 5 then 8), 2 other core tiles. The player picks a tactic first, the dummy draws one; both used tactics leave the game at round end. All cities conquered: the player gets one last turn, the dummy none. Objective scoring."
reading = ""

[[rule]]
id = "MK:20:Scen:FullCoop"
section = "Scenario: Full Cooperative Conquest"
page = "p.20"
summary = "2-3 players and a dummy, 6 rounds, fully open map; countryside 8/10, city tiles players + 1, other core tiles = players; cities level 5, the last revealed 8 (2p) or 11 (3p). The dummy draws its tactic first; at each round end but the last the team removes one tactic a real player used. Objective scoring."
reading = ""

[[rule]]
id = "MK:20:Scen:BlitzCoop"
section = "Scenario: Blitz Cooperative Conquest"
page = "p.20"
summary = "As Full Cooperative in 4 rounds: countryside 7/8, city tiles = players, other core = players - 1, city levels 5, 8 (, 11) in reveal order, plus the Blitz extras."
reading = ""

[[rule]]
id = "MK:20:Scen:Mines"
section = "Scenario: Mines Liberation"
page = "p.20"
summary = "2-4 players, 4 rounds; the Red City is friendly. Mines are guarded and liberated by fighting both their enemies; liberators gain reputation and crystals each day and night. Ends when all tiles are revealed and all mines liberated. +4 / +7 fame per mine, Greatest Liberator +5."
reading = "A tie for Greatest Liberator gives +2 each (A16)."

[[rule]]
id = "MK:21:Scen:DungeonLords"
section = "Scenario: Dungeon Lords"
page = "p.21"
summary = "2-4 players, 5 rounds; the Blue City is friendly; secret dungeons and tombs appear next to villages and monasteries; no second visits; tunnels between conquered ones. Tombs and dungeons score 4; Greatest Dungeon-Crawler replaces Greatest Adventurer."
reading = ""

[[rule]]
id = "MK:21:Scen:DruidNights"
section = "Scenario: Druid Nights"
page = "p.21"
summary = "2-4 players, 4 rounds; the Green City is friendly; players mark magical glades and chant once per night to summon monsters for double fame and crystals. Ends when all have chanted in the second night, or after it."
reading = ""

[[rule]]
id = "MK:22:Scen:OnlyOneReturns"
section = "Scenario: Only One Returns"
page = "p.22"
summary = "2-4 players, 4 rounds, cities level 3; the portal closes at the end of round 1 (a hero on it is eliminated) and becomes a plains space. The hero on it when the second night ends wins; no scoring."
reading = "A hero off the map by the portal rule counts as on the portal (A38)."

[[rule]]
id = "MK:22:Scen:ConquerKeepsTowers"
section = "Scenario: keeps and towers (untitled)"
page = "p.22"
summary = "2 players (6 rounds) or 4 in teams (4 rounds); fixed map of keep and tower tiles; the White City is closed; no reputation loss for assaulting keeps or towers; towers are owned like keeps. 3 VP per keep, 2 per tower held; a tie has no winner."
reading = "The fixed tile positions are a stand-in (the illustration is not in the text)."

[[rule]]
id = "MK:13:Coop:2"
section = "Cooperative city assault: who may start it"
page = "p.13"
summary = "The active player, before the round end is announced or the scenario end triggered, as their action, from a space next to the city with no other hero; invited heroes must be adjacent, with their turn token face up and a non-wound card in hand."
reading = ""

[[rule]]
id = "MK:13:Coop:3"
section = "Cooperative city assault: the proposal"
page = "p.13"
summary = "The initiator invites eligible heroes and proposes how many defenders each takes, at least 1 each; all invited must agree."
reading = "The shares must add up to the whole garrison."

[[rule]]
id = "MK:13:Coop:5"
section = "Cooperative city assault: dealing"
page = "p.13"
summary = "The city's defenders are shuffled and dealt face down in the agreed numbers."
reading = "Dealt in turn order from the initiator, from one shuffle."

[[rule]]
id = "MK:4:Round:2f"
section = "Round preparation: tactics"
page = "p.4"
summary = "The tactics of the last round are collected and the set of the new round laid out; solo and co-op scenarios first remove some used tactics from the game."
reading = "Solo Conquest removes the player's and the dummy's tactic. Co-op removes one tactic a real player used, the team's choice: the engine removes the lowest-numbered one (no decision is asked; stand-in for the team's agreement). When the removals leave fewer tactics of that time of day than pickers (Darkness Falls makes every round a night), the whole set of that time of day is laid out again."

[[rule]]
id = "MK:14:Shape:Open"
section = "Map shapes: open maps and the fixed map"
page = "p.14"
summary = "Wedge (start tile A, no core tile on the coastline columns), fully open (start tile B, 3 tiles at once, at most 5 rows), open with 4 or 3 rows."
reading = "An open map places its third tile to the right where the rows allow, else to the left; a 3-row map has room for two. The untitled scenario's fixed map is played as an open 3-row map (stand-in: its picture is not in our text)."

[[rule]]
id = "MK:4:Round:2c:Elite"
section = "Round preparation: elite units in the unit offer"
page = "p.4"
summary = "Once a core tile is revealed the new unit offer alternates elite, regular, elite, ..., starting with elite; the untitled scenario mixes them from its second half on; First Reconnaissance uses none."
reading = "When one unit deck runs out the other deals. Elite and regular cards go back under their own deck."

[[rule]]
id = "MK:15:Dummy:Turn"
section = "Dummy player: its place at the table"
page = "p.15"
summary = "The dummy takes its turns in the turn order of its tactic; it never interacts, fights or scores; its last card revealed sets how many more it reveals."
reading = "The dummy's deck is a hidden zone and its revealed cards a public one, so a shuffle stays secret and each reveal is a zone event. In the last turns of Solo Conquest and the co-op scenarios it is skipped."

[[rule]]
id = "MK:15:Score:Part2"
section = "Scoring by scenario"
page = "p.15"
summary = "Competitive scenarios: fame + standard achievements + titles (+ city scoring in conquest scenarios); solo and co-op: the objective score of the scoring card's back; Only One Returns: the hero on the portal; the keep and tower scenario: victory points."
reading = "Objective scoring: the game counts as won when every city is conquered; then every real seat wins, else nobody. Only One Returns: nobody on the portal, nobody wins. Mines Liberation and Druid Nights: their own fame (mines, chants) is not yet wired, so they score as standard competitive games."
[[rule]]
id = "MK:16:Var"
section = "Variants: general"
page = "p.16"
summary = "Variants are used only when all agree, decided before hero selection; do not combine too many."
reading = "A variant is chosen with the `variants` option of `new` (comma-separated); an unknown one is refused."

[[rule]]
id = "MK:16:Var:Time"
section = "Variant: varying the time of day"
page = "p.16"
summary = "Arrival at Night: the game starts with a night (reroll the set-up Source until it has no gold and no black). Darkness Falls: at the end of each day roll 2 mana dice; a black one brings night for the rest of the game, otherwise another day follows."
reading = "The round limit is unchanged. The two cannot be combined. Tiles revealed at set-up are populated as by day (the first round begins after the set-up)."

[[rule]]
id = "MK:16:Var:BeNice"
section = "Variant: be nice to each other"
page = "p.16"
summary = "No interactive spells (109-112) or skills; no PvP; mana-friendly: by day a gold die may not replace a colour still unused in the Source, and may not be rerolled or changed while a non-gold die is in the Source."
reading = "The colour a gold die stands in for is the colour of the card, spell or unit ability paid for. The interactive skills are listed in content/interactive_skills.json (one per hero: the skills whose token goes to the centre for the others, or that act on others' units); they leave every skill stack, the dummy's too, with Be Nice and in the solo and co-op scenarios."

[[rule]]
id = "MK:16:Var:Map"
section = "Variant: varying the map"
page = "p.16"
summary = "Random cities: when a city is revealed, a random city card decides its colour, whatever the tile prints; scenarios naming a city use that core tile with a random city. Random tile orientation: a revealed tile (at set-up or later) is laid face down at its position and flipped about an axis declared beforehand; the symbols on the edges must still lie against each other, though stars may now touch circles."
reading = "The city card is drawn from the colours not yet on the map (all four when every one is). Random tile orientation (`random_orientation`): laid face down any way round, the flip shows the face turned by an unknown sixth, drawn as a turn of 0-5 (a flip never mirrors the printed face). The positions stay those of the standard rules (MK:7:Move:5d: the edge symbols still lie against each other), so every turn fits; a turned tile's edges may meet a star against a circle, and the tile event lists those sides (`mismatched`). The edge symbols themselves are a stand-in pattern (content/tiles.json `edges`): the same on every tile, so that unturned tiles always match."

[[rule]]
id = "MK:7:Move:5d"
section = "Move: orientation of a revealed tile"
page = "p.7"
summary = "Map tiles always have a fixed orientation: the number in one corner is aligned as on the start tile; the player has no choice in turning a new tile. The positions are given by the tiles' edge symbols."
reading = "Standard games place every tile unturned (turn 0); only the variant Random Tile Orientation turns tiles (MK:16:Var:Map)."

[[rule]]
id = "MK:13:PvPSpecial"
section = "PvP: special combat effects"
page = "p.13"
summary = "Effects that target enemies may target the opponent's unwounded units, never the hero: red effects and red-mana unit abilities do not touch fire-resistant units, blue ones ice-resistant units; 'destroy an enemy' wounds the unit instead; a unit's armour never drops below 1. Value- or rule-changing effects last the whole combat. 'Enemy does not attack' effects are played while blocking on one unit taking part in the attack (its contribution is subtracted)."
reading = "pvp_targets.py: an armour change (per resistance where the card says so) or a destruction may be played on an unwounded unit of the opponent, in the phase the card asks for (PvP ranged and siege = ranged, melee = attack); the armour change counts when damage is assigned to the unit. Effects that only lower or stop an attack are not offered on units (a unit's part of a pooled PvP attack or block is not kept apart), nor effects that wait for a successful block; several-target effects take one unit, and a unit ability's mana colour is not checked against resistances."

[[rule]]
id = "MK:17:Var:RampagingEvil"
section = "Variant: rampaging evil"
page = "p.17"
summary = "Heroes start at reputation -2. At the end of each day roll a die per space whose rampaging enemy was defeated: a warm colour brings a new enemy, gold also a brown one; at the end of each night the same with cold colours and black. Reputation +1 per defeated token. More Rampaging Evil: reputation -4, the enemy always returns, a warm/cold colour adds the brown one."
reading = "Reputation +1 per token defeated on a rampaging space, on top of the enemy's own values. The brown token shares the rampaging space: fighting one means fighting both."
[[rule]]
id = "MK:12:PvP:1"
section = "PvP: starting it"
page = "p.12"
summary = "As the turn's action, on a space with another hero (not a portal or city), before the round end is announced or the scenario end triggered, against a hero whose turn token is face up; never between allies; a step onto another hero's space may not provoke rampaging enemies."
reading = "pvp.py checks these conditions; pvp_turn.py offers them as commands."

[[rule]]
id = "MK:12:PvP:3"
section = "PvP: the defender's commitment"
page = "p.12"
summary = "The defender commits fully (whole turn now, token face down, next turn skipped) or partly (token stays up, no Source die, no end-of-turn steps)."
reading = ""

[[rule]]
id = "MK:12:PvPRanged:4"
section = "PvP ranged and siege phase: blocks"
page = "p.12"
summary = "Efficiency as against enemies; against a mixed attack a block is efficient when it is so against at least one element; partial blocks are allowed; every 2 block points take 1 off the attack (as against Swift), in full when an effect removes Swift."
reading = "The reduction never takes the attack below 0."

[[rule]]
id = "MK:12:PvPRanged:4c"
section = "PvP ranged: the example"
page = "p.12"
summary = "Fire Ranged Attack 4 against Ice Block 4: reduced by 2 to 2. Against an inefficient Block 7: the block counts 3, the attack is reduced by 1 to 3 (E-01, E-02)."
reading = ""

[[rule]]
id = "MK:12:PvPRanged:5"
section = "PvP: damage"
page = "p.12"
summary = "The attacker assigns the rest: an unwounded unit is wounded by damage equal to its armour, doubled if it resists an element of the attack; the hero takes a wound per full armour; points below a target's armour lapse."
reading = "Enemy abilities (poison, paralyze) do not apply to heroes."

[[rule]]
id = "MK:13:PvPMelee:1c"
section = "PvP melee phase"
page = "p.13"
summary = "The aggressor attacks first; any attacks combine; fortifications are ignored; sideways cards give Attack 1 and one of them makes the whole attack physical; blocks reduce 1:1."
reading = ""

[[rule]]
id = "MK:13:PvPMelee:2"
section = "PvP melee: more uses of damage"
page = "p.13"
summary = "5 damage steals an artifact from the discard pile, the play area or a wounded unit; damage equal to a safe adjacent space's move cost forces a retreat there and ends the combat."
reading = ""

[[rule]]
id = "MK:13:PvPResult"
section = "PvP result"
page = "p.13"
summary = "The one forcing the other to retreat wins: 1 fame if the loser had more fame, plus 2 per level the loser is above; nobody attacking any more is a draw and the aggressor retreats."
reading = "Equal fame at equal level gives 0 (SUM23)."
[[rule]]
id = "MK:13:Coop:4"
section = "Cooperative city assault: commitment"
page = "p.13"
summary = "All participants turn their turn order tokens face down; each forfeits the next turn."
reading = "At that next turn the token turns up and the turn is skipped (forfeited)."

[[rule]]
id = "MK:13:Coop:6"
section = "Cooperative city assault: the fights"
page = "p.13"
summary = "In turn order from the initiator each participant, with one Source die, moves straight into the city (reputation -1) and fights all phases against its own dealt defenders before the next; shields for the defenders each defeats."
reading = "The move into the city costs no move points (it is the assault itself). Rampagers provoked or challenged on the way are not added (not wired)."

[[rule]]
id = "MK:13:Coop:7"
section = "Cooperative city assault: result"
page = "p.13"
summary = "The city falls when every defender is defeated; otherwise all participants retreat to the spaces they came from. The Source dice used return only when the whole assault ends."
reading = ""

[[rule]]
id = "MK:13:Coop:8"
section = "Cooperative city assault: finishing the turns"
page = "p.13"
summary = "The participants then finish their turns in turn order as normal."
reading = "The invited heroes clean up their play areas and draw up to their hand limit at once; the initiator's turn goes on and ends as usual."
[[rule]]
id = "MK:12:PvPRanged:2"
section = "PvP ranged and siege phase: the attack"
page = "p.12"
summary = "The players take turns as attacker, the defender first; an attack is any ranged and siege effects plus special effects, no sideways cards; against a defender in a keep or mage tower only siege attacks."
reading = "The points a seat plays go to the exchange's pool; `pvp_attack` declares them all."

[[rule]]
id = "MK:12:PvPRanged:6"
section = "PvP: passing and the phases"
page = "p.12"
summary = "A player may pass instead of attacking; the phase ends when both pass one after the other; after the melee phase the combat is a draw."
reading = "An exchange whose damage is spent or lapses hands the attack to the other player; passing twice in a row ends the phase."
[[rule]]
id = "MK:17:Var:ImprovedActions"
section = "Variant: more deck building, Improved Actions"
page = "p.17"
summary = "At the end of each night except the last, reveal players + 1 advanced actions; each player rates the deck (2 per artifact and spell, 1 per advanced action, 1 per 2 crystals, unit levels, +3 per level above the lowest) and, lowest first (ties: less fame, then later in the last round), may take one into hand by removing an action card of the same colour or with a type symbol in common; the rest go under the deck."
reading = "The removed card may be anywhere among the player's deed cards (all are shuffled into the deck at the round preparation that follows). The type symbols are the cards' categories."
[[rule]]
id = "MK:17:Var:InteractiveCombat"
section = "Variant: interactive combat"
page = "p.17"
summary = "When a player starts a combat against exactly one enemy, the player who acted before sets an unused mana die in secret: white, enemy armour +1 in the ranged and siege phase; red, attack +1; blue, armour +1 in the attack phase; each +1 fame if the enemy is defeated; black, green or gold nothing. Revealed as white or not at the start of the ranged phase, red or not at the block phase, fully at the attack phase."
reading = "Any combat that starts with exactly one enemy token, not PvP. The player who acted before is the previous seat in the turn order (cyclic, the dummy left out); solo, nobody sets the die. The die is not taken from the Source (its colour is free). The secret colour lies in an owner-only zone until revealed."
[[rule]]
id = "MK:16:Var:Auction"
section = "Variant: hero auction"
page = "p.16"
summary = "In a random selection order a player names a hero; players without a hero may object by offering fame; the chooser may match or give up; later bids must exceed, players earlier in the order need only match; the highest bidder (ties: earlier) takes the hero and loses the bid in fame; the next player chooses (the same one if it got none). Negative fame keeps level 1 and crossing back gives no level. Round 1's tactics go in the reverse selection order."
reading = "Players answer a named hero in selection order after the chooser; after each raise everyone else may answer again; the auction ends when all have passed since the last bid. A bid of 0 passes. The command list offers the lowest allowed bid and the next 9."
[[rule]]
id = "MK:17:Var:Draft"
section = "Variant: more deck building, draft at game start"
page = "p.17"
summary = "After the heroes are assigned, deal 4 random advanced actions face down to each player; pick 1, set it aside and pass the rest to the left until each has 3; shuffle the rest back. At the end of each day round, when decks are shuffled, each player shuffles 1 drafted card into the deck."
reading = "The picks are made one player after another (each sees only its own packet); the map, dice and offers are already laid out, which changes nothing the draft uses. Left is the next seat. The day-end card goes to the discard pile just before the round preparation shuffles it into the deck."
"""


def part2_catalog() -> Catalog:
    """The entries above as a catalog, for `Catalog.merged`."""
    return Catalog("mage-knight", msgspec.convert(tomllib.loads(CATALOG_TOML), CatalogFile).rule)
