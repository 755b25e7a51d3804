"""The fold: how each of the game's own events changes `table.game` (in place)."""

from __future__ import annotations

from engine.games.thunderstone.state import Turn


def _add(into: dict[str, int], more: dict[str, int]) -> None:
    for k, v in more.items():
        into[k] = into.get(k, 0) + v


def _setup(g, d) -> None:
    g.xp = [0] * d["players"]
    g.variant = d.get("variant", "")
    g.solo_mode = d.get("solo_mode", "")


def _action(g, d) -> None:
    tt = g.t
    tt.action, tt.board = d["action"], d.get("board", "")


def _boards(g, d) -> None:
    g.boards = list(d["boards"])


def _countdown(g, d) -> None:
    g.countdown = d["left"]


def _angry(g, d) -> None:
    g.angry.append(d["monster"])


def _guardian_in(g, d) -> None:
    g.guardian_in = True


def _turn(g, d) -> None:
    g.active, g.turn, g.t = d["active"], d["turn"], Turn()


def _step(g, d) -> None:
    g.t.step = d["step"]


def _used(g, d) -> None:
    tt = g.t
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


def _gold(g, d) -> None:
    g.t.total_gold = d["total"]


def _xp(g, d) -> None:
    if d["seat"] is None:
        g.pool = d["total"]
    else:
        g.xp[d["seat"]] = d["total"]


def _equipped(g, d) -> None:
    g.t.equip.setdefault(d["hero"], []).append(d["weapon"])


def _target(g, d) -> None:
    g.t.target = d["monster"]


def _pending(g, d) -> None:
    if d.get("front"):
        g.t.pending[0:0] = d["entries"]
    else:
        g.t.pending.extend(d["entries"])


def _chose(g, d) -> None:
    g.t.pending.pop(0)


def _reduced(g, d) -> None:
    g.t.reductions[d["disease"]] = d["to"]


def _doomed(g, d) -> None:
    g.t.doomed.append(d["card"])


def _banned(g, d) -> None:
    g.t.banned.append(d["hero"])


def _weakened(g, d) -> None:
    g.t.str_minus += d["n"]
    g.t.atk_minus += d.get("attack", 0)


def _battle(g, d) -> None:
    g.t.won = d["won"]


def _gap(g, d) -> None:
    g.t.gap = d["position"]


def _spoils(g, d) -> None:
    g.t.spoils, g.t.spoils_gold = list(d["sources"]), d["gold"]


def _spoiled(g, d) -> None:
    g.t.spoils.remove(d["source"])


def _breach_queued(g, d) -> None:
    g.t.breaches.append({"monster": d["monster"], "moved_by": d["moved_by"]})


def _breach(g, d) -> None:
    g.t.breaches.pop(0)


def _bought(g, d) -> None:
    g.t.bought += 1
    g.t.spent += d["price"]


def _kept(g, d) -> None:
    g.t.keep += d["cards"]


def _scenario(g, d) -> None:
    g.scenario = d["scenario"]


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


def apply(t, ev) -> None:
    step = _step_of(ev.type)
    if step is not None:
        step(t.game, ev.data)
