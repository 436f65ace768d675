"""Safe parsing of claim-file expressions into exact sympy expressions.

A claim file is untrusted input.  ``sympify``/``parse_expr`` execute code
(sympy/sympy#10805), so this module walks ``ast.parse(text, mode="eval")`` and
accepts only a whitelist: numbers, known names, ``+ - * / **`` (``^`` too),
unary signs, parentheses and calls of a few known functions.  Decimal literals
are read from their source text, so ``0.1`` is exactly 1/10.

Every limit below guards against a measured bomb (see shared/FACTS.md):
``10**10**8`` never finishes, ``"-"*100000 + "1"`` exhausts memory, deep
chains exhaust the recursion limit, ``(v**64)**64`` hides a huge degree.
"""
from __future__ import annotations

import ast
import dataclasses
import keyword
import math
import re
from decimal import Decimal
from fractions import Fraction
from typing import Callable, Mapping

import sympy
from verify.errors import ExprError

MAX_TEXT_LENGTH = 2000  # characters in one expression
MAX_NODES = 500  # syntax-tree nodes in one expression
MAX_DEPTH = 60  # nesting of operations
MAX_LITERAL_DIGITS = 200  # digits in one number literal
MAX_EXPONENT = 1000  # |n| in x**n
MAX_POWER_BITS = 100_000  # bits of a numeric power b**n, estimated as bits(b)*|n|
MAX_RATIONAL_BASE_EXPONENT = 10**6  # |n| in b**n for a rational b, whose size MAX_POWER_BITS bounds: an energy ratio over 5,000
# steps, (1 - (1/2)**6/72 + (1/2)**8/576)**5000 (a review of 2026-12-07: refused at 1000 while ((...)**1000)**5 was taken)
MAX_DEGREE = 4000  # total degree after powers of powers, e.g. (v**64)**64
MAX_DECIMAL_EXPONENT = 400  # |e| in 1.5e-400: 1e999999999 would build a billion-digit integer
MAX_INTEGER_BITS = 665  # a TOML integer value: at most about 200 digits, as a literal in an expression

# The number literals of the contract: integers and decimals in base ten, with an optional exponent.
# Python also reads 0x10, 0o17, 0b1, 1_000 and 1j; those are refused.
NUMBER_LITERAL = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")

FUNCTIONS: dict[str, Callable[..., sympy.Expr]] = {
    "abs": sympy.Abs,
    "sqrt": sympy.sqrt,
    "exp": sympy.exp,
    "log": sympy.log,
    "sin": sympy.sin,
    "cos": sympy.cos,
    "tan": sympy.tan,
    "min": sympy.Min,
    "max": sympy.Max,
}
FUNCTION_ARITY = {"min": None, "max": None}  # None: two or more arguments
CONSTANTS = {"pi": sympy.pi}

_FORBIDDEN = {
    ast.Attribute: "attribute access",
    ast.Subscript: "subscripts",
    ast.Lambda: "lambda",
    ast.ListComp: "comprehensions",
    ast.SetComp: "comprehensions",
    ast.DictComp: "comprehensions",
    ast.GeneratorExp: "comprehensions",
    ast.Compare: "comparisons (use check = \"relation\")",
    ast.BoolOp: "boolean operators",
    ast.IfExp: "conditional expressions",
    ast.NamedExpr: "assignment expressions",
    ast.Starred: "starred arguments",
    ast.List: "lists",
    ast.Tuple: "tuples",
    ast.Dict: "dicts",
    ast.Set: "sets",
    ast.JoinedStr: "f-strings",
    ast.Await: "await",
    ast.Yield: "yield",
}


def is_name(name) -> bool:
    """A name an expression can use: an ASCII identifier that is not a Python keyword.

    Python reads identifiers NFKC-normalised (a fullwidth or mathematical-bold
    x is read as x) and refuses keywords such as ``lambda``; the contract's
    names are ASCII, so only those are names.
    """
    return isinstance(name, str) and name.isascii() and name.isidentifier() and not keyword.iskeyword(name)


def exact_number(value) -> sympy.Rational:
    """An exact sympy Rational from a TOML value: int, Decimal/Fraction (TOML floats), or numeric string."""
    if isinstance(value, bool):
        raise ExprError(f"expected a number, got boolean {value!r}")
    if isinstance(value, int):
        if abs(value).bit_length() > MAX_INTEGER_BITS:
            raise ExprError(f"integer of {abs(value).bit_length()} bits is too large (limit {MAX_INTEGER_BITS} bits, about {MAX_LITERAL_DIGITS} digits)")
        return sympy.Integer(value)
    if isinstance(value, (Decimal, Fraction)):
        if isinstance(value, Decimal):
            _check_decimal(value)
        frac = Fraction(value)
        return sympy.Rational(frac.numerator, frac.denominator)
    if isinstance(value, float):  # never produced by our TOML reader; refuse loudly
        raise ExprError(f"binary float {value!r} is not exact; write it as a string or decimal")
    raise ExprError(f"expected a number, got {type(value).__name__}")


QUOTED_CHARS = 120  # an expression quoted in an error message is cut here, so that the reason after it is kept


def quoted(text: str) -> str:
    """``text`` as repr quotes it, cut to QUOTED_CHARS with its length said (a 1,800-character nest of sqrt( filled
    the message, and the reason after it was cut off)."""
    if len(text) <= QUOTED_CHARS:
        return repr(text)
    return repr(text[:QUOTED_CHARS]) + f"... ({len(text)} characters)"


def _check_decimal(value: Decimal) -> None:
    if not value.is_finite():
        raise ExprError(f"not a finite number: {value}")
    sign, digits, exponent = value.as_tuple()
    if len(digits) > MAX_LITERAL_DIGITS:
        raise ExprError(f"decimal {value} has too many digits to read exactly (limit {MAX_LITERAL_DIGITS})")
    if abs(exponent) > MAX_DECIMAL_EXPONENT:
        size = "small" if exponent < 0 and len(digits) + exponent <= 0 else "large"
        raise ExprError(f"decimal {value} too {size} to read exactly (exponent limit {MAX_DECIMAL_EXPONENT})")


MAX_EXACT_BITS = 4_000_000  # bits of an exact value: b**n once an integer is put in for n (a claim's parameter, a forall
# instance), and each value of an exact run (verify.engines.methods.base)


MAX_FUNCTION_ARGUMENT_BITS = 20_000  # an exact argument of exp, sin, cos, tan or log: sin(10002**10002) needs 133,000 bits of pi


def bounded_substitution(expression: sympy.Expr, values: dict, max_bits: int = MAX_EXACT_BITS) -> sympy.Expr:
    """``expression`` with ``values`` substituted, after checking that no power with a symbolic exponent becomes an
    exact rational of more than ``max_bits`` bits there ((1 - 1/N)**N at N = 10^30 would be built in full: a claim's
    preparation ran into the time limit, review of 2026-12-05), and that no exp, sin, cos, tan or log gets an
    argument of more than MAX_FUNCTION_ARGUMENT_BITS bits (exp(N**N) at N = 10002: enclosing it took minutes);
    ExprError naming the part otherwise.  Sizes are counted in integers (bit lengths): (1 + 1/N)**(N**N) at N =
    10001 has an exponent of 133,000 bits, past what a float holds."""
    inner_first = lambda parts: sorted(parts, key=sympy.count_ops)  # noqa: E731  3**((1 - 1/N)**N) must not build the inner power
    known = dict(values)  # and each rational to a fractional power, built here (root_of_rational), not by sympy: inner ones first
    for power in inner_first(p for p in expression.atoms(sympy.Pow) if p.exp.free_symbols):
        exponent, base = power.exp.xreplace(known), power.base.xreplace(known)
        if exponent.is_Rational and not base.is_Rational and abs(exponent) > MAX_EXPONENT:  # (x - y)**k at k = 100000: as
            raise ExprError(f"{power} has the exponent {exponent} there (limit |n| <= {MAX_EXPONENT}, as when written)")  # x**100000 is
        if exponent.is_Rational and base.is_Rational and abs(base) != 1 and base != 0:
            n = abs(int(exponent.p)) // int(exponent.q)  # 2**(m/2) at odd m is 2**((m - 1)/2) sqrt(2): its integer part is built
            if n.bit_length() > 1000:  # p^n and q^n have at least n bits: past what a float holds
                raise ExprError(f"{power} is an exact rational of more than 2^{n.bit_length() - 1} bits there (more than {max_bits:,})")
            bits = n * (math.log2(abs(int(base.p))) + math.log2(int(base.q)))  # of p^n and q^n: 2^-N is N bits
            if bits > max_bits:
                raise ExprError(f"{power} is an exact rational of about {bits:.3g} bits there (more than {max_bits:,})")
        if exponent.is_Rational and not exponent.is_Integer and base.is_Rational and base > 0:  # (within the bounds above)
            known[power] = root_of_rational(base, exponent)
    functions = (sympy.exp, sympy.sin, sympy.cos, sympy.tan, sympy.log)
    for call in inner_first(c for c in expression.atoms(*functions) if c.args[0].free_symbols):
        argument = call.args[0].xreplace(known)
        size = max(int(argument.p).bit_length(), int(argument.q).bit_length()) if argument.is_Rational else 0
        if size > MAX_FUNCTION_ARGUMENT_BITS:
            raise ExprError(f"{call.func.__name__} of an exact number of {size:,} bits there, in {call} (more than {MAX_FUNCTION_ARGUMENT_BITS:,})")
    return expression.xreplace(known)


def _constant_power(base: sympy.Expr, exponent: sympy.Expr) -> bool:
    """May ``base**exponent`` be read with an exponent that is a real constant but not rational (pi**exp(1),
    2**sqrt(2))?  When both are constants, the base positive, and the exponent's size at most MAX_EXPONENT (read at 15
    digits from a number the parser's own limits keep small)."""
    if base.free_symbols or exponent.free_symbols or base.is_positive is not True or exponent.is_real is not True:
        return False
    try:
        size = abs(float(exponent.evalf(15)))
    except (TypeError, ValueError, OverflowError):
        return False
    return size <= MAX_EXPONENT


SYMPY_ROOT_SIZE = 10_000  # (bits of p and q) * s below which sympy builds (p/q)^(r/s) itself


def root_of_rational(base: sympy.Rational, exponent: sympy.Rational) -> sympy.Expr:
    """base^exponent for a positive rational base p/q and a rational exponent r/s (s > 1), exactly: (a/b)^r when p
    and q are perfect s-th powers a^s and b^s, else the power as it is.  sympy builds it itself where the numbers
    are small (sqrt(12) = 2 sqrt(3)); past SYMPY_ROOT_SIZE it is built here, because sympy's own collection of
    perfect roots from the base's factors multiplies each prime to the power (r * its multiplicity) mod s: x^x at
    x = 999999/10^6 built 3^999997 7^999999 ... and searched it for perfect powers past any time limit (an
    adversarial review of 2026-12-07; a true sampled claim x^x >= 69/100 on (0, 1) timed out)."""
    p, q, r, s = int(base.p), int(base.q), int(exponent.p), int(exponent.q)
    if (p.bit_length() + q.bit_length()) * s <= SYMPY_ROOT_SIZE:
        return base**exponent
    a, a_exact = sympy.integer_nthroot(p, s)
    b, b_exact = sympy.integer_nthroot(q, s)
    if a_exact and b_exact:
        return sympy.Rational(a, b) ** r
    return sympy.Pow(base, exponent, evaluate=False)


def parse(
    text,
    names: Mapping[str, sympy.Expr],
    calls: Mapping[str, Callable[[list[sympy.Expr]], sympy.Expr]] | None = None,
    symbolic_exponents: frozenset = frozenset(),
    guards: list | None = None,
) -> sympy.Expr:
    """Parse ``text`` (a string, or a TOML number) into an exact sympy expression.

    ``names`` maps each allowed name to its meaning (a Symbol, or the expression
    of a functional); ``calls`` adds special forms such as ``ddt`` and
    ``solution`` that receive already-parsed arguments.  An exponent may be
    symbolic only in the Symbols of ``symbolic_exponents`` (free symbols that no
    value is ever substituted for, such as the m of a claim "for every m").
    A text whose reading cancels a singularity it has as written (x/x) is
    refused, unless ``guards`` is given: then each such singularity a check can
    decide goes there as an expression undefined exactly where the text is
    (``refuse_lost``).
    """
    if not isinstance(text, str):
        return exact_number(text)
    if len(text) > MAX_TEXT_LENGTH:
        raise ExprError(f"expression longer than {MAX_TEXT_LENGTH} characters")
    if not text.isascii():
        bad = next(ch for ch in text if not ch.isascii())
        raise ExprError(f"non-ASCII character {bad!r} (U+{ord(bad):04X}) in {quoted(text)}: expressions are written in ASCII")
    try:
        key = (text, frozenset(names.items()), symbolic_exponents)
        kept = _PARSED.get(key)
    except TypeError:  # a meaning that is not hashable: parsed every time
        key = kept = None
    if kept is not None:
        result, lost = kept
    else:
        result, used_calls, lost = _parse_new(text, names, calls, symbolic_exponents)
        if key is not None and not used_calls:
            if len(_PARSED) >= MAX_KEPT_PARSES:
                _PARSED.clear()
            _PARSED[key] = (result, lost)
    refuse_lost(text, result, lost, guards)
    return result


MAX_KEPT_PARSES = 20_000
_PARSED: dict = {}  # (text, names, symbolic exponents) -> the expression, for texts that call none of ``calls``
# (a claim's ddt or solution reads its model): a model or value written in many claim files, or read by several
# checks, is parsed once per process (the suite parsed 41,543 texts, 4,449 of them different, 2026-12-05).  Only
# successful parses are kept; an input error is found again each time.


def _parse_new(text: str, names, calls, symbolic_exponents) -> tuple[sympy.Expr, bool, list]:
    """parse's work: (the expression, whether a call of ``calls`` built part of it, the singularities it lost)."""
    source = text.replace("^", "**")
    try:
        tree = ast.parse(source.strip(), mode="eval")
    except (SyntaxError, ValueError, MemoryError, RecursionError) as exc:
        raise ExprError(f"cannot parse {quoted(text)}: {getattr(exc, 'msg', exc)}") from None
    node_count = sum(1 for _ in ast.walk(tree))
    if node_count > MAX_NODES:
        raise ExprError(f"expression has {node_count} syntax nodes (limit {MAX_NODES})")
    builder = _Builder(source.strip(), names, calls or {}, symbolic_exponents)
    try:
        result = builder.build(tree.body, 0)
        undefined = result.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo)
    except ExprError:
        raise
    except RecursionError:
        raise ExprError(f"{quoted(text)} is nested too deeply to build") from None
    except (OverflowError, MemoryError) as exc:
        raise ExprError(f"{quoted(text)} builds a value too large to handle ({type(exc).__name__})") from None
    except Exception as exc:  # sympy refusing a combination (TypeError, ...): still only an ExprError
        raise ExprError(f"cannot build {quoted(text)}: {type(exc).__name__}: {' '.join(str(exc).split())[:200]}") from None
    if undefined:
        raise ExprError(f"{quoted(text)} is undefined (division by zero)")
    return result, builder.used_calls, cancelled_singularities(result, builder.singular)


def harmless(kind: str, value) -> bool:
    """Is a lost singularity (Lost.kind) impossible at ``value`` of its argument, a number or an expression in
    symbols whose assumptions carry the domains' signs: a denominator never 0, a log's argument always positive, a
    root's never negative?  (A tan's is never settled so.)"""
    if kind == "denominator":
        return value.is_zero is False
    if kind == "log":
        return bool(value.is_positive)
    if kind == "root":
        return bool(value.is_nonnegative)
    return False


def decidable(kind: str, argument) -> bool:
    """Can a check that knows its domains find where a lost singularity of this kind and argument happens: a
    denominator's zeros when it is a polynomial, a root's or log's negative values when it is a polynomial in one
    symbol (verify.checks.forall.poles); never a tan's."""
    if kind == "denominator":
        return argument.is_polynomial()
    if kind in ("root", "log"):
        return len(argument.free_symbols) == 1 and argument.is_polynomial()
    return False


def refuse_lost(text: str, result, lost: list, guards: list | None) -> None:
    """ExprError for a text whose reading lost a singularity (see cancelled_singularities); with ``guards`` (a list
    from a check that decides where its values are defined) each lost singularity it may decide goes there instead
    (Lost, with the refusal the check raises where it cannot: Lost.decidable)."""
    for item in lost:
        message = (f"{quoted(text)} as written is {item.what}, but sympy's reading cancels that away (giving {_short(result)}): "
                   "a value would be claimed where the expression has none; write it without the cancelled part")
        if guards is not None:  # the check raises the message where it cannot decide the item
            guards.append(dataclasses.replace(item, message=message))
            continue
        raise ExprError(message)


def _short(expression) -> str:
    text = str(expression)
    return text if len(text) <= 60 else text[:57] + "..."


def singularities(expression: sympy.Expr) -> list[tuple[str, sympy.Expr]]:
    """(kind, g) for the places where the evaluated ``expression`` is undefined or not real: "denominator" (g = 0),
    "log" (g <= 0) and "root" (g < 0, a non-integer power), each g with free symbols."""
    found = []
    for power in expression.atoms(sympy.Pow):
        base, exponent = power.args
        if base.free_symbols and exponent.is_number:
            if exponent.is_negative:
                found.append(("denominator", base))
            if not exponent.is_integer:
                found.append(("root", base))
        elif base.free_symbols:  # a symbolic exponent: (1 - h*lam)**(-N) a denominator for N > 0, x**k a root for k = 1/2
            if not exponent.is_nonnegative:
                found.append(("denominator", base))
            if not exponent.is_integer:
                found.append(("root", base))
    found.extend(("log", call.args[0]) for call in expression.atoms(sympy.log) if call.args[0].free_symbols)
    found.extend(("tan", call.args[0]) for call in expression.atoms(sympy.tan) if call.args[0].free_symbols)
    return found


def _factors(g: sympy.Expr) -> list[sympy.Expr]:
    """The factors with free symbols whose zeros are the zeros of ``g``: a product's factors, a positive power by
    its base's factors (sqrt(c/m) by c), a negative power by none (it is never zero), abs(g) by g's."""
    if g.is_Mul:
        return [f for factor in g.args for f in _factors(factor)]
    if g.is_Pow and g.exp.is_number:
        return _factors(g.base) if g.exp.is_positive else []
    if g.is_Pow:  # a symbolic exponent, (1 - h*lam)**N: where the base vanishes
        return _factors(g.base)
    if isinstance(g, sympy.Abs):  # 1/abs(1 - z) is read as 1/Abs(z - 1)
        return _factors(g.args[0])
    return [g] if g.free_symbols else []


def _sign_factors(g: sympy.Expr) -> list[sympy.Expr]:
    """The factors with free symbols whose signs make the sign of ``g``: a product's factors, an odd power (1/k too)
    by its base's, an even or fractional power and abs by none (they are not negative)."""
    if g.is_Mul:
        return [f for factor in g.args for f in _sign_factors(factor)]
    if g.is_Pow and g.exp.is_Integer:
        return _sign_factors(g.base) if g.exp % 2 else []
    if g.is_Pow and g.exp.is_number or isinstance(g, sympy.Abs):
        return []
    return [g] if g.free_symbols else []


@dataclasses.dataclass(frozen=True)
class Lost:
    """A singularity the written text has and its evaluated reading lost: ``what`` says where the text is undefined;
    ``kind`` ("denominator", "log", "root") and ``argument`` say where a check that decides where its values are
    defined (forall, over its domains) must look instead of refusing the text: a zero of the argument (a
    denominator, a log) or a negative value (a root, a log); ``decidable`` is False where no such check could (a tan,
    an argument that is not a polynomial: exp(x) - 1): always refused."""

    what: str
    kind: str
    argument: sympy.Expr
    decidable: bool = True
    message: str = ""  # the refusal, naming the text (set by refuse_lost)


def cancelled_singularities(result: sympy.Expr, written: list) -> list[Lost]:
    """What the text as written is undefined at and the built ``result`` no longer is.

    sympy evaluates as it builds: x/x, (x - 1)/(x - 1) and x**2/x lose their
    denominator, exp(log(x)) and sqrt(x)**2 become x, so a claim that x/x == 1
    for every x, or that y/y = 1 after a run that ends at y = 0, would be
    decided on 1 (a review of 2026-12-06 had five such claims verified).
    ``written`` holds (kind, g) for every division, negative or fractional power, log, sqrt and tan the text (or a
    name it uses) contains; each must still be in the result, unless g can never be zero (a denominator), is
    positive (a log) or is non-negative (a root) by the symbols' assumptions.
    """
    if not written:
        return []
    present = singularities(result)
    denominators = {f for kind, g in present if kind == "denominator" for f in _factors(g)}
    roots = {f for kind, g in present if kind == "root" for f in _sign_factors(g)}
    logs = {g for kind, g in present if kind == "log"}
    tangents = {g for kind, g in present if kind == "tan"}
    lost = []
    for kind, g in written:
        if kind == "denominator":
            for factor in _factors(g):
                if factor.is_zero is False or factor in denominators or -factor in denominators:
                    continue
                lost.append(Lost(f"undefined where {factor} = 0", "denominator", factor, decidable("denominator", factor)))
        elif kind == "log":
            if not (g.is_positive or g in logs):
                lost.append(Lost(f"undefined where {g} <= 0 (a log)", "log", g, decidable("log", g)))
        elif kind == "root":
            # sqrt(2/k) is read as sqrt(2)*sqrt(1/k): not real where k < 0 either way, so each factor that gives g its
            # sign must still be under a root (itself, not its negative: sqrt(1 - x) is not sqrt(x - 1)); a g whose sign
            # no factor changes (-x**2, -abs(x), -9) must be nonnegative
            if g.is_nonnegative:
                continue
            signs = _sign_factors(g)
            if not signs or not all(f in roots for f in signs):
                lost.append(Lost(f"not real where {g} < 0 (a root)", "root", g, decidable("root", g)))
        elif kind == "tan":
            if g not in tangents:
                lost.append(Lost(f"undefined where cos({g}) = 0 (a tan)", "tan", g, decidable=False))
    return lost


_GROUP = {ast.Add: "sum", ast.Sub: "sum", ast.Mult: "product", ast.Div: "product"}  # left-associative chains (_Builder.chain)


class _Builder:
    def __init__(self, source, names, calls, symbolic_exponents=frozenset()):
        self.source = source
        self.names = names
        self.calls = calls
        self.symbolic_exponents = symbolic_exponents
        self.used_calls = False  # a special form of ``calls`` was applied (its result depends on more than the text)
        self.singular: list = []  # (kind, g) of every denominator, log and root written (see cancelled_singularities)

    def refuse(self, node, what):
        segment = ast.get_source_segment(self.source, node) or self.source
        comma = re.fullmatch(r"\s*-?\d+\s*,\s*\d+\s*", segment) if isinstance(node, ast.Tuple) else None
        hint = f" (a decimal comma? write {segment.strip().replace(',', '.').replace(' ', '')})" if comma else ""
        raise ExprError(f"{what} not allowed: {quoted(segment)}{hint}")

    def build(self, node, depth) -> sympy.Expr:
        if depth > MAX_DEPTH:
            raise ExprError(f"expression nested deeper than {MAX_DEPTH}")
        for kind, what in _FORBIDDEN.items():
            if isinstance(node, kind):
                self.refuse(node, what)
        if isinstance(node, ast.Constant):
            return self.number(node)
        if isinstance(node, ast.Name):
            return self.name(node)
        if isinstance(node, ast.UnaryOp):
            operand = self.build(node.operand, depth + 1)
            if isinstance(node.op, ast.USub):
                return -operand
            if isinstance(node.op, ast.UAdd):
                return operand
            self.refuse(node, "operator " + type(node.op).__name__)
        if isinstance(node, ast.BinOp):
            return self.chain(node, depth)
        if isinstance(node, ast.Call):
            return self.bounded(node, self.call(node, depth))
        self.refuse(node, type(node).__name__)

    def chain(self, node, depth) -> sympy.Expr:
        """A binary operation, and the operations of its group (+ and -, or * and /) down its left operand as one
        level: Python reads a + b + c as (a + b) + c, so a sum of 62 terms written out flat was "nested deeper than 60"
        (a review of 2026-12-07); the chain is built in a loop, each operand and each partial result as before."""
        links = []
        while isinstance(node, ast.BinOp) and (not links or _GROUP.get(type(node.op)) == _GROUP.get(type(links[-1].op), "none")):
            links.append(node)
            node = node.left
        result = self.build(node, depth + 1)
        for link in reversed(links):
            result = self.bounded(link, self.binary(link, result, self.build(link.right, depth + 1)))
        return result

    def binary(self, node, left, right) -> sympy.Expr:
        op = node.op
        if isinstance(op, ast.Add):
            return left + right
        if isinstance(op, ast.Sub):
            return left - right
        if isinstance(op, ast.Mult):
            return left * right
        if isinstance(op, ast.Div):
            if right == 0:
                self.refuse(node, "division by zero")
            if right.free_symbols:
                self.singular.append(("denominator", right))
            return left / right
        if isinstance(op, ast.Pow):
            return self.power(node, left, right)
        self.refuse(node, "operator " + type(op).__name__)

    def bounded(self, node, result) -> sympy.Expr:
        """Every built node, not only a power, stays within MAX_DEGREE and MAX_POWER_BITS."""
        if degree_bound(result) > MAX_DEGREE:
            self.refuse(node, f"expression of total degree above {MAX_DEGREE}")
        if result.is_Rational and int(result.p).bit_length() + int(result.q).bit_length() > 2 * MAX_POWER_BITS:
            self.refuse(node, f"number of more than {2 * MAX_POWER_BITS} bits")
        return result

    def number(self, node) -> sympy.Expr:
        value = node.value
        segment = ast.get_source_segment(self.source, node) or ""
        mantissa = segment.lower().split("e")[0]  # its digits (a 200-digit decimal was refused for its point: a review of
        if sum(ch.isdigit() for ch in mantissa) > MAX_LITERAL_DIGITS or len(segment) > MAX_LITERAL_DIGITS + 16:  # 2026-12-07),
            # with a point and an exponent beside them
            self.refuse(node, f"number literal longer than {MAX_LITERAL_DIGITS} digits")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.refuse(node, "literal of type " + type(value).__name__)
        if not NUMBER_LITERAL.fullmatch(segment):
            self.refuse(node, "number literal other than a base-ten integer or decimal (no 0x, 0o, 0b or _)")
        if isinstance(value, int):
            return sympy.Integer(value)
        # A float literal: re-read its text exactly, never through a binary float.
        try:
            return exact_number(Decimal(segment))
        except ExprError as exc:
            self.refuse(node, str(exc))

    def name(self, node) -> sympy.Expr:
        if not is_name(node.id):
            self.refuse(node, "name that is not an ASCII identifier")
        if node.id in self.names:
            meaning = self.names[node.id]
            if isinstance(meaning, sympy.Basic) and not meaning.is_Atom:
                self.singular.extend(singularities(meaning))  # a let value or functional's own denominators
            return meaning
        if node.id in CONSTANTS:
            return CONSTANTS[node.id]
        known = ", ".join(sorted(self.names)) or "none"
        raise ExprError(f"unknown name {node.id!r} (known: {known})")

    def power(self, node, base, exponent) -> sympy.Expr:
        if not exponent.is_Rational:
            if exponent.free_symbols and exponent.free_symbols <= self.symbolic_exponents:
                if base.free_symbols and not exponent.is_nonnegative:  # x**(-N): a denominator where N > 0
                    self.singular.append(("denominator", base))
                if base.free_symbols and not exponent.is_integer:  # x**(k/2): a root
                    self.singular.append(("root", base))
                return base**exponent
            if _constant_power(base, exponent):  # pi**exp(1): a number (an adversarial review of 2026-12-07 found it refused)
                return sympy.Pow(base, exponent)
            self.refuse(node, "non-numeric exponent (use exp() for symbolic powers; a claim's declared symbols may be exponents; a "
                              f"number may be raised to a real constant of size at most {MAX_EXPONENT})")
        if exponent.q > 64:  # (a review of 2026-12-07: this refusal named the limit on |n| instead)
            self.refuse(node, f"exponent {exponent}: a rational exponent's denominator may be at most 64")
        if abs(exponent.p) > (MAX_RATIONAL_BASE_EXPONENT if base.is_Rational else MAX_EXPONENT):
            self.refuse(node, f"exponent {exponent} (limit |n| <= {MAX_RATIONAL_BASE_EXPONENT if base.is_Rational else MAX_EXPONENT}"
                              + (f"; a rational number's power may have up to {MAX_POWER_BITS:,} bits" if not base.is_Rational else "") + ")")
        if base.is_Rational:
            bits = max(int(base.p).bit_length(), int(base.q).bit_length(), 1)
            if bits * abs(exponent.p) > MAX_POWER_BITS:
                self.refuse(node, f"power of about {bits * abs(exponent.p)} bits (limit {MAX_POWER_BITS})")
            if base == 0 and exponent < 0:
                self.refuse(node, "division by zero")
        if base.free_symbols:
            if exponent < 0:
                self.singular.append(("denominator", base))
            if not exponent.is_Integer:
                self.singular.append(("root", base))
        result = base**exponent
        if degree_bound(result) > MAX_DEGREE:
            self.refuse(node, f"power of total degree above {MAX_DEGREE}")
        return result

    def call(self, node, depth) -> sympy.Expr:
        if not isinstance(node.func, ast.Name):
            self.build(node.func, depth + 1)  # names the forbidden construct (lambda, attribute, ...) if there is one
            self.refuse(node, "calling anything but a plain function name")
        if node.keywords:
            self.refuse(node, "keyword arguments")
        fname = node.func.id
        args = [self.build(arg, depth + 1) for arg in node.args]
        if fname in self.calls:
            self.used_calls = True
            try:
                return self.calls[fname](args)
            except ExprError as exc:
                raise ExprError(f"{fname}(...): {exc}") from None
        if fname not in FUNCTIONS:
            known = ", ".join(sorted(set(FUNCTIONS) | set(self.calls)))
            raise ExprError(f"unknown function {fname!r} (known: {known})")
        arity = FUNCTION_ARITY.get(fname, 1)
        if (arity is None and len(args) < 2) or (arity is not None and len(args) != arity):
            self.refuse(node, f"{fname} with {len(args)} argument(s)")
        if fname in ("log", "sqrt") and args[0].free_symbols:  # of a number: its value is what sympy computes (sqrt(-2)**2 = -2)
            self.singular.append(("log" if fname == "log" else "root", args[0]))
        if fname == "tan" and args[0].free_symbols:  # tan(x) - tan(x) is read as 0
            self.singular.append(("tan", args[0]))
        return FUNCTIONS[fname](*args)


def degree_bound(expr: sympy.Expr) -> int:
    """An upper bound on the total polynomial degree of ``expr`` (function calls count as degree 1)."""
    if expr.is_Symbol:
        return 1
    if expr.is_Number or not expr.free_symbols:
        return 0
    if expr.is_Add:
        return max(degree_bound(a) for a in expr.args)
    if expr.is_Mul:
        return sum(degree_bound(a) for a in expr.args)
    if expr.is_Pow and expr.exp.is_Rational:
        return degree_bound(expr.base) * max(1, abs(int(expr.exp.p)))
    return 1
