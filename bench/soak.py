"""`make soak`'s choice-tree check (issue 27): over 200 seeded random-bot games per ruleset
and scenario (bench.choices.CASES), no question offers more than 25 options. Too slow for
`make test`, which checks a few games (tests/core/test_choice_sizes.py).

    python -m bench.soak [--games N]    # exit 1 when a question is over the limit
"""

from __future__ import annotations

import argparse
import sys

from bench.choices import CASES, LIMIT, sizes


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.soak", description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="seeded games per ruleset and scenario")
    args = ap.parse_args(argv)
    bad = 0
    for ruleset, label, players, options in CASES:
        seeds = [f"soak-{ruleset}-{label}-{i}" for i in range(args.games)]
        got = sizes(ruleset, players, options, seeds, f"soak-{ruleset}")
        over = got["over"]
        bad += len(over)
        print(
            f"{ruleset} {label}: {len(got['sizes']):,} questions over {args.games} games, largest "
            f"{max(got['sizes'])}, {len(over)} over {LIMIT}" + (f": {over[:3]}" if over else ""),
            flush=True,
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
