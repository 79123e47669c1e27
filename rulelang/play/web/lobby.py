"""The host's folder of rules: what the lobby offers, and the only files it will open.

A visitor names a file by one of the names this folder lists, never by a path: a name that
is not listed (``../x.rules``, a sub-folder, a link leading out of the folder) is refused.
A file that fails to load is listed with its error, so its author can read it.
"""
from __future__ import annotations

import os
from pathlib import Path

import attrs

import rulelang
from interpreter.bots import PARTNER
from rulelang.language.errors import RulesError, span_text
from rulelang.tools.rulebook import option_text

MAX_FILES = 200
MAX_CHOICES = 100  # an option with more allowed values is typed, not picked from a list


@attrs.define
class RulesFolder:
    path: Path
    cache: dict = attrs.field(factory=dict)  # file name -> (modified time, Rules or RulesError)

    def names(self) -> list[str]:
        folder = self.path.resolve()
        names = []
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            if not entry.name.endswith(".rules") or entry.name.startswith("."):
                continue
            resolved = Path(entry.path).resolve()
            if resolved.parent == folder and resolved.is_file():
                names.append(entry.name)
            if len(names) == MAX_FILES:
                break
        return names

    def load(self, name):
        """The rules in the file the folder lists as ``name``; RulesError otherwise."""
        if not isinstance(name, str) or name not in self.names():
            raise RulesError("there is no such rules file in this lobby")
        path = self.path / name
        modified = path.stat().st_mtime_ns
        cached = self.cache.get(name)
        if cached is None or cached[0] != modified:
            try:
                loaded = rulelang.load(str(path))
            except RulesError as error:
                loaded = self._without_folder(error.render())  # its errors, as text
            cached = self.cache[name] = (modified, loaded)
        if isinstance(cached[1], str):
            raise RulesError(cached[1])
        return cached[1]

    def _without_folder(self, text: str) -> str:
        """An error as its author reads it, without the host's folder in each position."""
        return text.replace(str(self.path) + os.sep, "")

    def describe(self) -> list[dict]:
        out: list[dict] = []
        for name in self.names():
            try:
                rules = self.load(name)
            except RulesError as error:
                out.append({"file": name, "error": error.diagnostics[0].message})
                continue
            program = rules.program
            out.append({"file": name, "title": rules.title,
                        "players": [program.min_players, program.max_players],
                        "duration": rules.teaching.duration,  # in the rules' own words
                        "about": rules.teaching.about,
                        "cooperative": program.cooperative,
                        # rules with a campaign: the option its games are chosen by
                        "campaign": (program.campaign.offer.option
                                     if program.campaign is not None else None),
                        "options": describe_options(rules),
                        "partner": PARTNER if program.cooperative else None})
        return out


def describe_options(rules) -> list[dict]:
    """Each option: its name, type, what it is for, its default and, when short, its choices
    (worked out on a game of the fewest players with the defaults)."""
    try:
        game = rules.new_game(players=rules.program.min_players)
    except RulesError:
        game = None
    out = []
    for name, spec in rules.options.items():
        decl, ty, allowed = spec.decl, spec.type, spec.allowed
        item = {"name": name, "label": rules.option_label(name), "type": ty.name,
                "doc": decl.doc, "several": ty.name == "list"}  # several: combined with +
        when = span_text(rules.program.sources, decl.when.span) if decl.when is not None else None
        if when:  # (`option ... if COND`: the form says when it applies, as info does)
            item["when"] = " ".join(part.strip() for part in when.split("\n"))
        if game is not None:
            default = game.options[name]  # a list as --option takes it: 2+3, not [2, 3]
            item["default"] = (option_text(default) if isinstance(default, list) and default
                               else game.text_of(default))
            choices = None
            if ty.name == "bool":
                choices = [True, False]
            elif ty.name == "enum":
                choices = rules.enum_values[ty.arg]
            elif allowed is not None:
                try:
                    choices = list(allowed(game))
                except Exception:
                    choices = None
            if choices is not None and len(choices) <= MAX_CHOICES:
                item["choices"] = [game.text_of(c) for c in choices]
        out.append(item)
    return out
