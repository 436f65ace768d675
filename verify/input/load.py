"""TOML files -> models and claims, with the file and claim named in every error.

TOML floats are read as Decimals (``h = 0.1`` is exactly 1/10), never as binary
floats.  A file that cannot be read, or a claim that cannot be prepared, becomes
a claim with a one-line ``load_error``; everything else is still loaded.

A claim file is untrusted input of any shape: every file is checked to be a
regular file of at most MAX_FILE_BYTES before it is opened (a FIFO never
blocks the run, a symlink to /dev/zero is never read), the TOML structure is
checked before it is used (``source = 5``, ``[claim]`` instead of
``[[claim]]``, a 1000-deep array), and preparing one claim is bounded in time
(LOAD_TIMEOUT) so a claim whose preparation would never finish is an error
and the rest of the file still loads.
"""
from __future__ import annotations

import hashlib
import re
import signal
import sys
import threading
import time
import tomllib
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from verify.input import expr as expressions
from verify.input.expr import ExprError
from verify.input.model import Model, model_from_table, symbol
from verify.errors import FileRefused, LoadError
from verify.input.claim import Claim
from verify.input.files import read_bounded, toml_files

MAX_TOML_DEPTH = 32  # nesting of tables and arrays in a claim or model file
MAX_MESSAGE_CHARS = 1000  # an error message quoting untrusted text is cut here
LOAD_TIMEOUT = 120.0  # seconds to prepare one claim (parse and set up); see bounded_time

COMMON_KEYS = {"id", "statement", "check", "model", "parameters", "expected", "source_text", "cases", "symbols", "note"}
EXPECTED = ("verified", "refuted")


class LoadTimeout(BaseException):
    """Preparing one claim took longer than its time limit (raised by the alarm of bounded_time).

    A BaseException, so that no ``except Exception`` inside a check's preparation swallows it.
    """


def read_toml(path: Path) -> dict:
    """The TOML table of ``path``; every failure is an exception whose text is one clear line."""
    return read_toml_text(path)[0]


CLAIM_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*claim[ \t]*\]\][ \t]*(#.*)?$")


def claim_header_lines(text: str, count: int) -> list[int] | None:
    """The 1-based line of each ``[[claim]]`` header, when there are exactly ``count`` of them (one per claim table,
    in order); otherwise None: a line number is never guessed (a header inside a multi-line string, dotted keys)."""
    lines = [number for number, line in enumerate(text.split("\n"), 1) if CLAIM_HEADER.match(line)]
    return lines if len(lines) == count else None


TOML_INT_DIGITS = 100_000  # the longest TOML integer read (Python's own limit is 4300 digits; 0.04 s to read this one)


def read_toml_text(path: Path) -> tuple[dict, str]:
    """The TOML table of ``path`` and its text (see read_toml); the bytes' hash is kept (digests_read)."""
    raw = read_bounded(path)
    digest = hashlib.sha256(raw).hexdigest()
    if _DIGESTS_READ.setdefault(str(path), digest) != digest:  # read twice, changed in between
        _DIGESTS_READ[str(path)] = CHANGED_WHILE_READ
    text = raw.decode("utf-8-sig")  # a byte-order mark (Windows editors write one) is not TOML: dropped
    with _INT_DIGITS_LOCK:  # the limit is the process's: one reader at a time sets and restores it
        return _parsed(text)


_INT_DIGITS_LOCK = threading.Lock()
_DIGESTS_READ: dict[str, str] = {}  # path -> sha256 of the bytes read_toml_text read there since load_claims began
CHANGED_WHILE_READ = "changed while it was read"


def digests_read() -> dict[str, str]:
    """Path -> sha256 (hex) of the bytes the last load_claims read from each TOML file (claims and models).  The result
    cache keeps a whole run under these, not under the bytes found before or after it: a file changed and changed back
    during a run had the run's verdicts of the other text stored under the first text (a review of 2026-12-07)."""
    return dict(_DIGESTS_READ)


def _parsed(text: str) -> tuple[dict, str]:
    """(the TOML table of ``text``, ``text``), read_toml_text's under its lock."""
    previous = getattr(sys, "get_int_max_str_digits", lambda: 0)()
    try:
        if previous:  # a TOML integer of 4301 to TOML_INT_DIGITS digits is read, so that only its claim is refused (it
            sys.set_int_max_str_digits(max(previous, TOML_INT_DIGITS))  # lost the whole file: a review of 2026-12-06)
        data = tomllib.loads(text, parse_float=Decimal)
    except RecursionError:  # deeper than the recursion limit allows, so deeper than MAX_TOML_DEPTH: _check_depth's words
        raise tomllib.TOMLDecodeError(_TOO_DEEP) from None
    except MemoryError:
        raise tomllib.TOMLDecodeError("the file needs too much memory to read") from None
    except ValueError as exc:  # e.g. an integer of more than 4300 digits (Python's int-string limit)
        if isinstance(exc, tomllib.TOMLDecodeError):
            raise
        if "integer string conversion" in str(exc):
            raise tomllib.TOMLDecodeError(f"an integer with more than {TOML_INT_DIGITS} digits") from None
        raise tomllib.TOMLDecodeError(str(exc)) from None
    finally:
        if previous:
            sys.set_int_max_str_digits(previous)
    _check_depth(data)
    return data, text


_TOO_DEEP = f"arrays or tables nested too deeply (more than {MAX_TOML_DEPTH} levels)"


def _check_depth(data) -> None:
    """Refuse TOML nested deeper than MAX_TOML_DEPTH (walked without recursion).  A file nested deeper than the
    recursion limit allows never gets here (tomllib's RecursionError); which of the two refuses it depends on the
    limit and the stack in use, so both say the same (a run of the suite said "nested deeper than 32" for the hostile
    deep_array.toml where the limit had been raised, "nested too deeply" elsewhere)."""
    stack = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_TOML_DEPTH:
            raise tomllib.TOMLDecodeError(_TOO_DEEP)
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)


READ_ERRORS = (tomllib.TOMLDecodeError, FileRefused, OSError, UnicodeDecodeError, ValueError)


def valid_name(name) -> bool:
    """A name an expression can use: an ASCII identifier that is not a Python keyword."""
    return expressions.is_name(name)


def _printable(text: str) -> bool:
    """No control, format, separator or surrogate character and no noncharacter (U+FFFE, U+FFFF, U+FDD0-U+FDEF, ...):
    none of them may reach a report line, an XML attribute or a terminal."""
    return not any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs") or _noncharacter(ch) for ch in text)


def _noncharacter(ch: str) -> bool:
    code = ord(ch)
    return 0xFDD0 <= code <= 0xFDEF or (code & 0xFFFE) == 0xFFFE


@contextmanager
def bounded_time(seconds: float | None):
    """Raise LoadTimeout in this block after ``seconds`` (main thread, POSIX only; otherwise unbounded).

    An interval timer that was already running (a caller's own alarm) is put back afterwards, less the time spent here.
    """
    usable = seconds and hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def alarm(signum, frame):
        raise LoadTimeout()

    previous = signal.signal(signal.SIGALRM, alarm)
    started = time.monotonic()
    outer_delay, outer_interval = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer_delay:
            remaining = max(outer_delay - (time.monotonic() - started), 1e-3)
            signal.setitimer(signal.ITIMER_REAL, remaining, outer_interval)


@dataclass(frozen=True)
class AmbiguousModel:
    """A model name defined in two or more model files: a claim that names it is an error (not checked against any)."""
    name: str
    files: tuple

    @property
    def message(self) -> str:
        return f"model {self.name!r} is defined in {' and in '.join(self.files)}: which one is meant is not decided"


def load_models(directories) -> tuple[dict[str, Model | AmbiguousModel], list[Claim]]:
    """Models from every model directory; a bad model file becomes an error entry, and a name defined in several
    files an AmbiguousModel (its claims are errors)."""
    models: dict[str, Model] = {}
    errors = []
    for path in toml_files(d for d in directories if Path(d).is_dir()):
        if printable_path(path) != str(path):
            errors.append(Claim(id="(model file)", file=printable_path(path), table={}, load_error=_not_utf8(path)))
            continue
        try:
            try:
                data = read_toml(path)
            except FileRefused as exc:
                raise ExprError(f"not read: {_one_line(exc)}") from None
            except READ_ERRORS as exc:
                raise ExprError(f"cannot read TOML: {_one_line(exc)}") from None
            extra = set(data) - {"model"}
            if extra:
                raise ExprError(f"a model file holds only [model.*] tables, found {', '.join(sorted(extra))}")
            tables = data.get("model", {})
            if not isinstance(tables, dict):
                raise ExprError("'model' must be a table of [model.NAME] tables")
            for name, table in tables.items():
                if name in models:
                    earlier = models[name].files if isinstance(models[name], AmbiguousModel) else (models[name].file,)
                    models[name] = AmbiguousModel(name, (*earlier, str(path)))
                    raise ExprError(f"model {name!r} is also defined in {', '.join(earlier)}")
                models[name] = _bounded_model(name, table, str(path))
        except ExprError as exc:
            errors.append(Claim(id="(model file)", file=str(path), table={}, load_error=f"{path}: {_one_line(exc)}"))
        except Exception as exc:  # an unforeseen input must not stop the run
            errors.append(Claim(id="(model file)", file=str(path), table={}, load_error=f"{path}: {_unexpected(exc)}"))
    return models, errors


def _bounded_model(name, table, file) -> Model:
    """model_from_table within LOAD_TIMEOUT; a timeout, exhausted memory or too deep recursion is an ExprError."""
    try:
        with bounded_time(LOAD_TIMEOUT):
            return model_from_table(name, table, file)
    except LoadTimeout:
        raise ExprError(f"model {name!r}: reading it took longer than {LOAD_TIMEOUT:g} s") from None
    except (MemoryError, RecursionError, OverflowError) as exc:
        raise ExprError(f"model {name!r}: {_unexpected(exc)}") from None


@dataclass(frozen=True)
class OutOfScope:
    """A passage of a claim file's source document whose numbers no claim checks, on purpose: ``[[out_of_scope]]``
    with ``source_text`` (a phrase of the document) and ``reason`` (why it is not checked), read by `verify coverage`."""
    source_text: str
    reason: str


def out_of_scope_entries(data: dict) -> tuple[list[OutOfScope], list[str]]:
    """The ``[[out_of_scope]]`` entries of a claim file's table, and a one-line problem for each malformed one."""
    entries, problems = [], []
    tables = data.get("out_of_scope", [])
    if not isinstance(tables, list):
        return [], [f"'out_of_scope' must be an array of tables ([[out_of_scope]]), got {_kind(tables)}"]
    for number, table in enumerate(tables, 1):
        where = f"[[out_of_scope]] #{number}"
        if not isinstance(table, dict):
            problems.append(f"{where} must be a table, got {_kind(table)}")
            continue
        extra = set(table) - {"source_text", "reason"}
        if extra:
            problems.append(f"{where}: unknown key(s) {', '.join(sorted(extra))} (known: source_text, reason)")
        text, reason = table.get("source_text"), table.get("reason")
        if not (isinstance(text, str) and text.strip() and _printable(text)):
            problems.append(f"{where}: 'source_text' must be a phrase of the source document (a string)")
        elif not (isinstance(reason, str) and reason.strip() and _printable(reason)):
            problems.append(f"{where}: 'reason' must say why the passage is not checked (a string)")
        else:
            entries.append(OutOfScope(text, reason))
    return entries, problems


def read_out_of_scope(path) -> list[OutOfScope]:
    """The well-formed ``[[out_of_scope]]`` entries of the claim file ``path`` (none when it cannot be read)."""
    try:
        return out_of_scope_entries(read_toml(Path(path)))[0]
    except Exception:  # a file that cannot be read is reported by the load of its claims
        return []


def load_claims(paths, model_directories, checks, wanted=None, prepare_timeout: float | None = None) -> list[Claim]:
    """Every claim of every file under ``paths``; ``checks`` maps a check name to its ClaimKind (verify.checks).
    ``wanted``: a test of a claim's id; a claim it rejects is neither prepared (its expressions are not parsed) nor
    returned, so that `verify explain ID` and `verify run -k` read only what they check.  What cannot be read as a
    claim with an id (a file's error, an unnamed claim: ids in parentheses) is always returned.  ``prepare_timeout``:
    seconds to prepare one claim, when shorter than LOAD_TIMEOUT (a run's --timeout bounds its claims' preparation
    too)."""
    _DIGESTS_READ.clear()
    shared_models, claims = load_models(model_directories)
    seen_ids: dict[str, str] = {}
    limit = min(LOAD_TIMEOUT, prepare_timeout) if prepare_timeout else LOAD_TIMEOUT
    for path in toml_files(paths):
        claims.extend(_load_file(path, shared_models, checks, seen_ids, wanted, limit))
    return claims


def printable_path(path) -> str:
    """The path as text that can be written in a UTF-8 report: a byte of a file name that is not UTF-8 (held by
    Python as a lone surrogate) written as \\xNN."""
    return str(path).encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def _not_utf8(path) -> str:
    """A file whose name is not UTF-8: no report could name it as it is (the text report crashed writing it, and
    junit held raw bytes no XML reader accepts: a review of 2026-12-06), so it is not read."""
    return f"{printable_path(path)}: not read: the file name is not valid UTF-8 (rename the file)"


def _load_file(path: Path, shared_models, checks, seen_ids, wanted=None, limit: float = LOAD_TIMEOUT) -> list[Claim]:
    file = str(path)
    if printable_path(path) != file:
        return [Claim(id="(file)", file=printable_path(path), table={}, load_error=_not_utf8(path))]

    def file_error(message) -> Claim:
        return Claim(id="(file)", file=file, table={}, load_error=f"{file}: {_one_line(message)}")

    try:
        data, text = read_toml_text(path)
    except FileRefused as exc:
        return [file_error(f"not read: {_one_line(exc)}")]
    except READ_ERRORS as exc:
        error = file_error(f"cannot read TOML: {_one_line(exc)}")
        error.line = getattr(exc, "lineno", None)  # tomllib's (Python 3.14) or tomli's position, else read off its message
        at = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        if error.line is None and at:  # the report's line field (null before a review of 2026-12-06)
            error.line = int(at.group(1))
        return [error]
    except Exception as exc:  # an unforeseen input must not stop the run
        return [file_error(f"cannot read TOML: {_unexpected(exc)}")]
    unknown = set(data) - {"source", "model", "claim", "out_of_scope"}
    if unknown:
        return [file_error(f"unknown top-level key(s) {', '.join(sorted(unknown))}")]
    claims: list[Claim] = []
    claims.extend(file_error(problem) for problem in out_of_scope_entries(data)[1])
    source = data.get("source", {})
    document = title = None
    if not isinstance(source, dict):
        claims.append(file_error(f"'source' must be a table ([source] with title and document), got {_kind(source)}"))
    else:
        extra = set(source) - {"title", "document"}
        document, title = source.get("document"), source.get("title")
        if extra:
            claims.append(file_error(f"unknown key(s) {', '.join(sorted(extra))} in [source] (known: document, title)"))
        if document is not None and not (isinstance(document, str) and document and _printable(document)):
            what = "a string with control characters" if isinstance(document, str) and document else _kind(document)
            claims.append(file_error(f"[source] document must be a file name (a printable string), got {what}"))
            document = None
        if title is not None and not isinstance(title, str):
            claims.append(file_error(f"[source] title must be a string, got {_kind(title)}"))
            title = None
        elif title is not None and not _printable(title):
            claims.append(file_error("[source] title must be printable text: it contains control characters"))
            title = None
    local_models, model_errors = {}, {}
    models_problem = None
    model_tables = data.get("model", {})
    if not isinstance(model_tables, dict):
        models_problem = f"'model' must be a table of [model.NAME] tables, got {_kind(model_tables)}"
        claims.append(file_error(models_problem))
        model_tables = {}
    for name, table in model_tables.items():
        try:
            local_models[name] = _bounded_model(name, table, file)
        except ExprError as exc:
            model_errors[name] = _one_line(exc)
        except Exception as exc:
            model_errors[name] = f"model {name!r}: {_unexpected(exc)}"
    tables = data.get("claim", [])
    if isinstance(tables, dict):  # [claim] instead of [[claim]]: it would check nothing
        claims.append(file_error("'claim' must be an array of tables: write [[claim]], not [claim]"))
        tables = []
    elif not isinstance(tables, list):
        claims.append(file_error(f"'claim' must be an array of tables ([[claim]]), got {_kind(tables)}"))
        tables = []
    used = {table.get("model") for table in tables if isinstance(table, dict) and isinstance(table.get("model"), str)}
    for name, problem in model_errors.items():  # a broken model no claim of the file names is still an error, as in a
        if name not in used:  # --models directory (it passed silently: a review of 2026-12-06)
            claims.append(file_error(problem if problem.startswith("model ") else f"model {name!r}: {problem}"))
    header_lines = claim_header_lines(text, len(tables))
    for number, table in enumerate(tables, 1):
        try:
            expanded = _expand_cases(table, number)
        except Exception as exc:
            expanded = [Claim(id=f"(claim #{number})", file="", table={}, load_error=_unexpected(exc))]
        for claim in expanded:
            if wanted is not None and not claim.id.startswith("(") and not wanted(claim.id):
                seen_ids.setdefault(claim.id, file)  # a wanted claim of the same id further on is still a duplicate
                continue
            claim.file = file
            if claim.id == f"(claim #{number})":  # no usable id: the placeholder names its file too, so that two files'
                claim.id = f"(claim #{number} in {file})"  # placeholders are not taken for one duplicated id
            claim.line = header_lines[number - 1] if header_lines else None
            claim.document = document
            claim.source_title = title
            try:
                if claim.id in seen_ids:
                    raise LoadError(f"duplicate id (first in {seen_ids[claim.id]})")
                seen_ids[claim.id] = file
                if models_problem and isinstance(claim.table.get("model"), str):
                    raise LoadError(models_problem)
                with bounded_time(limit):
                    _prepare(claim, local_models, model_errors, shared_models, checks)
            except (LoadError, ExprError) as exc:
                claim.load_error = f"{claim.where}: {_one_line(exc)}"
            except LoadTimeout:
                claim.load_error = (f"{claim.where}: preparing the claim took longer than {limit:g} s"
                                    + (" (the run's --timeout)" if limit < LOAD_TIMEOUT else ""))
            except Exception as exc:  # a bug or an unforeseen input must not stop the run
                claim.load_error = f"{claim.where}: {_unexpected(exc)}"
            claim.spec = claim.spec if claim.load_error is None else None
            claims.append(claim)
    return claims


def _expand_cases(table, number) -> list[Claim]:
    """A claim with ``cases = [{T = 1, N = 4}, ...]`` stands for one claim per case, ids suffixed ``[T=1,N=4]``."""
    if not isinstance(table, dict):
        return [Claim(id=f"(claim #{number})", file="", table={}, load_error="a [[claim]] must be a table")]
    base_id = table.get("id")
    if not isinstance(base_id, str) or not base_id:
        problem = "missing 'id'" if base_id is None else "'id' is empty" if base_id == "" else f"'id' must be a non-empty string, got {_kind(base_id)}"
        return [Claim(id=f"(claim #{number})", file="", table=table, load_error=problem)]
    if not _printable(base_id):
        return [Claim(id=f"(claim #{number})", file="", table=table, load_error=f"'id' {shortened(repr(base_id))} contains control or unprintable characters")]
    cases = table.get("cases")
    if cases is None:
        return [Claim(id=base_id, file="", table=table)]
    if not isinstance(cases, list) or not cases or not all(isinstance(c, dict) for c in cases):
        return [Claim(id=base_id, file="", table=table, load_error="'cases' must be a non-empty list of tables")]
    base_parameters = table.get("parameters", {})
    if not isinstance(base_parameters, dict):
        return [Claim(id=base_id, file="", table=table, load_error=f"'parameters' must be a table, got {_kind(base_parameters)}")]
    expanded = []
    for case in cases:
        label = ",".join(f"{_case_label(str(k))}={_case_value(v)}" for k, v in case.items())  # each key and value cut
        # as a value is: a case variable of 12,000 characters made a 12,091-character report line (a review of 2026-12-07)
        parameters = dict(base_parameters)
        parameters.update(case)
        expanded.append(Claim(id=f"{base_id}[{label}]", file="", table={**table, "parameters": parameters}))
    return expanded


NAME_KEYS = ("check", "method", "model", "tableau", "op", "sign", "variable", "proof", "rounding")  # keys whose value is a name


def _prepare(claim: Claim, local_models, model_errors, shared_models, checks) -> None:
    if claim.load_error:
        raise LoadError(claim.load_error)
    table = claim.table
    for key in NAME_KEYS:  # an array or table here reached a dict lookup: "TypeError: unhashable type" (a review of 2026-12-06)
        if key in table and not isinstance(table[key], str):
            raise LoadError(f"'{key}' must be a string (a name), got {_kind(table[key])}")
    check_name = table.get("check")
    if check_name not in checks:
        raise LoadError(f"unknown check {check_name!r} (known: {', '.join(sorted(checks))})")
    kind = checks[check_name]
    unknown = set(table) - COMMON_KEYS - kind.keys
    if unknown:
        hints = [hint for key, hint in getattr(kind, "key_hints", ()) if key in unknown]
        raise LoadError(f"unknown key(s) {', '.join(sorted(unknown))} for check {check_name!r}" + (f" ({'; '.join(hints)})" if hints else ""))
    claim.check = check_name
    statement = table.get("statement", "")
    if not isinstance(statement, str):
        raise LoadError(f"'statement' must be a string, got {_kind(statement)}")
    statement = statement.replace("\r\n", " ").replace("\n", " ").replace("\t", " ")  # a multi-line TOML string: one line
    if not _printable(statement):  # before split(), which would take \x1c-\x1f and \x85 for spaces
        raise LoadError("'statement' contains control or unprintable characters")
    statement = " ".join(statement.split())
    claim.statement = statement
    if not claim.statement:
        raise LoadError("missing 'statement' (what the source says)")
    expected = table.get("expected", "verified")
    if not isinstance(expected, str) or expected not in EXPECTED:
        raise LoadError(f"expected must be 'verified' or 'refuted', got {shortened(repr(expected))}")
    claim.expected = expected
    source_text = table.get("source_text")
    if source_text is not None and not isinstance(source_text, str):
        raise LoadError(f"'source_text' must be a string, got {_kind(source_text)}")
    claim.source_text = source_text
    model_name = table.get("model")
    if model_name is not None and not isinstance(model_name, str):
        raise LoadError(f"'model' must be a model name (a string), got {_kind(model_name)}")
    if model_name is not None:
        if model_name in model_errors:
            raise LoadError(model_errors[model_name])
        claim.model = local_models.get(model_name) or shared_models.get(model_name)
        if isinstance(claim.model, AmbiguousModel):
            message, claim.model = claim.model.message, None
            raise LoadError(message)
        if claim.model is None:
            raise LoadError(f"unknown model {model_name!r}")
    symbols = table.get("symbols", [])
    if not isinstance(symbols, list) or not all(valid_name(s) for s in symbols):
        raise LoadError("'symbols' must be a list of names (ASCII identifiers, not Python keywords)")
    reserved = _reserved_names(claim.model)
    clash = sorted(set(symbols) & reserved)
    if clash:
        raise LoadError(f"symbol(s) {', '.join(clash)} would shadow a state, initial value, functional, t or pi of the model")
    claim.symbols = {s: symbol(s) for s in symbols}
    # a declared symbol stays free: no model default is substituted for it
    claim.parameters = {p: v for p, v in (claim.model.parameters if claim.model else {}).items() if p not in claim.symbols}
    overrides = table.get("parameters", {})
    if not isinstance(overrides, dict):
        raise LoadError("'parameters' must be a table")
    if set(overrides) & set(claim.symbols):
        raise LoadError(f"{', '.join(sorted(set(overrides) & set(claim.symbols)))} cannot be both a symbol and a parameter")
    for name, text in overrides.items():
        if not valid_name(name):
            raise LoadError(f"parameter {shortened(repr(name))} is not a valid parameter name (an ASCII identifier, not a Python keyword)")
        if name in reserved:
            raise LoadError(f"parameter {name!r} would shadow a state, initial value, functional, t or pi")
        value = claim.value(text, f"parameters.{name}")
        if value.free_symbols:
            raise LoadError(f"parameters.{name}: {value} is not a number")
        claim.parameters[name] = value
    claim.spec = kind.prepare(claim)


def _reserved_names(model) -> set:
    """Names a claim's parameters and symbols may not take: the model's states, initial values, functionals, t, pi."""
    reserved = {"t", "pi"}
    if model is not None:
        reserved.update(model.variables)
        reserved.update(f"{v}0" for v in model.variables)
        reserved.update(model.functionals)
    return reserved


def _kind(value) -> str:
    """What a TOML value is, for messages: 'an integer (5)', 'a table', 'a list'."""
    if isinstance(value, bool):
        return f"a boolean ({str(value).lower()})"
    if isinstance(value, int):
        return f"an integer ({shortened(str(value), 40)})"
    if isinstance(value, (Decimal, float)):
        return f"a number ({shortened(str(value), 40)})"
    if isinstance(value, str):
        return f"a string ({shortened(repr(value), 40)})"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def _case_value(value) -> str:
    text = str(value) if isinstance(value, (str, int, Decimal)) and not isinstance(value, bool) else _kind(value)
    return _case_label(text)


def _case_label(text: str, width: int = 40) -> str:
    """A case's variable or value in the claim's id: as written up to ``width`` characters, else cut in the middle
    with the first 6 hex digits of its SHA-256 after it, so that two long texts that differ only where the cut falls
    still make two ids (a review of 2026-12-07: the second was a "duplicate id" and never checked)."""
    if len(text) <= width:
        return text
    return shortened(text, width - 7) + "#" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:6]


def shortened(text: str, width: int = 200) -> str:
    """``text`` cut to ``width`` characters in the middle: its start (where and what) and its end (an error's reason
    follows the text it quotes: a key of 990 parentheses filled a message cut at its end, and no reason was left)."""
    if len(text) <= width:
        return text
    tail = width // 3
    return text[: width - tail - 1] + "…" + text[len(text) - tail:]


def _unexpected(exc) -> str:
    """One line for an exception nobody foresaw: clear words for resource exhaustion, else its type and text."""
    if isinstance(exc, MemoryError):
        return "ran out of memory while reading it"
    if isinstance(exc, RecursionError):
        return "nested too deeply to read (recursion limit)"
    if isinstance(exc, OverflowError):
        return f"a number too large to handle ({_one_line(exc)})"
    if isinstance(exc, ValueError) and "integer string conversion" in str(exc):
        return "a number with more than 4300 digits"
    return f"{type(exc).__name__}: {_one_line(exc)}"


def _one_line(exc) -> str:
    text = " ".join(str(exc).split())
    return shortened(text, MAX_MESSAGE_CHARS)
