"""What the LLM fact extractor asks for and how its answer is read: the prompt, the GBNF grammar, a strict parse.

The grammar holds the model to a short JSON list of ``{"subject", "attribute",
"value"}`` objects (at most ``MAX_FACTS``), so even a small model cannot wander
into prose; the parse is strict all the same (a model served without grammar
support, or cut off by ``max_tokens``, may still return anything). The few-shot
examples are generic sentences written for this prompt, not from any benchmark.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

#: Facts the grammar allows per message (and the most the extractor keeps).
MAX_FACTS = 3

FACT_PROMPT = """You extract lasting facts a person states about themselves, their family, pets and things.
Answer with a JSON list of objects with "subject", "attribute" and "value"; at most 3.
"subject" is "user", or the relation word the person uses ("sister", "dog", "boss").
"attribute" is a short noun phrase ("home city", "employer", "name", "allergy").
"value" is copied word for word from the message.
Skip questions, wishes, plans that may not happen and anything the person says is not so. No fact: answer [].

Message: I work as a nurse in Leeds and my cat is called Pepper.
Facts: [{"subject": "user", "attribute": "job", "value": "nurse"}, \
{"subject": "user", "attribute": "home city", "value": "Leeds"}, {"subject": "cat", "attribute": "name", "value": "Pepper"}]

Message: Should I learn Spanish or Italian this year?
Facts: []

Message: My brother just started at a bakery called Crumbs.
Facts: [{"subject": "brother", "attribute": "employer", "value": "Crumbs"}]"""

FACT_GRAMMAR = r'''root ::= "[" ( fact ( ", " fact )? ( ", " fact )? )? "]"
fact ::= "{\"subject\": \"" subject "\", \"attribute\": " text ", \"value\": " text "}"
subject ::= [a-z] [a-z' ]*
text ::= "\"" [^"\\\n\[\]{}] [^"\\\n\[\]{}]* "\""
'''


class FactOutputRejected(Exception):
    """The model's answer cannot be read as the fact list; ``reason`` names the check (never user text)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class RawFact:
    """One object of the model's list, before validation against the message."""

    subject: str
    attribute: str
    value: str


def fact_messages(text: str) -> list[dict[str, str]]:
    """The chat messages for one user message (its whitespace folded: one line, like the examples)."""
    return [{"role": "system", "content": FACT_PROMPT},
            {"role": "user", "content": f"Message: {' '.join(text.split())}\nFacts:"}]


def parse_fact_output(output: str) -> list[RawFact]:
    """Strict: a JSON list of objects with exactly three string fields, or the whole answer is rejected."""
    try:
        data = json.loads(output.strip())
    except (json.JSONDecodeError, ValueError) as exc:
        raise FactOutputRejected("not json") from exc
    if not isinstance(data, list):
        raise FactOutputRejected("not a list")
    if len(data) > MAX_FACTS:
        raise FactOutputRejected("too many facts")
    facts = []
    for item in data:
        if not isinstance(item, dict) or set(item) != {"subject", "attribute", "value"}:
            raise FactOutputRejected("wrong fields")
        if not all(isinstance(item[key], str) and item[key].strip() for key in item):
            raise FactOutputRejected("empty field")
        facts.append(RawFact(item["subject"].strip().lower(), item["attribute"].strip(), item["value"].strip()))
    return facts
