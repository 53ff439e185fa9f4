"""Targets written as the document cites them: 第十五条第二項第三号イ (in the numerals the
reference was written in: 第15条, 第１５条), 附則第二条, 別表第一, ``Section 4.2(b)``; and the
suggestion for a reference written in the shape of the reference it corrects — only its own
steps (第十一号 → 第十二号), and the steps above them when those changed too (前条 → 第五条,
第十三号 → 第二条第一項第十六号 when the item is now another paragraph's)."""

from __future__ import annotations

from collections.abc import Sequence

from ..document import Citation, NumberStyle, number_style, write_number
from .outline import Outline
from .resolve import Target

__all__ = ["target_label", "suggestion"]

Level = tuple[str, "int | tuple[int | str, ...]"]  # ("provision", index) or a path step


def _number(number: tuple[int | str, ...], style: NumberStyle) -> str:
    return "の".join(write_number(n, style) if isinstance(n, int) else str(n) for n in number)


def _provision_ja(o: Outline, p: int, style: NumberStyle) -> str:
    prov = o.provisions[p]
    if prov.kind == "附則":
        return "附則"
    if prov.kind == "別表":
        return f"別表第{_number(prov.number, style)}"
    supplement = o.supplementary[prov.section] or prov.section == o.first_supplement
    head, *branch = prov.number
    tail = "".join(f"の{_number((n,), style)}" for n in branch)
    return f"{'附則' if supplement else ''}第{_number((head,), style)}条{tail}"


def _step_ja(level: str, number: tuple[int | str, ...], style: NumberStyle) -> str:
    if level == "paragraph":
        return f"第{_number(number, style)}項"
    if level == "item":
        head, *branch = number
        return f"第{_number((head,), style)}号" + "".join(f"の{_number((n,), style)}" for n in branch)
    return "".join(str(n) for n in number)  # イ


def _provision_en(o: Outline, p: int, c: Citation | None) -> str:
    prov = o.provisions[p]
    number = prov.label.split()[-1] if prov.label else ""
    if c is not None and c.steps[0].level in ("article", "appendix") and c.steps[0].number:
        word = c.steps[0].text[: len(c.steps[0].text) - len(str(c.steps[0].number[0]))]
        if word.strip():
            return f"{word}{number}"
    return prov.label or number


def _write(o: Outline, levels: Sequence[Level], c: Citation | None, style: NumberStyle, english: bool) -> str:
    out = []
    for k, (level, value) in enumerate(levels):
        if isinstance(value, int):  # the provision
            out.append(_provision_en(o, value, c) if english else _provision_ja(o, value, style))
        elif english and level == "paragraph":  # Section 4's sub-clause 4.2: "Section 4.2"
            number = str(value[0])
            if k and isinstance(levels[k - 1][1], int) and out:
                head = out.pop()
                word = head[: len(head) - len(head.split()[-1])] if " " in head else ""
                out.append(f"{word}{number}")
            else:
                out.append(number)
        elif english:
            out.append(f"({''.join(str(n) for n in value)})")
        else:
            out.append(_step_ja(level, value, style))
    return "".join(out)


def _levels(t: Target) -> list[Level]:
    return [("provision", t.provision), *t.path]


def _style_of(o: Outline, t: Target, c: Citation) -> NumberStyle:
    """The numerals to write *t* in: the reference's own, or for one without numerals (前条)
    those of the label of the provision it names (第11条 → Arabic)."""
    if c.style:
        return c.style
    label = o.provisions[t.provision].label
    digits = label.lstrip("附則第別表")[:1]
    return number_style(digits) if digits else "kanji"


def target_label(o: Outline, targets: Sequence[Target], c: Citation) -> str:
    """The targets in full (第十五条第二項; two or more joined: 第一項・第二項)."""
    sep = "・" if c.lang == "ja" else ", "
    return sep.join(_write(o, _levels(t), c, _style_of(o, t, c), o.provisions[t.provision].english) for t in targets)


_START = {"article": 0, "appendix": 0, "paragraph": 1, "item": 2, "subitem": 3}


def suggestion(o: Outline, expected: Sequence[Target], c: Citation, reference: Target | None,
               actual: Target | None = None) -> str:
    """*expected* written in the shape of *c*: from the step *c* starts with, or from the
    first step above it where *expected* differs from *reference* (what the steps *c* does
    not write stand for: the citing provision and paragraph, or what it points at now);
    a first paragraph no item citation wrote is left out (第二条第三号). A relative first
    step that still points right (*actual*: what *c* points at now) stays: 同項第八号 →
    同項第九号, 前条第二項 → 前条第三項."""
    written = {s.level for s in c.steps}
    sep = "又は" if c.lang == "ja" else " or "
    out = []
    for t in expected:
        levels = _levels(t)
        first = c.steps[0]
        head = _depth(levels, first.level) + 1
        if first.relative and actual is not None and levels[:head] == _levels(actual)[:head] and len(levels) > head:
            # its relative step is right (同項, 前条): it stays, the steps below it are corrected
            out.append(first.text + _write(o, levels[head:], c, _style_of(o, t, c), o.provisions[t.provision].english))
            continue
        start = 0 if first.relative and first.relative != "同" else _depth(levels, first.level)
        if reference is not None:
            ref = _levels(reference)
            differ = next((k for k in range(min(len(levels), len(ref))) if levels[k] != ref[k]), None)
            if differ is not None:
                start = min(start, differ)
            if first.relative and first.relative != "同" and differ is not None:
                start = differ
        shown = [lv for k, lv in enumerate(levels[start:], start)
                 if not (lv[0] == "paragraph" and lv[1] == (1,) and "paragraph" not in written
                         and any(x[0] == "item" for x in levels[k + 1:]) and k > start)]
        out.append(_write(o, shown, c, _style_of(o, t, c), o.provisions[t.provision].english))
    return sep.join(out)


def _depth(levels: Sequence[Level], level: str) -> int:
    if level in ("article", "appendix"):
        return 0
    return next((k for k, lv in enumerate(levels) if lv[0] == level), _START.get(level, 0))
