"""Who must act (prompts), every legal answer (legal_commands) and why a command is illegal.

Commands name cards by their content id ("march"), never by a hidden instance id: a decision
event is public, and playing or discarding a card reveals it anyway.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.games.mage_knight import state
from engine.games.mage_knight.cards import carry_out as card_effects
from engine.games.mage_knight.cards import effects
from engine.games.mage_knight.cards.asks import commands as answer_commands
from engine.games.mage_knight.cards.asks import why_not
from engine.games.mage_knight.cards.banners import commands as banner_commands
from engine.games.mage_knight.cards.carry_out import useful, worth
from engine.games.mage_knight.cards.resolving import (
    INTERACTION_SITES,
    PLAIN_SIDEWAYS,
    SIDEWAYS_IN_COMBAT,
    plain_situation,
)
from engine.games.mage_knight.cities.interact import interactions as city_interactions
from engine.games.mage_knight.cities.reveal import enterable
from engine.games.mage_knight.combat import machine as combat_machine
from engine.games.mage_knight.combat.abilities import ATTACK_KINDS
from engine.games.mage_knight.combat.fight import ADVENTURE_DRAWS, UNDERGROUND, points_fit, targets
from engine.games.mage_knight.combat.fight import affected as fight_affected
from engine.games.mage_knight.combat.unit_redirect import only_redirected
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.mana import payment
from engine.games.mage_knight.map import rules as map_rules
from engine.games.mage_knight.map.board import (
    allied,
    explore_positions,
    key,
    neighbour_keys,
    provoked,
    step_allowed,
    step_fault,
    unkey,
)
from engine.games.mage_knight.players.joint_assault import answering
from engine.games.mage_knight.players.joint_assault import commands as joint_commands
from engine.games.mage_knight.players.pvp_targets import (
    unit_targets,  # in PvP, enemy effects aim at the opponent's units (MK:13:PvPSpecial)
)
from engine.games.mage_knight.players.pvp_turn import commands as pvp_commands
from engine.games.mage_knight.players.pvp_turn import (
    partial_limits,
    sharing,
    start_commands,
    step_ok,
    visit_ok,
    visiting,
)
from engine.games.mage_knight.readings.map import effect_colour
from engine.games.mage_knight.scenarios.draft import commands as draft_commands
from engine.games.mage_knight.scenarios.druid_nights import commands as druid_commands
from engine.games.mage_knight.scenarios.dungeon_lords import commands as secret_commands
from engine.games.mage_knight.scenarios.dungeon_lords import may_enter, tunnels
from engine.games.mage_knight.scenarios.hero_auction import commands as auction_commands
from engine.games.mage_knight.scenarios.hero_auction import prompt_seat
from engine.games.mage_knight.scenarios.improved_actions import commands as improve_commands
from engine.games.mage_knight.scenarios.interactive_combat import commands as die_commands
from engine.games.mage_knight.scenarios.special_rules import (
    mine_to_liberate,
    portal_open,
    recruit_sites,
)
from engine.games.mage_knight.scenarios.variants import filter_legal
from engine.games.mage_knight.scenarios.variants import on as variant_on
from engine.games.mage_knight.situations.card_overrides import unit_values
from engine.games.mage_knight.skills.centre import (
    commands as centre_commands,  # other players' skills in the centre
)
from engine.games.mage_knight.turn import actions, rewards, tactics
from engine.games.mage_knight.turn.ledger import REPUTATION_MIN
from engine.mechanics import hexgrid
from engine.mechanics.per_state import once
from engine.mechanics.zones import card_name
from engine.narration import seat_name
from engine.ruleset import Illegal, Prompt


def prompts(table) -> list[Prompt]:
    """Who must act now; worked out once per state (every question, the bot and the engine
    ask), a fresh list each time."""
    return list(once(table, "prompts", lambda: _prompts(table)))


def prompt_of(table, seat: int) -> Prompt | None:
    """The seat's prompt now, None when it has nothing to decide (from the state's one list:
    each question and the bot ask)."""
    for p in once(table, "prompts", lambda: _prompts(table)):
        if p.seat == seat:
            return p
    return None


def _prompts(table) -> list[Prompt]:
    game = table.game
    if table.over or game.phase in ("setup", "over"):
        return []
    if game.asks:  # another seat's choice inside an effect (asks.py)
        return [Prompt(game.asks[0]["seat"], "answer", game.asks[0]["rule"])]
    if game.phase == "tactics":
        return [Prompt(game.pickers[0], "tactic", "MK:4:Round:3a")]
    if game.phase == "levelup":
        return [Prompt(game.active, "level_up", "MK:11:EoT:6b")]
    if game.phase == "improve":
        return [Prompt(game.improve["order"][0], "improve", "MK:17:Var:ImprovedActions")]
    if game.phase == "auction":
        return [Prompt(prompt_seat(game), "auction", "MK:16:Var:Auction")]
    if game.phase == "draft":
        return [Prompt(game.draft["waiting"][0], "draft", "MK:17:Var:Draft")]
    if game.icombat and not game.icombat.get("set"):  # Interactive Combat: the secret die first
        return [Prompt(game.icombat["chooser"], "combat_die", "MK:17:Var:InteractiveCombat")]
    if game.joint and answering(game) >= 0:  # an invited hero answers the joint assault proposal
        return [Prompt(answering(game), "joint_answer", "MK:13:Coop:3")]
    return [Prompt(game.active, "turn", "MK:6:Turn:6")]


def legal_commands(table, seat: int) -> list[dict]:
    if not any(p.seat == seat for p in prompts(table)):
        return []
    listed = phase_commands(table, seat)
    return turn_commands(table, seat) if listed is None else listed


def phase_commands(table, seat: int) -> list[dict] | None:
    """The commands of a prompted seat outside its turn (an ask, tactics, a joint assault's
    answer, improved actions, the auction, the draft, the combat die, levelling up): short
    lists; None in the seat's turn (`turn_parts`)."""
    game = table.game
    if game.asks:
        return answer_commands(table, seat)
    if game.phase == "tactics":
        return [c for x in game.tactics_open for c in tactics.pick_commands(table, seat, x)]
    if game.joint and not game.joint.get("started"):
        return [{"kind": "joint_answer", "agree": True}, {"kind": "joint_answer", "agree": False}]
    if game.phase == "improve":
        return improve_commands(table, seat)
    if game.phase == "auction":
        return auction_commands(table, seat)
    if game.phase == "draft":
        return draft_commands(table, seat)
    if game.icombat and not game.icombat.get("set"):
        return die_commands(table, seat)
    if game.phase == "levelup":
        skills = list(table.zone(state.skills_shown(seat))) or [""]
        cards = list(table.zone(state.AA_OFFER)) or [""]
        out = [{"kind": "level_up", "skill": s, "card": c} for s in skills for c in cards]
        # option B: another hero's skill from the common offer and the lowest offered AA
        hero = game.players[seat].hero
        out += [
            {"kind": "level_up", "skill": s, "card": cards[-1]}
            for s in table.zone(state.SKILL_OFFER)
            if content().skills[s].hero != hero
        ]
        return out
    return None


def turn_commands(table, seat: int) -> list[dict]:
    """Every command of the seat's turn: its parts' commands, in the parts' order."""
    return [c for part in turn_parts(table, seat) for c in part.make()]


class Part:
    """One piece of a turn's commands, in `legal_commands`' order: the command kinds it may
    list, how to list them (`make`: the turn's filters applied, listed on the first call only,
    its list shared, so the choice tree's first question, the bot's look below an option and
    the step opened read one listing) and, where listing is dear (the plays of every card), a
    cheap test that it lists any, for the choice tree's first question."""

    __slots__ = ("_keep", "_list", "_listed", "kinds", "probe")

    def __init__(
        self,
        kinds: tuple[str, ...],
        make: Callable[[], list[dict]],
        probe: Callable[[], bool] | None = None,
        keep: Callable[[list[dict]], list[dict]] | None = None,
    ) -> None:
        self.kinds, self.probe = kinds, probe
        self._list, self._keep = make, keep
        self._listed: list[dict] | None = None

    def make(self) -> list[dict]:
        listed = self._listed
        if listed is None:
            listed = self._listed = self._list() if self._keep is None else self._keep(self._list())
        return listed


def turn_parts(table, seat: int) -> list[Part]:
    """The parts of the seat's turn, nothing listed yet: rewards or a secret entrance first
    when due, else player-against-player, a combat or the free turn, narrowed where the hero
    visits or shares another hero's space and by the Be Nice variant."""
    game = table.game
    p = game.players[seat]
    keep, kinds = turn_filter(table, seat)

    def part(kinds_listed: tuple[str, ...], make: Callable[[], list[dict]], probe=None) -> list[Part]:
        if kinds is not None and not any(k in kinds for k in kinds_listed):
            return []
        return [Part(kinds_listed, make, probe, keep)]

    if p.rewards:  # reward choices come first (MK:11:EoT:5)
        return part(("reward",), lambda: rewards.commands(table, seat))
    if game.secret_due:  # Dungeon Lords: the revealer places a secret entrance first
        return part(("secret",), lambda: secret_commands(table, seat))
    hand = table.zone(state.hand(seat))
    names = sorted({card_name(c) for c in hand})
    play = part(
        ("play",),
        lambda: plays(table, seat, names),
        lambda: (
            any(sideways(table, seat, n) for n in names)
            or any(keep(card_plays(table, seat, n)) for n in names if may_have_plays(table, seat, n))
        ),
    )
    units = part(("activate", "banner"), lambda: unit_commands(table, seat))
    skills = part(("skill", "centre"), lambda: skill_commands(table, seat))
    cards = play + units + skills
    if game.pvp:  # player against player (pvp_turn.py)
        own, may_play = pvp_commands(table, seat)
        mine = part(tuple(dict.fromkeys(c["kind"] for c in own)), lambda: own)
        return mine + cards if may_play else mine
    if game.combat is not None:
        return part(FIGHT_KINDS, lambda: fight_commands(table, seat)) + cards
    sp = game.board.spaces.get(p.pos)
    site = sp.site if sp else ""
    out: list[Part] = []
    if kinds is not None and "pvp" in kinds:  # on another hero's space: start PvP or step away
        out += part(("pvp",), lambda: start_commands(table, seat))
    if p.fresh:
        if not table.zone(state.deck(seat)) and game.announced_by < 0:
            out += part(("announce",), lambda: [{"kind": "announce"}])
        if site == "village" and p.reputation > REPUTATION_MIN:
            out += part(("plunder",), lambda: [{"kind": "plunder"}])
    out += play + units
    out += part(("ready_unit",), lambda: ready_commands(table, seat))
    out += part(("tactic_use",), lambda: tactics.use_commands(table, seat))
    out += skills
    if not p.acted:
        out += part(("move",), lambda: move_commands(table, seat))
        if p.move >= map_rules.explore_cost(table, seat) and table.zone(state.TILES):
            out += part(
                ("explore",), lambda: [{"kind": "explore", "at": key(c)} for c in explore_spots(table, seat)]
            )
        if game.scenario == "dungeon_lords":
            out += part(("tunnel",), lambda: tunnels(table, seat))
    out += part(INTERACTION_KINDS, lambda: interactions(table, seat, site))
    out += part(("challenge", "enter", "burn"), lambda: combat_actions(table, seat, site))
    if game.dummy_seat >= 0:
        out += part(("joint_assault",), lambda: joint_commands(table, seat))
    if game.scenario == "druid_nights":
        out += part(("glade", "chant"), lambda: druid_commands(table, seat))
    if not p.moved and not p.acted:
        out += part(("rest",), lambda: rests(names, hand))
    out += part(("end_turn",), lambda: ends(table, seat, names))
    if game.scenario == "conquer_keeps_towers":  # one side gives up (MK:22:Scen:ConquerKeepsTowers)
        out += part(("concede",), lambda: [{"kind": "concede"}])
    return out


INTERACTION_KINDS = ("recruit", "buy_heal", "buy_aa", "buy_spell", "city_buy")
SHARING_KINDS = ("pvp", "move", "play", "activate", "skill")


def turn_filter(table, seat: int):
    """(what keeps a part's commands, the kinds a turn may list or None for any): the Be Nice
    variant's and a partly committed PvP defender's limits; on another hero's space where no
    PvP may start, no action (MK:7:Move:8e); where one may, start it or step away (MK:12:PvP:1)."""
    game = table.game
    limits = []
    if game.pvp:
        limits.append(lambda cmds: partial_limits(table, seat, cmds))
    kinds: tuple[str, ...] | None = None
    if not game.pvp and game.combat is None and not game.players[seat].rewards and not game.secret_due:
        if visiting(table, seat):
            kinds = VISITOR_KINDS
            limits.append(
                lambda cmds: [c for c in cmds if c["kind"] in VISITOR_KINDS and not c.get("challenge")]
            )
        elif game.scenario != "first_reconnaissance" and sharing(table, seat):
            kinds = SHARING_KINDS
            limits.append(lambda cmds: [c for c in cmds if c["kind"] in SHARING_KINDS])

    if variant_on(table, "be_nice") and not game.night:
        limits.append(lambda cmds: filter_legal(table, seat, cmds))

    def keep(cmds: list[dict]) -> list[dict]:
        for limit in limits:
            cmds = limit(cmds)
        return cmds

    return keep, kinds


def fight_commands(table, seat: int) -> list[dict]:
    """The combat's own decisions (attack, block, damage, the next phase) as this hero's
    effects narrow them."""
    p = table.game.players[seat]
    fight_cmds = combat_machine.legal(table.game.combat)
    if p.turn_effects.get("units_no_damage"):  # Into the Heat: units take no damage
        fight_cmds = [c for c in fight_cmds if c.get("kind") != "assign" or c["to"] == "hero"]
    if p.turn_effects.get("redirect"):  # Shocktroops: that enemy's damage to the unit
        fight_cmds = only_redirected(fight_cmds, p.turn_effects["redirect"])
    return fight_cmds


def move_commands(table, seat: int) -> list[dict]:
    steps = moves(table, seat)
    return [{"kind": "move", "to": k} for k in steps] + map_rules.challenge_moves(table, seat, steps)


# What a hero may still do on another hero's space where no PvP may start: move on (exploring
# too), play cards, units and skills, end the turn; no action (MK:7:Move:8e).
FIGHT_KINDS = tuple(combat_machine.FIELDS)  # attack, block, cumbersome, assign, next

VISITOR_KINDS = (
    "move",
    "explore",
    "tunnel",
    "play",
    "activate",
    "skill",
    "ready_unit",
    "tactic_use",
    "banner",
    "centre",
    "end_turn",
    "concede",
)


def plays(table, seat: int, names: list[str]) -> list[dict]:
    """The plays of each card in `names`; a second copy of a card (or a hand of wounds) gets
    copies of the first one's commands (the same state gives the same plays)."""
    out: list[dict] = []
    seen: dict[str, list[dict]] = {}
    for name in names:
        if name in seen:
            out += [dict(c) for c in seen[name]]
        else:
            seen[name] = card_plays(table, seat, name)
            out += seen[name]
    return out


def card_plays(table, seat: int, name: str) -> list[dict]:
    """The plays of one card in hand: basic and powered with each payment, and sideways. Once
    per state (the first question's probe, "Which card?" and the steps below it all ask; the
    list is shared: callers do not change it)."""
    return once(table, ("card_plays", seat, name), lambda: _card_plays(table, seat, name))


def _card_plays(table, seat: int, name: str) -> list[dict]:
    game = table.game
    p = game.players[seat]
    out = []
    fighting = game.combat is not None
    if name == "wound":  # wounds are never played (MK:4:Deed:3d) but by Power of Pain
        if p.turn_effects.get("wound_sideways"):
            out += [
                {"kind": "play", "card": name, "mode": "sideways", "option": i, "pay": ""}
                for i, atoms in enumerate(actions.seat_resolutions(table, seat, name, "sideways"))
                if useful(table, atoms, p.acted)
            ]
        return out
    card = content().cards[name]
    for mode in ("basic", "powered"):
        need = payment.needs(card, mode, game.night or bool(p.turn_effects.get("black_day")))
        if need is None:
            continue
        base = actions.payment_options(table, seat, need)
        if not base:
            continue
        for i, atoms in enumerate(actions.seat_resolutions(table, seat, name, mode)):
            if not game.pvp and plain_atoms(atoms):  # (most: what the helpers below would give)
                if useful(table, atoms, p.acted):
                    extra = effects.mana_costs(atoms)
                    pays = actions.payment_options(table, seat, need + extra) if extra else base
                    out += [{"kind": "play", "card": name, "mode": mode, "option": i, "pay": x} for x in pays]
                continue
            aims = (
                (
                    unit_targets(table, seat, atoms, effect_colour(table, card, mode))
                    if game.pvp
                    else targets(game.combat, atoms, effect_colour(table, card, mode))
                )
                if fighting
                else []
            )
            special = card_specific_plays(table, seat, name, mode, i, atoms, base)
            if special is not None:
                out += special
            elif useful(table, atoms, p.acted) or aims:
                extra = effects.mana_costs(atoms)
                pays = actions.payment_options(table, seat, need + extra) if extra else base
                pays = with_discards(table, seat, name, atoms, pays)
                if any(k == "enemy_effect" for k, _ in atoms):
                    cmds = [
                        {"kind": "play", "card": name, "mode": mode, "option": i, "pay": x, "target": e}
                        for x in pays
                        for e in aims
                    ]
                else:
                    cmds = [{"kind": "play", "card": name, "mode": mode, "option": i, "pay": x} for x in pays]
                out += card_effects.expand(table, seat, atoms, cmds)
    for i, atoms in enumerate(actions.seat_resolutions(table, seat, name, "sideways")):
        if useful(table, atoms, p.acted):
            out.append({"kind": "play", "card": name, "mode": "sideways", "option": i, "pay": ""})
    return out


def may_have_plays(table, seat: int, name: str) -> bool:
    """False only where `card_plays` lists nothing, told without listing a payment: no way of
    the card that may be played now (a mode whose mana it may use) is worth offering here,
    aims at an enemy or names more (`card_specific_plays`). In a combat's ranged or block
    phase most cards have no play, and the first question's test and "Which card?" would list
    each card's paid plays only to find none."""
    game = table.game
    p = game.players[seat]
    if name == "wound":
        return True  # (its own short listing)
    if sideways(table, seat, name):
        return True
    card = content().cards[name]
    night = game.night or bool(p.turn_effects.get("black_day"))
    for mode in ("basic", "powered"):
        if payment.needs(card, mode, night) is None:
            continue
        for atoms in actions.seat_resolutions(table, seat, name, mode):
            if useful(table, atoms, p.acted) or any(
                k in NAMING_MORE or k == "enemy_effect" for k, _ in atoms
            ):
                return True
    return False


def sideways(table, seat: int, name: str) -> bool:
    """Whether the card may be played sideways now: the cheap test that a card is playable
    (a sideways play pays nothing, so no turn filter takes it away)."""
    return sideways_ways(table, seat, name) > 0


def sideways_ways(table, seat: int, name: str) -> int:
    """How many sideways plays the card has now (`card_plays` lists each), without listing
    its paid plays: two or more, and the card has more than one way to be played."""
    p = table.game.players[seat]
    if name == "wound":
        if not p.turn_effects.get("wound_sideways"):
            return 0
    elif plain_situation(table, seat):  # every card's sideways ways are the plain ones
        if table.game.combat is None:  # Move 1 or Influence 1
            return _PLAIN_SIDEWAYS_WAYS[p.acted]
        name = ""  # Attack 1 or Block 1: one count for every card of the state
    return once(table, ("sideways_ways", seat, name), lambda: _sideways_ways(table, seat, name))


# How many of the plain sideways resolutions are worth offering, by whether the hero acted.
_PLAIN_SIDEWAYS_WAYS = {
    acted: sum(1 for atoms in PLAIN_SIDEWAYS if worth(atoms, acted)) for acted in (False, True)
}


def _sideways_ways(table, seat: int, name: str) -> int:
    """(Once per state: the first question's test and the cards' question both ask; "": any
    card but a wound in a plain situation, whose sideways resolutions are every card's.)"""
    acted = table.game.players[seat].acted
    res = SIDEWAYS_IN_COMBAT if not name else actions.seat_resolutions(table, seat, name, "sideways")
    return sum(1 for atoms in res if useful(table, atoms, acted))


def ready_commands(table, seat: int) -> list[dict]:
    """Ruthless Coercion powered: spent units up to its level, for influence per level."""
    p = table.game.players[seat]
    if not p.ready_for_influence:
        return []
    top, per = p.ready_for_influence
    return [
        {"kind": "ready_unit", "uid": u.uid}
        for u in p.units
        if not u.ready
        and content().units[u.unit].level <= top
        and p.influence >= per * content().units[u.unit].level
    ]


# The kinds of effect whose plays `card_specific_plays` makes (whether useful now or not).
NAMING_MORE = frozenset(("set_dice", "card_boost", "space_cost", "all_enemies", "block_per_trait"))
# The atom kinds `_card_plays`' helpers read beyond the atoms themselves (carry_out.feasible,
# carry_out.expand, carry_out.discard_payments, card_specific_plays, an effect on an enemy's
# targets): a resolution with none of them is played as it is, with each payment, where useful.
READ_MORE = NAMING_MORE | {
    "requires",
    "influence_cost",
    "take_offer",
    "heal_unit",
    "influence_to_heal",
    "influence_to_ready",
    "claim_die",
    "die_crystal",
    "claim_round",
    "reroll_die",
    "unit_resistances",
    "banner",
    "rotating",
    "choose_to_deck",
    "look",
    "puppet",
    "repeat",
    "use_offered",
    "others",
    "mana_any",
    "discard_cost",
    "throw_cost",
    "discard_kind",
    "discard_colour",
    "crystal_of_discard",
    "discard_wound",
    "enemy_effect",
}


def plain_atoms(atoms) -> bool:
    """A resolution with no atom of READ_MORE, told once per atoms object (resolutions are kept
    across states, so most are asked again and again; the object is held, so its id is not
    reused)."""
    got = _PLAIN_ATOMS.get(id(atoms))
    if got is None or got[0] is not atoms:
        if len(_PLAIN_ATOMS) >= PLAIN_ATOMS_KEPT:
            _PLAIN_ATOMS.clear()
        got = _PLAIN_ATOMS[id(atoms)] = (atoms, all(k not in READ_MORE for k, _ in atoms))
    return got[1]


PLAIN_ATOMS_KEPT = 8192
_PLAIN_ATOMS: dict[int, tuple] = {}


def card_specific_plays(table, seat: int, name: str, mode: str, option: int, atoms, pays: list[str]):
    """Plays of a resolution whose command must name more (None for the others): the Source
    dice a card sets (Mana Draw, Mana Pull), the Action card a boost plays (Concentration)."""
    kinds = {k for k, _ in atoms}
    if kinds.isdisjoint(NAMING_MORE):  # (most resolutions: asked of every one listed)
        return None
    base = {"kind": "play", "card": name, "mode": mode, "option": option}
    if "set_dice" in kinds:
        n = len(next(v for k, v in atoms if k == "set_dice"))
        p = table.game.players[seat]
        out = []
        for x in pays:
            used = {int(s.split(":")[1]) for s in x.split("+") if s.startswith("die:")}
            free = [
                i
                for i in range(len(table.game.source))
                if i not in p.dice
                and i not in p.held_dice
                and i not in used
                and i not in tactics.blocked_dice(table.game)
            ]
            picks = [[i] for i in free] if n == 1 else [[i, j] for i in free for j in free if i != j]
            out += [dict(base, pay=x, dice=",".join(map(str, d))) for d in picks]
        return out
    if "card_boost" in kinds:
        return [dict(base, pay=x, **b) for x in pays for b in boost_targets(table, seat, name)]
    if "space_cost" in kinds:  # Druidic Paths basic: a space next to the hero
        game = table.game
        p = game.players[seat]
        if game.combat is not None or p.acted or not p.pos:
            return []
        near = [
            key(n)
            for n in hexgrid.neighbours(unkey(p.pos))
            if (sp := game.board.spaces.get(key(n))) is not None
            and sp.site != "city"
            and content().terrain[sp.terrain].day is not None
        ]
        return [dict(base, pay=x, space=k) for x in pays for k in sorted(near)]
    if "all_enemies" in kinds:  # Tremor: every enemy it may affect
        c = table.game.combat
        v = next(v for k, v in atoms if k == "all_enemies")
        if c is None or not fight_affected(c, v, content().cards[name].color):
            return []
        return [dict(base, pay=x) for x in pays]
    if "block_per_trait" in kinds:  # Cold Toughness: the enemy to be blocked
        c = table.game.combat
        if c is None or not points_fit(c, atoms):
            return []
        foes = [e.uid for e in c.enemies if not e.defeated and not e.discarded]
        return [dict(base, pay=x, blocked=u) for x in pays for u in foes]
    return None


BOOSTABLE = ("basic_action", "advanced_action")


def boost_targets(table, seat: int, played: str) -> list[dict]:
    """Action cards in hand whose powered effect, boosted, is plain and useful now."""
    hand = [card_name(c) for c in table.zone(state.hand(seat))]
    hand.remove(played)
    acted = table.game.players[seat].acted
    out = []
    for other in sorted(set(hand)):
        card = content().cards[other]
        if other == "wound" or card.kind not in BOOSTABLE:
            continue
        for i, atoms in enumerate(actions.seat_resolutions(table, seat, other, "powered")):
            if any(k not in effects.PLAIN and k != "terrain_cost" for k, _ in atoms):
                continue  # no boost of a card whose effect needs more than points
            if useful(table, actions.boosted(atoms, 0), acted):
                out.append({"boost": other, "boost_option": i})
    return out


def with_discards(table, seat: int, played: str, atoms, pays: list[str]) -> list[str]:
    """A discard cost names the card given up, as part of the payment ("discard:march");
    wounds never pay such a cost (MK:4:Deed:6)."""
    return card_effects.discard_payments(table, seat, played, atoms, pays)


_PLAIN: dict[int, tuple] = {}


def plain_content(tree, leave_out: tuple[str, ...] = ()) -> bool:
    """`effects.plain_only` of a content tree (a skill's effect, a unit's ability, less the keys
    `leave_out`): content does not change during a run, so the answer is remembered per tree
    object (kept alive with it, so its id is not reused); asked for every skill and unit on
    every legal-command list."""
    hit = _PLAIN.get(id(tree))
    if hit is not None and hit[0] is tree and hit[1] == leave_out:
        return hit[2]
    plain = effects.plain_only({k: v for k, v in tree.items() if k not in leave_out} if leave_out else tree)
    _PLAIN[id(tree)] = (tree, leave_out, plain)
    return plain


def unit_commands(table, seat: int) -> list[dict]:
    p = table.game.players[seat]
    out = []
    if table.game.combat is not None and table.game.board.spaces[table.game.combat_space].site in UNDERGROUND:
        return []  # no units in dungeons and tombs (site cards)
    for u in p.units:
        if not u.ready or u.wounded:
            continue  # MK:5:Units:5, MK:11:Wounds:2a
        for ai, ab in enumerate(content().units[u.unit].abilities):
            need = [(ab["mana_cost"],)] if ab.get("mana_cost") else []
            for i, atoms in enumerate(unit_values(table, u.unit, actions.unit_resolutions(u.unit, ai))):
                pays = actions.payment_options(table, seat, need + effects.mana_costs(atoms))
                if not plain_content(ab, ("mana_cost", "note")):
                    continue
                if any(k == "enemy_effect" for k, _ in atoms):
                    cmds = [
                        {"kind": "activate", "unit": u.uid, "ability": ai, "option": i, "pay": x, "target": e}
                        for x in pays
                        for e in enemy_aims(table, seat, atoms)
                    ]
                elif useful(table, atoms, p.acted):
                    cmds = [
                        {"kind": "activate", "unit": u.uid, "ability": ai, "option": i, "pay": x}
                        for x in pays
                    ]
                else:
                    continue
                out += card_effects.expand(table, seat, atoms, cmds)

    return out + banner_commands(table, seat)


def enemy_aims(table, seat: int, atoms) -> list:
    """The targets an effect on an enemy may take now: the combat's enemies (another hero's
    units in PvP); none outside a combat."""
    if table.game.combat is None:
        return []
    if table.game.pvp:
        return unit_targets(table, seat, atoms, None)
    return targets(table.game.combat, atoms, None)


def skill_commands(table, seat: int) -> list[dict]:
    p = table.game.players[seat]
    out = []
    for sid in p.skills:
        sk = content().skills[sid]
        if sk.usage not in ("once_per_turn", *actions.ROUND_USES) or not plain_content(sk.effect):
            continue
        if sid in p.used_skills or sid in p.round_skills:
            continue
        for i, atoms in enumerate(actions.skill_resolutions(sid, table, seat)):
            pays = with_discards(
                table, seat, "", atoms, actions.payment_options(table, seat, effects.mana_costs(atoms))
            )
            if any(k == "enemy_effect" for k, _ in atoms):
                cmds = [
                    {"kind": "skill", "skill": sid, "option": i, "target": e}
                    for e in enemy_aims(table, seat, atoms)
                ]
            elif useful(table, atoms, p.acted):
                cmds = [{"kind": "skill", "skill": sid, "option": i}]
            else:
                continue
            cmds = [dict(c, pay=x) if x else c for c in cmds for x in pays]
            out += card_effects.expand(table, seat, atoms, cmds)

    return out + centre_commands(table, seat)


def others_at(table, seat: int) -> list[str]:
    return [q.pos for s, q in enumerate(table.game.players) if s != seat and q.pos]


def moves(table, seat: int) -> list[str]:
    """Spaces the hero may step to now. A step may provoke rampaging enemies or assault a keep
    or mage tower (combat follows). Another hero's space (not the open portal) is offered where
    PvP could start there (MK:12:PvP:1) or where none may, the hero then taking no action there
    (MK:7:Move:8e); not by a step that provokes. Not offered: cities in First Reconnaissance
    (they cannot be entered)."""
    game = table.game
    p = game.players[seat]
    if not p.pos:
        return []
    out = []
    busy = set(others_at(table, seat))
    board, c, night, points, mods = game.board, content(), game.night, p.move, p.terrain_mods
    for k in neighbour_keys(p.pos):  # (`step_fault` is None: a neighbour entered)
        if not step_allowed(board, c, k, night, points, mods):
            continue
        sp = board.spaces[k]
        if (sp.site == "city" and not enterable(game, k)) or sp.terrain in p.turn_effects.get("prohibit", ()):
            continue
        busy_here = k in busy and (sp.site != "portal" or not portal_open(game))
        if busy_here and not (step_ok(table, seat, k) or visit_ok(table, seat, k)):
            continue
        out.append(k)
    return out + [k for k in map_rules.opened_steps(table, seat) if k not in busy]


def move_refusal(table, seat: int, to: str) -> Illegal:
    """Why a step that is within reach and affordable is still not allowed."""
    game = table.game
    p = game.players[seat]
    sp = game.board.spaces[to]
    if sp.site == "city" and not enterable(game, to):
        return Illegal(
            "MK:7:Move:4",
            "this city cannot be entered: it is sealed in this scenario or closed "
            "(MK:18:Scen:FirstRecon, MK:22:Scen:ConquerKeepsTowers)",
        )
    if sp.terrain in p.turn_effects.get("prohibit", ()):
        return Illegal("MK:7:Move:7a", f"an effect played this turn forbids entering {sp.terrain} spaces")
    if to in others_at(table, seat):
        if provoked(game.board, unkey(p.pos), unkey(to)):
            return Illegal(
                "MK:12:PvP:1",
                "a space with another hero may not be entered by a step that provokes a rampaging enemy",
            )
        return Illegal(
            "MK:7:Move:8",
            "another hero stands there and the step can neither start a combat "
            "with that hero nor be a visit without one (MK:7:Move:8e)",
        )
    return Illegal("MK:7:Move:3", f"{to} cannot be entered from {p.pos} now")


def explore_spots(table, seat: int) -> list[hexgrid.Hex]:
    """The open tile positions the hero may explore now. The first question of most turns asks
    (a hero with move points left) while the map and the hero's place stay as they were, and
    heroes come back to places they explored from, so answers are kept with all they read: the
    spaces explored from, the next tile's type and the map's shape and placed tiles (the last
    SPOTS_KEPT answers, across states and games). Shared: callers do not change it."""
    board = table.game.board
    kind = content().tiles[table.zone(state.TILES)[0]].type
    here = map_rules.explore_from(table, seat)  # the hero's space (Scouts: and those next to it)
    read = (tuple(here), kind, board.shape, board.rows, board.coast_rule, tuple(board.tiles))
    got = _SPOTS.get(read)
    if got is not None:
        return got
    out: list[hexgrid.Hex] = []
    for h in here:
        out += [c for c in explore_positions(board, content(), h, kind) if c not in out]
    if len(_SPOTS) >= SPOTS_KEPT:
        _SPOTS.clear()
    _SPOTS[read] = out
    return out


SPOTS_KEPT = 256
_SPOTS: dict[tuple, list[hexgrid.Hex]] = {}  # what an explore_spots answer read -> the answer


def interactions(table, seat: int, site: str) -> list[dict]:
    """Recruiting, healing and buying at a village or monastery (MK:8:Interact)."""
    game = table.game
    p = game.players[seat]
    if site == "city":
        return city_interactions(table, seat)
    sp = game.board.spaces.get(p.pos)
    owned = (
        site in ("keep", "mage_tower")
        and sp is not None
        and (
            sp.conquered_by == seat
            or (site == "keep" and sp.conquered_by >= 0 and allied(game.board, sp.conquered_by, seat))
        )
    )
    if (site not in INTERACTION_SITES and not owned) or p.reputation <= REPUTATION_MIN:
        return []
    if site == "monastery" and p.pos not in game.monasteries:
        return []  # a burned monastery (MK:8:Combat:1c)
    if p.acted and not p.interacting:
        return []
    pool = actions.pool(table, seat)
    out = []
    for uid in table.zone(state.UNIT_OFFER):
        u = content().units.get(card_name(uid))
        if u is None:
            if site == "monastery" and pool >= actions.AA_PRICE:
                out.append({"kind": "buy_aa", "card": uid})
            continue
        if site in recruit_sites(game, u.recruit_sites) and pool >= actions.recruit_cost(table, seat, u.id):
            if len(p.units) < p.command:
                out.append({"kind": "recruit", "unit": uid})
            else:  # no free command token: disband one (MK:5:Units:4a)
                out += [
                    {"kind": "recruit", "unit": uid, "disband": x.uid}
                    for x in p.units
                    if x.uid != p.bond_unit
                ]  # Bonds of Loyalty's unit stays
    if (  # a point at a time, pooled (MK:11:Wounds:3): while a wound in hand or a unit needs it
        site in actions.HEAL_PRICE
        and pool >= actions.HEAL_PRICE[site]
        and (
            any(u.wounded for u in p.units) or "wound" in {card_name(c) for c in table.zone(state.hand(seat))}
        )
    ):
        out.append({"kind": "buy_heal"})
    if site == "mage_tower":
        out += actions.spell_buys(table, seat, pool)
    return out


def combat_actions(table, seat: int, site: str) -> list[dict]:
    """Actions that start a combat (MK:8:Combat:1): challenging an adjacent rampaging enemy,
    entering an adventure site, burning a monastery."""
    game = table.game
    p = game.players[seat]
    if p.acted or not p.pos:
        return []
    out = [
        {"kind": "challenge", "space": key(n)}
        for n in hexgrid.neighbours(unkey(p.pos))
        if (sp := game.board.spaces.get(key(n))) is not None and sp.rampaging and sp.enemies
    ]
    out += [{"kind": "challenge", "space": group} for group in map_rules.challenge_groups(table, seat)]
    sp = game.board.spaces[p.pos]
    if (
        site in ADVENTURE_DRAWS
        and (sp.conquered_by == -1 or site in ("dungeon", "tomb"))
        and may_enter(game, p.pos)
    ):
        out.append({"kind": "enter"})
    if site == "ancient_ruins" and state.at(p.pos) in table.zones:
        ruin = next((x for x in table.zone(state.at(p.pos)) if x in content().ruins), None)
        if ruin and content().ruins[ruin].kind == "enemies":
            out.append({"kind": "enter"})
        elif ruin:
            need = [(c,) for c, n in sorted(content().ruins[ruin].pay.items()) for _ in range(n)]
            out += [{"kind": "enter", "pay": x} for x in actions.payment_options(table, seat, need)]
    if site == "monastery" and p.pos in game.monasteries and sp.conquered_by == -1:
        out.append({"kind": "burn"})
    if mine_to_liberate(table, seat):  # Mines Liberation (MK:20:Scen:Mines)
        out.append({"kind": "enter"})
    return out


def rests(names: list[str], hand: list[str]) -> list[dict]:
    wounds = sum(1 for c in hand if card_name(c) == "wound")
    real = [n for n in names if n != "wound"]
    if real:
        return [{"kind": "rest", "card": n, "wounds": w} for n in real for w in range(wounds + 1)]
    if wounds:
        return [{"kind": "rest", "card": "wound", "wounds": 0}]
    return []


def ends(table, seat: int, names: list[str]) -> list[dict]:
    """End the turn, optionally discarding non-wound cards, named comma-separated ("march,rage");
    with nothing played yet a discard is required (MK:6:Turn:5a) unless the hand was empty at
    the start (MK:11:EoT:7)."""
    cards, plain = end_discards(table, seat, names)
    counts: dict[str, int] = {}
    for name in cards:
        counts[name] = counts.get(name, 0) + 1
    picks: list[list[str]] = [[]]
    for name in sorted(counts):
        picks = [x + [name] * k for x in picks for k in range(counts[name] + 1)]
    out = [{"kind": "end_turn", "discard": ",".join(x)} for x in picks if x]
    if plain:
        out.insert(0, {"kind": "end_turn"})
    return out


def end_discards(table, seat: int, names: list[str]) -> tuple[list[str], bool]:
    """(the cards the turn's end may discard, by name, a name once per copy, sorted; whether
    it may end with no discard): what `ends` lists one command per subset of, and the choice
    tree offers as one pick."""
    p = table.game.players[seat]
    cards = sorted(n for c in table.zone(state.hand(seat)) if (n := card_name(c)) != "wound")
    stuck = not cards and (p.moved or p.acted or "wound" not in names)
    return cards, bool(p.played or p.hand_was_empty or stuck)


RULE_OF = {
    "answer": "MK:5:Effects:1",
    "tactic": "MK:4:Round:3a",
    "level_up": "MK:11:EoT:6b",
    "play": "MK:4:Deed:3a",
    "move": "MK:7:Move:3",
    "explore": "MK:7:Move:5",
    "rest": "MK:6:Turn:7",
    "end_turn": "MK:6:Turn:5a",
    "announce": "MK:6:Turn:3",
    "recruit": "MK:8:Interact:4a",
    "buy_heal": "MK:8:Interact:4b",
    "buy_aa": "MK:8:Interact:4c",
    "plunder": "MK:6:Turn:1",
    "activate": "MK:5:Units:5",
    "skill": "MK:5:Skills:4c",
    "challenge": "MK:8:Combat:1e",
    "enter": "MK:8:Combat:1b",
    "burn": "MK:8:Combat:1c",
    "buy_spell": "MK:8:Interact:4d",
    "ready_unit": "MK:5:Units:6",
    "banner": "MK:5:Units:8",
    "centre": "MK:5:Skills:4b",
    "tactic_use": "MK:4:Round:3b",
    "reward": "MK:11:EoT:5",
    "city_buy": "MK:8:Interact:4e",
    "secret": "MK:21:Scen:DungeonLords",
    "tunnel": "MK:21:Scen:DungeonLords",
    "glade": "MK:21:Scen:DruidNights",
    "chant": "MK:21:Scen:DruidNights",
    "joint_assault": "MK:13:Coop:2",
    "joint_answer": "MK:13:Coop:3",
    "pvp": "MK:12:PvP:1",
    "pvp_commit": "MK:12:PvP:3",
    "pvp_attack": "MK:12:PvPRanged:2",
    "pvp_pass": "MK:12:PvPRanged:6",
    "pvp_block": "MK:12:PvPRanged:4",
    "pvp_damage": "MK:12:PvPRanged:5",
    "improve": "MK:17:Var:ImprovedActions",
    "combat_die": "MK:17:Var:InteractiveCombat",
    "auction_name": "MK:16:Var:Auction",
    "auction_bid": "MK:16:Var:Auction",
    "concede": "MK:22:Scen:ConquerKeepsTowers",
    "draft_pick": "MK:17:Var:Draft",
    "draft_add": "MK:17:Var:Draft",
}


def explain(table, seat: int, cmd: dict) -> Illegal | None:
    """A precise reason where one is cheap to give; otherwise the command's rule."""
    game = table.game
    kind = cmd.get("kind")
    rule = (
        None
        if kind is None
        else RULE_OF.get(kind, "MK:8:Combat:3" if kind in combat_machine.FIELDS else None)
    )
    if rule is None:
        return None
    if not any(p.seat == seat for p in prompts(table)):
        return Illegal(rule, f"{seat_name(seat)} is not the one to act now")
    if game.asks:  # asks.py: the open choice comes first
        return Illegal(game.asks[0]["rule"], why_not(table, seat, cmd))
    p = game.players[seat]

    if (kind not in VISITOR_KINDS or cmd.get("challenge")) and game.combat is None and visiting(table, seat):
        return Illegal(
            "MK:7:Move:8e",
            "you stand on another hero's space where no combat between players "
            "may start: no action there this turn; move on or end the turn (forced withdrawal follows)",
        )
    if kind == "reward" and p.rewards:
        return rewards.refusal(table, seat, cmd)
    names = (
        {card_name(c) for c in table.zones[state.hand(seat)].cards}
        if state.hand(seat) in table.zones
        else set()
    )
    if kind in combat_machine.FIELDS:
        if game.combat is None:
            return Illegal("MK:8:Combat:3", "there is no combat in progress")
        why = combat_machine.explain(game.combat, cmd)
        return Illegal(*why) if why else Illegal("MK:8:Combat:3", "not possible in this phase")
    if kind == "play":
        if cmd.get("card") == "wound":
            return Illegal("MK:4:Deed:3d", "wound cards can never be played")
        if cmd.get("card") not in names:
            return Illegal(rule, f"{cmd.get('card')!r} is not in your hand")
        card = content().cards[cmd["card"]]
        if cmd.get("mode") == "powered" and payment.needs(card, "powered", game.night) is None:
            return Illegal("MK:4:Deed:3b", "a spell's powered effect needs night and black mana")
        if cmd.get("mode") in ("basic", "powered") and cmd.get("pay"):
            return Illegal(
                "MK:5:Mana:3a",
                f"the payment {cmd['pay']!r} is not available "
                "(one Source die per turn, depleted dice, crystals and tokens held)",
            )
        return Illegal(rule, "no such way to play this card now")
    if kind == "move":
        if p.acted:
            return Illegal("MK:6:Turn:6d", "no movement after the action")
        to = cmd.get("to", "")
        try:
            dest = unkey(to)
        except (ValueError, AttributeError):
            return Illegal(rule, f"{to!r} is not a space like '1,-2'")
        fault = (
            step_fault(game.board, content(), unkey(p.pos), dest, game.night, p.move, p.terrain_mods)
            if p.pos
            else "not on the map"
        )
        if fault:
            return Illegal(rule, fault)
        return move_refusal(table, seat, to)
    if kind == "explore":
        if p.move < 2:
            return Illegal(rule, f"exploring costs 2 move points, you have {p.move}")
        return Illegal(rule, "no tile may be placed there from your space")
    if kind == "activate" and game.combat is not None and not game.pvp:
        why = unit_without_target(table, seat, cmd)
        if why:
            return Illegal(*why)
    if kind == "end_turn" and not p.played and not cmd.get("discard"):
        return Illegal(rule, "play or discard at least one card this turn")
    if kind == "rest" and (p.moved or p.acted):
        return Illegal(rule, "a rest allows no movement and no action")
    return Illegal(rule, f"{kind!r} is not possible now")


def unit_without_target(table, seat: int, cmd: dict) -> tuple[str, str] | None:
    """Why a unit's ability is not offered in this combat because its attack points could hit
    no enemy of the phase (the targets come before the points, MK:9:Ranged:2-3a): the unit would
    be spent for nothing. None when the command names no such ability."""
    u = next((u for u in table.game.players[seat].units if u.uid == cmd.get("unit")), None)
    ai, opt = cmd.get("ability"), cmd.get("option", 0)
    if u is None or type(ai) is not int or type(opt) is not int:
        return None
    if not 0 <= ai < len(content().units[u.unit].abilities):
        return None
    options = unit_values(table, u.unit, actions.unit_resolutions(u.unit, ai))
    if not 0 <= opt < len(options):
        return None
    for k, v in options[opt]:
        if k == "attack":
            why = combat_machine.target_problem(
                table.game.combat, v["type"] if v["type"] in ("ranged", "siege") else "melee"
            )
            if why:
                return why[0], f"{u.uid}'s {v['type']} attack would be spent for nothing: {why[1]}"
    return None


# Card sets a command names comma-joined ("march,rage"): the choice tree's picks give them as
# lists of names, read here as the joined string, so the command recorded is the same.
SET_FIELDS = {"end_turn": "discard", "tactic": "discard", "tactic_use": "cards"}


def same_command(table, seat: int, cmd: dict) -> dict:
    """`attack`'s `targets` and `use` are sets (MK:9:Ranged:4: one attack on a group of
    enemies, with the points of the kinds named): they are put in the order `legal_commands`
    lists them (the combat's enemy order, the phase's kinds in order), so the same group and
    kinds written in another order are the same command, in play and in situations alike.
    A card set of SET_FIELDS given as a list of names (a pick of the choice tree) becomes the
    sorted comma-joined names `legal_commands` lists (an empty one: the field left out).
    Anything else, and anything not a list of names, is left for the legality check."""
    field = SET_FIELDS.get(cmd.get("kind"))  # type: ignore[arg-type]
    if field is not None:
        return listed_set(cmd, field)
    c = table.game.combat
    if cmd.get("kind") != "attack" or c is None:
        return cmd
    targets, use = cmd.get("targets"), cmd.get("use")
    if (
        not isinstance(targets, list)
        or not isinstance(use, list)
        or not all(isinstance(x, str) for x in targets + use)
    ):
        return cmd

    enemy_order = {e.uid: i for i, e in enumerate(c.enemies)}
    last = len(enemy_order)
    return {
        **cmd,
        "targets": sorted(targets, key=lambda u: enemy_order.get(u, last)),
        "use": sorted(use, key=lambda k: ATTACK_KINDS.index(k) if k in ATTACK_KINDS else len(ATTACK_KINDS)),
    }


def listed_set(cmd: dict, field: str) -> dict:
    """`cmd` with its list of card names in `field` as `legal_commands` writes it."""
    names = cmd.get(field)
    if not isinstance(names, list) or not all(isinstance(x, str) for x in names):
        return cmd
    out = {k: v for k, v in cmd.items() if k != field}
    if names:
        out[field] = ",".join(sorted(names))
    return out
