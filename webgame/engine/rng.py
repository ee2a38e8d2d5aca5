"""The one module that owns outcome randomness.

Every shuffle, roll, spin and draw goes through an :class:`Rng`. In play each
round gets a fresh 256-bit secret seed from :mod:`secrets`; its SHA-256 hash is
shown before the round (the commitment) and the seed is revealed after it, so
anyone can replay the round's randomness (commit-reveal fairness proof).

The stream is HMAC-SHA256 in counter mode keyed by the seed (a deterministic
random bit generator in the style of NIST SP 800-90A): unpredictable without the
seed, reproducible with it. Integers are scaled by rejection sampling, never by
``x % n`` on raw bytes, so no outcome is favoured.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import MutableSequence, Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")


class Rng(Protocol):
    def randbelow(self, n: int) -> int: ...

    def shuffle(self, items: MutableSequence[T]) -> None: ...

    def choice(self, items: Sequence[T]) -> T: ...


class SeededRng:
    """Deterministic, cryptographically strong stream from a seed (hex or bytes)."""

    def __init__(self, seed: str | bytes | int) -> None:
        if isinstance(seed, int):
            seed = seed.to_bytes(32, "big", signed=False)
        elif isinstance(seed, str):
            seed = bytes.fromhex(seed) if _is_hex(seed) else seed.encode()
        self._key = seed
        self._counter = 0
        self._pool = b""
        self._used = 0  # how much of the pool has been handed out
        self.draws = 0  # how many integers were drawn: logged with the round

    def _refill(self, n: int) -> None:
        """At least ``n`` unread bytes in the pool, the unread ones first."""
        pool = self._pool[self._used:]
        while len(pool) < n:
            pool += hmac.digest(self._key, self._counter.to_bytes(8, "big"), "sha256")
            self._counter += 1
        self._pool, self._used = pool, 0

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        self.draws += 1
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        nbytes = (bits + 7) // 8
        mask = (1 << bits) - 1
        # The pool is read from an offset and topped up only when it runs short: a shuffle
        # draws hundreds of integers, and cutting the pool for each cost more than the HMAC.
        while True:  # rejection sampling: uniform on [0, n)
            used = self._used
            end = used + nbytes
            if end > len(self._pool):
                self._refill(nbytes)
                used, end = 0, nbytes
            self._used = end
            x = int.from_bytes(self._pool[used:end], "big") & mask
            if x < n:
                return x

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, from the top down."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]


class SystemRng:
    """The operating system's CSPRNG, for anything outside a committed round."""

    def randbelow(self, n: int) -> int:
        return secrets.randbelow(n)

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = secrets.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return items[secrets.randbelow(len(items))]


def _is_hex(text: str) -> bool:
    try:
        bytes.fromhex(text)
    except ValueError:
        return False
    return len(text) % 2 == 0 and len(text) > 0


def new_seed() -> str:
    """A fresh secret round seed: 256 bits from the OS CSPRNG, as hex."""
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    """What the table shows before the round: SHA-256 of the seed's hex text."""
    return hashlib.sha256(seed.encode()).hexdigest()


def verify_commitment(seed: str, digest: str) -> bool:
    return hmac.compare_digest(commitment(seed), digest)
