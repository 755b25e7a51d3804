"""Properties of the combat module over random combats of the shipped enemies and units:
no negative pools or counters, every illegal command explained with a rule id, and a bot that
keeps picking legal commands always reaches "over"."""

from __future__ import annotations

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.games.mage_knight.combat import machine as combat_machine
from engine.games.mage_knight.combat.abilities import PHASE_KINDS
from engine.games.mage_knight.combat.arithmetic import ELEMENTS
from engine.games.mage_knight.content.load import content
from tests.games.mage_knight.test_combat_flow import RULE, random_walk

K = content()
ENEMIES = sorted(e.id for e in K.enemies.values() if not e.suspect)
BROWN = sorted(e for e in ENEMIES if K.enemies[e].color == "brown")
UNITS = sorted(u.id for u in K.units.values() if not u.placeholder)


@st.composite
def combats(draw):
    n = draw(st.integers(1, 4))
    enemies = [(f"e{i}", draw(st.sampled_from(ENEMIES))) for i in range(n)]
    units = [
        (f"u{i}", draw(st.sampled_from(UNITS)), draw(st.booleans()), True)
        for i in range(draw(st.integers(0, 3)))
    ]
    rampaging = [uid for uid, _ in enemies if draw(st.booleans())]
    return combat_machine.start(
        K,
        enemies,
        units=units,
        hero_armour=draw(st.integers(2, 5)),
        hand_limit=draw(st.integers(5, 7)),
        fortified_site=draw(st.booleans()),
        rampaging=rampaging,
    )


def check_invariants(c):
    assert all(p.value > 0 for p in c.pool)
    assert min(c.wounds_to_hand, c.wounds_to_discard, c.fame) >= 0
    for e in c.enemies:
        assert e.armour_bonus >= 0
        for a in e.attacks:
            assert 0 <= a.reduced <= a.value and a.left >= -1
    assert all(u.wounds >= 0 for u in c.units)


def step(data, c):
    """One move of a random player: fulfil summons, maybe play points, then a legal command."""
    for p in combat_machine.pending_summons(c):
        token = data.draw(st.sampled_from([*BROWN, None]))
        combat_machine.fold(c, *combat_machine.summoned(K, c, p["summoner"], p["attack"], token))
    if data.draw(st.integers(0, 5)) == 0:  # a non-attack effect on an enemy, if it applies
        effect = {
            "enemy": data.draw(st.sampled_from([e.uid for e in c.enemies])),
            "armour": data.draw(st.integers(-3, 2)),
            "attack": data.draw(st.integers(0, 2)),
            "prevent": data.draw(st.booleans()),
            "colour": data.draw(st.sampled_from(["red", "blue", None])),
        }
        if combat_machine.effect_problem(c, **effect) is None:
            for t, d in combat_machine.modify_enemy(c, source="random spell", **effect):
                combat_machine.fold(c, t, d)
    kinds = PHASE_KINDS[c.phase]
    if kinds and data.draw(st.booleans()):
        kind = data.draw(st.sampled_from(kinds))
        element = "physical" if kind == "move" else data.draw(st.sampled_from(ELEMENTS))
        combat_machine.add_points(c, kind, element, data.draw(st.integers(1, 8)), "random card")
    cmds = combat_machine.legal(c)
    assert cmds
    for t, d in combat_machine.decide(c, data.draw(st.sampled_from(cmds))):
        assert RULE.match(d["rule"]), (t, d)
        combat_machine.fold(c, t, d)
    check_invariants(c)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(c=combats(), data=st.data())
def test_folding_decided_events_never_goes_negative_and_combat_ends(c, data):
    """MK:8:Combat:3: a bot picking legal commands always reaches "over"."""
    for _ in range(300):
        if c.phase == "over":
            break
        step(data, c)
    assert c.phase == "over"
    o = combat_machine.outcome(c)
    assert sorted(o.defeated + o.undefeated) == sorted(e.uid for e in c.enemies if not e.summoned_by)
    assert o.fame == sum(K.enemies[e.enemy].fame for e in c.enemies if e.defeated)


def commands(c):
    uids = [e.uid for e in c.enemies] + [u.uid for u in c.units] + ["nobody", "hero"]
    ref = st.one_of(st.sampled_from([*uids, None, 3]), st.just(["e0"]), st.just({"uid": "e0"}))
    return st.one_of(
        st.fixed_dictionaries(
            {
                "kind": st.just("attack"),
                "targets": st.lists(ref, max_size=3),
                "use": st.lists(st.sampled_from(["ranged", "siege", "melee", "block", "x"]), max_size=3),
            }
        ),
        st.fixed_dictionaries(
            {
                "kind": st.sampled_from(["block", "assign", "cumbersome"]),
                "enemy": ref,
                "attack": st.sampled_from([0, 1, 2, -1, "0", None]),
                "to": ref,
                "points": st.integers(-1, 9),
            }
        ),
        st.fixed_dictionaries(
            {
                "kind": st.sampled_from(["block", "assign", "cumbersome"]),
                "enemy": ref,
                "attack": st.integers(-1, 3),
            }
        ),
        st.fixed_dictionaries(
            {
                "kind": st.sampled_from(["next", "mk_fly", None, ["next"]]),
            }
        ),
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(c=combats(), data=st.data())
def test_every_illegal_command_is_explained_with_a_rule_id(c, data):
    """Bad input: a rule id and a reason, decide refuses, nothing changes."""
    for _ in range(data.draw(st.integers(0, 12))):
        if c.phase == "over":
            break
        step(data, c)
    for _ in range(10):
        cmd = data.draw(commands(c))
        legal = combat_machine.legal(c)
        for good in legal:
            assert combat_machine.explain(c, good) is None
        clean = {
            k: v
            for k, v in cmd.items()
            if k == "kind"
            or k in combat_machine.FIELDS.get(cmd["kind"] if isinstance(cmd["kind"], str) else "", set())
        }
        if clean in legal and clean == cmd:
            continue
        before = msgspec.to_builtins(c)
        why = combat_machine.explain(c, cmd)
        if why is None:  # legal but not listed would be a bug
            assert cmd in legal, cmd
            continue
        assert RULE.match(why[0]) and why[1], why
        try:
            combat_machine.decide(c, cmd)
            raise AssertionError(f"decide accepted {cmd}")
        except ValueError as exc:
            assert why[0] in str(exc)
        assert msgspec.to_builtins(c) == before


@settings(max_examples=40, deadline=None)
@given(c=combats(), seed=st.integers(0, 2**16))
def test_random_walk_always_reaches_over(c, seed):
    """The test file's random_walk: any pick of legal commands ends the combat."""
    picks = iter(range(seed, seed + 10_000))
    n = random_walk(
        c, lambda cmds: cmds[next(picks) * 7919 % len(cmds)], draw=lambda pile: BROWN[seed % len(BROWN)]
    )
    assert c.phase == "over" and n >= 1
