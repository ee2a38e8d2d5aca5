"""The house edge of every wager of a configuration: the figures behind ``flask edge``
and the operator's page.

Exact figures are computed on the spot and memoised per configuration (those an
analyzer marks slow, seconds of enumeration, are computed for a page by the worker
thread). Simulated ones come from the repository cache (``cache/<game>.json``); for a
configuration nobody has cached, the page gets "pending" and the worker thread runs the
simulation (:mod:`.background`), while the command line runs it at once on every core.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from ..engine.paytable import Variant, load_game, main_limit_name, resolve
from ..games.california import fees
from . import background, cache, simulation
from .core import EXACT, PENDING, SIMULATION, Progress, Result, Wager, report
from .registry import analyzer

log = logging.getLogger(__name__)

_MEMO_SIZE = 512
_WAGERS: OrderedDict[str, tuple[Variant, dict[str, Any], list[Wager]]] = OrderedDict()
_EXACT: OrderedDict[str, Result] = OrderedDict()
_LOCK = threading.Lock()


class UnknownBet(ValueError):
    pass


class UnknownConfiguration(LookupError):
    """A variant the game's data no longer has, or a saved configuration its options no longer
    allow (a choice or a limit removed from the data): there is nothing to report on."""


def fingerprint(rules: Mapping[str, Any]) -> str:
    """The configuration's identity for memoising: every setting but the table limits."""
    data = {k: v for k, v in rules.items() if k != "limits"}
    return hashlib.sha1(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]


def _remember(memo: OrderedDict[str, Any], key: str, value: Any) -> None:
    with _LOCK:
        memo[key] = value
        memo.move_to_end(key)
        while len(memo) > _MEMO_SIZE:
            memo.popitem(last=False)


def configuration(game: str, variant: str, config: Mapping[str, Any] | None = None
                  ) -> tuple[Variant, dict[str, Any], list[Wager]]:
    """The variant, its resolved rules under ``config`` and its wagers (memoised)."""
    module = analyzer(game)
    if module is None:
        raise LookupError(f"no analyzer for {game}")
    variants = load_game(game).variants
    if variant not in variants:
        raise UnknownConfiguration(f"{game} has no variant {variant!r}")
    v = variants[variant]
    try:
        rules = resolve(v, config or {})
    except ValueError as exc:
        raise UnknownConfiguration(f"{game}@{variant}: {exc}") from exc
    key = f"{game}|{variant}|{fingerprint(rules)}"
    hit = _WAGERS.get(key)
    if hit is None:
        wagers = [w if w.exact is None else replace(w, exact=_counted_once(_exact_key(game, variant, rules, w.bet),
                                                                            w.exact))
                  for w in module.wagers(v, rules)]
        hit = (v, rules, wagers)
        _remember(_WAGERS, key, hit)
    return hit


def _exact_key(game: str, variant: str, rules: Mapping[str, Any], bet: str) -> str:
    return f"{game}|{variant}|{fingerprint(rules)}|{bet}"


def _counted_once(key: str, count: Callable[..., Result]) -> Callable[..., Result]:
    """A wager's exact count through the memo of its configuration: the page, the command line
    and every other caller of the configuration's ``wager.exact()`` share one count (an exact
    figure depends on the configuration alone; some take seconds to count)."""
    def exact(**kwargs: Any) -> Result:
        hit = _EXACT.get(key)
        if hit is None:
            hit = count(**kwargs)
            _remember(_EXACT, key, hit)
        return hit
    return exact


def exact(game: str, variant: str, rules: Mapping[str, Any], wager: Wager) -> Result:
    assert wager.exact is not None
    return _counted_once(_exact_key(game, variant, rules, wager.bet), wager.exact)()


def options_of(variant: Variant, rules: Mapping[str, Any]) -> dict[str, Any]:
    return {name: rules.get(name) for name in variant.options}


def fees_for_table(game: str, variant: str, config: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """The collection fee per hand of a player-dealer table's posted schedule (D-481), shown
    beside its house edges; None for a house-banked table."""
    v = load_game(game).variants.get(variant)
    if v is None or not v.player_banked:
        return None
    try:
        rules = resolve(v, config or {})
    except ValueError as exc:
        raise UnknownConfiguration(f"{game}@{variant}: {exc}") from exc
    chosen = rules.get("collection_fee")
    option = fees.schedule(str(chosen)) if chosen else fees.default_schedule(f"{game}@{variant}")
    main = main_limit_name(v)
    if main is None:
        return None
    lim = rules["limits"][main]
    rows = fees.fee_per_hand(option, int(lim["min"]), int(lim["max"]))
    return {"option": option.option, "cite": option.cite, "wager": v.limits[main].label or main,
            "free_hands": option.free_hands,
            "rows": [{"wager": r.wager, "player": r.player, "share": r.player / r.wager,
                      "bank_one": r.bank_one, "bank_six": r.bank_six} for r in rows]}


# ---------------------------------------------------------------------------------------
# The operator's page
# ---------------------------------------------------------------------------------------
def edges_for_table(game: str, variant: str, config: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """Every wager's figures for a table, without waiting on a simulation.

    Each dict has ``bet``, ``house_edge``, ``method`` ("exact", "simulation" or "pending"),
    ``ci95`` and the rest of the report; an entry still being computed carries
    ``progress`` (0-1), and its ``house_edge`` is None until a first figure exists.
    """
    if analyzer(game) is None:
        return []
    _, rules, wagers = configuration(game, variant, config)
    found: dict[str, dict[str, Any] | None] = {}
    # Exact figures first: a simulation started by this call must not slow them down.
    for w in sorted(wagers, key=lambda w: w.exact is None):
        try:
            found[w.bet] = _exact_entry(game, variant, rules, w) if w.exact is not None \
                else _simulated_entry(game, variant, rules, w)
        except Exception:  # one figure failing never hides the others
            log.exception("edge of %s/%s %s", game, variant, w.bet)
    return [e for w in wagers if (e := found.get(w.bet)) is not None]


def _exact_entry(game: str, variant: str, rules: Mapping[str, Any], w: Wager) -> dict[str, Any] | None:
    key = _exact_key(game, variant, rules, w.bet)
    if w.cached:
        stored = cache.lookup(game, variant, w.bet, w.sim_key)
        if stored is not None:
            return report(w, cache.result_of(stored), command=stored.get("command"))
    hit = _EXACT.get(key)
    if hit is not None:
        return report(w, hit)
    if not w.slow:
        return report(w, exact(game, variant, rules, w))
    job = background.peek(key)
    if job is not None and job.finished:
        if job.error or job.result is None:
            log.warning("edge of %s/%s %s failed: %s", game, variant, w.bet, job.error)
            return None
        _remember(_EXACT, key, job.result)
        return report(w, job.result)
    assert w.exact is not None
    job = background.submit(key, background.exact_job(w.exact, reports_progress=w.cached), priority=0)
    return report(w, None, method=PENDING, progress=job.progress)


def _simulated_entry(game: str, variant: str, rules: Mapping[str, Any], w: Wager) -> dict[str, Any] | None:
    hit = cache.lookup(game, variant, w.bet, w.sim_key)
    if hit is not None:
        return report(w, cache.result_of(hit), command=hit.get("command"))
    key = f"{game}|{variant}|{cache.canonical(w.sim_key)}|{w.bet}|simulation"
    job = background.submit(key, background.simulation_job(game, rules, w.bet))
    if job.error:
        log.warning("simulation of %s/%s %s failed: %s", game, variant, w.bet, job.error)
        return None
    if job.result is None:
        return report(w, None, method=PENDING, progress=job.progress)
    return report(w, job.result, method=SIMULATION, progress=None if job.finished else job.progress)


# ---------------------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------------------
def find_wager(game: str, variant: Variant, rules: Mapping[str, Any], wagers: list[Wager], bet: str) -> Wager:
    for w in wagers:
        if w.bet == bet:
            return w
    module = analyzer(game)
    extra = getattr(module, "wager", None)
    found: Wager | None = extra(variant, rules, bet) if extra else None
    if found is None:
        raise UnknownBet(f"{game}@{variant.slug} has no wager {bet!r}; wagers: "
                         + ", ".join(w.bet for w in wagers))
    return found


def analyze(game: str, variant: str, config: Mapping[str, Any] | None = None, *, bet: str | None = None,
            rounds: int | None = None, seed: str = "1", workers: int = 1, use_cache: bool = True,
            write_cache: bool = False, command: str = "", check_rounds: int = 0,
            progress: Progress | None = None) -> dict[str, Any]:
    """One configuration's report, every figure computed (simulations run if not cached).

    ``rounds`` forces a fresh simulation of that many rounds; ``write_cache`` stores
    fresh simulations in the repository cache with ``command``; ``check_rounds`` also
    simulates each exact wager that has an engine simulation, to check the figure.
    """
    v, rules, wagers = configuration(game, variant, config)
    chosen = [find_wager(game, v, rules, wagers, bet)] if bet else wagers
    bets = []
    for w in chosen:
        if w.exact is not None and w.cached:
            bets.append(_cached_exact(game, variant, rules, w, use_cache=use_cache and not write_cache,
                                      write_cache=write_cache, command=command, progress=progress))
            continue
        if w.exact is not None:
            entry = report(w, exact(game, variant, rules, w))
            if check_rounds and w.can_simulate:
                entry["check"] = _check(game, rules, w, entry, check_rounds, seed, workers, progress)
            bets.append(entry)
            continue
        hit = cache.lookup(game, variant, w.bet, w.sim_key) if use_cache and rounds is None else None
        if hit is not None:
            bets.append(report(w, cache.result_of(hit), command=hit.get("command")))
            continue
        started = time.monotonic()
        result = simulation.run(game, rules, w.bet, rounds or w.default_rounds, seed,
                                workers=workers, progress=progress)
        took = time.monotonic() - started
        stored = None
        if write_cache:
            stored = cache.store(game, variant, w.bet, w.sim_key, result, command=command, seconds=took)
        bets.append(report(w, result, command=stored["command"] if stored else None))
    return {"game": game, "variant": variant, "options": options_of(v, rules), "bets": bets}


def _cached_exact(game: str, variant: str, rules: Mapping[str, Any], w: Wager, *, use_cache: bool,
                  write_cache: bool, command: str, progress: Progress | None) -> dict[str, Any]:
    """An exact figure of minutes: from the repository cache, or counted now (and kept)."""
    stored = cache.lookup(game, variant, w.bet, w.sim_key) if use_cache else None
    if stored is not None:
        return report(w, cache.result_of(stored), command=stored.get("command"))
    assert w.exact is not None
    started = time.monotonic()
    result: Result = w.exact(progress=progress)
    _remember(_EXACT, _exact_key(game, variant, rules, w.bet), result)
    if write_cache:
        stored = cache.store(game, variant, w.bet, w.sim_key, result, command=command,
                             seconds=time.monotonic() - started)
        return report(w, result, command=stored["command"])
    return report(w, result)


def _check(game: str, rules: Mapping[str, Any], w: Wager, entry: Mapping[str, Any], rounds: int, seed: str,
           workers: int, progress: Progress | None) -> dict[str, Any]:
    result = simulation.run(game, rules, w.bet, rounds, seed, workers=workers, progress=progress)
    edge = float(result.house_edge)
    ci = result.ci95 or 0.0
    return {"method": SIMULATION, "house_edge": edge, "ci95": ci, "rounds": result.rounds,
            "contains_exact": abs(edge - float(entry["house_edge"])) <= ci}


__all__ = ["EXACT", "PENDING", "SIMULATION", "UnknownConfiguration", "analyze", "configuration", "edges_for_table",
           "exact"]
