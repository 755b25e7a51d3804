"""Who must act (prompts), every legal answer (legal_commands) and why a command is illegal."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import msgspec

from engine.games.rune_age import abilities, combat
from engine.games.rune_age.cards import spec
from engine.games.rune_age.places import army, barracks, hand, playable, ready
from engine.games.rune_age.scenarios import MONUMENT
from engine.mechanics.per_state import per_state
from engine.mechanics.zones import card_name
from engine.narration import seat_name
from engine.ruleset import Illegal, Prompt


def prompts(table) -> list[Prompt]:
    return list(_prompts(table))


@per_state
def _prompts(table) -> list[Prompt]:
    """Who must act now, kept per state: the engine asks, then the bot's walk and the listing
    ask whether the seat is prompted (the list is shared: `prompts` hands out a copy)."""
    game = table.game
    if table.over or game.phase == "setup":
        return []
    if game.rune_choice:
        return [Prompt(game.rune_choice.seat, "rune_choice", "SCN-RW-3")]
    if game.take:
        return [Prompt(game.take.seat, "take", "SCN-MO-5")]
    c = game.combat
    if c:
        if c.pending:
            return [Prompt(owner(table, c.pending), "on_play", "ABL-2", c.pending)]
        if c.step == "deploy":
            rule = "SGE-2" if c.kind == "siege" else "BTL-2"
            return [Prompt(c.turn, "deploy", rule, c.target)]
        if c.step == "casualties":
            return [Prompt(c.attacker, "casualty", "CAS-2", f"{c.skulls} skulls")]
        if c.step == "resolution":
            return [Prompt(c.resolver, "resolution", "SGE-3" if c.kind == "siege" else "BTL-4")]
        if c.step == "end_abilities":
            return [Prompt(c.resolver, "end_of_combat", "ABL-4")]
    if game.ev:
        return [Prompt(s, "tribute", "EVT-4", game.ev.card) for s in game.ev.waiting]
    if game.phase == "turn":
        return [Prompt(game.active, "actions", "TRN-2")]
    if game.phase == "keep":
        return [Prompt(game.active, "keep", "TRN-3")]
    return []


def owner(table, card: str) -> int:
    return next(s for s in range(table.players) if card in table.zone(army(s)))


@per_state
def legal_commands(table, seat: int) -> list[dict]:
    """Secret choices (keep, tribute, take) name a hand slot, never the card: decision events
    are public, and the slot says nothing about a hidden hand. The list is shared with the
    next call at the same table version: the caller must not change it."""
    if not asked(table, seat):
        return []
    return lister(table)(table, seat)


def asked(table, seat: int) -> bool:
    """Is `seat` prompted now?"""
    for p in _prompts(table):  # a loop, not any() over a generator: asked at every decision
        if p.seat == seat:
            break
    else:
        return False
    return True


def lister(table) -> Callable[[Any, int], list[dict]]:
    """What lists a prompted seat's commands now (`actions`: the turn's actions)."""
    game = table.game
    if game.rune_choice:
        return _rune_choice
    if game.take:
        return _take
    if game.combat:
        return _combat
    if game.ev:
        return _tribute
    if game.phase == "keep":
        return _keep
    return actions


def _rune_choice(table, seat: int) -> list[dict]:
    return [{"kind": "keep_rune", "card": c} for c in table.game.rune_choice.cards]


def _take(table, seat: int) -> list[dict]:
    return [{"kind": "take", "slot": i} for i in range(len(table.zone(hand(table.game.take.victim))))]


def _tribute(table, seat: int) -> list[dict]:
    return [{"kind": "tribute", "slot": i} for i in range(len(table.zone(hand(seat))))]


def _combat(table, seat: int) -> list[dict]:
    c = table.game.combat
    if c.pending:
        return [
            {"kind": "ability", "card": c.pending, **u}
            for u in abilities.uses(table, seat, c.pending, "on_play")
        ] + [{"kind": "decline", "card": c.pending}]
    if c.step == "deploy":
        done = {"kind": "pass"} if c.kind == "siege" else {"kind": "stop"}
        return [{"kind": "play", "card": x} for x in playable(table, seat)] + [done]
    if c.step == "casualties":
        return [{"kind": "casualty", "card": x} for x in combat.casualty_candidates(table, seat)]
    if c.step == "resolution":
        return [{"kind": "resolve", "card": x, **u} for x, u in combat.resolution_uses(table, seat)] + [
            {"kind": "done"}
        ]
    return [{"kind": "end_ability", "card": x, **u} for x, u in combat.end_uses(table, seat)] + [
        {"kind": "done"}
    ]


def _keep(table, seat: int) -> list[dict]:
    game = table.game
    out: list[dict[str, Any]] = [
        {"kind": "use_influence", "card": c} for c in ready(table, seat, "influence")
    ]
    if game.pool >= 1:
        out += [
            {"kind": "keep", "slot": i} for i, c in enumerate(table.zone(hand(seat))) if c not in game.kept
        ]
    return [*out, {"kind": "discard_hand"}]


def actions(table, seat: int) -> list[dict]:
    out: list[dict] = []
    for _, part in ACTION_PARTS:
        out += part(table, seat)
    return out


def action_kinds(table, seat: int) -> list[tuple[str, Callable[[Any, int], Iterator[dict]]]]:
    """The kinds of the turn's actions seat `seat` may take now (the listing's kinds, in its
    order) with the part that lists each: found by the first command of each part, without
    listing the rest (the random bot's walk lists only the kind it draws)."""
    return [(kind, part) for kind, part in ACTION_PARTS if next(part(table, seat), None) is not None]


def _play_gold(table, seat: int) -> Iterator[dict]:
    game, seen = table.game, set()
    for c in table.zone(hand(seat)):
        if spec(game, c).kind == "gold":
            n = card_name(c)
            if n not in seen:  # by name, in order of first appearance (a hand card's id is hidden)
                seen.add(n)
                yield {"kind": "play_gold", "card": n}


def _use_gold(table, seat: int) -> Iterator[dict]:
    return ({"kind": "use_gold", "card": c} for c in ready(table, seat, "gold"))


def _use_influence(table, seat: int) -> Iterator[dict]:
    return ({"kind": "use_influence", "card": c} for c in ready(table, seat, "influence"))


def _buy(table, seat: int) -> Iterator[dict]:
    game = table.game
    if game.action == "purchase":
        for p in _piles(table, seat):
            if spec(game, table.zone(barracks(seat, p))[0]).cost <= game.pool:
                yield {"kind": "buy", "pile": p}


def _acquire(table, seat: int) -> Iterator[dict]:
    game = table.game
    if game.action == "influence":
        for z in _central(table):
            if spec(game, table.zone(z)[0]).cost <= game.pool:
                yield {"kind": "acquire", "pile": z}


def _end_action(table, seat: int) -> Iterator[dict]:
    if table.game.action:
        yield {"kind": "end_action"}


def _card_actions(table, seat: int) -> Iterator[dict]:
    """Copies in hand name one card: one command (the first of equal ones; the others are
    distinct)."""
    in_hand = table.zone(hand(seat))
    seen: set[bytes] = set()
    for card in abilities.action_cards(table, seat):
        ref = card_name(card) if card in in_hand else card
        for u in abilities.uses(table, seat, card, "action"):
            cmd = {"kind": "card_action", "card": ref, **u}
            key = canonical(cmd)
            if key not in seen:
                seen.add(key)
                yield cmd


def _attack(table, seat: int) -> Iterator[dict]:
    return ({"kind": "attack", "target": x} for x in combat.targets(table, seat))


def _end_turn(table, seat: int) -> Iterator[dict]:
    yield {"kind": "end_turn"}


ACTION_PARTS: tuple[tuple[str, Callable[[Any, int], Iterator[dict]]], ...] = (
    ("play_gold", _play_gold),
    ("use_gold", _use_gold),
    ("use_influence", _use_influence),
    ("buy", _buy),
    ("acquire", _acquire),
    ("end_action", _end_action),
    ("card_action", _card_actions),
    ("attack", _attack),
    ("end_turn", _end_turn),
)
"""The turn's actions (TRN-2) kind by kind, in the listing's order."""


def canonical(cmd: dict) -> bytes:
    return msgspec.json.encode(dict(sorted(cmd.items())))


def _piles(table, seat: int) -> list[str]:
    """The seat's non-empty barracks piles, in the order the zones were made."""
    zones = table.zones
    return [p for p, z in _barracks(table, len(zones), seat) if zones[z].cards]


_MADE: list[Any] = [None, -1, {}]  # (table, zones made, {seat: [(pile, zone)]})


def _barracks(table, made: int, seat: int) -> list[tuple[str, str]]:
    """(pile, zone) of the seat's barracks among the table's `made` zones: zones are only ever
    added, so while the same table has as many zones the answer stands (kept across events,
    where a scan of every zone per decision was a tenth of the listing)."""
    memo = _MADE
    if memo[0] is not table or memo[1] != made:
        memo[:] = [table, made, {}]
    got: list[tuple[str, str]] | None = memo[2].get(seat)
    if got is None:
        prefix = f"barracks:{seat}:"
        got = memo[2][seat] = [(z[len(prefix) :], z) for z in table.zones if z.startswith(prefix)]
    return got


def _central(table) -> list[str]:
    return [z for z in table.zones if z.startswith(("gold:", "neutral:")) and table.zone(z)]


def _kind(game, card: str) -> str:
    try:
        return spec(game, card).kind
    except KeyError:
        return ""


def explain(table, seat: int, cmd: dict) -> Illegal | None:
    """The rule that forbids an illegal command, as precisely as the state allows."""
    game = table.game
    kind = cmd.get("kind")
    mine = [p for p in prompts(table) if p.seat == seat]
    if table.over:
        return Illegal("WIN-0", "the game is over")
    if game.combat and seat in game.combat.passed and kind == "play":
        return Illegal("SGE-2", "a player who has passed may play no more cards in this siege")
    if not mine:
        who = ", ".join(f"{seat_name(p.seat)} ({p.kind})" for p in prompts(table))
        return Illegal("TRN-2", f"{seat_name(seat)} has nothing to decide now; waiting for {who}")
    if game.combat and kind in ("play_gold", "buy", "acquire", "use_gold", "card_action", "end_turn"):
        return Illegal(
            "ACT-CARD-3" if kind == "card_action" else "ACT-BUY-6", "no other action during a combat"
        )
    if kind == "play":
        if not game.combat:
            return Illegal("ACT-CMB-1", "cards are played into an army only during a combat")
        return Illegal("BTL-2", "only unit and tactic cards from your hand can be played into an army")
    if kind == "attack":
        target = cmd.get("target", "")
        if f"{seat}>{target}" in game.attacked:
            return Illegal("ACT-CMB-2", "each target may be attacked only once per round")
        if target.startswith("realm:") and game.scenario == MONUMENT:
            return Illegal("SCN-MO-3", "home realms cannot be attacked in The Monument")
        if _kind(game, target) == "stronghold":
            return Illegal("SGE-1", "strongholds can only be captured from your own barracks, never besieged")
        return Illegal("ACT-CMB-3", f"{target} is not a combat target for you now")
    if kind == "buy":
        if game.action != "purchase":
            return Illegal("ACT-BUY-1", "buying needs an open purchase action (play gold first)")
        return Illegal("ACT-BUY-5", f"not enough unspent gold in this purchase action ({game.pool})")
    if kind == "acquire":
        if game.action != "influence":
            return Illegal("ACT-INF-1", "acquiring needs an open influence action (exhaust influence first)")
        return Illegal("ACT-INF-4", f"not enough unspent influence in this influence action ({game.pool})")
    if kind == "keep":
        return Illegal("TRN-3", "keeping a card costs 1 influence")
    if kind in ("resolve", "end_ability", "ability", "card_action"):
        if cmd.get("card") in game.used:
            return Illegal("ABL-1", "each ability is usable once per card per turn")
        return Illegal("ABL-2" if kind == "ability" else "ABL-1", "that ability cannot be used so now")
    return Illegal(mine[0].rule, f"not a legal answer to the {mine[0].kind} prompt")
