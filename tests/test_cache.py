"""The result cache: an unchanged claim is not checked again; a changed claim, model or code is; errors are never
reused; --no-cache, --cache-clear and --failed."""
from __future__ import annotations

import json

from test_cli_reports import QUICK_PAIR

GROWTH_RUN = 'check = "run"\nmodel = "growth"\nmethod = "euler"\noptions = { h = "1/2" }\ninitial = { y = 1 }\nsteps = 2\n'
TWO_MODELS = (QUICK_PAIR + '\n[model.growth]\nstates = ["y"]\nrhs = { y = "y" }\n'  # heun on decay, sum, and two claims on growth
              + f'\n[[claim]]\nid = "growth-euler"\nstatement = "s"\n{GROWTH_RUN}expect = {{ y = "9/4" }}\n'
              + f'\n[[claim]]\nid = "broken"\nstatement = "s"\n{GROWTH_RUN}expect = {{ y = "unknown_name" }}\n')


def report(run_cli, *args):
    result = run_cli("run", "c.toml", "--format", "json", *args)
    return {c["id"]: c for c in json.loads(result.stdout)["claims"]}, result


def test_an_unchanged_claim_is_reused_and_a_changed_model_invalidates_exactly_its_claims(run_cli, tmp_path):
    (tmp_path / "c.toml").write_text(TWO_MODELS, encoding="utf-8")
    first, _ = report(run_cli)
    assert not any(c["cached"] for c in first.values()) and first["broken"]["status"] == "error"
    second, result = report(run_cli)
    assert {k for k, c in second.items() if c["cached"]} == {"heun", "growth-euler", "sum"}  # an error is checked again
    assert "note: reused 3 of 4 verdicts from .verify_cache" in result.stderr
    for key in first:
        assert (first[key]["status"], first[key]["message"], first[key]["computed"]) == (second[key]["status"], second[key]["message"], second[key]["computed"])
    (tmp_path / "c.toml").write_text(TWO_MODELS.replace('rhs = { y = "y" }', 'rhs = { y = "2*y" }'), encoding="utf-8")  # growth only
    third, _ = report(run_cli)
    assert {k for k, c in third.items() if c["cached"]} == {"heun", "sum"}
    assert third["growth-euler"]["status"] == "refuted"  # (1 + 1)^2 = 4, not 9/4: checked again, not reused
    (tmp_path / "c.toml").write_text(TWO_MODELS.replace('rhs = "3/4"', 'rhs = "3/5"'), encoding="utf-8")
    fourth, _ = report(run_cli)
    assert not fourth["sum"]["cached"] and fourth["sum"]["status"] == "refuted" and fourth["heun"]["cached"]


def test_a_change_of_the_code_invalidates_every_entry(run_cli, tmp_path, monkeypatch):
    from verify import cache

    (tmp_path / "c.toml").write_text(TWO_MODELS, encoding="utf-8")
    report(run_cli)
    assert report(run_cli)[0]["sum"]["cached"]
    monkeypatch.setattr(cache, "_CODE_HASH", "another version of verify")
    assert not any(c["cached"] for c in report(run_cli)[0].values())


def test_no_cache_clear_and_a_damaged_entry(run_cli, tmp_path):
    (tmp_path / "c.toml").write_text(TWO_MODELS, encoding="utf-8")
    report(run_cli, "--no-cache")
    assert not (tmp_path / ".verify_cache").exists()
    report(run_cli)
    for entry in (tmp_path / ".verify_cache" / "results").rglob("*.json"):
        entry.write_text("{ not json", encoding="utf-8")
    damaged, _ = report(run_cli)
    assert not any(c["cached"] for c in damaged.values()) and damaged["sum"]["status"] == "verified"
    assert report(run_cli)[0]["sum"]["cached"]
    assert not any(c["cached"] for c in report(run_cli, "--cache-clear")[0].values())


def test_failed_reruns_only_the_claims_not_as_expected_last_time(run_cli, tmp_path):
    (tmp_path / "c.toml").write_text(TWO_MODELS, encoding="utf-8")
    every, _ = report(run_cli, "--failed")  # before any run: every claim
    assert set(every) == {"heun", "growth-euler", "sum", "broken"}
    again, _ = report(run_cli, "--failed")
    assert set(again) == {"broken"}
    (tmp_path / "c.toml").write_text(TWO_MODELS.replace('expect = { y = "unknown_name" }', 'expect = { y = "9/4" }'), encoding="utf-8")
    fixed = run_cli("run", "c.toml", "--failed")
    assert fixed.exit_code == 0 and "1 claim · all verified" in fixed.stdout
    done = run_cli("run", "c.toml", "--failed")
    assert done.exit_code == 0 and "nothing to re-run" in done.stderr


def test_an_unchanged_library_is_replayed_without_loading_a_claim(run_cli, tmp_path):
    """A run whose every claim came out verified or refuted is kept under the hash of its files; while no claim or
    model file changes, the next run replays it (same report, no sympy imported); any change checks claims again."""
    import subprocess
    import sys

    (tmp_path / "c.toml").write_text(QUICK_PAIR, encoding="utf-8")
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "m.toml").write_text('[model.unused]\nstates = ["x"]\nrhs = { x = "x" }\n', encoding="utf-8")
    first, _ = report(run_cli)
    assert not any(c["cached"] for c in first.values())
    replayed, result = report(run_cli)
    assert all(c["cached"] for c in replayed.values()) and "reused 2 of 2 verdicts" in result.stderr
    strip = ("cached",)
    assert [{k: v for k, v in c.items() if k not in strip} for c in first.values()] == \
           [{k: v for k, v in c.items() if k not in strip} for c in replayed.values()]
    code = ("import sys\nfrom verify.cli import main\nsys.argv = ['verify', 'run', 'c.toml', '-q']\ntry:\n    main()\nexcept SystemExit as e:\n"
            "    print('exit', e.code, 'sympy' in sys.modules, 'verify.checks' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True).stdout
    assert out.strip().endswith("exit 0 False False"), out  # replayed: neither sympy nor a claim kind imported
    (tmp_path / "models" / "m.toml").write_text('[model.unused]\nstates = ["x"]\nrhs = { x = "2*x" }\n', encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True).stdout
    assert out.strip().endswith("exit 0 True True"), out  # a model file changed: the claims are loaded (each reused)
    (tmp_path / "c.toml").write_text(QUICK_PAIR.replace('rhs = "3/4"', 'rhs = "3/5"'), encoding="utf-8")
    changed, _ = report(run_cli)
    assert changed["sum"]["status"] == "refuted" and not changed["sum"]["cached"]


def test_failed_rechecks_a_claim_edited_or_renamed_since_it_passed(run_cli, tmp_path):
    """Review of 2026-12-05: after a passing run, an edit that made a claim false, or a renamed file whose claim had
    failed, gave 'nothing to re-run' and exit 0 under --failed: the record was (file, id) -> passed, blind to the
    claim's content.  It holds the content hash now, and a claim not recorded as passing with its present inputs is
    checked again."""
    (tmp_path / "c.toml").write_text(TWO_MODELS, encoding="utf-8")
    report(run_cli)
    edited = TWO_MODELS.replace('expect = { y = "9/4" }', 'expect = { y = "5/2" }')  # (3/2)^2 = 9/4: now false
    (tmp_path / "c.toml").write_text(edited, encoding="utf-8")
    again, result = report(run_cli, "--failed")
    assert set(again) == {"growth-euler", "broken"} and again["growth-euler"]["status"] == "refuted" and result.exit_code == 2  # 2: "broken" does not load
    (tmp_path / "c.toml").rename(tmp_path / "d.toml")
    moved = run_cli("run", "d.toml", "--failed", "--format", "json")
    assert moved.exit_code == 2 and {c["id"] for c in json.loads(moved.stdout)["claims"]} == {"heun", "growth-euler", "sum", "broken"}


def test_the_cache_key_holds_hypothesis_s_version_and_clear_deletes_only_a_cache(run_cli, tmp_path, monkeypatch):
    """Review of 2026-12-05: hypothesis draws a sampled forall's instances but was not in the key; --cache-clear ran
    rmtree on whatever --cache-dir named (--cache-dir models deleted the models)."""
    from importlib import metadata

    from verify import cache

    monkeypatch.setattr(cache, "_CODE_HASH", None)
    before = cache.code_fingerprint()
    real = metadata.version
    monkeypatch.setattr(metadata, "version", lambda name: "0.0.0-other" if name == "hypothesis" else real(name))
    monkeypatch.setattr(cache, "_CODE_HASH", None)
    assert cache.code_fingerprint() != before
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "m.toml").write_text('[model.decay]\nstates = ["y"]\nrhs = { y = "-y" }\n', encoding="utf-8")
    (tmp_path / "c.toml").write_text(TWO_MODELS, encoding="utf-8")
    refused = run_cli("run", "c.toml", "--cache-dir", "models", "--cache-clear")
    assert refused.exit_code == 2 and "is not a verify cache" in refused.output and (tmp_path / "models" / "m.toml").exists()
    used = run_cli("run", "c.toml", "--cache-dir", "models")  # nor is a cache written among a user's files (review of 2026-12-05)
    assert used.exit_code == 2 and "models is not a verify cache (no CACHEDIR.TAG) and holds other files" in used.output
    assert sorted(p.name for p in (tmp_path / "models").iterdir()) == ["m.toml"]
    again = run_cli("run", "c.toml", "--cache-dir", "models", "--cache-clear")  # ... and it is still not deleted (review)
    assert again.exit_code == 2 and (tmp_path / "models" / "m.toml").exists()
    (tmp_path / "userdata" / "results").mkdir(parents=True)  # JSON where the cache writes, but not named as its entries
    (tmp_path / "userdata" / "results" / "thesis-data.json").write_text('{"precious": 1}', encoding="utf-8")
    assert run_cli("run", "c.toml", "--cache-dir", "userdata", "--cache-clear").exit_code == 2
    assert (tmp_path / "userdata" / "results" / "thesis-data.json").exists()
    (tmp_path / "target").mkdir()  # cargo writes the standard's signature too: its target/ is not verify's cache (review)
    (tmp_path / "target" / cache.TAG_NAME).write_text("Signature: 8a477f597d28d172789f06886806bc55\n# This file is a cache directory tag "
                                                      "created by cargo.\n", encoding="utf-8")
    (tmp_path / "target" / "release.bin").write_text("build", encoding="utf-8")
    assert run_cli("run", "c.toml", "--cache-dir", "target", "--cache-clear").exit_code == 2
    assert run_cli("run", "c.toml", "--cache-dir", "target").exit_code == 2 and (tmp_path / "target" / "release.bin").exists()
    assert sorted(p.name for p in (tmp_path / "target").iterdir()) == [cache.TAG_NAME, "release.bin"]
    empty = run_cli("run", "c.toml", "--cache-dir", "")
    assert empty.exit_code == 2 and "--cache-dir is empty: name a directory of its own" in empty.output
    assert not (tmp_path / "results").exists() and not (tmp_path / "last-outcomes.json").exists()
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    under_a_file = run_cli("run", "c.toml", "--cache-dir", "afile/sub")
    assert "warning: afile/sub cannot be created (under afile, which is not a directory): no verdict is cached in this run" in under_a_file.output
    (tmp_path / "reports").mkdir()
    (tmp_path / "reports" / "report.json").write_text("{}", encoding="utf-8")  # JSON, but not where the cache writes it
    assert run_cli("run", "c.toml", "--cache-dir", "reports", "--cache-clear").exit_code == 2 and (tmp_path / "reports" / "report.json").exists()
    report(run_cli, "--cache-dir", "mine")
    assert (tmp_path / "mine" / cache.TAG_NAME).read_text(encoding="utf-8").startswith("Signature: 8a477f597d28d172789f06886806bc55")
    cleared, _ = report(run_cli, "--cache-dir", "mine", "--cache-clear")
    assert not any(c["cached"] for c in cleared.values())


def test_a_model_edited_from_a_parameter_named_e_to_exp_1_is_checked_again(run_cli, tmp_path):
    """Review of 2026-12-06: the cache key held repr(model), which prints a parameter named E and exp(1) alike (E*y):
    after such an edit the old verdict was replayed.  The model is keyed by its srepr (Model.fingerprint)."""
    head = '[model.m]\nstates = ["y"]\nparameters = {{ E = -2 }}\nrhs = {{ y = "{}" }}\n'
    claim = ('\n[[claim]]\nid = "step"\nstatement = "s"\ncheck = "run"\nmodel = "m"\nmethod = "euler"\noptions = { h = "1/2" }\n'
             'initial = { y = 1 }\nexpect = { y = 0 }\n')  # 1 + (1/2)(-2) = 0 with E = -2; 1 + e/2 with exp(1)
    (tmp_path / "c.toml").write_text(head.format("E*y") + claim, encoding="utf-8")
    first, _ = report(run_cli)
    assert first["step"]["status"] == "verified" and not first["step"]["cached"], first["step"]["message"]
    (tmp_path / "c.toml").write_text(head.format("exp(1)*y") + claim, encoding="utf-8")
    second, _ = report(run_cli)
    assert not second["step"]["cached"] and second["step"]["status"] == "refuted", second["step"]


def test_a_hostile_or_damaged_cache_is_a_miss_and_cache_clear_never_fails_silently(run_cli, tmp_path):
    """A review of 2026-12-06 (the README: a cache directory may be shared):
    - entries that are valid JSON with the wrong shapes (seconds "abc", margins of strings, evidence a list, a message
      null, an id 5 in a replayed run) ended in tracebacks, in -v and --durations too; a per-claim entry copied under
      another claim's name replayed its verdict for that claim;
    - a FIFO planted as a library entry hung the run, a link to /dev/zero exhausted the memory;
    - a symlink planted at last-outcomes.json made the run overwrite the file it pointed to;
    - --cache-clear on a cache directory that is a symlink deleted nothing, said nothing, and the run replayed;
    - --failed after a replayed run re-checked every claim (each recorded under the empty claim's hash)."""
    import os

    (tmp_path / "c.toml").write_text(TWO_MODELS.replace(f'\n[[claim]]\nid = "broken"\nstatement = "s"\n{GROWTH_RUN}expect = {{ y = "unknown_name" }}\n', ""),
                                     encoding="utf-8")
    cache = tmp_path / ".verify_cache"
    first, _ = report(run_cli)
    entries = sorted((cache / "results").rglob("*.json"))
    assert len(entries) == 3
    original = {path: path.read_text(encoding="utf-8") for path in entries}
    for field, value in (("seconds", "abc"), ("seconds", float("nan")), ("seconds", -1.0), ("margins", {"a": "x"}), ("evidence", ["x"]),
                         ("message", None), ("key", "0" * 64)):
        for args in (("-v",), ("--durations", "0")):
            for path in entries:
                path.write_text(json.dumps({**json.loads(original[path]), field: value}), encoding="utf-8")
            for library in (cache / "libraries").glob("*.json"):
                library.unlink()
            again, result = report(run_cli, *args)
            assert result.exit_code == 0 and not any(c["cached"] for c in again.values()), (field, result.output[-500:])
            assert {k: c["status"] for k, c in again.items()} == {k: c["status"] for k, c in first.items()}
    for path in entries:
        path.write_text(original[path], encoding="utf-8")
    report(run_cli)  # a library entry again
    (library,) = (cache / "libraries").glob("*.json")
    data = json.loads(library.read_text(encoding="utf-8"))
    data["claims"][0]["id"] = 5
    library.write_text(json.dumps(data), encoding="utf-8")
    replayed, result = report(run_cli)
    assert result.exit_code == 0 and "reused 3 of 3" in result.stderr  # the library entry missed, the claims' entries served
    library.unlink()
    os.mkfifo(library)
    os.unlink(entries[0])
    os.symlink("/dev/zero", entries[0])
    _, result = report(run_cli)  # no hang, no MemoryError: both are misses
    assert result.exit_code == 0 and "reused 2 of 3" in result.stderr
    precious = tmp_path / "precious.txt"
    precious.write_text("precious", encoding="utf-8")
    (cache / "last-outcomes.json").unlink()
    os.symlink(precious, cache / "last-outcomes.json")
    report(run_cli, "--no-cache")
    report(run_cli)
    assert precious.read_text(encoding="utf-8") == "precious" and not (cache / "last-outcomes.json").is_symlink()
    report(run_cli)  # replayed from the library entry
    done = run_cli("run", "c.toml", "--failed")
    assert done.exit_code == 0 and "nothing to re-run" in done.stderr, done.output
    for path in entries:  # entries written before 2026-12-06 (no key; a library as a bare list) are misses
        data = json.loads(path.read_text(encoding="utf-8"))
        data.pop("key")
        path.write_text(json.dumps(data), encoding="utf-8")
    (library,) = (cache / "libraries").glob("*.json")
    library.write_text(json.dumps(json.loads(library.read_text(encoding="utf-8"))["claims"]), encoding="utf-8")
    old_format, result = report(run_cli)
    assert result.exit_code == 0 and not any(c["cached"] for c in old_format.values())
    outside = tmp_path / "outside"  # a linked results/ (a review of 2026-12-06: entries were written into its target)
    outside.mkdir()
    import shutil
    shutil.rmtree(cache / "results")
    os.symlink(outside, cache / "results")
    report(run_cli)
    assert list(outside.iterdir()) == []
    os.unlink(cache / "results")
    elsewhere = tmp_path / "elsewhere"
    cache.rename(elsewhere)
    os.symlink(elsewhere, cache)
    refused = run_cli("run", "c.toml", "--cache-clear")
    assert refused.exit_code == 2 and "is a symbolic link" in refused.output and "reused" not in refused.output


def test_a_review_of_the_cache_2026_12_07(run_cli, tmp_path, monkeypatch):
    """An adversarial review of the cache found a stale verdict replayed twice and four ways to crash or hang a run.

    * A claim's table was hashed with sorted keys, but a forall's ``let`` entries are read in order: two orders were one
      key.  Now the file's order is hashed (only reordered keys: checked again).
    * A file changed and changed back while a run read it: the run's verdicts of the other text were kept under the
      first text's hash, and every later run replayed them.  Now a run is kept under the hashes of the bytes the loader
      read, and only when they are also the bytes before and after the run (simulated here: the loader is handed the
      true claim while the file holds the false one).
    * Each file entered the library hash as its raw bytes between NULs, so one crafted file could hash like two; now as
      its path and the hash of its bytes.
    * JSON nested 100,000 deep in a cache file raised RecursionError through the run; a note holding an integer of
      5,000 digits made the claim's key raise inside get(); both are misses now."""
    from verify import cache
    from verify.input import load
    from verify.input.claim import Claim

    in_order = Claim(id="c", file="f", table={"check": "forall", "let": {"a": "x + 1", "b": "2*a"}})
    reordered = Claim(id="c", file="f", table={"check": "forall", "let": {"b": "2*a", "a": "x + 1"}})
    assert cache.claim_key(in_order) != cache.claim_key(reordered)

    true_text = QUICK_PAIR
    false_text = QUICK_PAIR.replace('rhs = "3/4"', 'rhs = "3/5"')  # the sum claim refuted
    (tmp_path / "c.toml").write_text(false_text, encoding="utf-8")
    real_read = load.read_bounded
    monkeypatch.setattr(load, "read_bounded", lambda path, *a: true_text.encode() if str(path).endswith("c.toml") else real_read(path, *a))
    assert report(run_cli)[0]["sum"]["status"] == "verified"  # what the loader read
    monkeypatch.setattr(load, "read_bounded", real_read)
    assert not list((tmp_path / ".verify_cache" / "libraries").glob("*.json"))  # not kept under the false file's bytes
    again, _ = report(run_cli)
    assert again["sum"]["status"] == "refuted" and not again["sum"]["cached"]

    (tmp_path / "a.toml").write_text("A = 1\n", encoding="utf-8")
    (tmp_path / "b.toml").write_text("B = 2\n", encoding="utf-8")
    results_cache = cache.ResultCache(tmp_path / ".verify_cache")
    two = results_cache.library_key([tmp_path / "a.toml", tmp_path / "b.toml"], [], None)
    (tmp_path / "a.toml").write_bytes(b"A = 1\n" + f"\0\0claims\0{tmp_path / 'b.toml'}\0".encode() + b"B = 2\n")
    assert results_cache.library_key([tmp_path / "a.toml"], [], None) != two

    (tmp_path / "c.toml").write_text(true_text, encoding="utf-8")
    report(run_cli)
    for path in (tmp_path / ".verify_cache").rglob("*.json"):
        path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    deep, result = report(run_cli)
    assert result.exit_code == 0 and deep["sum"]["status"] == "verified" and not deep["sum"]["cached"]
    noted = true_text.replace('id = "sum"', 'id = "sum"\nnote = ' + "7" * 5000)
    (tmp_path / "c.toml").write_text(noted, encoding="utf-8")
    for _ in range(2):
        huge, result = report(run_cli)
        assert result.exit_code == 0 and huge["sum"]["status"] == "verified", result.output


def test_failed_with_strict_sources_checks_a_claim_whose_source_went_stale(run_cli, tmp_path):
    """A review of 2026-12-07: after the source document changed, --strict-sources failed the run, but --failed
    --strict-sources said "nothing to re-run" and exited 0.  A claim whose source_text is stale is checked again."""
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "doc.txt").write_text("Heun gives 5/8.\n", encoding="utf-8")
    text = ('[source]\ndocument = "doc.txt"\n[model.m]\nstates = ["y"]\nrhs = { y = "-y" }\n[[claim]]\nid = "a"\nstatement = "Heun"\n'
            'source_text = "gives 5/8"\ncheck = "run"\nmodel = "m"\nmethod = "heun"\noptions = { h = "1/2" }\ninitial = { y = 1 }\n'
            'expect = { y = "5/8" }\n')
    (tmp_path / "c.toml").write_text(text, encoding="utf-8")
    assert report(run_cli, "--strict-sources", "--sources", "sources")[1].exit_code == 0
    (tmp_path / "sources" / "doc.txt").write_text("Heun gives 0.6.\n", encoding="utf-8")
    assert report(run_cli, "--strict-sources", "--sources", "sources")[1].exit_code == 1
    claims, result = report(run_cli, "--strict-sources", "--sources", "sources", "--failed")
    assert result.exit_code == 1 and claims["a"]["status"] == "verified" and "nothing to re-run" not in result.stderr
    assert run_cli("run", "c.toml", "--sources", "sources", "--failed").exit_code == 0  # without --strict-sources: no failure


def test_a_planted_root_of_a_high_degree_is_not_read_back_from_the_cache():
    """A review of 2026-12-07: a cache entry's derivation line holding CRootOf(x^1000 + 1, 5), its key kept, kept the
    HTML report isolating roots for minutes.  A stored root of a polynomial past degree 64 is not read back (the line's
    text is shown instead); verify's own, of small degree, are."""
    import pytest
    import sympy

    from verify.outcome import sympy_tree
    from verify.report import derivation

    x = sympy.Symbol("x")
    with pytest.raises(ValueError, match="degree 1000"):
        derivation._from_tree(["CRootOf", sympy_tree(x**1000 + 1), sympy_tree(x), 5])
    with pytest.raises(ValueError, match="degree 30000"):  # bounded from the tree, not expanded first (15 s)
        derivation._from_tree(["CRootOf", ["Pow", sympy_tree(x + 1), sympy_tree(sympy.Integer(30000))], sympy_tree(x), 0])
    root = derivation._from_tree(["CRootOf", sympy_tree(x**3 - 2), sympy_tree(x), 0])
    assert root == sympy.CRootOf(x**3 - 2, 0)
