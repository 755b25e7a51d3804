"""`make run` (sim.main_job): the README's first command plays, replays and verifies its games."""

from __future__ import annotations

import subprocess
import sys


def test_main_job_plays_replays_and_verifies(tmp_path):
    db = tmp_path / "run.db"
    out = subprocess.run(
        [sys.executable, "-m", "sim.main_job", "--db", str(db), "--games", "1"],
        capture_output=True,
        text=True,
        timeout=600,
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"},
    )
    assert out.returncode == 0, out.stderr
    assert "hash chains: intact" in out.stdout
    assert "DIFFERS" not in out.stdout and out.stdout.count("identical") >= 5
    for name in ("thunderstone", "rune-age", "epochs", "mage-knight", "dragonlords"):
        assert f"{name}: 1 games" in out.stdout
    assert "Traceback" not in out.stderr
