"""A searching bot's strength per seat (issue 30 items 5 and 6): named levels scale the
standard's iterations or candidate turns, an exact count may be asked for, a strength for a
bot that does not search is refused with the reason, and a simulated study records each seat's
count so that it re-runs exactly."""

import json
import random

import pytest

from bots import strength
from bots.planner import PLANS
from bots.players import BotPlay, BotsError, parse_bots
from bots.strong import strong
from engine.pipeline import Engine
from sim.simulate import UsageError, simulate
from store import EventStore, MemoryStore


def test_levels_scale_the_standard_of_each_searching_bot():
    assert [strength.effort("mcts", lv, "duel") for lv in ("quick", "", "standard", "deep", "deepest")] == [
        8,
        32,
        32,
        128,
        512,
    ]
    assert (
        strength.effort("mcts", "deep", "duel", mcts_iterations=10) == 40
    )  # --mcts-iterations is the standard
    assert strength.effort("mcts", "200", "duel") == 200
    ts = strong("thunderstone").iterations
    assert strength.effort("strong", "deep", "thunderstone") == 4 * ts
    assert strength.effort("strong", "quick", "mage-knight") == PLANS // 4  # a planner's candidate turns
    assert "candidate turns a plan" in strength.describe("strong:deep", "mage-knight")
    assert strength.describe("mcts:deep", "duel") == "mcts, deep: 128 search iterations a decision"


def test_a_strength_is_parsed_per_seat_and_spaces_do_not_matter():
    assert parse_bots("mcts : deep, strong", 2) == ("mcts:deep", "strong")
    assert parse_bots("mcts:standard", 1) == ("mcts:standard",)
    assert parse_bots("strong:quick", 3, "mage-knight") == ("strong:quick",) * 3


@pytest.mark.parametrize(
    ("spec", "ruleset", "why"),
    [
        ("greedy:deep", None, "the greedy bot has no strength setting: it does not search"),
        ("random:quick", None, "the random bot has no strength setting"),
        (
            "mcts:fast",
            None,
            "unknown strength 'fast' for the mcts bot: choose quick, standard, deep, deepest",
        ),
        ("mcts:0", None, "unknown strength '0'"),
        ("mcts:1000001", None, "from 1 to 100,000"),
        ("strong:deep", "dragonlords", "the strong bot of dragonlords is greedy"),
        ("genius:deep", None, "unknown bot 'genius'"),
    ],
)
def test_a_strength_that_cannot_be_had_is_refused_with_its_reason(spec, ruleset, why):
    with pytest.raises(BotsError, match=why):
        parse_bots(spec, 1, ruleset)


def test_the_planner_thinks_with_the_candidate_turns_of_its_strength():
    eng = Engine(MemoryStore())
    gid = eng.create("mage-knight", 2, 4, {"scenario": "full_conquest"}, game_id="mk-strength")
    play = BotPlay(("strong:quick", "strong:7"))
    for _ in range(6):
        prompt = eng.prompts(gid)[0]
        legal = eng.legal(gid, prompt.seat)
        eng.submit(gid, prompt.seat, play.choose(eng, gid, prompt.seat, legal, random.Random(1)))
    plans = {seat: p.plans for (_g, seat), p in play.planners.items()}
    assert plans and all(plans[s] == (PLANS // 4 if s == 0 else 7) for s in plans), plans


def _events(db: str) -> list[list[tuple]]:
    store = EventStore(db)
    try:
        return [
            [
                (
                    e.type,
                    e.actor,
                    json.dumps({k: v for k, v in e.data.items() if k not in ("salt", "seed_hash")}),
                )
                for e in store.read(g)
            ]
            for g in sorted(store.game_ids())
        ]
    finally:
        store.close()


def test_a_study_records_each_seats_count_and_re_runs_exactly_from_it(tmp_path):
    s = simulate(str(tmp_path / "a.db"), "epochs", 1, 2, seed=3, bots="mcts:quick,greedy")
    assert s.bots == ["mcts:8", "greedy"]  # the count, not the word: the standard may be set otherwise
    again = simulate(str(tmp_path / "b.db"), "epochs", 1, 2, seed=3, bots=",".join(s.bots))
    assert again.bots == s.bots
    assert _events(str(tmp_path / "a.db")) == _events(str(tmp_path / "b.db"))
    other = simulate(str(tmp_path / "c.db"), "epochs", 1, 2, seed=3, bots="mcts:deep,greedy")
    assert other.bots == ["mcts:128", "greedy"]
    assert _events(str(tmp_path / "c.db")) != _events(str(tmp_path / "a.db"))
    plain = simulate(str(tmp_path / "d.db"), "epochs", 1, 2, seed=3, bots="mcts:standard,strong")
    assert plain.bots == ["mcts", "strong"]  # the standard strength is recorded as before strengths


def test_simulate_refuses_a_strength_the_ruleset_cannot_give_and_stores_nothing(tmp_path):
    db = tmp_path / "x.db"
    with pytest.raises(UsageError, match="the strong bot of dragonlords is greedy"):
        simulate(str(db), "dragonlords", 1, 2, bots="strong:deep")
    store = EventStore(str(db))
    try:
        assert store.game_ids() == []
    finally:
        store.close()
