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
    # size, count, empty, top, cards of a zone; size, first, last of a list; a sum of
    # zones' sizes: no builtin called (builtin_calls.fast_builtin)
    builtins: bool = True
    # a zone gone through as its list of cards, not by as_list (expr.cards_of)
    zone_cards: bool = True
    # a card's field read in place, not by field, var_field, dynamic_attr (expr.x_Attr)
    fields: bool = True
    # a seat, a member, a number as text in place, not by seat_name, text_of, int_text
    # (expr.renderer)
    texts: bool = True
    # a card in a message or a log line as itself, not by parts_of, log_parts (expr.message)
    message_cards: bool = True
    # members compared by identity; lists that may be lists compared by equal only when a
    # side is one (expr.x_Compare, expr_shapes.equality)
    comparisons: bool = True
    # random(list) asks the game directly, a range not made a list, not by the random
    # builtin (expr.x_Call); a comprehension goes through a range, not a list made of it
    # (expr.comprehension_written)
    random_picks: bool = True
    # `in` a list of plain items by in_list, not in_any (expr.x_In)
    membership: bool = True
    # a log line made blank and filled in where the game logs, not by log_message (stmt.s_Log)
    log_lines: bool = True
    # one card to a zone with no grid by move_card, not move (stmt.s_Move)
    move_card: bool = True
    # one card to a zone whose family fires `on enter` triggers, none of which can pause:
    # the triggers run by the move (move_fire), not queued for after() (stmt.s_Move)
    move_fire: bool = True
    # that move written out, its triggers' functions called in place, not by move_fire's
    # loop, where the zone is named (move_code.write_fired_move)
    fired_moves: bool = True
    # in that move, a trigger whose body is only a call of a rule that cannot pause with
    # the names its pattern binds: its work counted and the rule called, not the trigger's
    # function (move_code.FiredTrigger)
    trigger_forwards: bool = True
    # a list of cards made just now (cards(Z), a comprehension) to a zone with no grid by
    # move_cards, not move (stmt.s_Move)
    move_new_lists: bool = True
    # any/all in a comprehension's condition that reads nothing the comprehension binds,
    # worked out once, not for each item (inline.hoisted)
    kept_conditions: bool = True
    # an argument of a function written out in a comprehension's condition that reads
    # nothing the comprehension binds, worked out once, not for each item (inline.kept_argument)
    kept_arguments: bool = True
    # a function called by a `prefer` clause or the heuristic (what only bots read, while
    # the game does not change) keeps its result for the same arguments, the work it did
    # counted again at each call (compiler.ModuleBuilder.memoizable)
    advice_memo: bool = True
    # in the advice copies, a function whose body goes through a list is called (its result
    # kept), not written out at its call (inline.goes_through)
    advice_through: bool = True
    # in the advice copies, a call whose memo entry no later call could find (a lambda
    # argument; a prefer clause's outermost call taking the option) runs the function's
    # copy without the memo (compiler/advice_calls.py)
    advice_once: bool = True
    # in the advice copies, ``x in p`` for a parameter p asked as kept_in found it at the
    # function's start, its work counted in a local (compiler/advice_calls.KeptIn), not by
    # a call of in_kept at each ask
    advice_sets: bool = True
    # in the advice copies, a kept function's call in a comprehension with arguments that
    # read nothing it binds: its entry found once, its work counted again for the other
    # items without a call (compiler/advice_calls.KeptIn.hoisted)
    advice_hoist: bool = True
    # sum of a comprehension by helpers.sum_made (the list just made is not asked what it
    # is), not by the builtin (builtin_calls.fast_builtin)
    sums_made: bool = True
    # a let of a sum of zones' sizes (``sum(size(Z) for p in players)``) as a loop adding
    # each size, not a list made by a comprehension (a call, and cells of the function
    # around, in Python 3.11) and summed (let_loops.summed_sizes)
    summed_sizes: bool = True
    # a let of argmax or argmin of a list by a lambda whose value is a number, never none
    # (``argmax(players, p => size(side[p]))``): a loop keeping the best items, not the
    # builtin calling the lambda (a call for each item, and cells of the function around)
    # (let_loops.extreme_items)
    extreme_loops: bool = True
    # a zone or a zone family a function names twice or more read from a local loaded once
    # at its top, not looked up in the game's zones at each use (compiler/zone_locals.py)
    zone_locals: bool = True
    # a field of a unit's local none of whose bindings is none (compiler/none_facts.py: a
    # card chosen with no pass, or followed by ``if x == none { return }``, ``break``...)
    # read with no check for none (expr.sure_local)
    sure_locals: bool = True
    # cells(x) of a placement (x a plain name) read from it, not by the builtin that asks
    # first whether it is a zone (builtin_calls.fast_builtin)
    placement_cells: bool = True
    # min and max of two values (``min(c.rank, 10)``) written out as a comparison, not by
    # the builtin (builtin_calls.extreme_of_two)
    extremes: bool = True
    # min and max of a list of numbers (``max(c.value for c in hand)``) by list_min, list_max,
    # not by the builtin's general call (builtin_calls.extreme_of_list)
    list_extremes: bool = True
    # a direct choose among a zone's own cards: the zone looked up once, for its cards and
    # for pick_cards to know it by (``ZC[(t := Z).i], t``), not twice (direct_code.s_Choose)
    zone_once: bool = True
    # first(argmax(L, x => KEY)) (or argmin), a function's body written out as statements: a
    # loop keeping the first best item while every key is a whole number, else the builtin
    # (let_loops.write_first_extreme)
    first_extreme_loops: bool = True
    # a comprehension written as loops whose conditions keep the zone its first loop goes
    # through (a hand passed to a function written out): the zone bound where the loop reads
    # it, not tested for at each item (comprehension_loops.bound_first)
    kept_sources: bool = True
    # size, count, empty, first, last of a list held in a name: read in place when it is
    # a list, else by the builtin (a name may hold none) (builtin_calls.fast_builtin)
    named_lists: bool = True
    # sort and unique of a list the checker types as holding no lists (numbers, cards...):
    # Python's own, its items counted, not by the builtin that looks for lists inside
    # (builtin_calls.flat_builtin)
    flat_lists: bool = True
    # at(Z, c) on a zone the rules declare a grid: its cards there read in place, not by
    # the builtin that checks it is a grid (builtin_calls.grid_read)
    grid_reads: bool = True
    # cell(x, y) made by the runtime's cell, not by the builtin that also reads "E5" and
    # pairs (builtin_calls.grid_read)
    cells: bool = True
    # cell(x, y) found in the runtime's table of cells (``CELLS[(x, y)]``, in C), not by
    # calling the runtime's cell (builtin_calls.grid_read)
    cell_table: bool = True
    # at(Z, cell(x, y)) on a grid: the grid's map asked for the pair (x, y), which finds what
    # the cell finds, no cell made (builtin_calls.grid_read)
    cell_pairs: bool = True
    # next(s) of a seat held in a name looked up in the layout's table of next seats,
    # loaded once by the function (``NS[s] if s in NS``), not by the builtin's call (one
    # that is not a seat, none, still by it) (builtin_calls.next_seat)
    next_seats: bool = True
    # a list just made that the checker types as holding no lists deeper than its items'
    # (melds, pairs of cells) weighed without looking deeper (expr.weigher)
    shallow_weights: bool = True
    # at(Z, c) on a grid gone through by a comprehension, or asked its first, last, size or
    # count: the cell's tuple of cards read in place, not copied to a list first
    # (expr.comprehension, builtin_calls.grid_read_in_place)
    grid_views: bool = True
    # a list made by a comprehension whose item is a tuple written out of items that are no
    # lists (``(s, cell(x, y))``): each tuple new, so weighed by its length, not by going
    # through it (expr.comprehension, work.weighed_tuples)
    fresh_tuples: bool = True
    # flanking(Z, empty_cells(Z), ...) on a grid declared with a written size: its lines
    # from every cell at once on bit boards, then the empty cells among those found, no
    # list of the empty cells made first (builtin_calls.flanking_empty)
    empty_starts: bool = True
    # flanked(Z, s, A, B) where A and B are lists a comprehension makes of a zone's cards
    # (or a function whose body is one): no item's type asked before the grid's map is
    # (builtin_calls.flanked_cards)
    card_lines: bool = True
    # a variable kept per key read and written through its table, loaded once by the
    # function (module_builder.family_table), not looked up in g.vars at each use
    family_tables: bool = True
    # a small function with lets written out at its calls too, each let a temporary
    # (inline.inline_call), not called
    inline_lets: bool = True
    # a kind's display hints that read var fields too: their arguments taken by a function
    # of the module (module_builder.hint_reader), not a comprehension at each card a view shows
    hint_readers: bool = True
    # flanking(Z, empty_cells(Z), A, B) and flanked(Z, s, A, B) on a grid with edges where A
    # and B are the grid's cards whose one field holds a value (a comprehension, or a
    # function whose body is one): no list made, both boards made in one pass, or only the
    # cells a line reaches asked (builtin_calls.field_lines, runtime/field_lines.py)
    field_lines: bool = True
    # any/all of a comprehension worked out by loops in a function of the module, not a
    # generator (compiler/quantifier_loops.py)
    quantifier_loops: bool = True
    # and where the comprehension calls a lambda given to a function written out that reads
    # only its own name (``x => x.suit``): compiled in those loops too, no generator
    # (quantifier_loops.passed_lambdas)
    lambda_loops: bool = True
    # empty of an enum's members picked by a condition: every member's condition written
    # out and joined by |, no list made (quantifier_loops.empty_of_members)
    empty_members: bool = True
    # x in an enum's members by helpers.in_members (one look in a set of them), not by in_any
    # or in_list going through them (expr.x_In)
    member_sets: bool = True
    # a + of two lists whose items are no lists, each of its own type (members and numbers):
    # not weighed, as a list of one such type is not (expr.x_BinOp)
    joined_items: bool = True
    # steps worked out before a value in one expression (a function's temporaries written out,
    # the values a comprehension keeps set unset) as (s and None) or ... or value, not as a
    # tuple made and indexed (expr_shapes.sequence)
    sequences: bool = True
    # random(a..b) by Game.chance_span (a number below the range's length, added to a), not
    # by chance_pick of a range made (expr.x_Call)
    chance_spans: bool = True
    # [x for x in items if x in L] (or not in; L a name or a variable) by helpers.picked_in,
    # one call, not in_list for each item (expr.comprehension_written, expr_shapes.picked_in)
    picked_in: bool = True
    # setup's own effects followed by ``if g.queue: g.after()``: ``after`` checks no end
    # condition while setup runs, so only triggers queued call it (stmt.after_effect)
    setup_queue: bool = True
    # deal 1 to a zone with no grid: the source's top card moved by move_card, not by
    # deal (stmt.s_Deal)
    deal_one: bool = True
    # move_card written out (one card to a zone with no grid, after its deal too), for a
    # zone a card enters with nothing else to do, left quietly (stmt.written_move)
    written_moves: bool = True
    # cards(Z) of one zone moved by move_zone (the whole zone at once where nothing is
    # priced or shown card by card), not by move_cards of a list made (stmt.s_Move)
    zone_moves: bool = True
    # a comprehension that is the whole value of a let or of a direct choose's options, in a
    # function that cannot pause: loops of statements filling a list, not a list comprehension
    # (a function made and called) (compiler/comprehension_loops.py)
    comprehension_loops: bool = True
    # a function written out where its call is a let's whole value: its arguments and lets
    # worked out by statements before the let's, not by a chain of := in one expression
    # (compiler/inline_statements.py)
    inline_statements: bool = True
    # the items such loops go through (and those of any/all's loops) counted by statements
    # before the loop, not by a call of counted (comprehension_loops.counted_for)
    counted_loops: bool = True
    # a let whose value is first, last, size or empty of a comprehension: the list made by
    # loops first (compiler/inline_statements.write_let)
    builtin_loops: bool = True


SHORTCUTS = Shortcuts()
