"""A random legal bot: it only ever chooses among legal_commands, so it finds stalls."""
from __future__ import annotations

import random

from engine.errors import EngineError


class Stall(EngineError):
    """Nobody can act but the game is not over: always a rules bug."""


def bot_rng(seed: str | int) -> random.Random:
    return random.Random(f"bot:{seed}")  # str seeding is stable across runs and versions


def step(engine, game_id: str, rng: random.Random) -> bool:
    """Play one bot decision; False once the game is over."""
    t = engine.table(game_id)
    if t.over:
        return False
    prompts = engine.prompts(game_id)
    if not prompts:
        raise Stall(f"game {game_id}: no prompt at event {t.version} but the game is not over")
    seat = prompts[0].seat
    legal = engine.legal(game_id, seat)
    if not legal:
        raise Stall(f"game {game_id}: seat {seat} is prompted ({prompts[0].kind}, rule "
                    f"{prompts[0].rule}) at event {t.version} but has no legal command")
    engine.submit(game_id, seat, rng.choice(legal))
    return True


def play_out(engine, game_id: str, seed: str | int, max_commands: int = 200_000) -> int:
    rng = bot_rng(seed)
    for n in range(max_commands):
        if not step(engine, game_id, rng):
            return n
    raise Stall(f"game {game_id}: not over after {max_commands} bot commands")
