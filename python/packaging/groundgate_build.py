"""The in-tree PEP 517 build backend of the groundgate Python package.

Its one job: turn the source tree into a wheel (and an sdist) with nothing
but the standard library, so `pip install .` works offline: pyproject.toml
asks for no build requirements, and pip's build isolation has nothing to
fetch. build_wheel runs CMake (Ninja) on the whole repository with
-DGROUNDGATE_BUILD_PYTHON=ON for the interpreter that runs it, against the
system's libraries (Debian's abseil, RE2, ICU, simdjson, libcurl,
pybind11), and zips the built groundgate/ folder with its dist-info
(METADATA, WHEEL, top_level.txt, RECORD with sha256 hashes).

What it does NOT do: download anything, bundle the shared libraries the
module loads (the wheel is for the machine, or the distribution, it was
built on: it needs the same -dev packages' runtime libraries), or build
editable installs.

Settings (pip's --config-settings KEY=VALUE, or the environment):
  build-dir    GROUNDGATE_WHEEL_BUILD_DIR  the CMake build folder
               (default: build-wheel/ in the source tree, kept between
               builds so a second pip install recompiles nothing)
  package-dir  GROUNDGATE_WHEEL_PACKAGE_DIR  an already built groundgate/
               package folder to wrap instead of running CMake (the tests)
"""
import base64
import hashlib
import io
import os
import pathlib
import re
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

NAME = "groundgate"
SOURCE_DIR = pathlib.Path(__file__).resolve().parents[2]
# Files a wheel of the package holds beside the compiled module.
PACKAGE_FILES = ("__init__.py", "_groundgate.pyi", "py.typed")
# Folders of the source tree an sdist leaves out: builds and VCS state.
SDIST_SKIP = re.compile(r"^(\.git|build[^/]*|.*/__pycache__)(/|$)")


def _version():
    text = (SOURCE_DIR / "CMakeLists.txt").read_text()
    match = re.search(r"project\(groundgate VERSION ([0-9.]+)", text)
    if not match:
        raise RuntimeError("CMakeLists.txt: no project(groundgate VERSION x)")
    return match.group(1)


def _tag():
    interpreter = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = re.sub(r"[-.]", "_", sysconfig.get_platform())
    return f"{interpreter}-{interpreter}-{platform}"


def _metadata():
    return "\n".join([
        "Metadata-Version: 2.1",
        f"Name: {NAME}",
        f"Version: {_version()}",
        "Summary: Judges whether the values in an LLM agent's answer were "
        "read from its tool results",
        f"Requires-Python: =={sys.version_info.major}."
        f"{sys.version_info.minor}.*",
        "Description-Content-Type: text/markdown",
        "",
        (SOURCE_DIR / "python" / "README.md").read_text(),
    ])


def _wheel_file():
    return "\n".join(["Wheel-Version: 1.0",
                      "Generator: groundgate_build",
                      "Root-Is-Purelib: false",
                      f"Tag: {_tag()}", ""])


def _setting(config_settings, key, variable):
    value = (config_settings or {}).get(key) or os.environ.get(variable)
    return pathlib.Path(value).resolve() if value else None


def _run(command):
    print("groundgate_build:", " ".join(str(part) for part in command),
          file=sys.stderr)
    subprocess.run(command, check=True, stdout=sys.stderr)


def _built_package(config_settings):
    """The groundgate/ folder to wrap: given, or built with CMake."""
    given = _setting(config_settings, "package-dir",
                     "GROUNDGATE_WHEEL_PACKAGE_DIR")
    if given is not None:
        return given
    build = (_setting(config_settings, "build-dir",
                      "GROUNDGATE_WHEEL_BUILD_DIR")
             or SOURCE_DIR / "build-wheel")
    _run(["cmake", "-S", SOURCE_DIR, "-B", build, "-G", "Ninja",
          "-DCMAKE_BUILD_TYPE=Release",
          "-DGROUNDGATE_BUILD_PYTHON=ON",
          f"-DPython3_EXECUTABLE={sys.executable}",
          "-DGROUNDGATE_BUILD_CLI=OFF", "-DGROUNDGATE_BUILD_TESTS=OFF",
          "-DGROUNDGATE_BUILD_EXAMPLES=OFF", "-DGROUNDGATE_BUILD_BENCH=OFF",
          "-DGROUNDGATE_INSTALL=OFF"])
    _run(["cmake", "--build", build, "--target", "groundgate_python"])
    return build / "python" / NAME


def _package_members(package):
    """(name in the wheel, path) of each file of the built package."""
    members = [(f"{NAME}/{name}", package / name) for name in PACKAGE_FILES]
    modules = sorted(package.glob("_groundgate.*.so"))
    if len(modules) != 1:
        raise RuntimeError(f"{package}: expected one _groundgate.*.so, "
                           f"found {len(modules)}")
    members.append((f"{NAME}/{modules[0].name}", modules[0]))
    for _, path in members:
        if not path.is_file():
            raise RuntimeError(f"{path}: missing from the built package")
    return members


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest())
    return f"{name},sha256={digest.rstrip(b'=').decode()},{len(data)}"


def _dist_info():
    return f"{NAME}-{_version()}.dist-info"


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory,
                                     config_settings=None):
    target = pathlib.Path(metadata_directory) / _dist_info()
    target.mkdir(parents=True, exist_ok=True)
    (target / "METADATA").write_text(_metadata())
    (target / "WHEEL").write_text(_wheel_file())
    (target / "top_level.txt").write_text(NAME + "\n")
    return _dist_info()


def build_wheel(wheel_directory, config_settings=None,
                metadata_directory=None):
    package = _built_package(config_settings)
    wheel_name = f"{NAME}-{_version()}-{_tag()}.whl"
    dist_info = _dist_info()
    files = [(name, path.read_bytes())
             for name, path in _package_members(package)]
    files += [(f"{dist_info}/METADATA", _metadata().encode()),
              (f"{dist_info}/WHEEL", _wheel_file().encode()),
              (f"{dist_info}/top_level.txt", (NAME + "\n").encode())]
    record = [_record_line(name, data) for name, data in files]
    record.append(f"{dist_info}/RECORD,,")
    files.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))
    path = pathlib.Path(wheel_directory) / wheel_name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if name.endswith(".so")
                                  else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
    return wheel_name


def _sdist_files():
    """The source tree's files: git's list when it is a checkout."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=SOURCE_DIR,
                                capture_output=True, check=True).stdout
        names = [name for name in listed.decode().split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        names = [str(path.relative_to(SOURCE_DIR))
                 for path in sorted(SOURCE_DIR.rglob("*")) if path.is_file()]
    return [name for name in names
            if not SDIST_SKIP.match(name) and (SOURCE_DIR / name).is_file()]


def build_sdist(sdist_directory, config_settings=None):
    base = f"{NAME}-{_version()}"
    path = pathlib.Path(sdist_directory) / f"{base}.tar.gz"
    with tarfile.open(path, "w:gz", format=tarfile.PAX_FORMAT) as sdist:
        for name in _sdist_files():
            sdist.add(SOURCE_DIR / name, arcname=f"{base}/{name}",
                      recursive=False)
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = _metadata().encode()
        info.size = len(data)
        info.mode = 0o644
        sdist.addfile(info, io.BytesIO(data))
    return path.name
