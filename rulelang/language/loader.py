"""Reading a .rules file and the files it imports, then checking them together.

A .rules file is untrusted: an import may only name another .rules file, found
beside the importing file (or below it), or in the standard library that ships
with rulelang (``import "std/tricks.rules"``). Nothing else on disk is read for it.

``rulelang check`` and the editor (never a game) may also look, for a file that does
not check alone, at the .rules files beside it and in the folder above for one that
imports it (``check_as_part``): what it reads there is chosen by the tool, not by any
.rules file.
"""
from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import attrs

from rulelang.language import ast
from rulelang.language.checker import Checker, Program
from rulelang.language.errors import Diagnostic, RulesError, Span
from rulelang.language.kept_trees import parse_kept
from rulelang.language.parser import parse

STD_DIR = Path(__file__).parent / "std"
MAX_IMPORTS = 50
MAX_SOURCE = 250_000  # characters in one .rules file (the largest shipped game has about 25,000)
MAX_TOTAL_SOURCE = 1_000_000  # characters in a file and all it imports


def load_program(path: str | os.PathLike[str]) -> Program:
    text, base = _read(Path(path))
    return load_text(text, str(path), base=base, from_file=True)


def is_library(module: ast.Module) -> bool:
    """Whether a file has no game of its own (``ast.Module.is_library``)."""
    return module.is_library()


def load_library(path: str | os.PathLike[str]) -> Program | None:
    """``path`` checked alone as a library (``is_library``): what it declares, with no game
    to play; None when the file has a game of its own (``load_program`` checks it)."""
    text, base = _read(Path(path))
    loaded = read_modules(text, str(path), base, parse_main=parse_kept)
    if not is_library(loaded.modules[0]):
        return None
    checker = Checker(loaded.modules, loaded.sources)
    checker.library = True
    try:
        return checker.run()
    except RecursionError:
        raise too_deep(str(path)) from None


def _read(path: Path) -> tuple[str, Path]:
    """A rules file's text and folder (imports resolve there), or the error that says why
    it cannot be read."""
    if path.suffix != ".rules":
        raise RulesError(f"{path}: not a .rules file")
    try:
        if path.is_dir():
            raise RulesError(f"{path}: a folder, not a .rules file")
        if path.exists() and not path.is_file():  # a pipe or a device: never read
            raise RulesError(f"{path}: not a regular file, so not a .rules file")
        with path.open(encoding="utf-8-sig") as source:
            text = source.read(MAX_SOURCE + 1)  # no more: a huge file is refused, not read
        base = path.resolve().parent
    except FileNotFoundError:
        raise RulesError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise RulesError(f"{path}: cannot read it (it is not UTF-8 text)") from None
    except (OSError, ValueError, RuntimeError) as error:  # too long a name, a NUL, a link loop
        reason = getattr(error, "strerror", None) or str(error) or error.__class__.__name__
        raise RulesError(f"{path}: cannot read it ({reason})") from None
    return text, base


def load_text(text: str, name: str = "<rules>", base: Path | None = None, *,
              from_file: bool = False) -> Program:
    """Parse and check rules given as text; imports resolve below ``base``.

    The same text, under the same name and folder, with imports whose files still hold
    what they held, gives the program checked before (nothing changes a checked program):
    a server opening tables, a comparison of variants or a test suite loads one ruleset
    many times. The trees of files (``from_file``: the text is a file's; and every import)
    are kept between runs too (kept_trees)."""
    key = _CheckedKey(name, text, None if base is None else str(base), _cwd())
    checked = _CHECKED.pop(key, None)
    if checked is None or not checked.imports_unchanged():
        loaded = read_modules(text, name, base, parse_main=parse_kept if from_file else parse)
        try:
            program = Checker(loaded.modules, loaded.sources).run()
        except RecursionError:  # Python's own limit: the checker follows calls into functions
            raise too_deep(name) from None
        checked = _Checked(program, {path: loaded.sources[shown]
                                     for shown, path in loaded.paths.items()})
    _CHECKED[key] = checked  # the most recently used last
    while len(_CHECKED) > MAX_CHECKED:
        del _CHECKED[next(iter(_CHECKED))]
    return checked.program


def too_deep(name: str) -> RulesError:
    """The error for rules that met Python's recursion limit while being checked."""
    return RulesError(f"{name}: these rules nest too deeply to be checked (functions that call "
                      "one another, or expressions inside one another, some hundreds deep): "
                      "split long expressions with let, and call fewer functions in a chain")


MAX_CHECKED = 16  # checked programs kept (each a file and its imports, at most ~1 MB of text)


@attrs.frozen
class _CheckedKey:
    name: str
    text: str
    base: str | None
    cwd: str | None  # imports are named relative to it in messages


@attrs.frozen
class _Checked:
    program: Program
    imports: dict[Path, str]  # each imported file -> the text it was checked with

    def imports_unchanged(self) -> bool:
        for path, text in self.imports.items():
            try:
                with path.open(encoding="utf-8-sig") as source:
                    if source.read(MAX_SOURCE + 1) != text:
                        return False
            except (OSError, ValueError, UnicodeDecodeError):
                return False
        return True


_CHECKED: dict[_CheckedKey, _Checked] = {}


def _cwd() -> str | None:
    try:
        return os.getcwd()
    except OSError:  # the folder was removed
        return None


@attrs.frozen
class Loaded:
    """A file and everything it imports, parsed and not yet checked."""
    modules: list[ast.Module]  # the first one is the file itself
    sources: dict[str, str]  # shown file name -> text
    paths: dict[str, Path]  # shown file name of each imported file -> where it is on disk
    # each import declaration (by its span) -> the file it names, as resolved (an editor's
    # "go to definition" on it: no second resolving)
    imports: dict[Span, Path] = attrs.field(factory=dict)


def read_modules(text: str, name: str = "<rules>", base: Path | None = None,
                 parse_main: Callable[[str, str], ast.Module] = parse,
                 parse_import: Callable[[str, str], ast.Module] = parse_kept,
                 edited: dict[Path, str] | None = None) -> Loaded:
    """Parse rules given as text and the files they import (for the checker, or for an
    editor, which gives its own ways to parse: it keeps what has not changed, and its
    ``edited`` texts of files not saved yet: resolved path -> text)."""
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write: not rules
    _check_size(text, name)
    sources = {name: text}
    paths: dict[str, Path] = {}
    imports: dict[Span, Path] = {}
    modules = [parse_main(text, name)]
    seen = {name}
    if base is not None and name.endswith(".rules"):  # the file itself, however it was named:
        seen.add(str((base / Path(name).name).resolve()))  # a file it imports may import it back
    queue = [(modules[0], base)]
    while queue:
        module, folder = queue.pop(0)
        for decl in module.decls:
            if not isinstance(decl, ast.ImportDecl):
                continue
            target = imports[decl.span] = _resolve(decl, folder, sources)
            key = str(target)
            if key in seen:
                continue
            if len(seen) > MAX_IMPORTS:
                raise _import_error(decl, "too many imports", sources)
            seen.add(key)
            shown = _display(target, decl.path)
            try:
                if edited and target in edited:
                    imported_text = edited[target]
                else:
                    with target.open(encoding="utf-8-sig") as source:
                        imported_text = source.read(MAX_SOURCE + 1)
            except UnicodeDecodeError:
                raise _import_error(decl, f"cannot read '{decl.path}': it is not UTF-8 text",
                                    sources) from None
            except OSError:
                raise _import_error(decl, f"cannot read '{decl.path}'", sources) from None
            _check_size(imported_text, shown)
            sources[shown] = imported_text
            paths[shown] = target
            if sum(map(len, sources.values())) > MAX_TOTAL_SOURCE:
                raise _import_error(decl, f"too much to import: a file and its imports may "
                                          f"have at most {MAX_TOTAL_SOURCE:,} characters", sources)
            from_edit = edited is not None and target in edited  # an editor's text, not a file's
            imported = (parse if from_edit and parse_import is parse_kept
                        else parse_import)(imported_text, shown)
            modules.append(imported)
            queue.append((imported, target.parent))
    return Loaded(modules, sources, paths, imports)


def _check_size(text: object, name: str) -> None:
    if not isinstance(text, str):
        raise RulesError(f"{name}: rules are text, not {type(text).__name__}")
    if len(text) > MAX_SOURCE:  # (a file is read no further than one character too many)
        count = f"{len(text):,}" if len(text) > MAX_SOURCE + 1 else f"more than {MAX_SOURCE:,}"
        raise RulesError(f"{name}: too long ({count} characters; a .rules file may have "
                         f"at most {MAX_SOURCE:,})")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise RulesError(f"{name}: the text holds a character that is not valid Unicode "
                         "(a lone surrogate)") from None


def _display(target: Path, written: str) -> str:
    try:
        return str(target.relative_to(Path.cwd()))
    except ValueError:
        return written


def _resolve(decl: ast.ImportDecl, folder: Path | None, sources: dict[str, str]) -> Path:
    try:
        return _resolve_path(decl, folder, sources)
    except (OSError, ValueError, RuntimeError):  # a NUL, too long a name, a link loop
        raise _import_error(decl, f"cannot import '{decl.path}': no such .rules file can be "
                                  "read there", sources) from None


def _resolve_path(decl: ast.ImportDecl, folder: Path | None, sources: dict[str, str]) -> Path:
    written = decl.path
    if not written.endswith(".rules"):
        raise _import_error(decl, "only .rules files can be imported", sources)
    if written.startswith("std/"):
        root, target = STD_DIR.resolve(), (STD_DIR / written[4:]).resolve()
        where, outside = "in the standard library", "the standard library"
    else:
        if folder is None:
            raise _import_error(decl, "rules given as text can only import std/... files "
                                      "(save them in a .rules file to import the files beside "
                                      "it: an editor's new document, say)", sources)
        if os.path.isabs(written):
            raise _import_error(decl, f"cannot import '{written}': imports are relative to "
                                      "the importing file, not absolute paths", sources)
        root, target = folder, (folder / written).resolve()
        where, outside = "beside this file", "the folder of the importing file"
    if root not in target.parents:  # '..' or a link that leads elsewhere
        raise _import_error(decl, f"cannot import '{written}': it is outside {outside}", sources)
    if not target.is_file():
        raise _import_error(decl, f"cannot import '{written}': no such .rules file {where}",
                            sources)
    return target


def _import_error(decl: ast.ImportDecl, message: str, sources: dict[str, str]) -> RulesError:
    return RulesError(message, [Diagnostic(message, decl.span,
                                           "imports name .rules files beside this one, "
                                           "or std/... from the standard library")], sources)


# ------------------------------------------------------------------ a file that is part of another

IMPORT_LINE = re.compile(r'^[ \t]*import[ \t]+"([^"\n]+\.rules)"', re.MULTILINE)
MAX_NEIGHBOURS = 200  # .rules files looked at for the one importing a file


@attrs.frozen
class Part:
    """A file checked as part of the file that imports it: the whole, checked (or the
    error that stopped it), and the name the part's problems are reported under."""
    whole: Path  # the importing file
    name: str  # the part's file name in the whole's sources and diagnostics
    program: Program | None
    error: RulesError | None
    loaded: Loaded | None = None  # the whole and its imports, the part among them (an editor
    checker: Checker | None = None  # indexes the part's names with them)

    def found(self) -> list[Diagnostic]:
        """Everything the check found: the error's problems, or the warnings."""
        if self.error is not None:
            return self.error.diagnostics
        assert self.program is not None  # a part holds the one or the other
        return self.program.warnings

    def own(self) -> list[Diagnostic]:
        """What the check found in the part itself."""
        return [d for d in self.found() if d.span is not None and d.span.file == self.name]


def importer_of(path: Path) -> Path | None:
    """A .rules file beside ``path``, or in the folder above, that imports it: a file
    written to be part of another (it uses that file's names) makes sense only with it.
    Only the import lines of those files are read; None when there is none."""
    target = path.resolve()
    for folder in (target.parent, target.parent.parent):
        try:
            candidates = sorted(folder.glob("*.rules"))[:MAX_NEIGHBOURS]
        except OSError:
            continue
        for candidate in candidates:
            try:
                if candidate.resolve() != target and target in _imported_by(candidate):
                    return candidate
            except (OSError, ValueError, RuntimeError):  # unreadable: not the importer
                continue
    return None


# (file, its size and time) -> what it imports: an editor asks often
_imports_seen: dict[tuple[Path, int, int], frozenset[Path]] = {}


def _imported_by(path: Path) -> frozenset[Path]:
    """The files ``path``'s import lines name (resolved; the standard library left out)."""
    stat = path.stat()
    key = (path, stat.st_size, stat.st_mtime_ns)
    found = _imports_seen.get(key)
    if found is None:
        if not path.is_file():
            return frozenset()
        with path.open(encoding="utf-8-sig") as source:
            text = source.read(MAX_SOURCE + 1)
        found = frozenset((path.parent / written).resolve()
                          for written in IMPORT_LINE.findall(text) if not written.startswith("std/"))
        if len(_imports_seen) > 1000:
            _imports_seen.clear()
        _imports_seen[key] = found
    return found


def check_as_part(path: Path, text: str | None = None) -> Part | None:
    """Check ``path`` (its ``text``, when an editor holds a newer one) as part of the file
    that imports it; None when no file near it does."""
    whole = importer_of(path)
    if whole is None:
        return None
    target = path.resolve()
    shown_whole = os.path.relpath(whole)  # as the user would name it from here
    try:
        with whole.open(encoding="utf-8-sig") as source:
            whole_text = source.read(MAX_SOURCE + 1)
        loaded = read_modules(whole_text, shown_whole, base=whole.parent,
                              edited={target: text} if text is not None else None)
    except (OSError, ValueError):
        return None
    except RulesError as error:
        return Part(Path(shown_whole), str(path), None, error)
    name = next((shown for shown, where in loaded.paths.items() if where == target), None)
    if name is None:  # its import line was in a comment, say: not a part after all
        return None
    checker = Checker(loaded.modules, loaded.sources)
    try:
        return Part(Path(shown_whole), name, checker.run(), None, loaded, checker)
    except RulesError as error:
        return Part(Path(shown_whole), name, None, error, loaded, checker)
    except RecursionError:
        return Part(Path(shown_whole), name, None, too_deep(shown_whole))
