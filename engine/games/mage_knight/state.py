"""The game's own state (Table.game), changed only by folding mk.* events (apply.py).

Cards, tiles, tokens and skill stacks live in the core's zones (names below), so what a seat
may see of them follows the zones' visibility; this state holds the public rest: the map,
the Source, each hero's track values, inventory, units and the bookkeeping of the turn.
"""

from __future__ import annotations

import msgspec

from engine.games.mage_knight.cities.rules import City
from engine.games.mage_knight.combat.machine import Combat
from engine.games.mage_knight.map.board import Board
from engine.games.mage_knight.players.dummy import Dummy


# -- zone names (index 0 is the top) --------------------------------------------------------
def deck(seat: int) -> str:
    return f"deck:{seat}"  # hidden deed deck


def hand(seat: int) -> str:
    return f"hand:{seat}"  # owner only


def discard(seat: int) -> str:
    return f"discard:{seat}"  # public


def play_area(seat: int) -> str:
    return f"play:{seat}"  # public, cleaned up at end of turn


def skill_stack(seat: int) -> str:
    return f"skills:{seat}"  # hidden, shuffled face down


def skills_shown(seat: int) -> str:
    return f"skills_shown:{seat}"  # the two revealed at a level-up


def garrison(space: str) -> str:
    return f"garrison:{space}"  # face-down tokens on a site


def at(space: str) -> str:
    return f"at:{space}"  # face-up tokens on a space


def enemy_pile(colour: str) -> str:
    return f"enemies:{colour}"


def enemy_discard(colour: str) -> str:
    return f"enemies:{colour}:discard"


def chosen_one(team: int) -> str:
    return f"chosen:{team}"  # Only One Returns' team game: face down


SPELL_DECK, SPELL_OFFER = "deck:spells", "offer:spells"
AA_DECK, AA_OFFER = "deck:aa", "offer:aa"
ARTIFACT_DECK = "deck:artifacts"
REGULAR_UNITS, ELITE_UNITS, UNIT_OFFER = "units:regular", "units:elite", "offer:units"
RUINS, RUINS_DISCARD = "ruins", "ruins:discard"
TILES, TILES_ASIDE, MAP = "tiles", "tiles:aside", "map"
TILES_CORE = "tiles:core"
WOUNDS, SKILL_OFFER, OUT = "wounds", "skill_offer", "out"
DUMMY_DECK, DUMMY_DISCARD, DUMMY_SKILLS = "dummy:deck", "dummy:discard", "dummy:skills"


def units_zone(seat: int) -> str:
    return f"units:{seat}"


class Unit(msgspec.Struct):
    uid: str  # card id in the seat's units zone, e.g. "peasants#2"
    unit: str  # content id
    ready: bool = True
    wounded: bool = False


class Player(msgspec.Struct, kw_only=True):
    hero: str = ""
    fame: int = 0
    reputation: int = 0  # -7 is the X space (MK:8:Interact:2a)
    level: int = 1
    armour: int = 2
    hand_limit: int = 5
    command: int = 1
    crystals: dict[str, int] = {}
    tokens: list[str] = []  # pure mana in the play area (lapses at end of turn)
    pos: str = ""  # "q,r"; "" before the hero enters the portal
    units: list[Unit] = []
    skills: list[str] = []
    tactic: str = ""
    tactic_used: bool = False  # a once-per-round tactic was used: flipped (tactics.py)
    tactic_turn: bool = False  # a once-per-turn tactic was used this turn
    extra_turn: bool = False  # The Right Moment: another turn follows this one
    stolen_die: int = -1  # Mana Steal: the Source die kept this round
    returning: list[int] = []  # dice rerolled and returned at the end of this turn (Mana Steal)
    rewards: list[str] = []  # reward choices still to make, first first (rewards.py)
    # the turn in progress
    move: int = 0  # move points not yet spent
    influence: int = 0  # influence points not yet spent
    healing: int = 0  # healing points gained and not yet enough to heal anything (MK:11:Wounds:3)
    dice: list[int] = []  # Source dice taken this turn (indices)
    extra_dice: int = 0  # more Source dice allowed this turn (Mana Draw)
    held_dice: list[int] = []  # dice set to a colour by a card: not usable, not rerolled this turn
    black_any: bool = False  # a black Source die pays any basic colour this turn (Mana Pull)
    move_bonus: list[int] = []  # [amount, uses left (0: every card)] for movement cards (Tirelessness)
    recruit_discount: list[int] = []  # [influence off one recruit, reputation if used] (Ruthless Coercion)
    ready_for_influence: list[int] = []  # [highest unit level, influence per level] (Ruthless Coercion)
    recruit_bonus: list[int] = []  # [reputation, fame] per unit recruited this turn (Heroic Tale)
    card_bonus: list[int] = []  # [attack, block] on the first such card this turn (Ambush)
    terrain_hand_limit: list[int] = []  # hand limit + [on hills, on mountains] at turn end (Mountain Lore)
    defeat_bonus: list = []  # [fame, reputation, each, combat phase]: when that phase defeats enemies
    interaction_bonus: list[int] = []  # [fame, reputation] due at the next interaction (Noble Manners)
    terrain_mods: list[dict] = []  # terrain cost modifiers of this turn (MK:7:Move:7a)
    played: int = 0  # cards played or discarded this turn (MK:6:Turn:5a)
    fresh: bool = True  # nothing done yet this turn (rest, announce, plunder)
    hand_was_empty: bool = False  # hand empty, deck not, at turn start: exempt from 5a
    acted: bool = False  # the action phase began: no more movement (MK:6:Turn:6d)
    moved: bool = False
    interacting: bool = False  # the reputation modifier was gained (once per turn)
    rested: bool = False
    used_skills: list[str] = []  # once-per-turn skills used this turn
    round_skills: list[str] = []  # once-per-round skills used (flipped face down)
    level_choices: list[int] = []  # even levels whose skill/AA choice is still due
    out: bool = False  # eliminated (Only One Returns): no more turns
    path: list[str] = []  # spaces left behind by this turn's steps (forced withdrawal)
    turn_effects: dict = {}  # effects of cards and skills for the rest of the turn (card_effects)
    token_shows: dict = {}  # rotating skill tokens: the option each shows (rotating.py)
    banners: dict = {}  # unit uid -> the banner card assigned to it (banners.py)
    banner_used: dict = {}  # banner card -> the round it was used once (face down)
    bond_unit: str = ""  # the unit in Bonds of Loyalty's command token (passive_skills.py)
    claimed: list = []  # a Source die kept this round (mana_claims.py)
    centre: dict = {}  # interactive skills of this seat lying in the centre (centre.py)


def came_from(p: Player) -> str:
    """The space of this turn's last step (a failed assault or a lost PvP attack goes back there)."""
    return p.path[-1] if p.path else ""


class MKState(msgspec.Struct, kw_only=True):
    scenario: str = ""
    shape: str = "wedge"
    rounds: int = 3  # round limit of the scenario
    round: int = 0
    night: bool = False
    phase: str = "setup"  # setup | tactics | turn | levelup | over
    board: Board = msgspec.field(default_factory=Board)
    source: list[str] = []  # faces of the Source dice
    players: list[Player] = []
    tactics_open: list[str] = []  # tactics still to be taken this round
    pickers: list[int] = []  # seats still to pick a tactic, in picking order
    order: list[int] = []  # turn order (top first)
    turn_pos: int = -1  # index into order of the seat whose turn it is
    active: int = -1
    announced_by: int = -1  # the seat that announced the end of the round
    last_turns: list[int] = []  # seats still to take their last turn of the round
    scenario_end: bool = False  # First Reconnaissance: a city was revealed
    final_turns: list[int] = []  # seats still to take their last turn of the game
    end_after_turn: bool = False  # the active seat revealed the city this turn
    core_revealed: bool = False
    monasteries: list[str] = []  # spaces of unburned monasteries
    combat: Combat | None = None  # the combat in progress (combat.py)
    combat_kind: str = ""  # provoked | assault | challenge | adventure | burn
    combat_space: str = ""
    combat_spaces: list[str] = []  # spaces whose tokens take part
    # -- part 2 (issue 13): scenarios, cities, the dummy player, the final score -------------
    cities: list[City] = []  # revealed cities (cities.py), in reveal order
    city_levels: list[int] = []  # levels still to give, in reveal order (MK:18:Scen:CityLevels)
    dummy_seat: int = -1  # the dummy's place in `order` (solo and co-op, MK:15:Dummy)
    dummy: Dummy | None = None  # its hero, crystals and announcement (its cards are zones)
    dummy_tactic: str = ""
    removed_tactics: list[str] = []  # tactics out of the game (solo and co-op, MK:19/20)
    final: dict[str, dict] = {}  # seat -> {"total", "lines"} once the game is scored
    secret_due: list[dict] = []  # Dungeon Lords: secret entrances a revealer must place
    secret_sites: list[str] = []  # Dungeon Lords: spaces of secret dungeons and tombs
    night_no: int = 0  # night rounds begun so far (Druid Nights)
    glades: dict[str, list[int]] = {}  # Druid Nights: glade space -> seats that marked it
    chanted: list[int] = []  # Druid Nights: seats that chanted this night
    chant_crystals: dict[str, int] = {}  # Druid Nights: crystals due at the end of the turn
    joint: dict = {}  # the cooperative city assault in progress (joint.py)
    face_down: list[int] = []  # seats whose turn token is face down: their next turn is skipped
    pvp: dict = {}  # the player-against-player combat in progress (pvp_turn.py)
    improve: dict = {}  # Improved Actions between rounds: who picks, the next round
    icombat: dict = {}  # Interactive Combat: who sets the die, what is revealed
    auction: dict = {}  # Hero Auction: selection order, the hero named, the bids
    conceded: list[int] = []  # the keep and tower scenario: seats that gave up
    draft: dict = {}  # the Draft variant: its step and who still picks
    asks: list[dict] = []  # choices another seat answers now, first first (asks.py)
