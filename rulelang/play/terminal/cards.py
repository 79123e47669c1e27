"""Cards and zones as short styled texts, from a seat's view of them.

A card the seat cannot see is a dict ``{"hidden": True, "kind": ...}``, with the fields
the seat was told of it (``tell c.colour to p``); one it can see has its ``name`` and,
if its kind declares them, the display hints ``symbol`` and ``tint`` (and what they
mean, ``symbol_means``/``tint_means``), and ``edges``, said after its name.
"""
from __future__ import annotations

from rich.text import Text

from rulelang.play.plain_words import words

# Colour names an author may give as a tint, and how a terminal draws each.
COLOURS = {
    "red": "red", "blue": "blue", "green": "green", "yellow": "yellow", "purple": "magenta",
    "violet": "magenta", "magenta": "magenta", "orange": "dark_orange", "cyan": "cyan",
    "white": "white", "black": "grey11", "grey": "grey50", "gray": "grey50", "brown": "orange4",
    "pink": "hot_pink", "gold": "gold1",
}


EDGE_ARROWS = ("↑", "→", "↓", "←")  # a card's edges: top, right, bottom, left


def edge_texts(card: dict | None) -> list[str] | None:
    """A card's four edge texts (top, right, bottom, left), if the reader sees them; each on
    one line (a rules file can put a newline or a tab in a text, which would break the
    screen's rows: runs of white space become one space)."""
    if card is None or card.get("hidden"):
        return None
    edges = card.get("edges")
    if not (isinstance(edges, list) and len(edges) == 4):
        return None
    return [" ".join(str(e).split()) for e in edges]


def style_of(card: dict) -> str:
    """The screen colour of a card's tint ('' when it has none we know)."""
    tint = card.get("tint")
    return "" if tint is None else COLOURS.get(str(tint).lower(), "")


def is_card(value) -> bool:
    return isinstance(value, dict) and ("name" in value or "hidden" in value)


def card_text(card: dict) -> Text:
    """A card's name in its tint, and what its tint means when the rules say (a colour
    is not seen on every terminal, nor by every player)."""
    if card.get("hidden"):
        told = told_facts(card)
        return Text("?" + (f" ({', '.join(told)})" if told else ""), style="dim")
    out = Text(card["name"], style=style_of(card))
    edges = edge_texts(card)
    if edges is not None:  # as it lies now: "K ↑a →a ↓b ←b"
        out.append(" " + " ".join(a + e for a, e in zip(EDGE_ARROWS, edges)))
    said = [card[k] for k in ("note", "tint_means") if card.get(k)]  # who played it, and so on
    if said:
        out.append(f" ({'; '.join(said)})", style="italic")
    return out


def told_facts(card: dict) -> list[str]:
    """What the seat was told of a card it cannot see: fields' values, and values they
    are not ("not red/blue")."""
    out = [str(v) for k, v in card.items() if k not in ("hidden", "kind", "not")]
    for values in card.get("not", {}).values():
        out.append("not " + "/".join(map(str, values)))
    return out


def cards_text(cards: list) -> Text:
    """A list of cards: the faces seen, then the unseen ones counted (or, when the seat
    was told something of one, each in its place)."""
    if any(c.get("hidden") and told_facts(c) for c in cards):
        out = Text()
        for i, card in enumerate(cards):
            if i:
                out.append(", ")
            out.append_text(card_text(card))
        return out
    out = Text()
    hidden = sum(1 for c in cards if c.get("hidden"))
    shown = [c for c in cards if not c.get("hidden")]
    for i, card in enumerate(shown):
        if i:
            out.append(", ")
        out.append_text(card_text(card))
    if hidden:
        out.append((", " if shown else "") + f"{hidden} face down", style="dim")
    return out


def zone_text(zone: dict) -> Text:
    """A zone's cards: a pile as its top card and size, anything else as its list (cards
    alike in a row said once, with how many: four copies of one card played in a turn)."""
    cards = zone["cards"]
    if not cards:
        return Text("none", style="dim")
    if zone["kind"] == "pile":
        top = cards[-1]
        if top.get("hidden"):
            return Text(f"{len(cards)} face down", style="dim")
        out = card_text(top)
        if len(cards) > 1:
            out.append(f" on {len(cards) - 1} more", style="dim")
        return out
    return _runs_text(cards)  # cards alike in a row said once: "red 5 x4, blue 2"


def pile_lines(view: dict) -> list[Text]:
    """Each pile of which the seat sees more than the top card, top first (the screen shows
    a pile as its top card and size): a face-up discard pile whole, as the rules let it be
    looked through. A pile kept per key is named with its key ("discard P2", as its table
    on the screen names it), and cards alike in a row are said once, with how many
    ("red 5 x42": a supply pile of one card)."""
    out = []
    for name, zone in view["zones"].items():
        cards = zone["cards"]
        if zone["kind"] != "pile" or all(c.get("hidden") for c in cards[:-1]):
            continue
        title = words(name)
        if zone.get("label"):
            title = " ".join([words(zone["label"])] + [words(k) for k in zone.get("keys") or ()])
        line = Text(f"{title}, top first: ", style="bold")
        line.append_text(_runs_text(cards[::-1]))
        out.append(line)
    return out


def _runs_text(cards: list) -> Text:
    """``cards_text``, with a run of face-up cards alike said once: "red 5 x3, blue 2"."""
    runs: list[list] = []
    for card in cards:
        if runs and not card.get("hidden") and runs[-1][0] == card:
            runs[-1].append(card)
        else:
            runs.append([card])
    if all(len(run) == 1 for run in runs):
        return cards_text(cards)
    out = Text()
    shown = [run for run in runs if not run[0].get("hidden")]
    for i, run in enumerate(shown):
        if i:
            out.append(", ")
        out.append_text(card_text(run[0]))
        if len(run) > 1:
            out.append(f" x{len(run)}", style="dim")
    hidden = [run[0] for run in runs if run[0].get("hidden")]
    if hidden:  # counted after the faces, as cards_text counts them
        out.append(", " if shown else "")
        out.append_text(cards_text(hidden))
    return out


def listed(items: list[str]) -> str:
    """``[3, 3]`` -> "3 and 3"; ``[a, b, c]`` -> "a, b and c"; ``[]`` -> "none"."""
    if not items:
        return "none"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def value_text(value, seat_names: dict | None = None) -> Text:
    """A variable's value as players read it: cards by name, yes/no, lists in words."""
    if is_card(value):
        return card_text(value)
    if isinstance(value, dict):
        out = Text()
        for i, (k, v) in enumerate(value.items()):
            if i:
                out.append("  ")
            out.append(f"{words(k)} ", style="dim")
            out.append_text(value_text(v, seat_names))
        return out
    if isinstance(value, list):
        if value and all(is_card(v) for v in value):
            return cards_text(value)
        return Text(listed([_item_text(v, seat_names) for v in value]))
    if isinstance(value, bool):
        return Text("yes" if value else "no")
    if value is None:
        return Text("none", style="dim")
    if seat_names is not None and isinstance(value, int):
        return Text(seat_names.get(value, str(value)))
    return Text(words(value))


def _item_text(value, seat_names: dict | None) -> str:
    """An item of a list in words: a list of several items in brackets, so that a piece's
    cells, in a list of pieces, read as one piece ("(A1 and B1) and (C3 and C4)")."""
    text = value_text(value, seat_names).plain
    return f"({text})" if isinstance(value, list) and len(value) > 1 else text


def is_blank(value) -> bool:
    """Nothing worth a line on the screen: none, or an empty list or table."""
    return value is None or value == [] or value == {} or (
        isinstance(value, dict) and not is_card(value) and all(is_blank(v) for v in value.values()))
