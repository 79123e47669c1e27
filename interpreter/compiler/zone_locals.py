"""A zone or a zone family a generated function names twice or more (``ZN['hand']``), loaded
once into a local at the function's top (``ZN0 = g.zones['hand']``), so each use is one read
of a local, not a look-up in the game's zones (switch ``shortcuts.zone_locals``;
tests/runtime/test_fast_paths_compiled.py plays every ruleset with it off).

The game's zones are made with its layout and never replaced while it runs (a copy or a sample
has its own), as ``ZN`` itself, which each function already loads once. A zone named once is
left as it is: loading it would cost what the one look-up costs, where it may not even run.

The function is written first, each zone's name counted as its code names it; then, where the
function's lines hold that code exactly as many times (a text of the rules that happens to
look like it, or code written and dropped, leaves the zone as it was), it is put in place.
"""
from __future__ import annotations

import attrs

from interpreter.compiler.shortcuts import SHORTCUTS
from interpreter.compiler.source import literal


@attrs.define
class ZoneLocals:
    """The zones a function being written names: how often, and their locals once decided."""
    uses: dict[str, int] = attrs.Factory(dict)  # zone name -> times the function's code names it
    held: dict[str, str] = attrs.Factory(dict)  # zone name -> the local loaded with it

    def named(self, name: str, zones: str) -> str:
        """The code of the zone ``name`` in ``zones`` (the function's local of the game's
        zones), counted."""
        if SHORTCUTS.zone_locals:
            self.uses[name] = self.uses.get(name, 0) + 1
        return f"{zones}[{literal(name)}]"

    def dropped(self, code: str, zones: str) -> None:
        """Code written and then dropped (``code``): each zone it names counted once less."""
        for name in self.uses:
            self.uses[name] -= code.count(f"{zones}[{literal(name)}]")

    def put_in_place(self, lines: list[str], start: int, zones: str) -> bool:
        """Each zone named twice or more in ``lines[start:]`` (the function's body) read
        from its local there; True when the body names ``zones`` no more."""
        body = range(start, len(lines))
        for name, uses in self.uses.items():
            code = f"{zones}[{literal(name)}]"
            if uses < 2 or sum(lines[i].count(code) for i in body) != uses:
                continue
            local = self.held[name] = f"{zones}{len(self.held)}"
            for i in body:
                lines[i] = lines[i].replace(code, local)
        return bool(self.held) and not any(f"{zones}[" in lines[i] for i in body)

    def loads(self, zones: str) -> list[tuple[str, str]]:
        """(local, what it is loaded with) for each zone put in place (``zones`` the game's
        zones, as the function has them)."""
        return [(local, f"{zones}[{literal(name)}]") for name, local in self.held.items()]
