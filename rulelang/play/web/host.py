"""Every table the server holds, found by the tokens of their seats."""
from __future__ import annotations

import json
import secrets
import time
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from interpreter.runtime.campaign import FORMAT as CAMPAIGN_FORMAT
from rulelang.language.errors import RulesError
from rulelang.play.save_files import read_save, remove_stale_parts, write_atomically, write_save
from rulelang.play.web.campaign_table import adopt, open_campaign
from rulelang.play.web.saves import file_for, prepare_folder, record, saved_in, table_from
from rulelang.play.web.tables import Table, new_token, parse_kinds

if TYPE_CHECKING:
    from rulelang.play.web.lobby import RulesFolder

MAX_TABLES = 500  # a lobby anyone with its link may use: the server's memory is not theirs
MAX_PER_VISITOR = 8  # games in progress one visitor (one address) may have opened in the lobby
KEEP_FINISHED = 600  # seconds a finished lobby game stays, for its players to see how it ended


@attrs.define
class Host:
    """The tables and their tokens, the lobby's folder of rules (a ``RulesFolder``) and the
    folder its tables are saved in. A table's save names its rules file: it is resumed with
    the file of that name at the next start."""

    folder: RulesFolder | None = None
    saves: Path | None = None
    lobby_token: str | None = None
    trust_saves: bool = False  # resume saves not sealed with the user's key (--trust-save)
    tables: dict = attrs.field(factory=dict)  # table name -> Table
    seats: dict = attrs.field(factory=dict)   # token -> (Table, seat)
    # the lobby's tables: name -> who opened it (an address; "" when resumed from a save)
    visitors: dict = attrs.field(factory=dict)
    finished: dict = attrs.field(factory=dict)  # lobby table name -> when it was seen over

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
             save_path=None, campaign=False) -> Table:
        """A new table. The seed is the host's secret (random unless given: a test's).
        It is saved at ``save_path``, else in the lobby's saves folder if there is one.
        With ``campaign``, a new campaign of the rules (``campaign_table.open_campaign``)."""
        if len(self.tables) >= MAX_TABLES:
            raise RulesError(f"this server already holds {MAX_TABLES} games")
        seed = secrets.randbits(63) if seed is None else seed
        if campaign:
            table = open_campaign(rules_name, rules, players, options or {}, kinds or {}, seed)
        else:
            game = rules.new_game(players=players, seed=seed, options=options or {})
            table = Table.open(rules_name, rules, game, parse_kinds(game, kinds or {}))
        return self.keep(table, save_path)

    def keep(self, table: Table, save_path) -> Table:
        if save_path is None and self.saves is not None:
            save_path = file_for(self.saves, table)
        table.save_path = save_path
        return self.add(table)

    def again(self, table: Table) -> Table:
        """A new table with the same rules, players, options and seats as ``table`` (once:
        asked again, the same one). Each seat's new link is kept on the old table."""
        if table.campaign is not None:
            raise RulesError("a campaign goes on with its next game: choose it among those offered")
        if table.again_links:
            return self.seats[next(iter(table.again_links.values())).removeprefix("/t/")][0]
        from rulelang.tools.rulebook import options_of
        game = table.game
        kinds = {game.seat_name(seat): kind for seat, kind in table.kinds.items()}
        new = self.open(table.rules_name, table.rules, game.nplayers, options_of(game), kinds)
        table.again_links = {seat: f"/t/{token}" for token, seat in new.tokens.items()}
        table.sent.clear()  # every page of the old table hears of its new link
        return new

    def open_for(self, visitor: str, rules_name, rules, players=None, options=None,
                 kinds=None, campaign=False) -> Table:
        """A lobby table opened by ``visitor`` (an address), who may have only so many games
        in progress at once; finished lobby games are let go first."""
        self.sweep()
        busy = sum(1 for name, who in self.visitors.items()
                   if who == visitor and name not in self.finished)
        if busy >= MAX_PER_VISITOR:
            raise RulesError(f"you have {busy} games in progress here already (at most "
                             f"{MAX_PER_VISITOR}): finish one first")
        table = self.open(rules_name, rules, players, options, kinds, campaign=campaign)
        self.visitors[table.name] = visitor
        return table

    def save(self, table: Table):
        if table.save_path is not None:
            try:
                text = record(table)
            except RulesError as error:  # a campaign's after block failed: the table stops
                table.fail(error)        # (its file keeps the campaign before that move)
            else:
                write_save(table.save_path, text)
        if table.name in self.visitors and table.name not in self.finished and table.finished:
            self.finished[table.name] = time.monotonic()

    def sweep(self, now=None, keep=KEEP_FINISHED):
        """Lobby games finished more than ``keep`` seconds ago go, their links and saves too."""
        now = time.monotonic() if now is None else now
        for name, when in list(self.finished.items()):
            if now - when >= keep:
                self.remove(self.tables[name])

    def remove(self, table: Table):
        self.tables.pop(table.name, None)
        self.visitors.pop(table.name, None)
        self.finished.pop(table.name, None)
        for token in table.tokens:
            self.seats.pop(token, None)
        if table.save_path is not None:
            try:
                table.save_path.unlink()
            except OSError:
                pass

    def resume_file(self, path: Path, rules_name, rules) -> Table:
        """The table saved at ``path``, played with ``rules`` (RulesError if it is not)."""
        table = table_from(read_save(path, self.trust_saves), _rules_named(rules_name, rules))
        table.save_path = path
        return self.add(table)

    def resume_campaign_file(self, path: Path, rules_name, rules, kinds, check=None) -> Table:
        """The campaign saved at ``path``: a campaign's table saved by this server (its links
        kept), or a campaign saved by ``rulelang run --campaign`` (new links, seated as
        ``kinds`` says). RulesError if it is neither, or not of ``rules``. ``check(table)``
        may refuse it before it is kept: the file is then left as it was."""
        text = read_save(path, self.trust_saves)
        if _format_of(text) == CAMPAIGN_FORMAT:
            table = adopt(rules_name, rules, rules.restore_campaign(text), kinds or {})
        else:
            table = table_from(text, _rules_named(rules_name, rules))
            if table.campaign is None:
                raise RulesError("it holds one game, not a campaign: serve it with --save")
        if check is not None:
            check(table)
        return self.keep(table, path)

    def resume_lobby(self) -> list[str]:
        """Reopen the lobby's saved tables; each problem as a line (the others still open)."""
        if self.saves is None or self.folder is None:  # (saves are kept only for a lobby)
            return []
        prepare_folder(self.saves)
        remove_stale_parts(self.saves)
        problems = []
        for path in saved_in(self.saves):
            try:
                table = table_from(read_save(path, self.trust_saves), self.folder.load)
                table.save_path = path
                if table.finished:
                    path.unlink()  # a finished game: nobody comes back to it
                    continue
                self.visitors[table.name] = ""
                self.add(table)
            except OSError as error:
                problems.append(f"{path.name}: {error.strerror or error}")
            except RulesError as error:  # its words, without a second "error:"
                problems.append(f"{path.name}: {error.words()}")
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
                    prepare_folder(path.parent)  # the saves' folder
                    write_atomically(path, self.lobby_token)
        return self.lobby_token


def _rules_named(rules_name, rules):
    """The rules of a save read back: ``rules``, if the save names them (else RulesError)."""
    def rules_for(name):
        if name != rules_name:
            raise RulesError(f"it is a game of {name}, not of {rules_name}")
        return rules
    return rules_for


def _format_of(text: str):
    """The "format" a save's JSON names (None: not JSON, or none named)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return data.get("format") if isinstance(data, dict) else None
