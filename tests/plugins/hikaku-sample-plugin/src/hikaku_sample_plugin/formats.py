"""The declarations the entry points name: light (hikaku reads them to list the formats; the
modules that read and write them are imported only when a file of the format is)."""

from hikaku.loaders import LoaderInfo
from hikaku.renderers import RendererInfo

ASCIIDOC = LoaderInfo("asciidoc", "hikaku_sample_plugin.asciidoc", (".adoc", ".asciidoc"),
                      description="AsciiDoc", text=True)
ADOC_TABLE = RendererInfo("adoc", "hikaku_sample_plugin.adoc_table", (".adoc",),
                          description="AsciiDoc table of the changes")
