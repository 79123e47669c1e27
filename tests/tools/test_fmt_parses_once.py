"""`rulelang fmt` on a file already in its layout parses it once: the layout it would write is
the text it read, which means what it means (a changed layout is parsed again and compared)."""
from rulelang.tools import formatter
from rulelang.tools.formatter import format_text

NEAT = 'game "Neat"\nplayers 2\nturn {\n  win current\n}\n'


def test_a_text_already_in_its_layout_is_parsed_once(monkeypatch):
    parsed = []
    real = formatter.parse
    monkeypatch.setattr(formatter, "parse", lambda text, file: parsed.append(text) or real(text, file))
    assert format_text(NEAT) == NEAT
    assert parsed == [NEAT]
    messy = NEAT.replace("  win", "      win")
    assert format_text(messy) == NEAT
    assert parsed == [NEAT, messy, NEAT]  # the new layout parsed and compared
