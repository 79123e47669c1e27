"""``rulelang test``: run the scenarios written beside a rules file."""
from __future__ import annotations

import sys

import click

from rulelang.language.errors import RulesError
from rulelang.play.cli.common import EXIT_DATA

EXIT_FAILED = 1


@click.command()
@click.argument("rules_file", type=click.Path(dir_okay=False))
@click.option("--scenarios", "scenario_file", type=click.Path(dir_okay=False), default=None,
              help="the scenario file (default: RULES_FILE with .scenarios in place of .rules)")
@click.option("-k", "name_filter", default=None, help="run only scenarios whose name holds this")
def test(rules_file, scenario_file, name_filter):
    """Run the scenarios of RULES_FILE (FILE.scenarios beside it): print each pass and
    failure with the rule IDs it cites. Exit 1 if any fails."""
    from rulelang.tools.scenarios import load_suite
    try:
        suite = load_suite(rules_file, scenario_file)
    except RulesError as error:
        click.echo(error.render(), err=True)
        sys.exit(EXIT_DATA)
    results = suite.run(name_filter)
    if not results and name_filter is not None:  # nothing run is not a pass
        click.echo(f"error: no scenario in {suite.path} has '{name_filter}' in its name",
                   err=True)
        sys.exit(EXIT_FAILED)
    click.echo(f"{suite.path}: {len(results)} scenario{'s' if len(results) != 1 else ''} "
               f"for {suite.rules_path}")
    lines = suite_lines(suite)
    for result in results:
        click.echo(describe(result, lines))
    failed = sum(1 for r in results if not r.passed)
    click.echo(f"{len(results) - failed} passed, {failed} failed")
    sys.exit(EXIT_FAILED if failed else 0)


def suite_lines(suite) -> list[str]:
    return suite.rules.program.sources.get(suite.path, "").splitlines()


def describe(result, lines) -> str:
    scenario = result.scenario
    cites = f"  [{', '.join(scenario.cites)}]" if scenario.cites else ""
    if result.passed:
        return f"pass  {scenario.name}{cites}"
    failure = result.failure
    out = [f"FAIL  {scenario.name}{cites}"]
    if failure.span is not None:
        line = lines[failure.span.line - 1].strip() if 0 < failure.span.line <= len(lines) else ""
        out.append(f"      {failure.span}: {line}")
        if failure.caret and line:  # under the very part that is wrong, as a rules error shows it
            raw = lines[failure.span.line - 1]
            start = failure.span.col - 1 - (len(raw) - len(raw.lstrip()))
            end = (failure.span.end_col - 1 - (len(raw) - len(raw.lstrip()))
                   if failure.span.end_line == failure.span.line else len(line))
            pad = " " * (len(str(failure.span)) + 2)
            out.append(f"      {pad}{' ' * max(start, 0)}{'^' * max(end - start, 1)}")
    out.append(f"      {failure.message}")
    if failure.hint:
        out.append(f"      hint: {failure.hint}")
    if failure.expected is not None:
        out.append(f"      expected: {failure.expected}")
        actual = (failure.actual or "").replace("\n", "\n                ")
        out.append(f"      actual:   {actual}")
    return "\n".join(out)
