"""The fold: how each of the game's own events changes `table.game` (in place)."""
from __future__ import annotations

from engine.games.thunderstone.state import Turn


def _add(into: dict[str, int], more: dict[str, int]) -> None:
    for k, v in more.items():
        into[k] = into.get(k, 0) + v


def apply(t, ev) -> None:
    g, d, typ = t.game, ev.data, ev.type
    tt = g.t
    if typ == "ts.setup":
        g.xp = [0] * d["players"]
        g.variant = d.get("variant", "")
        g.solo_mode = d.get("solo_mode", "")
    elif typ == "cmd.action":
        tt.action, tt.board = d["action"], d.get("board", "")
    elif typ == "ts.boards":
        g.boards = list(d["boards"])
    elif typ == "ts.countdown":
        g.countdown = d["left"]
    elif typ == "ts.angry":
        g.angry.append(d["monster"])
    elif typ == "ts.guardian_in":
        g.guardian_in = True
    elif typ == "ts.turn":
        g.active, g.turn, g.t = d["active"], d["turn"], Turn()
    elif typ == "ts.step":
        tt.step = d["step"]
    elif typ == "ts.used":
        tt.used.append(f"{d['card']}/{d['ability']}")
        tt.gold += d.get("gold", 0)
        tt.light_mod += d.get("light", 0)
        tt.kill_attacker += d.get("kill_attacker", 0)
        _add(tt.atk_mod, d.get("atk", {}))
        _add(tt.mag_mod, d.get("mag", {}))
        _add(tt.mag_any_pos, d.get("mag_any", {}))
        _add(tt.str_mod, d.get("str", {}))
        if "return_on_win" in d:
            tt.return_on_win.append(d["return_on_win"])
    elif typ == "ts.gold":
        tt.total_gold = d["total"]
    elif typ == "ts.xp":
        if d["seat"] is None:
            g.pool = d["total"]
        else:
            g.xp[d["seat"]] = d["total"]
    elif typ == "ts.equipped":
        tt.equip.setdefault(d["hero"], []).append(d["weapon"])
    elif typ == "ts.target":
        tt.target = d["monster"]
    elif typ == "ts.pending":
        if d.get("front"):
            tt.pending[0:0] = d["entries"]
        else:
            tt.pending.extend(d["entries"])
    elif typ == "ts.chose":
        tt.pending.pop(0)
    elif typ == "ts.reduced":
        tt.reductions[d["disease"]] = d["to"]
    elif typ == "ts.doomed":
        tt.doomed.append(d["card"])
    elif typ == "ts.banned":
        tt.banned.append(d["hero"])
    elif typ == "ts.weakened":
        tt.str_minus += d["n"]
    elif typ == "ts.battle":
        tt.won = d["won"]
    elif typ == "ts.gap":
        tt.gap = d["position"]
    elif typ == "ts.spoils":
        tt.spoils, tt.spoils_gold = list(d["sources"]), d["gold"]
    elif typ == "ts.spoiled":
        tt.spoils.remove(d["source"])
    elif typ == "ts.breach_queued":
        tt.breaches.append({"monster": d["monster"], "moved_by": d["moved_by"]})
    elif typ == "ts.breach":
        tt.breaches.pop(0)
    elif typ == "ts.scenario":
        g.scenario = d["scenario"]
