"""A campaign at a table: its games played one after another by the same seats, with the
same links (and the same bots), its state on every page between games.

Any player with a link chooses the next game among those the campaign offers (the first
to choose starts it: a page drawn before then is out of date, so a second choice is
refused, not played); a spectator only watches. A table of bots only goes on with the
first game offered, as ``rulelang run --campaign --bots all`` does. The campaign is saved
with its table (``saves.record``) after every move, so after every game too.
"""
from __future__ import annotations

from typing import Any

from rulelang.language.errors import RulesError
from rulelang.play.web.tables import HUMAN, SPECTATOR, Table, parse_kinds


def open_campaign(rules_name: str, rules: Any, players: int | None, options: dict[str, Any],
                  kinds: dict[str, str], seed: int) -> Table:
    """A new campaign's table, its first game started: the value ``options`` gives the
    offered option (else the first offered). RulesError (its words) if the rules declare
    no campaign, or that value is not offered."""
    if rules.program.campaign is None:
        raise RulesError(f"{rules.title} declares no campaign (campaign {{ ... }}): play one "
                         "game of it instead")
    offered = rules.program.campaign.offer.option
    rest = {name: value for name, value in options.items() if name != offered}
    campaign = rules.new_campaign(players, seed, rest)
    first = options.get(offered)
    return adopt(rules_name, rules, campaign, kinds,
                 campaign.next_game(None if first in (None, "") else first))


def adopt(rules_name: str, rules: Any, campaign: Any, kinds: dict[str, str],
          game: Any = None) -> Table:
    """A table for ``campaign`` (its game in progress, or ``game``), new links for its people."""
    game = game or campaign.game
    if game is None:  # between games: its next one, the first offered
        game = campaign.next_game()
    table = Table.open(rules_name, rules, game, parse_kinds(game, kinds))
    table.campaign = campaign
    return table


def choose_next(table: Table, seat: Any, choice: str, version: int) -> str | None:
    """Start the campaign's next game with ``choice`` for the offered option, chosen by
    ``seat`` on a page drawn at ``version``: None, or why not (nothing is started)."""
    campaign = table.campaign
    if campaign is None:
        return "this table plays one game, not a campaign"
    if seat == SPECTATOR:
        return "a spectator watches: the players choose the next game"
    if table.failure is not None:
        return "this game stopped: the rules failed"
    if version != table.version:
        return "the campaign has moved on since this page was drawn: look again"
    if campaign.game is not None:
        return "the game is not over yet"
    return start_next(table, choice)


def start_next(table: Table, choice: Any) -> str | None:
    campaign = table.campaign
    try:
        offers = campaign.offers()
        if not offers:
            return "the campaign is over: no game is offered"
        match = next((v for v in offers if str(v) == str(choice)), None)
        if match is None:
            return (f"{campaign.offered} {choice} is not open now: choose one of "
                    f"{', '.join(str(v) for v in offers)}")
        table.start(campaign.next_game(match))
    except RulesError as error:  # the rules' own offer failed while worked out
        table.fail(error)
    return None


def bots_go_on(table: Table) -> bool:
    """At a campaign's table of bots only, between games: its next game, the first offered
    (True if one started)."""
    campaign = table.campaign
    if (campaign is None or table.failure is not None or campaign.game is not None
            or any(kind == HUMAN for kind in table.kinds.values())):
        return False
    if campaign.is_over:
        return False
    return start_next(table, campaign.offers()[0]) is None and table.failure is None
