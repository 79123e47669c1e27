"""Tables on disk: written after every move, read back when the server starts again.

A table's save is the host's save of its game (every secret, the seed included) with the
seats' kinds and tokens, so the links people hold keep working after a restart; a campaign's
table saves its campaign (the game in progress in it) and, between games, the last game, which
its pages show. That makes
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
    if table.campaign is not None:  # a game over settled first: its after block run in it,
        table.campaign_state()      # so that the last game saved is the one pages are shown
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
    campaign = table.campaign
    if campaign is not None:  # its game in progress is in it; between games, the last one
        data["campaign"] = json.loads(campaign.save())  # is kept for the pages to show
        data["game"] = None if campaign.game is not None else data["game"]
        data["moves_before"] = table.moves_before
    return json.dumps(data, indent=1)


def table_from(text: str, rules_for) -> Table:
    """A table from its save; ``rules_for(name)`` loads the rules it was played with."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RulesError("not a table saved by rulelang serve")
        rules = rules_for(data["rules"])
        campaign = None
        if data.get("campaign") is not None:
            campaign = rules.restore_campaign(json.dumps(data["campaign"]))
            game = campaign.game
            if game is None:  # between games: the last one, a game of the campaign
                game = rules.restore(json.dumps(data["game"]))
                game.in_campaign = True
        else:
            game = rules.restore(json.dumps(data["game"]))
        kinds = {game.seat_of(seat): kind for seat, kind in data["kinds"].items()}
        tokens = {token: SPECTATOR if seat == "spectator" else game.seat_of(seat)
                  for token, seat in data["tokens"].items()}
        table = Table(str(data["name"]), str(data["rules"]), rules, game, kinds, tokens,
                      failure=data.get("failure"))
        if campaign is not None:
            table.campaign = campaign
            table.moves_before = data["moves_before"]
            if type(table.moves_before) is not int or table.moves_before < 0:
                raise ValueError("moves_before")
        return table
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
