"""Every table the server holds, found by the tokens of their seats."""
from __future__ import annotations

import secrets
from pathlib import Path

import attrs

from rulelang.language.errors import RulesError
from rulelang.play.web.saves import (file_for, prepare_folder, record, saved_in, table_from,
                                write_secret)
from rulelang.play.web.tables import Table, new_token, parse_kinds

MAX_TABLES = 500  # a lobby anyone with its link may use: the server's memory is not theirs


@attrs.define
class Host:
    """The tables and their tokens, the lobby's folder of rules (a ``RulesFolder``) and the
    folder its tables are saved in. A table's save names its rules file: it is resumed with
    the file of that name at the next start."""

    folder: object = None
    saves: Path | None = None
    lobby_token: str | None = None
    tables: dict = attrs.field(factory=dict)  # table name -> Table
    seats: dict = attrs.field(factory=dict)   # token -> (Table, seat)

    def find(self, token):
        """(table, seat) for a token, else None. Tokens are 128 random bits: looking one up
        in a dictionary tells a guesser nothing useful."""
        if not isinstance(token, str):
            return None
        return self.seats.get(token)

    def add(self, table: Table) -> Table:
        self.tables[table.name] = table
        for token, seat in table.tokens.items():
            self.seats[token] = (table, seat)
        self.save(table)
        return table

    def open(self, rules_name, rules, players=None, options=None, kinds=None, seed=None,
             save_path=None) -> Table:
        """A new table. The seed is the host's secret (random unless given: a test's).
        It is saved at ``save_path``, else in the lobby's saves folder if there is one."""
        if len(self.tables) >= MAX_TABLES:
            raise RulesError(f"this server already holds {MAX_TABLES} games")
        game = rules.new_game(players=players,
                              seed=secrets.randbits(63) if seed is None else seed,
                              options=options or {})
        table = Table.open(rules_name, rules, game, parse_kinds(game, kinds or {}))
        if save_path is None and self.saves is not None:
            save_path = file_for(self.saves, table)
        table.save_path = save_path
        return self.add(table)

    def again(self, table: Table) -> Table:
        """A new table with the same rules, players, options and seats as ``table`` (once:
        asked again, the same one). Each seat's new link is kept on the old table."""
        if table.again_links:
            return self.seats[next(iter(table.again_links.values())).removeprefix("/t/")][0]
        from rulelang.tools.rulebook import options_of
        game = table.game
        kinds = {game.seat_name(seat): kind for seat, kind in table.kinds.items()}
        new = self.open(table.rules_name, table.rules, game.nplayers, options_of(game), kinds)
        table.again_links = {seat: f"/t/{token}" for token, seat in new.tokens.items()}
        table.sent.clear()  # every page of the old table hears of its new link
        return new

    def save(self, table: Table):
        if table.save_path is not None:
            write_secret(table.save_path, record(table))

    def resume_file(self, path: Path, rules_name, rules) -> Table:
        """The table saved at ``path``, played with ``rules`` (RulesError if it is not)."""
        def rules_for(name):
            if name != rules_name:
                raise RulesError(f"it is a game of {name}, not of {rules_name}")
            return rules
        table = table_from(path.read_text(encoding="utf-8"), rules_for)
        table.save_path = path
        return self.add(table)

    def resume_lobby(self) -> list[str]:
        """Reopen the lobby's saved tables; each problem as a line (the others still open)."""
        if self.saves is None:
            return []
        prepare_folder(self.saves)
        problems = []
        for path in saved_in(self.saves):
            try:
                table = table_from(path.read_text(encoding="utf-8"), self.folder.load)
                table.save_path = path
                self.add(table)
            except (OSError, RulesError) as error:
                problems.append(f"{path.name}: {error}")
        return problems

    def lobby(self) -> str:
        """The lobby's token, kept beside the saves so its link survives a restart too."""
        if self.lobby_token is None:
            path = None if self.saves is None else self.saves / "lobby.token"
            if path is not None and path.exists():
                self.lobby_token = path.read_text(encoding="utf-8").strip()
            else:
                self.lobby_token = new_token()
                if path is not None:
                    prepare_folder(self.saves)
                    write_secret(path, self.lobby_token)
        return self.lobby_token
