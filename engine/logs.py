"""Structured logging: one line per command, JSON when not on a terminal."""
import logging
import sys

import structlog

_configured = False


def configure(level: str = "WARNING") -> None:
    global _configured
    if _configured:
        return
    _configured = True
    renderer = (structlog.dev.ConsoleRenderer() if sys.stderr.isatty()
                else structlog.processors.JSONRenderer())
    structlog.configure(
        processors=[structlog.processors.add_log_level, renderer],
        wrapper_class=structlog.make_filtering_bound_logger(getattr(logging, level)),
        logger_factory=structlog.PrintLoggerFactory(sys.stderr),
        cache_logger_on_first_use=False,
    )
