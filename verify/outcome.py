"""The outcome of checking one claim (verify.checks): its status, evidence, message, computed values and derivation.
Light (no sympy), so reports and the result cache can hold outcomes without the computer algebra."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Outcome:
    status: str  # verified | refuted | error
    evidence: str | None  # exact | symbolic | certified | numerical | None
    message: str
    computed: dict = field(default_factory=dict)  # name -> exact value as a string
    derivation: list = field(default_factory=list)  # lines for `verify explain`
    margins: dict = field(default_factory=dict)  # inequality -> how far it holds (negative: violated), as a float
    figure: dict | None = None  # data for a picture (see verify.report.figures), made only when the context asks
