"""The syntax tree of a .rules file: plain attrs classes, one per construct.

Every node has a ``span`` (its source position). Expression nodes also carry
``ty`` and ``ref``, filled in by the checker: the static type, and what a name
resolved to (a record of ``refs``: a local slot, a global, a builtin...). The interpreter
compiles from these annotations and never resolves a name again.
"""
from __future__ import annotations

# The nodes live in two modules, each read in one sitting: expressions and statements with
# what every node shares, and the declarations; every pass names them as ``ast.X``.
from rulelang.language.ast_decls import *  # noqa: F403
from rulelang.language.ast_nodes import *  # noqa: F403
