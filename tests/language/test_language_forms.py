"""Regular forms of issue 12: typed lets, `create ... as NAME` (bound by the interpreter as
the card is made), text `+=`, and patterns whose plain names bind."""
from __future__ import annotations

import re

import pytest

import rulelang

HEAD = 'game "T"\nplayers 2\n'


def transcript(body: str, decls: str = "") -> list[str]:
    rules = rulelang.loads(HEAD + decls + "\nturn {\n" + body + "\n  end\n}\n", "t.rules")
    return rules.new_game(seed=1).transcript().splitlines()[2:-1]  # header, turn line, end


def test_a_typed_let_may_start_as_none_and_hold_its_type_later():
    lines = transcript("""
  let best: Card = none
  log "{best}"
  for c in cards(deck) {
    if best == none or c.rank > best.rank {
      best = c
    }
  }
  log "{best.rank}"
""", 'card Card { rank: int  name "r{rank}" }\nzone deck: pile of Card, public\n'
     "setup {\n  for r in [3, 9, 4] {\n    create Card(rank: r) in deck\n  }\n}\n")
    assert lines == ["none", "9"]


def test_a_typed_let_refuses_a_value_of_another_type_later():
    with pytest.raises(rulelang.CheckError, match="this is text, but the target holds a number"):
        transcript('  let n: int = none\n  n = "three"')


def test_a_typed_let_in_a_function():
    lines = transcript('  log "{double(4)}"', "fn double(n: int) {\n  let twice: int = n * 2\n"
                                                 "  twice\n}\n")
    assert lines == ["8"]


def test_create_as_names_the_new_card_on_a_pile_and_in_a_row():
    lines = transcript("""
  create Card(rank: 5) in deck as first_card
  create Card(rank: 7) in deck as second
  create Card(rank: 2) in line as third
  first_card.used = true
  log "{first_card.rank} {second.rank} {third.rank} {top(deck).rank} {size(deck)}"
  log "{[c.used for c in cards(deck)]}"
""", "card Card { rank: int  var used: bool = false }\nzone deck: pile of Card, public\n"
     "zone line: row of Card, public\n"
     "setup {\n  create Card(rank: 1) in line\n}\n")
    assert lines == ["5 7 2 7 2", "yes, no"]


def test_create_as_with_a_count_names_the_list_of_new_cards():
    lines = transcript("  create Card(rank: 5) x 3 in deck as made\n"
                       '  log "{size(made)} {made} {[c.rank for c in made]}"',
                       'card Card { rank: int  name "r{rank}" }\nzone deck: pile of Card, public\n')
    assert lines == ["3 r5, r5, r5 5, 5, 5"]


def test_create_as_names_the_card_even_when_an_enter_trigger_moves_it_on():
    lines = transcript("  let z = deck\n  create Card(rank: 5) in z as c\n"
                       '  log "{c.rank} lies in {zone_of(c)}; the deck holds {size(deck)}"',
                       "card Card { rank: int }\nzone deck: pile of Card\nzone other: pile of Card\n"
                       "on enter deck as c { move c to other }\n")
    assert lines == ["5 lies in other; the deck holds 0"]


def test_create_as_a_name_already_there_is_refused():
    with pytest.raises(rulelang.CheckError, match="'c' is already defined in this block"):
        transcript("  let c = 1\n  create Card(rank: 5) in deck as c",
                   "card Card { rank: int }\nzone deck: pile of Card\n")


def test_text_plus_equals_appends_text():
    lines = transcript('  let s = "a"\n  s += "b"\n  s += "{1 + 1}"\n  log s')
    assert lines == ["ab2"]


def test_compound_assignment_still_works_on_numbers_and_lists():
    lines = transcript("  let n = 5\n  n -= 2\n  let xs = [1, 2, 3]\n  xs -= [2]\n  xs += [4]\n"
                       '  log "{n} {xs}"')
    assert lines == ["3 1, 3, 4"]


def test_an_option_default_inside_its_range_passes():
    rules = rulelang.loads(HEAD + "option n: int in 1..3 = 3\nenum E { a, b }\n"
                                  "option e: E in [a, b] = b\noption m: int in 1..player_count = 1\n"
                                  "turn { end }\n", "t.rules")
    assert rules.new_game(seed=1).is_over


def test_a_pattern_key_may_be_a_new_name_an_enum_member_or_any():
    lines = transcript("""
  move top(pool) to side[red, P2]
  move top(pool) to side[blue, P1]
""", """enum Colour { red, blue }
card Chip { n: int }
zone pool: pile of Chip
zone side[Colour, player]: row of Chip, public
setup {
  create Chip(n: 1) in pool
  create Chip(n: 2) in pool
}
on enter side[colour, owner] as chip {
  log "any {colour} {owner} {chip.n}"
}
on enter side[red, _] {
  log "red only"
}
""")
    assert lines == ["any red P2 2", "red only", "any blue P1 1"]


MATCH_DECLS = "enum Colour { water, fire, earth, wind }\n"


def test_match_maps_each_member_to_a_value():
    lines = transcript('  log "{[shade(c) for c in Colour]} {short(fire)} {short(earth)}"',
                       MATCH_DECLS + 'fn shade(c: Colour) = match c {\n  water: "blue",\n'
                       '  fire: "red",\n  earth: "green",\n  wind: "yellow",\n}\n'
                       'fn short(c: Colour) = match c { fire: 1, _: 0 }\n')
    assert lines == ["blue, red, green, yellow 1 0"]


def test_match_on_numbers_and_fields_with_a_default():
    lines = transcript('  log "{word(2)} {word(9)} {hot(top(deck))}"',
                       MATCH_DECLS + "card Card { colour: Colour }\nzone deck: pile of Card\n"
                       "setup {\n  create Card(colour: fire) in deck\n}\n"
                       'fn word(n: int) = match n { 1: "one", 2: "two", _: "many" }\n'
                       "fn hot(c: Card) = match c.colour { fire: true, _: false }\n")
    assert lines == ["two many yes"]


def test_a_match_names_its_subject_once_for_editors():
    from rulelang.tools.language_server.document import analyse
    text = HEAD + MATCH_DECLS + "fn f(c: Colour) = match c { water: 1, fire: 2, _: 3 }\n" \
        "turn { end }\n"
    index = analyse(text, None).index
    uses_of_c = [o for o in index.occurrences["<document>"]
                 if o.span.line == 4 and o.definition.name == "c"]
    assert [o.span.col for o in uses_of_c] == [6, 25]  # the parameter, the subject


@pytest.mark.parametrize("text,message", [
    ("fn f(n: int) = match n { _: 1, 2: 3 }", "'_' stands for every other value: it comes last"),
    ("fn f(n: int) = match n + 1 { 2: 3, _: 1 }", "match looks at a name, a field or an item"),
    ("fn f(n: int) = match n { _: 1 }", "a match needs a key besides '_'"),
])
def test_a_match_written_wrong_is_a_parse_error(text, message):
    with pytest.raises(rulelang.ParseError, match=re.escape(message)):
        rulelang.loads(HEAD + text + "\nturn { end }\n", "t.rules")


def test_a_match_has_a_bounded_number_of_keys():
    arms = ", ".join(f"{i}: {i}" for i in range(101))
    with pytest.raises(rulelang.ParseError, match="a match has at most 100 keys, not 101"):
        rulelang.loads(HEAD + f"fn f(n: int) = match n {{ {arms}, _: 0 }}\nturn {{ end }}\n")
    arms = ", ".join(f"{i}: {i}" for i in range(100))
    rules = rulelang.loads(HEAD + f"fn f(n: int) = match n {{ {arms}, _: 0 }}\n"
                                  'turn {\n  log "{f(99)} {f(100)}"\n  end\n}\n')
    assert rules.new_game(seed=1).transcript().splitlines()[2] == "99 0"


# ------------------------------------------------------------------ whole-number keys

KEYED = """option tricks: int in 1..6 = 3
const LAST = tricks + 1
card Card { rank: int  name "r{rank}" }
zone trick[1..LAST]: row of Card, public
var taken[1..tricks]: int = 0
"""


def test_whole_number_keys_name_zones_and_variables():
    rules = rulelang.loads(HEAD + KEYED + "turn {\n  create Card(rank: 2) in trick[3]\n"
                           "  taken[2] += 5\n  log \"{size(trick[3])} {taken[2]} {size(trick)}\"\n"
                           "  end\n}\n", "t.rules")
    game = rules.new_game(seed=1, options={"tricks": 4})
    assert [z for z in game.view(None)["zones"] if z.startswith("trick")] == [
        "trick[1]", "trick[2]", "trick[3]", "trick[4]", "trick[5]"]
    assert game.view(None)["vars"]["taken"] == {"1": 0, "2": 5, "3": 0, "4": 0}
    assert game.transcript().splitlines()[2] == "1 5 1"
    again = rules.restore(game.save())
    assert again.view(None) == game.view(None)


def test_a_key_outside_the_range_is_a_clear_error():
    rules = rulelang.loads(HEAD + KEYED + "turn {\n  taken[9] = 1\n}\n", "t.rules")
    with pytest.raises(rulelang.RulesRuntimeError, match="'taken' has nothing for 9"):
        rules.new_game(seed=1)


def test_a_key_range_too_large_is_refused_when_the_game_starts():
    rules = rulelang.loads(HEAD + "option n: int in 1..5000 = 5\nvar v[1..n]: int = 0\n"
                                  "turn { end }\n", "t.rules")
    assert rules.new_game(seed=1).is_over
    with pytest.raises(rulelang.RulesError, match=r"the key range 1\.\.n is 1\.\.4000: more than "
                                                  "1000 keys"):
        rules.new_game(seed=1, options={"n": 4000})


def test_positions_and_patterns_read_whole_number_keys():
    rules = rulelang.loads(HEAD + KEYED + "on enter trick[n] as c { taken[1] += n }\n"
                           "turn {\n  choose c in [1, 2] prompt \"go\"\n"
                           "  create Card(rank: c) in trick[2]\n}\n", "t.rules")
    game = rules.position(zones={"trick[2]": []}, vars={"taken[3]": 4})
    assert game.view(None)["vars"]["taken"] == {"1": 0, "2": 0, "3": 4}
    game.play("1")
    assert game.view(None)["vars"]["taken"]["1"] == 2  # the pattern bound n = 2
