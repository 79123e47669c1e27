"""Starting games from a setup snapshot: ``snapshot.copy(seed=seed)``, and what
``Rules.start_game`` sets on the copy, written out once per snapshot as one straight function.

Every game with the same players and options starts as a copy of the same snapshot (the part
of setup that draws no chance, ``Rules.start_game``), and a playout of a short game pays that
copy about as much as its decisions. The snapshot never changes once taken, so what a copy
reads from it is known when the starter is written: each part it shares (the rules, the
layout, the constants, numbers and flags) is bound to the function as it is, each empty list
or dict is written as a literal, a variable table with no keyed variable is copied by
``dict``, and the frames are made one by one; only the parts that are not empty are read and
copied, by their ``Field``'s copier, as ``copy_state`` copies them. A game started so has the
same attributes, in the same order, with the same values (shared or copied alike) as a copy
(tests/runtime/test_snapshot_start.py compares them for every configuration of the shipped
rules, and plays both on).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from interpreter.runtime.draws import Unseeded
from interpreter.runtime.helpers import Frame
from interpreter.runtime.state import EMPTY_COPIES, FIELDS
from interpreter.runtime.values import Keyed

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game

# start(seed, chance, after_setup) -> a new game, as start_game makes it from the snapshot
Starter = Callable[[int, Any, Any], "Game"]

# ``Game.copy``'s own steps before ``copy_state``, in its order: each attribute the copy
# shares with the game (bound to the starter as the snapshot holds it), or makes anew
# (its code). test_snapshot_start.py finds a copy's attributes all set, and no other.
COPY_STEPS: tuple[tuple[str, str | None], ...] = (
    ("rules", None), ("title", None), ("nplayers", None), ("options", None), ("logging", None),
    ("queue", "[]"), ("depth", "0"), ("rdepth", "0"), ("work", None),
    ("dirty", None), ("on_checkpoint", "None"), ("ending", "False"),
    ("triggers_pause", None), ("carried", None), ("in_campaign", None),
    ("layout", None), ("layout_key", None), ("seat_name", None),
    ("players", None), ("seats", None), ("dummies", None),
    ("zones", None), ("tables", None), ("everyone", None),
)


def can_start_from(snapshot: Game) -> bool:
    """Whether a starter copies this snapshot as ``copy`` does: a copy that keeps no log
    (a log's unsettled lines and rendered lines are the copy's to fix up), with no
    decision pending (a snapshot is taken as setup runs: none is)."""
    return (not snapshot.logging and not snapshot.unsettled and snapshot.pending is None
            and snapshot.group is None)


def starter(snapshot: Game) -> Starter:
    """The function that starts a game from ``snapshot`` (``can_start_from`` it): the new
    game as ``snapshot.copy(seed=seed)`` makes it, then its ``fixed`` outcomes none, its
    ``chance_source`` and ``after_setup`` those given, as ``Rules.start_game`` sets them."""
    names: dict[str, Any] = {"new": object.__new__, "cls": type(snapshot), "Frame": Frame,
                             "Unseeded": Unseeded}
    lines = ["def start(seed, chance, after_setup):", "    g = new(cls)"]

    def bound(value: Any) -> str:  # a value the starter uses as the snapshot holds it
        if value is None or type(value) in (bool, int):  # (a literal: no name to look up)
            return repr(value)
        name = f"c{len(names)}"
        names[name] = value
        return name

    for attr, made in COPY_STEPS:
        lines.append(f"    g.{attr} = {made if made is not None else bound(getattr(snapshot, attr))}")
    for f in FIELDS:
        if f.attr in ("seed", "rng"):  # a fresh seed replaces them (last, as copy_state does)
            continue
        value = getattr(snapshot, f.attr)
        if f.attr == "fixed":  # start_game's: no outcome fixed (the caller fixes its own)
            code = "{}"
        elif f.copy is None:  # shared, as a copy shares it
            code = bound(value)
        elif f.attr in EMPTY_COPIES and not value:  # an empty list or dict: a new one
            code = EMPTY_COPIES[f.attr]
        elif f.attr == "vars" and not any(type(v) is Keyed for v in value.values()):
            code = f"dict({bound(value)})"  # (_copy_vars, with no keyed table to copy)
        elif f.attr == "frames":
            code = _frames(snapshot, lines, bound)
        else:
            code = f"{bound(f.copy)}({bound(value)})"
        lines.append(f"    g.{f.attr} = {code}")
    lines.append("    g.seed, g.rng = seed, Unseeded(seed)")
    lines.append("    g.chance_source, g.after_setup = chance, after_setup")
    lines.append("    return g")
    exec("\n".join(lines), names)  # attribute names of FIELDS and COPY_STEPS only
    return cast(Starter, names["start"])


def _frames(snapshot: Game, lines: list[str], bound: Callable[[Any], str]) -> str:
    """The snapshot's frames made anew, each its locals' list copied (``_copy_frames``)."""
    made = []
    for i, frame in enumerate(snapshot.frames):
        lines.append(f"    f{i} = Frame()")
        lines.append(f"    f{i}.unit, f{i}.pc, f{i}.L = {bound(frame.unit)}, {bound(frame.pc)}, "
                     f"{bound(frame.L)}[:]")
        made.append(f"f{i}")
    return f"[{', '.join(made)}]"
