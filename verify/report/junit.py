"""JUnit XML: one testsuite per source, one testcase per claim; a claim not as expected is a failure, a load or check error an error."""
from __future__ import annotations

import xml.etree.ElementTree as ET


def render(results) -> str:
    """Suites named by the source title (the document's file name when there is none), with ``time`` and
    ``timestamp``; a failure's ``type`` is the claim's status against what its file expects."""
    from datetime import datetime, timezone

    from verify.report.shared import by_source

    stamp = datetime.now(timezone.utc).replace(microsecond=0).isoformat()
    root = ET.Element("testsuites", name="verify", tests=str(len(results)), time=f"{sum(r.seconds or 0.0 for r in results):.6f}")
    for source, group in by_source(results).items():
        title = group[0].claim.source_title or source
        suite = ET.SubElement(root, "testsuite", name=title, tests=str(len(group)), timestamp=stamp)
        if title != source:
            ET.SubElement(ET.SubElement(suite, "properties"), "property", name="source", value=source)
        failures = errors = 0
        for r in group:
            case = ET.SubElement(suite, "testcase", name=r.claim.id, classname=r.claim.file, time=f"{r.seconds or 0.0:.6f}")
            if r.outcome.status == "error":
                errors += 1
                ET.SubElement(case, "error", message=r.outcome.message, type="error")
            elif not r.passed:
                failures += 1
                ET.SubElement(case, "failure", message=r.outcome.message, type=f"{r.outcome.status}, expected {r.claim.expected}")
            note = f" [{r.source_note}]" if r.source_note else ""
            ET.SubElement(case, "system-out").text = f"{r.outcome.status} ({r.outcome.evidence}): {r.outcome.message}{note}"
        suite.set("time", f"{sum(r.seconds or 0.0 for r in group):.6f}")
        suite.set("failures", str(failures))
        suite.set("errors", str(errors))
    return '<?xml version="1.0"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
