"""The examples that OpenSpiel also has, paired with its native games (see crosscheck.py).

Each function gives the ``Pairing`` for one setting of a game; ``SETTINGS`` lists the
settings the benchmark plays (``benchmarks/openspiel_crosscheck.py``)."""
from __future__ import annotations

from support.crosscheck import Pairing


def connect_four(x_in_row: int = 4) -> Pairing:
    """Native actions are columns from 0 ('x3': the first player drops into the fourth
    column); ours are columns from 1."""
    return Pairing(f"connect_four x_in_row={x_in_row}", "examples/connect_four.rules",
                   "connect_four", {"x_in_row": x_in_row}, options={"x_in_row": x_in_row},
                   move_name=lambda state, player, action: str(action + 1))


SETTINGS = {
    "connect_four": [connect_four(4), connect_four(3)],
}
