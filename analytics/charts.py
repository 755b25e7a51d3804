"""The report's charts (matplotlib, drawn to SVG): bars with optional 95% whiskers, histograms
and lines, in one style, so every figure of the report reads alike."""

from __future__ import annotations

import io
import re

from engine import language

_GAME = re.compile(r"^([a-z][a-z-]*): (.+)$", re.S)  # "mage-knight: fame by round"


def said(text: str) -> str:
    """A figure's words in the language (`engine.language`, set by `runeledger --lang`): a
    title's ruleset name ("mage-knight: ...") is kept, the rest said; names in it too."""
    m = _GAME.match(text)
    if m is None:
        return str(language.say(text))
    return f"{m[1]}: {language.say(m[2])}"


def _plt():
    # late: matplotlib is slow to import; only a chart needs it
    import matplotlib

    matplotlib.use("Agg")
    # late: matplotlib is slow to import; only a chart needs it
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "runeledger"  # the same data gives the same SVG
    plt.rcParams["svg.fonttype"] = "none"  # words as text: read, searched and said in the language
    return plt


def svg(fig) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    _plt().close(fig)
    text = buf.getvalue()
    return text[text.index("<svg") :]


def bar(
    title: str,
    labels: list[str],
    values: list[float],
    ylabel: str,
    spans: list[tuple[float, float]] | None = None,
):
    """A bar chart; `spans` (low, high) per bar draws each bar's 95% interval."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    err = None
    if spans is not None:
        err = [  # rounding can put a rate a hair outside its interval: no negative whisker
            [max(0.0, v - lo) for v, (lo, _) in zip(values, spans, strict=True)],
            [max(0.0, hi - v) for v, (_, hi) in zip(values, spans, strict=True)],
        ]
    ax.bar(range(len(labels)), values, color="#4c72b0", yerr=err, capsize=3 if err else 0)
    ax.set_xticks(
        range(len(labels)),
        [said(x) for x in labels],
        rotation=45 if len(labels) > 6 else 0,
        ha="right" if len(labels) > 6 else "center",
        fontsize=8,
    )
    ax.set_title(said(title))
    ax.set_ylabel(said(ylabel))
    return fig


def hist(title: str, values: list[float], xlabel: str):
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    ax.hist(values, bins=min(30, max(5, len(set(values)))), color="#55a868")
    ax.set_title(said(title))
    ax.set_xlabel(said(xlabel))
    ax.set_ylabel(said("games"))
    return fig


def lines(title: str, series: dict[str, tuple[list[float], list[float]]], xlabel: str, ylabel: str):
    """One line per series (label -> (xs, ys)), with a legend."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    for label, (xs, ys) in series.items():
        ax.plot(xs, ys, marker="o", markersize=3, label=said(label))
    ax.set_title(said(title))
    ax.set_xlabel(said(xlabel))
    ax.set_ylabel(said(ylabel))
    if series:
        ax.legend(fontsize=7, ncol=2)
    return fig
