"""Set-up of every scenario (MK:3:Setup, MK:18-22:Scen:*): every shuffle, pick and roll goes
through the chance API, so the set-up is a list of events.

First Reconnaissance keeps its own tile stack (countryside in number order, MK:18:Scen:FirstRecon);
every other scenario takes its map shape, tile counts, city tiles and levels, round count, dummy
and start values from content/scenarios.json (scenarios.py)."""

from __future__ import annotations

from engine.errors import BadInput
from engine.games.mage_knight import state
from engine.games.mage_knight.content import decks
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.content.schema import ENEMY_PILES
from engine.games.mage_knight.mana import rules as mana
from engine.games.mage_knight.map.board import initial_positions
from engine.games.mage_knight.map.explore import place
from engine.games.mage_knight.scenarios import variants
from engine.games.mage_knight.scenarios.book import ScenarioError, has_rule, scenarios
from engine.games.mage_knight.scenarios.book import chosen as scenario_of
from engine.games.mage_knight.turn.flow import begin_round
from engine.mechanics import zones

SCENARIOS = tuple(scenarios())
FR = "first_reconnaissance"
FR_COUNTRYSIDE = {1: 8, 2: 8, 3: 9, 4: 11}  # MK:18:Scen:FirstRecon (solo: as for 2)
FR_ROUNDS = {1: 4, 2: 3, 3: 3, 4: 3}
WOUND_SUPPLY = 60  # stand-in: the box's wound count is not in the text; 60 never runs out here
# tiles a scenario must use (the scenario pages name them by their sites, MK:20-22:Scen:*)
REQUIRED_SITES = {
    "mines_liberation": ("mine",),
    "dungeon_lords": ("dungeon", "tomb"),
    "druid_nights": ("magical_glade",),
    "conquer_keeps_towers": ("keep", "mage_tower"),
}


def heroes(ctx, table) -> list[str]:
    """MK:3:Setup:1: each seat's hero, by option (comma-separated, seat order) or at random; none
    yet with the Hero Auction (auction.py)."""
    ids = [h.id for h in content().heroes.heroes]
    text = table.options["heroes"]
    if variants.on(table, "hero_auction"):
        return [""] * table.players
    if text == "random":
        return ctx.pick("heroes", ids, table.players, rule="MK:3:Setup:1")
    chosen = [x.strip() for x in text.split(",")] if isinstance(text, str) else []
    if len(chosen) != table.players or len(set(chosen)) != len(chosen) or set(chosen) - set(ids):
        raise BadInput(
            "MK:3:Setup:1",
            f"heroes={text!r} must name {table.players} different heroes "
            f"of {', '.join(ids)} in seat order, or be 'random'",
        )
    return chosen


def scenario_setup(table):
    """The scenario's values for this player count, or a clear error naming the rule."""
    s = scenario_of(table.options)
    try:
        return s, s.setup(table.players)
    except ScenarioError as exc:
        raise BadInput(s.rule, str(exc).rsplit(" (", 1)[0]) from None


def setup(ctx, table) -> bool:
    """The set-up events; True when the Hero Auction is to be held before the first round."""
    s, su = scenario_setup(table)
    variants.chosen(table)  # unknown or clashing variants are refused before anything happens
    if s.id == FR and table.options.get("teams"):
        raise BadInput("MK:15:Team", f"{s.name} has no teams")
    if variants.on(table, "hero_auction") and table.options["heroes"] != "random":
        raise BadInput("MK:16:Var:Auction", "the Hero Auction deals the heroes: leave heroes=random")
    if s.id != FR:
        return setup_scenario(ctx, table, s, su)
    c = content()
    n = table.players
    chosen = heroes(ctx, table)
    ctx.emit(
        "mk.setup",
        {"scenario": FR, "shape": table.options["shape"], "rounds": FR_ROUNDS[n], "heroes": chosen},
        rule="MK:18:Scen:FirstRecon",
    )
    supplies(ctx, c, variants.removed_spells(table))
    # units (MK:3:Setup:9-10): First Reconnaissance deals regular units only, and redeals until
    # one of them can be recruited in a village (MK:18:Scen:FirstRecon)
    regular, elite = decks.unit_decks(c)
    zones.create(ctx, state.REGULAR_UNITS, _number(regular), rule="MK:3:Setup:9", vis="hidden")
    zones.create(ctx, state.ELITE_UNITS, _number(elite), rule="MK:3:Setup:9", vis="hidden")
    ctx.shuffle(state.ELITE_UNITS, rule="MK:3:Setup:9")
    zones.create(ctx, state.UNIT_OFFER, [], rule="MK:3:Setup:10")
    for _ in range(50):
        ctx.shuffle(state.REGULAR_UNITS, rule="MK:3:Setup:9")
        dealt = zones.move_top(ctx, state.REGULAR_UNITS, state.UNIT_OFFER, n + 2, rule="MK:3:Setup:10")
        if any("village" in c.units[zones.card_name(u)].recruit_sites for u in dealt):
            break
        zones.move(
            ctx, state.UNIT_OFFER, state.REGULAR_UNITS, dealt, rule="MK:18:Scen:FirstRecon", to="bottom"
        )
    # the Source (MK:3:Setup:12)
    ctx.emit(
        "mk.source",
        {"faces": variants.source_faces(ctx, table, mana.roll_source(ctx, mana.source_size(n)))},
        rule="MK:3:Setup:12",
    )
    # map tiles (MK:3:Setup:14): countryside in number order, the core tiles drawn at random and
    # shuffled underneath (reading of the digest, see catalog)
    country = _tiles(c, "countryside", ("base",))
    stack = country[: FR_COUNTRYSIDE[n]]
    cores = ctx.pick("core_city", _tiles(c, "core_city", ("base",)), 1, rule="MK:3:Setup:14") + ctx.pick(
        "core_plain", _tiles(c, "core_plain", ("base",)), 2, rule="MK:3:Setup:14"
    )
    zones.create(
        ctx,
        state.TILES_ASIDE,
        [
            x
            for x in _tiles(c, "countryside") + _tiles(c, "core_city") + _tiles(c, "core_plain")
            if x not in stack and x not in cores
        ],
        rule="MK:3:Setup:14",
        vis="hidden",
    )
    zones.create(ctx, state.TILES, stack + cores, rule="MK:3:Setup:14", vis="hidden")
    zones.create(ctx, state.MAP, [], rule="MK:3:Setup:15")
    # the start tile (side A) and the two tiles revealed beside it (MK:3:Setup:15)
    place(ctx, table, "start_A", (0, 0), seat=None, from_stack=False)

    for centre in initial_positions(table.game.board):
        place(ctx, table, table.zone(state.TILES)[0], centre, seat=None)
    variants.start(ctx, table)
    return heroes_ready(ctx, table, chosen, su)


def heroes_ready(ctx, table, chosen: list[str], su) -> bool:
    """Each hero's deck and skills and the dummy; with the Hero Auction they wait for it."""
    if variants.on(table, "hero_auction"):
        from engine.games.mage_knight.scenarios.hero_auction import start

        start(ctx, table)
        return True
    hero_areas(ctx, chosen, variants.removed_skills(table))
    if su.dummy:
        dummy_setup(ctx, table, chosen)
    if variants.on(table, "draft"):  # the Draft comes before round 1 (draft.py)
        from engine.games.mage_knight.scenarios.draft import start

        start(ctx, table)
        return True
    return False


def after_heroes(ctx, table) -> None:
    """The auction gave every player a hero: their decks, the dummy, then round 1."""

    chosen = [p.hero for p in table.game.players]
    hero_areas(ctx, chosen, variants.removed_skills(table))
    if scenario_setup(table)[1].dummy:
        dummy_setup(ctx, table, chosen)
    if variants.on(table, "draft"):
        from engine.games.mage_knight.scenarios.draft import start

        start(ctx, table)
        return
    begin_round(ctx, table, 1)


def supplies(ctx, c, removed=()) -> None:
    """Enemy piles, ruins tokens, artifact, wound, spell and advanced action decks and offers,
    the skill offer (MK:3:Setup:3-8)."""
    # enemy and ruins stacks, each with its discard pile (MK:3:Setup:3)
    for pile in ENEMY_PILES:
        ids = _listed(c, ("enemies", pile), lambda pile=pile: _number(decks.enemy_stack(c, pile)))
        zones.create(ctx, state.enemy_pile(pile), ids, rule="MK:3:Setup:3", vis="hidden")
        ctx.shuffle(state.enemy_pile(pile), rule="MK:3:Setup:3")
        zones.create(ctx, state.enemy_discard(pile), [], rule="MK:3:Setup:3")
    zones.create(ctx, state.RUINS, sorted(c.ruins), rule="MK:3:Setup:3", vis="hidden")
    ctx.shuffle(state.RUINS, rule="MK:3:Setup:3")
    zones.create(ctx, state.RUINS_DISCARD, [], rule="MK:3:Setup:3")
    # artifacts, wounds, spells, advanced actions, skills offer (MK:3:Setup:4-8)
    zones.create(
        ctx,
        state.ARTIFACT_DECK,
        _listed(c, ("artifacts",), lambda: _number(decks.deed_deck(c, "artifact"))),
        rule="MK:3:Setup:4",
        vis="hidden",
    )
    ctx.shuffle(state.ARTIFACT_DECK, rule="MK:3:Setup:4")
    zones.create(ctx, state.WOUNDS, zones.instances("wound", WOUND_SUPPLY), rule="MK:3:Setup:5")
    for deck, offer, kind, rule in (
        (state.SPELL_DECK, state.SPELL_OFFER, "spell", "MK:3:Setup:6"),
        (state.AA_DECK, state.AA_OFFER, "advanced_action", "MK:3:Setup:7"),
    ):
        zones.create(
            ctx,
            deck,
            _listed(
                c,
                ("deeds", kind, tuple(removed)),
                lambda kind=kind: _number([x for x in decks.deed_deck(c, kind) if x not in removed]),
            ),
            rule=rule,
            vis="hidden",
        )
        ctx.shuffle(deck, rule=rule)
        zones.create(ctx, offer, [], rule=rule)
        zones.move_top(ctx, deck, offer, 3, rule=rule)
    zones.create(ctx, state.SKILL_OFFER, [], rule="MK:3:Setup:8")
    zones.create(ctx, state.OUT, [], rule="MK:4:Deed:3c")


def hero_areas(ctx, chosen: list[str], removed: tuple[str, ...] = ()) -> None:
    """Each player's deed deck shuffled with 5 drawn, skill tokens shuffled (MK:3:Setup:17),
    without the `removed` (interactive) skills."""
    c = content()
    # each player (MK:3:Setup:17): deed deck shuffled, 5 drawn; skill tokens shuffled
    for seat, hero in enumerate(chosen):
        cards = [f"{cid}#s{seat}n{i}" for i, cid in enumerate(decks.starting_deck(c, hero))]
        zones.create(ctx, state.deck(seat), cards, owner=seat, rule="MK:3:Setup:17", vis="hidden")
        ctx.shuffle(state.deck(seat), rule="MK:3:Setup:17")
        for z, vis in (
            (state.hand(seat), "owner"),
            (state.discard(seat), "public"),
            (state.play_area(seat), "public"),
            (state.units_zone(seat), "public"),
            (state.skills_shown(seat), "public"),
        ):
            zones.create(ctx, z, [], owner=seat, rule="MK:3:Setup:17", vis=vis)
        skills = sorted(s.id for s in c.skills.values() if s.hero == hero and s.id not in removed)
        zones.create(ctx, state.skill_stack(seat), skills, owner=seat, rule="MK:3:Setup:17", vis="hidden")
        ctx.shuffle(state.skill_stack(seat), rule="MK:3:Setup:17")
        zones.move_top(ctx, state.deck(seat), state.hand(seat), 5, rule="MK:3:Setup:17")


_LISTS: dict[tuple, tuple] = {}  # key -> (content, its list): see _listed


def _listed(c, key: tuple, build) -> list[str]:
    """`build()`, a list read from the content alone (a pile in its fixed order, numbered), made
    once per content and key: every game's set-up asks for the same ones. A fresh copy each time."""
    got = _LISTS.get(key)
    if got is None or got[0] is not c:
        got = _LISTS[key] = (c, tuple(build()))
    return list(got[1])


def _tiles(c, kind: str, sets: tuple[str, ...] = decks.ALL_SETS) -> list[str]:
    return _listed(c, ("tiles", kind, sets), lambda: decks.tiles(c, kind, sets))


def _number(ids: list[str]) -> list[str]:
    """Unique card ids for copies: name#1, name#2, ... per name."""
    seen: dict[str, int] = {}
    out = []
    for x in ids:
        seen[x] = seen.get(x, 0) + 1
        out.append(f"{x}#{seen[x]}")
    return out


def teams(ctx, table, s) -> list[list[int]]:
    """Two teams of two in the 4-player games of scenarios that have them (MK:15:Team): agreed
    ('0+2,1+3') or drawn ('random'); a scenario that requires them draws them when none is
    given (reading)."""
    text = (table.options.get("teams") or "").strip()
    if s.teams == "one_team" or (not text and not (s.teams == "required_4" and table.players == 4)):
        if text:
            raise BadInput("MK:15:Team", f"{s.name} has no teams")
        return []
    if s.teams not in ("optional_4", "required_4") or table.players != 4:
        raise BadInput(
            "MK:15:Team",
            f"teams are for the 4-player game of a team scenario, not {s.name} with {table.players} players",
        )
    if not text or text == "random":
        first = ctx.pick("teams", [1, 2, 3], 1, rule="MK:15:Team")[0]
        return [[0, first], sorted(x for x in (1, 2, 3) if x != first)]
    try:
        sides = [sorted(int(x) for x in part.split("+")) for part in text.split(",")]
    except ValueError:
        sides = []
    if (
        len(sides) != 2
        or sorted(x for side in sides for x in side) != [0, 1, 2, 3]
        or any(len(x) != 2 for x in sides)
    ):
        raise BadInput("MK:15:Team", f"teams={text!r} must split seats 0-3 into two pairs, like '0+2,1+3'")
    return sorted(sides)


def chosen_seen(seat: int) -> str:
    return f"chosen_seen:{seat}"  # the seat's team's Chosen One


def chosen_ones(ctx, table, sides, rule: str) -> None:
    """Each team's Chosen One, drawn face down from its two shields (MK:22:Scen:OnlyOneReturns):
    hidden from the other team and spectators but known to the team itself, so each of its
    seats gets its own copy of the shield (a zone only that seat sees); the drawn shield stays
    in the hidden `chosen:N`, which decides the game."""
    for i, side in enumerate(sides):
        zones.create(ctx, state.chosen_one(i), [f"seat{x}" for x in side], rule=rule, vis="hidden")
        ctx.shuffle(state.chosen_one(i), rule=rule)
        for x in side:
            zones.create(
                ctx, chosen_seen(x), [table.zone(state.chosen_one(i))[0]], rule=rule, owner=x, vis="owner"
            )


def _elite(c, rule: str) -> list[str]:
    elite = decks.unit_decks(c, ("base",))[1]
    if rule == "second_half":  # level IV units leave the elite deck (MK:22)
        elite = [u for u in elite if c.units[u].level < 4]
    return elite


def setup_scenario(ctx, table, s, su) -> bool:
    """Any scenario but First Reconnaissance, per its data (MK:18-22:Scen:*)."""
    c = content()
    chosen = heroes(ctx, table)
    data = {
        "scenario": s.id,
        "shape": su.shape,
        "rounds": su.rounds,
        "heroes": chosen,
        "city_levels": su.city_levels,
    }
    sides = teams(ctx, table, s)
    if sides:
        data["teams"] = sides
    ctx.emit("mk.setup", data, rule=s.rule)
    if sides and s.id == "only_one_returns":
        chosen_ones(ctx, table, sides, s.rule)
    supplies(ctx, c, variants.removed_spells(table))
    # units (MK:3:Setup:9-10): both decks shuffled, real players + 2 regular units dealt
    regular = _listed(c, ("units", "regular"), lambda: _number(decks.unit_decks(c, ("base",))[0]))
    elite = _listed(c, ("units", "elite", s.elite_units), lambda: _number(_elite(c, s.elite_units)))
    for z, cards in ((state.REGULAR_UNITS, regular), (state.ELITE_UNITS, elite)):
        zones.create(ctx, z, cards, rule="MK:3:Setup:9", vis="hidden")
        ctx.shuffle(z, rule="MK:3:Setup:9")
    zones.create(ctx, state.UNIT_OFFER, [], rule="MK:3:Setup:10")
    zones.move_top(ctx, state.REGULAR_UNITS, state.UNIT_OFFER, su.unit_offer, rule="MK:3:Setup:10")
    ctx.emit(
        "mk.source",
        {"faces": variants.source_faces(ctx, table, mana.roll_source(ctx, su.source_dice))},
        rule="MK:3:Setup:12",
    )
    tile_stack(ctx, table, s, su)
    zones.create(ctx, state.MAP, [], rule="MK:3:Setup:15")
    place(ctx, table, f"start_{su.start_tile}", (0, 0), seat=None, from_stack=False)

    for centre in initial_positions(table.game.board):
        place(ctx, table, table.zone(state.TILES)[0], centre, seat=None)
    for seat in range(table.players):
        if s.start_fame:
            ctx.emit("mk.fame", {"seat": seat, "delta": s.start_fame, "total": s.start_fame}, rule=s.rule)
        if s.start_reputation:
            ctx.emit(
                "mk.reputation",
                {"seat": seat, "delta": s.start_reputation, "total": s.start_reputation},
                rule=s.rule,
            )
    variants.start(ctx, table)
    return heroes_ready(ctx, table, chosen, su)


def tile_stack(ctx, table, s, su) -> None:
    """Countryside tiles drawn at random (the scenario's required tiles first), shuffled; the city
    and non-city core tiles shuffled and put underneath (MK:3:Setup:14, MK:14:Shape)."""
    c = content()
    need = REQUIRED_SITES.get(s.id, ())

    def has(tile: str) -> bool:
        return any(h.site in need for h in c.tiles[tile].hexes)

    def choose(stream: str, pool: list[str], k: int) -> list[str]:
        must = [x for x in pool if has(x)][:k]
        rest = [x for x in pool if x not in must]
        return must + (ctx.pick(stream, rest, k - len(must), rule="MK:3:Setup:14") if k > len(must) else [])

    country = choose("countryside", _tiles(c, "countryside", ("base",)), su.countryside)
    cities = _tiles(c, "core_city", ("base",))
    if s.city_colours:
        city = [x for x in cities if c.tiles[x].city_color in s.city_colours]
    else:
        city = ctx.pick("core_city", cities, su.city_core, rule="MK:3:Setup:14")
    plain = choose("core_plain", _tiles(c, "core_plain", ("base",)), su.noncity_core)
    used = set(country) | set(city) | set(plain)
    zones.create(
        ctx,
        state.TILES_ASIDE,
        [
            x
            for x in _tiles(c, "countryside") + _tiles(c, "core_city") + _tiles(c, "core_plain")
            if x not in used
        ],
        rule="MK:3:Setup:14",
        vis="hidden",
    )
    zones.create(ctx, state.TILES, sorted(country), rule="MK:3:Setup:14", vis="hidden")
    ctx.shuffle(state.TILES, rule="MK:3:Setup:14")
    zones.create(ctx, state.TILES_CORE, sorted(city + plain), rule="MK:3:Setup:14", vis="hidden")
    ctx.shuffle(state.TILES_CORE, rule="MK:3:Setup:14")
    zones.move(
        ctx,
        state.TILES_CORE,
        state.TILES,
        list(table.zone(state.TILES_CORE)),
        rule="MK:3:Setup:14",
        to="bottom",
    )


def dummy_setup(ctx, table, chosen: list[str]) -> None:
    """The dummy player (MK:15:Dummy): a hero nobody plays, its 16 starting cards shuffled face
    down, one crystal per coloured dot of its hero card, a place in the turn order."""
    c = content()
    free = [h.id for h in c.heroes.heroes if h.id not in chosen]
    hero = ctx.pick("dummy_hero", free, 1, rule="MK:15:Dummy")[0]
    cards = [f"{cid}#dn{i}" for i, cid in enumerate(decks.starting_deck(c, hero))]
    zones.create(ctx, state.DUMMY_DECK, cards, rule="MK:15:Dummy", vis="hidden")
    ctx.shuffle(state.DUMMY_DECK, rule="MK:15:Dummy")
    zones.create(ctx, state.DUMMY_DISCARD, [], rule="MK:15:Dummy")
    dots = next(h for h in c.heroes.heroes if h.id == hero).starting_crystals
    crystals: dict[str, int] = {}
    for d in dots:
        crystals[d] = crystals.get(d, 0) + 1
    ctx.emit(
        "mk.dummy_setup",
        {"hero": hero, "seat": table.players, "crystals": dict(sorted(crystals.items()))},
        rule="MK:15:Dummy",
    )

    if has_rule(scenario_of(table.options), "solo_skills"):
        # the dummy hero's skills are a second pool (MK:19:Scen:SoloConquest)
        skills = sorted(
            s.id for s in c.skills.values() if s.hero == hero and s.id not in variants.removed_skills(table)
        )
        zones.create(ctx, state.DUMMY_SKILLS, skills, rule="MK:19:Scen:SoloConquest", vis="hidden")
        ctx.shuffle(state.DUMMY_SKILLS, rule="MK:19:Scen:SoloConquest")
