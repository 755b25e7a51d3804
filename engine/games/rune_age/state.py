"""The game's own state (Table.game): changed only by folding ra.* events (apply.py)."""

from __future__ import annotations

import msgspec

from engine.games.rune_age.scenarios import OLD_KEYS


class Combat(msgspec.Struct):
    kind: str  # battle | siege | defend (a battle against an event in the event phase)
    attacker: int  # the player whose army attacks (the only player in a battle)
    target: str  # card id, or "realm:<seat>" for a home realm
    defender: int = -1  # siege only
    target_strength: int = 0  # battle and defend: the strength the army must reach
    icons: int = 0  # casualty-die icons on the target card
    step: str = "deploy"  # deploy | casualties | resolution | end_abilities
    turn: int = -1  # who plays next (siege alternates)
    passed: list[int] = []
    pending: str = ""  # card whose on-play ability awaits its answer
    skulls: int = 0  # casualties still to choose
    bonus: list[int] = msgspec.field(default_factory=lambda: [0, 0])  # ability strength [attacker, defender]
    wounded: list[str] = []
    resolver: int = -1  # who applies resolution or end-of-combat abilities now
    winner: str = ""  # army | target | attacker | defender, once compared


class EventPhase(msgspec.Struct):
    step: str = "start"  # start | draw | resolve | refill | expire
    attackers: list[str] = []  # enemies whose start-of-phase attack is still to come (EVT-1)
    card: str = ""  # the event card being resolved
    queue: list[int] = []  # players still to defend against `card`, in turn order
    strength: int = 0
    waiting: list[int] = []  # tribute: players still to choose, simultaneously
    chosen: dict[str, str] = {}  # tribute choices, seat -> card (hidden until all chose)


class RuneChoice(msgspec.Struct):
    seat: int
    cards: list[str]


class Take(msgspec.Struct):
    seat: int
    victim: int


class RAState(msgspec.Struct):
    pack: str = "base"
    overrides: dict[str, dict] = {}
    scenario: str = ""
    solo: bool = False
    races: list[str] = []
    order: list[int] = []  # seating order clockwise
    first: int = 0
    die: str = "standard"
    round: int = 0
    phase: str = "setup"  # turn | keep | refill | event
    active: int = -1
    action: str = ""  # open action: purchase | influence | keep
    pool: int = 0  # unspent gold or influence of the open action
    kept: list[str] = []  # hand cards paid for in TRN-3 (hidden from others)
    exhausted: list[str] = []
    used: list[str] = []  # cards whose ability was used this turn (ABL-1)
    attacked: list[str] = []  # "seat>target" pairs attacked this round (ACT-CMB-2)
    eliminated: list[int] = []
    built: list[int] = []  # monument builders this round
    lasting: dict[str, int] = {}  # lasting effect card -> round whose end it lasts to
    combat: Combat | None = None
    ev: EventPhase | None = None
    rune_choice: RuneChoice | None = None
    take: Take | None = None

    def __post_init__(self) -> None:
        # a snapshot folded before the scenario rename holds an old key (scenarios.py)
        self.scenario = OLD_KEYS.get(self.scenario, self.scenario)
