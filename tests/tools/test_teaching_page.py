"""``rulelang doc FILE``: one HTML page for teaching, each rule of the rulebook beside the
.rules code that makes it happen and the scenarios that test it, linked both ways."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from click.testing import CliRunner

from rulelang.play.cli import cli
from support import ROOT


class Page(HTMLParser):
    """The ids on a page, the links to places on it, and each article's text by its id."""

    def __init__(self, text: str):
        super().__init__()
        self.ids: set = set()
        self.links: list = []
        self.articles: dict = {}
        self._article = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href", "").startswith("#"):
            self.links.append((self._article, attrs["href"][1:]))
        if tag == "article":
            self._article = attrs["id"]
            self.articles[self._article] = ""

    def handle_endtag(self, tag):
        if tag == "article":
            self._article = None

    def handle_data(self, data):
        if self._article is not None:
            self.articles[self._article] += data

    def links_from(self, article: str) -> list[str]:
        return [target for source, target in self.links if source == article]


def doc(*args: str) -> str:
    result = CliRunner().invoke(cli, ["doc", *args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def yami() -> Page:
    return Page(doc(str(ROOT / "games/yami.rules"), "-o", "-"))


def test_every_link_on_the_page_leads_somewhere(yami):
    assert yami.links and all(target in yami.ids for _, target in yami.links)


def test_a_rule_stands_beside_its_code_and_the_scenarios_that_test_it(yami):
    [round_] = [a for a, text in yami.articles.items()
                if a.startswith("rule-") and "A mission lasts at most seven rounds" in text]
    text = yami.articles[round_]
    assert "YA-16" in text and "yami.rules, lines" in text
    assert "while round < last_round" in text  # the code that makes it happen, as written
    examples = [t for t in yami.links_from(round_) if t.startswith("example-")]
    assert examples, "the rounds' rule is tested by scenarios"
    for example in examples:  # and each of them links back to it
        assert round_ in yami.links_from(example)
        assert re.search(r"YA-(16|22|63)\b", yami.articles[example])


def test_a_rule_inside_anothers_code_is_linked_from_that_code(yami):
    [trick] = [a for a, text in yami.articles.items()
               if a.startswith("rule-") and "rule play_trick()" in text]
    inner = [t for t in yami.links_from(trick) if t.startswith("rule-") and t != trick]
    assert inner and all("YA-25" in yami.articles[t] for t in inner[:1])  # the Kakapo


def test_each_scenario_is_on_the_page_with_the_rules_it_tests():
    scenarios = (ROOT / "games/yami.scenarios").read_text(encoding="utf-8")
    names = re.findall(r'^scenario "([^"]+)"', scenarios, flags=re.M)
    text = doc(str(ROOT / "games/yami.rules"), "-o", "-")
    page = Page(text)
    shown = [a for a in page.articles if a.startswith("example-")]
    assert len(shown) == len(names)
    import html
    for name in names:
        assert f"<h3>{html.escape(name)}" in text or html.escape(name) in text


def test_a_rule_id_links_to_the_first_rule_that_cites_it(yami):
    assert "id-YA-16" in yami.ids
    [first] = [a for a, text in yami.articles.items()
               if a.startswith("rule-") and "YA-16" in text][:1]
    assert ("id-YA-16" in yami.links_from(first))


def test_the_page_is_written_beside_the_rules_and_is_the_same_each_time(tmp_path):
    rules = tmp_path / "sketch.rules"
    rules.write_text((ROOT / "games/yokai_sketch.rules").read_text(encoding="utf-8"),
                     encoding="utf-8")
    (tmp_path / "sketch.scenarios").write_text(
        (ROOT / "games/yokai_sketch.scenarios").read_text(encoding="utf-8"), encoding="utf-8")
    assert doc(str(rules)).strip() == f"wrote {tmp_path / 'sketch.html'}"
    first = (tmp_path / "sketch.html").read_text(encoding="utf-8")
    doc(str(rules))
    assert (tmp_path / "sketch.html").read_text(encoding="utf-8") == first
    assert str(tmp_path) not in first  # file names as the reader sees them, not the machine's
    assert "sketch.rules, line" in first and "sketch.scenarios, line" in first


def test_rules_without_scenarios_or_text_still_make_a_page(tmp_path):
    rules = tmp_path / "nim.rules"  # copied away from its scenarios
    rules.write_text((ROOT / "examples/nim.rules").read_text(encoding="utf-8"), encoding="utf-8")
    page = Page(doc(str(rules), "-o", "-"))
    assert not [a for a in page.articles if a.startswith("example-")]
    assert all(target in page.ids for _, target in page.links)


def test_an_option_not_allowed_is_refused_with_one_line(tmp_path):
    result = CliRunner().invoke(cli, ["doc", str(ROOT / "examples/nim.rules"), "-o", "-",
                                      "--option", "pile_sizes=100"])
    assert result.exit_code == 2 and result.output.startswith("rulelang doc: ")
    assert "Traceback" not in result.output
