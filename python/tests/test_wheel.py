"""The in-tree build backend (python/packaging/groundgate_build.py) makes a
wheel pip can install: the package, its stub and py.typed, and a dist-info
whose RECORD hashes every file. The wheel wraps the package ctest built
(package-dir), so the test compiles nothing; `pip install .` runs CMake
itself. Installing the wheel with pip is skipped when pip is missing."""
import base64
import csv
import hashlib
import importlib.util
import io
import os
import pathlib
import subprocess
import sys
import tarfile
import zipfile

import pytest

import groundgate
from conftest import SOURCE_DIR

sys.path.insert(0, str(SOURCE_DIR / "python" / "packaging"))
import groundgate_build  # noqa: E402

PACKAGE_DIR = pathlib.Path(groundgate.__file__).parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    name = groundgate_build.build_wheel(
        str(out), {"package-dir": str(PACKAGE_DIR)})
    return out / name


def test_pyproject_asks_for_nothing_from_pypi():
    text = (SOURCE_DIR / "pyproject.toml").read_text()
    assert "requires = []" in text
    assert 'build-backend = "groundgate_build"' in text
    assert groundgate_build.get_requires_for_build_wheel() == []


def test_the_wheel_holds_the_package_and_its_types(wheel):
    version = groundgate.__version__
    tag = f"cp{sys.version_info.major}{sys.version_info.minor}"
    assert wheel.name.startswith(f"groundgate-{version}-{tag}-{tag}-")
    names = set(zipfile.ZipFile(wheel).namelist())
    info = f"groundgate-{version}.dist-info"
    assert {"groundgate/__init__.py", "groundgate/_groundgate.pyi",
            "groundgate/py.typed", f"{info}/METADATA", f"{info}/WHEEL",
            f"{info}/RECORD"} <= names
    assert any(name.startswith("groundgate/_groundgate.")
               and name.endswith(".so") for name in names)


def test_record_hashes_every_file(wheel):
    archive = zipfile.ZipFile(wheel)
    info = f"groundgate-{groundgate.__version__}.dist-info"
    rows = list(csv.reader(io.StringIO(
        archive.read(f"{info}/RECORD").decode())))
    assert {row[0] for row in rows} == set(archive.namelist())
    for name, digest, size in rows:
        if name.endswith("RECORD"):
            assert digest == "" and size == ""
            continue
        data = archive.read(name)
        expected = base64.urlsafe_b64encode(
            hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert digest == f"sha256={expected}" and int(size) == len(data)
    metadata = archive.read(f"{info}/METADATA").decode()
    assert f"Version: {groundgate.__version__}" in metadata
    assert "Root-Is-Purelib: false" in archive.read(f"{info}/WHEEL").decode()


def test_prepare_metadata_matches_the_wheel(tmp_path, wheel):
    name = groundgate_build.prepare_metadata_for_build_wheel(str(tmp_path))
    written = (tmp_path / name / "METADATA").read_text()
    assert written == zipfile.ZipFile(wheel).read(
        f"{name}/METADATA").decode()


def test_the_sdist_holds_the_sources_and_pkg_info(tmp_path):
    name = groundgate_build.build_sdist(str(tmp_path))
    base = name[:-len(".tar.gz")]
    names = set(tarfile.open(tmp_path / name).getnames())
    for member in ("pyproject.toml", "CMakeLists.txt", "PKG-INFO",
                   "python/packaging/groundgate_build.py",
                   "python/src/groundgate/_groundgate.pyi",
                   "include/groundgate/gate.h"):
        assert f"{base}/{member}" in names
    assert not any("/build-" in name for name in names)


@pytest.mark.skipif(importlib.util.find_spec("pip") is None,
                    reason="pip is not installed")
def test_pip_installs_the_wheel_and_it_imports(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps",
                    "--no-index", "--target", str(target), str(wheel)],
                   check=True, capture_output=True)
    env = dict(os.environ, PYTHONPATH=str(target))
    done = subprocess.run(
        [sys.executable, "-c",
         "import groundgate; print(groundgate.__file__)"],
        env=env, cwd=tmp_path, check=True, capture_output=True, text=True)
    assert done.stdout.strip() == str(target / "groundgate" / "__init__.py")
