"""What a source page states: its numbers and formula-like fragments, read by tokenizers rather than patterns.

A page is parsed by pylatexenc's ``LatexWalker`` (tolerant of plain text): in a math segment (``$...$``)
``\\frac{a}{b}`` is one fraction, subscripts are indices and superscripts exponents of symbols (neither is a stated
number; a power of a number such as ``10^{-12}`` is), and ``\\leq``, ``\\cdot`` and the like are operators.  Each
math segment, and each formula-like line of the text around them, is then read by Python's own tokenizer
(``tokenize``): NUMBER tokens, a unary minus before one, ``a / b`` of two integers and a number's power make one
stated number, exactly (``0.15625`` is 5/32, as claim files read it).

A line of plain text is formula-like when it assigns or relates (``=``, ``<``, ``<=``, ``:=``, ...), has an entry
``key: number`` (JSON cards, dictionaries) or holds numbers only (program output such as ``5.625``); a number in
prose ("order 1", "[8]", "(21)") is counted apart and not listed.  A math segment or formula line with a relation
is also a formula fragment, covered only by a quotation.
"""
from __future__ import annotations

import bisect
import io
import tokenize
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from pylatexenc import latexwalker as lw

RELATIONS = {"=", "==", "<", ">", "<=", ">=", "!=", ":="}
MACRO_TEXT = {  # LaTeX operators as the Python tokenizer reads them
    "leq": "<=", "le": "<=", "geq": ">=", "ge": ">=", "neq": "!=", "ne": "!=", "approx": "==", "simeq": "==",
    "equiv": "==", "coloneqq": ":=", "cdot": "*", "times": "*", "div": "/", "pm": "+", "mp": "-", "left": "", "right": "",
    ",": " ", ";": " ", "quad": " ", "qquad": " ", "!": "", " ": " ",
}
UNICODE_TEXT = {"×": "*", "·": "*", "⋅": "*", "−": "-", "–": "-", "‒": "-", "－": "-", "≤": "<=", "≥": ">=", "≠": "!=", "≈": "==", "÷": "/",
                "½": " 1/2 ", "⅓": " 1/3 ", "⅔": " 2/3 ", "¼": " 1/4 ", "¾": " 3/4 "}
FRACTIONS = ("frac", "dfrac", "tfrac", "cfrac", "sfrac")
TWO_ARGUMENTS = FRACTIONS + ("binom", "tbinom", "dbinom")  # macros pylatexenc reads without their arguments by default
MAX_POWER = 400  # 10^{400} is a stated number; a larger exponent is not evaluated
MAX_LITERAL_CHARS = 200  # a longer run of digits is not a printed value (and would not print back)


@dataclass(frozen=True)
class Stated:
    """One number or formula fragment of a page: its text as printed, where it is, and (numbers) its exact value."""
    kind: str  # "number" or "formula"
    text: str
    start: int  # offsets in the page's text
    end: int
    line: int  # 1-based
    value: Fraction | None = None
    signed: bool = False  # a unary minus was read with the number


@dataclass
class Page:
    """The stated numbers and formulas of one page, and how many numbers its prose has (not listed)."""
    text: str
    stated: list[Stated]
    prose_numbers: int
    unread: int = 0  # numbers too long or too large to read exactly (1e999999, 10^{401}): neither listed nor counted


class _Stream:
    """Characters for the tokenizer, each with the span of page text it stands for."""

    def __init__(self):
        self.chars: list[str] = []
        self.spans: list[tuple[int, int]] = []

    def emit(self, text: str, start: int, end: int) -> None:
        for char in text:
            if char == "\n":
                char = " "
            elif char in UNICODE_TEXT:
                for part in UNICODE_TEXT[char]:
                    self.chars.append(part)
                    self.spans.append((start, end))
                continue
            elif char in "'\"`\\" or not char.isascii() or not (char.isprintable() or char == " "):
                char = " "  # quotes would open strings; other characters mean nothing to a number
            self.chars.append(char)
            self.spans.append((start, end))

    def text(self) -> str:
        return "".join(self.chars)


def _latex_context():
    from pylatexenc import macrospec

    context = lw.get_default_latex_context_db().filter_context()
    context.add_context_category("verify-two-arguments", prepend=True,
                                 macros=[macrospec.MacroSpec(name, "{{") for name in TWO_ARGUMENTS if name != "frac"])
    return context


def read_page(text: str) -> Page:
    """Every stated number and formula fragment of ``text`` (see the module docstring), in page order."""
    walker = lw.LatexWalker(text, latex_context=_latex_context(), tolerant_parsing=True)
    try:
        nodes, _, _ = walker.get_latex_nodes()
    except (lw.LatexWalkerError, RecursionError, IndexError, ValueError):
        nodes = [lw.LatexCharsNode(parsing_state=walker.make_parsing_state(), chars=text, pos=0, len=len(text))]
    newlines = [i for i, c in enumerate(text) if c == "\n"]
    reader = _Reader(text, newlines)
    reader.text_nodes(nodes)
    reader.end_line()
    reader.stated.sort(key=lambda s: (s.start, s.kind != "formula"))
    return Page(text, reader.stated, reader.prose_numbers, reader.unread)


class _Reader:
    def __init__(self, text: str, newlines: list[int]):
        self.text, self.newlines = text, newlines
        self.stated: list[Stated] = []
        self.prose_numbers = 0
        self.unread = 0
        self.line = _Stream()

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.newlines, offset - 1) + 1

    # plain text: split into lines, each read as a whole
    def text_nodes(self, nodes) -> None:
        for node in nodes or ():
            if node is None:
                continue
            if isinstance(node, lw.LatexMathNode) and "\n\n" in self.text[node.pos:node.pos + node.len]:
                # math cannot span a paragraph (TeX refuses it): the opening $ was a dollar sign of the text
                self.line.emit(" ", node.pos, node.pos + 1)
                self.text_nodes(node.nodelist)
            elif isinstance(node, lw.LatexMathNode):
                self.math(node)
                self.line.emit(" m ", node.pos, node.pos + node.len)  # a placeholder name in the line
            elif isinstance(node, lw.LatexCharsNode):
                for offset, char in enumerate(node.chars):
                    if char == "\n":
                        self.end_line()
                    else:
                        self.line.emit(char, node.pos + offset, node.pos + offset + 1)
            elif isinstance(node, lw.LatexGroupNode):
                self.line.emit("{", node.pos, node.pos + 1)
                self.text_nodes(node.nodelist)
                self.line.emit("}", node.pos + node.len - 1, node.pos + node.len)
            elif isinstance(node, lw.LatexEnvironmentNode):
                self.text_nodes(node.nodelist)
            elif isinstance(node, lw.LatexMacroNode):
                self.line.emit(" ", node.pos, node.pos + node.len)
                self.text_nodes(node.nodeargd.argnlist if node.nodeargd else ())
            elif isinstance(node, lw.LatexSpecialsNode):
                self.line.emit(" ", node.pos, node.pos + node.len)
            elif isinstance(node, lw.LatexCommentNode):  # plain text: % is a percent sign, not a comment
                chars = self.text[node.pos:node.pos + node.len]
                self.text_nodes([lw.LatexCharsNode(parsing_state=node.parsing_state, chars=chars, pos=node.pos, len=len(chars))])

    def end_line(self) -> None:
        stream, self.line = self.line, _Stream()
        tokens = _tokens(stream)
        if not any(t.type == tokenize.NUMBER for t in tokens) and not _relation(tokens):
            return
        numbers, unread = _numbers(tokens, stream)
        self.unread += unread
        if _formula_line(tokens):
            self.add(stream, tokens, numbers)
        else:
            self.prose_numbers += len(numbers)

    # math: one fragment per segment
    def math(self, node) -> None:
        stream = _Stream()
        _math_nodes(node.nodelist, stream)
        tokens = _tokens(stream)
        numbers, unread = _numbers(tokens, stream)
        self.unread += unread
        self.add(stream, tokens, numbers, whole=(node.pos, node.pos + node.len))

    def add(self, stream, tokens, numbers, whole=None) -> None:
        for value, signed, start, end in numbers:
            self.stated.append(Stated("number", self.text[start:end], start, end, self.line_of(start), value, signed))
        if _relation(tokens):
            start, end = whole or _extent(stream)
            self.stated.append(Stated("formula", self.text[start:end], start, end, self.line_of(start)))


def _math_nodes(nodes, stream: _Stream) -> None:
    """A math segment's nodes as tokenizer text: fractions as a / b, powers of numbers as **, indices dropped."""
    script = None  # "_" or "^" when the next node is a sub- or superscript
    for node in nodes or ():
        if node is None:
            continue
        if script is not None:
            _script(node, script, stream)
            script = None
            continue
        if isinstance(node, lw.LatexCharsNode):
            chars = node.chars
            index = 0
            while index < len(chars):
                char = chars[index]
                if char in "_^":
                    if index + 1 < len(chars):  # x_1, 10^3: the next character is the script
                        _script_text(chars[index + 1], char, node.pos + index, node.pos + index + 2, stream)
                        index += 2
                        continue
                    script = char
                else:
                    stream.emit(char, node.pos + index, node.pos + index + 1)
                index += 1
        elif isinstance(node, lw.LatexMacroNode):
            span = (node.pos, node.pos + node.len)
            arguments = [a for a in (node.nodeargd.argnlist if node.nodeargd else ()) if a is not None]
            if node.macroname in FRACTIONS and len(arguments) == 2:
                numerator, denominator = (_inner(a) for a in arguments)
                if _integer(numerator) and _integer(denominator):
                    sign = "-" if numerator.strip().startswith("-") != denominator.strip().startswith("-") else ""
                    stream.emit(f" {sign}{numerator.strip().lstrip('-')}/{denominator.strip().lstrip('-')} ", *span)
                else:
                    stream.emit(" ((", *span)
                    _math_nodes([arguments[0]], stream)
                    stream.emit(")/(", *span)
                    _math_nodes([arguments[1]], stream)
                    stream.emit(")) ", *span)
            elif node.macroname == "\\":  # a row of a matrix or an aligned formula
                stream.emit(" , ", *span)
            elif node.macroname in MACRO_TEXT:
                stream.emit(f" {MACRO_TEXT[node.macroname]} ", *span)
                _math_nodes(arguments, stream)
            else:
                stream.emit(" x ", *span)  # \pi, \sin, \boldsymbol{u}: a name
                for argument in arguments:
                    stream.emit(" ", *span)
                    _math_nodes([argument], stream)
        elif isinstance(node, lw.LatexGroupNode):  # {1}{2} are two groups, not 12
            stream.emit(" ", node.pos, node.pos + 1)
            _math_nodes(node.nodelist, stream)
            stream.emit(" ", node.pos + node.len - 1, node.pos + node.len)
        elif isinstance(node, lw.LatexEnvironmentNode):
            _math_nodes(node.nodelist, stream)
        elif isinstance(node, lw.LatexSpecialsNode):  # & separates the entries of a matrix row
            stream.emit(" , " if node.specials_chars == "&" else " ", node.pos, node.pos + node.len)
        elif isinstance(node, (lw.LatexMathNode, lw.LatexCommentNode)):
            stream.emit(" ", node.pos, node.pos + node.len)


def _script(node, kind: str, stream: _Stream) -> None:
    text = _inner(node) if isinstance(node, (lw.LatexGroupNode, lw.LatexCharsNode)) else ""
    _script_text(text, kind, node.pos, node.pos + node.len, stream)


def _script_text(text: str, kind: str, start: int, end: int, stream: _Stream) -> None:
    """A superscript on a number is its power (10^{-12}); every other script is an index or exponent of a symbol."""
    last = next((c for c in reversed(stream.chars) if not c.isspace()), "")  # not a join: one script costs O(1)
    if kind == "^" and last.isdigit() and _integer(text):
        stream.emit(f"**({text.strip()})", start, end)
        head = len(stream.chars) - len(f"**({text.strip()})")
        base = head - 1
        while base > 0 and (stream.chars[base - 1].isdigit() or stream.chars[base - 1] == "."):
            base -= 1
        # the base and its power are one printed number: every character stands for their whole span
        whole = (stream.spans[base][0], end)
        for index in range(base, len(stream.chars)):
            stream.spans[index] = whole
    else:
        stream.emit(" ", start, end)


def _inner(node) -> str:
    """The plain characters of a group (``{12}`` -> ``12``), or '' when it holds more than characters."""
    if isinstance(node, lw.LatexCharsNode):
        return node.chars
    if isinstance(node, lw.LatexGroupNode) and all(isinstance(n, lw.LatexCharsNode) for n in node.nodelist or ()):
        return "".join(n.chars for n in node.nodelist or ())
    return ""


def _integer(text: str) -> bool:
    text = text.strip()
    return bool(text) and (text.lstrip("+-").isdigit() and len(text) - len(text.lstrip("+-")) <= 1 and text.isascii())


def _tokens(stream: _Stream) -> list[tokenize.TokenInfo]:
    """Python's tokenizer over one line; what it cannot read ends the line (the tokens before are kept)."""
    text = stream.text()
    tokens = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(text.lstrip()).readline):
            if token.type in (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER, tokenize.INDENT, tokenize.DEDENT):
                continue
            tokens.append(token._replace(start=(1, token.start[1] + len(text) - len(text.lstrip())),
                                         end=(1, token.end[1] + len(text) - len(text.lstrip()))))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        pass
    return tokens


def _relation(tokens) -> bool:
    return any(t.type == tokenize.OP and t.string in RELATIONS for t in tokens)


def _formula_line(tokens) -> bool:
    """Assigns or relates, has an entry ``key: number``, or holds numbers only (program output)."""
    if _relation(tokens):
        return True
    for before, colon, after in zip(tokens, tokens[1:], tokens[2:]):
        if colon.string == ":" and (after.type == tokenize.NUMBER or after.string == "-") and before.type in (tokenize.STRING, tokenize.NAME):
            return True
    numbers = [t for t in tokens if t.type == tokenize.NUMBER]
    if not numbers or any(t.type != tokenize.NUMBER and t.string not in "-,()[]|" for t in tokens):  # | a Markdown table
        return False
    if len(numbers) == 1 and ("(" in (t.string for t in tokens) or "[" in (t.string for t in tokens)):
        return False  # an equation tag (21) or a reference [8]
    return any(_decimal_digits(t.string) for t in numbers) or len(numbers) > 1 and not all(t.string.endswith(".") for t in numbers)


def _decimal_digits(literal: str) -> bool:
    mantissa = literal.lower().split("e")[0]
    return "." in mantissa and not mantissa.endswith(".") or "e" in literal.lower()


def _value(literal: str) -> Fraction | None:
    """The exact value of a NUMBER token; None for an imaginary literal or one too long or large to be a printed value."""
    literal = literal.replace("_", "")
    if literal[-1:] in "jJ" or len(literal) > MAX_LITERAL_CHARS:
        return None
    mantissa, _, exponent = literal.lower().partition("e")
    if exponent and not (exponent.lstrip("+-").isdigit() and len(exponent) <= 4 and abs(int(exponent)) <= MAX_POWER):
        return None
    try:
        return Fraction(Decimal(literal)) if literal.isascii() else None
    except (InvalidOperation, ValueError, OverflowError):
        return None


def _numbers(tokens, stream: _Stream) -> tuple[list[tuple[Fraction, bool, int, int]], int]:
    """(value, signed, start, end) of each stated number: [-] NUMBER [/ NUMBER] or [-] NUMBER ** ( [-] NUMBER ), and
    how many numbers could not be read exactly (too long, too large a power, zero to a negative power)."""
    found, unread = [], 0
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type != tokenize.NUMBER or (index and tokens[index - 1].string == "**"):
            index += 1
            continue
        literal, trimmed = token.string, 0
        if literal.endswith(".") and literal[:-1].isdigit():  # "z = 7." ends a sentence: the number is 7
            literal, trimmed = literal[:-1], 1
        value = _value(literal)
        first, last = index, index
        if value is None:
            unread += literal[-1:] not in "jJ"
            index += 1
            continue
        strings = [t.string for t in tokens[index + 1:index + 6]]
        if strings[:2] and strings[0] == "/" and len(strings) > 1 and tokens[index + 2].type == tokenize.NUMBER \
                and value.denominator == 1 and "." not in literal and not trimmed:
            denominator = _value(tokens[index + 2].string)
            if denominator and denominator.denominator == 1 and "." not in tokens[index + 2].string:
                value, last = value / denominator, index + 2
        elif strings[:1] == ["**"] and not trimmed:
            sign, position = 1, index + 2
            if position < len(tokens) and tokens[position].string == "(":
                position += 1
            if position < len(tokens) and tokens[position].string in "-+":
                sign, position = (-1 if tokens[position].string == "-" else 1), position + 1
            exponent = tokens[position].string if position < len(tokens) else ""
            last = position + (1 if position + 1 < len(tokens) and tokens[position + 1].string == ")" else 0)
            if not (exponent.isdigit() and len(exponent) <= 4 and int(exponent) <= MAX_POWER) or (value == 0 and sign < 0):
                unread += 1  # a power too large to evaluate (or 0 to a negative power) is not read
                index = last + 1
                continue
            value = value ** (sign * int(exponent))
        signed = False
        if first and tokens[first - 1].string == "-" and (first == 1 or tokens[first - 2].type == tokenize.OP
                                                          and tokens[first - 2].string not in (")", "]", "}")):
            value, signed, first = -value, True, first - 1
        start = stream.spans[tokens[first].start[1]][0]
        end = stream.spans[tokens[last].end[1] - 1 - (trimmed if last == index else 0)][1]
        found.append((value, signed, start, end))
        index = last + 1
    return found, unread


def _extent(stream: _Stream) -> tuple[int, int]:
    """The page span of a line's visible characters."""
    visible = [span for char, span in zip(stream.chars, stream.spans) if not char.isspace()]
    return (visible[0][0], visible[-1][1]) if visible else (0, 0)


def numbers_in(text: str) -> list[Fraction]:
    """The exact numbers a string of a claim file states (``"369/5000"``, ``"abs(y - 1) < 1e-3"``), read as a page."""
    stream = _Stream()
    stream.emit(text, 0, len(text))
    return [value for value, _, _, _ in _numbers(_tokens(stream), stream)[0]]
