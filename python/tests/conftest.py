"""Shared fixtures of the groundgate Python tests.

The tests run under ctest (python/CMakeLists.txt), which sets PYTHONPATH to
the module's build directory, GROUNDGATE_CLI to the `groundgate` command and
GROUNDGATE_SOURCE_DIR to the repository. Run by hand, set the same three.
"""
import os
import pathlib
import subprocess

import pytest

import groundgate

SOURCE_DIR = pathlib.Path(
    os.environ.get("GROUNDGATE_SOURCE_DIR",
                   pathlib.Path(__file__).resolve().parents[2]))
EXAMPLE_TRACES = sorted((SOURCE_DIR / "examples" / "traces").glob("*.jsonl"))


@pytest.fixture(scope="session")
def cli():
    """Path of the `groundgate` command; the test is skipped without it."""
    path = os.environ.get("GROUNDGATE_CLI")
    if not path or not os.access(path, os.X_OK):
        pytest.skip("GROUNDGATE_CLI does not name the groundgate command")
    return path


def run_check(cli_path, *args):
    """Runs `groundgate check ARGS...`; returns (stdout lines, exit code)."""
    done = subprocess.run([cli_path, "check", *args], capture_output=True,
                          check=False)
    assert done.returncode in (0, 1, 2), done.stderr
    return done.stdout.decode("utf-8").splitlines(), done.returncode


@pytest.fixture
def gate():
    return groundgate.Gate()


@pytest.fixture
def port_corpus():
    """The README's conversation: one question, one port_stats result."""
    corpus = groundgate.EvidenceCorpus()
    corpus.record_exempt("You are the SAN desk for tenant TENANT-0042.")
    corpus.record_user_message("How many CRC errors on port fc1/3?")
    corpus.record_tool_result("call_1", "port_stats",
                              '{"port": "fc1/3", "crc_errors": 41200}')
    return corpus
