"""Figures computed off the request: one worker thread per process, results in memory.

The operator's page asks for a configuration nobody has cached; the page gets "pending"
at once and the worker thread starts on it. Jobs run in steps: an exact figure is one
step and goes ahead of any simulation; a simulation steps one chunk of rounds at a
time, publishing its running figure (with the interval so far) so a polling page sees
it sharpen, and stops at its round target or its time budget, whichever comes first.
One thread does it all: a web process never spends more than one thread on odds.
"""

from __future__ import annotations

import itertools
import queue
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .core import Result, Tally
from .registry import analyzer

WEB_ROUNDS = 100_000  # round target of a simulation started from a page
WEB_SECONDS = 90.0  # … and its time budget
WEB_CHUNK = 250  # rounds per step: an exact figure waits at most one step
KEEP = 256  # finished jobs kept in memory


@dataclass
class Job:
    key: str
    step: Callable[[Job], bool]  # does some work; True once the job is done
    priority: int = 1  # 0 = exact figures, ahead of simulations
    result: Result | None = None  # the figure so far (a simulation's running estimate)
    progress: float = 0.0  # 0..1
    finished: bool = False
    error: str = ""
    started: float = field(default_factory=time.monotonic)


_JOBS: OrderedDict[str, Job] = OrderedDict()
_QUEUE: queue.PriorityQueue[tuple[int, int, Job]] = queue.PriorityQueue()
_SEQ = itertools.count()
_LOCK = threading.Lock()
_WORKER: threading.Thread | None = None


def _work() -> None:
    while True:
        _, _, job = _QUEUE.get()
        try:
            done = job.step(job)
        except Exception as exc:  # a failed figure is reported, never raised into a page  # noqa: BLE001
            job.error = f"{type(exc).__name__}: {exc}"
            done = True
        if done:
            job.progress = 1.0
            job.finished = True
        else:
            _QUEUE.put((job.priority, next(_SEQ), job))  # behind the jobs that were waiting


def _ensure_worker() -> None:
    global _WORKER
    if _WORKER is None or not _WORKER.is_alive():
        _WORKER = threading.Thread(target=_work, name="edge-worker", daemon=True)
        _WORKER.start()


def submit(key: str, step: Callable[[Job], bool], priority: int = 1) -> Job:
    """The job for ``key``, started if it is new."""
    with _LOCK:
        job = _JOBS.get(key)
        if job is not None:
            _JOBS.move_to_end(key)
            return job
        job = Job(key, step, priority)
        _JOBS[key] = job
        while len(_JOBS) > KEEP:
            oldest = next(iter(_JOBS))
            if not _JOBS[oldest].finished:
                break
            _JOBS.pop(oldest)
        _ensure_worker()
        _QUEUE.put((priority, next(_SEQ), job))
        return job


def peek(key: str) -> Job | None:
    with _LOCK:
        return _JOBS.get(key)


def exact_job(compute: Callable[..., Result], *, reports_progress: bool = False) -> Callable[[Job], bool]:
    """One step; a long count (``reports_progress``) is handed a progress callback."""
    def step(job: Job) -> bool:
        if reports_progress:
            def progress(done: int, total: int) -> None:
                job.progress = min(done / max(total, 1), 0.99)
            job.result = compute(progress=progress)
        else:
            job.result = compute()
        return True
    return step


def simulation_job(game: str, rules: Mapping[str, Any], bet: str, seed: str = "web",
                   rounds: int | None = None, seconds: float | None = None) -> Callable[[Job], bool]:
    """Chunk after chunk of rounds; ``seconds`` counts the time spent simulating only."""
    target: int = rounds or WEB_ROUNDS
    budget: float = seconds or WEB_SECONDS
    tally = Tally()
    spent = 0.0
    chunk = 0

    def step(job: Job) -> bool:
        nonlocal tally, spent, chunk
        module = analyzer(game)
        assert module is not None
        start = time.monotonic()
        n = min(WEB_CHUNK, target - tally.rounds)
        tally = tally.merge(module.simulate(rules, bet, n, f"{seed}/{chunk}", None))
        chunk += 1
        spent += time.monotonic() - start
        job.result = tally.result(seed)
        job.progress = min(max(tally.rounds / target, spent / budget), 0.99)
        return tally.rounds >= target or spent >= budget
    return step


def clear() -> None:
    """Forget finished jobs (tests)."""
    with _LOCK:
        for key in [k for k, j in _JOBS.items() if j.finished]:
            _JOBS.pop(key)


def drop_waiting() -> int:
    """Forget every job still waiting in the queue (the step running now finishes); returns
    how many. For a test that ends: the figures its pages asked for are not the next test's."""
    dropped = 0
    with _LOCK:
        while True:
            try:
                _, _, job = _QUEUE.get_nowait()
            except queue.Empty:
                break
            if _JOBS.get(job.key) is job:
                _JOBS.pop(job.key)
            dropped += 1
    return dropped
