"""Ctrl-C: wherever it lands, the commands exit 130 with one line, never a traceback."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time

import click
import pytest
from click.testing import CliRunner

from blackangel.cli import games
from blackangel.cli.common import INTERRUPTED, guarded, run
from blackangel.cli.lint import lint_command
from blackangel.cli.main import ba

ENTRY = "from blackangel.cli.entry import {0}; {0}()"  # what the console scripts run


def test_guarded_body_interrupted_exits_130(capsys):
    @guarded
    def body():
        raise KeyboardInterrupt

    with pytest.raises(SystemExit) as exit_info:
        body()
    assert exit_info.value.code == INTERRUPTED == 130
    captured = capsys.readouterr()
    assert captured.err.strip() == "interrupted" and captured.out == ""


def test_command_interrupted_mid_simulation(monkeypatch):
    def stop(*_args):
        raise KeyboardInterrupt

    monkeypatch.setattr(games.simulation, "play_record", stop)
    result = CliRunner().invoke(ba, ["simulate", "--games", "3"])
    assert result.exit_code == 130
    assert result.stderr == "interrupted\n" and result.stdout == ""


def test_lint_interrupted(monkeypatch):
    def stop(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("blackangel.cli.rules.compile_paths", stop)  # ba-lint compiles there
    result = CliRunner().invoke(lint_command, [])
    assert (result.exit_code, result.stderr) == (130, "interrupted\n")


def test_interrupt_outside_a_command_body(capsys):
    """While click parses the options, before the guarded body runs."""

    def stop(*_args):
        raise KeyboardInterrupt

    @click.command()
    @click.option("--x", callback=stop)
    def command(x):
        raise AssertionError("not reached")

    with pytest.raises(SystemExit) as exit_info:
        run(command, "prog", ["--x", "1"])
    assert exit_info.value.code == 130
    assert capsys.readouterr().err.strip() == "interrupted"


def test_interrupt_while_starting_up():
    """A Ctrl-C while the console script imports the engine."""
    stop_import = (
        "import sys\n"
        "class Stop:\n"
        "    def find_spec(self, name, path, target=None):\n"
        "        if name == 'blackangel.cli.main':\n"
        "            raise KeyboardInterrupt\n"
        "sys.meta_path.insert(0, Stop())\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", stop_import + ENTRY.format("ba"), "cards"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (proc.returncode, proc.stdout, proc.stderr) == (130, "", "interrupted\n")


@pytest.mark.skipif(sys.platform != "linux", reason="needs a pseudo-terminal and SIGINT")
def test_sigint_to_a_running_simulation():
    """A real Ctrl-C: SIGINT once the progress bar shows that the games are being played."""
    import pty

    master, slave = pty.openpty()  # stderr on a terminal, so simulate shows its progress
    proc = subprocess.Popen(
        [sys.executable, "-c", ENTRY.format("ba"), "simulate", "--games", "100000"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=slave,
    )
    os.close(slave)
    err = b""

    def read_for(seconds: float) -> None:
        nonlocal err
        ready, _, _ = select.select([master], [], [], seconds)
        if ready:
            try:
                err += os.read(master, 65536)
            except OSError:  # EIO: the process closed the terminal
                pass

    try:
        deadline = time.monotonic() + 60
        while b"playing" not in err and proc.poll() is None and time.monotonic() < deadline:
            read_for(0.2)
        assert b"playing" in err, err
        proc.send_signal(signal.SIGINT)
        deadline = time.monotonic() + 60
        while proc.poll() is None and time.monotonic() < deadline:
            read_for(0.2)
        read_for(0.2)
    finally:
        if proc.poll() is None:
            proc.kill()
        out = proc.communicate()[0]
        os.close(master)
    text = err.decode("utf-8", "replace")
    assert proc.returncode == 130, text
    assert "Traceback" not in text
    assert text.rstrip().endswith("interrupted") and out == b""


@pytest.mark.skipif(sys.platform != "linux", reason="needs fork and SIGINT")
def test_sigint_while_the_workers_are_forked_is_not_lost():
    """Python drops a KeyboardInterrupt raised in an at-fork hook: a Ctrl-C that lands
    while the workers are forked must still stop the run. Here each fork sends one."""
    code = (
        "import os, signal\n"
        "os.register_at_fork(after_in_parent=lambda: os.kill(os.getpid(), signal.SIGINT))\n"
        + ENTRY.format("ba")
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, "simulate", "--games", "200", "--workers", "2"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert (proc.returncode, proc.stdout, proc.stderr) == (130, "", "interrupted\n")


@pytest.mark.skipif(sys.platform != "linux", reason="needs SIGINT")
def test_sigint_at_the_human_prompt_of_ba_play():
    """A real Ctrl-C while `ba play --human 1` waits for an answer: exit 130, one line."""
    proc = subprocess.Popen(
        [sys.executable, "-c", ENTRY.format("ba"), "play", "--players", "2", "--human", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stderr is not None  # the prompt goes to the terminal's stderr
    out = b""
    try:
        deadline = time.monotonic() + 60
        while not out.endswith(b"> ") and time.monotonic() < deadline:
            ready, _, _ = select.select([proc.stderr], [], [], 0.2)
            if ready:
                chunk = os.read(proc.stderr.fileno(), 65536)
                if not chunk:
                    break
                out += chunk
        assert out.endswith(b"> "), out[-300:]
        proc.send_signal(signal.SIGINT)
        rest, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert b"Traceback" not in err and err.strip().endswith(b"interrupted")
    assert rest == b"", rest[-300:]  # nothing of the game on stdout: it was not finished
