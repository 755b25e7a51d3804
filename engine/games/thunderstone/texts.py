"""Every word of the card-ability vocabulary with its meaning in words.

Why one table: content.py rejects an ability whose (on, do) is not listed here, and the card
catalogue builds each card's text from these same templates, so what a card says and what the
engine does are named by the same entry and cannot drift apart. Templates use n, m and what.
"""

from __future__ import annotations

from typing import Any

WHEN = {
    "village": "VILLAGE",
    "dungeon": "DUNGEON",
    "battle": "BATTLE",
    "breach": "BREACH",
    "global": "GLOBAL",
    "spoils": "SPOILS",
    "trap": "TRAP",
    "treasure": "TREASURE",
    "trophy": "TROPHY",
    "react": "REACTION",
    "score": "GAME END",
    "static": "",
    "trait": "",
}

TEXT: dict[tuple[str, str], str] = {
    # village and dungeon effects (vocabulary.py)
    ("village", "gold"): "+{n} gold",
    ("village", "destroy_disease_gold"): "destroy 1 laid-out Disease: +{n} gold",
    ("dungeon", "destroy_disease_gold"): "destroy 1 laid-out Disease",
    ("village", "destroy_disease_draw"): "destroy 1 laid-out Disease: draw {n}",
    ("dungeon", "destroy_disease_draw"): "destroy 1 laid-out Disease: draw {n}",
    ("village", "discard_disease_draw"): "discard 1 laid-out Disease{or_what}: draw {n}{plus_m_attack}",
    ("dungeon", "discard_disease_draw"): "discard 1 laid-out Disease{or_what}: draw {n}{plus_m_attack}",
    ("village", "trade"): "destroy 1 other laid-out card: gain a non-hero village card costing up to {n} "
    "more than it",
    ("village", "burn_for_gold"): "destroy 1 other laid-out card{plus_n_gold}{extra_draw}",
    ("dungeon", "burn_for_gold"): "destroy 1 other laid-out card{extra_draw}",
    ("village", "gold_per_card"): "+{n} gold per {m} other laid-out village cards",
    ("village", "quartermaster"): "draw {n}; of several identical new cards keep 1, discard the rest",
    ("dungeon", "quartermaster"): "draw {n}; of several identical new cards keep 1, discard the rest",
    ("village", "scout_village"): "draw {n}, then put {n} unused laid-out cards back on your deck",
    ("village", "draw_per_card"): "draw 1 per other laid-out {what} card",
    ("dungeon", "draw_per_card"): "draw 1 per other laid-out {what} card",
    ("village", "guess_top"): "name hero, village or monster and discard your deck's top card; "
    "if it is one, draw {n}",
    ("dungeon", "guess_top"): "name hero, village or monster and discard your deck's top card; "
    "if it is one, draw {n}",
    ("village", "extra_buy"): "{n} extra buy this turn",
    ("village", "discard_hero_draw"): "discard any number of laid-out heroes: draw {n} per hero "
    "(one hero per use)",
    ("dungeon", "draw"): "draw {n}",
    ("dungeon", "strength_one"): "one hero STRENGTH +{n}",
    ("dungeon", "all_heroes"): "all heroes ATTACK +{n} and STRENGTH +{m}; after the battle destroy "
    "one attacking hero",
    ("dungeon", "destroy_for_attack"): "destroy 1 other unused laid-out {what}: ATTACK +{n}{others_m}",
    ("dungeon", "discard_for_attack"): "discard 1 other unused laid-out card: ATTACK +{n}",
    ("dungeon", "light_per_level"): "LIGHT +{n} per level of your highest laid-out hero",
    ("dungeon", "axe_draw"): "if no hero of yours has STRENGTH {n} or more, draw 1; a hero drawn so "
    "gets STRENGTH +{m} (also when not equipped)",
    ("dungeon", "destroy_xp_magic"): "destroy 1 XP: MAGIC ATTACK +{n}{plus_m_light} (also at position 1)",
    ("dungeon", "swap_top"): "look at the dungeon deck's top card; a monster may swap with a monster "
    "of the dungeon, which goes on the deck; draw {n}",
    ("dungeon", "scout_dungeon"): "look at the top {n} dungeon cards and put them back in any order",
    ("dungeon", "return_on_win"): "if you defeat a monster this turn, put this card on your deck",
    ("dungeon", "sacrifice_gold_magic"): "destroy 1 other laid-out card with a gold value: MAGIC "
    "ATTACK + its gold value",
    ("dungeon", "sacrifice_nogold"): "destroy 1 other laid-out card without a gold value: draw {n}",
    ("dungeon", "others_discard"): "every other player discards {n} {what_card} from hand "
    "(or shows a hand without one){m_per}",
    ("dungeon", "draw_and_mill"): "draw {n}; one other player reveals and discards his deck's top "
    "card; a {what} gives MAGIC ATTACK +{m}",
    ("dungeon", "draw_more_if"): "draw {n}; if it is a {what}, draw 1 more",
    # battle-time bonuses (battle.py)
    ("static", "bonus_if_equipped"): "ATTACK +{n} more when equipped",
    ("static", "bonus_if_spell"): "MAGIC ATTACK +{n} more if a spell is played",
    ("static", "per_spell_magic"): "MAGIC ATTACK +{n} per spell played",
    ("static", "per_card_attack"): "ATTACK +{n} per other laid-out {what} card",
    ("static", "per_card_strength"): "STRENGTH +{n} per other laid-out {what} card",
    ("static", "per_card_magic"): "MAGIC ATTACK +{n} per laid-out card with a {what} value{self_too}",
    ("static", "all_level3"): "ATTACK +{n} if every laid-out hero is level 3 or higher",
    ("static", "bow"): "ATTACK +{n}, +{m} more per level of its hero, against position 2 or deeper",
    ("static", "conjurer"): "its ATTACK counts only against position 2 or deeper",
    ("static", "light_item_bonus"): "LIGHT +{n} per laid-out light item",
    ("static", "leftover_light_magic"): "MAGIC ATTACK +{n} per light point left after all penalties",
    ("static", "magic_per_gold"): "MAGIC ATTACK +1 per {n} gold revealed (rounded down)",
    ("static", "extra_weapon"): "its hero may carry {n} more weapon",
    ("static", "protect"): "if its hero would be destroyed, discard the hero instead",
    ("static", "spell_twice"): "carried by a {what_or}: one spell's DUNGEON effect may be used a "
    "second time this turn",
    ("static", "attack_vs"): "ATTACK +{n} against a {what} monster",
    # monster traits (battle.py)
    ("trait", "min_heroes"): "cannot be defeated unless {n} heroes are present",
    ("trait", "min_heroes_attack"): "a party of fewer than {n} heroes may not attack it",
    ("trait", "immune_magic"): "immune to MAGIC ATTACK",
    ("trait", "immune_edged"): "immune to edged weapons",
    ("trait", "immune_spells"): "immune to spells",
    ("trait", "immune_unarmed"): "unequipped heroes deal it no damage",
    ("trait", "unarmed_cannot_attack"): "heroes without a weapon cannot attack it",
    ("trait", "weak_cannot_attack"): "heroes of STRENGTH {n} or less cannot attack it",
    ("trait", "magic_half"): "MAGIC ATTACK counts half",
    ("trait", "half_without_magic"): "without MAGIC ATTACK only half damage",
    ("trait", "magic_only"): "only MAGIC ATTACK counts against it",
    ("trait", "must_include_magic"): "the attack must include MAGIC ATTACK",
    ("trait", "only_by_defeat"): "leaves the dungeon only when defeated",
    ("trait", "light"): "LIGHT {n:+d} against it",
    ("trait", "no_light_reduction"): "light cannot reduce its light penalty",
    ("trait", "double_health_unless_gold"): "double health unless the active player reveals {n} gold",
    ("trait", "not_if_used"): "cannot be attacked after a {what} was used this turn",
    ("trait", "needs_used"): "cannot be defeated unless an {what_or} was used this turn",
    # monster battle effects (fight.py)
    ("battle", "disease"): "gain {n} Disease",
    ("battle", "disease_all"): "every player gains {n} Disease",
    ("battle", "disease_others"): "every other player gains {n} Disease",
    ("battle", "destroy_weapon"): "destroy 1 weapon",
    ("battle", "destroy_any"): "destroy 1 laid-out card",
    ("battle", "destroy_class"): "destroy 1 {what_or}{before_total}",
    ("battle", "destroy_all_class"): "destroy every {what_or}",
    ("battle", "destroy_village_card"): "destroy the laid-out village card with the highest gold value",
    ("battle", "destroy_per_disease"): "destroy 1 non-Disease laid-out card per laid-out Disease",
    ("battle", "destroy_weakest"): "destroy the hero with the lowest STRENGTH",
    ("battle", "destroy_hero_max_str"): "destroy {n} heroes of STRENGTH {m} or less",
    ("battle", "destroy_lightest_weapon"): "destroy the lightest weapon",
    ("battle", "destroy_all_but"): "destroy every {what} except the {n} strongest (heaviest)",
    ("battle", "hero_pair"): "every player shows 2 heroes (or all if fewer) and destroys the stronger",
    ("battle", "ban_hero"): "one hero may not attack",
    ("battle", "strength_minus"): "every hero STRENGTH -{n}{minus_m_attack}",
    # breach, global, guardian, traps, treasures (board.py, battle.py, turns.py)
    ("breach", "disease_all"): "every player gains {n} Disease",
    ("breach", "guardian"): "moves to position 0 and stays there",
    ("breach", "raze_village"): "remove the top {n} cards of every village stack whose top card has "
    "a gold value of {m} or more",
    ("breach", "mill_hero"): "every player discards from his deck until a hero shows and destroys it",
    ("global", "light"): "LIGHT {n:+d} at every position",
    ("global", "double_light_penalty"): "the base light penalty of every position is doubled",
    ("global", "battle_twice"): "while at position 0, monster BATTLE effects resolve twice",
    ("global", "disease_on_defeat"): "every player gains {n} Disease whenever another monster is defeated",
    ("spoils", "buy"): "buy 1 {what} card",
    ("spoils", "gain_xp"): "gain {n} XP",
    ("spoils", "steal_monsters"): "every other player reveals his top {n} deck cards; monsters of "
    "{m} VP or less go to your discard pile, the rest back",
    ("spoils", "keep_aside"): "keep your laid-out {what} cards aside; they join your new hand",
    ("trap", "reveal_destroy"): "{who} reveals the top {n} deck cards, destroys every {what}, puts "
    "the rest back",
    ("trap", "thief_or_lose"): "every player shows a thief or destroys every {what} in his hand",
    ("trap", "reveal_until"): "from the active player's left, players in turn reveal deck cards; "
    "every {what} is destroyed; stop after {n}",
    ("trap", "cull_heroes"): "the active player destroys his weakest hero; every other player "
    "discards his top {n} deck cards and destroys the heroes among them "
    "except the strongest",
    ("trap", "words"): "a monster defeated this turn is destroyed unless the active player shows a "
    "thief; every other player destroys his deck's top card if it is a {what}",
    ("treasure", "draw"): "destroy it at the start of your turn: draw {n}",
    ("treasure", "gain_xp"): "destroy it at the start of your turn: gain {n} XP",
    ("treasure", "xp_per_card"): "destroy it at the start of your turn and any number of hand "
    "cards, chosen one by one: gain {n} XP per card",
    ("treasure", "ignore_battle"): "destroy it (also in another player's turn) to ignore one battle "
    "effect aimed at you (used automatically)",
    ("treasure", "hide_card"): "when you defeat a monster you may hide one of your laid-out cards "
    "face down under it; the next time any player defeats a monster "
    "worth 6+ VP, it is destroyed and the hidden card goes to that "
    "player's discard pile (used by itself)",
    ("treasure", "keep_monster"): "the next monster you defeat is set aside with it, out of your "
    "deck; both return at game end (used by itself)",
    ("trophy", "avoid_trap"): "show it from hand to avoid 1 trap",
    ("score", "contempt"): "worth {n} VP in total if every other player owns more monsters",
    ("score", "terror"): "+{n} VP per other Thunderstone you own",
    ("react", "redirect"): "an effect of another player aimed at you hits the active player instead",
}

KNOWN = frozenset(TEXT)


def words(on: str, do: str, n: int, m: int, what: str) -> str:
    """One ability in words, with its timing prefix."""
    body = effect(on, do, n, m, what)
    prefix = WHEN.get(on, "")
    return f"{prefix}: {body}" if prefix else body[0].upper() + body[1:]


def effect(on: str, do: str, n: int, m: int, what: str) -> str:
    """What one ability does, in words, without its timing ("one hero STRENGTH +1")."""
    names = [w for w in what.split(",") if w]
    extra: dict[str, Any] = {
        "or_what": f" or 1 {what}" if what else "",
        "plus_m_attack": f" and ATTACK +{m}" if m else "",
        "plus_m_light": f" and LIGHT +{m}" if m else "",
        "plus_n_gold": f": +{n} gold" if n else "",
        "extra_draw": f"; draw {m} extra card(s) at the end of the turn" if m else "",
        "others_m": f"; every other player discards {m} card" if m else "",
        "what_card": what or "card",
        "m_per": f"; ATTACK +{m} per weapon discarded so" if m else "",
        "self_too": " (this card counts)" if m else "",
        "what_or": " or ".join(names),
        "minus_m_attack": f" and ATTACK -{m}" if m else "",
        "who": "every player" if m else "the active player",
        "before_total": " before the attack is totalled" if n else "",
    }
    return TEXT[(on, do)].format(n=n, m=m, what=what, **extra)
