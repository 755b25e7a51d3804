"""The raw SQLite reference of the store rows (bench/storage.py) writes what the store writes:
the same event and streams rows and, in each transaction, the store head the store wrote at
that point. A constant head would let SQLite skip the meta page on every commit (an UPDATE
that writes the bytes already there leaves its page clean) and flatter the reference."""

import pytest

from bench import storage
from store import EventStore


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("bench-ref")
    work = storage.record_workload(3, rounds=4)
    storage.rl_append(str(tmp / "rl.db"), work, storage.GROUP)
    return tmp, work, storage.raw_rows(str(tmp / "rl.db"), work)


def test_each_command_has_its_own_store_head(written):
    _, work, rows = written
    assert len(rows.heads) == len(work.commands) == len(set(rows.heads))
    assert [int(h.split(":")[0]) for h in rows.heads][-1] == work.events


@pytest.mark.parametrize("size", [1, 5, storage.GROUP])
def test_the_reference_file_ends_with_the_store_head_the_store_wrote(written, size):
    tmp, _, rows = written
    storage.raw_append(str(tmp / f"raw-{size}.db"), rows, size)
    rl, raw = EventStore(str(tmp / "rl.db")), EventStore(str(tmp / f"raw-{size}.db"))
    try:
        assert raw.store_head() == rl.store_head()
        # the bench stores no seeds; everything else (chains, streams, store head) verifies
        assert {f["kind"] for f in raw.verify().faults} <= {"seed"}
    finally:
        rl.close()
        raw.close()
