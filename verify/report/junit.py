"""JUnit XML: one testsuite per source, one testcase per claim; a claim not as expected is a failure, a load or check error an error."""
from __future__ import annotations

import xml.etree.ElementTree as ET


def render(results) -> str:
    from verify.report.shared import by_source

    root = ET.Element("testsuites", name="verify")
    for source, group in by_source(results).items():
        suite = ET.SubElement(root, "testsuite", name=source, tests=str(len(group)))
        failures = errors = 0
        for r in group:
            case = ET.SubElement(suite, "testcase", name=r.claim.id, classname=r.claim.file, time=f"{r.seconds or 0.0:.3f}")
            if r.outcome.status == "error":
                errors += 1
                ET.SubElement(case, "error", message=r.outcome.message)
            elif not r.passed:
                failures += 1
                ET.SubElement(case, "failure", message=r.outcome.message)
            note = f" [{r.source_note}]" if r.source_note else ""
            ET.SubElement(case, "system-out").text = f"{r.outcome.status} ({r.outcome.evidence}): {r.outcome.message}{note}"
        suite.set("time", f"{sum(r.seconds or 0.0 for r in group):.3f}")
        suite.set("failures", str(failures))
        suite.set("errors", str(errors))
    return ET.tostring(root, encoding="unicode") + "\n"
