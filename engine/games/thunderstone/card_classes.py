"""Whether a card belongs to a class a card text names ("Kleriker", "edged", "unedged"): read by
battle effects (fight.py) and by the choices they ask for (choices.py), so it sits below both."""

from __future__ import annotations

from engine.games.thunderstone.battle import carried
from engine.games.thunderstone.content import card


def matches_class(table, c: str, classes: list[str]) -> bool:
    """A card of one of these types or keywords; "unedged": a hero without a carried edged weapon."""
    k = card(c)
    if (
        "unedged" in classes
        and k.kind == "hero"
        and not any("edged" in card(w).keywords for w in carried(table, c))
    ):
        return True
    return k.kind in classes or bool(set(k.keywords) & set(classes))
