"""about, duration and explain: the players' text a .rules file carries (docs/language.md,
"about, duration, explain"). What each explains, the mistakes the checker reports, and that
the text changes no game; the formatter, highlighter and language server accept it."""
from __future__ import annotations

import pytest

import rulelang
from rulelang.language.errors import CheckError
from rulelang.language.parser import parse
from rulelang.tools.formatter import format_text

TAUGHT = '''game "Nim"
players 2
about {
  "Take stones in turn."
  ""
  "The last stone wins."
}
duration "a few minutes"
var stones: int = 5
explain "A turn" cites "NIM-1", "NIM-2" {
  "Take one or two stones."
}
turn {
  explain "Choosing" { "You choose how many." }
  choose n in 1..2 where n <= stones else "only {stones} left" prompt "how many"
  stones -= n
  if stones <= 0 {
    explain "Winning" cites "NIM-3" {
      "The last stone wins."
    }
    win current
  }
  explain "Next" { "Then the other player goes." }
  log "{stones} left"
}
'''
BARE = '''game "Nim"
players 2
var stones: int = 5
turn {
  choose n in 1..2 where n <= stones else "only {stones} left" prompt "how many"
  stones -= n
  if stones <= 0 {
    win current
  }
  log "{stones} left"
}
'''


def explains(text):
    return {e.title or e.kind: e for e in parse(text, "nim.rules").teaching}


def test_each_explain_points_at_what_follows_it_or_at_its_block():
    found = explains(TAUGHT)
    assert found["about"].paragraphs == ["Take stones in turn.", "The last stone wins."]
    assert found["duration"].lines == ["a few minutes"]
    turn = found["A turn"]
    assert (turn.target, turn.owner, turn.cites) == ("turn", "turn", ["NIM-1", "NIM-2"])
    assert turn.target_span.line == 13
    first = found["Choosing"]  # first in the turn's block: the whole block
    assert first.target == "block" and first.target_span.line == 13 and first.owner == "turn"
    winning = found["Winning"]  # first in the if's block
    assert winning.target == "block" and winning.target_span.line == 17
    after = found["Next"]  # before a statement: that statement
    assert after.target == "statement" and after.target_span.line == 24


def test_the_text_changes_no_game():
    def play(text):
        game = rulelang.loads(text).new_game(players=2, seed=3)
        while not game.is_over:
            game.play(game.legal_moves()[-1])
        return game.transcript()
    assert "explain" not in BARE and "about" not in BARE
    assert play(TAUGHT) == play(BARE)


@pytest.mark.parametrize("text,words,line", [
    ('explain "A" { "the {stones} stones" }\nturn { end }\n', "plain text", 3),
    ('turn {\n  end\n  explain "late" { "x" }\n}\n', "explains nothing", 5),
    ('explain cites "seven" { "x" }\nturn { end }\n', "'seven' is not a rule ID", 3),
    ('about { }\nturn { end }\n', "has no text", 3),
    ('explain cites "G-1", "G-2", "G-1" { "x" }\nturn { end }\n', "'G-1' is cited twice", 3),
    ('turn { end }\nexplain "Bots" { "x" }\nheuristic = 1\n', "explain of the heuristic", 4),
    ('duration "1"\nduration "2"\nturn { end }\n', "duration is given twice", 4),
    ('explain "" { "x" }\nturn { end }\n', "title is empty", 3),
    # not taken by the declaration after the about (an option would take its title)
    ('explain "Intro" { "x" }\nabout { "y" }\noption n: int = 1\nturn { end }\n',
     "explains nothing", 3),
    ('explain "Length" { "x" }\nduration "short"\nturn { end }\n', "explains nothing", 3),
    ('explain "A turn" { "x" }\nvar n: int = 0\nexplain "a turn" { "y" }\nturn { end }\n',
     'the title "a turn" is given twice (first at line 3)', 5),
    ('option n: int = 1\nexplain "Levels" { "x" }\noption m: int = 1\n'
     'explain "Levels" { "y" }\noption k: int = 1\nturn { end }\n', "given twice", 6),
])
def test_mistakes_are_reported_where_they_are(text, words, line):
    with pytest.raises(CheckError) as caught:
        rulelang.loads('game "G"\nplayers 2\n' + text, "g.rules")
    [problem] = [d for d in caught.value.diagnostics if words in d.message]
    assert problem.span.line == line


def test_an_option_and_a_paragraph_may_share_a_title():
    # the option's name in the options, and the paragraph on what it brings to the game
    rulelang.loads('game "G"\nplayers 2\nexplain "Jokers" { "x" }\noption jokers: bool = false "with jokers"'
                   '\nexplain "Jokers" { "y" }\nturn { end }\n', "g.rules")


def test_the_formatter_lays_the_text_out_and_keeps_it():
    messy = TAUGHT.replace('  "Take stones in turn."', '"Take stones in turn."').replace(
        'explain "A turn"', '   explain   "A turn"').replace('    "The last stone wins."',
                                                           '"The last stone wins."')
    assert format_text(messy) == TAUGHT
    assert format_text(TAUGHT) == TAUGHT


def test_the_highlighter_knows_the_words():
    from pygments.token import Keyword

    from rulelang.tools.highlight import RulesLexer
    tokens = list(RulesLexer().get_tokens(TAUGHT))
    kinds = {text: kind for kind, text in tokens}
    for word in ("about", "duration", "explain", "cites"):
        assert kinds[word] in Keyword, word


def test_the_language_server_checks_the_text_and_keeps_each_explain_with_its_code(tmp_path):
    from rulelang.tools.language_server.document import ParseCache, analyse
    path = tmp_path / "nim.rules"
    cache = ParseCache()
    assert analyse(TAUGHT, path, cache=cache).diagnostics == []
    assert analyse(TAUGHT, path, cache=cache).diagnostics == []  # from its pieces, again
    broken = TAUGHT.replace('"Take one or two stones."', '"Take {n} stones."')
    [problem] = analyse(broken, path, cache=cache).diagnostics
    assert "plain text" in problem.message and problem.span.line == 10


def test_why_finds_the_explanations_around_a_log_line():
    rules = rulelang.loads(TAUGHT, "nim.rules")
    game = rules.new_game(players=2, seed=1)
    game.play("1")
    view = game.view(0)
    assert len(view["log_at"]) == len(view["log"])
    said = {line: rules.why(at) for line, at in zip(view["log"], view["log_at"])}
    left = said["4 left"]
    assert (left.line, left.code, left.title) == (24, 'log "{stones} left"', "Next")
    assert left.cites == ("NIM-1", "NIM-2")  # the statement's, then the turn's
    chose = said["P1 > how many: 1"]
    assert chose.title == "Choosing" and chose.line == 15
    assert said["-- turn 1: P1 --"].title == "A turn"
    assert rules.why(None) is None and rules.why(10_000) is None


def test_a_saved_game_keeps_where_its_lines_come_from():
    rules = rulelang.loads(TAUGHT, "nim.rules")
    game = rules.new_game(players=2, seed=1)
    game.play("2")
    again = rules.restore(game.save())
    assert again.view(None)["log_at"] == game.view(None)["log_at"]
    assert None not in game.view(None)["log_at"]
