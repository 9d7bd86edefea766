"""What each word of a question is worth as lexical evidence.

A question has a frame ("When did ... happen?", "What did Maya tell Jonah about ...?", "Who talked about
...?") and a few words that name the thing asked about. The frame's words are not what the answer says:
a turn that contains "talked" or "happen" is no more likely to be the answer. Left at their IDF weight, they
pull BM25 towards any turn that uses them and dilute the coverage of the words that matter (in months of real
chat "happen", "day" or "news" are said somewhere, so IDF alone does not silence them).

So frame words weigh ``FRAME_WEIGHT`` (about a third) of their IDF in coverage and stay out of the BM25 query unless the
question has nothing else; content words keep their IDF weight; words that name a speaker are handled as
speakers by speakers.py (``_named_speakers``), not as text.

The list is generic English question vocabulary (interrogatives, speech-act verbs, vague nouns, meta words
about the chat, the hedges of inference questions), not words of one benchmark's frames. The hedges ("given",
"based", "might", "likely", ...) were added after one dev check (bench/recall_fit.py --grid: objective 0.8151 ->
0.8163, lexical dev any@10 0.951 -> 0.966, paraphrase 0.742 -> 0.739); the lexical condition's test questions use
the same frames as its dev ones, so its test gain from them says little about other data.
"""
from __future__ import annotations

#: Share of its IDF weight a question-frame word keeps (fitted on dev: bench/recall_fit.py; 0.1 and 0.0 were
#: within one question of it).
FRAME_WEIGHT = 0.3

FRAME_WORDS = frozenset("""
when what who whom whose which why how where whether did does do done doing has have had was were is are be been
happen happens happened happening occur occurred take took taken place
tell tells told telling say says said saying talk talks talked talking mention mentions mentioned mentioning
share shares shared sharing ask asks asked asking discuss discussed discussing speak spoke spoken describe
described explain explained bring brings brought bringing update updates
thing things stuff something anything news reason reasons kind type sort date day days time times moment
person someone somebody people
chat chats conversation conversations message messages
recently lately ever again first later earlier before after ago around exactly
remember recall know knew think thought
given based might likely probably perhaps maybe
""".split())


def is_frame_word(word: str) -> bool:
    """Whether ``word`` (lower case) belongs to how questions are asked rather than what they ask about."""
    return word.lower().replace("’", "'").removesuffix("'s") in FRAME_WORDS


def term_factor(word: str) -> float:
    """The share of its IDF weight a query word keeps in coverage."""
    return FRAME_WEIGHT if is_frame_word(word) else 1.0


def match_terms(terms: list[str]) -> list[str]:
    """The words that go into the BM25 query: the content words, or every word if the question is all frame
    ("What happened?"). With ``FRAME_WEIGHT`` at 1 frame words are ordinary words (how recall ranked before)."""
    if FRAME_WEIGHT >= 1.0:
        return list(terms)
    content = [term for term in terms if not is_frame_word(term)]
    return content or list(terms)
