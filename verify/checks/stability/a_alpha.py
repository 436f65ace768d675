"""A(alpha)-stability of a linear multistep method: the largest alpha, in degrees, with the sector
S_alpha = {z != 0 : |arg(-z)| < alpha} inside the stability domain (Hairer & Wanner, Solving ODEs II, sec. V.2,
Definition 2.1; their Table V.2.3 gives alpha = 90, 90, 86.03, 73.35, 51.84, 17.84 degrees for BDF1 .. BDF6).

On the unit circle zeta = e^(i theta), with x = cos(theta), the root locus z(theta) = rho(zeta)/sigma(zeta) is
rho conj(sigma) / |sigma|^2, and

* Re(rho conj(sigma)) = E(x) = sum_{j,l} alpha_j beta_l T_|j-l|(x)   (Chebyshev's T, as for A-stability),
* Im(rho conj(sigma)) = sin(theta) V(x),  V(x) = sum_{j != l} alpha_j beta_l sign(j - l) U_(|j-l|-1)(x)
  (sin(n theta) = sin(theta) U_(n-1)(cos theta)).

A locus point lies in the left half-plane where E < 0, and there tan^2 |arg(-z)| = F(x) = (1 - x^2) V(x)^2 / E(x)^2.
So alpha* = atan(sqrt(inf F)) over {x in [-1, 1] : E(x) < 0} (90 degrees when E >= 0 on [-1, 1]): F is a rational
function, and its infimum over each interval where E < 0 is at a real root of F's derivative inside it or the
limit at an end (F at x = +-1, which is 0; at a root of E, finite only where the reduced denominator of F does not
vanish).  Each candidate is a real algebraic number, its F enclosed rigorously (verify.engines.realsets) and the
angle by python-flint's Arb (atan, pi).

The sector holds no locus point exactly when alpha <= alpha*; the number of roots of rho - z sigma outside the
closed disk changes only across the locus or where a root escapes to infinity (alpha_k - z beta_k = 0), so with
beta_k != 0, alpha_k/beta_k > 0 and z = -1 stable (rho + sigma Schur stable) the open sector of angle alpha* is
stable.  A locus point inside an open sector has unstable points next to it (a simple root maps a neighbourhood of z
onto one of zeta), so alpha* is the largest angle.  Otherwise (explicit methods: the domain is bounded; a root at
infinity at a negative z; z = -1 unstable) no sector is stable: alpha = 0.  When the smallest tan^2 is exactly 1/3,
1 or 3 the angle is exactly 30, 45 or 60 degrees (an enclosure alone could never settle a claim of it).

The result is checked against an independent sample of the locus (rho(e^(i theta))/sigma(e^(i theta)) at 4,000 angles
in machine floats, the best four and the exact path's candidates refined on mpmath by a golden-section search): a
disagreement is an error, never a verdict.
"""
from __future__ import annotations

import cmath
import math
from dataclasses import dataclass, field
from decimal import Decimal

import flint
import mpmath
import sympy

from verify.input.load import LoadError
from verify.engines import realsets, spectral
from verify.engines.certified import arb_rational, enclosure_text
from verify.errors import CertifiedUnavailable
from verify.checks.common import CheckError, Line
from verify.checks.comparisons import OPERATORS, RELATION
from verify.checks.kit import KeptRuns
from verify.checks.rounding import RoundingAudit, read_digits, rounding_rule

X = sympy.Symbol("x")  # cos(theta)
ZETA = sympy.Symbol("zeta")
RIGHT = sympy.Integer(90)
FIRST_BITS, MAX_BITS = 64, 4096
TWIN_SAMPLES, TWIN_DIGITS = 4000, 30
SHOWN_DIGITS = 12  # significant digits of the enclosure of alpha in messages (written outward)
MOST_SHOWN = 60  # ... and at most this many, where 12 digits would not show the enclosure on one side of a claimed bound
TWIN_TOLERANCE = mpmath.mpf("1e-6")  # degrees: the sampled locus and the certified angle must agree this closely


@dataclass
class SectorAngle:
    """The largest alpha (degrees) of A(alpha)-stability: ``exact`` when it is 0, 30, 45, 60 or 90 exactly, else
    enclosed on demand from the candidates (F at each, the smallest decides)."""

    why: str
    lines: list
    exact: sympy.Rational | None = None
    candidates: list = field(default_factory=list)  # sympy expressions: tan^2 of the angle at each candidate point
    points: list = field(default_factory=list)  # the candidates' cos(theta), where the twin samples too

    enclosures: dict = field(default_factory=dict)  # bits -> (low, high), made once (a kept angle serves several claims)

    def enclosure(self, bits: int) -> tuple[sympy.Rational, sympy.Rational]:
        """Rational (low, high) holding alpha in degrees, about ``bits`` bits wide."""
        if self.exact is not None:
            return self.exact, self.exact
        if bits not in self.enclosures:
            ends = [realsets.enclosure(c, bits) for c in self.candidates]
            low = min(_degrees(max(a, sympy.Integer(0)), bits, lower=True) for a, _ in ends)
            high = min(_degrees(b, bits, lower=False) for _, b in ends)
            self.enclosures[bits] = low, high
        return self.enclosures[bits]


@dataclass
class SectorClaim:
    """``a_alpha``: the largest alpha (degrees) of A(alpha)-stability, as a value printed to ``digits`` decimals (or
    exact without digits), or as a relation ``">= 86"`` (A(86 degrees)-stable)."""

    value: sympy.Rational
    text: str  # as written
    op: str | None = None  # a relation's operator; None for a value
    digits: int | None = None
    rounding: str | None = None


def read_claim(claim, table) -> SectorClaim:
    """``a_alpha = 86.03`` (with ``digits``: printed to that many decimals; without: exactly), or ``a_alpha = ">= 86"``."""
    raw = table["a_alpha"]
    if isinstance(raw, bool) or not isinstance(raw, (str, int, Decimal)):
        raise LoadError('a_alpha must be the angle in degrees (86.03 with digits = 2, or 90) or a relation such as ">= 86"')
    match = RELATION.match(raw) if isinstance(raw, str) else None
    op, text = (match.group(1), match.group(2).strip()) if match else (None, str(raw).strip())
    value = claim.value(text, "a_alpha")
    if not (value.is_Rational and 0 <= value <= 90):
        raise LoadError(f"a_alpha must be a number of degrees from 0 to 90, got {text}")
    digits = read_digits(table)
    if op is not None and digits is not None:
        raise LoadError("digits goes with a printed a_alpha (86.03), not with a relation")
    if op == "!=":
        raise LoadError('a_alpha takes <, <=, ==, >=, > (">= 86": A(86 degrees)-stable)')
    return SectorClaim(value, text, "==" if op == "==" else op, digits, rounding_rule(table, digits))


def _degrees(tan_squared: sympy.Rational, bits: int, lower: bool) -> sympy.Rational:
    """A rational bound below (``lower``) or above atan(sqrt(tan_squared)) in degrees (Arb, at ``bits``)."""
    saved = flint.ctx.prec
    flint.ctx.prec = bits + 16
    try:
        ball = flint.arb(flint.fmpq(int(tan_squared.p), int(tan_squared.q))).sqrt().atan() * 180 / flint.arb.pi()
        end = ball.lower() if lower else ball.upper()
        if not end.is_finite():
            raise CheckError("an enclosure of the sector angle is not finite")
        return arb_rational(end)
    finally:
        flint.ctx.prec = saved


def sector_angle(alpha, beta) -> SectorAngle:
    """The largest alpha of A(alpha)-stability of the method (alpha, beta), oldest first, with rho and sigma
    coprime (the caller reduces a shared factor: verify.checks.stability.multistep.coprime_parts)."""
    alpha_k, beta_k = alpha[-1], beta[-1]
    if beta_k == 0:
        return SectorAngle("explicit (beta_k = 0): the stability domain is bounded, so every sector leaves it", [], sympy.Integer(0))
    if alpha_k / beta_k < 0:
        return SectorAngle(f"the leading coefficient alpha_k - z beta_k vanishes at z = {alpha_k / beta_k} < 0, in every sector: "
                           "a root escapes to infinity there", [], sympy.Integer(0))
    E = real_part_on_circle(alpha, beta)
    V = sympy.expand(sum(a * b * (1 if j > l else -1) * sympy.chebyshevu(abs(j - l) - 1, X)
                         for j, a in enumerate(alpha) for l, b in enumerate(beta) if j != l))
    lines = [Line(f"on zeta = e^(i theta), x = cos(theta): Re(rho conj(sigma)) = E(x) = {E}, Im(rho conj(sigma)) = sin(theta) V(x), "
                  f"V(x) = {V}")]
    negative = _negative_intervals(E)
    at_minus_one = sympy.Poly(list(reversed(alpha)), ZETA) + sympy.Poly(list(reversed(beta)), ZETA)  # rho - z sigma at z = -1
    stable_at_minus_one = spectral.schur_stable(at_minus_one)
    if not negative:
        lines.append("E >= 0 on [-1, 1]: the root locus stays in Re z >= 0")
        if not stable_at_minus_one:
            return SectorAngle(f"at z = -1 a root of rho + sigma = {at_minus_one.as_expr()} lies outside the unit circle", lines, sympy.Integer(0))
        return SectorAngle("the root locus stays in Re z >= 0 and z = -1 is stable: the whole open left half-plane is stable",
                           lines, RIGHT)
    for end in (-1, 1):
        if E.subs(X, end) < 0:
            z_end = sympy.Rational(sum(a * end**j for j, a in enumerate(alpha)), sum(b * end**j for j, b in enumerate(beta)))
            return SectorAngle(f"the root locus crosses the negative real axis at z = {z_end} (theta = {'pi' if end == -1 else '0'}), "
                               "inside every sector", lines, sympy.Integer(0))
    numerator = sympy.Poly((1 - X**2) * V**2, X)
    denominator = sympy.Poly(E**2, X)
    if numerator.is_zero:
        return SectorAngle("the root locus is real (V = 0) and enters the negative real axis", lines, sympy.Integer(0))
    common = numerator.gcd(denominator)
    numerator, denominator = numerator.quo(common), denominator.quo(common)
    critical = numerator.diff(X) * denominator - numerator * denominator.diff(X)
    critical_roots = [] if critical.is_zero else critical.real_roots()
    candidates, where = [], []
    for low, high in negative:
        inside = [r for r in spectral.merge_points(critical_roots)
                  if spectral.compare_real(r, low) > 0 and spectral.compare_real(r, high) < 0]
        ends = [end for end in (low, high) if spectral.vanishes_at(denominator.as_expr(), X, end) is False]
        for point in inside + ends:
            if spectral.vanishes_at(numerator.as_expr(), X, point):
                why = (f"the root locus crosses the negative real axis (V = 0 where E < 0, at cos(theta) = {point})" if point in inside else
                       f"the root locus approaches the negative real axis as cos(theta) -> {point} (tan^2 |arg(-z)| -> 0 there)")
                return SectorAngle(why, lines, sympy.Integer(0))
            candidates.append(numerator.as_expr().subs(X, point) / denominator.as_expr().subs(X, point))
            where.append(point)
    if not candidates:
        raise CheckError("F = tan^2 |arg(-z)| has no finite infimum candidate where E < 0: the sector angle is not decided")
    exact = _special_angle(candidates)
    lines.append(Line(f"E < 0 on {', '.join(f'({a}, {b})' for a, b in negative)}: there tan^2 |arg(-z)| = F(x) = (1 - x^2) V^2 / E^2, "
                      f"smallest at one of cos(theta) = {', '.join(map(str, where))}"))
    if not stable_at_minus_one:
        return SectorAngle(f"at z = -1 a root of rho + sigma = {at_minus_one.as_expr()} lies outside the unit circle, inside every sector",
                           lines, sympy.Integer(0))
    why = "the root locus enters Re z < 0; the widest sector free of it is stable (z = -1 is)"
    if exact is not None:
        lines.append(f"the smallest F is exactly {exact[1]} = tan^2({exact[0]} degrees)")
        return SectorAngle(why + f" (tan^2 alpha = {exact[1]} exactly)", lines, exact[0], candidates, where)
    return SectorAngle(why, lines, None, candidates, where)


SPECIAL = {sympy.Rational(1, 3): 30, sympy.Integer(1): 45, sympy.Integer(3): 60}  # tan^2 -> degrees: the only angles strictly
# between 0 and 90 degrees, rational in degrees, with tan^2 rational (Niven: cos(2 alpha) = (1 - t)/(1 + t) rational)


def _special_angle(candidates):
    """(degrees, tan^2) when the smallest candidate is exactly 1/3, 1 or 3 (30, 45, 60 degrees: an angle that is exact
    in degrees, which no enclosure can decide), else None.  The other candidates must be larger by their enclosures
    or equal exactly."""
    for value, degrees in SPECIAL.items():
        if any(c == value for c in candidates) and all(c == value or spectral.compare_real(c, value) > 0 for c in candidates):
            return sympy.Integer(degrees), value
    return None


def real_part_on_circle(alpha, beta) -> sympy.Expr:
    """E(x) = Re(rho(zeta) conj(sigma(zeta))) on zeta = e^(i theta), x = cos(theta): sum_{j,l} alpha_j beta_l T_|j-l|(x)
    (cos(n theta) = T_n(cos theta)); A-stability (verify.checks.stability.multistep) reads its sign too."""
    return sympy.expand(sum(a * b * sympy.chebyshevt(abs(j - l), X) for j, a in enumerate(alpha) for l, b in enumerate(beta)))


def sign_pieces(E) -> tuple[list, list]:
    """(the real roots of the nonzero polynomial E(x) in [-1, 1], exact and sorted; [(a, b, sample, E(sample))] for each
    open piece of [-1, 1] between consecutive roots and ends, the sample the simplest rational inside): E has one sign
    on each piece."""
    polynomial = sympy.Poly(E, X)
    roots = [r for r in polynomial.real_roots() if spectral.compare_real(r, -1) >= 0 and spectral.compare_real(r, 1) <= 0]
    points = spectral.merge_points(roots)
    ends = [sympy.Integer(-1)] + points + [sympy.Integer(1)]
    pieces = []
    for a, b in zip(ends, ends[1:]):
        if spectral.compare_real(a, b) < 0:
            sample = spectral.rational_between(a, b)
            pieces.append((a, b, sample, polynomial.eval(sample)))
    return points, pieces


def _negative_intervals(E) -> list:
    """The open intervals (a, b) of [-1, 1] where the polynomial E(x) < 0, ends exact (roots of E or +-1)."""
    if E == 0:
        return []
    return [(a, b) for a, b, _, value in sign_pieces(E)[1] if value < 0]


def twin_degrees(alpha, beta, points=()) -> mpmath.mpf | None:
    """min |arg(-z)| in degrees over the sampled root locus in Re z < 0, on mpmath alone (an independent path: the
    locus evaluated as rho(e^(i theta))/sigma(e^(i theta)), no Chebyshev polynomial, no root isolation); None when
    no sampled point lies in Re z < 0.  Besides the uniform samples it looks at theta = acos(x) for each candidate x of
    the exact path (``points``, only where to look: a narrow excursion of the locus, 2e-3 wide, fell between the
    samples in a review of 2026-12-05), and refines the best by a golden-section search."""
    with mpmath.workdps(TWIN_DIGITS):
        a = [mpmath.mpf(int(c.p)) / int(c.q) for c in map(sympy.Rational, alpha)]
        b = [mpmath.mpf(int(c.p)) / int(c.q) for c in map(sympy.Rational, beta)]

        noise = mpmath.mpf(10) ** (-TWIN_DIGITS // 2)  # |sigma| or |rho| below this: the locus at infinity or at 0, its
        # argument rounding noise (a review of 2026-12-05: a sample exactly at a root of sigma on the circle gave 1.6 degrees)

        def angle(theta):
            zeta = mpmath.expj(theta)
            sigma, rho = mpmath.polyval(b[::-1], zeta), mpmath.polyval(a[::-1], zeta)
            if abs(sigma) < noise or abs(rho) < noise:
                return mpmath.inf
            z = rho / sigma
            return abs(mpmath.arg(-z)) * 180 / mpmath.pi if z.real < 0 else mpmath.inf

        step = mpmath.pi / TWIN_SAMPLES
        samples = [(i * step, step) for i in _best_float_samples(alpha, beta)]  # (theta, half-width of its bracket)
        for x in points:
            theta = mpmath.acos(max(-1, min(1, mpmath.mpf(sympy.N(x, TWIN_DIGITS)))))
            samples += [(theta + d * step, step / 1000) for d in (-1e-3, -1e-6, 0, 1e-6, 1e-3)]  # at it and beside it (the
            # infimum may be a limit there, where angle() reads no value)
        found = sorted((angle(theta), theta, width) for theta, width in samples if 0 < theta < mpmath.pi)
        if not found or found[0][0] == mpmath.inf:
            return None
        ratio = (math.sqrt(5) - 1) / 2
        results = []
        for best, theta, width in found[:REFINED]:  # golden section on the bracket around each of the best samples
            low, high = max(theta - width, 0), min(theta + width, mpmath.pi)
            for _ in range(80):
                left, right = high - ratio * (high - low), low + ratio * (high - low)
                if angle(left) < angle(right):
                    high = right
                else:
                    low = left
            results.append(min(best, angle((low + high) / 2)))
        return min(results)


REFINED = 4  # the twin refines this many of its best samples on mpmath


def _best_float_samples(alpha, beta) -> list[int]:
    """The indices i of the TWIN_SAMPLES angles i pi/TWIN_SAMPLES whose |arg(-z)| is smallest in machine floats (the
    locus evaluated with Python's complex numbers: where to look, each one then refined on mpmath), a few per region."""
    a = [float(sympy.Rational(c)) for c in alpha]
    b = [float(sympy.Rational(c)) for c in beta]
    values = []
    for i in range(1, TWIN_SAMPLES + 1):
        zeta = cmath.exp(1j * math.pi * i / TWIN_SAMPLES)
        rho = sum(c * zeta**j for j, c in enumerate(a))
        sigma = sum(c * zeta**j for j, c in enumerate(b))
        scale = max(map(abs, a)) + max(map(abs, b))
        if abs(sigma) < 1e-9 * scale or abs(rho) < 1e-9 * scale:
            continue
        z = rho / sigma
        if z.real < 0:
            values.append((abs(cmath.phase(-z)), i))
    values.sort()
    chosen = []
    for _, i in values:
        if all(abs(i - j) > 2 for j in chosen):
            chosen.append(i)
        if len(chosen) == REFINED:
            break
    return chosen


# A worker checks claim after claim, and pages state one method's angle several ways (BDF5's "51.84", "A(51)-stable",
# "not A(52)-stable"): the angle, its twin and their enclosures are made once per method (each is a function of the
# coefficients alone).  The kept SectorAngle itself is handed out, not a copy: nothing changes it but its own cache of
# enclosures per precision, which is the same for every claim
_ANGLES, _TWIN_ANGLES = KeptRuns(16), KeptRuns(16)


def decide(claim: SectorClaim, reduced, shared: str | None) -> tuple[bool, str, list, bool, str]:
    """(holds?, message line, derivation lines, certified?, the angle as "= 90" or "∈ [a, b]") for ``claim``: the angle
    exactly (0, 30, 45, 60, 90) or enclosed at doubling precision until the claim is decided.  ``reduced`` is (alpha,
    beta) with rho and sigma coprime and ``shared`` says what was set aside; ``reduced`` None: no z is stable, and
    ``shared`` says why (verify.checks.stability.multistep.coprime_parts)."""
    if reduced is None:
        alpha = beta = None
        angle, shared = SectorAngle(shared, [], sympy.Integer(0)), None
    else:
        alpha, beta = reduced
        angle = _ANGLES.get((tuple(alpha), tuple(beta)), lambda: sector_angle(alpha, beta))
    lines = ([shared] if shared else []) + angle.lines
    why = angle.why if angle.exact != 0 else f"not A(alpha)-stable for any alpha > 0: {angle.why}"
    why = f"{shared}: {why}" if shared else why
    if angle.exact is not None:
        exact = angle.exact
        lines.append(f"largest alpha = {exact} degrees: {why}")
        decided = _decided(claim, exact, exact, str(exact))
        return (*_line(decided, claim, f"= {exact}", why), lines, False, f"= {exact}")
    twin = _TWIN_ANGLES.get((tuple(alpha), tuple(beta), tuple(angle.points)), lambda: twin_degrees(alpha, beta, angle.points))
    bits, shown = FIRST_BITS, None
    while bits <= MAX_BITS:
        try:
            low, high = angle.enclosure(bits)
        except CertifiedUnavailable:  # an enclosure of F at a candidate not finite at this precision (a review of
            bits *= 2  # 2026-12-05: an internal error)
            continue
        shown = enclosure_text(low, high, digits=SHOWN_DIGITS, most=SHOWN_DIGITS)
        if twin is None or not (mpmath.mpf(low.p) / low.q - TWIN_TOLERANCE <= twin <= mpmath.mpf(high.p) / high.q + TWIN_TOLERANCE):
            raise CheckError(f"the largest alpha enclosed in {shown} degrees and the sampled root locus on mpmath "
                             f"({'no point in Re z < 0' if twin is None else mpmath.nstr(twin, 12)}) disagree")
        decided = _decided(claim, low, high, shown)
        if decided is not None:
            shown = _shown_apart(low, high, claim.value, shown) if claim.op is not None else shown
            lines.append(f"largest alpha ∈ {shown} degrees (Arb, {bits} bits; the sampled root locus on mpmath: {mpmath.nstr(twin, 12)}): {why}")
            return (*_line(decided, claim, f"∈ {shown}", why), lines, True, f"∈ {shown}")
        bits *= 2
    if shown is None:
        raise CheckError(f"the largest alpha is not enclosed within {MAX_BITS} bits (its candidates' enclosures are not finite)")
    raise CheckError(f"the largest alpha ∈ {shown} degrees: the enclosure does not decide a_alpha = {claim.text} at {MAX_BITS} bits")


def _shown_apart(low, high, bound, shown: str) -> str:
    """The enclosure written with more digits (up to MOST_SHOWN) while its printed ends, rounded outward, still hold the
    claimed bound it lies on one side of: "∈ [73.3516704745, 73.3516704746], so < 73.35167047458" showed no reason (a
    review of 2026-12-06)."""
    digits = SHOWN_DIGITS
    while digits < MOST_SHOWN and not low <= bound <= high:
        ends = [sympy.Rational(end.strip()) for end in shown.strip("[]").split(",")]
        if not ends[0] <= bound <= ends[1]:
            break
        digits += 5
        shown = enclosure_text(low, high, digits=digits, most=digits)
    return shown


def _decided(claim, low, high, shown):
    """(holds, rounding findings or None) when alpha in [low, high] decides the claim, else None."""
    if claim.op is not None:
        test = OPERATORS[claim.op]
        if test(low, claim.value) and test(high, claim.value):
            return True, None
        if claim.op == "==" and not low <= claim.value <= high:
            return False, None
        if claim.op != "==" and not test(low, claim.value) and not test(high, claim.value):
            return False, None
        return None
    if claim.digits is None:  # exactly the value written
        if low == high:
            return low == claim.value, None
        return (False, None) if not low <= claim.value <= high else None
    audit = RoundingAudit(claim.digits, claim.rounding)
    audit.add("largest alpha of A(alpha)-stability in degrees", (low, high, shown) if low != high else low, claim.value, claim.text)
    if audit.undecided():
        return None
    found, missed = audit.findings()
    return not missed, (found, missed)


def _line(decided, claim, computed: str, why: str) -> tuple[bool, str]:
    """(holds, the message line) from _decided's finding."""
    holds, rounding = decided
    if rounding is not None:
        found, missed = rounding
        return holds, (f"a_alpha: {'; '.join(missed)} ({why})" if missed else f"{'; '.join(found)} ({why})")
    if holds:
        relation = f", so {claim.op} {claim.text}" if claim.op else ""
        return True, f"largest alpha of A(alpha)-stability {computed} degrees{relation} ({why})"
    written = f"{claim.op} {claim.text}" if claim.op else f"{claim.text} (exactly: say how it is printed with digits)" \
        if claim.value not in (0, 90) and computed.startswith("∈") else claim.text
    return False, f"a_alpha: claimed {written}, computed largest alpha {computed} degrees ({why})"
