"""DragonLords' zones in words, for front ends (`Ruleset.zone_label`); names as places.py makes them.

A scroll hand belongs to an army (`scrolls:<army>`, the army's index); each seat runs one army,
except that two players run four (army n is seat n mod 2, DL:5.1/two-player). These words know
no game, so they name the army by its place in the list (its seat shows as the zone's owner,
and the log names it by seat and race, names.py); never by a number people could read as a seat."""

ZONE_NAMES = {
    "scrolls:0": "the first army's scroll hand",
    "scrolls:1": "the second army's scroll hand",
    "scrolls:2": "the third army's scroll hand",
    "scrolls:3": "the fourth army's scroll hand",
    "scroll_deck": "the scroll deck (face down)",
    "scroll_discard": "the scroll discard pile",
    "quest_deck": "the quest deck (face down)",
    "quest_discard": "the quest discard pile",
    "ship:{ship}": "units aboard a ship",
}
