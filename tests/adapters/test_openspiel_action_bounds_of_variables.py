"""The action space follows a variable's values: a choose up to what a variable holds is
bounded by every value the rules ever give it (its first value, what is assigned to it, a
list option's items), when it is only ever lowered from there; a variable that a running
total raises stays unbounded, and such a choose is refused."""
from __future__ import annotations

import pytest

from rulelang.adapters.table import open_table
from rulelang.language.errors import RulesError

LOWERED = """\
game "Lowered"
players 2
option sizes: list of int in 0..20 = [2, 5] "how many in each pile"
enum Pile { A, B, C }
var left[Pile]: int = 0
var spare: int = 3
setup {
  for p in Pile {
    let i = index_of(Pile, p)
    if i < size(sizes) {
      left[p] = sizes[i]
    }
  }
}
turn {
  choose pile in [p for p in Pile if left[p] > 0] prompt "pile"
  choose n in 1..left[pile] prompt "take"
  left[pile] -= n
  choose m in 0..spare prompt "spare"
  spare -= m
  if all(left[p] == 0 for p in Pile) {
    win current
  }
}
"""


def notations(tmp_path, text, **options):
    path = tmp_path / "game.rules"
    path.write_text(text)
    return open_table(path, options=options).actions.notations


def test_a_variable_only_lowered_is_bounded_by_the_values_it_is_given(tmp_path):
    assert notations(tmp_path, LOWERED) == ("A", "B", "C", "0", "1", "2", "3", "4", "5")
    assert notations(tmp_path, LOWERED, sizes=[7, 1])[-1] == "7"  # this game's option


def test_adding_a_number_never_above_zero_lowers_as_taking_one_away_does(tmp_path):
    assert notations(tmp_path, LOWERED.replace("spare -= m", "spare += 0 - m")) == \
        notations(tmp_path, LOWERED)


@pytest.mark.parametrize("change", ["spare += m", "spare -= m - 1", "spare = spare - m",
                                    "spare -= 0 - m"])
def test_a_variable_that_may_grow_leaves_the_choose_unbounded(tmp_path, change):
    text = LOWERED.replace("spare -= m", change)
    with pytest.raises(RulesError, match="cannot tell which moves this choose can offer"):
        notations(tmp_path, text)


GIVEN_BACK = """\
game "Given back"
players 2
var left: int = 9
rule most(p: player) -> int {
  choose n in 2..3 by p prompt "most"
  if n > 2 {
    return n
  }
  return 1
}
turn {
  let cap = most(current)
  choose k in 1..cap prompt "take"
  left -= k
  if left <= 0 {
    win current
  }
}
"""


def test_a_choose_up_to_a_rules_value_is_bounded_by_what_the_rule_gives_back(tmp_path):
    assert notations(tmp_path, GIVEN_BACK) == ("1", "2", "3")
