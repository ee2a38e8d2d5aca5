"""What the browser tests share about the live server's floor: a table of their own."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any


def open_table(server: dict[str, Any], name: str, game: str, variant: str,
               config: dict[str, Any] | None = None) -> int:
    """Open a table on the live server the way the operator's page does (``create_table``) and
    return its id: a table of the test's own, e.g. one whose next hand waits for a player's Deal
    (``{"next_hand_s": 3600}``), so that every guest is seated before the first hand."""
    script = ("import json, sys\nfrom app import app\nfrom webgame.extensions import db\n"
              "from webgame.services.tables import create_table\n"
              "with app.app_context():\n"
              "    table = create_table(*json.loads(sys.argv[1]), config=json.loads(sys.argv[2]))\n"
              "    db.session.commit()\n"
              "    print(table.id)\n")
    done = subprocess.run([sys.executable, "-c", script, json.dumps([name, game, variant]), json.dumps(config or {})],
                          cwd=server["root"], env=server["env"], check=True, capture_output=True, text=True)
    return int(done.stdout.strip().splitlines()[-1])
