"""The changes as an AsciiDoc table: one row a change (its type as hikaku.comparison/v1 names
it), the texts of A and B, what changed."""

from hikaku import ComparisonResult, RenderOptions


def _cell(text: str) -> str:
    return " +\n".join(line.replace("|", "\\|") for line in text.strip().splitlines()) or "-"


def render(result: ComparisonResult, options: RenderOptions) -> str:
    rows = [c for c in result.changes if options.include_unchanged or c.type != "unchanged"]
    lines = [f"= {result.document_a.title} → {result.document_b.title}", "",
             '[cols="1,1,3,3,2",options="header"]', "|===", "|type |item |A |B |summary", ""]
    for c in rows:
        lines += [f"|{c.type}", f"|{_cell(c.item)}", f"|{_cell(c.a_text)}", f"|{_cell(c.b_text)}",
                  f"|{_cell(c.summary)}", ""]
    lines.append("|===")
    return "\n".join(lines) + "\n"
