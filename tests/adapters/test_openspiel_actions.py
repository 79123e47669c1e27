"""The fixed action space: worked out from the rules, bounded where the rules bound it,
refused with the line where they do not."""
from __future__ import annotations

import pytest

from rulelang.adapters.table import open_table
from rulelang.language.errors import RulesError

BOUNDED = """\
game "Bounded"
players 2
option limit: int in 1..9 = 4 "the most one may take"
var total: int = 0
fn takes(most: int) = [k for k in 1..most if k != 2]
rule ask(word: text) {
  choose w in [word, "calm"] pass "stop" prompt "say"
}
turn {
  choose n in takes(min(limit, 7)) prompt "take"
  total += n
  ask("loud")
  if total > 6 {
    win current
  }
}
"""

UNBOUNDED = """\
game "Unbounded"
players 2
var total: int = 0
turn {
  choose n in 1..total + 2 prompt "add"
  total += n
  if total > 10 {
    win current
  }
}
"""


def test_numbers_and_texts_are_bounded_through_functions_parameters_and_options(tmp_path):
    path = tmp_path / "bounded.rules"
    path.write_text(BOUNDED)
    actions = open_table(path, options={"limit": 5}).actions
    assert actions.notations == ("stop", "1", "2", "3", "4", "5", "calm", "loud")
    assert [s.name for s in actions.sections] == ["pass", "int", "text"]
    assert open_table(path, options={"limit": 9}).actions.notations[1:8] == \
        ("1", "2", "3", "4", "5", "6", "7")  # min(limit, 7)


def test_a_choose_without_bounds_is_refused_where_it_is(tmp_path):
    path = tmp_path / "unbounded.rules"
    path.write_text(UNBOUNDED)
    with pytest.raises(RulesError) as error:
        open_table(path)
    text = str(error.value)
    assert "unbounded.rules:5:15" in text and "cannot tell which moves this choose" in text
    assert "choose n in 1..total + 2" in text  # the line, with carets under the options


def test_disclose_gives_its_value_so_the_options_it_wraps_stay_bounded(tmp_path):
    path = tmp_path / "disclosed.rules"
    path.write_text(BOUNDED.replace("choose n in takes(min(limit, 7))",
                                    "choose n in disclose(takes(min(limit, 7)))"))
    assert open_table(path, options={"limit": 5}).actions.notations == \
        ("stop", "1", "2", "3", "4", "5", "calm", "loud")
