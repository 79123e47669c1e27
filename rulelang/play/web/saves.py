"""Tables on disk: written after every move, read back when the server starts again.

A table's save is the host's save of its game (every secret, the seed included) with the
seats' kinds and tokens, so the links people hold keep working after a restart. That makes
these files secret: they are sealed with the host's key and written readable by their owner
only (``rulelang.play.save_files.write_save``), and nothing serves them.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from rulelang.language.errors import RulesError
from rulelang.play.web.tables import SPECTATOR, Table

FORMAT = "rulelang-table/1"


def record(table: Table) -> str:
    game = table.game
    data = {
        "format": FORMAT,
        "name": table.name,
        "rules": table.rules_name,
        "kinds": {game.seat_name(s): kind for s, kind in table.kinds.items()},
        "tokens": {token: ("spectator" if seat == SPECTATOR else game.seat_name(seat))
                   for token, seat in table.tokens.items()},
        "failure": table.failure,
        "game": json.loads(game.save()),
    }
    return json.dumps(data, indent=1)


def table_from(text: str, rules_for) -> Table:
    """A table from its save; ``rules_for(name)`` loads the rules it was played with."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RulesError("not a table saved by rulelang serve")
        rules = rules_for(data["rules"])
        game = rules.restore(json.dumps(data["game"]))
        kinds = {game.seat_of(seat): kind for seat, kind in data["kinds"].items()}
        tokens = {token: SPECTATOR if seat == "spectator" else game.seat_of(seat)
                  for token, seat in data["tokens"].items()}
        return Table(str(data["name"]), str(data["rules"]), rules, game, kinds, tokens,
                     failure=data.get("failure"))
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError):
        raise RulesError("this table's save is damaged") from None


def prepare_folder(path: Path):
    """The folder of a lobby's saves: made if missing, and readable by its owner only."""
    path.mkdir(parents=True, exist_ok=True)
    os.chmod(path, 0o700)


def saved_in(folder: Path) -> list[Path]:
    return sorted(folder.glob("table-*.json"))


def file_for(folder: Path, table: Table) -> Path:
    return folder / f"table-{table.name}.json"
