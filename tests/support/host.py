"""Parts of the host's view (``game.view(None)``) worked out alone: the decision's prompt,
one variable, one zone. The game tests' helpers read one of them after nearly every move,
where the whole view renders every zone and the whole log again. Each is what the view
holds, by the same code (tests/runtime/test_host_view_parts.py compares them)."""
from __future__ import annotations

from typing import Any

from interpreter.runtime import views


def prompt(game: Any) -> str:
    """``game.view(None)["decision"]["prompt"]``."""
    return game.guard(lambda: views.render_parts(game, game.pending.prompt, None))


def var(game: Any, name: str) -> Any:
    """``game.view(None)["vars"][name]``."""
    return game.guard(lambda: views.vars_view(game, None))[name]


def zone(game: Any, name: str) -> dict:
    """``game.view(None)["zones"][name]``."""
    found = next(z for z in views.all_zones(game) if z.name == name)
    return game.guard(lambda: views.zone_view(game, found, None))
