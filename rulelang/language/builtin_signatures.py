"""What the built-in functions accept and return, for the checker and the docs.

The interpreter implements each of these names (``interpreter/runtime/builtin_functions.py``); a
test keeps the two lists equal.
"""
from __future__ import annotations

from collections.abc import Callable

import attrs

from rulelang.language import types as T


@attrs.frozen
class Sig:
    params: tuple[str, ...]  # kinds of parameters, see _KIND_OK
    result: Callable[[list[T.Type]], T.Type]  # list of argument types -> result type
    doc: str
    optional: int = 0  # how many trailing parameters may be left out
    variadic: bool = False  # the last parameter may repeat
    fn_param: T.Type | None = None  # what a function argument is given (default: the items
                                    # of the first argument)

    def arity(self) -> str:
        most, least = len(self.params), len(self.params) - self.optional
        if self.variadic:
            return f"at least {least}"
        return str(most) if most == least else f"{least} to {most}"


_KIND_OK: dict[str, Callable[[T.Type], bool]] = {
    "any": lambda t: True,
    "int": lambda t: T.fits(t, T.INT),
    "bool": lambda t: T.fits(t, T.BOOL),
    "text": lambda t: T.fits(t, T.TEXT),
    "seat": lambda t: T.fits(t, T.SEAT),
    "list": T.iterable,
    "zone": lambda t: t.name in ("zone", "any", "none"),
    "zones": lambda t: t.name in ("zone", "family", "any", "none"),
    "card": lambda t: t.name in ("card", "any", "none"),
    "cell": lambda t: T.fits(t, T.CELL),
    "cells": lambda t: t.name in ("any", "none", "cell") or (t.name == "list" and (
        t.arg is None or t.arg.name in ("cell", "tuple", "any", "none"))),  # (cells or pairs)
    "shape": lambda t: T.fits(t, T.SHAPE),
    "fn": lambda t: t == T.FN,
    "cellsource": lambda t: t.name in ("zone", "placement", "card", "list", "any", "none"),
    "cell_or_text": lambda t: t.name in ("int", "text", "cell", "any", "none"),
    "direction": lambda t: t.name in ("tuple", "any", "none"),
}

KIND_WORDS = {
    "any": "a value", "int": "a number", "bool": "true or false", "text": "text",
    "seat": "a player", "list": "a list or a zone", "zone": "a zone",
    "zones": "a zone or a zone family", "card": "a card",
    "cell": "a cell", "cells": "cells", "shape": "a shape", "fn": "a function (x => ...)",
    "cellsource": "a grid, a placement or a card", "cell_or_text": "a number or text like \"E5\"",
    "direction": "a direction: a step (dx, dy), like one of `directions`",
}


def kind_ok(kind: str, t: T.Type) -> bool:
    return _KIND_OK[kind](t)


def _elem(args: list[T.Type]) -> T.Type:
    return T.element(args[0]) if args else T.ANY


def _same_list(args: list[T.Type]) -> T.Type:
    return args[0] if args and args[0].name == "list" else T.list_of(_elem(args))


def _top(args: list[T.Type]) -> T.Type:
    card = T.element(args[0])
    return T.list_of(card) if len(args) > 1 else card


def _max(args: list[T.Type]) -> T.Type:
    if len(args) == 1:
        return _elem(args)
    result = args[0]
    for t in args[1:]:
        result = T.join(result, t)
    return result


_CELLS = T.list_of(T.CELL)

SIGNATURES: dict[str, Sig] = {
    # collections
    "size": Sig(("any",), lambda a: T.INT, "number of cards in a zone, items in a list, cells in a shape"),
    "count": Sig(("list",), lambda a: T.INT,
                 "number of items, true and false ones alike: count(c for c in hand if c.value > 3)"),
    "empty": Sig(("list",), lambda a: T.BOOL, "true when a zone or list has nothing in it"),
    "sum": Sig(("list",), lambda a: T.INT, "sum of numbers (not of true/false: count those that hold)"),
    "max": Sig(("any", "any"), _max, "largest item of a list, or of the arguments; none if empty",
               optional=1, variadic=True),
    "min": Sig(("any", "any"), _max, "smallest item of a list, or of the arguments; none if empty",
               optional=1, variadic=True),
    "any": Sig(("list",), lambda a: T.BOOL, "true if any item is true"),
    "all": Sig(("list",), lambda a: T.BOOL, "true if every item is true"),
    "unique": Sig(("list",), _same_list, "the items without repeats, in first-seen order"),
    "distinct": Sig(("list",), lambda a: T.INT, "how many different items"),
    "argmax": Sig(("list", "fn"), _same_list, "every item whose key is largest (ties kept), in order"),
    "argmin": Sig(("list", "fn"), _same_list, "every item whose key is smallest (ties kept), in order"),
    "sort": Sig(("list", "fn"), _same_list, "items sorted by a key, smallest first (by "
                "themselves without one: cards, and tuples holding a seat or a card, need a key: "
                "sort(picks, pc => pc[1].rank))", optional=1),
    "reverse": Sig(("list",), _same_list, "items in the opposite order"),
    "first": Sig(("list",), _elem, "first item, or none"),
    "last": Sig(("list",), _elem, "last item, or none"),
    "index_of": Sig(("list", "any"), lambda a: T.INT, "position (from 0) of an item, or -1"),
    "pairs": Sig(("list",), lambda a: T.list_of(T.Type("tuple", (_elem(a), _elem(a)))),
                 "every unordered pair of different items, in order"),
    "text": Sig(("any",), lambda a: T.TEXT, "a value as text"),
    "join": Sig(("list", "text"), lambda a: T.TEXT,
                "the items as text, with a separator between them (default \", \")", optional=1),
    "disclose": Sig(("any",), lambda a: a[0] if a else T.ANY,
                    "the value itself; tells the checker everybody is meant to learn it"),
    "abs": Sig(("int",), lambda a: T.INT, "absolute value"),
    # cards and zones
    "top": Sig(("zone", "int"), _top, "top card of a pile (none if empty), or its top n cards",
               optional=1),
    "bottom": Sig(("zone", "int"), _top, "bottom card of a pile, or its bottom n cards", optional=1),
    "cards": Sig(("zones",), lambda a: T.list_of(T.element(a[0])),
                 "the cards of a zone (bottom to top), or of every zone of a family"),
    "zone_of": Sig(("card",), lambda a: T.ZONE, "the zone a card is in"),
    "knows": Sig(("seat", "card"), lambda a: T.BOOL,
                 "true if the seat knows the card's face (it has seen it, and it was not shuffled since); "
                 "knows(p, c.FIELD): if it knows that field, from the face or from what it was told"),
    "key": Sig(("zone",), lambda a: T.ANY,
               "the key of a zone kept per key (a tuple for several keys), none otherwise"),
    "owner": Sig(("zone",), lambda a: T.SEAT,
                 "the seat a zone belongs to (its player or seat key), none otherwise"),
    # seats and chance
    "next": Sig(("seat",), lambda a: T.SEAT, "the next seat round the table"),
    "previous": Sig(("seat",), lambda a: T.SEAT, "the previous seat round the table"),
    "others": Sig(("seat",), lambda a: T.list_of(T.SEAT),
                  "every other player, in seat order (P1 first), not round the table from "
                  "this one: order_from gives that"),
    "order_from": Sig(("seat",), lambda a: T.list_of(T.SEAT),
                      "every seat round the table, starting with this one (dummies included)"),
    "random": Sig(("list", "text"), _elem,
                  "one item at random; the text names the chance event for tests", optional=1),
    # grids and geometry
    "cell": Sig(("cell_or_text", "int"), lambda a: T.CELL,
                "cell(x, y) from 0, or cell(\"E5\"): column letter, row number "
                "(cell(\"-A1\") left of A1, cell(\"A-1\") above it)", optional=1),
    "cells": Sig(("cellsource",), lambda a: _CELLS,
                 "the cells of a grid, of a placement, or under a card"),
    "occupied": Sig(("zone",), lambda a: _CELLS, "cells of a grid holding at least one card"),
    "empty_cells": Sig(("zone",), lambda a: _CELLS, "cells of a bounded grid holding nothing"),
    "at": Sig(("zone", "cell"), lambda a: T.list_of(T.element(a[0])),
              "cards on a cell of a grid, bottom to top"),
    "neighbours": Sig(("cells", "zone"), lambda a: _CELLS,
                      "orthogonal neighbours of a cell or region (not in it), inside the grid if given",
                      optional=1),
    "adjacent": Sig(("cell", "cell"), lambda a: T.BOOL, "true if two cells share a side"),
    "connected": Sig(("cells",), lambda a: T.BOOL, "true if the cells form one orthogonal group"),
    "groups": Sig(("cells",), lambda a: T.list_of(_CELLS), "the orthogonally connected groups"),
    "in_bounds": Sig(("zone", "cell"), lambda a: T.BOOL, "true if the cell is on the grid"),
    "ray": Sig(("zone", "cell", "direction", "fn"), lambda a: _CELLS,
               "the cells from next to a cell in a direction (dx, dy) to the grid's edge, or up to "
               "and including the first one for which the function is true", optional=1,
               fn_param=T.CELL),
    "flanked": Sig(("zone", "cell", "list", "list", "list"), lambda a: _CELLS,
                   "the cells that lines from a cell, in each direction, run through (cells or "
                   "cards in the first list) when the next cell is in the second list; in the "
                   "eight directions unless a list of directions is given", optional=1),
    "flanking": Sig(("zone", "cells", "list", "list", "list"), lambda a: _CELLS,
                    "the cells of a list from which flanked(...) finds at least one cell",
                    optional=1),
    "shape": Sig(("text",), lambda a: T.SHAPE, "a polyomino drawn as rows of # and ., split by /"),
    "placements": Sig(("shape", "cells"), lambda a: T.list_of(T.PLACEMENT),
                      "every way to put a shape (turned, either face) on the given cells"),
    "placement": Sig(("shape", "cell", "int", "bool"), lambda a: T.PLACEMENT,
                     "the shape with its first cell on a cell, turned 0, 90, 180 or 270 degrees "
                     "clockwise, face down if true: placement(s, cell(\"E5\"), 90) is E5 r90",
                     optional=2),
    "matches": Sig(("cells", "shape"), lambda a: T.BOOL,
                   "true if the cells form the shape, moved and turned (not mirrored)"),
}
