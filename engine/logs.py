"""Structured logging: one line per command (info), JSON on stderr when not on a terminal.

The level comes from RUNELEDGER_LOG (default warning): simulations of thousands of games
should not pay for formatting lines nobody reads.
"""
import logging
import os
import sys

import structlog


def configure(level: str | None = None, force: bool = False) -> None:
    if structlog.is_configured() and not force:
        return
    level = (level or os.environ.get("RUNELEDGER_LOG", "warning")).upper()
    renderer = (structlog.dev.ConsoleRenderer() if sys.stderr.isatty()
                else structlog.processors.JSONRenderer())
    structlog.configure(
        processors=[structlog.processors.add_log_level, renderer],
        wrapper_class=structlog.make_filtering_bound_logger(getattr(logging, level)),
        logger_factory=structlog.PrintLoggerFactory(sys.stderr),
        cache_logger_on_first_use=False,
    )
