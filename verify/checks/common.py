"""What every claim kind shares: the outcome of a check, and how exact values are written."""
from __future__ import annotations

import math
from dataclasses import dataclass

import flint
import gmpy2
import mpmath
import sympy
from sympy.printing.str import StrPrinter

from verify.engines import number_field, rational, rational_functions
from verify.engines.certified import narrow_midpoint  # margins only: the value of a ball read to six digits
from verify.engines.crosscheck import certify_sign  # rigorous enclosures: decide an inequality of two closed numbers
from verify.engines.crosscheck import ENCLOSING_BALLS, compile_mp, mp_value  # margins only: floats never decide a verdict
from verify.engines.rational import to_sympy
from verify.errors import CheckError  # noqa: F401 -- re-exported: the error every claim kind raises
from verify.errors import CrossCheckUnavailable
from verify.outcome import Formula, Line, Outcome  # noqa: F401 -- re-exported: what every claim kind returns, and the lines of its derivation

MAX_INLINE_DIGITS = 80  # longer exact values are written compactly in messages


@dataclass(frozen=True)
class Context:
    """How claims are evaluated in this run, handed to every claim kind's evaluate (no module globals)."""

    figures: bool = False  # `verify run --plots`: kinds that can draw collect the data for a picture


DEFAULT_CONTEXT = Context()


def relative_margin(quantity, bound, op: str) -> float:
    """How far ``quantity OP bound`` holds, relative to the bound: (bound - quantity)/|bound| for < and <=,
    the reverse for > and >=; negative when violated.  A float, for ranking sampled instances only
    (infinite when it cannot be evaluated: such an instance is never the tightest)."""
    try:
        scale = float(_settled_value(bound))
        difference = float(_settled_value(bound - quantity))
    except (ArithmeticError, ValueError, TypeError):
        return math.inf
    return signed_margin(difference / abs(scale) if scale else difference, op)


SETTLED_BITS = (170, 680, 2720, 10880)  # a closed number's Arb ball at these precisions, until its radius is below
SETTLED_ACCURACY = flint.arb(10) ** -6  # this much of its size


def _settled_value(expression):
    """The mpmath value of a closed number, to about six digits at least: the midpoint of its Arb ball (rigorous) at
    the first of SETTLED_BITS where the radius is below SETTLED_ACCURACY of the midpoint, else mpmath's 50-digit value
    (a ball not finite, as exp(exp(exp(10))), or an exact 0).  Cancellation inside it (log(1 + x) at x = 10^-130 is 0
    at 50 and at 100 digits) showed a true sampled claim's worst instance with a relative margin of -1 (reviews of
    2026-12-07).  A rational is exact at once."""
    expression = sympy.sympify(expression)
    if not expression.is_Rational:
        try:
            function = compile_mp(expression, [], ENCLOSING_BALLS)
            value = narrow_midpoint(lambda: function([]), SETTLED_BITS, SETTLED_ACCURACY)
        except (CrossCheckUnavailable, ZeroDivisionError, ValueError, TypeError, OverflowError):
            value = None
        if value is not None:
            return value
    return mp_value(expression)


def exact_zeros_text(zeros, name: str) -> str:
    """The points where an interval proof (verify.engines.interval_sign: Proved.zeros, (point, order) pairs) met an
    exact 0, each with the highest order of derivative that settled the sign beside it, as the proofs' messages end:
    "; at x = 0, where it is exactly 0, by the sign of its 2nd derivative beside it"."""
    orders = {}
    for point, order in zeros:
        orders[point] = max(order, orders.get(point, 0))
    ordinal = lambda n: {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")  # noqa: E731
    return "".join(f"; at {name} = {sympy.Rational(point.numerator, point.denominator)}, where it is exactly 0, by the sign of its "
                   f"{ordinal(order)} derivative beside it" for point, order in sorted(orders.items()))


def signed_margin(difference: float, op: str) -> float:
    """A relative difference (bound - quantity)/|bound| as the margin of ``quantity OP bound``: itself for < and <=,
    negated for > and >=; infinite for nan (never the tightest)."""
    if math.isnan(difference):
        return math.inf
    margin = {"<": difference, "<=": difference, ">": -difference, ">=": -difference, "==": -abs(difference), "!=": abs(difference)}[op]
    return margin + 0.0  # a tie is 0, not -0


def exact_text(value) -> str:
    """The exact value as a string: ``369/5000``, ``-7/5``, ``-(v - i)**2``; full precision, no floats."""
    if rational.is_exact_rational(value):
        return rational.fraction_text(value)
    value = to_sympy(value) if not isinstance(value, sympy.Basic) else value
    return str(value)


def _compact_rational(value: sympy.Rational) -> str | None:
    """A huge rational by its size and leading digits (None when it is short enough to print in full)."""
    return rational.compact_text(value, MAX_INLINE_DIGITS * 3)


class _CompactPrinter(StrPrinter):
    """sympy's str printer, with huge rationals inside an expression written compactly."""

    def _print_Rational(self, expr):
        compact = _compact_rational(expr)
        return f"[{compact}]" if compact else super()._print_Rational(expr)

    def _print_Integer(self, expr):
        compact = _compact_rational(expr)
        return f"[{compact}]" if compact else super()._print_Integer(expr)

    def _print_Exp1(self, expr):  # Euler's number as a claim writes it (sympy prints E, a name claims do not know)
        return "exp(1)"


def short_text(value) -> str:
    """Like exact_text, but a huge rational, alone or inside an expression, is shown by its size and leading digits."""
    if rational.is_exact_rational(value):
        return _compact_rational(value) or rational.fraction_text(value)
    value = to_sympy(value) if not isinstance(value, sympy.Basic) else value
    if value.is_Rational:
        return _compact_rational(value) or str(value)
    return _CompactPrinter().doprint(value)


MAX_SHOWN_PLACES = 60  # a terminating decimal longer than this is shown by its first SHOWN_PLACES places and its length
SHOWN_PLACES = 30


def decimal_text(value: sympy.Rational) -> str:
    """An exact decimal expansion when the denominator divides a power of ten, else the fraction with an approximation."""
    q = gmpy2.mpz(value.q)
    q, twos = gmpy2.remove(q, 2)  # one call, not a division per factor: a 281,425-bit denominator has ~10^5 of them
    q, fives = gmpy2.remove(q, 5)
    if q != 1:
        return f"{short_text(value)} (about {sympy.Float(value, 20)})" if len(short_text(value)) < 200 else short_text(value)
    places = max(twos, fives)
    scaled = gmpy2.mpz(value.p) * gmpy2.mpz(10) ** places // gmpy2.mpz(value.q)  # exact: q divides 10^places (in GMP: sympy's
    sign = "-" if scaled < 0 else ""  # product took 3.8 s at 500,000 places, CPython's str() of it 3 s)
    digits = str(abs(scaled)).rjust(places + 1, "0")
    if places > MAX_SHOWN_PLACES:  # one RK4 step of a quartic from 1200 with h = 480 has 913 decimal places
        return f"{sign}{digits[:-places]}.{digits[-places:][:SHOWN_PLACES]}... (exactly, a decimal of {places} places)"
    return sign + (digits[:-places] + "." + digits[-places:] if places else digits)


def listed(values) -> list:
    """``values`` as the terms of a derivation Line: separated by commas, ``R, 1, R - 1``."""
    terms = []
    for value in values:
        terms += [",", value] if terms else [value]
    return terms


def with_parameter_scope(claim, outcome: Outcome, keys, also=frozenset()) -> Outcome:
    """Say at which parameter values a claim about a model was decided.

    ``identity`` and ``sign`` decide the claim for every value of its free symbols, but the model's
    parameters (or the claim's ``parameters``) were substituted first: E' = (m - 1) s v is zero only at
    m = 1.  The message and ``computed`` name those values; ``symbols`` keeps a parameter free."""
    used = set(also)  # symbols the decision read besides the keys' own (a DAE's constraints)
    for key in keys:
        try:
            used |= claim.parse(claim.table[key]).free_symbols
        except Exception:  # already parsed once at load time; nothing to add if it cannot be re-read
            return outcome
    return parameter_scope(claim, outcome, used)


def parameter_scope(claim, outcome: Outcome, used: set) -> Outcome:
    """with_parameter_scope for the symbols ``used`` by what was decided (a solution claim: the model's solution and
    right-hand side, which hold its parameters; 'w = sqrt(c/m)' was verified at m = c = 1 alone, silently: a review
    of 2026-12-06)."""
    from verify.input.model import symbol

    fixed = [(name, value) for name, value in claim.parameters.items() if symbol(name) in used]
    if not fixed or outcome.status == "error":
        return outcome
    at = ", ".join(f"{name} = {value}" for name, value in fixed)
    outcome.message += f" [at {at}, the parameter values used; list {', '.join(name for name, _ in fixed)} under 'symbols' to decide it for every value]"
    outcome.computed["parameters"] = at
    outcome.derivation.insert(0, f"parameter values substituted: {at}")
    return outcome


def on_constraints(claim, expressions: list) -> tuple[list, list[str], bool]:
    """The expressions with a DAE's algebraic variables written in the states where the constraints determine them
    uniquely, the derivation lines that say so, and whether the algebraic variables were left free.

    An identity or sign claim about a DAE holds where its solutions live, on the constraints: z = x^2 under the
    constraint z - x^2 was refuted at z = 1/3, x = 3/7, a point no solution reaches (a review of 2026-12-06).  The
    constraints are solved only when they are linear in the algebraic variables with coefficients real wherever
    defined (A z + b = 0, det A not identically 0, no root or log: one solution wherever it is defined).  Otherwise
    sympy's solve gives one branch of many (tan z = x: atan(x), not atan(x) + k pi) or a closed form real only on part of the line
    (z = sqrt(x)), and substituting it verified false claims and refuted true ones (a second review of
    2026-12-06): the algebraic variables then stay free, so a claim verified for every value of them holds on the
    constraints, and a refutation is not a verdict (``free``: the caller makes it an error)."""
    from verify.input.model import symbol

    model = claim.model
    algebraic = [symbol(z) for z in getattr(model, "algebraic", None) or []]
    if not algebraic or not any(set(algebraic) & e.free_symbols for e in expressions):
        return expressions, [], False
    G = sympy.Matrix([sympy.expand(claim.substitute(g)) for g in model.constraints])  # at the claim's parameter values
    if G.shape[0] == len(algebraic) and all(_linear_in(g, algebraic) for g in G):
        A = G.jacobian(algebraic)
        if not A.free_symbols & set(algebraic) and _never_zero(sympy.cancel(A.det())):
            b = G.xreplace({z: sympy.Integer(0) for z in algebraic})
            solved = {z: sympy.cancel(v) for z, v in zip(algebraic, A.LUsolve(-b))}
            lines = [Line(f"on the constraints: {z} = {solved[z]}", "on the constraints", assignments=[(str(z), solved[z])]) for z in algebraic]
            return [e.xreplace(solved) for e in expressions], lines, False
    names = ", ".join(map(str, algebraic))
    return expressions, [f"{names} left free: the constraints are not linear in {names} with coefficients real wherever defined, "
                         f"so they are not solved for it; a claim that holds for every {names} holds on them"], True


def _never_zero(determinant) -> bool:
    """Is det A nonzero at every real point (a nonzero number, or a sign sympy's assumptions fix)?  Where it vanishes
    the constraints do not determine z (x (z - 1) = 0 holds for every z at x = 0), and solving them there verified
    z = 1, false on the solution x = 0 (a final review of 2026-12-06)."""
    if determinant.is_number:
        return determinant != 0
    real = {s: sympy.Symbol(s.name, real=True) for s in determinant.free_symbols if isinstance(s, sympy.Symbol)}
    value = determinant.xreplace(real)
    return bool(value.is_positive or value.is_negative)


def constraint_symbols(claim) -> set:
    """The symbols of a DAE model's constraints (their parameters among them), for with_parameter_scope."""
    return set().union(*(g.free_symbols for g in getattr(claim.model, "constraints", None) or []))


def _linear_in(g, variables) -> bool:
    """Is g of degree at most 1 in ``variables``, with coefficients real wherever they are defined (no root or log of
    the other symbols, which would be real on part of the line only: z - sqrt(x))?  z - sin(x) is (a third review of
    2026-12-06: it was left free, and z = sin(x) an error)."""
    from verify.input import expr as expressions

    if any(kind in ("root", "log") for kind, _ in expressions.singularities(g)):
        return False
    try:
        return sympy.Poly(g, *variables).total_degree() <= 1
    except sympy.PolynomialError:  # a variable in a denominator
        return False


def off_the_constraints(outcome: Outcome, free: bool) -> Outcome:
    """An outcome refuted with a DAE's algebraic variables left free (on_constraints) is no verdict: the point may lie
    off the constraints, where no solution goes."""
    if free and outcome.status == "refuted":
        return Outcome("error", None, f"not decided: {outcome.message}, but the algebraic variables were left free (the constraints "
                       "are not solved for them), so the point may lie where no solution of the DAE goes; write the claim in the "
                       "differential states", outcome.computed, outcome.derivation)
    return outcome


def refuse_symbolic_powers(expressions: list) -> None:
    """CheckError for a power b**e with a symbolic exponent e not known to be an integer and a base b not known to be
    positive: over the reals it is defined only where b > 0 (or b = 0 and e > 0, or b < 0 and e an integer), a domain
    that neither side states, and sympy's reading merges such powers across it (x**(y - 1)*x is read as x**y: the
    left side is undefined at x = 0, y = 0, the right side is 1 there, and the identity was 'verified for all x, y',
    a review of 2026-12-06)."""
    powers = symbolic_powers(expressions)
    if powers:
        power = powers[0]
        raise CheckError(f"{power} has a symbolic exponent, and its base {power.base} is not known to be positive: over the reals "
                         "it is defined only where the base is positive (or for some exponents), which the claim does not "
                         "state; claim it over positive values (check = \"forall\" with domains = { x = \"positive\" }) or "
                         "write it with exp and log")


def symbolic_powers(expressions: list) -> list:
    """The powers b**e in the expressions with a symbolic exponent e not known to be an integer and a base b not known
    to be positive ((-2)**y too): real only where b > 0 (or for some exponents)."""
    return [power for e in expressions for power in e.atoms(sympy.Pow)
            if power.exp.free_symbols and not power.exp.is_integer and not power.base.is_positive]


def join_limited(parts: list[str], limit: int = 6) -> str:
    if len(parts) <= limit:
        return ", ".join(parts)
    return ", ".join(parts[:limit]) + f", ... ({len(parts) - limit} more)"


def settle_audit_and_counts(audit, claimed_counts: dict, counts: dict, successes, failures, undecided, computed) -> None:
    """The rounding audit's findings once every value in it is decided (else their labels go to ``undecided``), and the
    evaluation counts against the claimed ones: shared by the certified and the numerical route."""
    if audit:
        if audit.undecided():
            undecided += [v.label for v in audit.undecided()]
        else:
            audited_successes, audited_failures = audit.findings()
            successes += audited_successes
            failures += audited_failures
    for name, claimed_count in claimed_counts.items():
        got = counts.get(name, 0)
        computed[f"counts {name}"] = str(got)
        (successes if got == claimed_count else failures).append(
            f"{got} {name} evaluations" if got == claimed_count else f"counts {name}: claimed {claimed_count}, computed {got}")


def _denested(expression: sympy.Expr) -> sympy.Expr:
    """Nested square roots denested (sqrt(5 + 2*sqrt(6)) = sqrt(2) + sqrt(3), which simplify leaves), then expanded."""
    nested = any(power.exp == sympy.S.Half and any(inner.exp == sympy.S.Half for inner in power.base.atoms(sympy.Pow))
                 for power in expression.atoms(sympy.Pow))
    return sympy.expand(sympy.sqrtdenest(expression)) if nested else expression


def is_zero(expression: sympy.Expr) -> bool:
    """Proved identically zero: a rational function over QQ of its symbols by polynomial arithmetic part by part
    (rational_functions.rational_zero: decided either way, without expanding), else by sympy: expand, cancel,
    simplify in turn, then nested square roots denested."""
    rational_function = rational_functions.rational_zero(expression)
    if rational_function is not None:
        return rational_function
    return _zero_by(QUICK_ZERO, expression) or _zero_by(SLOW_ZERO, expression)


QUICK_ZERO = (sympy.expand, sympy.cancel)  # is_zero's transforms in two groups: decide_sign tries enclosures
SLOW_ZERO = (sympy.simplify, _denested)  # between them (simplify can run for minutes where enclosures take ms)


def _zero_by(transforms, expression: sympy.Expr) -> bool:
    return any(transform(expression) == 0 for transform in transforms)


QUICK_BITS = 256  # interval arithmetic first, up to this precision: a nonzero number is decided there without simplify
# (sympy's simplify took 15 ms per sampled instance of a forall relation); the enclosures never exclude a true zero
BEFORE_SIMPLIFY_BITS = 1024  # and up to this one before simplify: y log(1 + x) - y x/(1 + x) at x = 2^-256 (a tie
# probe of a sampled forall, 2^-513 from 0) is decided at 1,024 bits in 2 ms; simplify ran past 100 s on it (a review
# of 2026-12-07: the claim timed out)


@dataclass(frozen=True)
class DecidedSign:
    """The sign of a closed real number and how it was decided: ``how`` is "rational" (exactly), "sympy" (a zero
    sympy proves), "number field" (a zero in the field an algebraic value generates) or "enclosure" (interval
    arithmetic: ``enclosure`` its text at ``bits``; evidence ``certified``)."""
    sign: int
    how: str
    enclosure: str | None = None
    bits: int | None = None

    @property
    def evidence(self) -> str:
        return {"rational": "exact", "enclosure": "certified"}.get(self.how, "symbolic")


def decide_sign(value) -> DecidedSign:
    """The sign of a closed real number: exact for a rational; else interval enclosures up to QUICK_BITS, then a
    zero by sympy (is_zero) or in the number field of an algebraic value (number_field.decide_equal), then
    enclosures up to 4096 bits.  CheckError when the value is not real or no enclosure excludes 0."""
    value = sympy.sympify(value)
    if value.is_Rational:
        return DecidedSign(int(sympy.sign(value)), "rational")
    try:
        quick = certify_sign(value, max_bits=QUICK_BITS)
        if quick[0] in (1, -1):
            return DecidedSign(quick[0], "enclosure", quick[1], quick[2])
        if _zero_by(QUICK_ZERO, value):
            return DecidedSign(0, "sympy")
        quick = certify_sign(value, max_bits=BEFORE_SIMPLIFY_BITS, first_bits=2 * QUICK_BITS)  # (the bits below tried)
        if quick[0] in (1, -1):
            return DecidedSign(quick[0], "enclosure", quick[1], quick[2])
        if _zero_by(SLOW_ZERO, value):
            return DecidedSign(0, "sympy")
        if number_field.decide_equal(value, sympy.Integer(0)):
            return DecidedSign(0, "number field")
        sign, enclosure, bits = certify_sign(value, first_bits=2 * BEFORE_SIMPLIFY_BITS)
    except CrossCheckUnavailable as exc:
        raise CheckError(f"cannot enclose {short_text(value)} in interval arithmetic: {exc}") from None
    if sign is None:
        raise CheckError(f"cannot decide the sign of {short_text(value)}: its enclosure {enclosure} contains 0 at {bits} bits")
    return DecidedSign(sign, "enclosure", enclosure, bits)


def decide_equality(a, b) -> tuple:
    """(equal, enclosure) for two closed real numbers: decided exactly in the number field they generate
    (verify.engines.number_field; enclosure None), else by an interval enclosure of a - b, which proves them
    different, or equal only when it is the single point 0 (enclosure: its text and precision, so the evidence is
    certified); equal is None when neither decides."""
    decided = number_field.decide_equal(a, b)
    if decided is not None:
        return decided, None
    sign, enclosure, bits = certify_sign(a - b)
    return (None if sign is None else sign == 0), f"{enclosure} at {bits} bits"


MAX_FORMULA_CHARS = 600  # a formula whose substituted values are huge rationals keeps its leading parts only


def shortened_formula(formula: str) -> str:
    """The formula's parts (``f(t + h, y + h*k1)``, ``f(1/2, 1/2)``, ...) up to MAX_FORMULA_CHARS, at least the first:
    the line stays name = formula = value when the values substituted are rationals of hundreds of digits."""
    if len(formula) <= MAX_FORMULA_CHARS:
        return formula
    parts = formula.split(" = ")
    kept = [parts[0]]
    for part in parts[1:]:
        if len(" = ".join(kept + [part])) > MAX_FORMULA_CHARS:
            break
        kept.append(part)
    return " = ".join(kept)
