"""A message not yet put in words: a catalogue key and its values, said in a language when a
reader is known (an error raised in a worker process and shown on a Japanese web page, kept
in the job store meanwhile).

An exception takes one as its message — ``InvalidDocumentError(Message("load.invalid_json",
…))`` — and reads as the English text (``str(e)``, logs, the CLI), while :func:`say` gives
it in another language. A value may be a message itself (said in the same language).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .catalogue import wording

__all__ = ["Message", "say"]

_ENGLISH = "en"  # what str() gives: the language of hikaku's logs, exceptions and API


@dataclass(frozen=True, init=False)
class Message:
    key: str
    params: Mapping[str, Any]  # text, numbers, or Message

    def __init__(self, key: str, /, **params: Any) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", params)

    def text(self, lang: str) -> str:
        w = wording(lang)
        return w(self.key, **{k: v.text(lang) if isinstance(v, Message) else v for k, v in self.params.items()})

    def __str__(self) -> str:
        return self.text(_ENGLISH)

    def map_text(self, change: Callable[[str], str]) -> Message:
        """The message with *change* applied to every text value, also those of the messages
        it holds (a path replaced by the file name the user knows)."""
        return Message(self.key, **{k: v.map_text(change) if isinstance(v, Message) else change(v) if isinstance(v, str)
                                    else v for k, v in self.params.items()})

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key,
                "params": {k: v.to_dict() if isinstance(v, Message) else v for k, v in self.params.items()}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Message:
        params = data.get("params") or {}
        return cls(str(data["key"]), **{k: cls.from_dict(v) if isinstance(v, Mapping) else v
                                        for k, v in params.items()})

    @staticmethod
    def of(error: BaseException) -> Message | None:
        """The message an exception was raised with, if it was raised with one."""
        first = error.args[0] if error.args else None
        return first if isinstance(first, Message) else None


def say(error: BaseException | Message | str, lang: str) -> str:
    """*error* in *lang*: a message in its words, an exception raised with a message in that
    message's words, anything else as its text (in English: hikaku has no other words for it)."""
    if isinstance(error, Message):
        return error.text(lang)
    if isinstance(error, BaseException):
        message = Message.of(error)
        return message.text(lang) if message is not None else str(error)
    return error
