"""TOML files -> models and claims, with the file and claim named in every error.

TOML floats are read as Decimals (``h = 0.1`` is exactly 1/10), never as binary
floats.  A file that cannot be read, or a claim that cannot be prepared, becomes
a claim with a one-line ``load_error``; everything else is still loaded.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import sympy

from . import expr as expressions
from .expr import ExprError
from .model import Model, model_from_table, symbol

COMMON_KEYS = {"id", "statement", "check", "model", "parameters", "expected", "source_text", "cases", "symbols", "note"}
EXPECTED = ("verified", "refuted")


class LoadError(ValueError):
    """A claim that cannot be prepared; the message says why."""


@dataclass
class Claim:
    id: str
    file: str
    table: dict
    statement: str = ""
    check: str = ""
    expected: str = "verified"
    source_text: str | None = None
    document: str | None = None
    source_title: str | None = None
    model: Model | None = None
    parameters: dict = field(default_factory=dict)  # name -> exact value
    symbols: dict = field(default_factory=dict)  # declared free symbols
    load_error: str | None = None
    spec: object = None  # what the claim's check prepared

    def names(self) -> dict:
        """Every name the claim's expressions may use."""
        names = self.model.names() if self.model else {}
        names.update({p: symbol(p) for p in self.parameters})
        names.update(self.symbols)
        return names

    def parse(self, text, extra_names=None, extra_calls=None) -> sympy.Expr:
        names = self.names()
        names.update(extra_names or {})
        calls = self.model.calls() if self.model else {}
        calls.update(extra_calls or {})
        return expressions.parse(text, names, calls, frozenset(self.symbols.values()))

    def substitute(self, expression: sympy.Expr) -> sympy.Expr:
        """Put the parameter values (model defaults, overridden by the claim) into ``expression``."""
        values = {symbol(p): v for p, v in self.parameters.items()}
        return expression.subs(values) if values else expression

    def value(self, text, key: str, extra_names=None, extra_calls=None) -> sympy.Expr:
        """Parse and substitute one value of the claim; errors name the key."""
        try:
            return self.substitute(self.parse(text, extra_names, extra_calls))
        except ExprError as exc:
            raise LoadError(f"{key}: {exc}") from None


def read_toml(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"), parse_float=Decimal)


def toml_files(paths) -> list[Path]:
    files = []
    for p in paths:
        p = Path(p)
        files.extend(sorted(p.rglob("*.toml")) if p.is_dir() else [p])
    return files


def load_models(directories) -> tuple[dict[str, Model], list[Claim]]:
    """Models from every model directory; a bad model file becomes an error entry."""
    models: dict[str, Model] = {}
    errors = []
    for path in toml_files(d for d in directories if Path(d).is_dir()):
        try:
            data = read_toml(path)
            extra = set(data) - {"model"}
            if extra:
                raise ExprError(f"a model file holds only [model.*] tables, found {', '.join(sorted(extra))}")
            for name, table in data.get("model", {}).items():
                if name in models:
                    raise ExprError(f"model {name!r} is also defined in {models[name].file}")
                models[name] = model_from_table(name, table, str(path))
        except (tomllib.TOMLDecodeError, ExprError, OSError, UnicodeDecodeError) as exc:
            errors.append(Claim(id="(model file)", file=str(path), table={}, load_error=f"{path}: {_one_line(exc)}"))
    return models, errors


def load_claims(paths, model_directories, checks) -> list[Claim]:
    """Every claim of every file under ``paths``; ``checks`` maps a check name to its module."""
    shared_models, claims = load_models(model_directories)
    seen_ids: dict[str, str] = {}
    for path in toml_files(paths):
        claims.extend(_load_file(path, shared_models, checks, seen_ids))
    return claims


def _load_file(path: Path, shared_models, checks, seen_ids) -> list[Claim]:
    file = str(path)
    try:
        data = read_toml(path)
    except (tomllib.TOMLDecodeError, OSError, UnicodeDecodeError) as exc:
        return [Claim(id="(file)", file=file, table={}, load_error=f"{file}: cannot read TOML: {_one_line(exc)}")]
    unknown = set(data) - {"source", "model", "claim"}
    if unknown:
        return [Claim(id="(file)", file=file, table={}, load_error=f"{file}: unknown top-level key(s) {', '.join(sorted(unknown))}")]
    source = data.get("source", {})
    local_models, model_errors = {}, {}
    for name, table in data.get("model", {}).items():
        try:
            local_models[name] = model_from_table(name, table, file)
        except ExprError as exc:
            model_errors[name] = str(exc)
    claims = []
    tables = data.get("claim", [])
    if not isinstance(tables, list):
        tables = []
    for number, table in enumerate(tables, 1):
        for claim in _expand_cases(table, number):
            claim.file = file
            claim.document = source.get("document")
            claim.source_title = source.get("title")
            try:
                if claim.id in seen_ids:
                    raise LoadError(f"duplicate id (first in {seen_ids[claim.id]})")
                seen_ids[claim.id] = file
                _prepare(claim, local_models, model_errors, shared_models, checks)
            except (LoadError, ExprError) as exc:
                claim.load_error = f"{file}: claim {claim.id!r}: {_one_line(exc)}"
            except Exception as exc:  # a bug or an unforeseen input must not stop the run
                claim.load_error = f"{file}: claim {claim.id!r}: {type(exc).__name__}: {_one_line(exc)}"
            claims.append(claim)
    return claims


def _expand_cases(table, number) -> list[Claim]:
    """A claim with ``cases = [{T = 1, N = 4}, ...]`` stands for one claim per case, ids suffixed ``[T=1,N=4]``."""
    if not isinstance(table, dict):
        return [Claim(id=f"(claim #{number})", file="", table={}, load_error="a [[claim]] must be a table")]
    base_id = table.get("id")
    if not isinstance(base_id, str) or not base_id:
        problem = "missing 'id'" if base_id is None else "'id' must be a non-empty string"
        return [Claim(id=f"(claim #{number})", file="", table=table, load_error=problem)]
    cases = table.get("cases")
    if cases is None:
        return [Claim(id=base_id, file="", table=table)]
    if not isinstance(cases, list) or not cases or not all(isinstance(c, dict) for c in cases):
        return [Claim(id=base_id, file="", table=table, load_error="'cases' must be a non-empty list of tables")]
    expanded = []
    for case in cases:
        label = ",".join(f"{k}={v}" for k, v in case.items())
        parameters = dict(table.get("parameters", {}))
        parameters.update(case)
        expanded.append(Claim(id=f"{base_id}[{label}]", file="", table={**table, "parameters": parameters}))
    return expanded


def _prepare(claim: Claim, local_models, model_errors, shared_models, checks) -> None:
    if claim.load_error:
        raise LoadError(claim.load_error)
    table = claim.table
    check_name = table.get("check")
    if check_name not in checks:
        raise LoadError(f"unknown check {check_name!r} (known: {', '.join(sorted(checks))})")
    module = checks[check_name]
    unknown = set(table) - COMMON_KEYS - set(module.KEYS)
    if unknown:
        raise LoadError(f"unknown key(s) {', '.join(sorted(unknown))} for check {check_name!r}")
    claim.check = check_name
    claim.statement = str(table.get("statement", ""))
    if not claim.statement:
        raise LoadError("missing 'statement' (what the source says)")
    claim.expected = table.get("expected", "verified")
    if claim.expected not in EXPECTED:
        raise LoadError(f"expected must be 'verified' or 'refuted', got {claim.expected!r}")
    claim.source_text = table.get("source_text")
    model_name = table.get("model")
    if model_name is not None:
        if model_name in model_errors:
            raise LoadError(model_errors[model_name])
        claim.model = local_models.get(model_name) or shared_models.get(model_name)
        if claim.model is None:
            raise LoadError(f"unknown model {model_name!r}")
    symbols = table.get("symbols", [])
    if not isinstance(symbols, list) or not all(isinstance(s, str) and s.isidentifier() for s in symbols):
        raise LoadError("'symbols' must be a list of names")
    claim.symbols = {s: symbol(s) for s in symbols}
    # a declared symbol stays free: no model default is substituted for it
    claim.parameters = {p: v for p, v in (claim.model.parameters if claim.model else {}).items() if p not in claim.symbols}
    overrides = table.get("parameters", {})
    if not isinstance(overrides, dict):
        raise LoadError("'parameters' must be a table")
    if set(overrides) & set(claim.symbols):
        raise LoadError(f"{', '.join(sorted(set(overrides) & set(claim.symbols)))} cannot be both a symbol and a parameter")
    for name, text in overrides.items():
        if not name.isidentifier() or (claim.model and name in claim.model.states):
            raise LoadError(f"parameter {name!r} is not a valid parameter name")
        value = claim.value(text, f"parameters.{name}")
        if value.free_symbols:
            raise LoadError(f"parameters.{name}: {value} is not a number")
        claim.parameters[name] = value
    claim.spec = module.prepare(claim)


def _one_line(exc) -> str:
    return " ".join(str(exc).split())
