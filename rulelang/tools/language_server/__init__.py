"""rulelang lsp: a language server for .rules files (see server.py)."""
