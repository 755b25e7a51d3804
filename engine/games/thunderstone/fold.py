"""The fold: how each of the game's own events changes `table.game` (in place)."""

from __future__ import annotations

from engine.games.thunderstone.state import Turn


def _add(into: dict[str, int], more: dict[str, int]) -> None:
    for k, v in more.items():
        into[k] = into.get(k, 0) + v


def _setup(game, d) -> None:
    game.xp = [0] * d["players"]
    game.variant = d.get("variant", "")
    game.solo_mode = d.get("solo_mode", "")


def _action(game, d) -> None:
    tt = game.t
    tt.action, tt.board = d["action"], d.get("board", "")


def _boards(game, d) -> None:
    game.boards = list(d["boards"])


def _countdown(game, d) -> None:
    game.countdown = d["left"]


def _angry(game, d) -> None:
    game.angry.append(d["monster"])


def _guardian_in(game, d) -> None:
    game.guardian_in = True


def _turn(game, d) -> None:
    game.active, game.turn, game.t = d["active"], d["turn"], Turn()


def _step(game, d) -> None:
    game.t.step = d["step"]


def _used(game, d) -> None:
    tt = game.t
    tt.used.append(f"{d['card']}/{d['ability']}")
    tt.gold += d.get("gold", 0)
    tt.light_mod += d.get("light", 0)
    tt.kill_attacker += d.get("kill_attacker", 0)
    tt.buys += d.get("buys", 0)
    tt.extra_draw += d.get("extra_draw", 0)
    _add(tt.atk_mod, d.get("atk", {}))
    _add(tt.mag_mod, d.get("mag", {}))
    _add(tt.mag_any_pos, d.get("mag_any", {}))
    _add(tt.str_mod, d.get("str", {}))
    if "return_on_win" in d:
        tt.return_on_win.append(d["return_on_win"])


def _gold(game, d) -> None:
    game.t.total_gold = d["total"]


def _xp(game, d) -> None:
    if d["seat"] is None:
        game.pool = d["total"]
    else:
        game.xp[d["seat"]] = d["total"]


def _equipped(game, d) -> None:
    game.t.equip.setdefault(d["hero"], []).append(d["weapon"])


def _target(game, d) -> None:
    game.t.target = d["monster"]


def _pending(game, d) -> None:
    if d.get("front"):
        game.t.pending[0:0] = d["entries"]
    else:
        game.t.pending.extend(d["entries"])


def _chose(game, d) -> None:
    game.t.pending.pop(0)


def _reduced(game, d) -> None:
    game.t.reductions[d["disease"]] = d["to"]


def _doomed(game, d) -> None:
    game.t.doomed.append(d["card"])


def _banned(game, d) -> None:
    game.t.banned.append(d["hero"])


def _weakened(game, d) -> None:
    game.t.str_minus += d["n"]
    game.t.atk_minus += d.get("attack", 0)


def _battle(game, d) -> None:
    game.t.won = d["won"]


def _gap(game, d) -> None:
    game.t.gap = d["position"]


def _spoils(game, d) -> None:
    game.t.spoils, game.t.spoils_gold = list(d["sources"]), d["gold"]


def _spoiled(game, d) -> None:
    game.t.spoils.remove(d["source"])


def _breach_queued(game, d) -> None:
    game.t.breaches.append({"monster": d["monster"], "moved_by": d["moved_by"]})


def _breach(game, d) -> None:
    game.t.breaches.pop(0)


def _bought(game, d) -> None:
    game.t.bought += 1
    game.t.spent += d["price"]


def _kept(game, d) -> None:
    game.t.keep += d["cards"]


def _scenario(game, d) -> None:
    game.scenario = d["scenario"]


# event type -> its fold; a type not listed changes nothing of the game's own state
FOLD = {
    "ts.setup": _setup,
    "cmd.action": _action,
    "ts.boards": _boards,
    "ts.countdown": _countdown,
    "ts.angry": _angry,
    "ts.guardian_in": _guardian_in,
    "ts.turn": _turn,
    "ts.step": _step,
    "ts.used": _used,
    "ts.gold": _gold,
    "ts.xp": _xp,
    "ts.equipped": _equipped,
    "ts.target": _target,
    "ts.pending": _pending,
    "ts.chose": _chose,
    "ts.reduced": _reduced,
    "ts.doomed": _doomed,
    "ts.banned": _banned,
    "ts.weakened": _weakened,
    "ts.battle": _battle,
    "ts.gap": _gap,
    "ts.spoils": _spoils,
    "ts.spoiled": _spoiled,
    "ts.breach_queued": _breach_queued,
    "ts.breach": _breach,
    "ts.scenario": _scenario,
    "ts.bought": _bought,
    "ts.kept": _kept,
}
_step_of = FOLD.get


def apply(table, ev) -> None:
    step = _step_of(ev.type)
    if step is not None:
        step(table.game, ev.data)
