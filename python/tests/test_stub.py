"""The type stub names what the module defines, and signatures name the
package's public types."""
import ast
import pathlib

import groundgate
from groundgate import _groundgate

STUB = pathlib.Path(_groundgate.__file__).with_name("_groundgate.pyi")


def stub_names():
    tree = ast.parse(STUB.read_text())
    names, members = set(), {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        if isinstance(node, ast.ClassDef):
            members[node.name] = {
                item.name if isinstance(item, ast.FunctionDef)
                else item.target.id
                for item in node.body
                if isinstance(item, (ast.FunctionDef, ast.AnnAssign))}
    return names, members


def module_names():
    return {name for name in dir(_groundgate)
            if not name.startswith("__") or name == "__version__"}


def test_the_stub_names_exactly_the_module_names():
    names, _ = stub_names()
    assert STUB.with_name("py.typed").exists()
    assert module_names() == names


def test_the_stub_names_each_class_member():
    _, members = stub_names()
    for name, stubbed in members.items():
        cls = getattr(_groundgate, name)
        if issubclass(cls, Exception):
            continue  # attributes set per instance
        public = {member for member in vars(cls)
                  if not member.startswith("_")}
        assert public == stubbed - {"__init__"}, name


def test_signatures_name_public_types():
    doc = groundgate.Gate.judge.__doc__
    assert "corpus: groundgate.EvidenceCorpus" in doc
    assert "anonymous namespace" not in doc
    assert groundgate.Gate.__module__ == "groundgate"


def test_the_package_exports_every_public_name():
    public = {name for name in module_names() if not name.startswith("_")}
    assert set(groundgate.__all__) == public
