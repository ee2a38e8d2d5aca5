"""Where the five rulebooks are: ``RULEBOOK_SEEDS``, or the ``shared/seeds`` folder kept beside
the project's checkout. The tests that read them fail, never skip, when they are missing:
a citation nobody checks is not checked."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEEDS = Path(os.environ.get("RULEBOOK_SEEDS", str(ROOT.parent / "shared" / "seeds")))


def require_seeds() -> Path:
    assert SEEDS.is_dir() and any(SEEDS.glob("000_*.txt")), (
        f"the rulebooks are not at {SEEDS}: set RULEBOOK_SEEDS to their folder")
    return SEEDS
