"""Content schema: the card records of content/*.toml, each with its provenance."""

from __future__ import annotations

import msgspec

from engine.content import Record
from engine.games.rune_age.scenarios import DRAGONLORDS


class Ability(msgspec.Struct, forbid_unknown_fields=True):
    """One timed ability; `effect` names a handler in abilities.py, `amount` its number."""

    timing: str  # on_play | resolution | end_of_combat | action | passive
    effect: str
    amount: int = 0
    influence: int = 0  # influence cost paid when used (ABL-2)
    text: str = ""


class Card(Record, forbid_unknown_fields=True):
    """Any card of the game. Fields that do not apply to a kind stay at their default."""

    name: str
    kind: str  # realm stronghold unit tactic gold city event objective rune monument
    english: str = ""  # the English print name where a public list gives it and it differs
    # where values come from, by value key (cost, strength, gold, influence, icons, health, copies):
    # "rulebook p.N" or "public-list"; a value not listed here is a stand-in
    sources: dict[str, str] = msgspec.field(default_factory=dict)
    race: str = ""  # daqan | latari | waiqar | uthuk (race cards)
    pile: str = ""  # barracks pile of race cards: stronghold u1 u2 u3 u5 monument
    copies: int = 1
    cost: int = 0  # gold (race cards, monuments), influence (neutral, gold cards)
    strength: int = 0  # unit strength; strength to capture or defeat; effect strength
    gold: int = 0  # gold provided (gold cards, rewards, runes)
    influence: int = 0  # influence provided (strongholds, cities, rewards, runes)
    defence: int = 0  # city defence bonus in sieges
    icons: int = 0  # casualty-die icons on event and objective cards
    scenario: str = ""  # event and objective cards
    stage: int = 0
    event: str = ""  # enemy | effect
    effect: str = ""  # effect events: attack | draw | tribute | lasting | rune | thieves
    amount: int = 0  # effect parameter (cards drawn, lasting enemy bonus)
    reward: bool = False  # a defeated enemy becomes its victor's reward
    phase_attack: int = 0  # enemy: at the start of each event phase attacks every home realm
    abilities: list[Ability] = msgspec.field(default_factory=list)
    text: str = ""


class SetupRow(Record, forbid_unknown_fields=True):
    players: int
    gold1: int
    gold2: int
    gold3: int
    neutral: int
    cities: int


class Scenario(Record, forbid_unknown_fields=True):
    key: str  # the option value: the printed English name, snake_case
    name: str  # the German name of the rulebook
    english: str
    objective: str
    neutrals: list[str]
    stages: int
    min_players: int
    solo_remove: list[str] = msgspec.field(default_factory=list)
    optional_remove: list[str] = msgspec.field(default_factory=list)


class DieFaces(Record, forbid_unknown_fields=True):
    """A casualty die face set: skulls per face (A2: the real faces are not in the rulebook)."""

    key: str
    faces: list[int]


class Content(msgspec.Struct, forbid_unknown_fields=True):
    setup: list[SetupRow] = []
    scenario: list[Scenario] = []
    die: list[DieFaces] = []
    card: list[Card] = []


class SeatLayout(msgspec.Struct, forbid_unknown_fields=True):
    """One seat of a situation: card names, each taken from its place of origin."""

    hand: list[str] = []
    deck: list[str] = []  # top first
    discard: list[str] = []  # top first
    play: list[str] = []
    exhausted: list[str] = []
    damage: int = 0
    army: list[str] = []  # cards already in the army of a combat the situation starts in
    eliminated: bool = False  # ELM-1: out of the game (marked after the lay-out)


class CombatStart(msgspec.Struct, forbid_unknown_fields=True):
    """Start inside a combat (docs/disputes.md): the attacker has declared it on `target`."""

    target: str  # a card name among the attacker's targets, or "realm:<seat>"
    attacker: int | None = None  # default: the active player
    passed: list[int] = []  # siege: seats that have already passed (SGE-2: final)


class Situation(msgspec.Struct, forbid_unknown_fields=True):
    """The [game] table of a rune-age situation file."""

    races: list[str] = []
    seat: list[SeatLayout] = []
    standard_setup: bool = False  # run the ordinary set-up (SET-1..11) with forced chance
    scenario: str = DRAGONLORDS
    order: list[int] | None = None
    round: int = 1
    active: int | None = None
    phase: str = "turn"  # turn | event
    cities: list[str] | None = None  # neutral cities in the centre (default: the first N)
    enemies: list[str] = []
    event_discard: list[str] = []
    events: list[str] | None = None  # event deck, top first (default: the scenario's, unshuffled)
    neutrals: list[str] | None = None
    fixture: dict[str, dict] = {}  # FIXTURE card values of a rulebook example (not content)
    combat: CombatStart | None = None  # start inside this combat (the active seat's turn)
