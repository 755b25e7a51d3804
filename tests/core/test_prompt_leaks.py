"""Invariant 6 on prompts: what a spectator reads of a prompt (seat, kind, rule, detail) and of a
redacted event (type, rule, actor) tells no secret.

The check is a twin game. A seeded bot game is played; its decisions are played again twice from
the same seed in analysis mode: once with every hidden chance outcome (a hidden shuffle, pick or
die) forced to what it was (the reference), once with each forced to another outcome (the twin).
Both games have the same public history until a hidden fact is shown in a public event (a card
revealed, a die read out): up to there every event must look alike to a spectator (a redacted
event may differ only in the noise of its hidden outcome, such as which id a randomly dealt chip
got), and after every decision the public prompts must be equal. A prompt kind or a redacted event's rule that follows a
hidden fact differs between the twins and fails the test.
"""

from __future__ import annotations

from itertools import groupby

import msgspec
import pytest

from bots.random_bot import bot_rng, step
from engine import registry
from engine.errors import EngineError
from projections.views import event_view
from sim.testing import engine

HIDDEN_CHANCE = ("zone.shuffled", "chance.picked", "dice.rolled")
# (ruleset, players, seeds, decisions): every installed ruleset, a few seeded games each
GAMES = {
    "duel": (2, (1, 2, 3, 4), 150),
    "epochs": (2, (1, 2), 200),
    "thunderstone": (2, (1, 2, 3), 250),
    "rune-age": (2, (1, 2), 250),  # seeds enough for 20 prompts before a reveal
    "dragonlords": (2, (3, 5, 7), 400),
    "mage-knight": (2, (1,), 150),
}


def test_every_ruleset_is_checked():
    assert sorted(GAMES) == sorted(registry.rulesets())


def _played(name: str, players: int, seed: int, n: int) -> list[tuple[int, dict, list]]:
    """A bot game's decisions, each with the hidden chance events of its cascade."""
    eng = engine()
    gid = eng.create(name, players, seed, analysis=True)
    rng = bot_rng(seed)
    for _ in range(n):
        if not step(eng, gid, rng):
            break
    out = []
    events = eng.store.read(gid)
    for _, group in groupby(events, key=lambda e: e.command_id):
        group = list(group)
        root = group[0]
        if root.type.startswith("cmd."):
            out.append(
                (root.actor, root.data, [e for e in group if e.type in HIDDEN_CHANCE and e.vis is not None])
            )
    return out


def _other(ev, dice) -> object:
    """Another outcome of a hidden chance event: a shuffle with its bottom card on top, a pick in
    reverse order, the next face of the die (the same outcome where there is no other)."""
    d = ev.data
    if ev.type == "zone.shuffled":
        order = d["order"]
        return [order[-1]] if len(order) > 1 else list(order)
    if ev.type == "chance.picked":
        return list(reversed(d["picked"]))
    faces = list(dice[d["die"]].faces)
    return faces[(faces.index(d["face"]) + 1) % len(faces)]


def _same(ev) -> object:
    d = ev.data
    return (
        list(d["order"])
        if ev.type == "zone.shuffled"
        else list(d["picked"])
        if ev.type == "chance.picked"
        else d["face"]
    )


def _forced(hidden, pick, dice) -> dict:
    out: dict[str, list] = {}
    for ev in hidden:
        out.setdefault(ev.data["stream"], []).append(pick(ev, dice) if pick is _other else pick(ev))
    return out


def _seen(rs, ev) -> tuple:
    v = event_view(rs, ev, None)
    return v["type"], v["rule"], v["actor"], v["cause"], bool(v.get("redacted")), v["data"]


def _twin_check(name: str, players: int, seed: int, n: int) -> int:
    """Play the decisions in the reference and the twin side by side; return how many public
    prompts were compared before the first public reveal."""
    decisions = _played(name, players, seed, n)
    ref, twin = engine(), engine()
    # one game id and salt: the two logs differ in nothing but what the hidden outcomes change
    a = ref.create(name, players, seed, analysis=True, game_id="twin", salt="00" * 32)
    b = twin.create(name, players, seed, analysis=True, game_id="twin", salt="00" * 32)
    rs = ref.ruleset(a)
    dice = rs.dice(ref.table(a))
    compared = 0
    for seat, cmd, hidden in decisions:
        try:
            if hidden:
                ref.force(a, _forced(hidden, _same, dice))
                twin.force(b, _forced(hidden, _other, dice))
            ref.submit(a, seat, cmd)
            twin.submit(b, seat, cmd)
        except EngineError:
            return compared  # the twin's hidden difference made the decision impossible
        ea, eb = ref.store.read(a), twin.store.read(b)
        for x, y in zip(ea, eb, strict=False):  # the twin may have stopped short: compare what both have
            if x.type == "chance.forced":
                continue
            sx, sy = _seen(rs, x), _seen(rs, y)
            if sx == sy or (sx[4] and sy[4] and sx[:5] == sy[:5]):
                # a redacted event's data may carry the hidden outcome's noise (which id a
                # randomly dealt chip got); its type, rule, actor and cause may not differ
                continue
            if not sx[4] and not sy[4] and sx[:3] == sy[:3]:
                return compared  # a hidden fact is shown: from here the public histories differ
            raise AssertionError(
                f"{name} seed {seed}: event {x.version} looks different to a spectator "
                f"though nothing public differed before it: {sx[:5]} vs {sy[:5]}"
            )
        if len(ea) != len(eb):
            return compared
        pa, pb = ref.prompts(a), twin.prompts(b)
        assert pa == pb, f"{name} seed {seed}: after {cmd} the public prompts differ: {pa} vs {pb}"
        compared += 1
    return compared


@pytest.mark.parametrize("name", sorted(GAMES))
def test_public_prompts_and_redacted_events_tell_no_secret(name):
    players, seeds, n = GAMES[name]
    compared = sum(_twin_check(name, players, s, n) for s in seeds)
    assert compared >= 20, f"{name}: only {compared} prompts compared"


def test_the_twin_check_catches_a_prompt_that_reads_hidden_state(monkeypatch):
    """The check must be able to fail: a prompt whose detail shows the hidden zones' order."""
    rs = registry.get("epochs")
    real = rs.prompts  # the game's own prompts (bound through Ruleset.implemented_in)

    def leaky(self, t):
        hidden = [z.cards for _, z in sorted(t.zones.items()) if z.vis != "public"]
        return [msgspec.structs.replace(p, detail=str(hidden)) for p in real(t)]

    monkeypatch.setattr(type(rs), "prompts", leaky)
    with pytest.raises(AssertionError, match="public prompts differ"):
        _twin_check("epochs", 2, 1, 200)
