"""Where the compiler writes out, in the generated code, what a runtime helper would do.

Each is on. A test turns one off and plays every ruleset's seeded games again, compiled
with the helper called instead, to check they go exactly as they did
(tests/runtime/test_fast_paths_compiled.py). The compiler reads these while it writes a
module; a game never does. (Two more have limits of their own: ``inline.INLINE_MAX_COST``,
functions written out at their calls, and ``expr.UNROLL_MEMBERS``, any/all over an enum
written out member by member.)
"""
from __future__ import annotations

import attrs


@attrs.define
class Shortcuts:
    builtins: bool = True  # size, count, empty, top, cards of a zone; size, first, last of a
    #                        list; a sum of zones' sizes: no builtin called (expr.fast_builtin)
    zone_cards: bool = True  # a zone gone through as its list of cards, not as_list (expr.cards_of)
    fields: bool = True  # a card's field read in place, not by field/var_field/dynamic_attr (expr.x_Attr)
    texts: bool = True  # a seat, a member, a number as text in place, not by seat_name,
    #                     text_of, int_text (expr.renderer)
    message_cards: bool = True  # a card in a message or log line as itself, not by parts_of,
    #                             log_parts (expr.message)
    comparisons: bool = True  # members compared by identity; a list maybe compared by equal
    #                           only when a side is one (expr.x_Compare)
    numbers: bool = True  # a sum with a small number written in the rules not bounded, by
    #                       number or augment (expr.x_BinOp, expr.compared, stmt.s_Assign)
    random_picks: bool = True  # random(list) asks the game directly, a range not made a list
    #                            (expr.x_Call), not by the random builtin
    membership: bool = True  # `in` a list of plain items by in_list, not in_any (expr.x_In)
    log_lines: bool = True  # a log line made blank and filled in, not by log_message (stmt.s_Log)
    move_card: bool = True  # one card to a zone with no grid by move_card, not move (stmt.s_Move)
    kept_conditions: bool = True  # any/all in a comprehension's condition that reads nothing
    #                               it binds worked out once (inline.hoisted), not per item


SHORTCUTS = Shortcuts()
