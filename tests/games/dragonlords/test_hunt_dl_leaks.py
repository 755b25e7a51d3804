"""Hunt: what a spectator or another seat reads of DragonLords' secret chip placement
(DL:2.3/placement: which unit carries the King, the Wizard or the decoy is hidden).

A redacted event still shows its type, rule, actor and cause, so none of those may depend on the
secret: the first wizard's chip once cited DL:2.3.5 (its Heal and Fireball pegs) where the King's
and the decoy's cited DL:2.3/placement, and every public log said which unit was the wizard."""

import pytest

from bots.random_bot import bot_rng, step
from projections.audit import audit
from projections.views import log_view
from sim.testing import engine


def _after_chips(players, seed):
    eng = engine()
    gid = eng.create("dragonlords", players, seed)
    rng = bot_rng(seed)
    while eng.table(gid).game.phase.startswith("setup"):
        step(eng, gid, rng)
    return eng, gid


def _blind(ev):
    """What tells one chip-bearer's redacted event from another's, beyond where it stands."""
    d = {k: v for k, v in ev["data"].items() if k not in ("id", "seq", "loc")}
    return (ev["type"], ev["rule"], ev["actor"], ev["cause"], ev.get("redacted"), tuple(sorted(d.items())))


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 5), (4, 7)])
def test_chip_bearers_look_alike_to_others_DL_2_3_placement(players, seed):
    eng, gid = _after_chips(players, seed)
    rs, events, g = eng.ruleset(gid), eng.store.read(gid), eng.table(gid).game
    placed = [e for e in events if e.type == "dl.hero_new" and e.data["role"] in ("king", "wizard", "decoy")]
    assert len(placed) == 3 * len(g.armies)
    for who in [None, *range(players)]:
        seen = {e["version"]: e for e in log_view(rs, events, who)}
        for army in range(len(g.armies)):
            if who is not None and g.armies[army].seat == who:
                continue
            mine = [seen[e.version] for e in placed if e.data["army"] == army]
            assert len({_blind(e) for e in mine}) == 1, mine


def test_the_audit_of_a_chip_does_not_name_the_wizards_rule_DL_2_3_placement():
    eng, gid = _after_chips(2, 3)
    events = eng.store.read(gid)
    wizard = next(e for e in events if e.type == "dl.hero_new" and e.data["role"] == "wizard")
    king = next(
        e
        for e in events
        if e.type == "dl.hero_new" and e.data["role"] == "king" and e.data["army"] == wizard.data["army"]
    )
    seat = eng.table(gid).game.armies[wizard.data["army"]].seat
    for who in (None, 1 - seat):
        a, b = audit(eng.store, gid, wizard.version, who), audit(eng.store, gid, king.version, who)
        assert [c["rule"] for c in a["chain"]] == [c["rule"] for c in b["chain"]]
        assert "Fireball" not in str(a["chain"]) and "Fireball" not in str(a["inputs"])
