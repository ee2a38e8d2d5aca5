"""Bar charts as plain geometry for an inline SVG drawn by a template (operator/_chart.html).

No script and no inline style (the pages' CSP): the template writes rectangles and text with
SVG attributes, and colours come from classes in casino.css.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Frame:
    """The viewBox and the room kept around the bars for the axis labels."""

    width: int = 400
    height: int = 124
    left: int = 46
    right: int = 6
    top: int = 8
    bottom: int = 20


CHART = Frame()
SPARK = Frame(120, 30, 0, 0, 2, 2)  # a sparkline: no labels


@dataclass
class Bar:
    x: float
    y: float
    w: float
    h: float
    kind: str  # a class: "up" or "down" (above or below zero)
    title: str  # what a pointer or a screen reader gets for this bar


@dataclass
class Tick:
    at: float
    text: str


@dataclass
class Chart:
    title: str
    frame: Frame
    bars: list[Bar]
    y_ticks: list[Tick]
    x_ticks: list[Tick]
    zero: float


def short_money(cents: int) -> str:
    """An axis label: "$500", "$2k", "-$1.5M"."""
    sign, dollars = ("-" if cents < 0 else ""), abs(cents) / 100
    for size, unit in ((1_000_000, "M"), (1_000, "k")):
        if dollars >= size:
            return f"{sign}${dollars / size:g}{unit}"
    return f"{sign}${dollars:g}"


def _nice(value: int) -> int:
    """The smallest 1, 2 or 5 times a power of ten at or above ``value`` (cents)."""
    step = 100
    while True:
        for m in (1, 2, 5):
            if m * step >= value:
                return m * step
        step *= 10


def bars(title: str, labels: Sequence[str], values: Sequence[int], describe: Callable[[int, int], str],
         every: int = 1, frame: Frame = CHART) -> Chart:
    """One bar per value (cents), from a zero line that sits where the signs put it; an x label
    every ``every`` bars; ``describe(i, value)`` is each bar's title."""
    high = _nice(max(values)) if any(v > 0 for v in values) else 0
    low = -_nice(-min(values)) if any(v < 0 for v in values) else 0
    if high == low == 0:
        high = 100
    scale = (frame.height - frame.top - frame.bottom) / (high - low)
    zero = frame.top + high * scale
    slot = (frame.width - frame.left - frame.right) / max(len(values), 1)
    width = max(slot * 0.72, 1.0)
    out = []
    for i, v in enumerate(values):
        h = abs(v) * scale
        out.append(Bar(round(frame.left + i * slot + (slot - width) / 2, 1), round(zero - h if v >= 0 else zero, 1),
                       round(width, 1), round(h, 1), "up" if v >= 0 else "down", describe(i, v)))
    y_ticks = [Tick(round(frame.top + (high - t) * scale, 1), short_money(t)) for t in sorted({high, 0, low}, reverse=True)]
    x_ticks = [Tick(round(frame.left + i * slot + slot / 2, 1), labels[i]) for i in range(0, len(labels), every)]
    return Chart(title, frame, out, y_ticks, x_ticks, round(zero, 1))
