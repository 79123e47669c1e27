"""How a name of the rules reads to players, for every front (the terminal, the pages)."""
from __future__ import annotations

from typing import Any


def words(text: Any) -> str:
    """A name as players read it: ``face_down`` -> ``face down``."""
    return str(text).replace("_", " ")
