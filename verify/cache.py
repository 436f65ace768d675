"""The result cache of `verify run` (default ``.verify_cache/``): a claim whose inputs have not changed is not checked again.

A result is stored under a content hash of everything it depends on: the claim's own table (as read from its
file), the model it uses (every field, as parsed), the text of every module of this package (so a change to the
code, not only a new release, invalidates every entry), and the versions of Python, sympy, mpmath, gmpy2,
python-flint, scipy, numpy and hypothesis (which draws the instances of a sampled forall claim).  Only verdicts are cached (``verified`` and ``refuted``); an ``error`` may come from a time or memory
limit, so it is always checked again, and so is a run that draws pictures.  The entries are JSON, never pickle (a
cache directory may be shared), and an entry that cannot be read is a miss.

Whether a claim came out as its file expects is also recorded per (file, id), with the content hash of its inputs,
for ``--failed`` (as pytest's ``--lf``): the claims that did not come out as expected in the last run that checked
them, and every claim not recorded as passing with its present inputs (new, renamed or edited since).

The directory is marked with a CACHEDIR.TAG (the Cache Directory Tagging Specification); ``--cache-clear`` deletes
only a directory so marked, or one holding nothing but the cache's own files, never a mistyped ``--cache-dir``.

A whole run is also kept under the content hash of its library: the bytes of every claim file and model file it
read, its -k selection and verify's code.  When no file changed since a run whose every claim loaded and came out
``verified`` or ``refuted``, that run is replayed without loading a claim (this module, the results and the
reports import no sympy): a warm re-run costs reading and hashing the files.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import platform
import re
import shutil
import sys
from pathlib import Path

from verify.errors import CacheDirectoryError, FileRefused
from verify.input.claim import Claim
from verify.input.files import read_bounded, toml_files
from verify.outcome import Outcome, line_data, stored_line

DEFAULT_DIRECTORY = ".verify_cache"
TAG_NAME = "CACHEDIR.TAG"
TAG_TEXT = ("Signature: 8a477f597d28d172789f06886806bc55\n# This file is a cache directory tag created by verify (its result cache).\n"
            "# For information about cache directory tags see https://bford.info/cachedir/\n")


def _is_tagged(directory: Path) -> bool:
    """Tagged by verify: the standard's signature line and verify's own comment (cargo writes the same signature in
    target/, and --cache-clear deleted a build there: review of 2026-12-05)."""
    try:
        return _read(directory / TAG_NAME).startswith("\n".join(TAG_TEXT.splitlines()[:2]))
    except (OSError, ValueError):
        return False


MAX_ENTRY_BYTES = 64 * 1024 * 1024  # a cache file larger than this is a miss (the bundled library's run: 0.06 MiB)


def _read(path: Path) -> str:
    """A cache file's text through the bounded reader (a regular file of at most MAX_ENTRY_BYTES, never waiting on a
    FIFO nor reading /dev/zero: a review of 2026-12-06 found the run hung on a FIFO planted as an entry); OSError or
    ValueError (a refused or undecodable file: a miss)."""
    try:
        return read_bounded(path, MAX_ENTRY_BYTES).decode("utf-8")
    except FileRefused as exc:
        raise ValueError(str(exc)) from None


# a content hash, or its temporary while it is written (<hash>.<pid>.tmp before 2026-12-06, <hash>.json.<pid>.tmp since)
ENTRY = re.compile(r"[0-9a-f]{64}(\.json(\.\d+\.tmp)?|\.\d+\.tmp)")
TOP_LEVEL = re.compile(rf"(last-outcomes\.json|{re.escape(TAG_NAME)})(\.\d+\.tmp)?")


def _holds_only_cache_files(directory: Path) -> bool:
    """Only what the cache writes, where it writes it, named as it names them: last-outcomes.json and the tag at the
    top, results/<2 hex digits>/<hash>.json and libraries/<hash>.json (or their temporaries).  A folder of reports
    (report.json) is not a cache, nor is results/thesis-data.json (deleted by --cache-clear; review of 2026-12-05)."""
    for path in directory.rglob("*"):
        parts = path.relative_to(directory).parts
        if path.is_symlink():  # a link is nothing the cache writes (a linked results/ took entries outside it)
            return False
        if path.is_dir():
            area = len(parts) == 1 and parts[0] in ("results", "libraries")
            bucket = len(parts) == 2 and parts[0] == "results" and re.fullmatch(r"[0-9a-f]{2}", parts[1])  # results/<2 hex digits>
            if not (area or bucket):
                return False
            continue
        top_level = len(parts) == 1 and TOP_LEVEL.fullmatch(path.name)
        result = len(parts) == 3 and parts[0] == "results" and ENTRY.fullmatch(parts[2]) and parts[2][:2] == parts[1]
        library = len(parts) == 2 and parts[0] == "libraries" and ENTRY.fullmatch(parts[1])
        if not (top_level or result or library):
            return False
    return True


def _key_or_none(claim) -> str | None:
    """claim_key, or None for a claim whose inputs could not be read (it is checked again anyway)."""
    if claim.load_error:
        return None
    try:
        return claim_key(claim)
    except Exception:  # noqa: BLE001 - a key that cannot be made only means the claim is checked again
        return None
CACHED_STATUSES = ("verified", "refuted")
# what reading a damaged or planted cache file may raise: a miss (JSON nested 100,000 deep raised RecursionError
# through the run: a review of 2026-12-07)
READ_ERRORS = (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError, MemoryError)
_CODE_HASH: str | None = None


def code_fingerprint() -> str:
    """A hash of this package's source files and the versions of the libraries its verdicts depend on."""
    global _CODE_HASH
    if _CODE_HASH is None:
        from importlib import metadata

        digest = hashlib.sha256(platform.python_version().encode())
        for name in ("sympy", "mpmath", "gmpy2", "python-flint", "scipy", "numpy", "hypothesis"):  # hypothesis draws forall's instances
            try:
                digest.update(f"{name}={metadata.version(name)};".encode())
            except metadata.PackageNotFoundError:
                digest.update(f"{name}=none;".encode())
        package = Path(__file__).resolve().parent
        for path in sorted(package.rglob("*")):
            if path.suffix in (".py", ".json") and path.is_file():
                digest.update(str(path.relative_to(package)).encode() + b"\0" + path.read_bytes() + b"\0")
        _CODE_HASH = digest.hexdigest()
    return _CODE_HASH


def claim_key(claim) -> str:
    """The content hash of one claim's inputs (see the module docstring).  The model and the parameter values are
    written out by sympy's srepr (a parameter named E apart from exp(1), which repr prints alike)."""
    digest = hashlib.sha256(code_fingerprint().encode())
    # in the file's order: a forall's let entries are read in order, each using the earlier ones (sorted keys made
    # {pi = "x + 1", b = "2*pi"} and {b = "2*pi", pi = "x + 1"} one key, and the second replayed the first's verdict: a
    # review of 2026-12-07); a claim whose keys are only reordered is checked again
    digest.update(json.dumps(claim.table, default=repr).encode())
    digest.update((claim.model.fingerprint() if claim.model is not None else "no model").encode())
    if claim.parameters:  # a claim with values was loaded, so sympy is imported (a replayed library's claims have none)
        from verify.input.model import fingerprint_of

        digest.update(fingerprint_of(claim.parameters).encode())
    return digest.hexdigest()


class ResultCache:
    def __init__(self, directory: str | os.PathLike = DEFAULT_DIRECTORY):
        self.raw = directory
        self.directory = Path(directory)
        self.reused = 0
        self._marked = False  # _mark has run (once per run: it may walk a foreign directory)
        self._replayed_keys = {}  # (file, id) -> the claim's content hash, for the claims of a replayed run

    def problem(self) -> str | None:
        """Before a run: why the cache will not be written here (None when it will), for a warning: a directory that
        cannot be created or written (--cache-dir /dev/null, a path under a file).  CacheDirectoryError for an empty
        path and for an existing directory that is neither a verify cache nor empty: its files would be mixed with
        the cache's, and --cache-clear would then refuse it (review of 2026-12-05)."""
        if str(self.raw) == "":
            raise CacheDirectoryError("--cache-dir is empty: name a directory of its own (the default is .verify_cache)")
        directory = self.directory
        try:
            if directory.exists() and not directory.is_dir():
                return f"{directory} is not a directory"
            if directory.is_dir() and not _is_tagged(directory) and not _holds_only_cache_files(directory):
                raise CacheDirectoryError(f"{directory} is not a verify cache (no {TAG_NAME}) and holds other files: give a new or empty "
                                          "directory, or --no-cache")
            existing = directory  # nothing is created here: a run that caches nothing (--plots) leaves no directory
            while not existing.exists() and existing != existing.parent:
                existing = existing.parent
            if not existing.is_dir():
                return f"{directory} cannot be created (under {existing}, which is not a directory)"
            if not os.access(existing, os.W_OK | os.X_OK):
                return f"{directory} cannot be {'written' if existing == directory else 'created'}"
        except OSError as exc:
            return f"{directory} cannot be used ({exc.strerror or exc})"
        return None

    def _entry(self, key: str) -> Path:
        return self.directory / "results" / key[:2] / f"{key}.json"

    def get(self, claim) -> tuple[Outcome, float | None] | None:
        key = _key_or_none(claim)  # none for a claim whose table cannot be written out (an integer of 5,000 digits in
        if key is None:  # its note was a traceback here: a review of 2026-12-07): checked, never cached
            return None
        try:
            data = json.loads(_read(self._entry(key)))
            outcome, seconds = _outcome_of(data, key)
        except READ_ERRORS:
            return None
        self.reused += 1
        return outcome, seconds

    def put(self, claim, outcome: Outcome, seconds: float | None) -> None:
        key = _key_or_none(claim)
        if key is None or outcome.status not in CACHED_STATUSES:
            return
        self._mark()
        _write_json(self.directory, self._entry(key), {"key": key, **_outcome_data(outcome, seconds)})

    # --- the last outcome of each claim, for --failed -------------------------------------------------------------

    def _last_path(self) -> Path:
        return self.directory / "last-outcomes.json"

    def _last_outcomes(self) -> dict | None:
        """(file, id) -> (passed, content hash or None) as last recorded; None before any run."""
        try:
            data = json.loads(_read(self._last_path()))
            return {(entry[0], entry[1]): (bool(entry[2]), entry[3] if len(entry) > 3 else None) for entry in data}
        except READ_ERRORS + (IndexError,):
            return None

    def to_recheck(self, claims) -> list | None:
        """For ``--failed``: the claims that did not come out as expected when last checked, and those not recorded as
        passing with their present inputs (a new or renamed file, an edited claim or model: its content hash differs);
        None before any recorded run (then every claim is checked, as pytest's --lf does)."""
        last = self._last_outcomes()
        if last is None:
            return None
        return [c for c in claims if c.load_error or last.get((c.file, c.id)) != (True, _key_or_none(c))]

    def record(self, results) -> None:
        """Keep whether each claim came out as expected, with its content hash (a replayed claim's from its library
        entry: the replay has no table to hash, and --failed re-checked every claim after one: a review of 2026-12-06)."""
        previous = {key: list(value) for key, value in (self._last_outcomes() or {}).items()}
        previous.update({(r.claim.file, r.claim.id): [bool(r.passed), self._replayed_keys.get((r.claim.file, r.claim.id)) or _key_or_none(r.claim)]
                         for r in results})
        self._mark()
        try:
            _write_json(self.directory, self._last_path(), [[f, i, *value] for (f, i), value in sorted(previous.items(), key=lambda item: (str(item[0][0]), str(item[0][1])))])
        except (OSError, TypeError):
            pass

    def _mark(self) -> None:
        """Create the directory with its CACHEDIR.TAG; an existing directory is tagged only when it holds nothing but
        the cache's own files (--cache-dir models must not make the models deletable by --cache-clear).  Once per
        run: put() calls it for every claim."""
        if self._marked:
            return
        self._marked = True
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            tag = self.directory / TAG_NAME
            if not tag.exists() and not tag.is_symlink() and _holds_only_cache_files(self.directory):
                _write_text(tag, TAG_TEXT)
        except OSError:
            pass

    def clear(self) -> None:
        """Delete the cache: a directory marked with CACHEDIR.TAG, or one holding only the cache's own files (an older
        cache); CacheDirectoryError for anything else (``--cache-dir models --cache-clear`` deleted the models)."""
        # shutil.rmtree refuses a link, and the run went on to replay every verdict (a review of 2026-12-06)
        if self.directory.is_symlink():
            raise CacheDirectoryError(f"{self.directory} is a symbolic link (to {os.readlink(self.directory)}): not deleted; give "
                                      "--cache-dir the directory itself")
        if not self.directory.exists():
            return
        if not self.directory.is_dir() or not (_is_tagged(self.directory) or _holds_only_cache_files(self.directory)):
            raise CacheDirectoryError(f"{self.directory} is not a verify cache (no {TAG_NAME}): not deleted")
        failures = []

        def failed(function, path, problem):  # onexc (Python 3.12) is given the exception, onerror its exc_info
            failures.append(f"{path}: {problem[1] if isinstance(problem, tuple) else problem}")

        shutil.rmtree(self.directory, **({"onexc": failed} if sys.version_info >= (3, 12) else {"onerror": failed}))
        if failures:  # a cache that could not be cleared must not be read as if it had been
            raise CacheDirectoryError(f"{self.directory} could not be deleted ({failures[0]}{' and more' if len(failures) > 1 else ''})")

    # --- a whole library whose files did not change ----------------------------------------------------------------

    def library_key(self, paths, model_dirs, select, read: dict | None = None) -> str | None:
        """The content hash of a run's inputs (see the module docstring), or None when a file cannot be read (the
        loader reports it).  Each file enters as its path and the hash of its bytes (a file's bytes entered whole
        could be made to look like several files: a review of 2026-12-07); ``read``: path -> hash of the bytes the
        loader read (verify.input.load.digests_read), instead of reading the files now (None when one is missing)."""
        digest = hashlib.sha256(code_fingerprint().encode())
        digest.update(json.dumps(sorted(select or ())).encode())
        try:
            for label, files in (("claims", toml_files(paths)), ("models", toml_files(model_dirs))):
                for path in files:
                    content = hashlib.sha256(read_bounded(path)).hexdigest() if read is None else read.get(str(path))
                    if content is None:
                        return None
                    digest.update(f"{label}\0{path}\0{content}\0".encode())
        except (OSError, ValueError):
            return None
        return digest.hexdigest()

    def _library_entry(self, key: str) -> Path:
        return self.directory / "libraries" / f"{key}.json"

    def get_library(self, key: str) -> list[tuple[Claim, Outcome, float | None]] | None:
        """The claims and outcomes of the run stored under ``key``, or None."""
        try:
            data = json.loads(_read(self._library_entry(key)))
            if not isinstance(data, dict) or data.get("key") != key or not isinstance(data.get("claims"), list):
                return None
            replay, keys = [], {}
            for entry in data["claims"]:
                texts = [entry[name] for name in ("id", "file", "statement", "check")]
                optional = [entry[name] for name in ("expected", "source_text", "document", "source_title", "claim_key")]
                if not all(isinstance(text, str) for text in texts) or not all(v is None or isinstance(v, str) for v in optional) \
                        or not (entry["line"] is None or type(entry["line"]) is int and entry["line"] >= 1):
                    return None
                claim = Claim(id=entry["id"], file=entry["file"], table={}, statement=entry["statement"], check=entry["check"],
                              expected=entry["expected"], source_text=entry["source_text"], document=entry["document"],
                              source_title=entry["source_title"], line=entry["line"])
                outcome, seconds = _outcome_of(entry)
                replay.append((claim, outcome, seconds))
                keys[(claim.file, claim.id)] = entry["claim_key"]
        except READ_ERRORS:
            return None
        if replay:
            self._replayed_keys.update(keys)
        return replay or None

    def put_library(self, key: str, results) -> None:
        """Keep a run under ``key`` when every claim loaded and came out verified or refuted."""
        if not results or any(r.claim.load_error or r.outcome.status not in CACHED_STATUSES for r in results):
            return
        entries = [{"id": r.claim.id, "file": r.claim.file, "line": r.claim.line, "statement": r.claim.statement, "check": r.claim.check,
                    "expected": r.claim.expected, "source_text": r.claim.source_text if isinstance(r.claim.source_text, str) else None,
                    "document": r.claim.document, "source_title": r.claim.source_title,
                    "claim_key": self._replayed_keys.get((r.claim.file, r.claim.id)) or _key_or_none(r.claim),
                    **_outcome_data(r.outcome, r.seconds)}
                   for r in results]
        self._mark()
        _write_json(self.directory, self._library_entry(key), {"key": key, "claims": entries})


def _outcome_data(outcome: Outcome, seconds) -> dict:
    """An outcome as JSON data (exact values as their strings)."""
    from verify.report.shared import value_text

    return {"status": outcome.status, "evidence": outcome.evidence, "message": outcome.message,
            "computed": {str(k): value_text(v) for k, v in outcome.computed.items()} if isinstance(outcome.computed, dict) else {},
            "derivation": [line_data(line) for line in outcome.derivation],
            "margins": {str(k): float(v) for k, v in outcome.margins.items()}, "seconds": seconds}


EVIDENCE = ("exact", "symbolic", "certified", "numerical")


def _outcome_of(data: dict, key: str | None = None) -> tuple[Outcome, float | None]:
    """(outcome, seconds) of an entry, or ValueError unless every field has the shape _outcome_data writes (a verdict,
    one of the evidence names, strings, numbers) and, given ``key``, the entry is the one written for that key: a
    damaged or planted entry (seconds "abc", an id 5, a message null, an entry copied under another claim's name) is
    a miss, not a traceback in a report (a review of 2026-12-06)."""
    if not isinstance(data, dict) or (key is not None and data.get("key") != key):
        raise ValueError("not this entry")
    computed, margins, seconds = data["computed"], data.get("margins", {}), data.get("seconds")
    if data["status"] not in CACHED_STATUSES or data["evidence"] not in EVIDENCE or not isinstance(data["message"], str) \
            or not isinstance(computed, dict) or not all(isinstance(v, str) for v in computed.values()) \
            or not isinstance(margins, dict) or not all(type(v) in (int, float) for v in margins.values()) \
            or not (seconds is None or type(seconds) in (int, float) and math.isfinite(seconds) and seconds >= 0) \
            or not isinstance(data["derivation"], list):
        raise ValueError("not an entry of this cache")
    derivation = [stored_line(line) for line in data["derivation"]]
    return Outcome(data["status"], data["evidence"], data["message"], dict(computed), derivation, dict(margins)), seconds


def _write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a new temporary beside it (created exclusively, never through a symlink)
    renamed over it: the rename replaces a symlink planted at ``path`` instead of writing through it (a review of
    2026-12-06: a link at last-outcomes.json had the run overwrite the file it pointed to)."""
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        temporary.unlink()  # one this process left behind (or a link planted there)
    except FileNotFoundError:
        pass
    fd = os.open(temporary, flags, 0o644)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _write_json(root: Path, path: Path, data) -> None:
    """Write ``data`` to ``path`` atomically (_write_text) in the cache directory ``root``; a cache that cannot be
    written only costs time.  Not written when a directory between ``root`` and ``path`` is a symbolic link (planted
    at results/ or libraries/, it would take the entry outside the cache: a review of 2026-12-06); ``root`` itself
    may be one (a cache kept on another disk)."""
    try:
        root.mkdir(parents=True, exist_ok=True)
        folder = root
        for part in path.relative_to(root).parts[:-1]:  # results, results/ab, libraries: each made here, none a link
            folder = folder / part
            if folder.is_symlink():
                return
            folder.mkdir(exist_ok=True)
        _write_text(path, json.dumps(data))
    except (OSError, ValueError, TypeError):
        pass
