"""Rule handlers of `epochs`: Phase 1 and 2 decisions, combat (sidebar step 4), rewards
(step 5 and 2.b item 5) and recovery (Phase 3). Each event cites the catalog rule that made it."""

from __future__ import annotations

import functools

from engine import readings
from engine.games.epochs.content import LINES, PACK
from engine.games.epochs.state import (
    ATTACK,
    DEFENCE,
    RELIC_DECK,
    RELIC_DISCARD,
    VIRTUAL,
    WM_DECK,
    WM_DISCARD,
    WM_DISPLAY,
    WM_USED,
    epoch_zone,
    medal_image,
    seat_zone,
)
from engine.mechanics import damage, zones

S = PACK.setup


def first_named(cards: list[str], name: str) -> str:
    return next(c for c in cards if zones.card_name(c) == name)


def hp(table, card: str) -> int:
    return unit_value(table, card, "hp")


def unit_value(table, card: str, field: str):
    """A unit's printed value (hp, ranged, normal, melee), or a situation's override of it."""
    name = zones.card_name(card)
    over = readings.overridden(table, name)
    return over[field] if field in over else getattr(PACK.units[name], field)


def attack_units(table) -> list[str]:
    """The attacker's side, nearest the front line first; the virtual slot is farthest."""
    return table.zone(ATTACK) + table.zone(VIRTUAL)


def side_units(table, side: str) -> list[str]:
    return attack_units(table) if side == "attacker" else list(table.zone(DEFENCE))


def survivors(table, side: str) -> list[str]:
    return [c for c in side_units(table, side) if c not in table.game.combat.defeated]


@functools.cache
def space_zones(epoch: str) -> tuple[str, ...]:
    """The epoch's board spaces, space1 first: named once, not at every refill and listing."""
    return tuple(epoch_zone(epoch, f"space{i}") for i in range(1, S.spaces_per_epoch + 1))


def deploy_rule(table) -> str:
    return "EP-X-DEPLOY" if table.game.combat.kind == "epoch" else "EP-2B-ATTACKER"


def relic_rule(table) -> str:
    return "EP-S5-RELIC" if table.game.combat.kind == "epoch" else "EP-2B-RELIC"


# -- Phase 1 and Phase 2 decisions -------------------------------------------------------------


def on_jump(ctx, table, ev) -> None:
    ctx.emit("sabaton.jumped", {"seat": ev.actor, "epoch": ev.data["epoch"]}, "EP-X-PHASE1")


def on_pass(ctx, table, ev) -> None:
    ctx.emit("phase2.passed", {"seat": ev.actor}, "EP-X-PHASE2")
    recover(ctx, table)


def on_fight_epoch(ctx, table, ev) -> None:
    ctx.emit(
        "combat.declared",
        {"kind": "epoch", "attacker": ev.actor, "epoch": table.game.sabatons[ev.actor]},
        "EP-X-PHASE2",
    )


def on_challenge(ctx, table, ev) -> None:
    ctx.emit(
        "combat.declared",
        {
            "kind": "player",
            "attacker": ev.actor,
            "defender": ev.data["seat"],
            "epoch": table.game.sabatons[ev.actor],
        },
        "EP-2B-TARGET",
    )


def on_target(ctx, table, ev) -> None:
    epoch = table.game.combat.epoch
    space = ev.data["space"]
    zone = epoch_zone(epoch, f"space{space}")
    card = table.zone(zone)[0]
    zones.move(ctx, zone, DEFENCE, [card], "EP-X-TARGETS", to="bottom")
    ctx.emit(
        "elite.targeted",
        {"card": card, "space": space, "epoch": epoch, "hero": PACK.units[zones.card_name(card)].hero},
        "EP-X-TARGETS",
    )


def on_deploy(ctx, table, ev) -> None:
    seat = ev.actor
    hand = seat_zone(seat, "hand")
    card = first_named(table.zone(hand), ev.data["card"])
    if table.game.step == "defend":
        zones.move(ctx, hand, DEFENCE, [card], "EP-2B-DEFENDER", to="bottom")
    else:
        zones.move(ctx, hand, ATTACK, [card], deploy_rule(table), to="bottom")


def on_deploy_virtual(ctx, table, ev) -> None:
    zones.move_top(ctx, seat_zone(ev.actor, "deck"), VIRTUAL, 1, "EP-X-VIRTUAL")


def on_marker(ctx, table, ev) -> None:
    rule = "EP-2B-DEFENDER" if table.game.step == "defend" else deploy_rule(table)
    marker = first_named(table.zone(WM_DISPLAY), ev.data["marker"])
    zones.move(ctx, WM_DISPLAY, WM_USED, [marker], rule, to="bottom")
    ctx.emit("marker.assigned", {"seat": ev.actor, "marker": marker, "unit": ev.data["unit"]}, rule)


def on_done(ctx, table, ev) -> None:
    step = table.game.step
    if step == "targets":
        ctx.emit("deployment.opened", {"seat": ev.actor}, "EP-X-DEPLOY")
    elif step == "defend":
        ctx.emit("deployment.opened", {"seat": table.game.combat.attacker}, "EP-2B-ATTACKER")
    else:
        fight(ctx, table)


# -- sidebar step 4: the combat ----------------------------------------------------------------


def fight(ctx, table) -> None:
    """The die roll fixes the units; the lines follow as a cascade (on_dice, on_line), so each
    line's damage names that line as its cause in the audit chain."""
    faces = ctx.roll(PACK.die, 2, rule="EP-S4-ROLL")
    ctx.emit(
        "dice.assigned",
        {
            "attacker": {"face": faces[0], "mod": int(faces[0])},
            "defender": {"face": faces[1], "mod": int(faces[1])},
        },
        "EP-X-DIE",
    )


def on_dice(ctx, table, ev) -> None:
    resolve_line(ctx, table, LINES[0])


def on_line(ctx, table, ev) -> None:
    """Damage at once at the end of the line, then the next line; after melee, the winner."""
    hit = ev.data["damage"]
    if hit["side"]:
        place_damage(ctx, table, hit["side"], hit["n"], ev.data["line"])
    nxt = LINES.index(ev.data["line"]) + 1
    if nxt < len(LINES):
        resolve_line(ctx, table, LINES[nxt])
        return
    a, d = len(survivors(table, "attacker")), len(survivors(table, "defender"))
    if a == d == 0:
        winner, why = "none", "no surviving units on either side: both destroyed"
    elif a >= d:
        winner, why = "attacker", "more surviving units" if a > d else "tie goes to the attacker"
    else:
        winner, why = "defender", "more surviving units"
    ctx.emit(
        "combat.decided",
        {"winner": winner, "survivors": {"attacker": a, "defender": d}, "reason": why},
        "EP-S4-WINNER",
    )


def line_total(table, side: str, line: str) -> dict:
    """One side's total in one line: face-up units' values, their markers, the die (p.5)."""
    c = table.game.combat
    units, bonus = [], 0
    for card in survivors(table, side):
        value = unit_value(table, card, line)
        marker = c.markers.get(card)
        extra = getattr(PACK.markers[zones.card_name(marker)], line) if marker else 0
        units.append({"card": card, "value": value or 0, "marker": marker, "bonus": extra})
        bonus += extra
    face = c.dice[0 if side == "attacker" else 1]
    raw = sum(u["value"] for u in units) + bonus + int(face)
    out = {"units": units, "markers": bonus, "die": face, "raw": raw, "total": max(0, raw)}
    if raw < 0:
        out["zero_rule"] = "EP-S4-ZERO"
    return out


def resolve_line(ctx, table, line: str) -> None:
    att, dfn = line_total(table, "attacker", line), line_total(table, "defender", line)
    diff = att["total"] - dfn["total"]
    hit = "defender" if diff > 0 else "attacker" if diff < 0 else None
    ctx.emit(
        "line.resolved",
        {
            "line": line,
            "order": {"n": LINES.index(line) + 1, "rule": "EP-S4-LINES"},
            "attacker": att,
            "defender": dfn,
            "diff": diff,
            "damage": {"side": hit, "n": abs(diff), "rule": "EP-S4-DIFF"},
        },
        "EP-S4-TOTAL",
    )


def place_damage(ctx, table, side: str, n: int, line: str) -> None:
    """From the front line outward; option overflow decides what a unit's surplus does."""
    spill = table.options["overflow"] == "spill"
    for slot, card in enumerate(side_units(table, side), 1):
        if n == 0:
            break
        if card in table.game.combat.defeated:
            continue
        hit = min(n, hp(table, card) - damage.taken(table, card))
        damage.deal(ctx, card, hit, "EP-S4-DAMAGE", line=line, side=side, slot=slot)
        n -= hit
        if damage.taken(table, card) >= hp(table, card):
            ctx.emit(
                "unit.defeated",
                {"card": card, "side": side, "line": line, "slot": slot, "face_down": True},
                "EP-S4-DEFEAT",
            )
        if not spill:
            break
    if n:
        ctx.emit(
            "damage.lost",
            {"line": line, "side": side, "n": n, "overflow": table.options["overflow"]},
            "EP-S4-DAMAGE",
        )


# -- sidebar step 5 (Phase 2.a) and 2.b item 5: rewards ----------------------------------------


def on_decided(ctx, table, ev) -> None:
    c = table.game.combat
    if c.kind == "epoch":
        if defeated_elites(table):
            ctx.emit("step.opened", {"step": "recruit", "seat": c.attacker}, "EP-S5-RECRUIT")
            return
        settle_elites(ctx, table)
    else:
        honour(ctx, table)
        if medals(ctx, table):
            return
    relic_step(ctx, table)


def defeated_elites(table) -> list[str]:
    return [card for card in table.zone(DEFENCE) if card in table.game.combat.defeated]


def on_recruit(ctx, table, ev) -> None:
    c = table.game.combat
    cards = (
        [first_named(defeated_elites(table), ev.data["card"])]
        if "card" in ev.data
        else defeated_elites(table)
    )
    for card in cards:
        damage.clear(ctx, card, "EP-S5-RECRUIT")
    zones.move(ctx, DEFENCE, seat_zone(c.attacker, "discard"), cards, "EP-S5-RECRUIT")
    if not defeated_elites(table):
        settle_elites(ctx, table)
        relic_step(ctx, table)


def on_decline(ctx, table, ev) -> None:
    settle_elites(ctx, table)
    relic_step(ctx, table)


def settle_elites(ctx, table) -> None:
    """Elites left on the defender board go to their epoch's discard pile."""
    pile = epoch_zone(table.game.combat.epoch, "discard")
    for card in list(table.zone(DEFENCE)):
        beaten = card in table.game.combat.defeated
        rule = "EP-S5-RECRUIT" if beaten else "EP-S5-SURVIVORS"
        damage.clear(ctx, card, rule)
        zones.move(ctx, DEFENCE, pile, [card], rule, defeated=beaten)


def honour(ctx, table) -> None:
    c = table.game.combat
    if c.winner != "attacker":
        return
    beaten = sum(1 for card in attack_units(table) if card in c.defeated)
    if beaten // 2:
        ctx.emit(
            "honour.gained",
            {"seat": c.defender, "n": beaten // 2, "attacker_units_defeated": beaten},
            "EP-2B-HONOUR",
        )


def loser_of(c) -> tuple[int, int] | None:
    if c.winner == "attacker":
        return c.attacker, c.defender
    if c.winner == "defender":
        return c.defender, c.attacker
    return None


def decided(c) -> tuple[int, int]:
    """loser_of() of a combat known to be decided (the medal steps open only after one is)."""
    pair = loser_of(c)
    assert pair is not None, c
    return pair


def medals(ctx, table) -> bool:
    """The winner draws up to 2 of the loser's medals showing the loser's Sabaton; True when
    the winner must now choose which to keep."""
    pair = loser_of(table.game.combat)
    if pair is None:
        return False
    win, lose = pair
    eligible = [m for m in table.zone(seat_zone(lose, "medals")) if medal_image(m) == lose]
    ctx.emit(
        "medals.eligible",
        {"winner": win, "loser": lose, "image": lose, "n": len(eligible)},
        "EP-2B-MEDAL-IMAGE",
    )
    if not eligible:
        return False
    picked = (
        eligible
        if len(eligible) <= 2
        else ctx.pick("medals", eligible, 2, rule="EP-2B-MEDAL", vis=[win, lose])
    )
    if len(picked) == 1:
        zones.move(ctx, seat_zone(lose, "medals"), seat_zone(win, "medals"), picked, "EP-2B-MEDAL")
        return False
    zones.move(ctx, seat_zone(lose, "medals"), seat_zone(win, "medal_pick"), picked, "EP-2B-MEDAL")
    ctx.emit("step.opened", {"step": "keep_medal", "seat": win}, "EP-2B-MEDAL")
    return True


def on_keep_medal(ctx, table, ev) -> None:
    win, lose = decided(table.game.combat)
    pick = seat_zone(win, "medal_pick")
    keep = table.zone(pick)[ev.data["index"]]
    zones.move(ctx, pick, seat_zone(win, "medals"), [keep], "EP-2B-MEDAL")
    zones.move(ctx, pick, seat_zone(lose, "medals"), list(table.zone(pick)), "EP-2B-MEDAL")
    relic_step(ctx, table)


def relic_count(table) -> int:
    """p.5: 4 units deployed draw 1, 3 draw 2, 2 draw 3, 1 draws 4 (defeated ones count)."""
    return 5 - len(table.zone(ATTACK))


def relic_source(table) -> list[str]:
    c = table.game.combat
    if c.kind == "epoch":
        return table.zone(RELIC_DECK) + table.zone(RELIC_DISCARD)
    return table.zone(seat_zone(c.defender, "relics"))


def relic_step(ctx, table) -> None:
    c = table.game.combat
    if c.winner == "attacker":
        if table.zone(VIRTUAL):
            rule = "EP-S5-VIRTUAL" if c.kind == "epoch" else "EP-2B-VIRTUAL"
            ctx.emit("relics.barred", {"seat": c.attacker, "virtual": table.zone(VIRTUAL)[0]}, rule)
        elif relic_source(table):
            ctx.emit(
                "step.opened",
                {"step": "relic", "seat": c.attacker, "draw": relic_count(table)},
                relic_rule(table),
            )
            return
    recover(ctx, table)


def on_draw_relics(ctx, table, ev) -> None:
    c = table.game.combat
    rule, n = relic_rule(table), relic_count(table)
    hand = seat_zone(c.attacker, "relic_draw")
    if c.kind == "epoch":
        drawn = zones.draw(ctx, RELIC_DECK, RELIC_DISCARD, hand, n, rule)
    else:
        own, stake = seat_zone(c.defender, "relics"), seat_zone(c.defender, "relic_stake")
        zones.move(ctx, own, stake, list(table.zone(own)), rule)
        ctx.shuffle(stake, rule)
        drawn = zones.move_top(ctx, stake, hand, n, rule)
    if len(drawn) == 1:
        keep_relic(ctx, table, drawn[0])
    else:
        ctx.emit("step.opened", {"step": "keep_relic", "seat": c.attacker, "drawn": len(drawn)}, rule)


def on_keep_relic(ctx, table, ev) -> None:
    hand = seat_zone(table.game.combat.attacker, "relic_draw")
    keep_relic(ctx, table, first_named(table.zone(hand), ev.data["relic"]))


def keep_relic(ctx, table, card: str) -> None:
    """Keep 1; the rest go to the relic discard pile (2.a) or face up back to the defender."""
    c, rule = table.game.combat, relic_rule(table)
    hand = seat_zone(c.attacker, "relic_draw")
    zones.move(ctx, hand, seat_zone(c.attacker, "relics"), [card], rule)
    if c.kind == "epoch":
        zones.move(ctx, hand, RELIC_DISCARD, list(table.zone(hand)), rule)
    else:
        back, stake = seat_zone(c.defender, "relics"), seat_zone(c.defender, "relic_stake")
        zones.move(ctx, hand, back, list(table.zone(hand)), rule)
        zones.move(ctx, stake, back, list(table.zone(stake)), rule)
    recover(ctx, table)


def on_skip_relics(ctx, table, ev) -> None:
    recover(ctx, table)


# -- Phase 3: recovery -------------------------------------------------------------------------


def recover(ctx, table) -> None:
    game = table.game
    c = game.combat
    involved = []
    if c is not None:
        involved.append(c.attacker)
        clear_board(ctx, table, attack_units(table), seat_zone(c.attacker, "discard"), "EP-P3-ATTACKER")
        if c.kind == "player":
            involved.append(c.defender)
            clear_board(
                ctx, table, list(table.zone(DEFENCE)), seat_zone(c.defender, "discard"), "EP-P3-DEFENDER"
            )
        zones.move(ctx, WM_USED, WM_DISCARD, list(table.zone(WM_USED)), "EP-P3-MARKERS")
        ctx.emit("combat.cleared", {"dice": c.dice}, "EP-P3-DICE")
    for epoch in S.epochs:
        deck, pile = epoch_zone(epoch, "deck"), epoch_zone(epoch, "discard")
        for space in space_zones(epoch):
            if not table.zone(space):
                zones.draw(ctx, deck, pile, space, 1, "EP-P3-REFILL")
    need = S.marker_display - len(table.zone(WM_DISPLAY))
    if need > 0:
        zones.draw(ctx, WM_DECK, WM_DISCARD, WM_DISPLAY, need, "EP-P3-MARKER-REFILL")
    for seat in involved:
        need = S.hand_size - len(table.zone(seat_zone(seat, "hand")))
        if need > 0:
            zones.draw(
                ctx,
                seat_zone(seat, "deck"),
                seat_zone(seat, "discard"),
                seat_zone(seat, "hand"),
                need,
                "EP-P3-HAND",
            )
    if game.active == table.players - 1 and game.round >= table.options["rounds"]:
        final_score(ctx, table)
        return
    nxt = (game.active + 1) % table.players
    ctx.emit("turn.started", {"seat": nxt, "round": game.round + 1 if nxt == 0 else game.round}, "EP-P3-END")


def clear_board(ctx, table, cards: list[str], pile: str, rule: str) -> None:
    for card in cards:
        damage.clear(ctx, card, rule)
    for board in (ATTACK, VIRTUAL, DEFENCE):
        mine = [card for card in table.zone(board) if card in cards]
        zones.move(ctx, board, pile, mine, rule)


def final_score(ctx, table) -> None:
    totals = {}
    for seat in range(table.players):
        relics = sum(PACK.relics[zones.card_name(r)].points for r in table.zone(seat_zone(seat, "relics")))
        medal = sum(PACK.medals[zones.card_name(m)].points for m in table.zone(seat_zone(seat, "medals")))
        honour_pts = table.game.honour[seat] * S.honour_points
        totals[seat] = relics + medal + honour_pts
        ctx.emit(
            "score.counted",
            {"seat": seat, "relics": relics, "medals": medal, "honour": honour_pts, "total": totals[seat]},
            "EP-X-SCORE",
        )
    best = max(totals.values())
    ctx.emit(
        "game.over",
        {
            "winners": [s for s, v in totals.items() if v == best],
            "scores": {str(s): v for s, v in totals.items()},
            "reason": "the last player of the last round finished",
        },
        "EP-P3-END",
    )


HANDLERS = [
    ("cmd.jump", on_jump),
    ("cmd.pass", on_pass),
    ("cmd.fight_epoch", on_fight_epoch),
    ("cmd.challenge", on_challenge),
    ("cmd.target", on_target),
    ("cmd.deploy", on_deploy),
    ("cmd.deploy_virtual", on_deploy_virtual),
    ("cmd.marker", on_marker),
    ("cmd.done", on_done),
    ("cmd.recruit", on_recruit),
    ("cmd.decline", on_decline),
    ("dice.assigned", on_dice),
    ("line.resolved", on_line),
    ("combat.decided", on_decided),
    ("cmd.keep_medal", on_keep_medal),
    ("cmd.draw_relics", on_draw_relics),
    ("cmd.keep_relic", on_keep_relic),
    ("cmd.skip_relics", on_skip_relics),
]
