"""A campaign between its games, as every front shows it: the variables it keeps (labelled,
in words), what the last game changed, the games offered next, whether it is over, and what
the players may say to each other. The terminal's campaign screen draws these records as
lines, the browser's page as a panel: both say the same things in the same words.

Campaign variables are seen by everyone (docs/language.md, campaign), and the lines the
``after`` block logged are rendered for everyone (``Campaign.settle``): nothing here is a
secret of one seat.
"""
from __future__ import annotations

from typing import Any

import attrs

from rulelang.play.plain_words import words


@attrs.frozen
class Kept:
    """One labelled campaign variable: its label and its value in words."""
    label: str
    value: str


@attrs.frozen
class LastGame:
    """The last game over: its number, the offered option's value it was played with, its
    end line (without the leading "== ") and the lines the campaign's after block logged."""
    number: int
    choice: str
    ending: str
    after: list[str]


@attrs.frozen
class CampaignState:
    """What a campaign is at now. ``playing``: the number of the game being played (None
    between games); ``offers``: the values the next game may be played with (empty while a
    game is played, and once the campaign is over)."""
    title: str
    players: int
    offered: str  # the option each game is chosen by
    kept: list[Kept]
    last: LastGame | None
    playing: int | None
    offers: list[str]
    over: bool
    talk: list[str]

    def plain(self) -> dict[str, Any]:
        """As JSON-ready data (a page's socket message)."""
        return attrs.asdict(self)


def campaign_state(campaign: Any) -> CampaignState:
    """The state of ``campaign`` (an ``interpreter.runtime.campaign.Campaign``), settled."""
    game = campaign.game  # (settles a game over first)
    played = campaign.played
    last = None
    if played:
        p = played[-1]
        last = LastGame(p.number, str(p.choice), p.ending.removeprefix("== "), list(p.after))
    offers = [] if game is not None else [str(v) for v in campaign.offers()]
    return CampaignState(
        title=campaign.rules.title, players=campaign.players, offered=campaign.offered,
        kept=[Kept(label, words(value)) for label, value in campaign.labels().items()],
        last=last, playing=len(played) + 1 if game is not None else None, offers=offers,
        over=game is None and not offers, talk=list(campaign.rules.program.talk))
