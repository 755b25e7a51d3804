"""The event phase (EVT-1..10): enemy attacks, the draw, effects player by player, refill."""

from __future__ import annotations

from engine.games.rune_age import combat
from engine.games.rune_age.cards import spec
from engine.games.rune_age.endgame import end_of_round, offer_rune_choice, over
from engine.games.rune_age.places import (
    ENEMIES,
    EVENT_DISCARD,
    EVENTS,
    LASTING,
    OUT,
    REVEALED,
    RUNES,
    alive,
    discard,
    gold_pile,
    hand,
    play,
    realm,
)
from engine.games.rune_age.scenarios import CATACLYSM
from engine.games.rune_age.turn import draw, refill_all, start_round
from engine.mechanics import damage, zones


def begin(ctx, table) -> None:
    """RND-1 (b), EVT-1: only enemies already in play attack at the start of the phase."""
    attackers = [c for c in table.zone(ENEMIES) if spec(table.game, c).phase_attack]
    ctx.emit("ra.phase", {"phase": "event"}, rule="RND-1")
    ctx.emit("ra.event_phase", {"ev": {"step": "start", "attackers": attackers}}, rule="EVT-1")


def _set(ctx, rule: str, **fields) -> None:
    ctx.emit("ra.event_step", {"set": fields}, rule=rule)


def step(ctx, table) -> bool:
    """One automatic event-phase transition; False while players must decide."""
    game = table.game
    ev = game.ev
    if ev.queue:
        seat, rest = ev.queue[0], ev.queue[1:]
        _set(ctx, "EVT-4", queue=rest)
        if seat in alive(table):
            combat.defend(ctx, table, seat, ev.card, ev.strength)
        return True
    if ev.waiting:
        return False
    if ev.chosen:
        for seat, card in sorted(ev.chosen.items()):
            zones.move(ctx, hand(int(seat)), discard(int(seat)), [card], rule="EVT-4")
        _set(ctx, "EVT-4", chosen={})
        return True
    if ev.step == "start":
        if ev.attackers:
            enemy = ev.attackers[0]
            _set(
                ctx,
                "EVT-1",
                attackers=ev.attackers[1:],
                card=enemy,
                strength=spec(game, enemy).phase_attack,
                queue=alive(table),
            )
        else:
            _set(ctx, "EVT-2", step="draw", card="")
        return True
    if ev.step == "draw":
        draw_event(ctx, table)
        return True
    if ev.step == "resolve":
        zones.move(ctx, REVEALED, EVENT_DISCARD, list(table.zone(REVEALED)), rule="EVT-4")
        _set(ctx, "EVT-5", step="refill")
        return True
    if ev.step == "refill":
        refill_all(ctx, table, rule="EVT-5")
        _set(ctx, "EVT-4", step="expire")
        return True
    if ev.step == "expire":
        for card, until in sorted(game.lasting.items()):
            if until <= game.round:
                zones.move(ctx, LASTING, EVENT_DISCARD, [card], rule="EVT-4")
                ctx.emit("ra.lasting_expired", {"card": card}, rule="EVT-4")
        ctx.emit("ra.event_phase_ended", {"round": game.round}, rule="RND-1")
        end_of_round(ctx, table)
        if not table.over:
            start_round(ctx, table, game.round + 1)
        return True
    return False


def draw_event(ctx, table) -> None:
    """EVT-2..6, SCN-WB-3/4 (A13, A39)."""
    game = table.game
    if not table.zone(EVENTS):
        if game.scenario == CATACLYSM:
            over(ctx, table, alive(table), "the event deck is used up: all survive", "SCN-WB-4")
            return
        stage2 = [c for c in table.zone(EVENT_DISCARD) if spec(game, c).stage == 2]
        zones.move(ctx, EVENT_DISCARD, EVENTS, stage2, rule="EVT-6")
        if stage2:
            ctx.shuffle(EVENTS, rule="EVT-6")
        if not table.zone(EVENTS):
            _set(ctx, "EVT-6", step="refill")
            return
    card = table.zone(EVENTS)[0]
    zones.move(ctx, EVENTS, REVEALED, [card], rule="EVT-2")
    c = spec(game, card)
    if c.event == "enemy":
        zones.move(ctx, REVEALED, ENEMIES, [card], rule="EVT-3")
        _set(ctx, "EVT-3", step="refill", card=card)
        return
    _set(ctx, "EVT-4", step="resolve", card=card)
    if c.effect == "attack":
        _set(ctx, "EVT-4", strength=c.strength, queue=alive(table))
    elif c.effect == "draw":
        for s in alive(table):
            draw(ctx, table, s, c.amount, rule="EVT-4")
    elif c.effect == "tribute":
        _set(ctx, "EVT-4", waiting=[s for s in alive(table) if table.zone(hand(s))])
    elif c.effect == "lasting":
        zones.move(ctx, REVEALED, LASTING, [card], rule="EVT-4")
        ctx.emit("ra.lasting", {"card": card, "until": game.round + 1}, rule="EVT-4")
    elif c.effect == "rune":
        discover_rune(ctx, table)
    elif c.effect == "thieves":
        thieves(ctx, table, c.amount)


def thieves(ctx, table, amount: int) -> None:
    """Thieves' Guild (stand-in effect; the public errata says only that it acts on the central
    play area): the top `amount` cards of the highest-value gold pile that has any go to the box."""
    for value in (3, 2, 1):
        pile = gold_pile(value)
        if table.zone(pile):
            zones.move(ctx, pile, OUT, list(table.zone(pile))[:amount], rule="EVT-4")
            return


def discover_rune(ctx, table) -> None:
    """SCN-RW-3 (A27, stand-in: the most damaged player, first in turn order on ties)."""
    if not table.zone(RUNES):
        return
    seats = alive(table)
    seat = max(seats, key=lambda s: (damage.taken(table, realm(s)), -seats.index(s)))
    zones.move(ctx, RUNES, play(seat), table.zone(RUNES)[:1], rule="SCN-RW-3")
    offer_rune_choice(ctx, table, seat)


def tribute(ctx, table, seat: int, card: str) -> None:
    """Stand-in effect: every player picks a hand card at once; the picks are revealed together."""
    ctx.emit("ra.tribute_chosen", {"seat": seat, "card": card}, rule="EVT-4", vis=[seat])
