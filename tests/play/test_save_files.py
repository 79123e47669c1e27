"""Save files: written whole or not at all by one function (terminal, campaigns, server),
sealed with a per-user key made on first use, refused by --load when not sealed or signed
with that key unless --trust-save, and unreadable to whoever opens the file."""
from __future__ import annotations

import json
import os
import re
import signal
import stat
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

import rulelang
from rulelang.play import save_files
from rulelang.play.cli import cli
from rulelang.play.save_files import (
    SaveFileError,
    key_path,
    read_save,
    signed,
    user_key,
    write_atomically,
    write_save,
)
from support import ROOT

NIM = str(ROOT / "examples" / "nim.rules")
SKETCH = str(ROOT / "games" / "yokai_sketch.rules")


@pytest.fixture
def own_key(tmp_path, monkeypatch):
    """A configuration folder of this test's own: its key is made here on first use."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path / "config" / "rulelang" / "save.key"


# ------------------------------------------------------------------ the key
def test_the_key_is_made_on_first_use_in_the_config_folder_readable_by_its_owner_only(own_key):
    assert not own_key.exists()
    key = user_key()
    assert key_path() == own_key and own_key.exists()
    assert stat.S_IMODE(own_key.stat().st_mode) == 0o600
    assert stat.S_IMODE(own_key.parent.stat().st_mode) == 0o700
    assert len(key) == 32 and user_key() == key  # made once, then read


def test_a_key_others_may_read_is_refused_with_what_to_do(own_key):
    user_key()
    os.chmod(own_key, 0o644)
    with pytest.raises(SaveFileError, match=r"may be read or changed by others \(mode 644\): "
                                            r"chmod 600"):
        user_key()


def test_a_damaged_key_is_refused(own_key):
    user_key()
    own_key.write_text("not a key\n")
    with pytest.raises(SaveFileError, match="is damaged"):
        user_key()


# ------------------------------------------------------------------ sealed
def hot_seat_game():
    rules = rulelang.load(SKETCH)
    return rules, rules.new_game(players=2, seed=918_273_645_546_372)


def test_a_sealed_save_shows_no_card_and_opens_again(own_key, tmp_path):
    rules, game = hot_seat_game()
    path = tmp_path / "game.json"
    write_save(path, game.save())
    raw = path.read_text()
    envelope = json.loads(raw)
    assert set(envelope) == {"format", "key", "sealed"}
    assert '"zones"' in game.save() and '"zones"' not in raw
    for card in {c.label for c in game.cards if len(c.label) >= 5}:  # no card's name
        assert card not in raw
    assert str(game.seed) not in raw
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert rules.restore(read_save(path)).save() == game.save()


def test_a_changed_seal_is_refused(own_key, tmp_path):
    _, game = hot_seat_game()
    path = tmp_path / "game.json"
    write_save(path, game.save())
    envelope = json.loads(path.read_text())
    sealed = envelope["sealed"]
    envelope["sealed"] = sealed[:40] + ("A" if sealed[40] != "A" else "B") + sealed[41:]
    path.write_text(json.dumps(envelope))
    with pytest.raises(SaveFileError, match="was changed after it was saved"):
        read_save(path)
    with pytest.raises(SaveFileError, match="was changed after it was saved"):
        read_save(path, trust=True)  # a broken seal opens for nobody


def test_a_save_sealed_with_another_key_names_both_keys(tmp_path, monkeypatch):
    _, game = hot_seat_game()
    path = tmp_path / "game.json"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "alice"))
    write_save(path, game.save())
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "bob"))
    with pytest.raises(SaveFileError, match=r"sealed with another key .*XDG_CONFIG_HOME"):
        read_save(path)


# ------------------------------------------------------------------ plain and signed
def test_an_unsigned_save_is_refused_unless_trusted(own_key, tmp_path):
    _, game = hot_seat_game()
    path = tmp_path / "game.json"
    path.write_text(game.save())
    with pytest.raises(SaveFileError, match=r"not signed with your key.*--trust-save"):
        read_save(path)
    assert read_save(path, trust=True) == game.save()


def test_a_file_that_is_no_save_at_all_is_not_sent_to_trust_save(own_key, tmp_path):
    """An empty file, or a rules file named by mistake, cannot be a save: the message says
    so, instead of suggesting --trust-save (which would not open it either)."""
    empty, rules_file = tmp_path / "empty.json", tmp_path / "game.rules"
    empty.write_text("")
    rules_file.write_text('game "Nim"\nplayers 2\n')
    for trust in (False, True):
        with pytest.raises(SaveFileError, match="this file is empty") as error:
            read_save(empty, trust=trust)
        assert "--trust-save" not in str(error.value)
        with pytest.raises(SaveFileError, match="this is not a rulelang save") as error:
            read_save(rules_file, trust=trust)
        assert "--trust-save" not in str(error.value)


def test_a_signed_save_is_accepted_and_a_changed_one_needs_trust(own_key, tmp_path):
    _, game = hot_seat_game()
    path = tmp_path / "game.json"
    path.write_text(signed(game.save()))
    assert read_save(path) == game.save()
    path.write_text(signed(game.save()).replace('"players":2', '"players":3'))
    with pytest.raises(SaveFileError, match="signed with another key, or was changed"):
        read_save(path)


def test_run_load_refuses_an_unsigned_or_forged_save_and_trust_save_accepts_it(own_key,
                                                                                tmp_path):
    rules = rulelang.load(NIM)
    plain = tmp_path / "plain.json"
    plain.write_text(rules.new_game(seed=3).save())
    refused = CliRunner().invoke(cli, ["run", NIM, "--bots", "all", "--load", str(plain)])
    assert refused.exit_code == 65
    assert refused.output == (f"error: {plain}: this save is not signed with your key (it was "
                              "written by another program, an older rulelang, or by hand): if "
                              "you trust this file, load it with --trust-save\n")
    trusted = CliRunner().invoke(cli, ["run", NIM, "--bots", "all", "--load", str(plain),
                                       "--trust-save"])
    assert trusted.exit_code == 0 and "== game over" in trusted.output


def test_a_hot_seat_save_from_the_command_line_is_sealed(own_key, tmp_path):
    path = tmp_path / "saved.json"
    done = CliRunner().invoke(cli, ["run", NIM, "--bots", "all", "--seed", "3",
                                    "--save", str(path)])
    assert done.exit_code == 0
    assert json.loads(path.read_text())["format"] == "rulelang-sealed/1"
    again = CliRunner().invoke(cli, ["run", NIM, "--bots", "all", "--load", str(path)])
    assert again.exit_code == 0 and again.output == done.output


# ------------------------------------------------------------------ atomic
def test_a_failed_write_leaves_the_last_good_save_and_no_temporary_file(own_key, tmp_path,
                                                                        monkeypatch):
    path = tmp_path / "game.json"
    write_save(path, '{"a":1}')
    good = path.read_bytes()

    def broken(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(save_files.os, "fsync", broken)
    with pytest.raises(OSError) as caught:
        write_save(path, '{"a":2}')
    assert caught.value.filename == str(path)  # the save named, not a temporary file
    assert path.read_bytes() == good
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config", "game.json"]


def test_a_write_into_a_missing_folder_names_the_file(tmp_path):
    with pytest.raises(OSError) as caught:
        write_atomically(tmp_path / "no" / "game.json", "x")
    assert caught.value.filename == str(tmp_path / "no" / "game.json")


def test_temporary_files_of_a_killed_writer_are_removed_at_the_next_write(tmp_path):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f".game.json.{dead.pid}.x1y2.part"
    stale.write_text("half")
    mine = tmp_path / f".game.json.{os.getpid()}.live.part"  # a writer still running
    mine.write_text("busy")
    write_atomically(tmp_path / "game.json", "whole")
    assert not stale.exists() and mine.exists()
    assert (tmp_path / "game.json").read_text() == "whole"


KILLER = r"""
import sys
from rulelang.play.save_files import write_save
text = '{"n":' + '1' * 3_000_000 + '}'
print("ready", flush=True)
while True:
    write_save(sys.argv[1], text)
"""


def test_killing_a_writer_at_any_moment_never_loses_the_last_good_save(own_key, tmp_path):
    path = tmp_path / "game.json"
    write_save(path, '{"n":0}')
    for attempt in range(5):
        writer = subprocess.Popen([sys.executable, "-c", KILLER, str(path)],
                                  stdout=subprocess.PIPE, text=True)
        assert writer.stdout.readline() == "ready\n"
        time.sleep(0.05 * attempt)
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
        text = read_save(path)  # whole: the old save or a new one, never half
        assert text in ('{"n":0}', '{"n":' + "1" * 3_000_000 + "}")


def test_the_terminal_campaigns_and_the_server_write_through_the_one_function():
    """Their modules call write_save and open no save file for writing themselves."""
    for module in ("rulelang/play/terminal/session.py", "rulelang/play/terminal/campaign_screen.py",
                   "rulelang/play/web/host.py"):
        text = (ROOT / module).read_text()
        assert "write_save(" in text and not re.search(r"""open\([^)]*["']w""", text)
