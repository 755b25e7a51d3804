"""Set-up of First Reconnaissance (MK:3:Setup, MK:18:Scen:FirstRecon): every shuffle, pick and
roll goes through the chance API, so the set-up is a list of events."""
from __future__ import annotations

from engine.mechanics import zones

from . import decks, mana
from .content import content
from .schema import ENEMY_PILES
from . import state as S
from .explore import place

SCENARIOS = ("first_reconnaissance",)
FR_COUNTRYSIDE = {1: 8, 2: 8, 3: 9, 4: 11}   # MK:18:Scen:FirstRecon (solo: as for 2)
FR_ROUNDS = {1: 4, 2: 3, 3: 3, 4: 3}
WOUND_SUPPLY = 60   # stand-in: the box's wound count is not in the text; 60 never runs out here


def heroes(ctx, t) -> list[str]:
    """MK:3:Setup:1: each seat's hero, by option (comma-separated, seat order) or at random."""
    ids = [h.id for h in content().heroes.heroes]
    text = t.options["heroes"]
    if text == "random":
        return ctx.pick("heroes", ids, t.players, rule="MK:3:Setup:1")
    chosen = [x.strip() for x in text.split(",")]
    if len(chosen) != t.players or len(set(chosen)) != len(chosen) or set(chosen) - set(ids):
        raise ValueError(f"mage-knight: heroes={text!r} must name {t.players} different heroes "
                         f"of {', '.join(ids)} (MK:3:Setup:1)")
    return chosen


def setup(ctx, t) -> None:
    c = content()
    n = t.players
    chosen = heroes(ctx, t)
    ctx.emit("mk.setup", {"scenario": t.options["scenario"], "shape": t.options["shape"],
                          "rounds": FR_ROUNDS[n], "heroes": chosen}, rule="MK:18:Scen:FirstRecon")
    # enemy and ruins stacks, each with its discard pile (MK:3:Setup:3)
    for pile in ENEMY_PILES:
        tokens = []
        for eid in decks.enemy_stack(c, pile):
            tokens.append(eid)
        ids = _number(tokens)
        zones.create(ctx, S.enemy_pile(pile), ids, rule="MK:3:Setup:3", vis="hidden")
        ctx.shuffle(S.enemy_pile(pile), rule="MK:3:Setup:3")
        zones.create(ctx, S.enemy_discard(pile), [], rule="MK:3:Setup:3")
    zones.create(ctx, S.RUINS, sorted(c.ruins), rule="MK:3:Setup:3", vis="hidden")
    ctx.shuffle(S.RUINS, rule="MK:3:Setup:3")
    zones.create(ctx, S.RUINS_DISCARD, [], rule="MK:3:Setup:3")
    # artifacts, wounds, spells, advanced actions, skills offer (MK:3:Setup:4-8)
    zones.create(ctx, S.ARTIFACT_DECK, _number(decks.deed_deck(c, "artifact")), rule="MK:3:Setup:4", vis="hidden")
    ctx.shuffle(S.ARTIFACT_DECK, rule="MK:3:Setup:4")
    zones.create(ctx, S.WOUNDS, zones.instances("wound", WOUND_SUPPLY), rule="MK:3:Setup:5")
    for deck, offer, kind, rule in ((S.SPELL_DECK, S.SPELL_OFFER, "spell", "MK:3:Setup:6"),
                                    (S.AA_DECK, S.AA_OFFER, "advanced_action", "MK:3:Setup:7")):
        zones.create(ctx, deck, _number(decks.deed_deck(c, kind)), rule=rule, vis="hidden")
        ctx.shuffle(deck, rule=rule)
        zones.create(ctx, offer, [], rule=rule)
        zones.move_top(ctx, deck, offer, 3, rule=rule)
    zones.create(ctx, S.SKILL_OFFER, [], rule="MK:3:Setup:8")
    zones.create(ctx, S.OUT, [], rule="MK:4:Deed:3c")
    # units (MK:3:Setup:9-10): First Reconnaissance deals regular units only, and redeals until
    # one of them can be recruited in a village (MK:18:Scen:FirstRecon)
    regular, elite = decks.unit_decks(c)
    zones.create(ctx, S.REGULAR_UNITS, _number(regular), rule="MK:3:Setup:9", vis="hidden")
    zones.create(ctx, S.ELITE_UNITS, _number(elite), rule="MK:3:Setup:9", vis="hidden")
    ctx.shuffle(S.ELITE_UNITS, rule="MK:3:Setup:9")
    zones.create(ctx, S.UNIT_OFFER, [], rule="MK:3:Setup:10")
    for _ in range(50):
        ctx.shuffle(S.REGULAR_UNITS, rule="MK:3:Setup:9")
        dealt = zones.move_top(ctx, S.REGULAR_UNITS, S.UNIT_OFFER, n + 2, rule="MK:3:Setup:10")
        if any("village" in c.units[zones.card_name(u)].recruit_sites for u in dealt):
            break
        zones.move(ctx, S.UNIT_OFFER, S.REGULAR_UNITS, dealt, rule="MK:18:Scen:FirstRecon", to="bottom")
    # the Source (MK:3:Setup:12)
    ctx.emit("mk.source", {"faces": mana.roll_source(ctx, mana.source_size(n))}, rule="MK:3:Setup:12")
    # map tiles (MK:3:Setup:14): countryside in number order, the core tiles drawn at random and
    # shuffled underneath (reading of the digest, see catalog)
    country = decks.tiles(c, "countryside", ("base",))
    stack = country[:FR_COUNTRYSIDE[n]]
    cores = ctx.pick("core_city", decks.tiles(c, "core_city", ("base",)), 1, rule="MK:3:Setup:14") + \
        ctx.pick("core_plain", decks.tiles(c, "core_plain", ("base",)), 2, rule="MK:3:Setup:14")
    zones.create(ctx, S.TILES_ASIDE, [x for x in decks.tiles(c, "countryside") + decks.tiles(c, "core_city")
                                      + decks.tiles(c, "core_plain") if x not in stack and x not in cores],
                 rule="MK:3:Setup:14", vis="hidden")
    zones.create(ctx, S.TILES, stack + cores, rule="MK:3:Setup:14", vis="hidden")
    zones.create(ctx, S.MAP, [], rule="MK:3:Setup:15")
    # the start tile (side A) and the two tiles revealed beside it (MK:3:Setup:15)
    place(ctx, t, "start_A", (0, 0), seat=None, from_stack=False)
    from .board import initial_positions
    for centre in initial_positions(t.game.board):
        place(ctx, t, t.zone(S.TILES)[0], centre, seat=None)
    # each player (MK:3:Setup:17): deed deck shuffled, 5 drawn; skill tokens shuffled
    for seat, hero in enumerate(chosen):
        cards = [f"{cid}#s{seat}n{i}" for i, cid in enumerate(decks.starting_deck(c, hero))]
        zones.create(ctx, S.deck(seat), cards, owner=seat, rule="MK:3:Setup:17", vis="hidden")
        ctx.shuffle(S.deck(seat), rule="MK:3:Setup:17")
        for z, vis in ((S.hand(seat), "owner"), (S.discard(seat), "public"),
                       (S.play_area(seat), "public"), (S.units_zone(seat), "public"),
                       (S.skills_shown(seat), "public")):
            zones.create(ctx, z, [], owner=seat, rule="MK:3:Setup:17", vis=vis)
        skills = sorted(s.id for s in c.skills.values() if s.hero == hero)
        zones.create(ctx, S.skill_stack(seat), skills, owner=seat, rule="MK:3:Setup:17", vis="hidden")
        ctx.shuffle(S.skill_stack(seat), rule="MK:3:Setup:17")
        zones.move_top(ctx, S.deck(seat), S.hand(seat), 5, rule="MK:3:Setup:17")


def _number(ids: list[str]) -> list[str]:
    """Unique card ids for copies: name#1, name#2, ... per name."""
    seen: dict[str, int] = {}
    out = []
    for x in ids:
        seen[x] = seen.get(x, 0) + 1
        out.append(f"{x}#{seen[x]}")
    return out
