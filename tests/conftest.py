"""Shared test fixtures: text snapshots of transcripts. (Shared helpers: the ``support`` package.)"""
from __future__ import annotations

import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode


class TextSnapshot(SingleFileSnapshotExtension):
    """One readable .txt file per snapshot, diffable in review."""
    _write_mode = WriteMode.TEXT
    file_extension = "txt"


@pytest.fixture
def text_snapshot(snapshot):
    return snapshot.use_extension(TextSnapshot)
