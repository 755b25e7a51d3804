"""Game options of DragonLords: each open reading of the rulebook (digest §14.2, INT-nn) that the code
implements so far, with the proposed reading as default. The catalog records the same choices."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reading:
    name: str
    int_id: str
    default: str
    choices: tuple[str, ...]
    says: str


READINGS = (
    Reading("income", "INT-45", "typed", ("typed", "additive"),
            "typed: kingdom/gold/island 5, others 1; additive: 1 for every territory plus 5"),
    Reading("teleport_retreat", "INT-39", "fewer", ("fewer", "not_exceed"),
            "fewer: retreat only if hits < units left (the rulebook's example); not_exceed: hits <= units"),
    Reading("entry_space_counts", "INT-46", "no", ("no", "yes"),
            "no: the Village/Lair a party counts from is position 0; yes: it is the first step"),
)


class OptionError(ValueError):
    pass


def resolve(options: dict[str, str] | None = None) -> dict[str, str]:
    """Defaults overlaid with the given options; an unknown name or value is refused, naming the choices."""
    out = {r.name: r.default for r in READINGS}
    by_name = {r.name: r for r in READINGS}
    for k, v in sorted((options or {}).items()):
        if k not in by_name:
            raise OptionError(f"unknown option {k!r}; options are {', '.join(sorted(by_name))}")
        if str(v) not in by_name[k].choices:
            raise OptionError(f"option {k}={v!r} ({by_name[k].int_id}): choose one of {', '.join(by_name[k].choices)}")
        out[k] = str(v)
    return out
