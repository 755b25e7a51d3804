"""The game's own state (Table.game) of DragonLords: changed only by folding dl.* events (apply.py).

Ownership is occupation (§2.2/teleportals): a place belongs to the army whose units stand there.
Units are fungible except those that carry a gold chip (King, Wizard, decoy, treasure) or are a
DragonLord figure: those are `Hero` records, so casualties and chips can name them. Plain units
are counted per place and army in `troops`. A place is a territory, a wasteland space or
"ship:<id>" (units aboard a ship).
"""

from __future__ import annotations

import msgspec


class Hero(msgspec.Struct):
    """A unit that carries a gold chip, or a DragonLord figure (which replaced a unit)."""

    army: int
    loc: str
    race: str
    role: str = ""  # king | wizard | decoy | dragonlord | "" (only treasures)
    spells: list[int] = []  # spell numbers known (1 Heal .. 6 Panic, INT-04)
    treasures: list[str] = []
    poisoned: bool = False


class Ship(msgspec.Struct):
    army: int
    zone: str
    harbour: str = ""  # territory whose harbour holds it while empty (docked)
    moves: int = 0  # sea zones it may still move this Naval Movement
    fought: bool = False  # fought a naval battle this turn (may not attack another blockade)


class Army(msgspec.Struct):
    race: str
    seat: int
    alive: bool = True
    supply: int = 0  # figures of the race not on the board (INT-02)
    tools: list[str] = []  # tools stored in the kingdom (§3.3/tools)
    bought: dict[str, int] = {}  # bought in phase 1, placed in phase 7 (§3.1)
    orcs_bought: int = 0  # Orcs bought this turn, for the 4-for-10 price (INT-01)
    wizards: int = 0  # wizards alive (at most 3, INT-56)


class Party(msgspec.Struct):
    army: int
    space: str
    tools: list[str] = []
    fought: bool = False  # won a party fight: must move away next turn (§3.3/quest-combat)
    moved: bool = False  # moved this turn


class Battle(msgspec.Struct):
    """An open battle at a place during the active army's Combat phase (§3.4)."""

    loc: str
    attacker: int
    defender: int
    kind: str = "land"  # land | naval | sneak
    rounds: int = 0
    retreat_ok: bool = True  # no retreat after teleport, teleportal, ship landing from wastes (§3.4/retreat)
    origins: list[str] = []  # where the attackers came from (sneak retreat)
    step: str = "gather"  # gather | after_round | defender
    pending_hits: int = 0  # attacker dice hits waiting for the defender's step 4
    volley: dict = {}  # the attacker's audited roll, while the defender decides
    pending: dict[str, int] = {}  # army -> casualties its owner still has to choose (INT-30)
    spell_side: int = -1  # step "spells": the army throwing its spell attacks now (INT-38)
    used: list[str] = []  # spell attacks already thrown in this volley
    kills: list[dict] = []  # this volley's spell kills (caster, spell, victim, rule)
    fled: str = ""  # the defending caster that teleported away this round
    retreating: bool = False  # the attackers began to withdraw, group by group (INT-40)


class Ask(msgspec.Struct):
    """A decision the rules wait for outside the phase's own commands: which units die, whether to
    drink the Elixir, charm the dragon, which unit becomes a DragonLord, Reflect or not, ...
    `options` are the legal `choose`/`casualty` commands; `then` names what follows the answer
    (decisions.py), with `data` for it. Only the deciding seat sees it (view.py)."""

    army: int
    kind: str  # casualties | answer | elixir | potion | promote | wizard | spell_reward | treasure | reflect
    rule: str
    options: list[dict] = []
    loc: str = ""
    n: int = 0  # casualties still to choose
    killer: int = -1
    how: str = ""
    then: str = ""
    data: dict = {}


class QFight(msgspec.Struct):
    """A quest fight against a monster, round by round (DL:3.3/quest-combat): the monster strikes
    first (INT-51), then the party answers (dice, a spell, a charm)."""

    space: str
    monster: str
    round: int = 0
    poisoned: int = 0
    rounds: list[dict] = []
    note: dict = {}
    reward: str = ""  # what beating it gives, with its amount and rule
    amount: int = 0
    rule: str = ""


class QMove(msgspec.Struct):
    """A party's move by the die, waiting for its player to pick where it ends (§3.3/party)."""

    space: str  # where the party stands now
    roll: int
    ends: list[str] = []  # spaces exactly `roll` steps away
    stops: list[str] = []  # enemy parties on the way it may stop at to attack (F-Q24)
    exits: list[str] = []  # territories it may leave to (INT-20)


class DLState(msgspec.Struct):
    map_name: str = ""
    map_key: str = ""  # "" the shipped map; else a situation's own map (world.py)
    map_doc: dict = {}  # that map's document, so any process can index it again
    short: bool = False
    kingdoms_to_win: int = 6
    armies: list[Army] = []
    order: list[int] = []  # army turn order, starting with the blessed army
    round: int = 0
    active: int = -1  # army whose turn it is (or who places at set-up)
    phase: str = "setup"  # setup_kingdom | setup_claim | setup_extra | setup_chips | setup_ship |
    # purchase | naval | quest | combat | transfer | reinforce
    placing: dict[str, int] = {}  # army -> units still to place at set-up
    troops: dict[str, dict[str, int]] = {}
    heroes: dict[str, Hero] = {}
    ships: dict[str, Ship] = {}
    gold: dict[str, int] = {}  # gold stored per kingdom territory (§2.2/kingdom)
    treasury: dict[str, int] = {}  # gold not yet put into a kingdom (set-up P6)
    parties: list[Party] = []
    treasure_pool: list[str] = []
    battle: Battle | None = None
    no_fight: dict[
        str, int
    ] = {}  # place -> units that may not attack this turn (forced march, §3.4/forced-march)
    moved: dict[str, int] = {}  # place -> units that already moved this Transfer (§3.5)
    sneaked: dict[
        str, int
    ] = {}  # place -> elves there that sneak attacked this turn (each once, DL:3.4/sneak)
    teleported: list[str] = []  # hero ids that teleported in this phase
    no_retreat: list[str] = []  # places entered by teleport or from the wastelands: fight to the end
    qmove: QMove | None = None
    ask: Ask | None = None  # a decision the rules wait for (decisions.py)
    spoils: list[dict] = []  # treasures captured in a battle whose bearer the winner still picks (spoils.py)
    qfight: QFight | None = None  # a quest fight in progress (quest.py)
    shop_at: str = ""  # space where the active party may shop or search this turn
    quested: list[str] = []  # wastelands whose party moved this turn (one per wasteland, F-Q5)
    next_id: int = 1
    winner: int = -1
    overrides: dict[str, dict] = {}  # content id -> values a situation overrode (overrides.py)
