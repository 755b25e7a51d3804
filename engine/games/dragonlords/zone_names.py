"""DragonLords' zones in words, for front ends (`Ruleset.zone_label`); names as places.py makes them.

A scroll hand belongs to an army (`scrolls:<army>`); each seat runs one army, except that two
players run four (army n is seat n mod 2, DL:5.1/two-player), so the words name both."""

ZONE_NAMES = {
    "scrolls:0": "Seat 1's scroll hand (army 1)",
    "scrolls:1": "Seat 2's scroll hand (army 2)",
    "scrolls:2": "army 3's scroll hand (Seat 3's; Seat 1's with two players)",
    "scrolls:3": "army 4's scroll hand (Seat 4's; Seat 2's with two players)",
    "scroll_deck": "the scroll deck (face down)",
    "scroll_discard": "the scroll discard pile",
    "quest_deck": "the quest deck (face down)",
    "quest_discard": "the quest discard pile",
    "ship:{ship}": "units aboard ship {ship}",
}
