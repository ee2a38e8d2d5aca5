"""Screenshots of the felts for people to look at, under tests/e2e/artifacts/.

Nothing checks a picture: the tests measure the layout themselves (``outside_viewport``). A
screenshot costs a large share of a layout test on a loaded machine, so they are taken only
when ``E2E_SCREENSHOTS`` is set: ``make screenshots`` runs the browser tests that way.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


def keep_shot(target: Any, name: str, **options: Any) -> None:
    """A screenshot of a page or of one element, named ``name`` under the artifacts folder,
    when screenshots are asked for."""
    if not os.environ.get("E2E_SCREENSHOTS"):
        return
    ARTIFACTS.mkdir(exist_ok=True)
    target.screenshot(path=str(ARTIFACTS / name), **options)
