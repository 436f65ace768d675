"""The command line of SPEC.md: ``verify run``, ``verify list``, ``verify explain``."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from verify.limits import DEFAULT_MEMORY_MIB, DEFAULT_TIMEOUT, limit_problem
from verify.report import FORMATS, figures, render_report, unlimited_int_digits

# sympy, mpmath and the claim kinds are imported by the commands that use them: `verify --help` pays for none.

paths_argument = click.argument("paths", nargs=-1, type=click.Path(exists=True))
models_option = click.option("--models", "model_dirs", multiple=True, type=click.Path(file_okay=False), help="Model directory (repeatable; default ./models).")


def _usable_limit(context, parameter, value):
    """A --timeout or --memory-limit no worker can keep (nan, which passes a float range, inf, or past the ranges
    of limits.limit_problem, the rule the API and the pytest plugin apply too) is a usage error."""
    problem = limit_problem(value, None) if parameter.name == "timeout" else limit_problem(None, value)
    if problem:
        raise click.BadParameter(problem)
    return value


def limit_options(command):
    """--timeout, --memory-limit and --in-process, shared by run and explain."""
    command = click.option("--in-process", is_flag=True, help="Check in this process: no worker processes and no time or memory limit (for debugging).")(command)
    command = click.option(
        "--memory-limit", "memory_limit", type=int, default=None, metavar="MB", callback=_usable_limit,
        help=f"Address space per worker process in MiB; a claim past it is an error (default {DEFAULT_MEMORY_MIB}; 0: no limit).",
    )(command)
    command = click.option(
        "--timeout", type=float, default=None, metavar="SECONDS", callback=_usable_limit,
        help=f"Per-claim limit in seconds; a claim past it is an error, the rest go on (default {DEFAULT_TIMEOUT:g}; 0: no limit).",
    )(command)
    return command


def resolve_limits(timeout, memory_limit, in_process, jobs=1):
    """The limits to use: the defaults unless given; --in-process refuses explicit limits and --jobs."""
    if in_process:
        given = [name for name, value in (("--timeout", timeout), ("--memory-limit", memory_limit)) if value]
        if jobs > 1:
            given.append("--jobs")
        if given:
            raise click.UsageError(f"--in-process runs without worker processes, so it cannot apply {', '.join(given)}")
        return 0, 0
    from verify.limits import DEFAULT

    timeout = DEFAULT if timeout is None else timeout
    memory_limit = DEFAULT if memory_limit is None else memory_limit
    return timeout, memory_limit


EXPLAIN_HEAD = 40  # verify explain shows the first and last this many lines of a longer derivation, unless --all
NO_CLAIM_SELECTED = 5  # exit status when -k matches no claim (as pytest's "no tests collected")


def _checked_selection(expressions):
    """The -k expressions, each checked for syntax now (a usage error, exit 2, instead of a run that selects nothing)."""
    from verify.selection import SelectionError, compile_selection

    try:
        compile_selection(expressions)
    except SelectionError as exc:
        raise click.BadParameter(str(exc)) from None
    return expressions


select_option = click.option(
    "-k", "select", metavar="EXPRESSION", multiple=True, callback=lambda context, parameter, value: _checked_selection(value),
    help='Only the claims whose id matches: a word matches ids that contain it; words combine with and, or, not and '
         'parentheses, as in pytest ("heun and not wrong"). Repeatable: every -k must match.')


@click.group()
@click.version_option(package_name="verify-timeint")
def main():
    """Check worked examples of numerical time integration exactly."""


@main.command("run")
@paths_argument
@models_option
@click.option("--format", "report_format", type=click.Choice(sorted(FORMATS)), default="text", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write the report here instead of stdout.")
@select_option
@click.option("--sources", "source_dirs", multiple=True, type=click.Path(file_okay=False), help="Where source documents are looked up (repeatable; default ./sources and ../shared/sources).")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Check claims in N worker processes.")
@limit_options
@click.option("--plots", type=click.Choice(["svg", "png"]), is_flag=False, flag_value="svg", default=None,
              help="Draw energy, order and stability claims (--plots: SVG; --plots png) into the --plots-dir folder (needs matplotlib).")
@click.option("--plots-dir", type=click.Path(file_okay=False), default=None, metavar="DIR",
              help="Where --plots writes (default: REPORT-plots/ beside the report given with -o, else verify-plots/).")
@click.option("--durations", type=click.IntRange(min=0), default=None, metavar="N",
              help="List the N slowest claims after the report (0: all), as pytest's --durations does.")
@click.option("--strict-sources", is_flag=True,
              help="Fail the run (exit 1) when a claim's source_text is not in its source document, or the document is not found.")
@click.option("-v", "--verbose", "verbosity", flag_value=2, help="One line per claim on stderr as it finishes (outcome, seconds, count).")
@click.option("-q", "--quiet", "verbosity", flag_value=0, help="No progress on stderr.")
@click.option("--cache-dir", type=click.Path(file_okay=False), default=".verify_cache", show_default=True,
              help="Where verdicts are kept between runs; a claim whose inputs (its table, its model, verify's code) did not change is not checked again.")
@click.option("--no-cache", is_flag=True, help="Check every claim; read and write no cache.")
@click.option("--cache-clear", is_flag=True, help="Empty the cache before the run.")
@click.option("--failed", is_flag=True, help="Only the claims that did not come out as expected when last checked (all of them before any run).")
@click.option("--baseline", "baseline_path", type=click.Path(dir_okay=False), metavar="FILE",
              help="Known outcomes: record this run's outcomes in FILE when it does not exist; when it does, fail only on claims whose outcome changed since.")
@click.option("--baseline-update", is_flag=True, help="Record this run's outcomes in the --baseline FILE even when it exists.")
def run_command(paths, model_dirs, report_format, output, select, source_dirs, jobs, timeout, memory_limit, in_process, plots, plots_dir, durations,
                strict_sources, verbosity, cache_dir, no_cache, cache_clear, failed, baseline_path, baseline_update):
    """Check every claim in PATHS (files or directories; default ./claims)."""
    from verify import baseline, results as results_module
    from verify.cache import ResultCache
    from verify.errors import CacheDirectoryError

    timeout, memory_limit = resolve_limits(timeout, memory_limit, in_process, jobs)
    for folder in [*model_dirs, *source_dirs]:  # a mistyped directory read nothing, silently (a review of 2026-12-06)
        if not Path(folder).is_dir():
            click.echo(f"warning: {folder} is not a directory: nothing is read from it", err=True)
    if baseline_update and not baseline_path:
        raise click.UsageError("--baseline-update needs --baseline FILE")
    if baseline_path and output and Path(output).resolve() == Path(baseline_path).resolve():
        raise click.UsageError("the report (-o) and the baseline (--baseline) must be different files")
    if output:
        _refuse_output_among_inputs(output, paths or [results_module.DEFAULT_CLAIMS], results_module.default_model_dirs(model_dirs))
    recorded = None
    if baseline_path:
        try:
            recorded = baseline.read(baseline_path)  # before the run: a bad baseline is a usage error, not a wasted run
        except baseline.BaselineError as exc:
            if not baseline_update:
                raise click.BadParameter(str(exc), param_hint="--baseline") from None
    cache = None if no_cache else ResultCache(cache_dir)
    if cache_clear:
        try:
            ResultCache(cache_dir).clear()
        except CacheDirectoryError as exc:
            raise click.BadParameter(str(exc), param_hint="--cache-clear") from None
    if cache is not None:
        try:
            problem = cache.problem()
        except CacheDirectoryError as exc:
            raise click.BadParameter(str(exc), param_hint="--cache-dir") from None
        if problem:
            click.echo(f"warning: {problem}: no verdict is cached in this run", err=True)
    level = 1 if verbosity is None else verbosity
    library_key = replay = None
    library = (paths or [results_module.DEFAULT_CLAIMS], results_module.default_model_dirs(model_dirs), select)  # what the key hashes
    if cache is not None and not plots and not failed:  # an unchanged library: its last run, replayed without loading
        library_key = cache.library_key(*library)
        replay = cache.get_library(library_key) if library_key else None
    if replay is not None:
        progress = Progress(len(replay), level)
        for claim, outcome, seconds in replay:
            progress(claim, outcome, seconds)
        progress.close()
        results = results_module.assemble([c for c, _, _ in replay], [(o, s) for _, o, s in replay], source_dirs, range(len(replay)))
        cache.reused = len(results)
        cache.record(results)
    else:
        results = _check(paths, model_dirs, select, source_dirs, jobs, timeout, memory_limit, in_process, plots, failed, cache, cache_dir, level,
                         strict_sources)
        # kept only if the loader read the bytes the key is of, and they are still there after the run
        from verify.input.load import digests_read

        if library_key and library_key == cache.library_key(*library, read=digests_read()) == cache.library_key(*library):
            cache.put_library(library_key, results)
    if cache is not None and cache.reused and (verbosity is None or verbosity > 0):
        click.echo(f"note: reused {cache.reused} of {len(results)} verdicts from {cache_dir} (their inputs did not change; --no-cache checks them again)",
                   err=True)
    if plots:
        folder = Path(plots_dir) if plots_dir else Path(output).with_name(Path(output).stem + "-plots") if output else Path("verify-plots")
        failures = []
        try:
            written = figures.write_figures(results, folder, plots, failures)
        except figures.FiguresUnavailable as exc:
            click.echo(f"warning: {exc}; no pictures written", err=True)
        else:
            for failure in failures:
                click.echo(f"warning: no picture for {failure}", err=True)
            if not written:
                click.echo("note: no claim in this run draws a picture (energy, order and stability claims do)", err=True)
            report_folder = Path(output).parent if output else Path(".")
            for r in results:  # the reports link each picture relative to where they are written
                if r.figure_path:
                    r.figure_link = os.path.relpath(r.figure_path, report_folder)
    report = render_report(report_format, results)
    status = results_module.exit_status(results, strict_sources=strict_sources)
    baseline_lines = []
    if baseline_path:
        selected = bool(select) or failed  # a selection updates its own claims in the baseline and keeps the others
        status = _baseline_status(baseline, baseline_path, recorded, results, status, baseline_lines, strict_sources,
                                  update=baseline_update, keep=recorded if selected else None)
    if output:
        try:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(report)
        except OSError as exc:
            click.echo(f"error: cannot write the report to {output}: {exc.strerror or exc}", err=True)
            status = 2
    else:
        click.echo(_coloured(report) if report_format == "text" and _colour(sys.stdout) else report, nl=False)
    if output or report_format != "text":  # the text report already shows these lines
        for r in results:
            if r.load_failed:
                click.echo(f"error: {r.claim.load_error}", err=True)
    for problem in dict.fromkeys(r.source_problem for r in results if r.source_problem):
        click.echo(f"warning: {problem}", err=True)
    missing = {}
    for r in results:
        if r.source_missing and not r.source_problem:
            missing.setdefault(r.claim.document, []).append(r.claim.id)
    directories = results_module.default_source_dirs(source_dirs)
    where = f"beside its claim file or in {', '.join(directories)}" if directories else "beside its claim file (and no source directory exists)"
    for document, ids in missing.items():
        cited = f"{len(ids)} claims cite it" if len(ids) != 1 else f"claim {ids[0]!r} cites it"
        click.echo(f"{'error' if strict_sources else 'warning'}: source document {document} not found {where}; {cited}, "
                   f"so its source_text is not checked", err=True)
    for line in baseline_lines:
        click.echo(line, err=True)
    if durations is not None:  # after the text report on stdout; beside a report in a file or another format, on stderr
        for line in slowest_lines(results, durations):
            click.echo(line, err=bool(output) or report_format != "text")
    sys.exit(status)


def _check(paths, model_dirs, select, source_dirs, jobs, timeout, memory_limit, in_process, plots, failed, cache, cache_dir, level,
           strict_sources=False):
    """Load the claims and check them (the claim kinds, sympy and the workers are imported here, not for a replay).
    With ``failed``, those that did not pass last time, and with ``strict_sources`` also those whose source_text is
    stale or whose document is missing now (they fail the run: "nothing to re-run" and exit 0 hid a stale source, a
    review of 2026-12-07)."""
    from verify import checks, results as results_module, runner
    from verify.cache import ResultCache

    claims = runner.load(paths, model_dirs, select, timeout=timeout)
    if select and not claims:  # pytest's convention: nothing selected is not a pass (a file that cannot be read is exit 2)
        click.echo(f"error: no claim id matches {' and '.join(repr(k) for k in select)} (-k); nothing was checked", err=True)
        sys.exit(NO_CLAIM_SELECTED)
    if not claims:  # an empty directory or a wrong path passed CI as "total: 0 claims", exit 0 (a review of 2026-12-06)
        click.echo(f"error: no claim found in {', '.join(map(str, paths or [runner.DEFAULT_CLAIMS]))}; nothing was checked", err=True)
        sys.exit(NO_CLAIM_SELECTED)
    if failed:
        recheck = ResultCache(cache_dir).to_recheck(claims)
        if recheck is not None and strict_sources:
            anchored = results_module.assemble(claims, [(None, None)] * len(claims), source_dirs)
            chosen = {id(c) for c in recheck} | {id(r.claim) for r in anchored if r.source_note}
            recheck = [c for c in claims if id(c) in chosen]
        if recheck is not None:  # pytest's --lf: before any recorded run, every claim
            claims = recheck
            if not claims:
                click.echo("note: every claim came out as expected when last checked and none changed since: nothing to re-run "
                           "(--failed)", err=True)
                sys.exit(0)
    progress = Progress(len(claims), level)
    results = runner.check(claims, source_dirs, jobs=jobs, timeout=timeout, memory_limit=memory_limit, in_process=in_process,
                           context=checks.Context(figures=bool(plots)), progress=progress, cache=cache)
    progress.close()
    return results


def _baseline_status(baseline, path, recorded, results, status, lines, strict_sources, update, keep) -> int:
    """The exit status against the baseline (recording it first when there is none, or with --baseline-update), and
    its lines for stderr.  A claim that could not be loaded keeps status 2; --strict-sources keeps its failures."""
    if status == 2:  # a claim that could not be loaded: nothing is recorded or compared, and stderr says so
        lines.append(f"baseline {path}: not {'recorded' if recorded is None or update else 'compared'}: "
                     "a claim or file could not be loaded (exit status 2); fix the load errors first")
        return status
    sources_failed = strict_sources and any(r.source_note for r in results)
    if recorded is None or update:
        try:
            baseline.write(path, results, keep)
        except OSError as exc:
            lines.append(f"error: cannot write the baseline {path}: {exc.strerror or exc}")
            return 2
        lines.append(f"baseline {path}: recorded the outcomes of {len(results)} claims; later runs with --baseline fail only on changes")
        return 1 if sources_failed else 0
    comparison = baseline.compare(results, recorded)
    lines.extend(baseline.summary_lines(comparison, path))
    return 1 if comparison.failed or sources_failed else 0


def _colour(stream) -> bool:
    """Colour on a terminal, unless NO_COLOR is set (https://no-color.org)."""
    return not os.environ.get("NO_COLOR") and hasattr(stream, "isatty") and stream.isatty()


def _coloured(report: str) -> str:
    """The text report with its ok / FAIL markers in green / red."""
    lines = []
    for line in report.split("\n"):
        if line.startswith("  ok   "):
            line = "  " + click.style("ok", fg="green") + line[4:]
        elif line.startswith("  FAIL "):
            line = "  " + click.style("FAIL", fg="red", bold=True) + line[6:]
        lines.append(line)
    return "\n".join(lines)


class Progress:
    """What `verify run` shows on stderr while it checks: at level 2 (-v) one line per claim as it finishes; at
    level 1 (the default) a counter rewritten in place, on a terminal only; at level 0 (-q) nothing."""

    def __init__(self, total: int, level: int):
        self.total, self.level, self.done, self.failed = total, level, 0, 0
        self.live = level == 1 and hasattr(sys.stderr, "isatty") and sys.stderr.isatty()
        self.colour = _colour(sys.stderr)

    def __call__(self, claim, outcome, seconds) -> None:
        self.done += 1
        passed = outcome.status == claim.expected
        self.failed += not passed
        if self.level >= 2:
            marker = "ok  " if passed else "FAIL"
            if self.colour:
                marker = click.style("ok", fg="green") + "  " if passed else click.style("FAIL", fg="red", bold=True)
            took = "" if seconds is None else f"{seconds:7.2f} s"
            click.echo(f"[{self.done:>{len(str(self.total))}}/{self.total}] {marker} {outcome.status:<8} {took:>9}  {claim.id}", err=True)
        elif self.live:
            click.echo(f"\rchecked {self.done}/{self.total}" + (f", {self.failed} not as expected" if self.failed else ""), err=True, nl=False)

    def close(self) -> None:
        if self.live and self.done:
            click.echo("\r\033[K", err=True, nl=False)  # clear the counter before the report


def slowest_lines(results, count: int) -> list[str]:
    """The ``count`` slowest checked claims (0: all), slowest first, as pytest lists its --durations."""
    timed = sorted((r for r in results if r.seconds is not None), key=lambda r: r.seconds, reverse=True)
    shown = timed if count == 0 else timed[:count]
    head = f"slowest {len(shown)} of {len(timed)} claims ({sum(r.seconds for r in timed):.2f} s in all):"
    return [head] + [f"  {r.seconds:8.2f} s  {r.claim.check or '-':<10} {r.claim.id}" for r in shown]


@main.command("list")
@paths_argument
@models_option
@select_option
def list_command(paths, model_dirs, select):
    """Print the ids and statements of the claims in PATHS."""
    from verify import runner

    claims = runner.load(paths, model_dirs, select)
    if select and not claims:
        click.echo(f"error: no claim id matches {' and '.join(repr(k) for k in select)} (-k)", err=True)
        sys.exit(NO_CLAIM_SELECTED)
    for claim in claims:
        if claim.load_error:
            click.echo(f"{claim.id}  [cannot load: {claim.load_error}]")
        else:
            click.echo(f"{claim.id}  ({claim.check}) {claim.statement}")
    sys.exit(2 if any(c.load_error for c in claims) else 0)


@main.command("explain")
@click.argument("claim_id")
@paths_argument
@models_option
@click.option("--latex", is_flag=True, help="Write the derivation as a LaTeX align* environment (sympy's printer for every value).")
@click.option("--standalone", is_flag=True, help="With --latex: a complete document that compiles on its own.")
@click.option("--all", "show_all", is_flag=True, help=f"Every line of a long derivation (by default the first and last {EXPLAIN_HEAD} lines).")
@limit_options
def explain_command(claim_id, paths, model_dirs, latex, standalone, show_all, timeout, memory_limit, in_process):
    """Print how claim CLAIM_ID was computed, one exact intermediate value per line."""
    from verify import runner

    if standalone and not latex:
        raise click.UsageError("--standalone goes with --latex")
    timeout, memory_limit = resolve_limits(timeout, memory_limit, in_process)
    loaded = runner.load(paths, model_dirs, ids=[claim_id])
    claims = [c for c in loaded if c.id == claim_id]
    if not claims:
        # a file that could not be read may hold it: say why each could not (a TOML error, a bad model file)
        unread = [c.load_error for c in loaded if c.load_error and c.id.startswith("(")]
        click.echo(f"no claim with id {claim_id!r}" + "".join(f"; {error}" for error in unread), err=True)
        sys.exit(2)
    claim = claims[0]
    if len(claims) > 1:  # `verify run` makes the later ones errors: said here too, and the exit status is 2
        others = ", ".join(f"{c.file}:{c.line}" for c in claims[1:])
        click.echo(f"error: the id {claim_id!r} is defined {len(claims)} times (also at {others}); explaining the first, in "
                   f"{claim.file}:{claim.line}", err=True)
    outcome, lines = runner.explain_bounded(claim, timeout=timeout, memory_limit=memory_limit, in_process=in_process)
    if not show_all:
        from verify.report.shared import summarised

        lines = summarised(lines, EXPLAIN_HEAD)
    with unlimited_int_digits():  # our own exact values, not untrusted input
        if latex:
            from verify.report import latex as latex_report

            fragment = latex_report.fragment(claim, lines, outcome)
            click.echo(latex_report.standalone([fragment]) if standalone else fragment, nl=False)
        else:
            click.echo(f"{claim.id}: {claim.statement}")
            for line in lines:
                click.echo("  " + line)
            click.echo(f"=> {outcome.status} ({outcome.evidence or '-'}): {outcome.message}")
    sys.exit(2 if claim.load_error or len(claims) > 1 else 0 if outcome.status == claim.expected else 1)


@main.command("coverage")
@paths_argument
@models_option
@click.option("--sources", "source_dirs", multiple=True, type=click.Path(file_okay=False), help="Where source documents are looked up (repeatable; default ./sources and ../shared/sources).")
@click.option("--format", "report_format", type=click.Choice(["text", "json", "html"]), default="text", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write the report (or the skeleton) here instead of stdout.")
@click.option("-v", "--verbose", is_flag=True, help="Also list the checked items and the claims that check them.")
@click.option("--scaffold", "scaffold_document", metavar="DOC",
              help="Write a claim-file skeleton for document DOC (a name cited by the claims or found in the source directories, or a path): one commented [[claim]] per number no claim checks.")
@click.option("--fail-under", type=click.FloatRange(0, 100), default=None, metavar="PERCENT",
              help="Exit 1 when a document has fewer than PERCENT of its stated numbers checked or out of scope.")
def coverage_command(paths, model_dirs, source_dirs, report_format, output, verbose, scaffold_document, fail_under):
    """List, for each source document the claims in PATHS cite, every number and formula it states and which
    claims check them (default ./claims)."""
    from verify import coverage, runner
    from verify.report.coverage import FORMATS as COVERAGE_FORMATS
    from verify.results import DEFAULT_CLAIMS

    no_claims = scaffold_document and not paths and not Path(DEFAULT_CLAIMS).exists()
    claims = [] if no_claims else runner.load(paths, model_dirs)  # a skeleton for a new page needs no claims
    for claim in claims:
        if claim.load_error:
            click.echo(f"error: {claim.load_error}", err=True)
    documents, warnings = coverage.coverage(claims, source_dirs)
    for warning in warnings:
        click.echo(f"warning: {warning}", err=True)
    if scaffold_document:
        text = _scaffold(coverage, documents, scaffold_document, source_dirs)
    else:
        text = COVERAGE_FORMATS[report_format](documents, verbose)
    if output:
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as exc:
            click.echo(f"error: cannot write {output}: {exc.strerror or exc}", err=True)
            sys.exit(2)
    else:
        click.echo(text, nl=False)
    if any(c.load_error for c in claims):
        sys.exit(2)
    if fail_under is not None and not scaffold_document:
        short = [d for d in documents if d.percent("number", ("checked", "out of scope")) < fail_under]
        for doc in short:
            click.echo(f"FAIL: {doc.document}: {doc.percent('number', ('checked', 'out of scope')):.0f}% of its numbers "
                       f"checked or out of scope, under {fail_under:g}% (--fail-under)", err=True)
        sys.exit(1 if short else 0)
    sys.exit(0)


def _scaffold(coverage, documents, name, source_dirs) -> str:
    """The skeleton for document ``name``: a cited document (as the coverage read it), one in the source directories,
    or a file path."""
    from verify.results import SourceLibrary, default_source_dirs, read_bounded

    for doc in documents:
        if name in (doc.document, doc.path) and doc.path:
            if doc.problem:
                raise click.BadParameter(f"document {name!r}: {doc.problem}", param_hint="--scaffold")
            return coverage.scaffold(doc.document, doc.text, doc.items, doc.title)
    library = SourceLibrary(default_source_dirs(source_dirs))
    path = library.locate(name)
    if path is None and name in library.problems:
        raise click.BadParameter(f"document {name!r}: {library.problems[name]}", param_hint="--scaffold")
    if path is not None:
        text = library.raw(name)
    elif Path(name).is_file():
        path = name
        try:
            text = read_bounded(path).decode("utf-8", errors="replace")
        except (OSError, ValueError) as exc:  # FileRefused (too large, not a regular file) is a ValueError
            raise click.BadParameter(f"document {name!r} cannot be read: {exc}", param_hint="--scaffold") from None
    else:
        raise click.BadParameter(f"document {name!r} is neither cited by a claim, nor in the source directories, nor a file",
                                 param_hint="--scaffold")
    page = coverage.document_coverage(Path(path).name, path, text, None, [], [])
    if page.problem:
        raise click.BadParameter(f"document {name!r}: {page.problem}", param_hint="--scaffold")
    return coverage.scaffold(Path(path).name, text, page.items)




def _refuse_output_among_inputs(output, paths, model_dirs) -> None:
    """A report written over a claim or model file the run reads (verify run c.toml -o c.toml replaced the claims), or
    as a *.toml inside a directory it reads (the next run would read the report as a claim file), is a usage error:
    a review of 2026-12-06."""
    from verify.input.files import toml_files

    target = Path(output).resolve()
    for path in toml_files([*paths, *(d for d in model_dirs if Path(d).is_dir())]):
        try:
            same = path.resolve() == target or (target.exists() and os.path.samefile(path, target))  # a hard link too
        except OSError:
            same = False
        if same:
            raise click.UsageError(f"the report (-o {output}) would overwrite {path}, which the run reads")
    if target.suffix == ".toml":
        for folder in [*paths, *model_dirs]:
            if Path(folder).is_dir() and Path(folder).resolve() in target.parents:
                raise click.UsageError(f"the report (-o {output}) is a .toml file inside {folder}, which the run reads: the next "
                                       "run would read the report as a claim file")


if __name__ == "__main__":
    main()
