"""A compact form of the legal commands: one `Offer` stands for a command and its variants by
count or by chip-bearer ("move 1..7 units from A to B, or one of these chip-bearers"), so the
choice tree can ask "from where, to where, how many" without listing every count, and
`legal_commands` is that list expanded in the very order it always had."""

from __future__ import annotations

from typing import Any, NamedTuple


class Offer(NamedTuple):
    """`cmd` (as listed when `whole`), then `cmd` with n = 1..`most` (with `tail` after n),
    then `cmd` with each hero of `heroes`."""

    cmd: dict[str, Any]
    most: int = 0
    heroes: tuple[str, ...] = ()
    whole: bool = True
    tail: dict[str, Any] | None = None

    def size(self) -> int:
        return self.whole + (self.most if self.most > 0 else 0) + len(self.heroes)

    def holds(self) -> bool:
        """Whether it stands for any command (`size() > 0` without the sum)."""
        return bool(self.whole or self.most > 0 or self.heroes)

    def first(self) -> dict[str, Any]:
        """`commands()[0]` without listing the others (an offer of one command is a leaf)."""
        if self.whole:
            return self.cmd
        if self.most > 0:
            return {**self.cmd, "n": 1, **self.tail} if self.tail else {**self.cmd, "n": 1}
        return {**self.cmd, "hero": self.heroes[0]}

    def commands(self) -> list[dict[str, Any]]:
        cmd, tail = self.cmd, self.tail
        out = [cmd] if self.whole else []
        if tail:
            out += [{**cmd, "n": n, **tail} for n in range(1, self.most + 1)]
        else:
            out += [{**cmd, "n": n} for n in range(1, self.most + 1)]
        out += [{**cmd, "hero": h} for h in self.heroes]
        return out


def counted(cmd: dict[str, Any], most: int, heroes=(), tail: dict[str, Any] | None = None) -> Offer:
    """The command with a count 1..most or one of `heroes` (never the bare command)."""
    return Offer(cmd, most, tuple(heroes), False, tail)


def as_offers(cmds: list[dict[str, Any]]) -> list[Offer]:
    return [Offer(c) for c in cmds]


def expand(offers: list[Offer]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for o in offers:
        if o.most <= 0 and not o.heroes:
            if o.whole:
                out.append(o.cmd)
        else:
            out += o.commands()
    return out
