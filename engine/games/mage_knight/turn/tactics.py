"""The tactic cards' effects (MK:4:Round:3b): what a tactic does when taken, and the tactics a
seat uses later in the round or once per turn ("tactic_use" commands). A tactic used once per
round is flipped (`Player.tactic_used`). The readings are in catalog.toml (MK:4:Round:3b).

    when taken   rethink (discard up to 3, draw as many), mana_steal (keep a basic die),
                 great_start (draw 2, content), preparation (a card of the deck to hand)
    once a round the_right_moment (another turn after this one), long_night (3 cards of the
                 discard pile as a new deck), midnight_meditation (up to 5 cards of the hand
                 into the deck, draw as many, at the start of the turn)
    once a turn  mana_search (reroll 1-2 Source dice, gold and black first), sparing_power
                 (store the deck's top card under the tactic, or take them all and flip)
"""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.mana import rules as mana
from engine.games.mage_knight.mana.claims import claimed_dice
from engine.games.mage_knight.turn.ledger import hand_cards
from engine.mechanics import zones
from engine.mechanics.zones import card_name

RULE = "MK:4:Round:3b"
RETHINK_MAX, MEDITATION_MAX, SEARCH_MAX, LONG_NIGHT_CARDS = 3, 5, 2, 3


def sparing_zone(seat: int) -> str:
    return f"sparing:{seat}"  # face-down cards under Sparing Power


def multisets(names: list[str], most: int) -> list[list[str]]:
    """Every multiset of 1..most of the given card names, sorted (commands name cards by id)."""
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    picks: list[list[str]] = [[]]
    for name in sorted(counts):
        picks = [x + [name] * k for x in picks for k in range(counts[name] + 1) if len(x) + k <= most]
    return [x for x in picks if x]


def blocked_dice(game) -> set[int]:
    """Dice kept by a Mana Steal or a Mana Claim: nobody else takes them this round."""
    return {p.stolen_die for p in game.players if p.stolen_die >= 0} | claimed_dice(game)


# -- taking a tactic ------------------------------------------------------------------------
def pick_commands(table, seat: int, tactic: str) -> list[dict]:
    base = {"kind": "tactic", "tactic": tactic}
    if tactic == "rethink":
        hand = [card_name(c) for c in table.zone(state.hand(seat))]
        return [base] + [dict(base, discard=",".join(x)) for x in multisets(hand, RETHINK_MAX)]
    if tactic == "mana_steal":
        free = [
            i
            for i, f in enumerate(table.game.source)
            if f in mana.BASIC and i not in blocked_dice(table.game)
        ]
        return [dict(base, die=i) for i in free] or [base]
    if tactic == "preparation":
        deck = sorted({card_name(c) for c in table.zone(state.deck(seat))})
        return [dict(base, card=c) for c in deck] or [base]
    return [base]


def taken(ctx, table, seat: int, cmd: dict) -> None:
    tactic = cmd["tactic"]
    if tactic == "rethink" and cmd.get("discard"):
        gone = hand_cards(table, seat, cmd["discard"])
        zones.move(ctx, state.hand(seat), state.discard(seat), gone, rule=RULE)
        draw(ctx, table, seat, len(gone))
    elif tactic == "mana_steal" and "die" in cmd:
        ctx.emit("mk.tactic_state", {"seat": seat, "stolen_die": cmd["die"]}, rule=RULE)
    elif tactic == "preparation" and cmd.get("card"):
        card = next(c for c in table.zone(state.deck(seat)) if card_name(c) == cmd["card"])
        zones.move(ctx, state.deck(seat), state.hand(seat), [card], rule=RULE)
        ctx.shuffle(state.deck(seat), rule=RULE)


def draw(ctx, table, seat: int, n: int) -> None:
    """Draw n; if the deck runs short, the discard pile is shuffled into it first (Rethink)."""
    if len(table.zone(state.deck(seat))) < n and table.zone(state.discard(seat)):
        zones.move(
            ctx, state.discard(seat), state.deck(seat), list(table.zone(state.discard(seat))), rule=RULE
        )
        ctx.shuffle(state.deck(seat), rule=RULE)
    zones.move_top(ctx, state.deck(seat), state.hand(seat), n, rule=RULE)


# -- using a tactic later -------------------------------------------------------------------
def use_commands(table, seat: int) -> list[dict]:
    game = table.game
    p = game.players[seat]
    tactic = p.tactic
    base = {"kind": "tactic_use", "tactic": tactic}
    if not tactic or p.tactic_used:
        return []
    if tactic == "the_right_moment":
        if game.announced_by < 0 and not game.scenario_end and not game.end_after_turn and not p.extra_turn:
            return [base]
    elif tactic == "long_night":
        if not table.zone(state.deck(seat)) and table.zone(state.discard(seat)):
            return [base]
    elif tactic == "midnight_meditation":
        if p.fresh:
            hand = [card_name(c) for c in table.zone(state.hand(seat))]
            return [dict(base, cards=",".join(x)) for x in multisets(hand, MEDITATION_MAX)]
    elif tactic == "mana_search":
        if not p.dice and not p.tactic_turn:
            return [dict(base, dice=",".join(map(str, x))) for x in search_choices(game)]
    elif tactic == "sparing_power":
        if p.tactic_turn:
            return []
        out = [dict(base, mode="store")] if table.zone(state.deck(seat)) else []
        if sparing_zone(seat) in table.zones and table.zone(sparing_zone(seat)):
            out.append(dict(base, mode="take"))
        return out
    return []


def search_choices(game) -> list[list[int]]:
    """Sets of 1-2 Source dice to reroll; gold and black ones must be among them first."""
    free = [
        i
        for i in range(len(game.source))
        if i not in blocked_dice(game) and all(i not in p.held_dice for p in game.players)
    ]
    special = [i for i in free if game.source[i] not in mana.BASIC]
    out = []
    for i in free:
        for j in [None] + [j for j in free if j > i]:
            pick = [i] if j is None else [i, j]
            must = min(len(pick), len(special))
            if sum(1 for x in pick if x in special) >= must:
                out.append(pick)
    return out


def use(ctx, table, seat: int, cmd: dict) -> None:
    tactic = table.game.players[seat].tactic
    if tactic == "the_right_moment":
        ctx.emit("mk.tactic_state", {"seat": seat, "extra_turn": True, "tactic_used": True}, rule=RULE)
    elif tactic == "long_night":
        ctx.shuffle(state.discard(seat), rule=RULE)
        zones.move_top(ctx, state.discard(seat), state.deck(seat), LONG_NIGHT_CARDS, rule=RULE)
        ctx.emit("mk.tactic_state", {"seat": seat, "tactic_used": True}, rule=RULE)
    elif tactic == "midnight_meditation":
        gone = hand_cards(table, seat, cmd["cards"])
        zones.move(ctx, state.hand(seat), state.deck(seat), gone, rule=RULE)
        ctx.shuffle(state.deck(seat), rule=RULE)
        zones.move_top(ctx, state.deck(seat), state.hand(seat), len(gone), rule=RULE)
        ctx.emit("mk.tactic_state", {"seat": seat, "tactic_used": True}, rule=RULE)
    elif tactic == "mana_search":
        for i in [int(x) for x in cmd["dice"].split(",")]:
            face = ctx.roll(mana.MANA_DIE, 1, rule=RULE)[0]
            ctx.emit("mk.die_rerolled", {"index": i, "face": face}, rule=RULE)
        ctx.emit("mk.tactic_state", {"seat": seat, "tactic_turn": True}, rule=RULE)
    elif tactic == "sparing_power":
        z = sparing_zone(seat)
        if z not in table.zones:
            zones.create(ctx, z, [], rule=RULE, vis="hidden")
        if cmd["mode"] == "store":
            zones.move_top(ctx, state.deck(seat), z, 1, rule=RULE)
            ctx.emit("mk.tactic_state", {"seat": seat, "tactic_turn": True}, rule=RULE)
        else:
            zones.move(ctx, z, state.hand(seat), list(table.zone(z)), rule=RULE)
            ctx.emit("mk.tactic_state", {"seat": seat, "tactic_turn": True, "tactic_used": True}, rule=RULE)


def private(cmd: dict) -> bool:
    """Choices the table does not see: the card searched for, the cards meditated away."""
    return (cmd.get("kind") == "tactic" and cmd.get("tactic") == "preparation") or (
        cmd.get("kind") == "tactic_use" and "cards" in cmd
    )


def public_data(ev) -> dict:
    """What the other seats see of a secret decision (`Ruleset.public_data`): its kind and
    tactic, and how many cards, never which."""
    cmd = ev.data
    out = {"kind": cmd.get("kind"), "tactic": cmd.get("tactic")}
    if "cards" in cmd:
        out["count"] = len(cmd["cards"].split(","))
    return out


def spare_cards(table, seat: int) -> list[str]:
    """Cards under Sparing Power go back with the deed cards at round preparation."""
    z = sparing_zone(seat)
    return list(table.zone(z)) if z in table.zones else []
