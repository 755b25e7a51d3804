"""The parts of `make bench` kept apart, so one part can be measured again without the hours a
whole run takes (the bot ladder alone is most of them) and the report still shows every part.

Each part's rows, its "how it was measured" notes (written when it was measured, with the
settings it ran with) and its own provenance (date, commit, load, minutes, quick or full) are
kept in bench/results/<part>.json; bench/results.md is made from all of them, each part under
a heading that says when and on which code it was measured. A figure and its reference always
come from the same part, so from the same run.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from bench.common import Row


class Measured(msgspec.Struct):
    """One part as measured: its rows, its notes (markdown lines) and where they come from."""

    part: str
    date: str  # UTC, minutes
    commit: str  # bench.run.code_state(): the commit and any uncommitted change outside bench/
    load_start: float
    load_end: float
    seconds: float
    quick: bool
    rows: list[Row]
    how: list[str]  # the part's bullets of "How each figure was measured"
    extra: list[str] = []  # a section of its own (the profile's tables)

    def provenance(self) -> str:
        return (
            f"measured {self.date}{' with --quick (fewer games and repeats)' if self.quick else ''}, "
            f"{self.commit}; load average {self.load_start:.2f} at the start, "
            f"{self.load_end:.2f} at the end; {self.seconds / 60:.1f} min"
        )


_encoder = msgspec.json.Encoder(order="sorted")


def path_of(folder: Path, part: str) -> Path:
    return folder / f"{part}.json"


def keep(folder: Path, measured: Measured) -> None:
    """Write the part atomically: a run stopped half-way leaves the previous figures whole."""
    folder.mkdir(parents=True, exist_ok=True)
    final = path_of(folder, measured.part)
    part = final.with_suffix(".json.part")
    part.write_bytes(msgspec.json.format(_encoder.encode(measured), indent=1) + b"\n")
    part.replace(final)


def kept(folder: Path, part: str) -> Measured | None:
    """The part as last measured; None if never, or if its file no longer reads as one (it is
    then reported as not measured, never half-trusted)."""
    path = path_of(folder, part)
    if not path.exists():
        return None
    try:
        got = msgspec.json.decode(path.read_bytes(), type=Measured)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None
    return got if got.part == part else None
