"""Modules written once, made again for each compiled rules.

Writing a ruleset's module (``write_module``) and Python's ``compile`` of its source are most of
what compiling costs (about 0.03 s a ruleset, and a test suite, a server or a comparison of
variants compiles the same rules many times). What is written depends only on the checked
program, ``lean`` and the compiler's switches (``switches``); and the loader hands back the
same program object for the same texts (``loader.load_text``: nothing changes a checked
program). So the written module is kept per (program, lean, switches) and the code object
per source text, a few dozen of each, the least recently used dropped first; the code is
kept between runs too (kept_code.py).

Each ``compiled`` call still runs the code in a namespace of its own, bound to the caller's
enum members (generated code compares members by identity) and to choice sites, card kinds
and top-level records of its own: two compiled rules never share anything a game or a cache
of theirs changes.
"""
from __future__ import annotations

import hashlib
import linecache
from collections import OrderedDict
from types import CodeType
from typing import TYPE_CHECKING, Any

import attrs

from interpreter.compiler import _resolve, switches, write_module
from interpreter.compiler.analysis import keep_analysis
from interpreter.compiler.compiled_parts import Compiled, Unit
from interpreter.compiler.kept_code import compiled_code
from interpreter.compiler.written import EnumPart, EnumSetPart, MemberPart, SitePart, Written
from interpreter.runtime import helpers

if TYPE_CHECKING:
    from interpreter.runtime.values import EnumValue
    from rulelang.language.checker import Program

MAX_WRITTEN = 64  # modules kept (a shipped game's: 50-400 kB of source)
MAX_CODE = 64  # code objects kept

# (id of the program, lean, switches) -> (the program, kept alive so its id is not reused; its module)
_WRITTEN: OrderedDict[tuple[Any, ...], tuple[Program, Written]] = OrderedDict()
# (source, main file) -> (the module's file name in tracebacks, its code)
_CODE: OrderedDict[tuple[str, str], tuple[str, CodeType]] = OrderedDict()


def compiled(program: Program, enum_values: dict[str, list[EnumValue]], lean: bool) -> Compiled:
    key = (id(program), lean, switches())
    kept = _WRITTEN.get(key)
    if kept is None or kept[0] is not program:
        for other, written in _WRITTEN.values():
            if other is program:  # a module of its is kept: the new one shares its analysis
                keep_analysis(written.analysis)  # (which analysis_of may have let go)
                break
        kept = (program, write_module(program, enum_values, lean))
    remember(_WRITTEN, key, kept, MAX_WRITTEN)
    return made(kept[1], enum_values)


def code_of(source: str, main_file: str) -> tuple[str, CodeType]:
    """The module's file name (shown in tracebacks, read by ``failures``) and its code."""
    key = (source, main_file)
    found = _CODE.get(key)
    if found is None:
        # named by its source, not by a count: the name is in the code, kept between runs
        digest = hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()[:12]
        filename = f"<rules {digest}: {main_file}>"
        found = (filename, compiled_code(source, filename))
    remember(_CODE, key, found, MAX_CODE)
    return found


def remember(kept: OrderedDict[Any, Any], key: Any, value: Any, most: int) -> None:
    """``kept[key] = value`` in a map of ``most`` entries at most, the least recently
    remembered dropped first (an entry found and used is remembered again)."""
    kept[key] = value
    kept.move_to_end(key)
    while len(kept) > most:
        kept.popitem(last=False)


def made(written: Written, enum_values: dict[str, list[EnumValue]]) -> Compiled:
    """The written module run in a namespace of its own: the compiled rules' records."""
    filename, code = code_of(written.source, written.main_file)
    # the source for tracebacks (kept again: linecache.clearcache() may have dropped it)
    linecache.cache[filename] = (len(written.source), None, written.source.splitlines(True),
                                 filename)
    sites = [attrs.evolve(site) for site in written.sites]
    ns = helpers.names()
    ns.update(written.shared)
    for name, part in written.per_rules.items():
        if isinstance(part, MemberPart):
            ns[name] = enum_values[part.enum][part.index]
        elif isinstance(part, EnumPart):
            ns[name] = enum_values[part.enum]
        elif isinstance(part, EnumSetPart):
            ns[name] = frozenset(enum_values[part.enum])
        elif isinstance(part, SitePart):
            ns[name] = sites[part.index]
    for info in written.units.values():  # machine units call each other through these
        ns.setdefault("U_" + info.function, None)
    exec(code, ns)
    units = {}
    for key, info in written.units.items():
        bind = ns.get("bind_" + info.function)
        units[key] = Unit(info, ns[info.function], bind)
        units[key].direct = ns.get("direct_" + info.function)
        ns["U_" + info.function] = units[key]
    for site in sites:
        for role in ("seat", "passing", "prompt", "options", "seats", "refusals", "prefer",
                     "shown"):
            if getattr(site, role) is not None:
                setattr(site, role, ns[getattr(site, role)])
    kinds = {}
    for name, kind in written.kinds.items():
        kinds[name] = attrs.evolve(kind, **{role: ns[getattr(kind, role).name]
                                            for role in ("label", "inits", "hints", "hint_reader")
                                            if getattr(kind, role) is not None})
    makings = [attrs.evolve(making, make=ns[making.make.name]) for making in written.makings]
    by_trigger: dict[tuple[str, str], list[Unit]] = {}
    for info, trigger in written.triggers:
        by_trigger.setdefault((trigger.event, trigger.zone), []).append(units[info.key])
    result = Compiled(written.source, filename, written.where, units,
                      {name: units[info.key] for name, info in written.rule_infos.items()},
                      by_trigger, sites, kinds, _resolve(written.tops, ns),
                      written.analysis, written.function_units)
    result.turn_at = written.turn_at
    result.end_ats = written.end_ats
    result.origins = written.origins
    result.operations = written.operations
    result.calls = written.calls
    result.makings = makings
    return result
