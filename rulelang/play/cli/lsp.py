"""``rulelang lsp``: the language server for editors, over standard input and output."""
from __future__ import annotations

import click


@click.command()
def lsp():
    """Run the language server (for editors; it talks LSP on standard input and output)."""
    try:
        from rulelang.tools.language_server.server import main
    except ImportError as error:
        raise click.ClickException(f"the language server needs pygls ({error}): "
                                   "pip install 'rulelang[editor]'") from None
    main()
