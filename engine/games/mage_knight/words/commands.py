"""Each decision of Mage Knight as the sentence of its `cmd.<kind>` event: "Seat 1 plays March
powered with green mana from the Source: Move 4." The choice tree's labels are these sentences
put as imperatives (engine.narration.command_label: "Play March powered ...").

A sentence says what the decision does with the names players read. While the decision is
being made (the event has no version yet) the table is the state it is made in, so the effect
of the chosen mode, the Source die's colour and the price are worded from it; for a past event
the table is the game's head, which may have moved on, so only what the event and the content
catalogues say is told. Combat's own decisions (attack, block, ...) are worded by the combat
module, not here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.games.mage_knight.cards import effects as card_effects
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.words import effects, names, payment
from engine.mechanics.zones import card_name
from engine.narration import Seen, and_list, plural, seat_name

Sentence = Callable[[Any, Seen, bool], str]


class Ctx:
    """One event to word: its data, who made it, the table and whether it is being decided."""

    def __init__(self, table: Any, e: Seen):
        self.table, self.e, self.d = table, e, e.data
        self.live = e.version is None and table is not None and getattr(table, "game", None) is not None
        self.seat = e.actor if isinstance(e.actor, int) else -1
        self.who = e.who()

    @property
    def player(self) -> Any:
        return self.table.game.players[self.seat]


def _try(fn: Callable[[], Any]) -> Any:
    """A fact of the state while deciding: None where the state cannot give it (words are a
    courtesy; the legality check decides)."""
    try:
        return fn()
    except (KeyError, IndexError, ValueError, TypeError, AttributeError, StopIteration):
        return None


# -- what a play, an activation, a skill names besides its effect ------------------------------
def _unit_of(c: Ctx, uid: str) -> str:
    return names.the(names.unit(uid))


def extras(c: Ctx, atoms: Any = None) -> list[str]:
    """The phrases for what a command names beyond the mode (targets, dice, cards taken) and
    its effect's words do not already say."""
    d, out = c.d, []
    said = {k for k, _ in atoms or ()}
    if d.get("boost"):
        out.append(f"boosting {names.card(d['boost'])}")
    if (
        d.get("dice") is not None
        and "set_dice" not in said
        and c.e.type in ("cmd.play", "cmd.skill", "cmd.centre")
    ):
        dice = [x for x in str(d["dice"]).split(",") if x != ""]
        out.append("with " + and_list([names.die(c.table, i, c.live) for i in dice]))
    if d.get("space"):
        out.append(f"at {names.space(c.table if c.live else None, d['space'])}")
    if d.get("blocked"):
        out.append(f"blocking the {names.enemy(d['blocked'])}")
    if d.get("gain"):
        out.append(f"taking {names.card(d['gain'])}")
    if d.get("mana"):
        out.append(f"choosing {and_list(str(d['mana']).split(','))} mana")
    if d.get("unit") and c.e.type != "cmd.activate":
        out.append(f"for {_unit_of(c, d['unit'])}")
    if d.get("cards") and c.e.type in ("cmd.play", "cmd.skill", "cmd.centre"):
        out.append(f"putting {names.cards(d['cards'])} on the deck")
    if d.get("target"):
        out.append(f"aimed at the {names.enemy(d['target'])}")
    return out


def _boosted(c: Ctx, n: int) -> str | None:
    from engine.games.mage_knight.cards.effect_nodes import bumped
    from engine.games.mage_knight.cards.resolving import seat_resolutions

    d = c.d
    atoms = _try(lambda: seat_resolutions(c.table, c.seat, d["boost"], "powered")[d.get("boost_option", 0)])
    return (
        None
        if atoms is None
        else f"{names.card(d['boost'])} powered +{n} ({effects.atoms(bumped(list(atoms), n))})"
    )


def effect_words(c: Ctx, atoms: Any) -> str:
    """The effect of a resolution, with the card a boost plays worded in place of the boost."""
    if atoms is None:
        return ""
    shown = []
    for k, v in atoms:
        if k == "card_boost" and c.d.get("boost") and c.live:
            boosted = _boosted(c, v)
            if boosted:
                shown.append(("text", boosted))
                continue
        if k == "set_dice" and c.d.get("dice") is not None:
            dice = str(c.d["dice"]).split(",")
            moved = [f"{names.die(c.table, i, c.live)} to {col}" for i, col in zip(dice, v, strict=False)]
            shown.append(("text", "set " + and_list(moved)))
            continue
        shown.append((k, v))
    return effects.atoms(shown)


def _head_and_effect(c: Ctx, head: str, atoms: Any) -> str:
    """ "Seat 1 plays March: Move 2, aimed at ..." from the head and the live resolution."""
    more = extras(c, atoms)
    if c.d.get("boost") and c.live:
        more = [m for m in more if not m.startswith("boosting")]
    effect = effect_words(c, atoms) if atoms is not None else ""
    tail = (": " + effect if effect else "") + "".join(f", {m}" for m in more)
    return f"{c.who} {head}{tail}."


def _paid(c: Ctx, how: str = "with") -> str:
    mana = payment.mana(c.table, c.d.get("pay", ""), c.live)
    return (f" {how} {mana}" if mana else "") + payment.given_up(c.d.get("pay", ""))


# -- the sentences --------------------------------------------------------------------------------
def play(c: Ctx) -> str:
    from engine.games.mage_knight.cards.resolving import seat_resolutions

    d = c.d
    name, mode = d.get("card", "?"), d.get("mode", "")
    head = f"plays {names.card(name)}"
    if mode == "sideways":
        head += " sideways"
    elif mode == "powered":
        head += " powered"
    head += _paid(c)
    atoms = _try(lambda: seat_resolutions(c.table, c.seat, name, mode)[d["option"]]) if c.live else None
    return _head_and_effect(c, head, atoms)


def activate(c: Ctx) -> str:
    from engine.games.mage_knight.cards.resolving import unit_resolutions
    from engine.games.mage_knight.situations.card_overrides import unit_values

    d = c.d
    unit = card_name(str(d.get("unit", "?")))
    atoms = _try(lambda: unit_values(c.table, unit, unit_resolutions(unit, d["ability"]))[d["option"]])
    return _head_and_effect(c, f"uses the {names.unit(unit)}{_paid(c)}", atoms)


def skill(c: Ctx) -> str:
    from engine.games.mage_knight.cards.resolving import skill_resolutions
    from engine.games.mage_knight.situations.card_overrides import skill_values

    d, sid = c.d, str(c.d.get("skill", "?"))
    atoms = (
        _try(lambda: skill_values(c.table, sid, skill_resolutions(sid, c.table, c.seat))[d["option"]])
        if c.live
        else None
    )
    return _head_and_effect(c, f"uses the skill {names.skill(sid)}{_paid(c)}", atoms)


def centre(c: Ctx) -> str:
    from engine.games.mage_knight.cards.resolving import situation
    from engine.games.mage_knight.skills.centre import lying

    d, sid = c.d, str(c.d.get("skill", "?"))

    def atoms() -> Any:
        spec = next(s for o, k, s in lying(c.table, c.seat) if o == d["owner"] and k == sid)
        sit = card_effects.Situation(*situation(c.table, c.seat))
        return card_effects.resolutions(spec["others"], sit)[d["option"]]

    head = f"uses {seat_name(d.get('owner'))}'s skill {names.skill(sid)} from the centre"
    return _head_and_effect(c, head, _try(atoms) if c.live else None)


def tactic(c: Ctx) -> str:
    d, tid = c.d, str(c.d.get("tactic", "?"))
    t = content().tactics.get(tid)
    head = f"{c.who} takes the tactic {names.tactic(tid)}" + (f" (turn order {t.number})" if t else "")
    if d.get("discard"):
        n = len(str(d["discard"]).split(","))
        return f"{head}, discarding {names.cards(d['discard'])} and drawing {plural(n, 'card')}."
    if d.get("die") is not None:
        return f"{head}, keeping {names.die(c.table, d['die'], c.live)} for the round."
    if d.get("card"):
        return f"{head}, taking {names.card(d['card'])} from the deck into the hand."
    taken = (t.effect or {}).get("when_taken") if t else None
    atoms = _try(lambda: card_effects.resolutions(taken)[0]) if taken and tid not in TACTIC_CHOICES else None
    return f"{head}: {effects.atoms(atoms)}." if atoms else f"{head}."


TACTIC_CHOICES = ("rethink", "mana_steal", "preparation")  # the command names the choice


def tactic_use(c: Ctx) -> str:
    d, tid = c.d, str(c.d.get("tactic", "?"))
    head = f"{c.who} uses the tactic {names.tactic(tid)}"
    if tid == "the_right_moment":
        return f"{head}: another turn follows this one."
    if tid == "long_night":
        return f"{head}: the discard pile is shuffled and 3 cards of it go back into the deck."
    if tid == "midnight_meditation":
        gone = [x for x in str(d.get("cards") or "").split(",") if x]
        return f"{head}: {names.cards(gone)} shuffled into the deck, draw {plural(len(gone), 'card')}."
    if tid == "mana_search":
        dice = [x for x in str(d.get("dice") or "").split(",") if x]
        return f"{head}: reroll {and_list([names.die(c.table, i, c.live) for i in dice])}."
    if tid == "sparing_power":
        if d.get("mode") == "take":
            return f"{head}: the cards stored under it go into the hand."
        return f"{head}: the deck's top card goes under the tactic."
    return f"{head}."


def level_up(c: Ctx) -> str:
    d = c.d
    took = ([f"the skill {names.skill(d['skill'])}"] if d.get("skill") else []) + (
        [f"the {names.kind_of_card(d['card'])} {names.card(d['card'])}"] if d.get("card") else []
    )
    return f"{c.who} levels up, taking {and_list(took) if took else 'no new skill or card'}."


def reward(c: Ctx) -> str:
    d = c.d
    if d.get("colour"):
        return f"{c.who} takes a {d['colour']} crystal as the reward."
    return f"{c.who} takes the {names.kind_of_card(d.get('card'))} {names.card(d.get('card', '?'))} as the reward."


ANSWERS: dict[str, Callable[[Ctx, dict, str], str]] = {
    "lose_crystal": lambda c, a, p: f"loses a {p} crystal",
    "discard_colour": lambda c, a, p: (
        f"discards {names.card(p)}" if p else f"discards nothing (no {a.get('colour', 'such')} card in hand)"
    ),
    "spend_unit": lambda c, a, p: f"spends {_unit_of(c, p)}",
    "gain_lost": lambda c, a, p: f"gains a {p} crystal" if p else "gains no crystal",
    "steal": lambda c, a, p: (
        f"takes {names.card(p.split(':', 1)[1])} discarded by {names.seat(p.split(':', 1)[0])}"
        if p
        else "takes no card"
    ),
    "armour": lambda c, a, p: f"gives the {names.enemy(p)} Armour {effects.signed(a.get('amount', -1))}",
    "banner": lambda c, a, p: (
        f"{'keeps' if p == 'keep' else 'discards'} "
        f"the {_banner_of(c, a.get('unit'))} of {_unit_of(c, a.get('unit', ''))}"
    ),
    "glade_wound": lambda c, a, p: (
        f"throws away a Wound from the {'hand' if p == 'hand' else 'discard pile'} at the magical glade"
    ),
    "deep_mine": lambda c, a, p: f"takes a {p} crystal from the deep mine",
}


def _banner_of(c: Ctx, uid: Any) -> str:
    cid = _try(lambda: c.player.banners.get(uid)) if c.live else None
    return names.card(cid) if cid else "banner"


def answer(c: Ctx) -> str:
    pick = str(c.d.get("pick") or "")
    asks = _try(lambda: c.table.game.asks) if c.live else None
    ask = asks[0] if asks and asks[0].get("seat") == c.seat else None
    if ask is not None and ask.get("do") in ANSWERS:
        return f"{c.who} {ANSWERS[ask['do']](c, ask, pick)}."
    if not pick:
        return f"{c.who} answers with nothing."
    seat, _, rest = pick.partition(":")
    said = f"{names.thing(rest)} of {names.seat(seat)}" if rest and seat.isdigit() else names.thing(pick)
    return f"{c.who} answers with {said}."


def rest(c: Ctx) -> str:
    d = c.d
    if d.get("card") == "wound":
        return f"{c.who} rests (slow recovery), discarding a Wound."
    wounds = int(d.get("wounds") or 0)
    more = f" and {plural(wounds, 'Wound')}" if wounds else ""
    return f"{c.who} rests (standard rest), discarding {names.card(d.get('card', '?'))}{more}."


def end_turn(c: Ctx) -> str:
    if c.d.get("discard"):
        return f"{c.who} ends the turn, discarding {names.cards(c.d['discard'])}."
    return f"{c.who} ends the turn."


def _enemies_at(c: Ctx, k: str) -> str:
    """ "the Orc Marauders at (3, -3)": rampaging enemies are face up; others stay "enemies"."""
    sp = _try(lambda: c.table.game.board.spaces[k]) if c.live else None
    if sp is not None and sp.rampaging and sp.enemies:
        return f"the {and_list([names.enemy(x) for x in sp.enemies])} at {names.hex_at(k)}"
    return f"the enemies at {names.hex_at(k)}"


def _spaces(c: Ctx, group: str) -> str:
    return and_list([_enemies_at(c, k) for k in str(group).split(";") if k])


def move(c: Ctx) -> str:
    from engine.games.mage_knight.map.rules import forced_combat, step_cost

    d, to = c.d, str(c.d.get("to", "?"))
    cost = _try(lambda: step_cost(c.table, c.seat, to)) if c.live else None
    text = f"{c.who} moves to {names.space(c.table, to)}" + (
        f" for {plural(cost, 'move point')}" if cost is not None else ""
    )
    fought = (_try(lambda: forced_combat(c.table, c.seat, to)) or []) if c.live else []
    for k in fought:
        sp = c.table.game.board.spaces.get(k)
        text += (
            f", assaulting the {names.plain(sp.site)}"
            if k == to and sp and sp.site
            else f", provoking {_enemies_at(c, k)}"
        )
    if d.get("challenge"):
        text += f", challenging {_spaces(c, d['challenge'])}"
    return text + "."


def explore(c: Ctx) -> str:
    from engine.games.mage_knight.map.rules import explore_cost

    cost = _try(lambda: explore_cost(c.table, c.seat)) if c.live else None
    paid = f" for {plural(cost, 'move point')}" if cost is not None else ""
    return f"{c.who} explores the map at {names.hex_at(c.d.get('at', '?'))}, laying a new tile{paid}."


def _price(c: Ctx, fn: Callable[[], int]) -> str:
    n = _try(fn) if c.live else None
    return f" for {n} influence" if n is not None else ""


def recruit(c: Ctx) -> str:
    from engine.games.mage_knight.turn.actions import recruit_cost

    d = c.d
    unit = card_name(str(d.get("unit", "?")))
    text = f"{c.who} recruits the {names.unit(unit)}{_price(c, lambda: recruit_cost(c.table, c.seat, unit))}"
    if d.get("disband"):
        text += f", disbanding {_unit_of(c, d['disband'])}"
    return text + "."


def _site(c: Ctx) -> str | None:
    sp = _try(lambda: c.table.game.board.spaces[c.player.pos]) if c.live else None
    return sp.site if sp is not None and sp.site else None


def buy_heal(c: Ctx) -> str:
    from engine.games.mage_knight.turn.actions import HEAL_PRICE

    price = _price(c, lambda: HEAL_PRICE[_site(c) or ""])
    where = f" at the {names.plain(_site(c))}" if _site(c) else ""
    return f"{c.who} buys healing{where}: Heal 1{price}{(_try(lambda: _healing(c)) or '') if c.live else ''}."


def _healing(c: Ctx) -> str:
    """What one more healing point does now: a wound card, a unit healed, or a part of its price."""
    from engine.games.mage_knight.turn.actions import heal_plan

    wounds, healed, left = heal_plan(c.table, c.seat, 1)
    if wounds:
        return ", a Wound from the hand"
    if healed:
        return f", healing {_unit_of(c, healed[0])}"
    if not any(u.wounded for u in c.player.units):
        return ""
    kept = f"{left} healing point{'s' if left != 1 else ''}"
    return f", {kept} kept for a wounded unit until a combat or the turn's end"


def buy_aa(c: Ctx) -> str:
    from engine.games.mage_knight.turn.actions import AA_PRICE

    return f"{c.who} buys the advanced action {names.card(c.d.get('card', '?'))} for {AA_PRICE} influence."


def buy_spell(c: Ctx) -> str:
    from engine.games.mage_knight.turn.actions import SPELL_PRICE

    mana = payment.mana(c.table, c.d.get("pay", ""), c.live)
    return f"{c.who} buys the spell {names.card(c.d.get('card', '?'))} for {SPELL_PRICE} influence" + (
        f" and {mana}." if mana else "."
    )


def city_buy(c: Ctx) -> str:
    from engine.games.mage_knight.cities.interact import CITY_PRICE

    what = str(c.d.get("what", ""))
    price = f" for {CITY_PRICE[what]} influence" if what in CITY_PRICE else ""
    if what == "artifact":
        return f"{c.who} buys an artifact in the city{price}."
    if what == "elite":
        return f"{c.who} brings an elite unit to the unit offer{price}."
    return f"{c.who} buys the advanced action {names.card(c.d.get('card', '?'))} in the city{price}."


def enter(c: Ctx) -> str:
    site = _site(c)
    where = f"the {names.plain(site)}" if site else "the site"
    if c.d.get("pay"):
        return f"{c.who} pays {payment.mana(c.table, c.d['pay'], c.live)} at the altar of {where}."
    return f"{c.who} enters {where}."


def challenge(c: Ctx) -> str:
    return f"{c.who} challenges {_spaces(c, c.d.get('space', ''))}."


def ready_unit(c: Ctx) -> str:
    def price() -> int:
        u = next(x for x in c.player.units if x.uid == c.d["uid"])
        return c.player.ready_for_influence[1] * content().units[u.unit].level

    return f"{c.who} readies {_unit_of(c, c.d.get('uid', '?'))}{_price(c, price)}."


def banner(c: Ctx) -> str:
    d = c.d
    flag = _banner_of(c, d.get("unit"))
    if d.get("target"):
        return (
            f"{c.who} spends {_unit_of(c, d.get('unit', '?'))} with its {flag} "
            f"to cancel the attack of the {names.enemy(d['target'])}."
        )
    return f"{c.who} readies {_unit_of(c, d.get('unit', '?'))} with its {flag}."


def secret(c: Ctx) -> str:
    if not c.d.get("space"):
        return f"{c.who} places no secret entrance (no space for one)."
    return f"{c.who} places the secret entrance on {names.space(c.table, c.d['space'])}."


def tunnel(c: Ctx) -> str:
    from engine.games.mage_knight.scenarios.dungeon_lords import tunnel_cost

    to = str(c.d.get("to", "?"))
    cost = _try(lambda: tunnel_cost(c.table.game, c.player.pos, to)) if c.live else None
    paid = f" for {plural(cost, 'move point')}" if cost is not None else ""
    return f"{c.who} goes through the tunnels to {names.space(c.table, to)}{paid}."


def joint_assault(c: Ctx) -> str:
    shares = [x.split(":") for x in str(c.d.get("shares", "")).split(",") if ":" in x]
    who = and_list([f"{names.seat(s)} fighting {plural(int(n), 'defender')}" for s, n in shares])
    return f"{c.who} proposes a joint assault on the city: {who}."


def pvp_damage(c: Ctx) -> str:
    to = str(c.d.get("to", ""))
    kind, _, what = to.partition(":")
    if to == "lapse":
        return f"{c.who} lets the rest of the attack lapse."
    if to == "hero":
        return f"{c.who} wounds the other hero."
    if kind == "steal":
        return f"{c.who} steals the artifact {names.card(what)}."
    if kind == "retreat":
        return f"{c.who} forces the other hero to retreat to {names.space(c.table, what)}."
    return f"{c.who} wounds the other hero's {names.unit(to)}."


def improve(c: Ctx) -> str:
    d = c.d
    if not d.get("card"):
        return f"{c.who} keeps the deed deck as it is."
    return f"{c.who} replaces {names.card(d.get('remove', '?'))} with {names.card(d['card'])}."


def auction_bid(c: Ctx) -> str:
    n = int(c.d.get("fame") or 0)
    return f"{c.who} bids no fame (passes)." if not n else f"{c.who} bids {n} fame."


SENTENCES: dict[str, Callable[[Ctx], str]] = {
    "play": play,
    "activate": activate,
    "skill": skill,
    "centre": centre,
    "tactic": tactic,
    "tactic_use": tactic_use,
    "level_up": level_up,
    "reward": reward,
    "answer": answer,
    "rest": rest,
    "end_turn": end_turn,
    "move": move,
    "explore": explore,
    "announce": lambda c: f"{c.who} announces the end of the round.",
    "recruit": recruit,
    "buy_heal": buy_heal,
    "buy_aa": buy_aa,
    "buy_spell": buy_spell,
    "city_buy": city_buy,
    "plunder": lambda c: f"{c.who} plunders the village: Reputation -1, draw 2 cards.",
    "enter": enter,
    "burn": lambda c: f"{c.who} burns the monastery.",
    "challenge": challenge,
    "ready_unit": ready_unit,
    "banner": banner,
    "secret": secret,
    "tunnel": tunnel,
    "glade": lambda c: f"{c.who} marks the magical glade with a shield.",
    "chant": lambda c: f"{c.who} chants to summon a monster to each of their glades.",
    "joint_assault": joint_assault,
    "joint_answer": lambda c: (
        f"{c.who} {'agrees to join' if c.d.get('agree') else 'declines to join'} the joint assault."
    ),
    "pvp": lambda c: f"{c.who} attacks {names.seat(c.d.get('target', '?'))} (combat between heroes).",
    "pvp_commit": lambda c: (
        f"{c.who} commits fully to the combat (the next turn is skipped)."
        if c.d.get("mode") == "full"
        else f"{c.who} commits partly to the combat."
    ),
    "pvp_attack": lambda c: f"{c.who} attacks with the points played.",
    "pvp_pass": lambda c: f"{c.who} passes without attacking.",
    "pvp_block": lambda c: f"{c.who} blocks with the points played.",
    "pvp_damage": pvp_damage,
    "improve": improve,
    "combat_die": lambda c: f"{c.who} sets the secret combat die to {c.d.get('colour', '?')}.",
    "auction_name": lambda c: f"{c.who} puts {names.hero(c.d.get('hero', '?'))} up for auction.",
    "auction_bid": auction_bid,
    "concede": lambda c: f"{c.who} concedes the game.",
    "draft_pick": lambda c: f"{c.who} keeps {names.card(c.d.get('card', '?'))} from the packet.",
    "draft_add": lambda c: f"{c.who} adds {names.card(c.d.get('card', '?'))} to the deed deck.",
}


def sentence(table: Any, e: Seen) -> str | None:
    """The sentence of a decision event of one of the kinds above, else None."""
    how = SENTENCES.get(e.type.removeprefix("cmd.")) if e.type.startswith("cmd.") else None
    return how(Ctx(table, e)) if how is not None else None
