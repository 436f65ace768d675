"""The package's import graph: input -> engines -> claim kinds -> reports -> runner and CLI, no cycles, no borrowed privates.

The graph is read from the source (every ``import`` and ``from ... import``, including those inside
functions), so a test fails the moment a module reaches upward or takes another module's underscore name.
"""
from __future__ import annotations

import ast
import functools
from pathlib import Path

from conftest import ROOT

PACKAGE = Path(__file__).resolve().parent.parent / "verify"
STAGES = [  # (module prefix, stage): a module may import only from its own stage or an earlier one
    ("verify.errors", 0), ("verify.limits", 0), ("verify.outcome", 0), ("verify.selection", 0), ("verify.input", 1), ("verify.engines", 2), ("verify.checks", 3), ("verify.report", 4),
    ("verify.results", 4), ("verify.runner", 5), ("verify.cache", 5), ("verify.baseline", 5), ("verify.coverage", 5), ("verify.pytest_plugin", 6), ("verify.cli", 6), ("verify.__main__", 6), ("verify", 6),
]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def stage(module: str) -> int:
    for prefix, rank in STAGES:
        if module == prefix or module.startswith(prefix + "."):
            return rank
    raise AssertionError(f"{module} is in no stage: add it to STAGES")


@functools.cache
def tree(path: Path) -> ast.Module:
    """The parsed source of one module, parsed once per test process (the tests only read the trees)."""
    return ast.parse(path.read_text())


@functools.cache
def imports(module: str) -> tuple:
    """(imported module, imported names, line) for every import of a verify module in ``module``."""
    return tuple(_imports(module))


def _imports(module: str):
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("verify"):
                    yield alias.name, [], node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            if not base.startswith("verify"):
                continue
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                yield (submodule, [], node.lineno) if submodule in MODULES else (base, [alias.name], node.lineno)


def graph() -> dict:
    return {m: {target for target, _, _ in imports(m) if target in MODULES and target != m} for m in MODULES}


def test_every_module_imports_only_its_own_or_an_earlier_stage():
    upward = [f"{m} (stage {stage(m)}) imports {t} (stage {stage(t)})" for m, targets in graph().items() for t in targets if stage(t) > stage(m)]
    assert not upward, "\n".join(upward)


def test_the_import_graph_has_no_cycle():
    edges, state, cycles = graph(), {}, []

    def visit(node, path):
        state[node] = "open"
        for target in sorted(edges[node]):
            if state.get(target) == "open":
                cycles.append(" -> ".join(path[path.index(target):] + [target]))
            elif target not in state:
                visit(target, path + [target])
        state[node] = "done"

    for module in sorted(edges):
        if module not in state:
            visit(module, [module])
    assert not cycles, "\n".join(cycles)


def test_no_module_imports_another_modules_underscore_names():
    borrowed = [f"{m}:{line} imports {name} from {t}" for m in MODULES for t, names, line in imports(m) for name in names
                if name.startswith("_") and not name.startswith("__")]
    assert not borrowed, "\n".join(borrowed)


def test_no_module_reaches_into_another_modules_underscore_attributes():
    """``run_check._table(...)``: an imported verify module used through its private names."""
    found = []
    for module, path in MODULES.items():
        parsed = tree(path)
        aliases = {alias.asname or alias.name.rpartition(".")[2] for node in ast.walk(parsed) if isinstance(node, ast.ImportFrom)
                   and (node.level or (node.module or "").startswith("verify")) for alias in node.names}
        for node in ast.walk(parsed):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases \
                    and node.attr.startswith("_") and not node.attr.startswith("__"):
                found.append(f"{module}:{node.lineno} uses {node.value.id}.{node.attr}")
    assert not found, "\n".join(found)


def test_every_error_verify_raises_on_purpose_is_a_verify_error():
    from verify import errors

    defined = {node.name for p in MODULES.values() for node in ast.walk(tree(p)) if isinstance(node, ast.ClassDef)
               and any(isinstance(b, ast.Name) and b.id in ("ValueError", "Exception", "ArithmeticError") for b in node.bases)}
    # forall's _Violation, the exact run's _ThresholdTestsDecided, the twins' _FloatPathLost (a continuation in
    # machine floats hands over to mpmath), multistep stability's _EmptyDomain (a shared factor that leaves no z
    # stable) and the exact run's _Shifted (a step that changes what an affine continuation holds fixed) are control
    # flow inside one module, never raised out of it; the pytest
    # plugin's ClaimFailure is how an item tells pytest that its claim did not come out as expected (pytest reports it)
    assert defined <= {"VerifyError", "_Violation", "_ThresholdTestsDecided", "_FloatPathLost", "_EmptyDomain", "_Shifted",
                       "ClaimFailure"}, defined
    for name in errors.__all__:
        assert issubclass(getattr(errors, name), errors.VerifyError)


def test_every_claim_kind_implements_the_interface_and_has_a_frozen_spec():
    """A claim kind is a ClaimKind (a module's KIND): name, keys, prepare(claim) -> a frozen dataclass of one of its
    spec types, evaluate(claim, context)."""
    import dataclasses

    from verify import runner
    from verify.checks import CHECKS, ClaimKind

    for name, kind in CHECKS.items():
        assert isinstance(kind, ClaimKind) and kind.name == name and kind.keys and kind.spec_types, name
        assert all(dataclasses.is_dataclass(t) and t.__dataclass_params__.frozen for t in kind.spec_types), name
    root = PACKAGE.parent
    paths = [str(p) for p in sorted((root / "claims").glob("*.toml"))] + [str(root / "tests" / "claims" / "wrong")]
    kinds = set()
    for claim in runner.load(paths, model_dirs=[str(root / "models")]):
        if claim.load_error:
            continue
        spec = claim.spec
        assert isinstance(spec, CHECKS[claim.check].spec_types), (claim.check, claim.id, type(spec).__name__)
        kinds.add(claim.check)
    assert kinds == set(CHECKS)


def test_the_help_imports_no_sympy_and_no_claim_kind():
    """`verify --help` is light: sympy, mpmath and the claim kinds are imported by the commands that use them."""
    import subprocess
    import sys

    code = "import sys, verify.cli; heavy = [m for m in ('sympy', 'mpmath', 'verify.checks', 'verify.runner') if m in sys.modules]; print(heavy)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout


def test_loading_and_listing_the_bundled_claims_import_no_hypothesis():
    """hypothesis (about 0.1 s to import) is imported when a forall claim is sampled, not when claims with domains
    are loaded, listed or proved (the domains build their strategies on demand)."""
    import subprocess
    import sys

    code = ("import sys; from verify import runner; claims = runner.load([runner.DEFAULT_CLAIMS], runner.default_model_dirs(())); "
            "assert any(c.check == 'forall' for c in claims); print('hypothesis' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "False", done.stdout + done.stderr


def test_every_method_has_a_schema_and_a_twin_in_the_module_of_the_same_name():
    """One registry entry per method: its options as data (kind, default, required) and an mpmath twin in
    verify/engines/twins/<family>.py beside verify/engines/methods/<family>.py."""
    from verify.engines import twins
    from verify.engines.methods import METHODS
    from verify.engines.methods.schema import KINDS

    for name, method in METHODS.items():
        assert method.schema, name
        assert all(option.kind in KINDS for option in method.schema), name
        first_step = ("h", "H", "h_max") if method.variable_step else ("h", "H")  # Burden & Faires start from h_max
        assert any(option.required and option.name in first_step for option in method.schema), name
        module = type(method).__module__.rsplit(".", 1)[1]
        assert twins.family(name) == module, (name, twins.family(name), module)
        assert (Path(twins.__file__).parent / f"{module}.py").exists(), name


def test_no_method_or_twin_module_writes_a_default_of_its_own():
    """The schema is the one source of defaults: no `options.get(NAME, DEFAULT)` with a literal default in the exact
    step maps or their twins (they read Method.value / twins.base.option), and the values read are the schema's."""
    import re

    import sympy

    from verify.engines.methods import METHODS
    from verify.engines.twins.base import newton_settings, option

    for folder in ("methods", "twins"):
        for path in sorted((PACKAGE / "engines" / folder).glob("*.py")):
            source = path.read_text(encoding="utf-8")
            literal_defaults = re.findall(r'options\.get\("([a-z_]+)",\s*[-0-9"(sR]', source)
            assert not literal_defaults, (path.name, literal_defaults)
    assert METHODS["adaptive-euler"].value({}, "safety") == sympy.Rational(9, 10)
    assert option("adaptive-rk", {"pair": "fehlberg-45"}, "order") == 4
    assert option("cosimulation", {}, "threshold") == sympy.Rational(1, 10**6)
    assert newton_settings({})[0] == 20


def test_the_schema_checks_the_kind_of_every_option_given():
    """h_min was not checked before the schema; a negative one is now refused like any other option of the wrong kind."""
    import pytest
    import sympy

    from verify.engines.methods import METHODS
    from verify.errors import MethodError
    from verify.input.model import model_from_table

    model = model_from_table("decay", {"states": ["y"], "rhs": {"y": "-y"}}, "test")
    base = {"h": sympy.Rational(1, 2), "atol": sympy.Integer(0), "rtol": sympy.Rational(1, 10), "t_end": sympy.Integer(1)}
    METHODS["adaptive-euler"].validate(model, base)
    for name, value, message in (("h_min", sympy.Integer(-1), "h_min must be >= 0"), ("max_attempts", sympy.Rational(1, 2), "max_attempts must be an integer"),
                                 ("safety", sympy.Integer(0), "safety must be a positive rational number")):
        with pytest.raises(MethodError, match=message):
            METHODS["adaptive-euler"].validate(model, {**base, name: value})
