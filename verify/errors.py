"""Every error verify raises on purpose, under one base.

``VerifyError`` has four meaningful kinds, and each concrete error is one of them:

- ``InputError``: a claim, model or file that cannot be read as written (bad TOML, an unknown key, an
  expression outside the safe grammar).
- ``MethodError``: options that do not fit the method (a missing step size, a tableau that is not square).
- ``UndecidableError``: the claim is well formed but this path cannot decide it (a value that is not
  rational on the exact path, a function the cross-check does not know, a solver out of budget).
- ``ResourceError``: deciding it would exceed a bound (exact numbers too large, too many steps).

All are ``ValueError`` subclasses, as they were before this module existed, so callers that caught
ValueError still do.  The checker turns any of them into a one-line ``error`` verdict naming the file and claim.
"""
from __future__ import annotations


class VerifyError(ValueError):
    """Base of every error verify raises on purpose."""


class InputError(VerifyError):
    """A claim, model or file that cannot be read as written."""


class MethodError(VerifyError):
    """Options that do not fit the method."""


class UndecidableError(VerifyError):
    """A well-formed claim this path cannot decide."""


class ResourceError(VerifyError):
    """Deciding would exceed a size or work bound."""


# --- input -----------------------------------------------------------------------------------

class ExprError(InputError):
    """An expression outside the safe grammar, or a name it does not know."""


class LoadError(InputError):
    """A claim that cannot be prepared: an unknown key, a wrong type, a missing model."""


class FileRefused(InputError):
    """A file not read at all: too large, not a regular file, or nested too deeply."""


class SelectionError(InputError):
    """A -k expression that cannot be read."""


class CacheDirectoryError(InputError):
    """--cache-clear was asked to delete a directory that is not a verify cache."""


# --- undecidable -----------------------------------------------------------------------------

class CheckError(UndecidableError):
    """A claim kind cannot reach a verdict for this claim; the message says why."""


class CrossCheckDisagrees(CheckError):
    """A rigorous enclosure and the independent mpmath twin disagree: no verdict, and no other route either (the
    twin's value is the one in doubt as much as the enclosure)."""


class InstanceTooLarge(CheckError):
    """A sampled instance whose claimed values would be too large to write exactly there (a power with a symbolic
    exponent, an exact argument of exp): passed over by sampling, and said so."""


class NotRational(UndecidableError):
    """A value that is not a rational number reached the exact rational path."""


class SymbolicUnavailable(UndecidableError):
    """No closed form: the claim cannot be proved symbolically this way."""


class CrossCheckUnavailable(UndecidableError):
    """The cross-check cannot evaluate this (e.g. an unknown function)."""


def lam_text(lam) -> str:
    """A point of [0, 1] for a message: six digits, and a point just below 1 as 1 - d (not rounded up to 1)."""
    return f"{float(lam):.6g}" if float(lam) < 0.999995 or lam == 1 else f"1 - {float(1 - lam):.3g}"


class BranchNotFollowed(UndecidableError):
    """An implicit step's root is not followed with certainty from the explicit value to the end of the step;
    ``lam`` is how far it was (the step shortened to lam h)."""

    def __init__(self, lam):
        super().__init__(f"followed with certainty up to lam = {lam_text(lam)}")
        self.lam = lam

    def __reduce__(self):  # rebuilt from lam (a worker hands its errors back pickled)
        return type(self), (self.lam,)


class CertifiedUnavailable(UndecidableError):
    """No rigorous enclosure of the needed tightness could be computed."""


class IntervalsOverlap(CertifiedUnavailable):
    """A method's test (a step-size controller's) compared two enclosures that overlap: more bits may decide it."""


class SolverFailure(UndecidableError):
    """A finite-budget solver (Newton's method) did not converge within its budget."""


class ContinuationTooLong(SolverFailure):
    """A continuation from the explicit value took more Newton solves than its budget: the path is too steep to follow
    in the steps it halves to (and would be as steep in mpmath)."""


class BranchesMeet(SolverFailure):
    """The branch followed from the explicit value passes a point where another root meets it (two roots touching or
    crossing): which root tends to the explicit value as h -> 0 beyond that point is not decided."""


class BranchNotEnclosed(SolverFailure):
    """The branch a continuation followed from the explicit value is not enclosed by boxes that pass the Krawczyk test
    (verify.engines.twins.base._enclosed_continuation) within the smallest step or the budget: it may have left its branch for
    another root, or the branch meets another root or folds there.  ``budget``: it ran out of boxes (a path that more
    of them may enclose), not out of the smallest step."""

    def __init__(self, message: str, budget: bool = False):
        super().__init__(message)
        self.budget = budget


# --- resources -------------------------------------------------------------------------------

class ExactSizeError(ResourceError):
    """Exact values grew beyond the size guard."""


class AffineSizeError(ExactSizeError):
    """An affine run (a linear model, y' = -y + t under an explicit method) whose exact values would pass the size guard;
    it carries the run's exact one-step map, so that the certified route can raise it to the N-th power in balls
    (verify.engines.certified.affine_power_enclosures) instead of taking the steps one by one."""

    def __init__(self, message: str, matrix, offset, start, steps: int, size: int, t_end):
        super().__init__(message)
        self.matrix, self.offset, self.start, self.steps, self.size, self.t_end = matrix, offset, start, steps, size, t_end

    def __reduce__(self):  # pickled with everything it carries (an exception pickles its args alone: one here)
        return type(self), (self.args[0], self.matrix, self.offset, self.start, self.steps, self.size, self.t_end)


class ExactSizeProjected(ExactSizeError):
    """Exact values are growing geometrically and would pass the size guard before the run ends (raised early, on
    request, so that a caller with a rigorous route of its own takes it without building the values first)."""


__all__ = [
    "AffineSizeError", "BranchNotFollowed", "CacheDirectoryError", "CertifiedUnavailable", "CheckError", "ContinuationTooLong", "CrossCheckDisagrees", "CrossCheckUnavailable", "ExactSizeError",
    "ExactSizeProjected", "ExprError", "FileRefused", "InputError", "InstanceTooLarge", "LoadError",
    "MethodError", "NotRational", "ResourceError", "SelectionError", "SolverFailure", "SymbolicUnavailable", "UndecidableError", "VerifyError",
]
