"""Shared fixtures: where the project's worlds and the `leeway` program are."""

import os
import pathlib

import pytest

SOURCE_DIR = pathlib.Path(
    os.environ.get("LEEWAY_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
WORLDS = SOURCE_DIR / "worlds"


@pytest.fixture(scope="session")
def leeway_binary():
    path = os.environ.get("LEEWAY_BINARY", str(SOURCE_DIR / "build" / "leeway"))
    assert os.access(path, os.X_OK), f"no leeway program at {path}: build it first (make build)"
    return path


@pytest.fixture(scope="session")
def otter_world():
    return str(WORLDS / "otter.sdf")
