"""Epochs' zones in words, for front ends (`Ruleset.zone_label`); names as state.py makes them."""

ZONE_NAMES = {
    "p{seat}.deck": "Seat {seat}'s deck",
    "p{seat}.hand": "Seat {seat}'s hand",
    "p{seat}.discard": "Seat {seat}'s discard pile",
    "p{seat}.relics": "Seat {seat}'s relics",
    "p{seat}.medals": "Seat {seat}'s medals",
    "p{seat}.relic_draw": "relics Seat {seat} drew to choose from",
    "p{seat}.medal_pick": "medals Seat {seat} may pick from",
    "p{seat}.relic_stake": "relic Seat {seat} staked (face down)",
    "e.{epoch}.deck": "{epoch}: elite deck",
    "e.{epoch}.discard": "{epoch}: elite discard pile",
    "e.{epoch}.space{n}": "{epoch}: board space {n}",
    "board.attack": "combat board: attacker's line",
    "board.defence": "combat board: defender's line",
    "board.virtual": "combat board: virtual unit",
    "wm.deck": "the war marker deck",
    "wm.display": "the war markers on display",
    "wm.discard": "the war marker discard pile",
    "wm.used": "the war markers in use",
    "relic.deck": "the relic deck",
    "relic.discard": "the relic discard pile",
}
