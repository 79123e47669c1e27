"""What the players read between games and in the rulebook is words, never Python or an
identifier (issue 27, item 4): a campaign's labelled values ("missions won: none", not
"[]"), and the rulebook's tables ("Mission tile cards", "none" where a zone is empty, not
"MissionTile" and "-")."""
from __future__ import annotations

import re

from click.testing import CliRunner

import rulelang
from rulelang.play.cli import cli
from support import ROOT


def test_a_campaigns_values_read_as_words():
    campaign = rulelang.load(ROOT / "games/yami.rules").new_campaign(players=2, seed=1)
    labels = campaign.labels()
    assert labels["missions won"] == "none" and labels["Moon tiles"] == "none"
    assert not any("[" in value or "]" in value for value in labels.values()), labels


def test_the_rulebooks_tables_name_kinds_in_words_and_say_none():
    result = CliRunner().invoke(cli, ["rules", str(ROOT / "games/yami.rules")])
    assert result.exit_code == 0, result.output
    text = result.output
    assert "Mission tile cards" in text and "MissionTile" not in text
    counts = text[text.index("Where the cards are"):]
    counts = counts[:counts.index("\n\n")]
    assert re.search(r"automa's pile +6 +none +none", counts), counts
    assert not re.search(r" - ", counts), counts
