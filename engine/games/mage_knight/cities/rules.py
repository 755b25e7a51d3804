"""Cities of Mage Knight (MK:10:City, MK:8:Interact:4e, MK:18:Scen:CityLevels): a pure module.

The ruleset keeps one `City` per city on the map and folds the events these functions return
(`Event(type, data, rule)`, emitted as `ctx.emit(e.type, e.data, rule=e.rule)`). Nothing here
touches a table; chance comes only through a `ctx` with `ctx.pick(stream, population, k, rule=)`.

API
- `defender_piles(colour, level) -> list[str]`: enemy piles a city's garrison is drawn from
  (content/city_garrisons.json), one token per entry, in table order.
- `megalopolis_levels(level) -> (left, right)` and `megalopolis_piles(left, right, level)`:
  the Megalopolis split and its pooled garrison (MK:18:Scen:CityLevels).
- `reveal_city(ctx, space, colours, level, draw)`: the `CityRevealed` event; `draw(pile)`
  returns the next token id of that pile (the ruleset moves it into the garrison zone).
- `defender_bonus(colours, enemy) -> DefenderBonus`: what every city defender gains
  (fortified plus the colour bonus, MK:10:City:1); a Megalopolis has both colours' bonuses.
- `assault_fault(city, seat, scenario_city_rule) -> str | None`: why a city may not be
  assaulted (None when it may); `ASSAULT_REPUTATION` = -1 (MK:8:Combat:1a).
- `defeat_defenders(city, seat, tokens) -> list[Event]`: shields for the defenders a seat
  defeated; conquest and the leader when the last falls (MK:10:City:2).
- `fold(city, event) -> City`: applies one of those events.
- `leader(shields)`: most shields, ties to the earliest shield (MK:10:City:2).
- `influence_bonus`, `hand_limit_bonus`: the conquered-city bonuses (MK:8:Interact:3a,
  MK:11:EoT:7b).
- `SHOPS[colour]`: what a conquered city sells, as data (MK:8:Interact:4e).
- `joint_assault_fault(city, initiator, ...)` and `deal_defenders(ctx, city, shares)`: the
  cooperative city assault's preconditions and the shuffled deal (MK:13:Coop:2-5).
- `site_hand_limit_bonus(city_bonus, own_keeps, next_to_own_keep)`: the higher of the city and
  keep bonuses (MK:11:EoT:7b; own keeps only in team games, MK:15:Team).
- `city_fame(cities, seats)`: the back of the scoring card (+7 leader, +4 shield, Greatest City
  Conqueror +5 / +2 tied, MK:19:Scen:BlitzConquest).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from engine.games.mage_knight.content.load import content

CITY_COLOURS = ("blue", "green", "red", "white")
LEVELS = range(1, 12)  # the city dial as the garrison table gives it
MEGALOPOLIS_LEVELS = range(2, 25)  # MK:18:Scen:CityLevels
ASSAULT_REPUTATION = -1  # MK:8:Combat:1a: whatever the outcome
LEADER_FAME, SHIELD_FAME = 7, 4  # MK:15:Score (back of the scoring card)
CONQUEROR_TITLE, CONQUEROR_TIE = 5, 2  # MK:19:Scen:BlitzConquest


class CityError(ValueError):
    """An illegal city operation; the message names the fault and the rule."""


class Event(msgspec.Struct, frozen=True):
    type: str
    data: dict
    rule: str


class City(msgspec.Struct, kw_only=True):
    """One city (or a Megalopolis: two colours, two spaces, one garrison)."""

    colours: list[str]  # [colour] or [left, right] for a Megalopolis
    level: int
    spaces: list[str]  # "q,r" of each part
    garrison: list[str] = []  # defender token ids not yet defeated
    defeated: list[str] = []  # defender token ids defeated (stay so, reading A22)
    shields: list[int] = []  # seat of each shield, in the order placed
    status: str = "hostile"  # hostile | conquered | friendly | closed | sealed
    leader: int = -1  # -1: none (hostile, friendly, closed)


class DefenderBonus(msgspec.Struct, frozen=True):
    fortified: bool = True
    armour: int = 0
    attack: tuple[int, ...] = ()  # added to each of the enemy's attacks, in order
    abilities: tuple[str, ...] = ()  # gained abilities


class Purchase(msgspec.Struct, frozen=True):
    what: str
    influence: int | None  # None: the rulebook's price did not survive (stand-in below)
    mana: str = ""  # "spell colour" for spells
    rule: str = "MK:8:Interact:4e"
    note: str = ""


# MK:8:Interact:4e (and 4a, 4d): the shop of each conquered city, beyond recruiting.
SHOPS: dict[str, tuple[Purchase, ...]] = {
    "blue": (
        Purchase(
            "spell",
            7,
            mana="spell colour",
            rule="MK:8:Interact:4d",
            note="from the spell offer, onto the deed deck; the offer is refilled",
        ),
    ),
    "red": (Purchase("artifact", 12, note="drawn at end of turn like a combat reward"),),
    "white": (
        Purchase("elite_to_offer", 2, note="the top elite card joins the unit offer (reading A35)"),
        Purchase(
            "recruit_any_type", 0, rule="MK:8:Interact:4a", note="the White City recruits units of every type"
        ),
    ),
    "green": (
        Purchase(
            "advanced_action",
            6,
            note="stand-in price (the book's icon is lost, digest A6): as a monastery AA; "
            "from the AA offer (then refilled) or the top of the AA deck",
        ),
    ),
}
# Sites each city lets a player recruit from: reading — any unit a city symbol allows; the
# unit cards' symbols decide (content/units.json recruit_sites names "city" where printed).
RECRUIT_SITE = "city"


def _check_colour(colour: str) -> None:
    if colour not in CITY_COLOURS:
        raise CityError(f"no {colour!r} city; cities are {', '.join(CITY_COLOURS)} (MK:10:City:1)")


def defender_piles(colour: str, level: int) -> list[str]:
    """The enemy piles a city of this colour and level draws its garrison from."""
    _check_colour(colour)
    for g in content().garrisons:
        if g.city == colour and g.level == level:
            return list(g.piles)
    raise CityError(
        f"a city level must be {LEVELS.start}..{LEVELS.stop - 1}, not {level} (MK:18:Scen:CityLevels)"
    )


def megalopolis_levels(level: int) -> tuple[int, int]:
    """Each half gets half the level; left rounds up, right down (MK:18:Scen:CityLevels)."""
    if level not in MEGALOPOLIS_LEVELS:
        raise CityError(f"a Megalopolis level must be 2..24, not {level} (MK:18:Scen:CityLevels)")
    return (level + 1) // 2, level // 2


def megalopolis_piles(left: str, right: str, level: int) -> list[str]:
    """Both halves' garrisons pooled into one (MK:18:Scen:CityLevels)."""
    if left == right:
        raise CityError(
            f"the two halves of a Megalopolis are two different cities, not {left} "
            "twice (MK:18:Scen:CityLevels)"
        )
    lo, hi = megalopolis_levels(level)
    return defender_piles(left, lo) + defender_piles(right, hi)


def megalopolis_allowed(city_count: int) -> bool:
    """Only scenarios with at most 3 cities may use a Megalopolis (MK:18:Scen:CityLevels)."""
    return city_count <= 3


def reveal_city(
    ctx,
    space: str,
    colour: str,
    level: int,
    draw: Callable[[str], str],
    status: str = "hostile",
    megalopolis: int = 0,
    right_space: str = "",
    remaining: Sequence[str] = (),
) -> list[Event]:
    """The city's figure and card come out, its level is set and its defenders drawn face down
    (MK:7:Move:5; MK:18:Scen:CityLevels for a Megalopolis, whose second card is drawn at random
    from `remaining` colours through `ctx.pick`)."""
    if megalopolis:
        choices = sorted(c for c in remaining if c != colour)
        if not choices:
            raise CityError("no city card is left for the Megalopolis's second half (MK:18:Scen:CityLevels)")
        other = ctx.pick("megalopolis", choices, 1, rule="MK:18:Scen:CityLevels")[0]
        colours, spaces = [colour, other], [space, right_space]
        piles = megalopolis_piles(colour, other, megalopolis)
        level, rule = megalopolis, "MK:18:Scen:CityLevels"
    else:
        _check_colour(colour)
        colours, spaces, piles, rule = [colour], [space], defender_piles(colour, level), "MK:10:City:1"
    tokens = [draw(p) for p in piles]
    return [
        Event(
            "mk.city_revealed",
            {"colours": colours, "spaces": spaces, "level": level, "garrison": tokens, "status": status},
            rule,
        )
    ]


def defender_bonus(colours: Sequence[str], enemy) -> DefenderBonus:
    """Fortified plus every colour's bonus (MK:10:City:1): white armour +1; blue +2 to ice and
    fire attacks, +1 to cold fire; red gives physical attackers Brutal, green Poison."""
    armour, abilities = 0, []
    attack = [0] * len(enemy.attacks)
    for colour in colours:
        _check_colour(colour)
        for i, a in enumerate(enemy.attacks):
            if a.summon:
                continue
            if colour == "blue" and a.element in ("ice", "fire"):
                attack[i] += 2
            elif colour == "blue" and a.element == "coldfire":
                attack[i] += 1
            elif colour in ("red", "green") and a.element == "physical":
                ab = "brutal" if colour == "red" else "poison"
                if ab not in abilities and ab not in enemy.abilities:
                    abilities.append(ab)
        if colour == "white":
            armour += 1
    return DefenderBonus(armour=armour, attack=tuple(attack), abilities=tuple(abilities))


def assault_fault(city: City, seat: int, round_end_announced: bool = False) -> str | None:
    """None if `seat` may assault the city now, else why not."""
    if city.status == "sealed":
        return "cities can be neither entered nor conquered in this scenario (MK:18:Scen:FirstRecon)"
    if city.status == "closed":
        return "the city's gates are closed: it may not be entered (MK:22:Scen:ConquerKeepsTowers)"
    if city.status in ("conquered", "friendly"):
        return "the city is not hostile: entering it is a move, not an assault (MK:10:City:2)"
    if not city.garrison:
        return "the city has no defenders left (MK:10:City:2)"
    return None


def leader(shields: Sequence[int]) -> int:
    """Most shields leads; a tie goes to whoever placed a shield earliest (MK:10:City:2)."""
    if not shields:
        return -1
    counts: dict[int, int] = {}
    for s in shields:
        counts[s] = counts.get(s, 0) + 1
    best = max(counts.values())
    return next(s for s in shields if counts[s] == best)


def defeat_defenders(city: City, seat: int, tokens: Sequence[str]) -> list[Event]:
    """A shield per defender `seat` defeated; the last one conquers the city (MK:10:City:2).
    Defenders defeated in an earlier failed assault stay defeated (reading A22)."""
    unknown = [t for t in tokens if t not in city.garrison]
    if unknown:
        raise CityError(f"{', '.join(unknown)} do not defend this city (MK:10:City:2)")
    if len(set(tokens)) != len(tokens):
        raise CityError("a defender is named twice (MK:10:City:2)")
    if not tokens:
        return []
    events = [Event("mk.city_shields", {"seat": seat, "tokens": list(tokens)}, "MK:10:City:2")]
    if len(tokens) == len(city.garrison):
        shields = list(city.shields) + [seat] * len(tokens)
        events.append(
            Event(
                "mk.city_conquered", {"spaces": list(city.spaces), "leader": leader(shields)}, "MK:10:City:2"
            )
        )
    return events


def fold(city: City, ev: Event) -> City:
    """The city after one of this module's events."""
    if ev.type == "mk.city_revealed":
        return City(
            colours=list(ev.data["colours"]),
            level=ev.data["level"],
            spaces=list(ev.data["spaces"]),
            garrison=list(ev.data["garrison"]),
            status=ev.data["status"],
        )
    if ev.type == "mk.city_shields":
        toks = ev.data["tokens"]
        return msgspec.structs.replace(
            city,
            garrison=[t for t in city.garrison if t not in toks],
            defeated=city.defeated + list(toks),
            shields=city.shields + [ev.data["seat"]] * len(toks),
        )
    if ev.type == "mk.city_conquered":
        return msgspec.structs.replace(city, status="conquered", leader=ev.data["leader"])
    raise CityError(f"not a city event: {ev.type}")


def friendly_city(colour: str, level: int, space: str, seats: Sequence[int]) -> City:
    """A friendly city (Mines Liberation, Dungeon Lords, Druid Nights): every player puts a
    shield on it and nobody leads (reading A21: it counts as conquered for entry, interaction
    and the +1 hand limit)."""
    _check_colour(colour)
    return City(colours=[colour], level=level, spaces=[space], shields=list(seats), status="friendly")


def influence_bonus(city: City, seat: int) -> int:
    """+1 influence per own shield, once per turn, when interacting there (MK:8:Interact:3a)."""
    if city.status not in ("conquered", "friendly"):
        return 0
    return city.shields.count(seat)


def hand_limit_bonus(city: City, seat: int) -> int:
    """On or next to a conquered city with a shield: +1, +2 for its leader (MK:11:EoT:7b)."""
    if city.status not in ("conquered", "friendly") or seat not in city.shields:
        return 0
    return 2 if city.leader == seat else 1


def site_hand_limit_bonus(city_bonus: int, own_keeps: int, next_to_own_keep: bool) -> int:
    """Only the higher of the city bonus and the keep bonus (+1 per keep owned, when on or next
    to one of one's *own* keeps) counts (MK:11:EoT:7b); an ally's keep gives nothing (MK:15:Team)."""
    return max(city_bonus, own_keeps if next_to_own_keep else 0)


def city_fame(cities: Sequence[City], seats: Sequence[int]) -> dict[int, int]:
    """The back of the scoring card: +7 per city led, +4 per city with a shield but not led,
    Greatest City Conqueror +5 (tied: +2 each) for the most fame from this (MK:15:Score,
    MK:19:Scen:BlitzConquest). A Megalopolis is one city; level never counts."""
    fame = {s: 0 for s in seats}
    for c in cities:
        if c.status != "conquered":
            continue
        for s in sorted(set(c.shields)):
            if s in fame:
                fame[s] += LEADER_FAME if c.leader == s else SHIELD_FAME
    best = max(fame.values(), default=0)
    top = [s for s in seats if fame[s] == best]
    if best > 0 and len(seats) > 1:
        for s in top:
            fame[s] += CONQUEROR_TITLE if len(top) == 1 else CONQUEROR_TIE
    return fame


# -- cooperative city assault (MK:13:Coop, digest §8.6) -------------------------------------
class Invitee(msgspec.Struct, frozen=True):
    seat: int
    adjacent: bool  # on a space adjacent to the city (either half of a Megalopolis)
    token_face_up: bool
    non_wound_cards: int


def joint_assault_fault(
    city: City,
    initiator: int,
    acted: bool,
    alone_on_space: bool,
    adjacent: bool,
    blocked: bool,
    shares: Sequence[tuple[int, int]],
    invitees: Sequence[Invitee],
) -> str | None:
    """None if the joint assault may start (MK:13:Coop:2-3), else why not. `blocked`: the round
    end was announced or the scenario end triggered. `shares` lists (seat, defenders) in turn
    order starting with the initiator."""
    if blocked:
        return (
            "no joint assault after the round end is announced or the scenario end triggered (MK:13:Coop:2)"
        )
    if acted:
        return "the joint assault is the initiator's action, already taken this turn (MK:13:Coop:2)"
    if not adjacent or not alone_on_space:
        return "the initiator must stand next to the city, with no other hero on the space (MK:13:Coop:2)"
    fault = assault_fault(city, initiator)
    if fault:
        return fault
    eligible = {i.seat for i in invitees if i.adjacent and i.token_face_up and i.non_wound_cards > 0}
    seats = [s for s, _ in shares]
    if not seats or seats[0] != initiator or len(set(seats)) != len(seats) or len(seats) < 2:
        return "the proposal names the initiator first and at least one other hero, once each (MK:13:Coop:3)"
    wrong = [s for s in seats[1:] if s not in eligible]
    if wrong:
        return (
            f"seat(s) {wrong} may not be invited: adjacent, turn token face up and a non-wound "
            "card in hand are needed (MK:13:Coop:2)"
        )
    if any(n < 1 for _, n in shares) or sum(n for _, n in shares) != len(city.garrison):
        return (
            f"the shares must give each participant at least 1 defender and all "
            f"{len(city.garrison)} in total (MK:13:Coop:3)"
        )
    return None


def deal_defenders(ctx, city: City, shares: Sequence[tuple[int, int]]) -> Event:
    """Shuffle the defenders and deal them face down in the agreed numbers (MK:13:Coop:5)."""
    order = ctx.pick("joint_assault", sorted(city.garrison), len(city.garrison), rule="MK:13:Coop:5")
    dealt, i = {}, 0
    for seat, n in shares:
        dealt[str(seat)] = list(order[i : i + n])
        i += n
    return Event(
        "mk.joint_assault_dealt",
        {"spaces": list(city.spaces), "dealt": dealt, "order": [s for s, _ in shares]},
        "MK:13:Coop:5",
    )
