"""A search bot's guess at what DragonLords keeps secret outside zones (bots.search.determinize,
the ruleset hook `resample_hidden`): which of a rival's chip-bearing units is its King, a
Wizard or the decoy, a wizard's spells, and which treasure chips lie where (§2.3/placement,
§3.3/treasures, view.py). Zones (the scroll deck and hands) are re-dealt by the core; these are
facts of `Table.game`, so without this a bot would search the true King.

Consistent with the seat's view: a rival's King, Wizards and decoy are the units the seat saw
its set-up chips go under, so their roles (with the spells a role brings) are shuffled among
those units only; every treasure chip the seat cannot see (the face-down pool, rivals' units,
spoils a rival still places) is re-dealt into the same slots. The seat's own facts, DragonLord
figures and every public count (units, wizards alive) stay as they are. What the seat may have
inferred from the history (a unit seen casting a spell) is not used: the guess follows the
view, not the log."""

from __future__ import annotations

import random

SECRET_ROLES = ("king", "wizard", "decoy")


def resample_hidden(table, seat: int, rng: random.Random) -> None:
    """Re-deal, in place, what `seat` cannot see of rivals' chips (a determinized clone only)."""
    game = table.game
    mine = {i for i, a in enumerate(game.armies) if a.seat == seat}
    rivals = sorted({x.army for x in game.heroes.values()} - mine)
    for army in rivals:
        ids = sorted(h for h, x in game.heroes.items() if x.army == army and x.role in SECRET_ROLES)
        # sorted first, as a pool of cards is: the guess is a function of the view and the rng
        bundles = sorted((game.heroes[h].role, list(game.heroes[h].spells)) for h in ids)
        rng.shuffle(bundles)
        for h, (role, spells) in zip(ids, bundles, strict=True):
            game.heroes[h].role, game.heroes[h].spells = role, spells
    _redeal_treasures(game, mine, rng)


def _redeal_treasures(game, mine: set[int], rng: random.Random) -> None:
    """Every treasure chip unseen by the seat, sorted and shuffled, dealt back slot by slot."""
    holders = [x for _, x in sorted(game.heroes.items()) if x.army not in mine and x.treasures]
    spoils = [s for s in game.spoils if s.get("army") not in mine and "treasure" in s]
    chips = sorted(
        [t for x in holders for t in x.treasures] + [s["treasure"] for s in spoils] + list(game.treasure_pool)
    )
    if not chips:
        return
    rng.shuffle(chips)
    dealt = iter(chips)
    for x in holders:
        x.treasures = [next(dealt) for _ in x.treasures]
    for s in spoils:
        s["treasure"] = next(dealt)
    game.treasure_pool = [next(dealt) for _ in game.treasure_pool]
