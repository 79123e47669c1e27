"""Rule IDs (like ``YS-12``) and their text, from the rule digests in a ``seeds/`` folder.

A .rules file cites the rules it implements by ID; the digests (``seeds/*.md``) list each
rule as a bullet that starts with its ID in bold. The nearest ``seeds`` folder found by
walking up from the .rules file is the one that counts.
"""
from __future__ import annotations

import re
from pathlib import Path

RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]{0,5}-[0-9]+[a-z]?\b")  # YA-10, YA-10a (as explain cites)
_BULLET = re.compile(r"^\s*- \*\*([A-Z][A-Z0-9]{0,5}-[0-9]+[a-z]?)\*\*\s*(.*)$")  # or a sub-bullet
MAX_FOLDERS_UP = 20
MAX_DIGEST_BYTES = 2_000_000


def find_seeds(rules_file: Path) -> Path | None:
    folder = rules_file.parent
    for _ in range(MAX_FOLDERS_UP):
        candidate = folder / "seeds"
        if candidate.is_dir():
            return candidate
        if folder.parent == folder:
            return None
        folder = folder.parent
    return None


def read_digests(seeds: Path) -> dict[str, str]:
    """Rule ID -> its text (the bullet and the lines continuing it), from every digest."""
    rules: dict[str, list[str]] = {}
    for digest in sorted(seeds.glob("*.md")):
        try:
            if digest.stat().st_size > MAX_DIGEST_BYTES:
                continue
            lines = digest.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        current = None
        for line in lines:
            match = _BULLET.match(line)
            if match:
                current = match.group(1)
                rules.setdefault(current, [f"{digest.name}", match.group(2)])
            elif current and line.startswith("  ") and line.strip():
                rules[current].append(line.strip())
            else:
                current = None
    return {rule: f"**{rule}** ({parts[0]}): " + " ".join(parts[1:])
            for rule, parts in rules.items()}


def rule_id_at(line: str, col: int) -> str | None:
    """The rule ID written around a 0-based column of a line, if any."""
    for match in RULE_ID.finditer(line):
        if match.start() <= col <= match.end():
            return match.group()
    return None
