"""The variant Draft at Game Start (MK:17:Var:Draft), `variants=draft`: once the heroes are
known, every player is dealt 4 advanced actions face down, keeps 1 (`draft_pick` {card}, seen
only by that player) and passes the rest to the left, until each has set 3 aside; the rest are
shuffled back into the advanced action deck. At the end of each day round every player puts 1
of its drafted cards into its deck before the decks are shuffled (`draft_add` {card})."""

from __future__ import annotations

from engine.games.mage_knight import state
from engine.games.mage_knight.scenarios.variants import on
from engine.mechanics import zones
from engine.mechanics.zones import card_name

RULE = "MK:17:Var:Draft"
DEAL, KEEP = 4, 3
PASS = "draft:pass"


def packet(seat: int) -> str:
    return f"draft:{seat}"  # the cards the seat picks from


def drafted(seat: int) -> str:
    return f"drafted:{seat}"  # the cards it set aside


def start(ctx, table) -> None:
    n = table.players
    for seat in range(n):
        for z in (packet(seat), drafted(seat)):
            zones.create(ctx, z, [], owner=seat, rule=RULE, vis="owner")
        zones.move_top(ctx, state.AA_DECK, packet(seat), DEAL, rule=RULE)
    zones.create(ctx, PASS, [], rule=RULE, vis="hidden")
    ctx.emit("mk.draft", {"step": "pick", "waiting": list(range(n)), "next_round": 1}, rule=RULE)


def commands(table, seat: int) -> list[dict]:
    kind = "draft_pick" if table.game.draft["step"] == "pick" else "draft_add"
    zone = packet(seat) if kind == "draft_pick" else drafted(seat)
    return [{"kind": kind, "card": c} for c in sorted({card_name(x) for x in table.zone(zone)})]


def pick(ctx, table, seat: int, cmd: dict) -> int:
    """Keep one card; once everyone kept one, the packets pass left; after the third the rest go
    back into the deck. Returns the round to begin once the draft is over, else 0."""
    game = table.game
    card = next(x for x in table.zone(packet(seat)) if card_name(x) == cmd["card"])
    zones.move(ctx, packet(seat), drafted(seat), [card], rule=RULE)
    waiting = [s for s in game.draft["waiting"] if s != seat]
    if waiting:
        ctx.emit("mk.draft", dict(game.draft, waiting=waiting), rule=RULE)
        return 0
    n = table.players
    if len(table.zone(drafted(0))) < KEEP:
        size = len(table.zone(packet(0)))
        for s in range(n):
            zones.move(ctx, packet(s), PASS, list(table.zone(packet(s))), rule=RULE, to="bottom")
        for s in range(n):
            zones.move(ctx, PASS, packet((s + 1) % n), list(table.zone(PASS))[:size], rule=RULE)
        ctx.emit("mk.draft", dict(game.draft, waiting=list(range(n))), rule=RULE)
        return 0
    for s in range(n):
        zones.move(ctx, packet(s), state.AA_DECK, list(table.zone(packet(s))), rule=RULE)
    ctx.shuffle(state.AA_DECK, rule=RULE)
    ctx.emit("mk.draft", {}, rule=RULE)
    return 1


def add_due(table, n: int) -> bool:
    """Round n follows a day: players with drafted cards add one to their deck first."""

    game = table.game
    return (
        n > 1
        and not game.night
        and on(table, "draft")
        and not game.draft
        and any(drafted(s) in table.zones and table.zone(drafted(s)) for s in range(table.players))
    )


def add_start(ctx, table, n: int) -> None:
    waiting = [s for s in range(table.players) if table.zone(drafted(s))]
    ctx.emit("mk.draft", {"step": "add", "waiting": waiting, "next_round": n}, rule=RULE)


def add(ctx, table, seat: int, cmd: dict) -> int:
    """One drafted card straight into the (hidden) deck, which the round preparation that follows
    shuffles with the rest: through the public discard pile every seat would learn it. Returns
    the round to begin once everyone added, else 0."""
    game = table.game
    card = next(x for x in table.zone(drafted(seat)) if card_name(x) == cmd["card"])
    zones.move(ctx, drafted(seat), state.deck(seat), [card], rule=RULE)
    waiting = [s for s in game.draft["waiting"] if s != seat]
    if waiting:
        ctx.emit("mk.draft", dict(game.draft, waiting=waiting), rule=RULE)
        return 0
    n = game.draft["next_round"]
    ctx.emit("mk.draft", {}, rule=RULE)
    return n
