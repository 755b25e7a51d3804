"""The game's own state (the card zones live in the core's `table.zones`).

Zone names: deck{s} (hidden), hand{s} (owner), disc{s}, play{s} (laid-out cards), tres{s}
(treasures in front of a seat), look{s} (dungeon cards a seat is looking at), dungeon (hidden),
pos0..pos3 (the board), trash, diseases, and one v:<stack> per village stack.
"""

from __future__ import annotations

from typing import Any

import msgspec


class Turn(msgspec.Struct):
    """What the active seat has done this turn; reset by every `ts.turn` event."""

    step: str = "action"  # action | village | buy | level | rest | prep | battle | spoils | after
    action: str = ""  # village | dungeon | rest
    board: str = ""  # the dungeon entered ("b:" for the Drachenturm scenario's second)
    used: list[str] = []  # "<card>/<ability index>" used this turn (TRN-0b)
    gold: int = 0  # gold produced by village effects (TRN-V2)
    total_gold: int = 0  # fixed at TRN-V3
    str_mod: dict[str, int] = {}  # hero -> strength bonus from effects
    atk_mod: dict[str, int] = {}  # card -> extra regular attack from effects
    mag_mod: dict[str, int] = {}  # card -> extra magic attack from effects
    mag_any_pos: dict[str, int] = {}  # card -> magic that a conjurer keeps at positions 0/1
    light_mod: int = 0
    equip: dict[str, list[str]] = {}  # hero -> weapons, in equip order
    target: str = ""
    reductions: dict[str, str] = {}  # disease -> "attack" | "magic" (BAT-5)
    banned: list[str] = []  # heroes whose attack a battle effect prevents
    str_minus: int = 0  # strength every hero lost to battle effects
    atk_minus: int = 0  # attack every hero lost to battle effects (Lich Lord)
    doomed: list[str] = []  # destroyed by battle effects, trashed at D4f
    kill_attacker: int = 0  # Verdorbene Speise: attacking heroes to destroy at battle end
    won: bool = False
    gap: int = -1  # position the target left, refilled at D4g (-1: none)
    spoils: list[str] = []  # cards whose spoils are still unused
    spoils_gold: int = 0
    return_on_win: list[str] = []  # Schaedelspalter cards that go on the deck top if won
    buys: int = 0  # extra buys from village effects (Stadtfuehrer)
    bought: int = 0  # cards bought this turn
    spent: int = 0  # gold spent on them
    extra_draw: int = 0  # cards drawn beyond 6 at the end of the turn (Brandopfer)
    keep: list[str] = []  # laid-out cards that join the new hand (Uebermaechtige Steinwache)
    pending: list[dict[str, Any]] = []  # choices the active seat must make, first one first
    breaches: list[dict[str, Any]] = []  # {monster, moved_by}: reached position 1, breach due


class State(msgspec.Struct):
    active: int = 0
    turn: int = 0
    xp: list[int] = []
    scenario: str = ""
    boards: list[str] = msgspec.field(default_factory=lambda: [""])  # dungeons: "" and maybe "b:"
    variant: str = ""  # "" competitive, "solo" (VAR-S), else the co-op level (VAR-C)
    solo_mode: str = ""  # solo: "alone" (stand-in base rules) or "return" (Die Rueckkehr)
    pool: int = 0  # co-op: the shared XP pool
    countdown: int = 0  # co-op: XP tokens above the dungeon deck
    angry: list[str] = []  # co-op: monsters turned sideways
    guardian_in: bool = False  # co-op: a guardian has entered the dungeon
    t: Turn = msgspec.field(default_factory=Turn)

    @property
    def coop(self) -> bool:
        """The co-op variant (VAR-C): shared XP, offering, passing cards, the team result."""
        return self.variant.startswith("coop")

    @property
    def returning(self) -> bool:
        """Solo "Die Rueckkehr" (VAR-S-R*): small village, destroyed cards go back to it."""
        return self.solo_mode == "return"
