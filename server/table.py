"""The served tables: the engine, the seats' tokens, who watches which game, and the bot seats.

What the routes share, apart from HTTP: a game looked up or refused (404), a token read as a
seat (401, 403), and the signal that a game moved on, which wakes its live feeds and lets its
bots play (in the background at human pace when served, at once when called in-process).
"""

from __future__ import annotations

from typing import Any

import trio

from bots import proposal
from bots.players import BotPlay
from bots.random_bot import bot_rng, decide
from engine.errors import EngineError, UnknownGame
from engine.logs import get_logger
from engine.narration import seat_name
from engine.pipeline import Engine
from projections.views import REFEREE
from server.strict import HttpError
from server.tokens import REFEREE as REF_SEAT
from server.tokens import Seats

log = get_logger("table")


class Table:
    def __init__(self, engine: Engine, seats: Seats, bot_delay: float = 0.6):
        self.eng, self.seats = engine, seats
        self.bot_delay = bot_delay  # seconds a bot "thinks": human pace at the table
        self.nursery: trio.Nursery | None = None  # set while served: bots play in the background
        self.bot_busy: set[str] = set()
        self.changed: dict[str, trio.Event] = {}  # set (and replaced) whenever a game moves on
        self.live = {"open": 0, "peak": 0, "accepted": 0, "pushed": 0}  # live feed counters
        # A seat's accepted set-up proposal (bots/proposal.py): the steps that wait for its next
        # set-up turns, played for it as a bot seat's moves are, until its set-up is over.
        self.plans: dict[tuple[str, int], list[dict[str, Any]]] = {}
        # Open seats (the lobby's "Sit here"): the token of a seat its creator left to whoever
        # claims it first, held here until then and handed out once (kept in memory only: a
        # restarted table offers no open seat, the game's other seats play on).
        self.open_seats: dict[tuple[str, int], str] = {}
        # Each game's bots, kept from one decision to the next: a turn planner (Mage Knight's
        # strong bot) follows the turn it planned instead of planning again at every command.
        self.players: dict[str, BotPlay] = {}

    def game(self, gid: str) -> Any:
        try:
            return self.eng.table(gid)
        except (UnknownGame, EngineError, KeyError):
            raise HttpError(404, f"no game {gid!r}") from None

    def viewer(self, gid: str, token: str | None, required: bool = False) -> Any:
        """None (public), a seat number or REFEREE; 401 without a token when one is needed,
        403 for a token that opens no seat of this game."""
        if not token:
            if required:
                raise HttpError(401, "a bearer token is needed (Authorization: Bearer TOKEN)")
            return None
        who = self.seats.who(gid, token)
        if who is None:
            raise HttpError(403, "this token opens no seat of this game")
        return REFEREE if who == REF_SEAT else who

    def moved(self, gid: str) -> None:
        """Wake the game's live feeds."""
        ev = self.changed.pop(gid, None)
        if ev is not None:
            ev.set()

    def notify(self, gid: str) -> None:
        self.moved(gid)
        self.wake_bots(gid)

    # -- bot seats -------------------------------------------------------------------------
    def wake_bots(self, gid: str) -> None:
        """If a bot seat (or a seat whose set-up plan waits) is prompted, let the bots play (in
        the background when served)."""
        if gid in self.bot_busy or not (self.seats.bots(gid) or self.planned(gid)):
            return
        if self.nursery is None:
            self.play_bots(gid)
        else:
            self.bot_busy.add(gid)
            self.nursery.start_soon(self.bots_task, gid)

    def open_of(self, gid: str) -> list[int]:
        return sorted(s for (g, s) in self.open_seats if g == gid)

    def claim(self, gid: str, seat: int) -> str:
        """The token of an open seat, handed out once (409 when it is taken or never open)."""
        token = self.open_seats.pop((gid, seat), None)
        if token is None:
            raise HttpError(
                409, f"{seat_name(seat)} of {gid} is not open: it is taken or kept by its creator"
            )
        return token

    def planned(self, gid: str) -> list[int]:
        return [s for (g, s) in self.plans if g == gid]

    def bot_to_move(self, gid: str) -> int | None:
        bots = self.seats.bots(gid)
        prompts = self.eng.prompts(gid)
        if not prompts:
            return None
        seat = prompts[0].seat
        return seat if seat in bots or (gid, seat) in self.plans else None

    def plan_move(self, gid: str, seat: int) -> None:
        """The next step of the seat's accepted set-up plan (or the bot's choice where another
        seat took its place); the plan ends with the seat's set-up."""
        waiting = self.plans.get((gid, seat), [])
        cmd = proposal.next_step(self.eng, gid, seat, waiting)
        if cmd is None:
            self.plans.pop((gid, seat), None)
            return
        self.plans[(gid, seat)] = waiting[1:]
        self.eng.submit(gid, seat, cmd)

    def bot_move(self, gid: str, rng: Any) -> None:
        """One decision of the prompted bot seat, by its kind (random, greedy, mcts or strong,
        at the strength the seat was given), or the next step of a seat's accepted set-up plan."""
        seat = self.bot_to_move(gid)
        if seat is None:  # the game moved on while the bot waited: no seat of a human is played
            return
        if (gid, seat) in self.plans:
            self.plan_move(gid, seat)
            return
        bots = self.seats.bots(gid)
        if bots[seat] == "random":
            decide(self.eng, gid, rng)
            return
        kinds = tuple(bots.get(s, "random") for s in range(self.eng.table(gid).players))
        play = self.players.get(gid)
        if play is None or play.bots != kinds:
            play = self.players[gid] = BotPlay(kinds)
        legal = self.eng.legal(gid, seat)
        self.eng.submit(gid, seat, play.choose(self.eng, gid, seat, legal, rng))

    def play_bots(self, gid: str) -> None:
        rng = bot_rng(f"{gid}:{self.eng.table(gid).version}")
        while self.bot_to_move(gid) is not None:
            self.bot_move(gid, rng)
            self.moved(gid)
        self.forget_bots(gid)

    def forget_bots(self, gid: str) -> None:
        """Drops a finished game's bots (their plans have nothing left to play)."""
        if self.eng.table(gid).over:
            self.players.pop(gid, None)

    async def bots_task(self, gid: str) -> None:
        try:
            rng = bot_rng(f"{gid}:{self.eng.table(gid).version}")
            while (seat := self.bot_to_move(gid)) is not None:
                # a seat's own accepted plan plays at once; a bot "thinks" at human pace
                await trio.sleep(0 if (gid, seat) in self.plans else self.bot_delay)
                try:
                    self.bot_move(gid, rng)
                except Exception as exc:  # a bot's rules error must not stop the server
                    log.error("table_bot_failed", game_id=gid, error=repr(exc))
                    return
                self.moved(gid)
        finally:
            self.bot_busy.discard(gid)
            self.forget_bots(gid)
