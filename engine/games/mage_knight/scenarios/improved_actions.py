"""The variant Improved Actions (MK:17:Var:ImprovedActions, E-30), `variants=improved_actions`:
at the end of each night but the game's last round, players + 1 advanced actions are revealed;
each player rates their deck (2 per artifact and spell, 1 per advanced action, 1 per 2 crystals,
unit levels, +3 per level above the lowest-level player) and, lowest first (ties: less fame,
then whoever played later in the last round), may take one of them into hand by removing one of
their action cards of the same colour or with a type symbol in common (`improve` {card, remove};
both empty to pass). Unchosen cards go under the advanced action deck; then the round is
prepared as usual."""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.scenarios.scoring import category_points
from engine.games.mage_knight.scenarios.variants import on
from engine.mechanics import zones
from engine.mechanics.zones import card_name

RULE = "MK:17:Var:ImprovedActions"
OFFER = "improve:offer"
ACTIONS = ("basic_action", "advanced_action")


def due(table, n: int) -> bool:
    """Round n is about to begin after a night that was not the game's last round."""

    game = table.game
    return (
        n > 1
        and game.night
        and game.round < game.rounds
        and on(table, "improved_actions")
        and not game.improve
    )


def rating(table, seat: int) -> int:

    game = table.game
    pts = category_points(table, seat)
    low = min(p.level for p in game.players)
    return pts["knowledge"] + pts["loot"] + pts["leader"] + 3 * (game.players[seat].level - low)


def start(ctx, table, n: int) -> None:
    game = table.game
    seats = [s for s in range(len(game.players)) if not game.players[s].out]
    late = {s: i for i, s in enumerate(game.order)}
    order = sorted(seats, key=lambda s: (rating(table, s), game.players[s].fame, -late.get(s, 0)))
    if OFFER not in table.zones:
        zones.create(ctx, OFFER, [], rule=RULE)
    zones.move_top(ctx, state.AA_DECK, OFFER, len(seats) + 1, rule=RULE)
    ctx.emit(
        "mk.improve",
        {"order": order, "next_round": n, "ratings": {str(s): rating(table, s) for s in seats}},
        rule=RULE,
    )


def _deed_cards(table, seat: int) -> list[str]:
    return [
        c
        for z in (state.hand(seat), state.deck(seat), state.discard(seat), state.play_area(seat))
        for c in table.zone(z)
    ]


def _colours(card) -> set[str]:
    c = card.color or ""
    return set(c[5:].split("/")) if c.startswith("dual:") else ({c} if c else set())


def matches(new: str, old: str) -> bool:
    """Same colour or a type symbol in common (MK:17:Var:ImprovedActions)."""
    a, b = content().cards[new], content().cards[old]
    return bool(_colours(a) & _colours(b)) or bool(set(a.categories) & set(b.categories))


def commands(table, seat: int) -> list[dict]:
    own = sorted(
        {
            card_name(c)
            for c in _deed_cards(table, seat)
            if card_name(c) != "wound" and content().cards[card_name(c)].kind in ACTIONS
        }
    )
    out = [{"kind": "improve", "card": "", "remove": ""}]
    for aa in table.zone(OFFER):
        out += [{"kind": "improve", "card": aa, "remove": old} for old in own if matches(card_name(aa), old)]
    return out


def pick(ctx, table, seat: int, cmd: dict) -> int:
    """The seat's pick; once all picked, the round that follows is due (its number is returned,
    0 while picks remain)."""
    game = table.game
    if cmd["card"]:
        old = next(c for c in _deed_cards(table, seat) if card_name(c) == cmd["remove"])
        src = next(
            z
            for z in (state.hand(seat), state.deck(seat), state.discard(seat), state.play_area(seat))
            if old in table.zone(z)
        )
        zones.move(ctx, src, state.OUT, [old], rule=RULE)
        zones.move(ctx, OFFER, state.hand(seat), [cmd["card"]], rule=RULE)
    ctx.emit(
        "mk.improve_pick",
        {"seat": seat, "card": card_name(cmd["card"]) if cmd["card"] else "", "remove": cmd["remove"]},
        rule=RULE,
    )
    if game.improve["order"]:
        return 0
    zones.move(ctx, OFFER, state.AA_DECK, list(table.zone(OFFER)), rule=RULE, to="bottom")
    n = game.improve["next_round"]
    ctx.emit("mk.improve_done", {}, rule=RULE)
    return n
