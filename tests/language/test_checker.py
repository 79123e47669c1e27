"""The checker: every mistake it can find, where it points, and how its messages read."""
from __future__ import annotations

from pathlib import Path

import pytest

import rulelang
from rulelang.language.errors import CheckError
from support import RULES

HEAD = 'game "T"\nplayers 2\n'
TURN = "\nturn { win current }\n"
TEAM_TURN = "\nturn { win team }\n"


def check_error(text: str) -> CheckError:
    with pytest.raises(CheckError) as caught:
        rulelang.loads(HEAD + text, "t.rules")
    return caught.value


def messages(text: str) -> list[str]:
    return [d.message for d in check_error(text).diagnostics]


# Each case: a ruleset (after the game and players lines), the first message, and where it points
# (line, column). Line 3 is the first line of the case.
CASES = {
    # names
    "unknown name": ('turn { let total = 1 log "{totl}" win current }',
                     "unknown name 'totl'", (3, 28)),
    "unknown function": ("turn { let x = nosuch(1) win current }",
                         "unknown function 'nosuch'", (3, 16)),
    "unknown type": ("var v: Colour = none" + TURN, "unknown type 'Colour'", (3, 8)),
    "unknown card kind in zone": ("zone d: pile of Nope" + TURN, "unknown card kind 'Nope'", (3, 1)),
    "unknown card kind in is": ("turn { let y = current is Nope win current }",
                                "unknown card kind 'Nope'", (3, 16)),
    "unknown zone in trigger": ("on enter nozone { }" + TURN, "unknown zone 'nozone'", (3, 1)),
    "unknown variable assigned": ("turn { nosuch = 2 win current }",
                                  "unknown variable 'nosuch'", (3, 8)),
    "enum member": ("enum Colour { red, blue }\nvar c: Colour = red\n"
                    "turn { c = Colour.rde win current }", "Colour has no member 'rde'", (5, 12)),
    "field": ("card Tile { rank: int }\nzone deck: pile of Tile\n"
              'turn { let t = top(deck) log "{t.rnak}" win current }',
              "Tile has no field 'rnak'", (5, 32)),
    # a zone family's cards are of the kind its zones hold (gone through, or cards() of it)
    "field of a family's card": ("card Tile { rank: int }\nzone table[player]: row of Tile\n"
                                 'turn { for t in table { log "{t.rnak}" } win current }',
                                 "Tile has no field 'rnak'", (5, 31)),
    "field of a family's cards": ("card Tile { rank: int }\nzone table[player]: row of Tile\n"
                                  'turn { log "{[t.rnak for t in cards(table)]}" win current }',
                                  "Tile has no field 'rnak'", (5, 15)),
    "field of a value": ("turn { let x = 3 let y = x.foo win current }",
                         "a number has no field '.foo'", (3, 26)),
    "cell part": ("turn { let p = cell(1, 2) let x = p.z win current }",
                  "a cell has .x and .y, not .z", (3, 35)),
    "column": ("table t {\n  | a |\n  |---|\n  | 1 |\n}\n"
               "turn { for r in t { log \"{r.b}\" } win current }",
               "table 't' has no column 'b'", (8, 27)),
    "ambiguous member": ("enum A { red, blue }\nenum B { red, green }\n"
                         "turn { let x = red win current }", "'red' is a member of A and B", (5, 16)),
    "function as a value": ("fn f() = 1\nturn { let x = f win current }",
                            "'f' is a function: call it with f(...)", (4, 16)),
    "card kind as a value": ("card C { x: int }\nturn { let x = C win current }",
                             "'C' is a card kind, not a value", (4, 16)),
    "keyed variable without key": ("var v[player]: int = 0\nturn { let x = v win current }",
                                   "'v' holds one value per key: write v[key]", (4, 16)),
    "const used before known": ("const A = B\nconst B = 1" + TURN,
                                "'B' is used before its value is known", (3, 11)),
    # definitions
    "duplicate": ("var x: int = 0\nvar x: int = 1" + TURN,
                  "'x' is already defined (as a var at t.rules:3:1)", (4, 1)),
    "duplicate of an option": ("option x: int = 0\nvar x: int = 1" + TURN,
                               "'x' is already defined (as an option at t.rules:3:1)", (4, 1)),
    "built-in name": ("const size = 3" + TURN, "'size' is a built-in name", (3, 1)),
    "let hides a global": ("var total: int = 0\nturn { let total = 2 win current }",
                           "'total' would hide the var of the same name", (4, 8)),
    "let twice": ("turn { let x = 1 let x = 2 win current }",
                  "'x' is already defined in this block", (3, 18)),
    "choose twice": ("turn { choose x in [1] choose x in [2] win current }",
                     "'x' is already defined in this block", (3, 24)),
    "enum member twice": ("enum E { a, b, a }" + TURN, "enum 'E' lists 'a' twice", (3, 1)),
    "member clashes": ("var a: int = 0\nenum E { a, b }" + TURN,
                       "'a' is already defined (as a member at t.rules:4:10)", (3, 1)),
    "field twice": ("card C { x: int  x: int }" + TURN, "card 'C' has two fields named 'x'",
                    (3, 18)),
    "column twice": ("table t {\n  | a | a |\n  |---|---|\n  | 1 | 2 |\n}" + TURN,
                     "table 't' has two columns named 'a'", (3, 1)),
    "two setup blocks": ("setup { }\nsetup { }" + TURN, "there is already a 'setup' block", (4, 1)),
    # types
    "wrong operand": ('turn { let x = 1 + "a" * 2 win current }',
                      "cannot use '*' on text and a number", (3, 20)),
    "condition": ("turn { if 3 { win current } }",
                  "the condition should be true or false, but this is a number", (3, 11)),
    "compare always false": ('turn { let y = 1 == "a" win current }',
                             "comparing a number with text is always false", (3, 16)),
    "cell compared with a pair": ("turn { let y = cell(1, 2) == (1, 2) win current }",
                                  "a cell is not a pair of numbers: compare it with a cell",
                                  (3, 16)),
    "cannot order": ('turn { let y = "a" < 1 win current }',
                     "cannot order text and a number with '<'", (3, 16)),
    "in needs a list": ("turn { let y = 1 in 3 win current }",
                        "'in' needs a list or a zone, not a number", (3, 21)),
    "and needs bools": ("turn { let y = 1 and true win current }",
                        "each side of 'and' should be true or false, but this is a number", (3, 16)),
    "not needs a bool": ("turn { let y = not 1 win current }",
                         "the value after 'not' should be true or false, but this is a number", (3, 20)),
    "minus needs a number": ('turn { let y = -"a" win current }',
                             "the value after '-' should be a number, but this is text", (3, 17)),
    "range end": ('turn { let y = 1.."b" win current }',
                  "the end of a range should be a number, but this is text", (3, 19)),
    "loop over a number": ("turn { for a in 3 { } win current }",
                           "cannot go through a number: it is not a list or a zone", (3, 17)),
    "split a number": ("turn { for a, b in [1, 2] { } win current }",
                       "cannot split a number into 2 names", (3, 8)),
    "index a number": ("turn { let x = 3 let y = x[0] win current }",
                       "a number cannot be indexed with [...]", (3, 26)),
    "tuple item past its end": ("turn { let t = (P1, 3) let x = t[2] win current }",
                                "a tuple (a player, a number) has no item [2]: its 2 items are "
                                "[0] and [1], counted from 0", (3, 34)),
    "two indexes": ("turn { let x = [1, 2] let y = x[1, 2] win current }",
                    "a list takes one index", (3, 31)),
    "wrong key count": ("var v[player]: int = 0\nturn { let x = v[1, 2] win current }",
                        "'v' takes 1 key(s) (a player), not 2", (4, 16)),
    "wrong key type": ("enum E { a }\nzone z[E]: pile\nturn { let x = z[current] win current }",
                       "this key of 'z' should be an E, but this is a player", (5, 18)),
    "assign wrong type": ('var v: int = 0\nturn { v = "a" win current }',
                          "this is text, but the target holds a number", (4, 12)),
    "plus-equals on text": ('var v: text = ""\nturn { v += 1 win current }',
                            "'+=' adds text to text, but this is a number", (4, 13)),
    "minus-equals on text": ('var v: text = ""\nturn { v -= "a" win current }',
                             "'-=' cannot take anything away from text", (4, 8)),
    "plus-equals on a truth value": (
        "var v: bool = false\nturn { v += 1 win current }",
        "'+=' works on numbers, text and lists, and this holds a true/false value", (4, 8)),
    "plus-equals none": ("var v: int = 0\nturn { v += none win current }",
                         "'+=' needs a value, not none", (4, 13)),
    "minus-equals text from a number": (
        'enum Heap { a, b }\nvar stones[Heap]: int = 3\nturn { stones[a] -= "two" win current }',
        "'-=' takes away a number, but this is text", (5, 21)),
    "plus-equals one item on a list": ("turn { let xs = [1] xs += 2 win current }",
                                       "'+=' adds a list, but this is a number", (3, 27)),
    "plus-equals a list of other things": ('turn { let xs = [1] xs += ["a"] win current }',
                                           "this is a list of texts, but '+=' needs a list of numbers",
                                           (3, 27)),
    # an empty list beside a list of texts leaves it a list of texts (not of anything)
    "plus-equals numbers on texts made beside an empty list": (
        'turn { let xs = (if current == P1 then ["a"] else []) + ["b"] '
        'xs += [1] win current }',
        "this is a list of numbers, but '+=' needs a list of texts", (3, 69)),
    "plus-equals numbers on texts or an empty list": (
        'turn { let xs = if current == P1 then [] else ["a"] xs += [1] win current }',
        "this is a list of numbers, but '+=' needs a list of texts", (3, 59)),
    "typed let": ('turn { let x: int = "a" win current }',
                  "the value of 'x' should be a number, but this is text", (3, 21)),
    "let of none": ("turn { let best = none win current }",
                    "'best' could only ever hold none: its type comes from its first value",
                    (3, 8)),
    "score type": ('score p = "a"' + TURN, "a score should be a number, but this is text", (3, 11)),
    "end condition": ("end when 3" + TURN, "an end condition should be true or false, but this is a number",
                      (3, 10)),
    "option default": ('option n: int = "x"' + TURN, "the default should be a number, but this is text",
                       (3, 17)),
    "option allowed": ("option n: int in 5 = 1" + TURN,
                       "the allowed values of an option are a list or a range", (3, 18)),
    "option default outside its range": ("option n: int in 1..3 = 5" + TURN,
                                         "the default 5 is not one of the allowed values of 'n' "
                                         "(1..3)", (3, 25)),
    "option default not listed": ("enum E { a, b, c }\noption e: E in [a, b] = c" + TURN,
                                  "the default c is not one of the allowed values of 'e' ([a, b])",
                                  (4, 25)),
    "option default worked out": ("option n: int in 2..2 + 1 = 2 - 1" + TURN,
                                  "the default 1 is not one of the allowed values of 'n' (2..3)",
                                  (3, 29)),
    "list option default item not allowed": ("option m: list of int in 1..5 = [2, 7]" + TURN,
                                             "7 in the default [2, 7] is not one of the allowed "
                                             "values of 'm' (1..5)", (3, 33)),
    "option allows nothing": ("option n: int in 3..1 = 3" + TURN,
                              "option 'n' allows no value: 3..1 is empty", (3, 18)),
    "match without a member": ("enum Colour { water, fire, earth }\n"
                               'fn shade(c: Colour) = match c { water: "blue", fire: "red" }'
                               + TURN, "this match has no key for earth", (4, 23)),
    "match on a number without a default": ('fn word(n: int) = match n { 1: "one" }' + TURN,
                                            "a match on a number needs '_: VALUE' for the values "
                                            "without a key", (3, 19)),
    "match key twice": ("enum Colour { water, fire }\n"
                        "fn f(c: Colour) = match c { water: 1, water: 2, _: 3 }" + TURN,
                        "water is matched twice (first on line 4)", (4, 39)),
    "match key of another type": ('fn word(n: int) = match n { "one": 1, _: 0 }' + TURN,
                                  "a key of this match should be a number, but this is text",
                                  (3, 29)),
    "pass name": ('turn { choose n in 1..3 pass "{n}" win current }',
                  "the name of the pass move is a plain word, like \"stop\"", (3, 30)),
    "option type": ("option n: list of list of int = []" + TURN,
                    "an option is a number, true/false, text or an enum, or a list of one of them",
                    (3, 11)),
    "table column types": ('table t {\n  | a |\n  |---|\n  | 1 |\n  | "x" |\n}' + TURN,
                           "column 'a' holds a number, but this is text (row 2)", (7, 5)),
    "table cell unlike most of its column": (
        'table t {\n  | a | b |\n  |---|---|\n  | "x" | "none" |\n  | "y" | 1 |\n'
        '  | "z" | 0 |\n}' + TURN,
        "column 'b' holds a number, but this is text (row 1, \"x\")", (6, 11)),
    # calls
    "builtin arity": ("turn { let x = size(1, 2) win current }",
                      "size() takes 1 argument(s), not 2", (3, 16)),
    "builtin argument kind": ("turn { let y = sort([1], 3) win current }",
                              "argument 2 of sort() should be a function (x => ...), but this is a number",
                              (3, 26)),
    "builtin lambda where a value goes": ("turn { let y = size(c => c) win current }",
                                          "argument 1 of size() is not a function", (3, 21)),
    "max of one number": ("turn { let y = max(3) win current }", "max() of one value needs a list",
                          (3, 16)),
    "fn arity": ("fn f(a, b) = a + b\nturn { let x = f(1) win current }",
                 "'f' takes 2 argument(s), not 1", (4, 16)),
    "fn argument type": ("fn g(n: int) = n\nturn { let y = g(\"a\") win current }",
                         "argument 'n' should be a number, but this is text", (4, 18)),
    "fn lambda for a number": ("fn g(n: int) = n\nturn { let y = g(c => c) win current }",
                               "argument 'n' is a number, not a function", (4, 18)),
    "function parameter arity": ("fn g(k) = k(1, 2)\nturn { let y = g(c => c) win current }",
                                 "'k' is a function of one value: k(x)", (3, 11)),
    "rule arity": ("rule r(a) { }\nturn { r() win current }", "rule 'r' takes 1 argument(s), not 0",
                   (4, 8)),
    "rule argument type": ('rule r(n: int) { }\nturn { r("a") win current }',
                           "argument 'n' should be a number, but this is text", (4, 10)),
    "rule as a value": ("rule r() { }\nturn { r() let x = r() win current }",
                        "rule 'r' gives back no value", (4, 20)),
    "function as a statement": ("fn f() = 1\nturn { f() win current }",
                                "'f' is a function: it computes a number and changes nothing", (4, 8)),
    "builtin as a statement": ("turn { size([1]) win current }",
                               "'size' is a built-in function: it computes a number and changes nothing",
                               (3, 8)),
    "call a value": ("turn { let x = (1)(2) win current }", "only named functions can be called",
                     (3, 17)),
    "lambda outside a call": ("fn f(x) = x\nturn { let y = [c => c] win current }",
                              "a function (x => ...) can only be given as an argument", (4, 17)),
    # assignment
    "fixed card field": ("card Tile { rank: int  var up: bool = false }\nzone deck: pile of Tile\n"
                         "turn { let t = top(deck) t.rank = 3 win current }",
                         "'rank' of Tile is fixed when the card is made", (5, 26)),
    "loop variable": ("turn { for i in [1] { i = 2 } win current }", "'i' cannot be changed here",
                      (3, 23)),
    "built-in value": ("turn { players = 2 win current }",
                       "'players' is given by the game and cannot be assigned", (3, 8)),
    "unknown keyed variable": ("enum Heap { a, b }\nvar stones[Heap]: int = 3\n"
                               "turn { stonez[a] -= 1 win current }", "unknown variable 'stonez'",
                               (5, 8)),
    "keyed assignment of a plain var": ("var v: int = 0\nturn { v[1] = 2 win current }",
                                        "only a variable kept per key can be assigned with [...]",
                                        (4, 8)),
    "cell part assigned": ("turn { let c = cell(1, 1) c.x = 2 win current }",
                           "only a card's 'var' field can be assigned", (3, 27)),
    "const assigned": ("const A = 1\nturn { A = 2 win current }",
                       "'A' is a constant and cannot be assigned", (4, 8)),
    "a variable per key assigned whole": ("var v[player]: int = 0\nturn { v += 2 win current }",
                                          "'v' holds one value per key: say which one is set",
                                          (4, 8)),
    # control flow
    "break outside a loop": ("turn { if true { break } win current }",
                             "'break' is only allowed inside a loop", (3, 18)),
    "continue outside a loop": ("turn { if true { continue } win current }",
                                "'continue' is only allowed inside a loop", (3, 18)),
    "after win": ('turn { win current log "x" }',
                  "this line can never run: the one before it leaves the block", (3, 20)),
    "after return": ('rule r() { return log "x" }\nturn { r() win current }',
                     "this line can never run: the one before it leaves the block", (3, 19)),
    "after break": ('turn { loop { break log "never" } win current }',
                    "this line can never run: the one before it leaves the block", (3, 21)),
    "after end": ('turn { end "over" log "x" }',
                  "this line can never run: the one before it leaves the block", (3, 19)),
    "rule never used": ("rule helper() { }" + TURN, "rule 'helper' is never used", (3, 1)),
    "win nobody": ("turn { win }", "say who wins: win p (or declare the game cooperative)", (3, 8)),
    "win a truth value": ("turn { win true }",
                          "win takes a player or a list of players, not a true/false value", (3, 12)),
    "lose in a competitive game": ("turn { lose }",
                                   "'lose' is the team's loss in a cooperative game; in a "
                                   "competitive game name who wins", (3, 8)),
    "both play and turn": ("play { end }\nturn { win current }",
                           "a game has either a 'play' block or a 'turn' block", (4, 1)),
    # zones and variables
    "bad zone option": ("zone deck: pile, hiden" + TURN, "unknown zone option 'hiden'", (3, 18)),
    "zone option with no near name": ("zone hand[player]: hand, secret" + TURN,
                                      "unknown zone option 'secret'", (3, 26)),
    "others without an owner": ("zone deck: pile, others" + TURN,
                                "only a zone kept per player can be seen by the 'others'", (3, 1)),
    "unknown layout": ('zone deck: pile\nzone d2: pile, layout "next to deck"' + TURN,
                       'unknown layout "next to deck"', (4, 16)),
    "layout names no zone": ('zone deck: pile\nzone d2: pile, layout "beside dekc"' + TURN,
                             "unknown zone 'dekc' in the layout", (4, 16)),
    "layout under a pile": ('zone deck: pile\nzone d2: grid, layout "under deck"' + TURN,
                            "only a grid can be drawn under another grid", (4, 16)),
    "layout over a pile": ('zone deck: pile\nzone d2: grid, layout "over deck"' + TURN,
                           "only a grid can be drawn over another grid", (4, 16)),
    "layout none with a zone": ('zone deck: pile\nzone d2: pile, layout "none deck"' + TURN,
                                'unknown layout "none deck"', (4, 16)),
    "layout beside itself": ('zone deck: pile, layout "beside deck"' + TURN,
                             "zone 'deck' cannot be drawn beside itself", (3, 18)),
    "card field called name": ("card C { name: text }" + TURN,
                               "a card field cannot be called 'name'", (3, 10)),
    "card field called kind": ("card C { rank: int  kind: int }" + TURN,
                               "a card field cannot be called 'kind'", (3, 21)),
    "pattern name is a var": ("enum Colour { red, blue }\nvar colour: Colour = red\n"
                              "zone side[Colour, player]: row\non enter side[colour, _] { }" + TURN,
                              "'colour' is a var, so it cannot stand for a key here", (6, 15)),
    "pattern name is current": ("zone h[player]: row\non enter h[current] { }" + TURN,
                                "'current' is a built-in value, so it cannot stand for a key here",
                                (4, 12)),
    "where reason not text": ("zone h: hand\nturn { choose c in h where true else 4 win current }",
                              "the reason after 'else' is text, like \"you must follow {led}\"",
                              (4, 38)),
    "where condition not a truth": ('zone h: hand\nturn { choose c in h where 3 else "no" win current }',
                                    "a filter should be true or false, but this is a number",
                                    (4, 28)),
    "bad zone kind": ("zone deck: heap" + TURN, "unknown kind of zone 'heap'", (3, 1)),
    "label without text": ("zone deck: pile, label" + TURN,
                           "'label' needs text after it, like label \"...\"", (3, 18)),
    "two visibilities": ("zone deck: pile, hidden, public" + TURN,
                         "zone 'deck' already says 'hidden'", (3, 26)),
    "owner without player key": ("zone hand: row, owner" + TURN,
                                 "only a zone kept per player can be seen by its 'owner'", (3, 1)),
    "size of a pile": ("zone d: pile 3 x 3" + TURN, "only a grid has a size (W x H)", (3, 1)),
    "huge grid": ("zone g: grid 500 x 2" + TURN,
                  "a grid is 1 to 100 cells wide and high, not 500 x 2", (3, 1)),
    "bad key": ("card Tile { x: int }\nvar x2[Tile]: int = 0" + TURN,
                "a key must be player, seat, an enum or a range of numbers like 1..7, not 'Tile'",
                (4, 8)),
    "key range not known before setup": ("var n: int = 3\nzone z[1..n]: row" + TURN,
                                         "the ends of a key range are known before setup: "
                                         "numbers, options, constants or player_count", (4, 11)),
    "bad variable visibility": ("var v: int = 0, secret" + TURN,
                                "unknown variable option 'secret'", (3, 17)),
    "variable label misspelt": ("var v: int = 0, lable \"V\"" + TURN,
                                "unknown variable option 'lable'", (3, 17)),
    "variable label without text": ("var v: int = 0, label" + TURN,
                                    "'label' needs text after it, like label \"...\"", (3, 17)),
    "two variable visibilities": ("var v: int = 0, hidden, public" + TURN,
                                  "variable 'v' already says 'hidden'", (3, 25)),
    "a meaning that is not text": ("card C { n: int  symbol \"x\" means n }" + TURN,
                                   "what a display hint means should be text, but this is a number",
                                   (3, 35)),
    "owner variable without player key": ("var v: int = 0, owner" + TURN,
                                          "only a variable kept per player can be seen by its "
                                          "'owner'", (3, 1)),
    "trigger key count": ("zone h[player]: hand\non enter h[1, 2] { }" + TURN,
                          "zone 'h' has 1 key(s), the pattern gives 2", (4, 1)),
    # statements
    "move a number": ("turn { move 3 to 4 win current }",
                      "what is moved should be a card or a list of cards, but this is a number", (3, 13)),
    "deal count": ('zone d: pile\nturn { deal "a" from d to d win current }',
                   "how many to deal should be a number, but this is text", (4, 13)),
    "shuffle a number": ("turn { shuffle 3 win current }",
                         "what is shuffled should be a zone, but this is a number", (3, 16)),
    "create a var field": ("card C { x: int  var y: int = 0 }\nzone d: pile of C\n"
                           "turn { create C(x: 1, y: 2) in d win current }",
                           "'y' is a 'var' field: it starts at its declared value", (5, 23)),
    "create unknown field": ("card C { x: int }\nzone d: pile of C\n"
                             "turn { create C(x: 1, z: 3) in d win current }",
                             "C has no field 'z'", (5, 23)),
    "create missing field": ("card C { x: int  y: int }\nzone d: pile of C\n"
                             "turn { create C(x: 1) in d win current }", "C also needs: y", (5, 8)),
    "create unknown kind": ("zone d: pile\nturn { create Nope(x: 1) in d win current }",
                            "unknown card kind 'Nope'", (4, 8)),
    "create from a table missing a field": (
        "card C { x: int }\ntable t {\n  | y |\n  |---|\n  | 1 |\n}\nzone d: pile of C\n"
        "turn { create C from t in d win current }",
        "table 't' has no column for: x", (10, 8)),
    "create from a number": ("card C { x: int }\nzone d: pile of C\n"
                             "turn { create C from 3 in d win current }",
                             "create ... from needs a table", (5, 22)),
    "reveal to text": ("card C { x: int }\nzone d: pile of C\n"
                       'turn { reveal cards(d) to "a" win current }',
                       "reveal ... to takes a player or a list of players, not text", (5, 27)),
    "choose from a number": ("turn { choose x in 3 win current }",
                             "choose needs a list or a zone to choose from, not a number", (3, 20)),
    "chooser": ('turn { choose x in [1] by "a" win current }',
                "who chooses should be a player, but this is text", (3, 27)),
    "pass condition": ("turn { choose x in [1] pass if 1 win current }",
                       "the condition to pass should be true or false, but this is a number", (3, 32)),
    "repeat count": ('turn { repeat "a" times { } win current }',
                     "how many times should be a number, but this is text", (3, 15)),
    # declarations
    "players range": ("players 0\nturn { win current }",
                      "players must be between 1 and 16, low..high", (3, 1)),
    "cooperative score per player": ("cooperative\nscore p = 1" + TEAM_TURN,
                                     "a cooperative game has one team score: write score = ...",
                                     (4, 1)),
    "competitive team score": ("score = 1" + TURN, "each player has a score: write score p = ...",
                               (3, 1)),
    "cooperative tiebreak": ("cooperative\ntiebreak p = 1" + TEAM_TURN,
                             "a cooperative game has no tie-breaks", (4, 1)),
    "dummy condition": (
        "dummy bank if 3" + TURN,
        "the condition of a dummy seat should be true or false, but this is a number", (3, 15)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_mistake_is_reported_where_it_is(name):
    text, message, (line, col) = CASES[name]
    first = check_error(text).diagnostics[0]
    assert first.message == message
    assert (first.span.file, first.span.line, first.span.col) == ("t.rules", line, col)


def test_a_tuples_items_within_it_are_no_mistake():
    """Positions inside a tuple, from either end, are no mistake (one past its end is: above);
    an item's position worked out as the game goes is checked as it runs."""
    rulelang.loads('game "G"\nplayers 2\nturn { let t = (P1, 3) let x = t[-1] + t[1] '
                   'let y = t[-2] == P1 and t[0] == P1 let i = 5 let z = t[i] win current }\n',
                   "t.rules")


@pytest.mark.parametrize("text", [
    "turn { let if = 2 win current }",
    "turn { for end in [1] { } win current }",
    "rule r(in) { }\nturn { r(1) win current }",
    "var not: int = 0\nturn { win current }",
    "enum E { a, true }\nturn { win current }",
    "card C { log: int }\nturn { win current }",
])
def test_keywords_are_never_names(text):
    with pytest.raises(rulelang.ParseError) as caught:
        rulelang.loads(HEAD + text, "t.rules")
    assert "is a keyword, not a name" in caught.value.diagnostics[0].hint


def test_missing_play_and_turn():
    [d] = check_error('setup { }\n').diagnostics
    assert d.message == "nothing to play: add a 'turn { ... }' or a 'play { ... }' block"
    assert (d.span.line, d.span.col) == (1, 1)  # at the game's name (it had no place)


def test_an_enum_member_can_be_named_through_its_enum_when_ambiguous():
    rules = rulelang.loads(HEAD + "enum A { red, blue }\nenum B { red, green }\n"
                           "var a: A = A.red\nvar b: B = B.red\n"
                           'turn { log "{a} {b} {green}" win current }', "t.rules")
    assert "red red green" in rules.new_game(seed=1).transcript()


def test_a_library_rule_that_is_never_used_is_fine():
    game = rulelang.load(RULES / "imports" / "uses_helpers.rules").new_game(seed=1)
    assert "8 6" in game.transcript()


def test_the_loader_says_which_file_each_import_declaration_resolved_to():
    """Loaded.imports: each import (a file imported twice too) and the file it names, as
    resolved once (the language server's "go to definition" on an import reads it there)."""
    from rulelang.language.loader import STD_DIR, read_modules
    path = RULES / "imports" / "uses_helpers.rules"
    loaded = read_modules(path.read_text(), str(path), base=path.parent)
    lib = (RULES / "imports" / "lib").resolve()
    named = {(Path(span.file).name, span.line): target for span, target in loaded.imports.items()}
    assert named == {("uses_helpers.rules", 3): lib / "nested.rules",
                     ("uses_helpers.rules", 4): lib / "helpers.rules",
                     ("uses_helpers.rules", 5): (STD_DIR / "tricks.rules").resolve(),
                     ("nested.rules", 2): lib / "helpers.rules"}  # read once, named twice
    assert sorted(loaded.paths.values()) == sorted(set(named.values()))


def test_an_error_in_an_imported_file_names_that_file():
    with pytest.raises(CheckError) as caught:
        rulelang.load(RULES / "imports" / "uses_broken.rules")
    [d] = caught.value.diagnostics
    assert d.span.file.replace("\\", "/").endswith("imports/lib/broken.rules")
    assert (d.span.line, d.message) == (2, "unknown name 'thre'")
    rendered = str(caught.value)
    assert "broken.rules:2:25: error: unknown name 'thre'" in rendered
    assert "fn triple(x: int) = x * thre" in rendered  # the imported file's own line


def test_a_syntax_error_in_an_imported_file_names_that_file():
    with pytest.raises(rulelang.ParseError) as caught:
        rulelang.load(RULES / "imports" / "uses_bad_syntax.rules")
    [d] = caught.value.diagnostics
    assert d.span.file.replace("\\", "/").endswith("imports/lib/bad_syntax.rules")
    assert (d.span.line, d.span.col) == (2, 23)
    assert "fn half(x: int) = x / / 2" in str(caught.value)


def test_several_errors_are_reported_at_once_in_source_order():
    error = check_error("var v: int = 0\n"
                        "turn {\n"
                        "  v = nope1\n"
                        '  let w = v + "x" * 2\n'
                        "  if 3 { win current }\n"
                        "  win current\n"
                        "}\n")
    assert [(d.span.line, d.message) for d in error.diagnostics] == [
        (5, "unknown name 'nope1'"),
        (6, "cannot use '*' on text and a number"),
        (7, "the condition should be true or false, but this is a number"),
    ]
    assert str(error).count("error:") == 3


def test_a_function_named_like_a_built_in_is_one_error_its_calls_checked_as_written():
    # (every call was checked against the built-in's parameters: an error at each, none true)
    error = check_error("fn matches(a: int, b: int) = a == b\n"
                        "rule size(n: int) { log \"{n}\" }\n"
                        "turn { if matches(1, 1) { size(3) win current }\n"
                        "  if matches(1) { win current } }\n")
    assert [(d.span.line, d.message) for d in error.diagnostics] == [
        (3, "'matches' is a built-in name"),
        (4, "'size' is a built-in name"),
        (6, "'matches' takes 2 argument(s), not 1"),
    ]


def test_errors_stop_at_a_cap_with_a_note_of_how_many_more():
    body = "".join(f"  let v{i} = nope{i}\n" for i in range(40))
    error = check_error("turn {\n" + body + "  win current\n}\n")
    *shown, note = error.diagnostics
    assert len(shown) == 30 and all(d.severity == "error" for d in shown)
    assert (note.severity, note.message) == ("note", "10 more error(s) not shown: fix these first")
    assert str(error).endswith("note: 10 more error(s) not shown: fix these first")


SNAPSHOTS = ["unknown name", "enum member", "field", "ambiguous member", "fixed card field",
             "break outside a loop", "after win", "rule never used", "duplicate",
             "built-in name", "bad zone option", "builtin arity", "fn arity", "rule arity",
             "condition", "create missing field", "owner without player key",
             # what `check` used to let through (issue 12), and issue 18's zone option
             "minus-equals text from a number", "plus-equals one item on a list", "let of none",
             "option default outside its range", "option allows nothing",
             "unknown keyed variable", "zone option with no near name", "unknown layout",
             "layout names no zone", "layout under a pile", "card field called name",
             "card field called kind", "pattern name is a var",
             "match without a member", "key range not known before setup",
             "where reason not text", "where condition not a truth"]


@pytest.mark.parametrize("name", SNAPSHOTS)
def test_common_messages_read_well(name, text_snapshot):
    text, _, _ = CASES[name]
    assert str(check_error(text)) == text_snapshot


def test_both_play_and_turn_reads_well(text_snapshot):
    assert str(check_error("play { end }\nturn { win current }\n")) == text_snapshot


def test_a_display_hint_may_call_a_function_that_reads_the_state():
    """A card's hints are checked once every name is known: a function they call may read
    a variable (declared before or after the card) or a constant. It was refused as an
    unknown name, because cards are checked before variables."""
    text = HEAD + '''
var level: int = 0
fn glow(n: int) = if n > level + step then "bright" else "dim"
card Lamp {
  need: int
  name "lamp {need}"
  tint glow(need)
  means if level > need then "lit" else "dark"
  symbol if late then "L" else "-"
}
var late: bool = false
const step = 0
zone lamps: row of Lamp, public
setup { create Lamp(need: 2) in lamps }
turn {
  choose c in [1, 2]
  level = level + c
  if level > 3 { win current }
}
'''
    game = rulelang.loads(text, "lamps.rules").new_game(seed=1)
    lamp = game.view(0)["zones"]["lamps"]["cards"][0]
    assert (lamp["tint"], lamp["tint_means"], lamp["symbol"]) == ("bright", "dark", "-")
    game.play("2")
    game.play("2")
    lamp = game.view(0)["zones"]["lamps"]["cards"][0]
    assert (lamp["tint"], lamp["tint_means"]) == ("dim", "lit")


def test_a_display_hint_s_mistake_is_still_reported_where_it_is():
    text = HEAD + 'card Lamp {\n  need: int\n  name "lamp"\n  tint glow(need)\n}\nturn { win current }\n'
    error = check_error(text)
    assert "unknown function 'glow'" in str(error) and "tint glow(need)" in str(error)


def test_a_table_with_no_row_yet_is_checked_not_a_traceback():
    """A table of its header alone was accepted; the column types worked out by majority
    took the largest of no groups (a Python error out of the checker)."""
    program = rulelang.loads('game "T"\nplayers 2\ntable Prices { | name | cost | }\n'
                             'turn { end }\nscore p = 0\n', name="t.rules").program
    assert "Prices" in program.tables
