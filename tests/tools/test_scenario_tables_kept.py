"""The scenario grammar's parser tables are kept between runs as the rules grammar's are:
in this user's private cache folder, under a name of their own, never read if others could
have written them."""
import os

import pytest

from rulelang.language import parser
from rulelang.tools.scenarios import syntax
from support import ROOT

pytestmark = pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")


def scenario_grammar() -> bytes:
    return (parser.GRAMMAR.read_text(encoding="utf-8") + "\n"
            + syntax.SCENARIO_GRAMMAR.read_text(encoding="utf-8")).encode("utf-8")


def test_the_scenario_tables_have_a_file_of_their_own_in_the_private_folder(cache_home):
    path = parser._table_cache(scenario_grammar(), "scenarios")
    assert path is not None and path.startswith(str(cache_home / "rulelang" / "scenarios-"))
    assert path != parser._table_cache()


def test_scenario_tables_others_can_write_to_are_not_read(cache_home):
    path = parser._table_cache(scenario_grammar(), "scenarios")
    with open(path, "wb") as planted:
        planted.write(b"not tables")
    os.chmod(path, 0o666)
    assert parser._table_cache(scenario_grammar(), "scenarios") is None


def test_scenarios_parse_with_the_kept_tables(cache_home, monkeypatch):
    text = (ROOT / "games" / "yokai_sketch.scenarios").read_text(encoding="utf-8")
    expected = [s.name for s in syntax.parse_scenarios(text, "y.scenarios")]
    syntax._lark.__wrapped__()  # built, and its tables kept
    assert os.path.exists(parser._table_cache(scenario_grammar(), "scenarios"))
    monkeypatch.setattr(syntax, "_lark", syntax._lark.__wrapped__)  # from the kept tables
    assert [s.name for s in syntax.parse_scenarios(text, "y.scenarios")] == expected
