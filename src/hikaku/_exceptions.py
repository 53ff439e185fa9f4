"""Every error hikaku raises on purpose.

    HikakuError
    ├── InputError                 the documents handed to hikaku cannot be used
    │   ├── InvalidArgumentError     an argument of the wrong type (also a TypeError)
    │   ├── DocumentNotFoundError    a path that does not exist or is not a file
    │   ├── UnsupportedFormatError   an extension / --input-format hikaku cannot read
    │   ├── InvalidDocumentError     unreadable or malformed content (bad JSON, wrong shape)
    │   ├── DuplicateChunkIdError    two chunks of one document share an id
    │   └── EmptyDocumentError       a document without any chunk of text
    ├── ConfigurationError         an option or setting with an impossible value
    │   ├── CheckpointError          a run id that is unknown or belongs to other inputs
    │   └── PluginError              a plugin (entry point) that cannot be used; names it and its distribution
    └── MissingDependencyError     an optional backend whose extra is not installed

Model (LLM) failures are not raised to the caller: after its retries, a chunk falls back
to the offline policy and the fallback is recorded in the result and the trace.

Tools never raise for bad arguments: they return a failed ``ToolResult`` (see
``hikaku.tools.base``), so that an agent can read the error and try again.
"""

from __future__ import annotations

__all__ = [
    "HikakuError",
    "InputError",
    "InvalidArgumentError",
    "DocumentNotFoundError",
    "UnsupportedFormatError",
    "InvalidDocumentError",
    "DuplicateChunkIdError",
    "EmptyDocumentError",
    "ConfigurationError",
    "CheckpointError",
    "PluginError",
    "MissingDependencyError",
]


class HikakuError(Exception):
    """Base class of every error raised by hikaku."""


class InputError(HikakuError):
    """A document given to hikaku cannot be used as it is."""


class InvalidArgumentError(InputError, TypeError):
    """An argument of the wrong type, e.g. ``compare(None, …)``; the message names it."""


class DocumentNotFoundError(InputError):
    """The path does not exist or is not a regular file."""


class UnsupportedFormatError(InputError):
    """hikaku cannot read this format."""


class InvalidDocumentError(InputError):
    """The file was read but its content is malformed."""


class DuplicateChunkIdError(InvalidDocumentError):
    """Two chunks of the same document share an id."""


class EmptyDocumentError(InputError):
    """The document holds no chunk with text."""


class ConfigurationError(HikakuError):
    """An option or setting has a value hikaku cannot work with."""


class CheckpointError(ConfigurationError):
    """A run cannot be resumed: unknown run id, or a checkpoint of other documents/options."""


class PluginError(ConfigurationError):
    """A plugin (an entry point of a ``hikaku.*`` group) cannot be loaded or declares
    something hikaku cannot use; the message names the plugin, its group and the
    distribution that installed it. The built-ins and the other plugins still work."""


class MissingDependencyError(HikakuError, ImportError):
    """An optional dependency is missing; the message names the extra to install."""

    def __init__(self, package: str, extra: str, purpose: str) -> None:
        self.package = package
        self.extra = extra
        super().__init__(
            f"{purpose} needs the '{package}' package, which is not installed; "
            f"install it with: pip install 'hikaku[{extra}]'"
        )
