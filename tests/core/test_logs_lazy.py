"""structlog is imported only for a log line that is written (simulate workers start faster),
and the lines that are written come out as before: errors always, info when asked for."""

from __future__ import annotations

import json
import os
import subprocess
import sys

PLAY = (
    "import sys\n"
    "from engine.pipeline import Engine\n"
    "eng = Engine(':memory:')\n"
    "gid = eng.create('duel', 2, 5)\n"
    "eng.submit(gid, 0, eng.legal(gid, 0)[0])\n"
    "with eng.batch():\n"
    "    eng.submit(gid, 1, eng.legal(gid, 1)[0])\n"
    "print('structlog' in sys.modules)\n"
)


def _run(code: str, level: str | None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "RUNELEDGER_LOG"}
    if level:
        env["RUNELEDGER_LOG"] = level
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)


def test_a_game_at_the_default_level_never_imports_structlog():
    out = _run(PLAY, None)
    assert out.stdout.strip() == "False" and out.stderr == ""


def test_info_level_writes_a_json_line_per_command():
    out = _run(PLAY, "info")
    lines = [json.loads(x) for x in out.stderr.splitlines()]
    assert [x["event"] for x in lines] == ["game_created", "command", "command"]
    assert all(x["level"] == "info" for x in lines) and out.stdout.strip() == "True"


def test_an_error_line_imports_structlog_and_is_written_at_the_default_level():
    code = (
        "import sys\n"
        "from engine.logs import configure, get_logger\n"
        "configure()\n"
        "log = get_logger('t').bind(a=1)\n"
        "log.info('dropped', x=1)\n"
        "print('structlog' in sys.modules)\n"
        "log.error('kept', x=2)\n"
        "print('structlog' in sys.modules)\n"
    )
    out = _run(code, None)
    assert out.stdout.split() == ["False", "True"]
    (line,) = [json.loads(x) for x in out.stderr.splitlines()]
    assert line == {"a": 1, "x": 2, "event": "kept", "level": "error"}


def test_the_bus_and_the_table_server_log_as_configure_set_it():
    """Their error lines come out as the core's do (JSON on stderr at the configured level),
    also when configure() put off importing structlog before they were loaded."""
    code = (
        "from engine.logs import configure\n"
        "configure()\n"
        "from bus import listeners\n"
        "from server import app\n"
        "listeners.log.error('listener_failed', listener='x')\n"
        "app.log.info('dropped')\n"
        "app.log.error('table_bot_failed', game_id='g')\n"
    )
    out = _run(code, None)
    assert out.stdout == ""
    lines = [json.loads(x) for x in out.stderr.splitlines()]
    assert [(x["event"], x["level"]) for x in lines] == [
        ("listener_failed", "error"),
        ("table_bot_failed", "error"),
    ]


def test_a_structlog_configured_by_someone_else_is_left_as_it_is():
    code = (
        "from engine.logs import configure, get_logger\n"
        "configure()\n"
        "import structlog, sys\n"
        "structlog.configure(processors=[structlog.processors.KeyValueRenderer()],\n"
        "                    logger_factory=structlog.PrintLoggerFactory(sys.stdout))\n"
        "get_logger('t').error('mine', a=1)\n"
    )
    out = _run(code, None)
    assert out.stdout.strip() == "a=1 event='mine'" and out.stderr == ""
