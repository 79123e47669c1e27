"""rulelang fmt: one layout, the same meaning, and a second run changes nothing."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from rulelang.language.errors import ParseError, RulesError
from rulelang.language.parser import parse
from rulelang.language.traversal import meaning
from rulelang.play.cli import cli
from rulelang.tools import formatter
from rulelang.tools.formatter import format_text
from support import ROOT, rules_files

ALL_RULES = list(rules_files())
SHIPPED = [p for p in ALL_RULES if p.relative_to(ROOT).parts[0] in ("games", "examples")
           or p.parent == ROOT / "rulelang" / "language" / "std"]


def _parses(path):
    try:
        parse(path.read_text(encoding="utf-8"), str(path))
        return True
    except ParseError:
        return False


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def test_the_repository_has_rules_files_of_every_kind_to_format():
    where = {p.relative_to(ROOT).parts[0] for p in ALL_RULES if _parses(p)}
    assert {"games", "examples", "tests", "rulelang"} <= where
    assert len(SHIPPED) >= 7


@pytest.mark.slow
@pytest.mark.parametrize("path", ALL_RULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_formatting_keeps_the_meaning_and_a_second_run_changes_nothing(path):
    """(Parsed here, not at collection: every worker collects, one runs the test.) A file
    that does not parse is refused with the parser's own error."""
    text = path.read_text(encoding="utf-8")
    try:
        parse(text, str(path))
    except ParseError as error:
        with pytest.raises(ParseError) as refused:
            format_text(text, str(path))
        assert refused.value.render() == error.render()
        return
    once = format_text(text, str(path))
    assert meaning(parse(once, str(path)).decls) == meaning(parse(text, str(path)).decls)
    assert format_text(once, str(path)) == once


def test_meaning_sees_a_real_change():
    a = parse('const a = 1 + 2 * 3\n')
    b = parse('const a = (1 + 2) * 3\n')
    assert meaning(a.decls) != meaning(b.decls)


MESSY = '''game   "Messy"
players 2..4



card Thing{
    value:int
  var hp : int = -1
      name "{value}"
}
table things {
| value|hp |
|---|---|
| 1 | -2|
|  10  | 3 |
}
zone board: grid 3x3 of Thing   # cells
zone pile : pile of Thing,public # shared


fn twice( x ) = x*2 +
        1 -  - x
rule act(p: player) {

      let n = twice( -3 )+things[ 0 ].value   # a comment
  if n>2{ log "big {n}" }
  else {
  log "small"
   }
  move first(pile) to board at cell(1 , 2)

}
play {act(current)}
'''

NEAT = '''game "Messy"
players 2..4

card Thing {
  value: int
  var hp: int = -1
  name "{value}"
}
table things {
  | value | hp |
  |-------|----|
  | 1     | -2 |
  | 10    | 3  |
}
zone board: grid 3 x 3 of Thing  # cells
zone pile: pile of Thing, public  # shared

fn twice(x) = x * 2 +
        1 - -x
rule act(p: player) {
  let n = twice(-3) + things[0].value         # a comment
  if n > 2 { log "big {n}" }
  else {
    log "small"
  }
  move first(pile) to board at cell(1, 2)
}
play { act(current) }
'''


def test_a_messy_file_gets_the_canonical_layout():
    assert format_text(MESSY) == NEAT


def test_statements_and_card_items_sharing_a_line_keep_two_spaces_between_them():
    """Statements on one line ran together with one space (`{ o.at = 0 log "hit" }`,
    `card C { n: int var at: int = 0 name "c" }`), against the two the docs write."""
    messy = ('card C { n: int var at: int = 0 name "c{n}" symbol "{n}" }\n'
             'fn f(x: int) { let a = x + 1 a }\n'
             'turn {\n  for c in [1, 2] { log "a" log "b" break }\n'
             '  if true { log "c" } else if false { log "d" } else { end }\n  end\n}\n')
    neat = ('card C { n: int  var at: int = 0  name "c{n}"  symbol "{n}" }\n'
            'fn f(x: int) { let a = x + 1  a }\n'
            'turn {\n  for c in [1, 2] { log "a"  log "b"  break }\n'
            '  if true { log "c" } else if false { log "d" } else { end }\n  end\n}\n')
    assert format_text(messy) == neat
    assert format_text(neat) == neat


def test_aligned_comments_stay_aligned_and_a_continued_comment_follows():
    text = ("const a = 1          # one\n"
            "const bb = 22        # two\n"
            "                     # more about two\n"
            "const ccc = 333 # three\n")
    assert format_text(text) == ("const a = 1          # one\n"
                                 "const bb = 22        # two\n"
                                 "                     # more about two\n"
                                 "const ccc = 333  # three\n")


def test_continuation_lines_keep_their_alignment_shifted_with_their_statement():
    text = ("fn pick(c) = if c == 1 then \"a\"\n"
            "             else \"b\"\n"
            "rule r() {\n"
            "      let x = [1,\n"
            "               2]\n"
            "}\n")
    assert format_text(text) == ("fn pick(c) = if c == 1 then \"a\"\n"
                                 "             else \"b\"\n"
                                 "rule r() {\n"
                                 "  let x = [1,\n"
                                 "           2]\n"
                                 "}\n")


def test_a_very_long_cell_does_not_widen_its_column():
    long = '"' + "#" * 40 + '"'
    text = f"table t {{\n| a | b |\n| 1 | {long} |\n| 22 | 3 |\n}}\n"
    assert format_text(text) == f"table t {{\n  | a  | b |\n  | 1  | {long} |\n  | 22 | 3 |\n}}\n"


def test_a_bracket_after_a_word_used_as_a_keyword_keeps_its_space_and_a_call_does_not():
    # `prompt`, `by` and `at` are keywords here and may also name a function: only a
    # call is written against its bracket
    text = ('fn by(n: int) = n + 1\nfn at2() = 1\nfn f() = at2 ()\n'
            'rule r() {\n  choose n in [by (1), 2] prompt ("pick " + "one")\n'
            '  choose m in [1] prompt(by(2))\n}\n')
    assert format_text(text) == ('fn by(n: int) = n + 1\nfn at2() = 1\nfn f() = at2()\n'
                                 'rule r() {\n  choose n in [by(1), 2] prompt ("pick " + "one")\n'
                                 '  choose m in [1] prompt (by(2))\n}\n')


def test_a_layout_that_would_change_the_meaning_is_refused(monkeypatch):
    monkeypatch.setattr(formatter, "_tight", lambda before, tok, unary, keywords: True)  # glues words
    with pytest.raises(RulesError, match="would change what this file means"):
        format_text("const a = 1\nconst b = a\n")


def test_fmt_rewrites_files_and_check_lists_the_unformatted_ones(tmp_path):
    messy, neat = tmp_path / "messy.rules", tmp_path / "neat.rules"
    messy.write_text(MESSY)
    neat.write_text(NEAT)
    checked = run("fmt", "--check", str(messy), str(neat))
    assert checked.exit_code == 1
    assert f"{messy}: not formatted" in checked.output and str(neat) not in checked.output
    assert messy.read_text() == MESSY
    result = run("fmt", str(messy), str(neat))
    assert result.exit_code == 0, result.output
    assert messy.read_text() == NEAT and neat.read_text() == NEAT
    assert run("fmt", "--check", str(messy)).exit_code == 0


def test_fmt_reads_standard_input_with_a_dash():
    result = run("fmt", "-", input=MESSY)
    assert result.exit_code == 0
    assert result.output == NEAT


def test_fmt_formats_a_file_that_starts_with_a_byte_order_mark_and_keeps_the_mark(tmp_path):
    """rulelang check reads a file with a byte-order mark (some Windows editors write one);
    fmt refused it: "unexpected character U+FEFF"."""
    path = tmp_path / "bom.rules"
    path.write_text("\ufeff" + MESSY, encoding="utf-8")
    result = run("fmt", str(path))
    assert result.exit_code == 0, result.output
    assert path.read_text(encoding="utf-8") == "\ufeff" + NEAT
    assert run("fmt", "--check", str(path)).exit_code == 0


def test_fmt_keeps_windows_line_ends(tmp_path):
    """A file written with CRLF line ends came back with LF ones: every line changed in
    the writer's version control."""
    path = tmp_path / "crlf.rules"
    path.write_bytes(MESSY.replace("\n", "\r\n").encode())
    assert run("fmt", str(path)).exit_code == 0
    assert path.read_bytes() == NEAT.replace("\n", "\r\n").encode()
    assert run("fmt", "--check", str(path)).exit_code == 0
    assert format_text(NEAT.replace("\n", "\r\n")) == NEAT.replace("\n", "\r\n")


def test_fmt_reports_a_syntax_error_and_changes_nothing(tmp_path):
    bad = tmp_path / "bad.rules"
    bad.write_text("const a = 1 +\n")
    result = run("fmt", str(bad))
    assert result.exit_code == 65
    assert f"{bad}:1:14: error: the file ends too early" in result.output
    assert bad.read_text() == "const a = 1 +\n"


def test_fmt_refuses_files_that_are_not_rules(tmp_path):
    other = tmp_path / "notes.txt"
    other.write_text("hello")
    result = run("fmt", str(other))
    assert result.exit_code == 65 and "not a .rules file" in result.output


@pytest.mark.slow
def test_every_shipped_rules_file_is_already_formatted():
    result = run("fmt", "--check", *map(str, SHIPPED))
    assert result.exit_code == 0, result.output


def test_a_rule_that_gives_back_a_value_is_laid_out_and_keeps_its_return_value_on_its_line():
    messy = ('game "T"\nplayers 2\nrule r(p: player)->list of int {\n  choose n in 1..3 by p\n'
             '  return [n,n+1]\n}\nturn {\n  let x=r(current)\n  if size(x) > 1 {\n    return\n'
             '  }\n  win current\n}\n')
    tidy = format_text(messy)
    assert "rule r(p: player) -> list of int {\n" in tidy
    assert "  return [n, n + 1]\n" in tidy and "  let x = r(current)\n" in tidy
    assert format_text(tidy) == tidy
    assert meaning(parse(tidy).decls) == meaning(parse(messy).decls)
