"""``rulelang lsp``: the language server for editors, over standard input and output."""
from __future__ import annotations

import sys

import click

from rulelang.play.cli.common import EXIT_USAGE


@click.command()
def lsp():
    """Run the language server (for editors; it talks LSP on standard input and output)."""
    try:
        from rulelang.tools.language_server.server import main
    except ImportError as error:  # (said as serve and simulate's --plot say theirs)
        click.echo(f"error: the language server needs pygls ({error}): "
                   "pip install 'rulelang[editor]'", err=True)
        sys.exit(EXIT_USAGE)
    main()
