"""Pan's posted rules for the rules panel: the sentences and the Konditions table, from the
table's resolved rules and priced by the engine (games/pan/table.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.paytable import Variant, resolve


def rules(variant: Variant, config: Mapping[str, Any] | None) -> dict[str, Any]:
    from ..games.pan import table as pan_table

    resolved = resolve(variant, config or {})
    return {"lines": pan_table.rules_lines(resolved), "konditions": pan_table.konditions(),
            "kondition": pan_table.kondition(resolved)}
