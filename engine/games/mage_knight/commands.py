"""Command handlers, one per command kind: each carries out a command the pipeline has already
checked against legal_commands."""

from __future__ import annotations

from engine.games.mage_knight.cards import asks, banners
from engine.games.mage_knight.cards.effects import resolutions
from engine.games.mage_knight.combat import fight
from engine.games.mage_knight.content.load import content
from engine.games.mage_knight.mana import claims as mana_claims
from engine.games.mage_knight.players.dummy_turn import maybe_pick
from engine.games.mage_knight.scenario_commands import PART2_HANDLERS, post_handlers, pre_handlers
from engine.games.mage_knight.skills import centre
from engine.games.mage_knight.skills import passive as passive_skills
from engine.games.mage_knight.turn import actions, rewards, tactics
from engine.games.mage_knight.turn.flow import (
    after_glade,
    after_space,
    announce,
    end_turn,
    level_choice,
    tactics_done,
)


def _tactic(ctx, table, seat, cmd):
    ctx.emit("mk.tactic", {"seat": seat, "tactic": cmd["tactic"]}, rule="MK:4:Round:3a")
    tactics.taken(ctx, table, seat, cmd)
    taken = content().tactics[cmd["tactic"]].effect.get("when_taken")
    if taken:
        actions.resolve(ctx, table, seat, resolutions(taken)[0], "MK:4:Round:3b")
    if table.game.dummy_seat >= 0:
        maybe_pick(ctx, table)
    if not table.game.pickers:
        tactics_done(ctx, table)


def _level_up(ctx, table, seat, cmd):
    level_choice(ctx, table, seat, cmd["skill"], cmd["card"])


def _end_turn(ctx, table, seat, cmd):
    end_turn(ctx, table, seat, cmd.get("discard"))


def _announce(ctx, table, seat, cmd):
    announce(ctx, table, seat)


def _challenge(ctx, table, seat, cmd):
    fight.challenge(ctx, table, seat, cmd["space"])


def _enter(ctx, table, seat, cmd):
    if "pay" in cmd:
        fight.altar(ctx, table, seat, table.game.players[seat].pos, cmd["pay"])
    else:
        fight.enter_site(ctx, table, seat, table.game.players[seat].pos)


def _burn(ctx, table, seat, cmd):
    fight.burn(ctx, table, seat, table.game.players[seat].pos)


RESUMES = {"glade_wound": after_glade, "deep_mine": after_space}


def _answer(ctx, table, seat, cmd):
    """An answer to an ask; the end of the turn's own questions (the magical glade's wound, the
    deep mine's colour, MK:11:EoT:4) then let the end of the turn go on (MK:11:EoT:4-7). Here,
    above both, so that the asks need not know the turn."""
    asked = table.game.asks[0] if table.game.asks else None
    asks.answer(ctx, table, seat, cmd)
    resume = RESUMES.get(asked["do"]) if asked is not None else None
    if resume is not None:
        resume(ctx, table, asked["seat"])


HANDLERS = {
    "tactic": _tactic,
    "level_up": _level_up,
    "play": actions.play,
    "move": actions.move,
    "explore": actions.explore,
    "rest": actions.rest,
    "end_turn": _end_turn,
    "announce": _announce,
    "recruit": actions.recruit,
    "buy_heal": actions.buy_heal,
    "buy_spell": actions.buy_spell,
    "buy_aa": actions.buy_aa,
    "plunder": actions.plunder,
    "activate": actions.activate,
    "ready_unit": actions.ready_unit,
    "tactic_use": tactics.use,
    "reward": rewards.take,
    "skill": actions.use_skill,
    "challenge": _challenge,
    "enter": _enter,
    "burn": _burn,
    "attack": fight.command,
    "block": fight.command,
    "cumbersome": fight.command,
    "assign": fight.command,
    "next": fight.command,
    "banner": banners.use,
    "centre": centre.use,
    "answer": _answer,
    **PART2_HANDLERS,
}


def subscriptions() -> list[tuple[str, object]]:
    def wrap(fn):
        def handler(ctx, table, ev):
            fn(ctx, table, ev.actor, ev.data)

        handler.__name__ = getattr(fn, "__name__", "handler")
        return handler

    return (
        [(f"cmd.{kind}", wrap(fn)) for kind, fn in pre_handlers()]
        + [(f"cmd.{kind}", wrap(fn)) for kind, fn in HANDLERS.items()]
        + [(f"cmd.{kind}", wrap(fn)) for kind, fn in post_handlers()]
        + [("mk.unit_destroyed", banners.unit_gone)]
        + [("mk.unit_destroyed", passive_skills.unit_gone)]
        + [
            ("mk.turn", mana_claims.turn_started),
            ("mk.turn", centre.turn_started),
            ("mk.round", centre.round_started),
            ("mk.round", asks.banners_at_round_start),
        ]
    )  # banner discarded, Bonds token freed, claimed tokens, centre
