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


def test_a_save_whose_tile_number_has_no_drawing_is_refused_when_viewed_not_a_traceback():
    """What hypothesis found (test_saves_untrusted): a Yami save whose tile's number was moved
    to -2 restores, and its view then asks the rules for the shape of a number with no
    drawing: a RulesError that says so, as play would give."""
    import json
    import random

    import rulelang
    from support import load

    rules = load("games/yami.rules")
    game = rules.new_game(seed=2)
    rng = random.Random(2)
    for _ in range(6):
        if game.is_over:
            break
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
    save = json.loads(game.save())
    tile = save["cards"][65]  # the card hypothesis moved (one seat 0 sees)
    assert "number" in tile[2]
    tile[2]["number"] = -2
    try:
        damaged = rules.restore(json.dumps(save))
    except rulelang.RulesError:
        return  # refused at once: as good
    with pytest.raises(rulelang.RulesError, match="shape"):
        for seat in (None, 0, 1):
            damaged.view(seat)
