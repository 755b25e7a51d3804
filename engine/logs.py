"""Structured logging: one line per command (info), JSON on stderr when not on a terminal.

The level comes from RUNELEDGER_LOG (default warning): simulations of thousands of games
should not pay for formatting lines nobody reads. Nor for importing structlog (about 70 ms of
a process's start-up, serial work in `simulate --workers N`): at a level above info it is
imported with the first line at or above that level, which a normal run never writes.
"""

import logging
import os
import sys
from types import ModuleType
from typing import Any

# The level configure() asked for while structlog is not imported yet: lines below it are
# dropped here; the first line at or above it imports and configures structlog. None once
# structlog is in use (or before any configure(): then structlog's own defaults apply).
_pending: int | None = None


def configure(level: str | None = None, force: bool = False) -> None:
    global _pending
    if not force and (_pending is not None or _structlog_configured()):
        return
    name = (level or os.environ.get("RUNELEDGER_LOG", "warning")).upper()
    if "structlog" not in sys.modules and getattr(logging, name) > logging.INFO:
        _pending = getattr(logging, name)
        return
    _setup(name)


def _structlog_configured() -> bool:
    structlog = sys.modules.get("structlog")
    return structlog is not None and structlog.is_configured()


def _setup(name: str) -> None:
    global _pending
    # late: structlog is imported only for a log line that is written (tests/core/test_logs_lazy.py)
    import structlog

    _pending = None
    renderer = structlog.dev.ConsoleRenderer() if sys.stderr.isatty() else structlog.processors.JSONRenderer()
    structlog.configure(
        processors=[structlog.processors.add_log_level, renderer],
        wrapper_class=structlog.make_filtering_bound_logger(getattr(logging, name)),
        logger_factory=structlog.PrintLoggerFactory(sys.stderr),
        cache_logger_on_first_use=False,
    )


def _live() -> ModuleType:
    """structlog, configured at the level asked for if that was put off (unless someone
    configured structlog meanwhile: theirs stands, as configure() without force leaves it)."""
    global _pending
    if _pending is not None:
        if _structlog_configured():
            _pending = None
        else:
            _setup(logging.getLevelName(_pending))
    # late: structlog is imported only for a log line that is written (tests/core/test_logs_lazy.py)
    import structlog

    return structlog


class Logger:
    """`structlog.get_logger(name)` that imports structlog only for a line that is written.
    Every module of the project logs through it, so a line written anywhere comes out in
    the format and at the level `configure` set (the core, the bus, the table server)."""

    __slots__ = ("context", "name")

    def __init__(self, name: str, context: dict[str, Any] | None = None):
        self.name, self.context = name, context or {}

    def bind(self, **values: Any) -> Any:
        """structlog's bound logger once it is in use (bound once, cheap per line); until
        then this facade with the values kept."""
        if _pending is None:
            return _live().get_logger(self.name).bind(**self.context, **values)
        return Logger(self.name, {**self.context, **values})

    def _line(self, level: int, method: str, event: str, values: dict[str, Any]) -> None:
        if _pending is not None and level < _pending:
            return
        getattr(_live().get_logger(self.name), method)(event, **self.context, **values)

    def debug(self, event: str, **values: Any) -> None:
        self._line(logging.DEBUG, "debug", event, values)

    def info(self, event: str, **values: Any) -> None:
        self._line(logging.INFO, "info", event, values)

    def warning(self, event: str, **values: Any) -> None:
        self._line(logging.WARNING, "warning", event, values)

    def error(self, event: str, **values: Any) -> None:
        self._line(logging.ERROR, "error", event, values)


def dropped(level: int) -> bool:
    """True while lines at `level` are dropped before structlog is even imported (the level
    configure() put off): a caller may then skip building a line at all."""
    return _pending is not None and level < _pending


def get_logger(name: str) -> Logger:
    return Logger(name)
