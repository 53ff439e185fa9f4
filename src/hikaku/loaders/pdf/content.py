"""A page's content streams as pdfminer's interpreter sees them, read by one regular expression.

pdfminer.six reads a content stream byte by byte in Python (``PSBaseParser``): on the long
Japanese PDFs reviewers bring that is more than half of the reading time, because every
character of every ``TJ`` string passes through a state machine. :func:`objects` reads the
same streams with one compiled pattern and yields the same objects — numbers, names
(``PSLiteral``), strings (bytes), arrays (lists), dictionaries and operators (``PSKeyword``),
an operator inside an array as pdfminer leaves it there — in the same order.

It only reads what it reads exactly like pdfminer: anything else — an inline image (``BI``),
a name with a ``#`` escape, nested parentheses in a string, an octal escape beyond 255, an
unbalanced array or dictionary, a procedure, a stray character, a token cut by the end of a
stream — and it returns ``None``: the caller hands those streams to pdfminer's own parser.
``tests/loaders/test_pdf_content.py`` compares both on real and crafted streams.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["interpreter", "objects"]

_TOKEN = re.compile(
    rb"""
      (?P<ws>[\x00\s]+|%[^\r\n]*)
    | (?P<num>[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))(?![-+.0-9])
    | (?P<kw>[A-Za-z][^\#/%\[\]()<>{}\s]*+)(?!\#)
    | /(?P<name>[^\#/%\[\]()<>{}\s]*+)(?!\#)
    | \((?P<str>(?:[^()\\]|\\[\s\S])*+)\)
    | (?P<open><<|\[)
    | <(?P<hex>[0-9a-fA-F\s]*)(?=>)
    | (?P<gt>>+)
    | (?P<close>\])
    | (?P<quote>['"])
    """,
    re.VERBOSE,
)
_ESCAPE = re.compile(rb"\\([0-7]{1,3}|\r\n|[\s\S])")
_ESCAPES = {b"b": b"\x08", b"t": b"\t", b"n": b"\n", b"f": b"\x0c", b"r": b"\r", b"(": b"(", b")": b")", b"\\": b"\\"}
_SPACE = re.compile(rb"\s")
_HEX_PAIR = re.compile(rb"[0-9a-fA-F]{2}|.")  # pdfminer's: an odd last digit is read alone (<414> = b"A\x04")
_OPEN_ARRAY, _CLOSE_ARRAY, _OPEN_DICT, _CLOSE_DICT = (object() for _ in range(4))
_BRACKETS = {b"[": _OPEN_ARRAY, b"]": _CLOSE_ARRAY, b"<<": _OPEN_DICT}


class _Unread(Exception):
    """Something the fast reader leaves to pdfminer."""


def _unescape(m: re.Match[bytes]) -> bytes:
    esc = m.group(1)
    if esc[0] in b"01234567":
        code = int(esc, 8)
        if code > 255:  # pdfminer stops on an assertion
            raise _Unread
        return bytes((code,))
    return _ESCAPES.get(esc, b"")  # \r\n, a line break or another character after \ : dropped


def _tokens(data: bytes, kwd: Any, lit: Any) -> list[Any]:
    """The tokens of one stream (``[`` ``]`` ``<<`` ``>>`` as markers)."""
    out: list[Any] = []
    append = out.append
    pos, end = 0, len(data)
    match = _TOKEN.match
    while pos < end:
        m = match(data, pos)
        if m is None:
            raise _Unread
        pos = m.end()
        kind = m.lastgroup or ""
        if kind == "ws":
            continue
        if kind == "num":
            text = m.group(kind)
            append(float(text) if b"." in text else int(text))
        elif kind == "kw":
            word = m.group(kind)
            if word == b"true":
                append(True)
            elif word == b"false":
                append(False)
            elif word in (b"BI", b"ID", b"EI"):
                raise _Unread  # an inline image: its data is not PostScript
            else:
                append(kwd(word))
        elif kind == "name":
            raw = m.group(kind)
            try:
                append(lit(str(raw, "utf-8")))
            except UnicodeDecodeError:
                append(lit(raw))
        elif kind == "str":
            raw = m.group(kind)
            append(_ESCAPE.sub(_unescape, raw) if b"\\" in raw else raw)
        elif kind == "hex":
            append(_HEX_PAIR.sub(lambda h: bytes((int(h.group(0), 16),)), _SPACE.sub(b"", m.group(kind))))
        elif kind == "gt":  # pdfminer: each ">>" ends a dictionary, a ">" left alone (a hex string's end) is nothing
            out.extend([_CLOSE_DICT] * (len(m.group(kind)) // 2))
        elif kind == "quote":
            append(kwd(m.group(kind)))
        else:
            append(_BRACKETS[m.group(kind)])
    return out


def objects(streams: list[bytes]) -> list[Any] | None:
    """The objects pdfminer's ``PDFContentParser`` yields for *streams* (decoded content
    streams, read one after another), or None when they hold anything it does not read
    exactly like pdfminer."""
    from pdfminer.psparser import KWD, LIT, literal_name

    try:
        toks = [t for data in streams for t in _tokens(data, KWD, LIT)]
    except _Unread:
        return None
    out: list[Any] = []
    stack: list[tuple[object, list[Any]]] = []  # open arrays and dictionaries, innermost last
    current = out
    for t in toks:
        if t is _OPEN_ARRAY or t is _OPEN_DICT:
            stack.append((t, current))
            current = []
        elif t is _CLOSE_ARRAY or t is _CLOSE_DICT:
            if not stack or (stack[-1][0] is _OPEN_ARRAY) != (t is _CLOSE_ARRAY):
                return None  # unbalanced: pdfminer's own recovery decides
            _, outer = stack.pop()
            if t is _CLOSE_ARRAY:
                outer.append(current)
            else:
                if len(current) % 2:
                    return None
                outer.append({literal_name(k): v for k, v in zip(current[::2], current[1::2]) if v is not None})
            current = outer
        else:
            current.append(t)
    return out if not stack else None


def interpreter(rsrcmgr: Any, device: Any) -> Any:
    """A pdfminer ``PDFPageInterpreter`` that reads content streams with :func:`objects`
    (and with pdfminer's parser where that returns None); the operators run as in pdfminer."""
    from pdfminer.pdfinterp import PDFPageInterpreter
    from pdfminer.pdftypes import stream_value
    from pdfminer.psparser import PSKeyword

    class FastInterpreter(PDFPageInterpreter):
        def execute(self, streams: Any) -> None:
            valid = [s for s in (stream_value(obj) for obj in streams)
                     if s.objid is not None and s.objid not in self.parent_stream_ids]
            if len(valid) != len(streams):  # an inline stream or a circular reference: pdfminer says so
                return super().execute(streams)
            objs = objects([s.get_data() for s in valid])
            if objs is None:
                return super().execute(streams)
            self.stream_ids.clear()
            self.stream_ids.update(s.objid for s in valid if s.objid is not None)
            ops = _operators(self)
            for obj in objs:
                if obj.__class__ is PSKeyword:
                    op = ops.get(obj)
                    if op is None:
                        op = ops[obj] = _operator(self, obj)
                    func, nargs = op
                    if func is None:
                        continue
                    if nargs:
                        args = self.pop(nargs)
                        if len(args) == nargs:
                            func(*args)
                    else:
                        func()
                else:
                    self.argstack.append(obj)  # not bound once: pop() makes a new list
            return None

    return FastInterpreter(rsrcmgr, device)


def _operators(interp: Any) -> dict[Any, tuple[Any, int]]:
    ops: dict[Any, tuple[Any, int]] | None = interp.__dict__.get("_hikaku_ops")
    if ops is None:
        ops = interp.__dict__["_hikaku_ops"] = {}
    return ops


def _operator(interp: Any, keyword: Any) -> tuple[Any, int]:
    """The bound method pdfminer's ``execute`` calls for *keyword* and how many operands it
    takes (None: an operator pdfminer does not know, which it skips)."""
    from pdfminer.psparser import keyword_name

    name = keyword_name(keyword)
    method = "do_{}".format(name.replace("*", "_a").replace('"', "_w").replace("'", "_q"))
    func = getattr(interp, method, None)
    if func is None:
        return None, 0
    return func, func.__code__.co_argcount - 1
