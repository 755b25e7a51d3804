"""Every legal command has a readable label (`engine.narration.command_labels`): words from
the game's own sentence for that decision, no JSON, no card ids, the card it names, and no two
alike in one seat's list; the commands a player weighs (a purchase, an attack, a siege, a unit
to deploy, a card to give up) carry the game's preview too."""

from __future__ import annotations

import pytest

from bots.random_bot import bot_rng, decide
from engine import narration, registry
from engine.mechanics.zones import card_name
from sim.testing import new_game

PREVIEWED = {
    "thunderstone": {"buy", "attack", "level"},
    "rune-age": {"buy", "acquire", "attack", "play", "tribute", "keep", "casualty", "use_influence"},
    "epochs": {"deploy", "target", "marker", "jump", "keep_relic", "keep_medal", "challenge", "fight_epoch"},
    "dragonlords": {"buy", "attack", "sneak"},
}


@pytest.mark.parametrize("name", sorted(PREVIEWED))
def test_every_legal_command_has_a_readable_distinct_label_and_the_weighty_ones_a_preview(name):
    rs = registry.get(name)
    kinds: set[str] = set()
    for players in rs.players[:3]:
        for seed in (1, 2):
            eng, gid = new_game(name, players, seed)
            rng = bot_rng(f"labels:{seed}")
            for _ in range(250):
                prompts = eng.prompts(gid)
                if not prompts:
                    break
                t = eng.table(gid)
                for seat in sorted({p.seat for p in prompts}):
                    legal = eng.legal(gid, seat)
                    labels = narration.command_labels(rs, t, seat, legal)
                    assert len(set(labels)) == len(labels), labels
                    for cmd, label in zip(legal, labels, strict=True):
                        kinds.add(cmd["kind"])
                        assert label and not any(ch in label for ch in '{}#"'), (cmd, label)
                        for v in cmd.values():
                            if isinstance(v, str) and v != cmd["kind"] and "#" in v:
                                assert card_name(v) in label, (cmd, label)
                        if cmd["kind"] in PREVIEWED[name]:
                            text = rs.preview(t, seat, cmd)
                            assert isinstance(text, str) and text and "{" not in text, (cmd, text)
                decide(eng, gid, rng)
    assert kinds & PREVIEWED[name], f"{name}: the games offered none of the previewed kinds"


async def test_the_view_gives_a_label_for_each_legal_command(tmp_path):
    from test_api import call, make_app, seat_to_move

    app = make_app(tmp_path)
    _, out = await call(app, "POST", "/api/games", {"ruleset": "rune-age", "players": 2, "seed": 4})
    mover, _, _ = await seat_to_move(app, out)
    _, v = await call(app, "GET", f"/api/games/{out['game_id']}/view", token=mover)
    assert len(v["labels"]) == len(v["legal"]) and all(isinstance(x, str) for x in v["labels"])
    assert "End the turn" in v["labels"]
    _, ref = await call(app, "GET", f"/api/games/{out['game_id']}/view", token=out["referee_token"])
    assert set(ref["labels"]) == set(ref["legal"])
