"""A ruleset's module as the compiler writes it, before it runs: its source and the records
the compiled rules are made of, with the generated functions still named. Nothing in it is
changed once written, so one can be made into compiled rules any number of times
(compiler/kept_modules.py), each in a namespace of its own."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from interpreter.compiler.analysis import Analysis
    from interpreter.compiler.compiled_parts import ChoiceSite, KindCode, MakingSite, UnitInfo
    from interpreter.runtime.failures import CallSite, LineOrigin, Operation
    from interpreter.runtime.top_level import TopLevel
    from rulelang.language import ast
    from rulelang.language.errors import Span


@attrs.frozen
class MemberPart:
    """A name the module reads bound to a member of the caller's enum (compared by identity)."""
    enum: str
    index: int


@attrs.frozen
class EnumPart:
    """A name bound to the caller's list of an enum's members."""
    enum: str


@attrs.frozen
class EnumSetPart:
    """A name bound to a set of the caller's members of an enum (looked in, not gone through)."""
    enum: str


@attrs.frozen
class SitePart:
    """A name bound to a choice site (each compiled rules has its own: it holds functions)."""
    index: int


NsPart = MemberPart | EnumPart | EnumSetPart | SitePart


@attrs.frozen(eq=False)
class Written:
    source: str
    main_file: str
    where: list[LineOrigin]  # generated line (from 1) - 1 -> where it comes from
    operations: dict[str, list[Operation]]  # (Writer.operations)
    calls: dict[str, list[CallSite]]  # (Writer.calls)
    units: dict[str, UnitInfo]
    rule_infos: dict[str, UnitInfo]
    triggers: list[tuple[UnitInfo, ast.TriggerDecl]]
    sites: list[ChoiceSite]  # their functions named (strings)
    kinds: dict[str, KindCode]  # their functions named (``Top``)
    tops: TopLevel  # its functions named (``Top``)
    analysis: Analysis
    function_units: dict[str, str]
    origins: list[Span]
    turn_at: int | None
    end_ats: list[int]
    makings: list[MakingSite]  # ``make`` named (``Top``)
    shared: dict[str, Any]  # names bound to values no caller changes (texts, seats)
    per_rules: dict[str, NsPart]  # names bound to what each compiled rules has its own of
