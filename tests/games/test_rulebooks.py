"""Each seed game carries its players' rulebook (issue 27): an overview, every rule, block and
option explained, every rule ID of its digest cited by an explanation (as the digest's IDs
are cited in the .rules file and in the tests), all in the project's own words, never the
publisher's sentences. `rulelang rules FILE` assembles it."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

import rulelang
from rulelang.play.cli import cli
from rulelang.tools import rulebook
from rulelang.tools.scenarios import scenario_path
from support import ROOT, load

GAMES = {"games/yokai_sketch.rules": "yokai_sketch", "games/yami.rules": "yami",
         "games/yokai.rules": "yokai"}
# the publishers' rulebooks, beside the checkout (../shared/seeds): reference, never copied
PUBLISHERS = next((folder / "shared" / "seeds" for folder in (ROOT.parent, ROOT.parent.parent)
                   if (folder / "shared" / "seeds").is_dir()), ROOT.parent / "shared" / "seeds")
SHARED_WORDS = 6  # a run of this many words in common counts as copied


def digest_ids(name) -> set:
    return set(re.findall(r"^ *- \*\*([A-Z]+-[0-9]+[a-z]?)\*\*", (ROOT / "seeds" / f"{name}.md")
                          .read_text(encoding="utf-8"), re.M))


def cited_anywhere(text, rule) -> bool:
    return re.search(re.escape(rule) + r"(?![0-9a-z])", text) is not None


@pytest.mark.parametrize("path", GAMES)
def test_the_rulebook_has_text_for_every_option_rule_and_block(path):
    assert rulebook.gaps(load(path)) == []


@pytest.mark.parametrize("path,digest", GAMES.items())
def test_every_rule_id_of_the_digest_is_cited_by_an_explanation_and_by_a_test(path, digest):
    rules = load(path)
    cited = {rule for e in rules.program.teaching for rule in e.cites}
    ids = digest_ids(digest)
    assert len(ids) > 30
    assert sorted(ids - cited) == []
    assert cited <= ids  # no citation of a rule the digest does not have
    tests = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("*.py"))
    tests += "".join(p.read_text(encoding="utf-8") for p in (ROOT / "games").glob("*.scenarios"))
    assert [rule for rule in sorted(ids) if not cited_anywhere(tests, rule)] == []


def _words(text):
    return re.findall(r"[a-z0-9']+", text.lower())


def _runs(words, n):
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


@pytest.mark.skipif(not PUBLISHERS.is_dir(), reason="the publishers' rulebooks are not here")
@pytest.mark.parametrize("path", GAMES)
def test_no_sentence_of_a_publishers_rulebook_is_copied(path):
    books = set()
    for book in PUBLISHERS.glob("*.txt"):
        books |= _runs(_words(book.read_text(encoding="utf-8")), SHARED_WORDS)
    rules = load(path)
    copied = {}
    for e in rules.program.teaching:
        common = _runs(_words(" ".join(e.paragraphs + [e.title or ""])), SHARED_WORDS) & books
        if common:
            copied[e.title or e.kind] = sorted(" ".join(run) for run in common)
    assert copied == {}


def test_the_control_finds_a_copied_sentence():
    book = "If the deck of Sketch cards runs out, shuffle the discard pile and make a new deck."
    mine = "When the deck of Sketch cards runs out, shuffle the discard pile."
    assert _runs(_words(mine), SHARED_WORDS) & _runs(_words(book), SHARED_WORDS)


@pytest.mark.parametrize("path", GAMES)
def test_rulelang_rules_prints_the_rulebook_within_its_width(path):
    result = CliRunner().invoke(cli, ["rules", path, "--width", "72"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == load(path).title.upper()
    assert max(len(line) for line in lines) <= 72
    for heading in ("Overview", "Playing", "The end of the game"):
        assert heading in lines, heading
    examples = "Worked examples (the scenarios: rulelang test runs them)"
    assert (examples in lines) == scenario_path(path).exists()
    assert "Where the cards are once the game is set up" in result.output


def test_the_rulebook_of_yokai_sketch_reads_as_a_rulebook():
    rules = load("games/yokai_sketch.rules")
    book = rulebook.build(rules, {}, scenario_path("games/yokai_sketch.rules"))
    assert book.players == "2 players" and book.duration
    assert book.overview[0].startswith("Two young artists")
    playing = next(c for c in book.chapters if c.key == "playing")
    drawing = next(p for p in playing.paragraphs if p.title == "Drawing")
    assert drawing.cites == ("YS-10", "YS-39") and drawing.target == "rule draw_phase"
    counts = next(t for c in book.chapters for t in c.tables if t.title.startswith("Where"))
    assert ("hand", "3 each") in [row[:2] for row in counts.rows]  # as setup leaves it
    assert ("deck", "30") in [row[:2] for row in counts.rows]
    sketches = next(t for c in book.chapters for t in c.tables if "sketches" in t.title)
    assert sketches.header == ("left", "right", "ability", "copies") and len(sketches.rows) == 18
    assert book.examples[0].name.startswith("the rulebook's example")
    assert book.examples[0].cites == ("YS-17", "YS-18")
    assert any(line.startswith("play ") for line in book.examples[0].source)


def test_the_options_in_force_and_the_counts_for_each_number_of_players():
    rules = load("games/yokai.rules")
    book = rulebook.build(rules, {"levels": "2+5"}, None, 3)
    levels = next(o for o in book.options if o.name == "levels")
    assert (levels.label, levels.value, levels.default) == ("Levels", "2 and 5", "1")
    assert levels.texts and levels.allowed == "1 to 5"
    hints = next(t for c in book.chapters for t in c.tables
                 if t.title == "Hints for each number of players")
    assert hints.rows[0] == ("2", "2", "3", "2")
    counts = next(t for c in book.chapters for t in c.tables if t.title.startswith("Where"))
    assert counts.header == ("", "2 players", "3 players", "4 players")
    assert next(r for r in counts.rows if r[0] == "Hint pile")[1:] == ("7", "9", "10")
    yami = rulebook.build(load("games/yami.rules"), {}, None)
    counts = next(t for c in yami.chapters for t in c.tables if t.title.startswith("Where"))
    assert next(r for r in counts.rows if r[0] == "hand")[1:] == ("10 each", "9 each",
                                                                  "9, 9, 9, 8")


def test_the_table_of_cards_names_each_kind_once_as_cards():
    """A kind named Card is "Cards", not "Card cards"; another kind is "KIND cards"."""
    def rows(path):
        book = rulebook.build(load(path), {}, None)
        return [r[0] for c in book.chapters for t in c.tables if t.title == "The cards"
                for r in t.rows]
    assert rows("examples/no_thanks.rules") == ["Cards"]
    assert rows("games/yokai_sketch.rules") == ["Sketch cards", "Yokai cards"]


def test_a_game_of_no_cards_has_no_table_of_where_they_are():
    """Nim's stones are numbers: no empty table of where its cards are, no empty chapter."""
    book = rulebook.build(load("examples/nim.rules"), {}, None)
    assert "components" not in [c.key for c in book.chapters]
    assert "What is in the game" not in "\n".join(rulebook.text(book))


def test_rules_that_explain_nothing_of_their_play_say_what_players_are_asked_and_how_it_ends():
    """Nim explains none of its play: its rulebook lists each question as its rules ask it,
    who answers, and how a game ends (the reason its win gives)."""
    book = rulebook.build(load("examples/nim.rules"), {}, None)
    tables = {t.title: t for c in book.chapters for t in c.tables}
    assert tables["What players are asked (as the rules ask it)"].rows == (
        ("take from pile", "the player whose turn it is", "no"),
        ("how many stones", "the player whose turn it is", "no"))
    ending = tables["How a game ends (as the rules write it)"].rows
    assert ending and all(how == "a win" for how, _ in ending)


def test_a_win_with_no_reason_is_told_by_the_if_it_stands_in(tmp_path):
    """A win with no reason was left out: a rulebook that never said how to win."""
    path = tmp_path / "race.rules"
    path.write_text('game "Race"\nplayers 2\nvar pos[player]: int = 0\nturn {\n'
                    '  pos[current] += 1\n  if pos[current] >= 3 {\n    win current\n  }\n}\n',
                    encoding="utf-8")
    book = rulebook.build(load(str(path)), {}, None)
    tables = {t.title: t for c in book.chapters for t in c.tables}
    assert tables["How a game ends (as the rules write it)"].rows == (
        ("a win", "if pos[current] >= 3: win current"),)


def test_the_questions_say_who_answers_at_once_privately_and_who_may_pass(tmp_path):
    path = tmp_path / "asked.rules"
    path.write_text('''game "Asked"
players 3
var bid[player]: int = 0, owner
end when bid[P1] > 5
turn {
  choose b in 1..3 by each p in players privately pass prompt "{p}: bid"
  choose n in 1..2 by next(current) pass "stop" if bid[current] > 1 prompt "how many"
  if n == 2 { win current "two it is" }
}
score p = 0
''', encoding="utf-8")
    book = rulebook.build(load(str(path)), {}, None)
    tables = {t.title: t for c in book.chapters for t in c.tables}
    assert tables["What players are asked (as the rules ask it)"].rows == (
        ("(the player asked): bid", "each of players at once, privately", "yes"),
        ("how many", "next(current)", "sometimes ('stop')"))
    assert tables["How a game ends (as the rules write it)"].rows == (
        ("the game ends when", "bid[P1] > 5"), ("a win", "two it is"),
        ("the score of each player", "0"))  # (how a game is scored was left out)


def test_who_answers_is_said_in_words_for_a_loops_item_or_a_rules_parameter(tmp_path):
    """A choose by a loop's item or a rule's parameter read 'q' or 'p': a bare name says
    nothing to a player. It says whom the loop goes through, or which call names the seat."""
    path = tmp_path / "asked.rules"
    path.write_text('''game "Asked"
players 3
var n: int = 0
rule pay(p: player) {
  choose k in 1..2 by p prompt "pay"
  n += k
}
turn {
  for q in others(current) {
    choose yes in [false, true] by q prompt "object?"
    if yes { pay(q) }
  }
  if n > 3 { end }
}
score p = n
''', encoding="utf-8")
    book = rulebook.build(load(str(path)), {}, None)
    tables = {t.title: t for c in book.chapters for t in c.tables}
    assert tables["What players are asked (as the rules ask it)"].rows == (
        ("pay", "p, as pay(p) is called", "no"),
        ("object?", "each of others(current) in turn (q)", "no"))


def test_how_a_game_ends_says_the_tiebreaks_in_their_order(tmp_path):
    """The tiebreaks were left out: a tie that one decided read as a mistake."""
    path = tmp_path / "tied.rules"
    path.write_text('game "Tied"\nplayers 2\nvar food[player]: int = 0\n'
                    'var wood[player]: int = 0\nturn {\n  end\n}\nscore p = 1\n'
                    'tiebreak p = food[p]\ntiebreak p = wood[p] * 2\n', encoding="utf-8")
    book = rulebook.build(load(str(path)), {}, None)
    tables = {t.title: t for c in book.chapters for t in c.tables}
    assert tables["How a game ends (as the rules write it)"].rows == (
        ("the score of each player", "1"), ("a tied score goes to the most of", "their food"),
        ("still tied, to the most of", "their wood times 2"))


BIDS = '''game "Bids"
players 3
option rounds: int in 1..9 = 4 "rounds to play"
const LIMIT = 20
var coins[player]: int = 0
var bid[player]: int = 0
zone banked[player]: row of Chip
card Chip { value: int }
fn high_bid() = max(bid[p] for p in players)
fn share_of(p: player) = coins[p] / 2
turn {
  let hb = high_bid()
  choose n in (hb + 1)..LIMIT pass prompt "raise the bid above {hb}, or pass"
  choose m in 1..2 prompt "give {share_of(current)} of {LIMIT} in round {rounds}"
  for q in players {
    choose k in 1..2 by q prompt "{q} gives {coins[q]}"
  }
  if n == none { end "{current} passed with {bid[current]}" }
}
score p = coins[p] + sum(c.value for c in banked[p])
tiebreak p = if bid[p] > 3 then share_of(p) else 0
tiebreak p = max(bid[q] for q in players)
'''


def test_a_prompt_a_reason_and_the_score_read_as_words_not_code(tmp_path):
    """A player read "raise the bid above {hb}" and the score as code (`coins[p] +
    sum(c.value for c in banked[p])`). A value is said by its names (a let's value in place
    of the let, a function's name), a constant or option by its value in force, one no name
    says by its type; what has no words stays as written."""
    path = tmp_path / "bids.rules"
    path.write_text(BIDS, encoding="utf-8")
    book = rulebook.build(load(str(path)), {"rounds": "6"}, None)
    tables = {t.title: t for c in book.chapters for t in c.tables}
    assert [row[0] for row in tables["What players are asked (as the rules ask it)"].rows] == [
        "raise the bid above (the high bid), or pass",
        "give (the share of the player whose turn "
        "it is) of 20 in round 6",
        "(a player) gives (a number)"]
    assert tables["How a game ends (as the rules write it)"].rows == (
        ("the end", "(the player whose turn it is) passed with (the bid of the player whose "
                    "turn it is)"),
        ("the score of each player", "their coins plus the total value of their banked"),
        ("a tied score goes to the most of", "their share if their bid is more than 3, else 0"),
        ("still tied, to the most of", "max(bid[q] for q in players)"))
    text = "\n".join(rulebook.text(book))
    assert "{" not in text and "[p]" not in text


def test_rules_that_explain_nothing_of_their_play_say_what_is_left_to_chance(tmp_path):
    """A dice game's rulebook said nothing of its die (nor of a shuffle): the players' book
    lists each shuffle and random pick as the rules write them, once each, with the name a
    scenario's `fix` gives it, from a function too. Rules that draw nothing have no table."""
    pig = rulebook.build(load("examples/pig.rules"), {}, None)
    tables = {t.title: t for c in pig.chapters for t in c.tables}
    assert tables["What is left to chance (as the rules write it)"].rows == (
        ("one at random", "1..diceoutcomes", "die"),)
    path = tmp_path / "drawn.rules"
    path.write_text('game "Drawn"\nplayers 2\ncard Chip { n: int }\nzone bag: pile of Chip\n'
                    'fn roll() = random(1..6, "die")\nsetup {\n  create Chip(n: 1) x 3 in bag\n'
                    '  shuffle bag\n}\nturn {\n  log "{roll()} {roll()} {random(players)}"\n'
                    '  end\n}\nscore p = 0\n', encoding="utf-8")
    book = rulebook.build(load(str(path)), {}, None)
    tables = {t.title: t for c in book.chapters for t in c.tables}
    assert tables["What is left to chance (as the rules write it)"].rows == (
        ("one at random", "1..6", "die"), ("a shuffle", "bag", "shuffle bag"),
        ("one at random", "players", "random"))
    assert "  one at random  1..diceoutcomes  die" in "\n".join(rulebook.text(pig))
    nim = rulebook.build(load("examples/nim.rules"), {}, None)
    assert not any(t.title.startswith("What is left to chance") for c in nim.chapters
                   for t in c.tables)


def test_a_shuffle_of_a_zone_keyed_by_a_name_is_said_as_a_fix_names_it(tmp_path):
    """`shuffle deck[p]` is fixed as `shuffle deck[P1]`, one per key: the table said `shuffle
    deck[p]`, a name no fix takes; a key written as a value stays as it is."""
    path = tmp_path / "decks.rules"
    path.write_text('game "Decks"\nplayers 2\nenum Side { left, right }\ncard Chip { n: int }\n'
                    'zone deck[player]: pile of Chip\nzone tray[Side]: pile of Chip\n'
                    'setup {\n  for p in players {\n    create Chip(n: 1) x 3 in deck[p]\n'
                    '    shuffle deck[p]\n  }\n  create Chip(n: 2) x 2 in tray[left]\n'
                    '  shuffle tray[left]\n}\nturn {\n  end\n}\nscore p = 0\n', encoding="utf-8")
    rules = load(str(path))
    tables = {t.title: t for c in rulebook.build(rules, {}, None).chapters for t in c.tables}
    assert tables["What is left to chance (as the rules write it)"].rows == (
        ("a shuffle", "deck[p]", "shuffle deck[...]"),
        ("a shuffle", "tray[left]", "shuffle tray[left]"))
    assert rules.new_game(players=2, fix={"shuffle deck[P1]": ["Chip"]})  # as a fix names it


def test_the_rulebook_says_who_partners_whom():
    """`team p = ...`: the rulebook said nothing of partners (a partnership game read as
    every player for themselves)."""
    book = rulebook.build(load("tests/rules/partners_coin.rules"), {}, None)
    components = next(c for c in book.chapters if c.key == "components")
    partners = next(t for t in components.tables if t.title == "Partners")
    assert partners.rows == (("1", "P1 and P3"), ("2", "P2 and P4"))
    assert partners.note == ("team p = if odd(p) then 1 else 2: partners share a side (as set "
                             "up for 4 players)")
    assert "  2     P2 and P4" in rulebook.text(book)
    yokai = rulebook.build(load("games/yokai_sketch.rules"), {}, None)
    assert not any(t.title == "Partners" for c in yokai.chapters for t in c.tables)


def test_sides_drawn_by_chance_are_not_listed_as_one_game_drew_them(tmp_path):
    """A side dealt at random (a secret traitor) is the rules' words alone: a game's seats
    would read as the rule, and as a secret told."""
    path = tmp_path / "traitor.rules"
    path.write_text('game "Traitor"\nplayers 4\nvar traitor: player\n'
                    'setup {\n  traitor = random(players, "traitor")\n}\n'
                    'turn {\n  end\n}\nscore p = 0\nteam p = p == traitor\n', encoding="utf-8")
    book = rulebook.build(load(str(path)), {}, None)
    partners = next(t for c in book.chapters for t in c.tables if t.title == "Partners")
    assert partners.rows == () and partners.note == "team p = p == traitor: partners share a side"


def test_rules_that_explain_their_play_keep_their_own_words():
    book = rulebook.build(load("games/yokai_sketch.rules"), {}, None)
    titles = [t.title for c in book.chapters for t in c.tables]
    assert not any(t.startswith(("What players are asked", "How a game ends")) for t in titles)


def test_rules_check_lists_what_has_no_text(tmp_path):
    bare = tmp_path / "bare.rules"
    bare.write_text('game "Bare"\nplayers 2\noption n: int = 1\nrule go() { end }\n'
                    'turn { go() }\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["rules", str(bare), "--check"])
    assert result.exit_code == 1
    for gap in ("no about", "option n is neither described nor explained",
                "rule go has no explain", "turn has no explain"):
        assert gap in result.output
    assert CliRunner().invoke(cli, ["rules", "games/yami.rules", "--check"]).exit_code == 0


def test_rules_check_refuses_an_option_or_player_count_it_would_ignore():
    for wrong, words in ((["--option", "mission=9"], "option mission=9 is not allowed"),
                         (["--players", "7"], "is for 2 to 4 players, not 7")):
        result = CliRunner().invoke(cli, ["rules", "games/yami.rules", "--check", *wrong])
        assert result.exit_code == 2 and words in result.output, result.output


CROWN = '''game "Crown"
players 2..4
card Token { worth: int }
zone box: pile of Token
zone crown[player]: hand of Token
zone purse[player]: hand of Token
setup {
  create Token(worth: 1) x 12 in box
  current = random(players, "first player")
  move top(box) to crown[current]
  move top(box) to purse[last(players)]
}
turn { win current }
'''


def test_the_counts_do_not_tell_chance_as_a_rule():
    """A card dealt to whoever chance makes first is not P1's: the counts say how many players
    hold it, not which seat held it in one setup; a seat the rules name keeps its count."""
    book = rulebook.build(rulelang.loads(CROWN, "crown.rules"), {}, None)
    counts = next(t for c in book.chapters for t in c.tables if t.title.startswith("Where"))
    rows = {r[0]: r[1:] for r in counts.rows}
    assert rows["crown"] == ("1 for one player", "1 for one player", "1 for one player")
    assert rows["purse"] == ("0, 1", "0, 0, 1", "0, 0, 0, 1")


def test_a_table_comes_just_after_its_explanation():
    """Not at the chapter's end, pages away from the words that say what it is; the counts,
    which no explain names, come last."""
    book = rulebook.build(load("games/yokai_sketch.rules"), {}, None)
    lines = [line.strip() for line in rulebook.text(book)]
    said = next(i for i, line in enumerate(lines) if line.startswith("Which sketches there are"))
    header = lines.index("left   right  ability   copies")
    on_the_table = next(i for i, line in enumerate(lines) if line.startswith("On the table"))
    assert said < header < on_the_table
    assert lines.count("Which sketches there are") == 0  # not named again above the table
    assert on_the_table < lines.index("Where the cards are once the game is set up")
    page = CliRunner().invoke(cli, ["doc", str(ROOT / "games/yokai_sketch.rules"), "-o", "-"])
    assert page.output.index("Which sketches there are") < page.output.index(
        "<th>ability</th>") < page.output.index("On the table")


PLACED = '''game "Placed"
players 2
zone deck: pile of Chip
card Chip { worth: int }
var taken[player]: int = 0
explain "Dealing" { "Make the chips." }
rule make_chips() { create Chip(worth: 1) x 3 in deck }
explain "Worth" { "What a player's chips are worth." }
fn worth(p: player) = taken[p] * 2
explain "Taking" { "Take a chip." }
rule take() { taken[current] += 1 }
explain "Setting up" { "Deal, and take one." }
setup {
  make_chips()
  take()
}
explain "A turn" { "Take one." }
turn {
  take()
  if size(deck) == 0 { end }
}
score p = worth(p)
'''


def test_an_explained_rule_stands_in_the_chapter_of_what_uses_it(tmp_path):
    """A rule only the setup calls is part of setting up, a function only the score reads is
    part of the end; one used by the setup and the turn stays in Playing."""
    path = tmp_path / "placed.rules"
    path.write_text(PLACED, encoding="utf-8")
    book = rulebook.build(load(str(path)), {}, None)
    where = {p.title: c.key for c in book.chapters for p in c.paragraphs}
    assert where == {"Dealing": "setup", "Setting up": "setup", "Worth": "end",
                     "Taking": "playing", "A turn": "playing"}


def test_rules_check_lists_a_rule_id_an_example_cites_and_no_explain_does(tmp_path):
    """A worked example citing a rule the rulebook never states sends the reader looking for
    it in vain."""
    path = tmp_path / "cited.rules"
    path.write_text('game "Cited"\nplayers 2\nabout { "A game." }\n'
                    'explain "A turn" cites "CI-1" { "End it." }\nturn { end }\n',
                    encoding="utf-8")
    (tmp_path / "cited.scenarios").write_text(
        'scenario "it ends" {\n  cites CI-1, CI-2\n  over draw\n}\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["rules", str(path), "--check"])
    assert result.exit_code == 1
    assert 'the scenario "it ends" cites CI-2, which no explain cites' in result.output


def test_a_loops_item_named_as_a_let_is_not_said_as_the_lets_value(tmp_path):
    """A prompt's {hb} said the value of a `let hb` elsewhere in the turn when it read a
    loop's item of the same name: it is said by its type."""
    path = tmp_path / "shadow.rules"
    path.write_text('game "Shadow"\nplayers 2\nvar bid[player]: int = 0\n'
                    'fn high() = max(bid[p] for p in players)\nturn {\n'
                    '  if bid[current] > 0 {\n    let hb = high()\n    bid[current] = hb + 1\n'
                    '  } else {\n    for hb in 1..2 {\n'
                    '      choose n in [1, 2] prompt "raise above {hb}"\n'
                    '      bid[current] += n\n    }\n  }\n  if bid[current] > 5 { end }\n}\n'
                    'score p = bid[p]\n', encoding="utf-8")
    book = rulebook.build(load(str(path)), {}, None)
    asked = next(t for c in book.chapters for t in c.tables if t.title.startswith("What"))
    assert asked.rows[0][0] == "raise above (a number)"
