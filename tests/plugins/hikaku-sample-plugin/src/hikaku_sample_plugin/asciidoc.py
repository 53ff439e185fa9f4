"""AsciiDoc in: section titles (``= Title``, ``== Section`` …) become headings, and hikaku's
chunker cuts the text along them and the Japanese headings (第N条 …) as it cuts Markdown.
Comment lines (``//``) and attribute lines (``:name: value``) are left out."""

import re

from hikaku.loaders import Loaded, LoadRequest, chunk_text, first_heading, request_text

_TITLE = re.compile(r"^(={1,6})\s+(\S.*)$")
_SKIP = re.compile(r"^(//|:[\w-]+:)")


def to_markdown(text: str) -> str:
    out = []
    for line in text.splitlines():
        m = _TITLE.match(line)
        if m:
            out.append("#" * len(m[1]) + " " + m[2])
        elif not _SKIP.match(line):
            out.append(line)
    return "\n".join(out)


def load(req: LoadRequest) -> Loaded:
    chunks = chunk_text(to_markdown(request_text(req)), source=req.label, markdown=True, id_prefix=req.id_prefix,
                        max_chars=req.max_chunk_chars)
    return Loaded(chunks, title=first_heading(chunks))
