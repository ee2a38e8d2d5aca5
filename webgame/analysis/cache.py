"""Figures kept in the repository: ``webgame/analysis/cache/<game>.json``: simulations, and
exact counts too long to make on request.

Each entry names the wager, the settings the figure depends on (``key``), the figures,
and the command that reproduces it. An entry is used only when its key equals the
configuration's key exactly, so a changed rule never reads a stale figure.
"""

from __future__ import annotations

import datetime as dt
import fcntl
import json
import tempfile
import threading
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from .core import Result

CACHE_DIR = Path(__file__).resolve().parent / "cache"
_LOCK = threading.Lock()
_LOADED: dict[str, tuple[float, list[dict[str, Any]]]] = {}


def canonical(key: Mapping[str, Any]) -> str:
    return json.dumps(key, sort_keys=True, separators=(",", ":"), default=str)


def path(game: str) -> Path:
    return CACHE_DIR / f"{game}.json"


def entries(game: str) -> list[dict[str, Any]]:
    """The cached entries of a game, re-read when the file changes."""
    file = path(game)
    try:
        mtime = file.stat().st_mtime
    except FileNotFoundError:
        return []
    with _LOCK:
        hit = _LOADED.get(game)
        if hit is None or hit[0] != mtime:
            data = json.loads(file.read_text())
            hit = (mtime, list(data.get("entries", [])))
            _LOADED[game] = hit
        return hit[1]


def lookup(game: str, variant: str, bet: str, key: Mapping[str, Any]) -> dict[str, Any] | None:
    want = canonical(key)
    for entry in entries(game):
        if entry["variant"] == variant and entry["bet"] == bet and canonical(entry["key"]) == want:
            return entry
    return None


def result_of(entry: Mapping[str, Any]) -> Result:
    """The figures of an entry; an exact one carries its fraction ("exact": "p/q")."""
    exact = entry.get("exact")
    return Result(
        house_edge=Fraction(exact) if exact else float(entry["house_edge"]),
        hit_frequency=entry.get("hit_frequency"),
        element_of_risk=entry.get("element_of_risk"),
        ci95=entry.get("ci95"),
        rounds=entry.get("rounds"),
        hands=entry.get("hands"),
        seed=entry.get("seed"),
    )


def store(game: str, variant: str, bet: str, key: Mapping[str, Any], result: Result, *,
          command: str, seconds: float) -> dict[str, Any]:
    """Add or replace the entry for (variant, bet, key); the file stays sorted and diffable."""
    entry = {
        "variant": variant,
        "bet": bet,
        "key": json.loads(canonical(key)),
        "house_edge": round(float(result.house_edge), 7),
        "ci95": None if result.ci95 is None else round(result.ci95, 7),
        "rounds": result.rounds,
        "hands": result.hands,
        "hit_frequency": None if result.hit_frequency is None else round(float(result.hit_frequency), 7),
        "element_of_risk": None if result.element_of_risk is None else round(float(result.element_of_risk), 7),
        "seed": result.seed,
        **({"exact": f"{result.house_edge.numerator}/{result.house_edge.denominator}"}
           if isinstance(result.house_edge, Fraction) else {}),
        "command": command,
        "date": dt.date.today().isoformat(),
        "seconds": round(seconds, 1),
    }
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    with _LOCK, open(Path(tempfile.gettempdir()) / "webgame-edge-cache.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # several cache builds may run at once
        file = path(game)
        data = json.loads(file.read_text()) if file.exists() else {}
        kept = [e for e in data.get("entries", [])
                if not (e["variant"] == variant and e["bet"] == bet and canonical(e["key"]) == canonical(key))]
        kept.append(entry)
        kept.sort(key=lambda e: (e["variant"], e["bet"], canonical(e["key"])))
        out = {
            "about": (f"Long-running {game} figures (simulations, and exact counts that take minutes): "
                      "each entry's command reproduces it (same seed, same rounds, same figures)."),
            "entries": kept,
        }
        tmp = file.with_suffix(".tmp")
        tmp.write_text(json.dumps(out, indent=1, sort_keys=False) + "\n")
        tmp.replace(file)
        _LOADED.pop(game, None)
    return entry
