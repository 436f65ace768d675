"""Symbolic runs: the exact step maps applied to sympy expressions, and N-step maps in closed form.

A step map that is affine in the state, y -> M y + c (every linear model under
the explicit and multirate methods), is iterated N times in closed form as the
power of the augmented matrix [[M, c], [0, 1]] (with a symbolic exponent: from
its eigenvalues where its characteristic polynomial splits over QQ(one symbol),
power_by_eigenvalues, checked against the exact powers; otherwise through sympy's
Jordan form).  The multirate methods' m
microsteps with a symbolic m are solved the same way: microstep j maps the fast
state affinely, z -> P z + u + v j, so w = (z, j, 1) evolves by a constant
matrix B and w_m = B^m w_0.
"""
from __future__ import annotations

import functools

import sympy
from sympy.polys.matrices import DomainMatrix

from verify.engines import rational_functions
from verify.engines.methods import Method, Recorder, SymbolicSystem
from verify.engines.methods.multirate import FrozenSlowEuler
from verify.errors import SymbolicUnavailable
from verify.outcome import Formula, Line


def sympify_deep(value):
    if isinstance(value, dict):
        return {k: sympify_deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [sympify_deep(v) for v in value]
    return value if isinstance(value, str) else sympy.sympify(value)


def substitute_deep(value, values):
    """``value`` (an expression, or lists and tables of them: a tableau's A) with ``values`` substituted."""
    if isinstance(value, dict):
        return {k: substitute_deep(v, values) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(substitute_deep(v, values) for v in value)
    return value.xreplace(values) if isinstance(value, sympy.Basic) else value


def one_step(method: Method, system: SymbolicSystem, options: dict, t, y: list, augmented: bool = False,
             reduced: bool = True) -> list:
    """One macro step on symbolic values.

    A method with memory (Method.memory_names: the previous exchange of an
    extrapolation, a carried balance error) gets its first-step memory from
    ``y``, and the memory is dropped from the result; with ``augmented`` the
    caller passes and receives state and memory together.  ``reduced``: each
    value expanded, or brought to one reduced fraction (_expanded); a caller
    that reads the values' affine parts (affine_parts reduces each part on its
    own, a gcd in fewer symbols) may ask for them as the step built them.
    """
    if method.variable_step:
        raise SymbolicUnavailable(f"method {method.name} decides by comparisons; it has no closed form")
    opts = method.exact_options(options, convert=sympify_deep)
    if isinstance(method, FrozenSlowEuler) and not sympy.sympify(opts["m"]).is_Integer:
        return _multirate_closed_form(method, system, opts, t, y)
    size = len(y)
    try:
        if not augmented:
            y = list(y) + [sympy.sympify(v) for v in method.initial_memory(system, t, list(y), opts)]
        image = [_expanded(v) if reduced else v for v in method.step(system, t, list(y), opts, Recorder(keep=False))]
    except (TypeError, ValueError, KeyError) as exc:
        raise SymbolicUnavailable(f"method {method.name} cannot step symbolically: {exc}") from None
    return image if augmented else image[:size]


def memory_size(method: Method, model, options: dict) -> int:
    return len(method.memory_names(model, options))


def _expanded(value):
    """A polynomial expanded; a rational function (an implicit stage solved for symbolic h) as one reduced fraction
    (rational_functions.normal): expanding it would spread the numerator over copies of the denominator."""
    value = sympy.sympify(value)
    if any(power.exp.is_negative and power.base.free_symbols for power in value.atoms(sympy.Pow)):
        return rational_functions.normal(value)
    return sympy.expand(value)


def affine_parts(expressions, variables):
    """(J, rest) with expressions = J variables + rest, or None when not affine in ``variables``.

    A fraction whose denominator is free of the variables (the image of a step solved for symbolic h) is read off
    its numerator as a polynomial in them: ``sympy.diff`` of such a fraction asks sympy's assumptions about its
    factors, and with CRootOf coefficients that went through minimal polynomials and root formulas for minutes
    (SDIRK-3 with symbolic h on y' = y, the numerator's Poly: 0.03 s)."""
    rows, rests = [], []
    for e in expressions:
        parts = _affine_part(sympy.sympify(e), variables)
        if parts is None:
            return None
        rows.append(parts[0])
        rests.append(parts[1])
    return sympy.Matrix(rows) if rows else sympy.zeros(0, len(variables)), sympy.Matrix(rests)


def _affine_part(e, variables):
    """(row, rest) with e = row . variables + rest, or None when e is not affine in ``variables``: read in
    K[symbols] where a number field K holds the coefficients (rational_functions.affine_parts), else as below."""
    try:
        return rational_functions.affine_parts(e, variables)
    except rational_functions.POLY_ERRORS:
        pass
    numerator, denominator = sympy.fraction(e)
    if not denominator.free_symbols & set(variables):
        try:
            polynomial = sympy.Poly(sympy.expand(numerator), *variables)
        except sympy.PolynomialError:  # sin(y), sqrt(y): not a polynomial, so not affine
            return None
        if polynomial.total_degree() > 1:
            return None
        return ([_expanded(polynomial.coeff_monomial(v) / denominator) for v in variables],
                _expanded(polynomial.coeff_monomial(1) / denominator))
    row = [_expanded(sympy.diff(e, v)) for v in variables]
    if any(entry.free_symbols & set(variables) for entry in row):
        return None
    return row, _expanded(e - sum(entry * v for entry, v in zip(row, variables)))


def _multirate_closed_form(method, system, opts, t, y):
    H, m = opts["H"], opts["m"]
    h = H / m
    recorder = Recorder(keep=False)
    new, f = method.slow_step(system, t, list(y), H, recorder)
    fast = system.blocks["fast"]
    j = sympy.Dummy("j", integer=True, nonnegative=True)
    z_symbols = [sympy.Dummy(f"z{i}") for i in fast]
    z = list(y)
    for i, zs in zip(fast, z_symbols):
        z[i] = zs
    after = method.microstep(system, t, list(y), f, z, j, h, recorder)
    parts = affine_parts([sympy.expand(after[i]) for i in fast], z_symbols)
    if parts is None:
        raise SymbolicUnavailable("the fast microstep is not affine in the fast state")
    P, rest = parts
    v = rest.diff(j)
    u = sympy.expand(rest - v * j)
    if any(e.has(j) for e in list(v) + list(u)):
        raise SymbolicUnavailable("the fast microstep depends on j other than linearly")
    k = len(fast)
    B = sympy.zeros(k + 2, k + 2)
    B[:k, :k], B[:k, k], B[:k, k + 1] = P, v, u
    B[k, k] = B[k, k + 1] = B[k + 1, k + 1] = 1
    w = matrix_power(B, m) * sympy.Matrix([y[i] for i in fast] + [0, 1])
    for position, i in enumerate(fast):
        new[i] = sympy.expand(w[position])
    return new


def matrix_power(matrix: sympy.Matrix, exponent, every_count: bool = True) -> sympy.Matrix:
    """matrix**exponent simplified (a symbolic exponent: power_by_eigenvalues, else sympy's Jordan form and simplify).
    ``every_count``: the form must hold for every value of the step count (a forall claim; _check_where_generic_forms_fail),
    not only for large ones (an order as N -> oo).  A worker checks claim after claim (verify.runner), and a claim
    and its wrong version (another order, the same run) raise the same matrix to the same power: the last powers
    are kept (the DAE closed form: 0.5 s each)."""
    matrix, exponent = sympy.ImmutableMatrix(matrix), sympy.sympify(exponent)
    return sympy.Matrix(_checked_power(matrix, exponent) if every_count else _kept_power(matrix, exponent, True))


@functools.lru_cache(maxsize=16)
def _checked_power(matrix: sympy.ImmutableMatrix, exponent) -> sympy.ImmutableMatrix:
    power = _kept_power(matrix, exponent, False)
    _check_where_generic_forms_fail(matrix, exponent, power)
    return power


@functools.lru_cache(maxsize=16)
def _kept_power(matrix: sympy.ImmutableMatrix, exponent, generic: bool) -> sympy.ImmutableMatrix:
    """``generic``: the form may fail at finitely many values of the exponent's symbol (an order as N -> oo reads
    it), so the eigenvalue route takes spectra that meet or vanish at some positive integer too."""
    power = power_by_eigenvalues(matrix, exponent, generic)
    if power is None:
        try:
            power = sympy.simplify(matrix**exponent)
        except (ValueError, NotImplementedError, TypeError) as exc:
            raise SymbolicUnavailable(f"no closed form for the {matrix.shape[0]}x{matrix.shape[0]} matrix power: {exc}") from None
    return sympy.ImmutableMatrix(power)


SMALL_COUNTS = 8  # a closed form of M^E(n) is compared with the exact power at the first 8 values of the count n ...
LARGEST_CHECKED_POINT = 10**4  # ... and at the special points below, up to this one (beyond it: no closed form)
LARGEST_CHECKED_WITH_SYMBOLS = 200  # the same where the matrix has other symbols (the exact power is over QQ(them))


def _check_where_generic_forms_fail(matrix, exponent, power) -> None:
    """A closed form of M^E from a Jordan form or from eigenvalues is generic: it can be wrong where the eigenvalues
    of M meet or vanish.  For a step count those are whole numbers, where no continuity helps: three chained decays
    with h = 1/N have a Jordan form giving N (N - 1)^(N - 1)/2 for the first, 1/2 at N = 1 where the run gives 0, and
    false claims were verified on it (review findings; also with a parameter k in the model, or N + 1 steps of
    h = 1/(N + 1)).  So with E an expression in one integer symbol n (N, N + 1, 2 N, m), the form is compared with
    the exact power M^E at the first SMALL_COUNTS values of n from its least (1 if positive, 0 if nonnegative) and
    at every larger whole n where, for every value of the other symbols, two factors of the characteristic
    polynomial share a root, one has a repeated root, or one has the root 0 (factors in n alone of discriminants,
    resultants and constant terms over QQ[symbols]); the other symbols stay symbols, the exact power is over
    QQ(them).  Where they meet at values that depend on the other symbols (N = T), both sides are continuous in
    those (real) symbols and agree as identities.  A point where M has a pole is skipped (no step is defined there).
    SymbolicUnavailable when the form fails at one of them, when a point is too large to compute at, or when E is
    not a whole number for every n.  An exponent in symbols not declared integer is left unchecked (a forall run's
    step count is declared so: verify.checks.forall.reading refuses any other)."""
    if exponent.is_number:
        return  # a number: the power itself, no formula
    counts = sorted(exponent.free_symbols, key=str)
    if len(counts) > 1 and exponent.is_integer:  # N + K, N K: the small counts are not one sequence to check
        raise SymbolicUnavailable(f"the closed form of the matrix power in the step count {exponent} (several integer symbols) is generic "
                                  "and not checked where its eigenvalues meet")
    if len(counts) != 1 or not counts[0].is_integer or not exponent.is_integer:
        return  # not a count of one integer symbol (a stability claim's microstep count m, declared positive): generic
    n = counts[0]
    least = 1 if n.is_positive else 0 if n.is_nonnegative else None
    if least is None:
        raise SymbolicUnavailable(f"the step count {exponent} may be negative")
    others = sorted(matrix.free_symbols - {n}, key=str)
    field = sympy.QQ.frac_field(*others) if others else sympy.QQ
    points = set(range(least, least + SMALL_COUNTS)) | {p for p in _degenerate_points(matrix, n, others) if p >= least}
    limit = LARGEST_CHECKED_WITH_SYMBOLS if others else LARGEST_CHECKED_POINT
    if max(points) > limit:
        raise SymbolicUnavailable(f"the closed form of the matrix power is generic and {n} = {max(points)} (where its eigenvalues meet) "
                                  "is too large to check it at exactly")
    size = matrix.shape[0]
    for value in sorted(points):
        count = exponent.xreplace({n: sympy.Integer(value)})
        if not (count.is_Integer and count >= 0):
            raise SymbolicUnavailable(f"the step count {exponent} is {count} at {n} = {value}")
        at = matrix.xreplace({n: sympy.Integer(value)})
        if any(e.has(sympy.zoo, sympy.nan) for e in at):
            continue  # a pole of the step: no run there
        try:
            exact = DomainMatrix.from_Matrix(at).convert_to(field)
            exact = (exact ** int(count) if count else DomainMatrix.eye(size, field)).to_Matrix()
        except (sympy.polys.polyerrors.CoercionFailed, ZeroDivisionError, NotImplementedError, ValueError):
            exact = at ** int(count)
        formula = power.xreplace({n: sympy.Integer(value)})
        if not all(_is_zero(f - x) for f, x in zip(formula, exact)):
            raise SymbolicUnavailable(f"the closed form of the matrix power does not hold at {n} = {value} "
                                      "(its eigenvalues meet or vanish there)")


def _is_zero(difference) -> bool:
    """Is ``difference`` exactly 0?  Expanded (a power of 1 + I/2, of (1 + sqrt(5))/2, comes out a number of its
    field), then rational_functions.decide_zero (in K(symbols), else simplify; undecided is not zero); zoo and nan
    are not."""
    difference = sympy.expand(difference)
    if difference.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
        return False
    return difference == 0 or rational_functions.decide_zero(difference) is True


def _degenerate_points(matrix, symbol, others=()) -> set:
    """The positive integers where, for every value of ``others``, two irreducible factors of the characteristic
    polynomial of ``matrix`` (over QQ(symbol, others)) share a root, one has a repeated root, or a root is 0: the
    roots of the factors in ``symbol`` alone of those conditions."""
    z = sympy.Dummy("z")
    field = sympy.QQ.frac_field(symbol, *others)
    try:
        polynomial = sympy.Poly.from_list(DomainMatrix.from_Matrix(matrix).convert_to(field).charpoly(), z, domain=field)
        factors = [f.as_expr() for f, _ in polynomial.factor_list()[1]]
    except (sympy.PolynomialError, sympy.polys.polyerrors.CoercionFailed, NotImplementedError, ValueError):
        factors = [sympy.together(matrix.charpoly(z).as_expr())]
    conditions = []
    for i, f in enumerate(factors):
        if f != z:
            conditions.append(f.subs(z, 0))
        if sympy.degree(f, z) > 1:
            conditions.append(sympy.discriminant(f, z))
        conditions += [sympy.resultant(f, g, z) for g in factors[i + 1:]]
    return set().union(*(_positive_integer_roots(condition, symbol) for condition in conditions))


def _positive_integer_roots(expression, symbol) -> set:
    """The positive integers where a rational function vanishes for every value of its other symbols: the integer
    roots of the factors of its numerator in ``symbol`` alone (a factor in the others too vanishes only where they
    take values)."""
    numerator, _ = sympy.fraction(sympy.cancel(expression))
    return {int(r) for factor, _ in sympy.factor_list(numerator)[1] if factor.free_symbols == {symbol}
            for r in sympy.roots(sympy.Poly(factor, symbol), filter="Z") if r > 0}


def power_by_eigenvalues(matrix: sympy.Matrix, exponent: sympy.Symbol, generic: bool = False) -> sympy.Matrix | None:
    """matrix**exponent for a symbolic integer exponent k when the characteristic polynomial of the matrix splits
    into linear factors over QQ(s) (s the matrix's symbols, or none): M^k = sum_i sum_{j < m_i} C(k, j)
    lambda_i^(k-j) N_ij with N_ij = sum_q W[q, (i, j)] M^q, W the inverse of the confluent Vandermonde matrix of
    the eigenvalues lambda_i (multiplicities m_i; row (i, j) holds C(q, j) lambda_i^(q-j), the j-th derivative of
    z^q at lambda_i over j!): the Hermite interpolation of z^k on the spectrum (Higham, Functions of
    Matrices, SIAM 2008, Def. 1.4, Thm. 1.12; Horn & Johnson, Topics in Matrix Analysis, sec. 6.1).  Computed
    in sympy's DomainMatrix over the field QQ(s), each lambda_i^k left as a power; a few milliseconds where sympy's
    Jordan form and simplify took 0.5 s (the 4x4 matrix of the DAE's closed form).

    Checked, not trusted: both sides satisfy the linear recurrence of the characteristic polynomial (degree n) in k,
    so the formula is M^k for every k >= 1 once it equals the exact powers M^1, ..., M^n in QQ(s) (k >= 0 with
    M^0 too when 0 is not an eigenvalue).  None (the caller takes sympy's Jordan form) when the polynomial does not
    split, the exponent is not an integer symbol (positive where 0 is an eigenvalue), 0 is a repeated eigenvalue,
    two eigenvalues coincide or a repeated one vanishes at a positive integer value of the one symbol (where the
    interpolation does not hold; ``generic``: the caller reads the form as that symbol grows, and takes it anyway),
    or, with several symbols, two eigenvalues differ or a repeated one is by more
    than a nonzero number (the co-simulation ramp's (z - 1)^3 is placed; 1 and 1 - 8H/m are not)."""
    exponent = sympy.sympify(exponent)
    symbols = sorted(matrix.free_symbols, key=str)
    if not (exponent.is_Symbol and exponent.is_integer) or matrix.shape[0] != matrix.shape[1]:
        return None
    n = matrix.shape[0]
    field = sympy.QQ.frac_field(*symbols) if symbols else sympy.QQ
    z = sympy.Dummy("z")
    try:
        M = DomainMatrix.from_Matrix(matrix).convert_to(field)
        _, factors = sympy.Poly.from_list(M.charpoly(), z, domain=field).factor_list()
        eigenvalues = {}  # lambda (a field element) -> multiplicity
        for factor, multiplicity in factors:
            coefficients = factor.all_coeffs()
            if len(coefficients) != 2:
                return None
            value = field.from_sympy(-coefficients[1]) / field.from_sympy(coefficients[0])
            eigenvalues[value] = eigenvalues.get(value, 0) + multiplicity
    except (sympy.PolynomialError, sympy.polys.polyerrors.CoercionFailed, ZeroDivisionError, NotImplementedError, ValueError):
        return None
    if sum(eigenvalues.values()) != n or eigenvalues.get(field.zero, 0) > 1 or (field.zero in eigenvalues and not exponent.is_positive):
        return None
    spectrum = list(eigenvalues.items())
    meetings = [field.to_sympy(a - b) for i, (a, _) in enumerate(spectrum) for b, _ in spectrum[i + 1:]]
    meetings += [field.to_sympy(a) for a, multiplicity in spectrum if multiplicity > 1]  # 0^(k - j) with k < j there
    if len(symbols) == 1 and not generic and _coincide_at_positive_integers(meetings, symbols[0]):
        return None
    if len(symbols) > 1 and not all(m.is_number and m != 0 for m in meetings):  # may meet or vanish somewhere: not placed
        return None
    # the confluent Vandermonde matrix: row (i, j) holds the j-th derivative of z^q at lambda_i over j!, q = 0..n-1
    rows, labels = [], []
    for value, multiplicity in spectrum:
        for j in range(multiplicity):
            rows.append([field.convert(sympy.binomial(q, j)) * (value ** (q - j) if q > j else field.one) if q >= j else field.zero
                         for q in range(n)])
            labels.append((value, j))
    try:
        W = DomainMatrix(rows, (n, n), field).inv()
    except Exception:  # singular (cannot happen for distinct eigenvalues): the Jordan form instead
        return None
    powers = [DomainMatrix.eye(n, field)]
    for _ in range(n):
        powers.append(powers[-1] * M)
    parts = []  # (lambda, j, N_ij): M^k = sum C(k, j) lambda^(k - j) N_ij
    for column, (value, j) in enumerate(labels):
        part = DomainMatrix.zeros((n, n), field)
        for q in range(n):
            weight = W[q, column].element
            if weight:
                part = part + powers[q] * weight
        parts.append((value, j, part))
    k = sympy.Dummy("k", integer=True)  # the exponent while the formula is checked
    result = sympy.zeros(n, n)
    for value, j, part in parts:
        if not value:
            continue  # 0^k = 0 for the positive exponent (0 is a simple eigenvalue)
        factor = sympy.expand_func(sympy.binomial(k, j)) * field.to_sympy(value) ** (k - j) if j else field.to_sympy(value) ** k
        result += part.to_Matrix().applyfunc(lambda e: e * factor)
    first = 1 if field.zero in eigenvalues else 0
    for value in range(first, first + n):  # the returned formula itself against M^value, entry by entry in QQ(s)
        formula = DomainMatrix([[field.from_sympy(e) for e in row] for row in result.xreplace({k: value}).tolist()], (n, n), field)
        if not (formula - powers[value]).is_zero_matrix:
            return None
    return result.xreplace({k: exponent})


def _coincide_at_positive_integers(differences: list, symbol: sympy.Symbol) -> bool:
    """Does one of these rational functions of ``symbol`` vanish at a positive integer (or everywhere)?"""
    return any(sympy.cancel(difference) == 0 or _positive_integer_roots(difference, symbol) for difference in differences)


def n_steps(method: Method, system: SymbolicSystem, options: dict, t0, y0: list, steps, record: list | None = None,
            every_count: bool = True):
    """(t_N, y_N) after ``steps`` macro steps (an integer or a symbol), in closed form.  ``record`` (a list) receives the
    one-step map y -> M y + c where it is affine and, for a symbolic or long run, its N-th power, as data that
    described(record) turns into explain's lines (factoring them is a good part of the time: a caller that may not
    show them asks for them only when it does)."""
    if method.variable_step:
        raise SymbolicUnavailable(f"method {method.name} decides by comparisons (accept/reject); it has no closed form")
    length = sympy.sympify(method.step_length(options))
    if memory_size(method, system.model, options) and sympy.sympify(steps) != 1:
        memory = ", ".join(method.memory_names(system.model, options)[:4])
        raise SymbolicUnavailable(f"method {method.name} carries memory from step to step ({memory}): only one step has a closed "
                                  "form here")
    names = [str(v) for v in system.model.variables]
    if sympy.sympify(steps).is_Integer and int(steps) <= 8:
        if record is not None:
            state = [sympy.Dummy(f"y{i}") for i in range(len(y0))]
            parts = affine_parts(one_step(method, system, options, t0, state, reduced=False), state)
            if parts is not None:
                record.append((_map_lines, system, names, *parts))
        t, y = t0, list(y0)
        for _ in range(int(steps)):
            y = one_step(method, system, options, t, y)
            t = t + length
        return sympy.expand(t), y
    state = [sympy.Dummy(f"y{i}") for i in range(len(y0))]
    time = sympy.Dummy("t")
    image = one_step(method, system, options, time, state)
    n = len(y0)
    if any(e.has(time) for e in image):
        # affine in the state and in t (y' = A y + b t + c): t rides along as one more component, t+ = t + step
        parts = affine_parts(image, state + [time])
        if parts is None:
            raise SymbolicUnavailable("the step map depends on t other than affinely: no constant N-step map")
        M, c = parts
        A = sympy.zeros(n + 2, n + 2)
        A[:n, :n + 1], A[:n, n + 1] = M, c
        A[n, n], A[n, n + 1], A[n + 1, n + 1] = 1, length, 1
        power = matrix_power(A, steps, every_count)
        if record is not None:
            record.append((_power_lines, system, names + ["t", "1"], A, power, steps))
        yN = power * sympy.Matrix(list(y0) + [t0, 1])
        return sympy.expand(t0 + steps * length), [sympy.expand(yN[i]) for i in range(n)]
    parts = affine_parts(image, state)
    if parts is None:
        raise SymbolicUnavailable("the step map is not affine in the state")
    M, c = parts
    A = sympy.zeros(n + 1, n + 1)
    A[:n, :n], A[:n, n], A[n, n] = M, c, 1
    power = matrix_power(A, steps, every_count)
    if record is not None:
        record.append((_power_lines, system, names + ["1"], A, power, steps))
    yN = power * sympy.Matrix(list(y0) + [1])
    return sympy.expand(t0 + steps * length), [sympy.expand(yN[i]) for i in range(n)]


def described(record: list) -> list:
    """The lines of what n_steps recorded: the one-step map and the N-step map, their entries factored."""
    return [line for lines_of, *data in record for line in lines_of(*data)]


MAX_SHOWN_MAP = 1500  # characters: a larger matrix (a power through the Jordan form) is named, not printed


def _taken(system) -> set:
    return {str(s) for e in system.rhs + system.constraints for s in e.free_symbols} | set(system.states) | \
        {str(k) for k in system.substitutions} | {str(s) for v in system.substitutions.values() for s in getattr(v, "free_symbols", ())}


def _fresh(base: str, taken: set) -> str:
    return base if base not in taken else next(f"{base}{k}" for k in range(1, len(taken) + 2) if f"{base}{k}" not in taken)


def _matrix_line(text: str, matrix: sympy.Matrix, terms: list) -> Line | str:
    """``text`` followed by the matrix with its entries factored, the matrix the last of the line's ``terms``; a
    matrix too long to print is named by its size."""
    factored = sympy.ImmutableMatrix(matrix.shape[0], matrix.shape[1], [sympy.factor(e) for e in matrix])
    shown = str(factored.tolist())
    if len(shown) > MAX_SHOWN_MAP:
        return f"{text}({matrix.shape[0]}x{matrix.shape[1]}, {len(shown)} characters: not shown)"
    return Line(text + shown, terms=terms + [factored])


def _map_lines(system, names, M, c) -> list:
    """The one-step map y -> M y + c as lines (M and c named apart from the model's symbols)."""
    taken = _taken(system)
    matrix, offset = _fresh("M", taken), _fresh("c", taken | {"M"})
    label = f"one step y -> {matrix} y + {offset} (y = ({', '.join(names)}))"
    step = ["one step", Formula("y"), "->", Formula(f"{matrix}*y + {offset}"), ",", Formula("y"), "=", Formula(f"({', '.join(names)})"), ":"]
    lines = [_matrix_line(f"{label}: {matrix} = ", M, step + [Formula(matrix), "="])]
    if any(e != 0 for e in c):
        factored = [sympy.factor(e) for e in c]
        lines.append(Line(f"{label}: {offset} = ({', '.join(map(str, factored))})", terms=step + [Formula(offset), "=", sympy.Tuple(*factored)]))
    return lines


def _power_lines(system, names, A, power, steps) -> list:
    """The augmented one-step matrix and its ``steps``-th power: the closed form of the N-step map."""
    taken = _taken(system)
    matrix = _fresh("A", taken)
    vector = Formula(f"({', '.join(names)})")
    return [_matrix_line(f"one step w -> {matrix} w (w = ({', '.join(names)})): {matrix} = ", A,
                         ["one step", Formula("w"), "->", Formula(f"{matrix}*w"), ",", Formula("w"), "=", vector, ":", Formula(matrix), "="]),
            _matrix_line(f"closed form of the {steps}-step map w -> {matrix}**{steps} w: ", power,
                         [f"closed form of the {steps}-step map", Formula("w"), "->", Formula(f"{matrix}**({steps})*w"), ":",
                          Formula(f"{matrix}**({steps})"), "="])]
