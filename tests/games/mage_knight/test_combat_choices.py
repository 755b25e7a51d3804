"""Mage Knight's combat as questions in words (issue 27, choices/combat.py): which points,
which enemies (a pick, or one enemy at a time where not every group is legal), which attack to
block, who takes the damage, the next phase; every leaf and every allowed pick a legal combat
command the engine accepts, and the tree reaching all of them; no token ids in any label."""

from __future__ import annotations

from types import SimpleNamespace

import msgspec
import pytest

from bots.random_bot import bot_rng, decide
from engine.choices import BadPath, Question, kind_of
from engine.games.mage_knight.choices.combat import COMBAT_KINDS, combat_options, combat_question
from engine.games.mage_knight.combat import machine as combat_machine
from engine.games.mage_knight.combat import words as combat_words
from engine.games.mage_knight.content.load import content
from engine.narration import imperative
from sim.testing import from_situation, new_game
from tests.choice_checks import bad_words, check_question, questions_and_leaves

SIT = "tests/games/mage_knight/situations/attack_two_groups.toml"  # Tovak in a combat
_canon = msgspec.json.Encoder(order="sorted")


def situation(phase="ranged", enemies=(), points=(), units=(), kind="challenge"):
    def edit(game):
        game["combat"].update(
            phase=phase,
            kind=kind,
            enemy=[{"id": e} if isinstance(e, str) else e for e in enemies],
            points=[{"kind": k, "value": v, **({"element": el} if el else {})} for k, v, el in points],
        )
        if units:
            game["seat"][0]["units"] = list(units)

    return from_situation(SIT, edit=edit)


def combat_tree(rs, t, cmds, words=True):
    """The combat's first-question options as a question, every question below it and every
    leaf (picks' allowed sets enumerated)."""
    first = Question(t.version, 0, "What do you do?", None, combat_options(rs, t, 0, cmds, words))
    seen, leaves = questions_and_leaves(
        rs, t, 0, first, lambda path: combat_question(rs, t, 0, path, cmds, words)
    )
    return first, seen, leaves


def checked(eng, gid):
    """The combat tree of seat 0 now, checked: words and size of every question, each first
    option leading to one kind, the leaves exactly the combat's legal commands (up to order,
    none twice) each accepted by the engine, and a bot's walk (no words) reaching the same."""
    rs, t = eng.ruleset(gid), eng.table(gid)
    cmds = [c for c in eng.legal(gid, 0) if c["kind"] in COMBAT_KINDS]
    first, seen, leaves = combat_tree(rs, t, cmds)
    for q in seen:
        check_question(q)
        assert q.options, q.question
    assert sorted(map(_canon.encode, leaves)) == sorted(map(_canon.encode, cmds))
    for c in leaves:
        assert eng.check(gid, 0, c) is None, c
    assert [kind_of(o) for o in first.options] == list(dict.fromkeys(c["kind"] for c in cmds))
    _, _, quiet = combat_tree(rs, t, cmds, words=False)
    assert sorted(map(_canon.encode, quiet)) == sorted(map(_canon.encode, cmds))
    return cmds, seen


def labels(seen):
    return [o.label for q in seen for o in q.options]


def picks(seen):
    return [o.pick for q in seen for o in q.options if o.pick is not None]


def test_two_kinds_of_points_ask_which_points_then_pick_the_enemies():
    eng, gid = situation(
        enemies=["green_orc_stonethrower", "green_orc_stonethrower", "green_prowlers", "gray_crossbowmen"],
        points=[("ranged", 9, ""), ("siege", 3, "")],
    )
    cmds, seen = checked(eng, gid)
    (points,) = [q for q in seen if q.question == "Which points do you attack with?"]
    both, ranged = picks(seen)
    assert (both.min, both.max, both.field) == (1, 2, "targets")
    assert both.command["use"] == ["ranged", "siege"] and ranged.command["use"] == ["ranged"]
    assert [o.label for o in both.options] == ["the Prowlers (armour 3)", "the Crossbowmen (armour 4)"]
    assert "Attack the Prowlers with 3 siege (armour 3): defeated" in labels([points])
    assert len(cmds) == 8 and len(points.options) == 3  # 7 attacks, 3 options


def test_a_limited_attack_adds_one_enemy_at_a_time_and_tells_twins_apart():
    """Ranged 7 against armour 3, 4, 4, 4: any one, or the Prowlers with one other; a pick
    would offer illegal groups, so the enemies are added one at a time."""
    eng, gid = situation(
        enemies=["green_prowlers", "green_wolf_riders", "green_wolf_riders", "gray_crossbowmen"],
        points=[("ranged", 7, "")],
    )
    cmds, seen = checked(eng, gid)
    assert not picks(seen)
    attacks = [c for c in cmds if c["kind"] == "attack"]
    assert len(attacks) == 7
    first = next(q for q in seen if q.question == "Which enemies do you attack?")
    assert len(first.options) < len(attacks)
    said = labels(seen)
    assert "Attack the first Wolf Riders with 7 ranged (armour 4): defeated" in said
    assert "Attack the Prowlers and others …" in said  # the enemy in most groups opens them
    (pairs,) = [q for q in seen if q.question == "Which enemies do you attack together with the Prowlers?"]
    assert len(pairs.options) == 3
    assert "Attack the Prowlers and the second Wolf Riders with 7 ranged (armour 7): defeated" in said


def test_a_strong_attack_on_three_enemies_is_one_pick_not_seven_options():
    eng, gid = situation(
        phase="attack",
        enemies=["green_prowlers", "gray_swordsmen", "green_diggers"],
        points=[("melee", 30, "")],
    )
    cmds, seen = checked(eng, gid)
    (pick,) = picks(seen)
    assert (pick.min, pick.max, len(pick.options)) == (1, 3, 3)
    assert len([c for c in cmds if c["kind"] == "attack"]) == 7
    assert all(len(q.options) <= 2 for q in seen)


def test_a_picked_attack_is_recorded_byte_for_byte_as_the_listed_one():
    """The pick writes `targets` before `use`, as the machine lists them: golden hashes hold."""
    recorded = []
    for how in ("listed", "picked"):
        eng, gid = situation(
            phase="attack", enemies=["green_prowlers", "gray_swordsmen"], points=[("melee", 9, "")]
        )
        if how == "listed":
            cmd = next(c for c in eng.legal(gid, 0) if c["kind"] == "attack" and len(c["targets"]) == 2)
        else:
            (pick,) = picks(checked(eng, gid)[1])
            cmd = {**pick.command, pick.field: [o.value for o in pick.options]}
        eng.submit(gid, 0, cmd)
        (ev,) = [e for e in eng.store.read(gid) if e.type == "cmd.attack"]
        recorded.append(msgspec.json.encode(ev.data))
    assert recorded[0] == recorded[1]
    assert recorded[0].startswith(b'{"kind":"attack","targets":["green_prowlers#2","gray_swordsmen#2"],"use"')


def test_the_block_phase_says_what_each_block_needs_and_asks_how_many_move_points():
    eng, gid = situation(
        phase="block",
        enemies=["brown_hydra", "gray_crossbowmen", "green_orc_stonethrower"],
        points=[("block", 5, ""), ("move", 3, "")],
    )
    _, seen = checked(eng, gid)
    said = labels(seen)
    assert "Block the Crossbowmen with 5 (needs 8): fails" in said  # swift doubles it
    assert "Block the second attack of the Hydra with 5 (needs 2): blocked" in said
    assert "Spend move points against the Orc Stonethrower …" in said
    assert "Spend 3 move points against the Orc Stonethrower: its attack drops to 4" in said
    assert "Go on to the damage phase" in said


def test_the_damage_phase_asks_who_takes_the_damage_in_words():
    eng, gid = situation(
        phase="damage",
        enemies=["gray_crossbowmen", "green_orc_trackers"],
        units=["peasants", "peasants", "utem_guardsmen"],
    )
    _, seen = checked(eng, gid)
    said = labels(seen)
    assert "The hero takes 4 damage from the Orc Trackers: 2 wounds into your hand" in said  # an assassin
    (who,) = [q for q in seen if q.question == "Who takes the damage from the Crossbowmen?"]
    assert [o.label for o in who.options] == [
        "Your first Peasants take 4 damage from the Crossbowmen: wounded, 1 damage left to assign",
        "Your second Peasants take 4 damage from the Crossbowmen: wounded, 1 damage left to assign",
        "Your Utem Guardsmen take 4 damage from the Crossbowmen: wounded",
        "The hero takes 4 damage from the Crossbowmen: 2 wounds into your hand",
    ]
    eng.submit(gid, 0, who.options[0].command)  # 1 damage left: only that attack is asked now
    _, seen = checked(eng, gid)
    (kind,) = [q for q in seen if q.question.startswith("Who takes the damage")]
    assert kind.question == "Who takes the damage from the Crossbowmen?"
    assert [o.label for o in kind.options][
        -1
    ] == "The hero takes 1 damage from the Crossbowmen: 1 wound into your hand"


def test_a_summoned_enemy_is_named_after_its_summoner():
    eng, gid = situation(enemies=["green_orc_summoners", "green_prowlers"])
    checked(eng, gid)
    eng.submit(gid, 0, {"kind": "next"})  # the summons are drawn for the block phase
    eng.submit(gid, 0, {"kind": "next"})  # nothing blocked: the damage phase
    _, seen = checked(eng, gid)
    assert any("summoned by the Orc Summoners" in label for label in labels(seen))


@pytest.mark.parametrize("seed", [1, 5])
def test_seeded_bot_games_every_combat_decision_agrees(seed):
    eng, gid = new_game("mage-knight", 1, seed=seed)
    rng, asked = bot_rng(seed), 0
    for n in range(160):
        t = eng.table(gid)
        if t.game.combat is not None and eng.prompts(gid) and eng.prompts(gid)[0].seat == 0:
            checked(eng, gid)
            asked += 1
        if decide(eng, gid, rng, n) is None:
            break
    assert asked >= 5


def _e20():
    c = combat_machine.start(
        content(),
        [("K", "gray_crossbowmen"), ("O", "green_prowlers")],  # the examples' armour 4 and 3
        hero_armour=2,
        hand_limit=5,
        site="keep",
        fortified_site=True,
        rampaging=["O"],
    )
    combat_machine.add_points(c, "ranged", "physical", 3, "Ranged Attack 3")
    combat_machine.add_points(c, "siege", "physical", 4, "Siege Attack 4")
    return c


def test_E_20_the_tree_splits_ranged_and_siege_as_the_example_does():
    """E-20, MK:9:Ranged:7a, MK:9:Ranged:2, MK:8:Combat:2b: against a keep's defender (armour 4)
    and a provoked rampager (armour 3, not fortified) with ranged 3 and siege 4, one attack on
    both is not offered; ranged on the rampager and siege on the defender are."""
    c = _e20()
    t = SimpleNamespace(game=SimpleNamespace(combat=c), version=0)
    cmds = combat_machine.legal(c)
    _, seen, leaves = combat_tree(None, t, cmds)
    for q in seen:
        check_question(q)
    assert sorted(map(_canon.encode, leaves)) == sorted(map(_canon.encode, cmds))
    assert all(combat_machine.explain(c, x) is None for x in leaves)
    assert not any(len(x.get("targets", ())) == 2 for x in leaves)
    said = labels(seen)
    assert "Attack the Prowlers with 3 ranged (armour 3): defeated" in said  # ranged on the rampager
    assert "Attack the Crossbowmen with 4 siege (armour 4): defeated" in said  # siege on the defender
    play = next(x for x in leaves if x == {"kind": "attack", "targets": ["O"], "use": ["ranged"]})
    for typ, data in combat_machine.decide(c, play):
        combat_machine.fold(c, typ, data)
    _, seen, leaves = combat_tree(None, t, combat_machine.legal(c))
    assert {"kind": "attack", "targets": ["K"], "use": ["siege"]} in leaves
    assert c.fame == 2


def test_combat_command_sentences_name_enemies_by_print_name():
    eng, gid = situation(phase="damage", enemies=["brown_hydra", "brown_hydra"], units=["peasants"])
    t = eng.table(gid)
    hydra = t.game.combat.enemies[1].uid
    said = {
        kind: combat_words.describe(t, {"type": f"cmd.{kind}", "actor": 0, "data": data})
        for kind, data in {
            "attack": {"targets": [hydra], "use": ["ranged", "siege"]},
            "block": {"enemy": hydra, "attack": 1},
            "cumbersome": {"enemy": hydra, "attack": 0, "points": 2},
            "assign": {"enemy": hydra, "attack": 2, "to": t.game.combat.units[0].uid},
            "next": {},
        }.items()
    }
    assert said["attack"] == "Seat 1 attacks the second Hydra with ranged and siege points."
    assert said["block"] == "Seat 1 blocks the second attack of the second Hydra."
    assert (
        said["assign"]
        == "Seat 1 assigns the damage of the third attack of the second Hydra to your Peasants."
    )
    assert imperative(said["attack"], 0) == "Attack the second Hydra with ranged and siege points"
    for text in said.values():
        assert text and bad_words(text) is None, text
    assert combat_words.describe(t, {"type": "cmd.move", "actor": 0, "data": {}}) is None


def test_a_path_naming_no_open_step_is_a_bad_path():
    eng, gid = situation(
        enemies=["green_prowlers", "green_wolf_riders", "gray_crossbowmen"], points=[("ranged", 7, "")]
    )
    rs, t = eng.ruleset(gid), eng.table(gid)
    cmds = [c for c in eng.legal(gid, 0) if c["kind"] in COMBAT_KINDS]
    for path in (
        [["kind", "block"]],
        [["kind", "move"]],
        [["kind", "attack"], ["with", ["nobody#1"]]],
        [["kind", "attack"], ["use", ["melee"]]],
    ):
        with pytest.raises(BadPath):
            combat_question(rs, t, 0, path, cmds, True)
