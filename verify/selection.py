"""``-k`` expressions, as pytest's: words joined by ``and``, ``or``, ``not`` and parentheses; a word matches a claim
whose id contains it (``-k "heun and not wrong"``, ``-k "ramp/ or (dae and closed-form)"``).

The grammar is pytest's (src/_pytest/mark/expression.py)::

    expression := or_expr? EOF
    or_expr    := and_expr ("or" and_expr)*
    and_expr   := not_expr ("and" not_expr)*
    not_expr   := "not" not_expr | "(" or_expr ")" | word

A word is a run of characters other than white space and parentheses, matched case-sensitively (an id is a
name, as in SPEC.md: "only the claims whose id contains TEXT").  A text that is not such an expression ("heun ok",
"x(1)", "and") matches the ids that contain it as it is.  Several ``-k`` options must all match.
"""
from __future__ import annotations

import re
from typing import Callable

from verify.errors import SelectionError

TOKEN = re.compile(r"\s*(\(|\)|[^\s()]+)")


def compile_selection(texts) -> Callable[[str], bool]:
    """A predicate on claim ids: every expression of ``texts`` (an iterable of -k values) must match."""
    predicates = [_compile(text) for text in texts]
    return lambda claim_id: all(p(claim_id) for p in predicates)


MAX_DEPTH = 250  # how deep the parser recurses: about three frames per open "(" and one per pending "not"


def _compile(text: str) -> Callable[[str], bool]:
    """The expression's predicate; a text that is not an expression is the plain substring SPEC.md names ("only the
    claims whose id contains TEXT"): an id may hold spaces, parentheses and the words and, or, not, and -k "heun ok",
    -k "x(1)" or -k not were usage errors (a review of 2026-12-06)."""
    if not text.strip():
        raise SelectionError(f"-k {text!r}: an empty expression")
    try:
        return _expression(text)
    except SelectionError:
        return lambda claim_id: text in claim_id


def _expression(text: str) -> Callable[[str], bool]:
    tokens = _tokens(text)
    if _depth(tokens) > MAX_DEPTH:  # -k "((((...heun))))" 400 deep was a RecursionError traceback (review of 2026-12-05)
        shown = text if len(text) <= 60 else text[:60] + "..."
        raise SelectionError(f"-k {shown!r}: nested more than {MAX_DEPTH} deep (parentheses and chained 'not's)")
    parser = _Parser(tokens, text)
    predicate = parser.or_expr()
    if parser.position != len(tokens):
        raise SelectionError(f"-k {text!r}: unexpected {tokens[parser.position]!r} (join words with and, or, not)")
    return predicate


def _depth(tokens: list[str]) -> int:
    """How deep the recursive descent goes: 3 per open parenthesis, plus the "not"s waiting for their operand (those
    before a "(" wait until its ")")."""
    waiting, opened, deepest = 0, [], 0
    for token in tokens:
        if token == "not":
            waiting += 1
        elif token == "(":
            opened.append(waiting)
            waiting = 0
        elif token == ")":
            if opened:
                opened.pop()
            waiting = 0
        elif token not in ("and", "or"):
            waiting = 0
        deepest = max(deepest, 3 * len(opened) + sum(opened) + waiting)
    return deepest


def _tokens(text: str) -> list[str]:
    tokens, position = [], 0
    while position < len(text):
        match = TOKEN.match(text, position)
        if not match:  # only white space is left
            break
        tokens.append(match.group(1))
        position = match.end()
    return tokens


class _Parser:
    def __init__(self, tokens: list[str], text: str):
        self.tokens, self.text, self.position = tokens, text, 0

    def peek(self) -> str | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise SelectionError(f"-k {self.text!r}: the expression ends too early")
        self.position += 1
        return token

    def or_expr(self):
        terms = [self.and_expr()]
        while self.peek() == "or":
            self.take()
            terms.append(self.and_expr())
        return terms[0] if len(terms) == 1 else (lambda claim_id: any(t(claim_id) for t in terms))

    def and_expr(self):
        terms = [self.not_expr()]
        while self.peek() == "and":
            self.take()
            terms.append(self.not_expr())
        return terms[0] if len(terms) == 1 else (lambda claim_id: all(t(claim_id) for t in terms))

    def not_expr(self):
        token = self.take()
        if token == "not":
            inner = self.not_expr()
            return lambda claim_id: not inner(claim_id)
        if token == "(":
            inner = self.or_expr()
            if self.take() != ")":
                raise SelectionError(f"-k {self.text!r}: a '(' without its ')'")
            return inner
        if token in (")", "and", "or"):
            raise SelectionError(f"-k {self.text!r}: unexpected {token!r}")
        return lambda claim_id: token in claim_id
