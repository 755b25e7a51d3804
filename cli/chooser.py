"""`runeledger choices GAME --seat N` on a terminal: the seat's decision asked one question at a
time, as a person answers it (numbered options, `b` back to the previous question, a leaf
confirmed before it is played, a pick's values toggled and confirmed).

Why a loop of its own rather than the listing: a Mage Knight turn has many parts; a player
answers "Which card?", then "Basic or powered?", then "Pay with which mana?", going back when
a step was the wrong one, and sees the command in words before it is played. Reading and
writing go through two callables so tests drive it without a terminal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.choices import Pick, Question
from engine.errors import EngineError
from engine.narration import seat_name
from store import VersionConflict

HELP = "a number chooses; b goes back; q quits"


class Chooser:
    """One seat's questions at one game, asked until a command is played or the player quits."""

    def __init__(
        self, eng, game_id: str, seat: int, read: Callable[[str], str], write: Callable[[str], None]
    ):
        self.eng, self.game_id, self.seat = eng, game_id, seat
        self.read, self.write = read, write

    def run(self) -> int:
        """0 once a command is played (or nothing is to be decided), 3 when the player quits."""
        stack: list[Question] = [self.eng.choices(self.game_id, self.seat)]
        while stack:
            q = stack[-1]
            if not q.options:
                self.write(f"{seat_name(self.seat)} has nothing to decide now.")
                return 0
            self.write(self._question(q, len(stack) > 1))
            answer = self.read("> ").strip().lower()
            if answer == "q":
                return 3
            if answer == "b":
                if len(stack) > 1:
                    stack.pop()
                else:
                    self.write("This is the first question: there is nothing to go back to.")
                continue
            if not answer.isdigit() or not 1 <= int(answer) <= len(q.options):
                self.write(f"Give a number from 1 to {len(q.options)} ({HELP}).")
                continue
            node = q.options[int(answer) - 1]
            if node.command is not None:
                if self._confirm(node.label, node.preview) and self._play(node.command):
                    return 0
            elif node.pick is not None:
                cmd = self._pick(node.pick)
                if cmd is not None and self._play(cmd):
                    return 0
            elif node.expand is not None:
                stack.append(self.eng.choices(self.game_id, self.seat, str(node.expand)))
            else:
                stack.append(Question(q.version, q.seat, node.question or "", q.rule, node.options or []))
        return 3

    def _question(self, q: Question, nested: bool) -> str:
        lines = [q.question]
        for i, o in enumerate(q.options, 1):
            more = " …" if (o.expand is not None or o.options) and not o.label.endswith("…") else ""
            lines.append(f"  {i}. {o.label}{more}" + (f"  ({o.preview})" if o.preview else ""))
        lines.append(f"({HELP})" if nested else "(a number chooses; q quits)")
        return "\n".join(lines)

    def _confirm(self, label: str, preview: str | None) -> bool:
        self.write(f"{label}" + (f" ({preview})" if preview else "") + ". Play it? [y/n]")
        return self.read("> ").strip().lower() in ("y", "yes")

    def _pick(self, p: Pick) -> dict[str, Any] | None:
        """Toggle values by number until `c` confirms an allowed number of them; `b` gives up."""
        chosen: list[int] = []
        while True:
            lines = [f"{p.question} (choose {p.min} to {p.max})"]
            for i, o in enumerate(p.options, 1):
                lines.append(f"  [{'x' if i - 1 in chosen else ' '}] {i}. {o.label}")
            names = [p.options[i].label for i in sorted(chosen)]
            lines.append("Chosen: " + (", ".join(names) if names else "nothing"))
            lines.append("(a number toggles; c confirms; b goes back)")
            self.write("\n".join(lines))
            answer = self.read("> ").strip().lower()
            if answer == "b":
                return None
            if answer == "c":
                if p.min <= len(chosen) <= p.max:
                    return {**p.command, p.field: [p.options[i].value for i in sorted(chosen)]}
                self.write(f"Choose from {p.min} to {p.max}; {len(chosen)} chosen.")
            elif answer.isdigit() and 1 <= int(answer) <= len(p.options):
                i = int(answer) - 1
                if i in chosen:
                    chosen.remove(i)
                else:
                    chosen.append(i)
            else:
                self.write(f"Give a number from 1 to {len(p.options)}, c or b.")

    def _play(self, cmd: dict[str, Any]) -> bool:
        try:
            self.eng.submit(self.game_id, self.seat, cmd)
        except (EngineError, VersionConflict) as exc:  # refused: said, nothing changed, the question stays
            self.write(f"Refused: {exc}")
            return False
        self.write(f"Done: the game is at event {self.eng.table(self.game_id).version}.")
        return True
