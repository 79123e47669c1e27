"""The parser: text to syntax tree, soft keywords, and syntax errors an author can act on."""
from __future__ import annotations

import pytest

import rulelang
from rulelang.language import ast
from rulelang.language.errors import ParseError
from rulelang.language.parser import parse, parse_expr

HEAD = 'game "T"\nplayers 2\n'


def show(e) -> str:
    """An expression as a compact S-expression, to assert the shape of a tree."""
    if isinstance(e, ast.Lit):
        return repr(e.value) if isinstance(e.value, str) else str(e.value).lower()
    if isinstance(e, ast.Name):
        return e.id
    if isinstance(e, ast.Text):
        return "(text " + " ".join(repr(p) if isinstance(p, str) else show(p) for p in e.parts) + ")"
    if isinstance(e, (ast.BinOp, ast.Compare)):
        return f"({e.op} {show(e.left)} {show(e.right)})"
    if isinstance(e, ast.BoolOp):
        return f"({e.op} {show(e.left)} {show(e.right)})"
    if isinstance(e, ast.Not):
        return f"(not {show(e.operand)})"
    if isinstance(e, ast.Neg):
        return f"(neg {show(e.operand)})"
    if isinstance(e, ast.In):
        return f"({'not-in' if e.negated else 'in'} {show(e.item)} {show(e.coll)})"
    if isinstance(e, ast.Is):
        return f"(is {show(e.obj)} {e.kind})"
    if isinstance(e, ast.Range):
        return f"(.. {show(e.lo)} {show(e.hi)})"
    if isinstance(e, ast.IfExpr):
        return f"(if {show(e.cond)} {show(e.then)} {show(e.other)})"
    if isinstance(e, ast.Call):
        return "(" + " ".join([show(e.func)] + [show(a) for a in e.args]) + ")"
    if isinstance(e, ast.Attr):
        return f"(. {show(e.obj)} {e.name})"
    if isinstance(e, ast.Index):
        return "([] " + " ".join([show(e.obj)] + [show(a) for a in e.args]) + ")"
    if isinstance(e, ast.ListLit):
        return "[" + " ".join(show(i) for i in e.items) + "]"
    if isinstance(e, ast.TupleLit):
        return "(tuple " + " ".join(show(i) for i in e.items) + ")"
    if isinstance(e, ast.Lambda):
        return f"({e.param} => {show(e.body)})"
    if isinstance(e, ast.Comprehension):
        fors = " ".join(f"for {','.join(f.names)} in {show(f.iter)}"
                        + (f" if {show(f.cond)}" if f.cond is not None else "") for f in e.fors)
        return f"[{show(e.elt)} {fors}]"
    raise AssertionError(f"no show for {type(e).__name__}")


def body(text: str) -> list:
    """The statements of `turn { text }`."""
    return parse(HEAD + "turn {\n" + text + "\n}\n", "t.rules").decls[-1].body


def syntax_error(text: str, file: str = "t.rules") -> ParseError:
    with pytest.raises(ParseError) as caught:
        rulelang.loads(text, file)
    return caught.value


# ------------------------------------------------------------------ expressions

@pytest.mark.parametrize("text, tree", [
    ("1 + 2 * 3", "(+ 1 (* 2 3))"),
    ("(1 + 2) * 3", "(* (+ 1 2) 3)"),
    ("10 - 4 - 3", "(- (- 10 4) 3)"),
    ("2 - x", "(- 2 x)"),
    ("-x + 1", "(+ (neg x) 1)"),
    ("a % 2 == 0", "(== (% a 2) 0)"),
    ("not a and b or c", "(or (and (not a) b) c)"),
    ("a or b and c", "(or a (and b c))"),
    ("x in hand", "(in x hand)"),
    ("x not in hand", "(not-in x hand)"),
    ("c is Tile", "(is c Tile)"),
    ("1..n + 1", "(.. 1 (+ n 1))"),
    ("if a then 1 else 2", "(if a 1 2)"),
    ("f(x, y => y.rank)", "(f x (y => (. y rank)))"),
    ("[c for c in hand if c.rank > 3]", "[c for c in hand if (> (. c rank) 3)]"),
    ("sum(x * 2 for x in xs)", "(sum [(* x 2) for x in xs])"),
    ("[a + b for a, b in pairs(xs)]", "[(+ a b) for a,b in (pairs xs)]"),
    ("side[c, p]", "([] side c p)"),
    ("top(deck).rank", "(. (top deck) rank)"),
    ("(1, p)", "(tuple 1 p)"),
    ("[1, 2, 3,]", "[1 2 3]"),
    ("[]", "[]"),
    ("none == true", "(== none true)"),
    ('"plain"', "'plain'"),
    ('"{a} and {b + 1}!"', "(text a ' and ' (+ b 1) '!')"),
    ('"{{literal}} braces"', "'{literal} braces'"),
    ('"tab\\tquote\\" end"', "'tab\\tquote\" end'"),
])
def test_expressions_parse_to_the_right_tree(text, tree):
    assert show(parse_expr(text)) == tree


def test_an_expression_knows_where_it_is():
    e = body("  let x = a + b")[0].value
    assert (e.span.line, e.span.col, e.span.end_col) == (4, 11, 16)
    assert (e.right.span.line, e.right.span.col) == (4, 15)


def test_an_interpolated_value_points_into_its_string():
    text = body('log "total: {score + 1}"')[0].message
    inner = text.parts[1]
    # line 4 is `log "total: {score + 1}"`: the value starts after the brace
    assert (inner.span.line, inner.span.col) == (4, 14)
    assert (inner.left.span.col, inner.right.span.col) == (14, 22)


# ------------------------------------------------------------------ statements

def test_statements_parse_to_the_right_nodes():
    stmts = body("""
        let n = 2
        n += 1
        points[p] -= 2
        c.flipped = true
        move top(deck) to hand[p]
        move c to pile at bottom
        move c to board at cell(1, 2)
        deal 3 from deck to hand[p]
        shuffle deck
        create Tile(suit: red, rank: 2) x 3 in deck
        create Tile from tiles in deck
        move c to board at "B2"
        reveal c to p
        reveal cards(hand[p])
        choose c in hand[p] by next(p) pass if n > 1 prompt "pick"
        if a { log "a" } else if b { log "b" } else { log "c" }
        for i, c in pairs(xs) { continue }
        repeat 3 times as k { break }
        while n > 0 { n -= 1 }
        loop { return }
        draw(p, 2)
        win p "done"
        lose team
        end "time is up"
    """)
    kinds = [type(s).__name__ for s in stmts]
    assert kinds == ["Let", "Assign", "Assign", "Assign", "Move", "Move", "Move", "Deal",
                     "Shuffle", "Create", "CreateFrom", "Move", "Reveal", "Reveal", "Choose",
                     "If", "For", "Repeat", "While", "Loop", "CallStmt", "Finish", "Finish",
                     "Finish"]
    let, inc, dec, field, move, bottom, at_cell, deal, shuffle, create, create_from, place, \
        reveal_to, reveal_all, choose, if_, for_, repeat, while_, loop, call, win, lose, end = stmts
    assert (let.name, show(let.value)) == ("n", "2")
    assert (show(inc.target), inc.op, show(inc.value)) == ("n", "+=", "1")
    assert (show(dec.target), dec.op) == ("([] points p)", "-=")
    assert (show(field.target), field.op, show(field.value)) == ("(. c flipped)", "=", "true")
    assert (show(move.what), show(move.dest), move.at) == ("(top deck)", "([] hand p)", None)
    assert bottom.at == "bottom"
    assert show(at_cell.at) == "(cell 1 2)"
    assert (show(deal.count), show(deal.src), show(deal.dest)) == ("3", "deck", "([] hand p)")
    assert show(shuffle.zone) == "deck"
    assert create.kind == "Tile" and show(create.count) == "3" and show(create.dest) == "deck"
    assert [(name, show(value)) for name, value, _ in create.fields] == [("suit", "red"),
                                                                         ("rank", "2")]
    assert (create_from.kind, show(create_from.table)) == ("Tile", "tiles")
    # a card onto a grid at a named cell
    assert (show(place.what), show(place.dest), show(place.at)) == ("c", "board", "'B2'")
    assert show(reveal_to.to) == "p" and reveal_all.to is None
    assert (choose.name, show(choose.options), show(choose.by)) == ("c", "([] hand p)", "(next p)")
    assert choose.can_pass and show(choose.pass_if) == "(> n 1)" and show(choose.prompt) == "'pick'"
    assert [show(cond) for cond, _ in if_.branches] == ["a", "b"]
    assert type(if_.other[0]).__name__ == "Log"
    assert for_.names == ["i", "c"] and type(for_.body[0]).__name__ == "Continue"
    assert repeat.name == "k" and type(repeat.body[0]).__name__ == "Break"
    assert show(while_.cond) == "(> n 0)"
    assert type(loop.body[0]).__name__ == "Return"
    assert show(call.call) == "(draw p 2)"
    assert (win.how, show(win.value), show(win.reason), win.team) == ("win", "p", "'done'", False)
    assert (lose.how, lose.value, lose.reason, lose.team) == ("lose", None, None, True)
    assert (end.how, end.value, show(end.reason)) == ("end", None, "'time is up'")


def test_choose_clauses_may_be_separated_by_commas_and_pass_alone():
    choose = body('choose c in xs, pass, prompt "x"')[0]
    assert choose.can_pass and choose.pass_if is None and show(choose.prompt) == "'x'"


# ------------------------------------------------------------------ declarations

def test_declarations_parse_to_the_right_nodes():
    module = parse('''
game "Everything"
players 2..4
cooperative
dummy bank if player_count == 2
import "more.rules"
option rounds: int in 1..3 = 2 "how many rounds"
enum Suit { red, blue, }
card Tile {
  suit: Suit
  rank: int
  var up: bool = false
  name "{suit}{rank}"
  symbol "#" means "a tile"
  tint suit
}
table tiles {
  | suit | rank | copies |
  |------|------|--------|
  | red  | 1    | 2      |
}
zone deck: pile of Tile, hidden
zone hand[player]: hand of Tile, owner, label "Hand"
zone board: grid 5 x 4 of Tile
var points[player, Suit]: int = 0, owner, label "points"
var turns: list of int
const TOP = 3
fn double(x: int) = x * 2
fn best(h) {
  let xs = [c for c in h]
  first(xs)
}
rule draw(p: player, n) { deal n from deck to hand[p] }
setup { shuffle deck }
play { end }
on enter hand[p] as c { log "{c}" }
on leave deck { log "x" }
end when empty(deck)
score = 1
tiebreak p = 2
report "left" = size(deck)
''', "all.rules")
    d = {type(x).__name__ + (f":{x.which}" if hasattr(x, "which") else ""): x for x in module.decls}
    assert d["GameDecl"].title == "Everything"
    assert (d["PlayersDecl"].low, d["PlayersDecl"].high) == (2, 4)
    assert "CoopDecl" in d
    assert (d["DummyDecl"].name, show(d["DummyDecl"].cond)) == ("bank", "(== player_count 2)")
    assert d["ImportDecl"].path == "more.rules"
    option = d["OptionDecl"]
    assert (option.name, str(option.type), show(option.allowed), show(option.default),
            option.doc) == ("rounds", "int", "(.. 1 3)", "2", "how many rounds")
    assert d["EnumDecl"].members == ["red", "blue"]
    card = d["CardDecl"]
    assert [(f.name, str(f.type), f.mutable) for f in card.fields] == [
        ("suit", "Suit", False), ("rank", "int", False), ("up", "bool", True)]
    assert show(card.fields[2].init) == "false"
    assert (show(card.label), show(card.symbol), show(card.tint)) == (
        "(text suit rank)", "'#'", "suit")
    assert (show(card.symbol_means), card.tint_means) == ("'a tile'", None)
    table = d["TableDecl"]
    assert table.columns == ["suit", "rank", "copies"]
    assert [[show(c) for c in row] for row in table.rows] == [["red", "1", "2"]]
    zones = [x for x in module.decls if isinstance(x, ast.ZoneDecl)]
    assert [(z.name, [str(k) for k in z.keys], z.kind, z.width, z.height, z.of,
             [(o[0], o[1]) for o in z.options]) for z in zones] == [
        ("deck", [], "pile", None, None, "Tile", [("hidden", None)]),
        ("hand", ["player"], "hand", None, None, "Tile", [("owner", None), ("label", "Hand")]),
        ("board", [], "grid", 5, 4, "Tile", []),
    ]
    points, turns = [x for x in module.decls if isinstance(x, ast.VarDecl)]
    assert ([str(k) for k in points.keys], str(points.type), show(points.init),
            points.visibility, points.label) == (["player", "Suit"], "int", "0", "owner", "points")
    assert (str(turns.type), turns.init, turns.visibility, turns.label) == (
        "list of int", None, None, None)
    assert (d["ConstDecl"].name, show(d["ConstDecl"].value)) == ("TOP", "3")
    double, best = [x for x in module.decls if isinstance(x, ast.FnDecl)]
    assert [(p.name, str(p.type)) for p in double.params] == [("x", "int")]
    assert show(double.body) == "(* x 2)" and double.lets == []
    assert [let.name for let in best.lets] == ["xs"] and show(best.body) == "(first xs)"
    rule = d["RuleDecl"]
    assert [(p.name, p.type and str(p.type)) for p in rule.params] == [("p", "player"), ("n", None)]
    assert set(d) >= {"BlockDecl:setup", "BlockDecl:play"}
    enter, leave = [x for x in module.decls if isinstance(x, ast.TriggerDecl)]
    assert (enter.event, enter.zone, [show(k) for k in enter.keys], enter.card_name) == (
        "enter", "hand", ["p"], "c")
    assert (leave.event, leave.zone, leave.keys, leave.card_name) == ("leave", "deck", [], None)
    assert show(d["EndDecl"].cond) == "(empty deck)"
    scores = [x for x in module.decls if isinstance(x, ast.ScoreDecl)]
    assert [(s.which, s.param, s.key, show(s.expr)) for s in scores] == [
        ("score", None, None, "1"), ("tiebreak", "p", None, "2"),
        ("report", None, "left", "(size deck)")]


def test_comments_and_blank_lines_are_ignored():
    module = parse('# a comment\n\ngame "T"  # trailing\n\n\nplayers 2 # more\n')
    assert [type(d).__name__ for d in module.decls] == ["GameDecl", "PlayersDecl"]


# ------------------------------------------------------------------ soft keywords

@pytest.mark.parametrize("word", ["card", "score", "turn", "name", "symbol", "tint", "table",
                                  "zone", "option", "report", "tiebreak", "x", "to", "at"])
def test_a_declaration_word_can_name_a_variable_at_statement_start(word):
    rules = rulelang.loads(HEAD + f"""
turn {{
  let {word} = 1
  {word} = {word} + 1
  {word} += 2
  log "{{{word}}}"
  win current
}}
""", "t.rules")
    game = rules.new_game(seed=1)
    assert game.is_over
    assert "4" in game.transcript()


def test_a_declaration_word_can_be_a_parameter_a_field_and_a_loop_name():
    rules = rulelang.loads(HEAD + """
card Thing { score: int  name "thing {score}" }
zone pile: pile of Thing, public
rule add(card: Thing) { move card to pile }
setup { create Thing(score: 3) in pile }
turn {
  for turn in cards(pile) { add(turn) }
  win current
}
score p = sum(card.score for card in pile)
""", "t.rules")
    game = rules.new_game(seed=1)
    assert game.outcome["scores"] == {0: 3, 1: 3}


# ------------------------------------------------------------------ syntax errors

def test_an_unexpected_token_names_it_and_what_could_come_instead():
    error = syntax_error(HEAD + "turn {\n  move c hand\n}\n")
    [d] = error.diagnostics
    assert d.message == "unexpected name 'hand'"
    assert (d.span.line, d.span.col) == (4, 10)
    assert "'to'" in d.hint


def test_an_unclosed_brace_points_at_the_brace():
    error = syntax_error(HEAD + "turn {\n  win current\n")
    [d] = error.diagnostics
    assert d.message == "this '{' is never closed"
    assert (d.span.line, d.span.col) == (3, 6)


def test_an_unclosed_brace_is_the_one_whose_closer_lines_up_with_an_outer_line():
    # the '}' in column 1 belongs to `turn {` by its indentation: the `if` block is left open
    error = syntax_error(HEAD + "turn {\n  if true {\n    win current\n}\n")
    [d] = error.diagnostics
    assert d.message == "this '{' is never closed"
    assert (d.span.line, d.span.col) == (4, 11)
    assert "line 6 lines up with line 3" in d.hint


@pytest.mark.parametrize("declaration", ["rule r() {\n}", "setup {\n}", "var x: int = 0",
                                         "zone z: pile", "on enter z { }", "end when true",
                                         "score p = 1", "fn f() = 1"])
def test_a_block_left_open_is_reported_at_its_brace_not_at_the_next_declaration(declaration):
    error = syntax_error(HEAD + "turn {\n  if true {\n    win current\n  }\n\n" + declaration
                         + "\n")
    [d] = error.diagnostics
    assert (d.message, d.span.line, d.span.col) == ("this '{' is never closed", 3, 6)
    word = declaration.split()[0]
    assert f"before line 8, where '{word}' starts a new declaration" in d.hint


def test_a_declaration_word_used_as_a_statement_in_column_one_is_not_taken_for_a_new_declaration():
    # `score = score +` in column 1 is an unfinished statement, not a new declaration
    [d] = syntax_error(HEAD + "turn {\nlet score = 1\nscore = score +\n}\n").diagnostics
    assert (d.message, d.span.line, d.span.col) == ("unexpected '}'", 6, 1)


@pytest.mark.parametrize("text,message,where,hint", [
    ("turn {\n  iff true {\n    win current\n  }\n}\n", "'iff' is not a statement", (4, 3),
     "did you mean 'if'?"),
    ("turn {\n  whlie true {\n    break\n  }\n}\n", "'whlie' is not a statement", (4, 3),
     "did you mean 'while'?"),
    ("turn {\n  lgo \"hi\"\n}\n", "'lgo' is not a statement", (4, 3), "did you mean 'log'?"),
    # half typed after a statement on its line: a word of that statement is meant
    ("turn {\n  choose x in [1, 2] prom\n  win current\n}\n", "'prom' is not a statement",
     (4, 22), "did you mean 'prompt'?"),
    ("setpu {\n}\nturn { end }\n", "'setpu' does not start a declaration", (3, 1),
     "did you mean 'setup'?"),
    ("trun {\n  end\n}\n", "'trun' does not start a declaration", (3, 1),
     "did you mean 'turn'?"),
])
def test_a_misspelt_keyword_is_named_with_the_keyword_meant(text, message, where, hint):
    [d] = syntax_error(HEAD + text).diagnostics
    assert (d.message, (d.span.line, d.span.col), d.hint) == (message, where, hint)
    assert d.span.end_col - d.span.col == len(message.split("'")[1])


def test_a_keyword_is_suggested_only_if_the_text_then_parses_further():
    # `lot` is close to `log`, `let` and `not`, but each of them fails sooner: no guess
    [d] = syntax_error(HEAD + "turn {\n  let lot = 0\n  lot = 1 + * 2\n}\n").diagnostics
    assert d.message == "unexpected '*'"
    assert "did you mean" not in d.hint


def test_the_declaration_words_are_the_grammars():
    from rulelang.language.parser import _lark, _literals
    from rulelang.language.syntax_errors import DECLARATION_WORDS
    literals = _literals()
    first_words = {literals[rule.expansion[0].name] for rule in _lark().rules
                   if rule.origin.name.endswith("_decl") and rule.expansion
                   and rule.expansion[0].name in literals}
    assert first_words == set(DECLARATION_WORDS)


def test_the_clause_words_are_the_grammars():
    from rulelang.language.parser import _lark, _literals
    from rulelang.language.syntax_errors import _CLAUSE_WORDS
    literals = _literals()
    first_words = {literals[rule.expansion[0].name] for rule in _lark().rules
                   if rule.origin.name == "choose_clause" and rule.expansion
                   and rule.expansion[0].name in literals}
    assert first_words == set(_CLAUSE_WORDS)


def test_an_equals_sign_in_a_condition_suggests_double_equals():
    [d] = syntax_error(HEAD + "turn {\n  if current = 1 { win current }\n}\n").diagnostics
    assert (d.span.line, d.span.col) == (4, 14)
    assert "'=='" in d.hint


def test_a_single_quoted_string_suggests_double_quotes():
    [d] = syntax_error(HEAD + "turn { log 'hi' }\n").diagnostics
    assert (d.span.line, d.span.col) == (3, 12)
    assert 'write "like this"' in d.hint


def test_an_unterminated_string_points_at_its_start():
    [d] = syntax_error(HEAD + 'turn {\n  log "hello\n  win current\n}\n').diagnostics
    assert d.message == "this string is not closed"
    assert (d.span.line, d.span.col) == (4, 7)


def test_a_bad_character_is_named():
    [d] = syntax_error(HEAD + "turn { let x = 1 @ 2 }\n").diagnostics
    assert d.message.startswith("unexpected character '@'")
    assert (d.span.line, d.span.col) == (3, 18)


def test_an_error_inside_interpolation_points_at_the_right_column():
    [d] = syntax_error(HEAD + 'turn {\n  log "a {1 + * 2} b"\n}\n').diagnostics
    # `  log "a {1 + * 2} b"`: the '*' is column 15
    assert d.message == "unexpected '*'"
    assert (d.span.line, d.span.col) == (4, 15)


def test_an_unfinished_interpolation_points_at_its_closing_brace():
    [d] = syntax_error(HEAD + 'turn {\n  log "a {x +} b"\n}\n').diagnostics
    assert d.message == "the expression inside {...} is not finished"
    assert (d.span.line, d.span.col) == (4, 14)


def test_a_keyword_is_not_taken_for_a_name():
    # `win` after a '+' is not a variable called win: the sum is unfinished
    [d] = syntax_error(HEAD + "turn {\n  let x = 1 +\n  win current\n}\n").diagnostics
    assert d.message == "unexpected 'win'"
    assert "keyword" in d.hint


TYPICAL_MISTAKES = {
    "unexpected_token": "turn {\n  move c hand\n}\n",
    "unclosed_brace": "turn {\n  if true {\n    win current\n}\n",
    "extra_closing_brace": "turn {\n  win current\n}\n}\n",
    "mismatched_bracket": "turn {\n  let xs = [1, 2)\n}\n",
    "equals_in_condition": "turn {\n  if current = 1 { win current }\n}\n",
    "double_equals_in_let": "turn {\n  let x == 1\n}\n",
    "single_quotes": "turn {\n  log 'hello'\n}\n",
    "unterminated_string": 'turn {\n  log "hello\n  win current\n}\n',
    "bad_character": "turn {\n  let x = 3 $ 4\n}\n",
    "interpolation_error": 'turn {\n  log "a {1 + * 2} b"\n}\n',
    "interpolation_unclosed": 'turn {\n  log "score {x"\n}\n',
    "keyword_as_value": "turn {\n  let x = 1 +\n  win current\n}\n",
    "missing_block": "turn\nsetup { }\n",
    "value_as_statement": "turn {\n  current\n}\n",
    "file_ends_in_expression": "end when 1 +",
    "table_row_too_short": "table t {\n  | a | b |\n  |---|---|\n  | 1 |\n}\n",
    "misspelt_statement": "turn {\n  iff current == 0 {\n    win current\n  }\n}\n",
    "misspelt_declaration": "setpu {\n}\nturn {\n  end\n}\n",
    "block_left_open_before_a_declaration":
        "turn {\n  if true {\n    win current\n  }\n\nrule helper() {\n}\n",
    "closer_taken_by_an_outer_block":
        "setup {\n  for p in players {\n    if p == 0 {\n      log \"first\"\n  }\n}\n\n"
        "turn {\n  end\n}\n",
}


@pytest.mark.parametrize("name", sorted(TYPICAL_MISTAKES))
def test_typical_mistakes_read_well(name, text_snapshot):
    error = syntax_error(HEAD + TYPICAL_MISTAKES[name])
    rendered = str(error)
    assert rendered.startswith("t.rules:")
    assert "Traceback" not in rendered
    assert rendered == text_snapshot


def test_every_syntax_error_has_a_position_and_a_hint():
    for text in TYPICAL_MISTAKES.values():
        for d in syntax_error(HEAD + text).diagnostics:
            assert d.span is not None and d.span.line >= 1 and d.span.col >= 1
            assert d.hint, d.message


def test_a_rule_says_the_type_it_gives_back_and_return_gives_a_value_on_its_line():
    module = parse("""rule claim(p: player) -> list of int {
  if p == P1 { return [1, 2] }
  if p == P2 { return }
  return  # nothing after it on its line: a return that gives back nothing
  log "never"
  return if p == P1 then [] else [3]
}""", "t.rules")
    rule = module.decls[0]
    assert isinstance(rule, ast.RuleDecl)
    assert rule.returns is not None and rule.returns.name == "list"
    assert rule.returns.of is not None and rule.returns.of.name == "int"
    first, second = (cast_if(s).branches[0][1][0] for s in rule.body[:2])
    assert isinstance(first.value, ast.ListLit) and second.value is None
    bare, log, last = rule.body[2:]
    assert isinstance(bare, ast.Return) and bare.value is None and isinstance(log, ast.Log)
    assert isinstance(last, ast.Return) and isinstance(last.value, ast.IfExpr)
    plain = parse("rule r() { return\n  r() }", "t.rules").decls[0]
    assert plain.returns is None  # a rule that says no type
    assert [type(s) for s in plain.body] == [ast.Return, ast.CallStmt]  # the value is on its line


def cast_if(s: ast.Stmt) -> ast.If:
    assert isinstance(s, ast.If)
    return s


def test_the_word_return_with_a_value_is_named_as_the_word_in_what_was_expected():
    from rulelang.language.syntax_errors import _expected
    assert _expected({"RETURN_VALUE", "RETURN"}, {"RETURN": "return"}) == ["'return'"]
