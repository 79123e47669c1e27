"""shape() of something that is not a drawing (none, from a table with no such row, as a
damaged save's card number gives) is a rules error with its reason, not a Python traceback."""
from __future__ import annotations

import pytest

from interpreter.runtime import builtin_functions
from interpreter.runtime.values import Fail


@pytest.mark.parametrize("given, said", [(None, "not none"), (7, "not int")])
def test_shape_of_no_drawing_is_refused_with_its_reason(given, said):
    with pytest.raises(Fail, match=said):
        builtin_functions._shape(None, given)


def test_shape_of_a_drawing_is_still_read():
    assert builtin_functions._shape(None, "##/.#").text == "##/.#"
