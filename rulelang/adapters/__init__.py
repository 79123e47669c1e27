"""What the OpenSpiel and PettingZoo adapters share: a table (a ruleset, players,
options), its fixed action space, positions with chance decided from outside, and
a seat's view as numbers. See docs/adapters.md."""
