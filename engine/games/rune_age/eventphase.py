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


def begin(ctx, t) -> None:
    """RND-1 (b), EVT-1: only enemies already in play attack at the start of the phase."""
    attackers = [c for c in t.zone(ENEMIES) if spec(t.game, c).phase_attack]
    ctx.emit("ra.phase", {"phase": "event"}, rule="RND-1")
    ctx.emit("ra.event_phase", {"ev": {"step": "start", "attackers": attackers}}, rule="EVT-1")


def _set(ctx, rule: str, **fields) -> None:
    ctx.emit("ra.event_step", {"set": fields}, rule=rule)


def step(ctx, t) -> bool:
    """One automatic event-phase transition; False while players must decide."""
    g = t.game
    ev = g.ev
    if ev.queue:
        seat, rest = ev.queue[0], ev.queue[1:]
        _set(ctx, "EVT-4", queue=rest)
        if seat in alive(t):
            combat.defend(ctx, t, seat, ev.card, ev.strength)
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
                strength=spec(g, enemy).phase_attack,
                queue=alive(t),
            )
        else:
            _set(ctx, "EVT-2", step="draw", card="")
        return True
    if ev.step == "draw":
        draw_event(ctx, t)
        return True
    if ev.step == "resolve":
        zones.move(ctx, REVEALED, EVENT_DISCARD, list(t.zone(REVEALED)), rule="EVT-4")
        _set(ctx, "EVT-5", step="refill")
        return True
    if ev.step == "refill":
        refill_all(ctx, t, rule="EVT-5")
        _set(ctx, "EVT-4", step="expire")
        return True
    if ev.step == "expire":
        for card, until in sorted(g.lasting.items()):
            if until <= g.round:
                zones.move(ctx, LASTING, EVENT_DISCARD, [card], rule="EVT-4")
                ctx.emit("ra.lasting_expired", {"card": card}, rule="EVT-4")
        ctx.emit("ra.event_phase_ended", {"round": g.round}, rule="RND-1")
        end_of_round(ctx, t)
        if not t.over:
            start_round(ctx, t, g.round + 1)
        return True
    return False


def draw_event(ctx, t) -> None:
    """EVT-2..6, SCN-WB-3/4 (A13, A39)."""
    g = t.game
    if not t.zone(EVENTS):
        if g.scenario == CATACLYSM:
            over(ctx, t, alive(t), "the event deck is used up: all survive", "SCN-WB-4")
            return
        stage2 = [c for c in t.zone(EVENT_DISCARD) if spec(g, c).stage == 2]
        zones.move(ctx, EVENT_DISCARD, EVENTS, stage2, rule="EVT-6")
        if stage2:
            ctx.shuffle(EVENTS, rule="EVT-6")
        if not t.zone(EVENTS):
            _set(ctx, "EVT-6", step="refill")
            return
    card = t.zone(EVENTS)[0]
    zones.move(ctx, EVENTS, REVEALED, [card], rule="EVT-2")
    c = spec(g, card)
    if c.event == "enemy":
        zones.move(ctx, REVEALED, ENEMIES, [card], rule="EVT-3")
        _set(ctx, "EVT-3", step="refill", card=card)
        return
    _set(ctx, "EVT-4", step="resolve", card=card)
    if c.effect == "attack":
        _set(ctx, "EVT-4", strength=c.strength, queue=alive(t))
    elif c.effect == "draw":
        for s in alive(t):
            draw(ctx, t, s, c.amount, rule="EVT-4")
    elif c.effect == "tribute":
        _set(ctx, "EVT-4", waiting=[s for s in alive(t) if t.zone(hand(s))])
    elif c.effect == "lasting":
        zones.move(ctx, REVEALED, LASTING, [card], rule="EVT-4")
        ctx.emit("ra.lasting", {"card": card, "until": g.round + 1}, rule="EVT-4")
    elif c.effect == "rune":
        discover_rune(ctx, t)
    elif c.effect == "thieves":
        thieves(ctx, t, c.amount)


def thieves(ctx, t, amount: int) -> None:
    """Thieves' Guild (stand-in effect; the public errata says only that it acts on the central
    play area): the top `amount` cards of the highest-value gold pile that has any go to the box."""
    for value in (3, 2, 1):
        pile = gold_pile(value)
        if t.zone(pile):
            zones.move(ctx, pile, OUT, list(t.zone(pile))[:amount], rule="EVT-4")
            return


def discover_rune(ctx, t) -> None:
    """SCN-RW-3 (A27, stand-in: the most damaged player, first in turn order on ties)."""
    if not t.zone(RUNES):
        return
    seats = alive(t)
    seat = max(seats, key=lambda s: (damage.taken(t, realm(s)), -seats.index(s)))
    zones.move(ctx, RUNES, play(seat), t.zone(RUNES)[:1], rule="SCN-RW-3")
    offer_rune_choice(ctx, t, seat)


def tribute(ctx, t, seat: int, card: str) -> None:
    """Stand-in effect: every player picks a hand card at once; the picks are revealed together."""
    ctx.emit("ra.tribute_chosen", {"seat": seat, "card": card}, rule="EVT-4", vis=[seat])
