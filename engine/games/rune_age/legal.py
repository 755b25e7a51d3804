"""Who must act (prompts), every legal answer (legal_commands) and why a command is illegal."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.games.rune_age import abilities
from engine.games.rune_age import combat
from engine.games.rune_age.cards import spec
from engine.games.rune_age.places import army, barracks, hand, names, playable, ready
from engine.games.rune_age.scenarios import MONUMENT
from engine.mechanics.zones import card_name
from engine.ruleset import Illegal, Prompt


def prompts(t) -> list[Prompt]:
    g = t.game
    if t.over or g.phase == "setup":
        return []
    if g.rune_choice:
        return [Prompt(g.rune_choice.seat, "rune_choice", "SCN-RW-3")]
    if g.take:
        return [Prompt(g.take.seat, "take", "SCN-MO-5")]
    c = g.combat
    if c:
        if c.pending:
            return [Prompt(owner(t, c.pending), "on_play", "ABL-2", c.pending)]
        if c.step == "deploy":
            rule = "SGE-2" if c.kind == "siege" else "BTL-2"
            return [Prompt(c.turn, "deploy", rule, c.target)]
        if c.step == "casualties":
            return [Prompt(c.attacker, "casualty", "CAS-2", f"{c.skulls} skulls")]
        if c.step == "resolution":
            return [Prompt(c.resolver, "resolution", "SGE-3" if c.kind == "siege" else "BTL-4")]
        if c.step == "end_abilities":
            return [Prompt(c.resolver, "end_of_combat", "ABL-4")]
    if g.ev:
        return [Prompt(s, "tribute", "EVT-4", g.ev.card) for s in g.ev.waiting]
    if g.phase == "turn":
        return [Prompt(g.active, "actions", "TRN-2")]
    if g.phase == "keep":
        return [Prompt(g.active, "keep", "TRN-3")]
    return []


def owner(t, card: str) -> int:
    return next(s for s in range(t.players) if card in t.zone(army(s)))


def legal_commands(t, seat: int) -> list[dict]:
    """Secret choices (keep, tribute, take) name a hand slot, never the card: decision events
    are public, and the slot says nothing about a hidden hand."""
    if not any(p.seat == seat for p in prompts(t)):
        return []
    g = t.game
    if g.rune_choice:
        return [{"kind": "keep_rune", "card": c} for c in g.rune_choice.cards]
    if g.take:
        return [{"kind": "take", "slot": i} for i in range(len(t.zone(hand(g.take.victim))))]
    if g.combat:
        return _combat(t, seat)
    if g.ev:
        return [{"kind": "tribute", "slot": i} for i in range(len(t.zone(hand(seat))))]
    if g.phase == "keep":
        return _keep(t, seat)
    return _actions(t, seat)


def _combat(t, seat: int) -> list[dict]:
    c = t.game.combat
    if c.pending:
        return [
            {"kind": "ability", "card": c.pending, **u} for u in abilities.uses(t, seat, c.pending, "on_play")
        ] + [{"kind": "decline", "card": c.pending}]
    if c.step == "deploy":
        done = {"kind": "pass"} if c.kind == "siege" else {"kind": "stop"}
        return [{"kind": "play", "card": x} for x in playable(t, seat)] + [done]
    if c.step == "casualties":
        return [{"kind": "casualty", "card": x} for x in combat.casualty_candidates(t, seat)]
    if c.step == "resolution":
        return [{"kind": "resolve", "card": x, **u} for x, u in combat.resolution_uses(t, seat)] + [
            {"kind": "done"}
        ]
    return [{"kind": "end_ability", "card": x, **u} for x, u in combat.end_uses(t, seat)] + [{"kind": "done"}]


def _keep(t, seat: int) -> list[dict]:
    g = t.game
    out: list[dict[str, Any]] = [{"kind": "use_influence", "card": c} for c in ready(t, seat, "influence")]
    if g.pool >= 1:
        out += [{"kind": "keep", "slot": i} for i, c in enumerate(t.zone(hand(seat))) if c not in g.kept]
    return [*out, {"kind": "discard_hand"}]


def _actions(t, seat: int) -> list[dict]:
    g = t.game
    out = [
        {"kind": "play_gold", "card": n}
        for n in names([c for c in t.zone(hand(seat)) if spec(g, c).kind == "gold"])
    ]
    out += [{"kind": "use_gold", "card": c} for c in ready(t, seat, "gold")]
    out += [{"kind": "use_influence", "card": c} for c in ready(t, seat, "influence")]
    if g.action == "purchase":
        out += [
            {"kind": "buy", "pile": p}
            for p in _piles(t, seat)
            if spec(g, t.zone(barracks(seat, p))[0]).cost <= g.pool
        ]
    if g.action == "influence":
        out += [{"kind": "acquire", "pile": z} for z in _central(t) if spec(g, t.zone(z)[0]).cost <= g.pool]
    if g.action:
        out.append({"kind": "end_action"})
    in_hand = t.zone(hand(seat))
    for card in abilities.action_cards(t, seat):
        ref = card_name(card) if card in in_hand else card
        out += [{"kind": "card_action", "card": ref, **u} for u in abilities.uses(t, seat, card, "action")]
    out = list({canonical(c): c for c in out}.values())
    out += [{"kind": "attack", "target": x} for x in combat.targets(t, seat)]
    return [*out, {"kind": "end_turn"}]


def canonical(cmd: dict) -> bytes:
    return msgspec.json.encode(dict(sorted(cmd.items())))


def _piles(t, seat: int) -> list[str]:
    prefix = f"barracks:{seat}:"
    return [z[len(prefix) :] for z in t.zones if z.startswith(prefix) and t.zone(z)]


def _central(t) -> list[str]:
    return [z for z in t.zones if z.startswith(("gold:", "neutral:")) and t.zone(z)]


def _kind(g, card: str) -> str:
    try:
        return spec(g, card).kind
    except KeyError:
        return ""


def explain(t, seat: int, cmd: dict) -> Illegal | None:
    """The rule that forbids an illegal command, as precisely as the state allows."""
    g = t.game
    kind = cmd.get("kind")
    mine = [p for p in prompts(t) if p.seat == seat]
    if t.over:
        return Illegal("WIN-0", "the game is over")
    if g.combat and seat in g.combat.passed and kind == "play":
        return Illegal("SGE-2", "a player who has passed may play no more cards in this siege")
    if not mine:
        who = ", ".join(f"seat {p.seat} ({p.kind})" for p in prompts(t))
        return Illegal("TRN-2", f"seat {seat} has nothing to decide now; waiting for {who}")
    if g.combat and kind in ("play_gold", "buy", "acquire", "use_gold", "card_action", "end_turn"):
        return Illegal(
            "ACT-CARD-3" if kind == "card_action" else "ACT-BUY-6", "no other action during a combat"
        )
    if kind == "play":
        if not g.combat:
            return Illegal("ACT-CMB-1", "cards are played into an army only during a combat")
        return Illegal("BTL-2", "only unit and tactic cards from your hand can be played into an army")
    if kind == "attack":
        target = cmd.get("target", "")
        if f"{seat}>{target}" in g.attacked:
            return Illegal("ACT-CMB-2", "each target may be attacked only once per round")
        if target.startswith("realm:") and g.scenario == MONUMENT:
            return Illegal("SCN-MO-3", "home realms cannot be attacked in The Monument")
        if _kind(g, target) == "stronghold":
            return Illegal("SGE-1", "strongholds can only be captured from your own barracks, never besieged")
        return Illegal("ACT-CMB-3", f"{target} is not a combat target for you now")
    if kind == "buy":
        if g.action != "purchase":
            return Illegal("ACT-BUY-1", "buying needs an open purchase action (play gold first)")
        return Illegal("ACT-BUY-5", f"not enough unspent gold in this purchase action ({g.pool})")
    if kind == "acquire":
        if g.action != "influence":
            return Illegal("ACT-INF-1", "acquiring needs an open influence action (exhaust influence first)")
        return Illegal("ACT-INF-4", f"not enough unspent influence in this influence action ({g.pool})")
    if kind == "keep":
        return Illegal("TRN-3", "keeping a card costs 1 influence")
    if kind in ("resolve", "end_ability", "ability", "card_action"):
        if cmd.get("card") in g.used:
            return Illegal("ABL-1", "each ability is usable once per card per turn")
        return Illegal("ABL-2" if kind == "ability" else "ABL-1", "that ability cannot be used so now")
    return Illegal(mine[0].rule, f"not a legal answer to the {mine[0].kind} prompt")
