"""Rendering a conversation with the model's own chat template (Jinja2, as Hugging Face and llama_cpp do).

Rendering must be deterministic: the prompt for turn N+1 must start with the
exact text of turn N, or llama.cpp cannot reuse the cached prefix. So the
"current date" some templates ask for (``strftime_now``, Llama 3) is frozen
when the template is created, not read on every call.
"""
from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Sequence

import jinja2
import jinja2.ext
from jinja2.sandbox import ImmutableSandboxedEnvironment

from memory_core.errors import InvalidInput

from .errors import ChatTemplateMissing, ModelError

ROLES = ("system", "user", "assistant")


class _IgnoreGenerationTags(jinja2.ext.Extension):
    """Hugging Face's ``{% generation %}`` block tag only marks training spans: render its body."""

    tags = {"generation"}

    def parse(self, parser):
        parser.stream.skip(1)
        return parser.parse_statements(("name:endgeneration",), drop_needle=True)


def _tojson(value: Any, ensure_ascii: bool = False, indent: int | None = None,
            separators: tuple[str, str] | None = None, sort_keys: bool = False) -> str:
    return json.dumps(value, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)


def _raise_exception(message: str) -> None:
    raise InvalidInput(f"the model's chat template refused this conversation: {message}")


class ChatTemplate:
    """A compiled chat template plus the special-token strings it refers to."""

    def __init__(self, source: str, *, bos_token: str = "", eos_token: str = "", model_name: str = "model",
                 now: datetime | None = None):
        self.source = source
        self.bos_token = bos_token
        self.eos_token = eos_token
        frozen_now = now or datetime.now()
        environment = ImmutableSandboxedEnvironment(
            loader=jinja2.BaseLoader(), trim_blocks=True, lstrip_blocks=True,
            extensions=[_IgnoreGenerationTags, jinja2.ext.loopcontrols])
        environment.filters["tojson"] = _tojson
        environment.globals["raise_exception"] = _raise_exception
        environment.globals["strftime_now"] = frozen_now.strftime
        try:
            self._template = environment.from_string(source)
        except jinja2.TemplateError as exc:
            raise ModelError(f"the chat template of {model_name} is not valid Jinja: {exc}") from exc
        self._model_name = model_name

    @classmethod
    def for_model(cls, gguf_template: str | None, configured: str | None, *, model_name: str,
                  bos_token: str = "", eos_token: str = "") -> "ChatTemplate":
        """The configured template wins; otherwise the GGUF's; otherwise a clear error."""
        source = configured if configured and configured.strip() else gguf_template
        if not source or not source.strip():
            raise ChatTemplateMissing(
                f"{model_name} has no chat template in its GGUF metadata (tokenizer.chat_template) and none is "
                "configured; it is probably a base (non-instruct) model. Choose an instruct/chat GGUF, or set a "
                "Jinja chat template for it in the model settings")
        return cls(source, bos_token=bos_token, eos_token=eos_token, model_name=model_name)

    def render(self, messages: Sequence[dict[str, str]], *, add_generation_prompt: bool = True) -> str:
        checked = [_check_message(message) for message in messages]
        if not checked:
            raise InvalidInput("a conversation needs at least one message")
        try:
            return self._template.render(messages=checked, add_generation_prompt=add_generation_prompt,
                                         bos_token=self.bos_token, eos_token=self.eos_token)
        except InvalidInput:
            raise
        except jinja2.TemplateError as exc:
            raise ModelError(f"the chat template of {self._model_name} failed to render: {exc}") from exc


def _check_message(message: dict[str, str]) -> dict[str, str]:
    role = message.get("role") if isinstance(message, dict) else None
    content = message.get("content") if isinstance(message, dict) else None
    if role not in ROLES:
        raise InvalidInput(f"message role must be one of {', '.join(ROLES)}, not {role!r}")
    if not isinstance(content, str):
        raise InvalidInput("message content must be text")
    return {"role": role, "content": content}
