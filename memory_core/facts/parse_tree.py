"""Reading a dependency tree: children, phrases, who a clause is about, and whether it asserts anything.

Pure functions over ``parse_tokens.ParsedSentence``; no parser library here.
"""
from __future__ import annotations

from typing import Iterable

from memory_core.facts.parse_tokens import ParsedSentence, Token

FIRST_PERSON = {"i", "we", "me", "us"}
FIRST_PERSON_POSSESSIVE = {"my", "our"}
PRONOUNS = {"i", "me", "we", "us", "you", "he", "him", "she", "her", "it", "they", "them", "this", "that", "these",
            "those", "one", "mine", "ours", "yours", "his", "hers", "theirs", "what", "who", "which", "something",
            "anything", "everything", "nothing", "someone", "anyone", "everyone", "there", "here", "myself",
            "ourselves", "itself", "herself", "himself", "themselves", "yourself", "lot", "bit", "all", "both",
            "thing", "things", "stuff"}
#: Auxiliaries that make a clause possible rather than true ("I could get a dog").
MODALS = {"would", "could", "might", "may", "should", "must", "shall", "'d", "ca", "wo", "will", "'ll"}
#: Adverbs that make a clause a guess or a wish ("maybe I'll join", "hopefully we move").
HEDGE_ADVERBS = {"maybe", "perhaps", "possibly", "probably", "hopefully", "someday", "eventually", "supposedly"}
#: Verbs whose complement is wished, planned or reported, not stated ("I want to learn Welsh").
HEDGE_VERBS = {"want", "hope", "wish", "plan", "consider", "think", "imagine", "wonder", "doubt", "dream", "try",
               "intend", "need", "like", "love", "prefer", "suppose", "guess", "mean", "expect", "decide",
               "say", "tell", "ask", "hear", "pretend", "forget", "refuse", "fail", "hate", "stop", "quit", "miss",
               "would", "go"}
#: Subordinators that hedge their clause ("if I get a dog", "unless we move", "before I joined X").
HEDGE_MARKS = {"if", "unless", "whether", "until", "before", "once", "when", "whenever", "while", "though",
               "although", "as", "because", "since", "after", "than"}
NEGATIONS = {"not", "n't", "never", "no", "nobody", "nothing", "neither", "nor", "without", "hardly", "barely"}
QUESTION_WORDS = {"what", "which", "who", "whom", "whose", "where", "when", "why", "how"}
#: Clausal attachments that keep a clause's truth (a coordinated or appositive clause still asserts).
ASSERTING_LINKS = {"ROOT", "conj", "parataxis", "appos"}


class Tree:
    """One sentence with its children index: ``tree[i]`` is a token, ``tree.children(t)`` its dependents."""

    def __init__(self, sentence: ParsedSentence) -> None:
        self.sentence = sentence
        self.tokens = sentence.tokens
        self._children: dict[int, list[Token]] = {t.i: [] for t in self.tokens}
        for token in self.tokens:
            if token.head != token.i:
                self._children[token.head].append(token)

    def __getitem__(self, i: int) -> Token:
        return self.tokens[i]

    def head(self, token: Token) -> Token | None:
        return None if token.head == token.i else self.tokens[token.head]

    def children(self, token: Token, *deps: str) -> list[Token]:
        kids = self._children[token.i]
        return [k for k in kids if k.dep in deps] if deps else list(kids)

    def child(self, token: Token, *deps: str) -> Token | None:
        found = self.children(token, *deps)
        return found[0] if found else None

    def subtree(self, token: Token) -> list[Token]:
        found, stack = [], [token]
        while stack:
            current = stack.pop()
            found.append(current)
            stack.extend(self._children[current.i])
        return sorted(found, key=lambda t: t.i)

    def ancestors(self, token: Token) -> Iterable[Token]:
        current = self.head(token)
        while current is not None:
            yield current
            current = self.head(current)

    def text(self, tokens: list[Token]) -> str:
        """The sentence's own characters from the first token to the last (spacing as the user wrote it)."""
        if not tokens:
            return ""
        first, last = tokens[0], tokens[-1]
        return self.sentence.text[first.idx:last.idx + len(last.text)]


def lower(token: Token) -> str:
    return token.text.lower()


def is_first_person(tree: Tree, token: Token) -> bool:
    """"I", "we", or a noun the user owns ("my sister", "our dog")."""
    if lower(token) in FIRST_PERSON:
        return True
    # "My oldest and best friend": the parser may hang "my" on the first modifier
    owners = tree.children(token, "poss") + [p for m in tree.children(token, "amod", "compound") if m.i < token.i
                                             for p in tree.children(m, "poss")]
    return any(lower(p) in FIRST_PERSON_POSSESSIVE for p in owners)


def in_law(tree: Tree, noun: Token) -> bool:
    """The noun goes on as "-in-law" ("mother-in-law", which the small parser reads as "mother" + "in law")."""
    return any(lower(p) == "in" and any(lower(o) == "law" for o in tree.children(p, "pobj"))
               for p in tree.children(noun, "prep"))


def owner_noun(tree: Tree, token: Token) -> Token | None:
    """The possessor of ``token`` when it is itself one of the user's ("my sister's job" -> sister)."""
    for possessor in tree.children(token, "poss"):
        if possessor.pos in ("NOUN", "PROPN") and is_first_person(tree, possessor):
            return possessor
    return None


def is_question(sentence: ParsedSentence) -> bool:
    tokens = sentence.tokens
    if sentence.text.rstrip().endswith("?"):
        return True
    first = next((t for t in tokens if t.pos not in ("PUNCT", "INTJ", "CCONJ")), None)
    if first is None:
        return False
    if lower(first) in QUESTION_WORDS and first.tag in ("WP", "WRB", "WDT", "WP$"):
        return True
    # "Do you ...", "Should I ...": an auxiliary before its subject opens a question
    return first.pos == "AUX" and first.dep == "aux" and len(tokens) > 1 and tokens[1].dep in ("nsubj", "expl")


def clause_negated(tree: Tree, verb: Token) -> bool:
    if any(lower(c) in NEGATIONS for c in tree.children(verb, "neg", "advmod", "det", "preconj")):
        return True
    # "no longer", "not anymore" said on the verb's auxiliary
    return any(lower(c) in NEGATIONS for aux in tree.children(verb, "aux", "auxpass") for c in tree.children(aux))


def clause_hedged(tree: Tree, verb: Token) -> bool:
    """Modal, conditional, wished, reported or subordinate: the clause does not state a present fact."""
    if any(lower(a) in MODALS for a in tree.children(verb, "aux")):
        return True
    if any(lower(a) in HEDGE_ADVERBS for a in tree.children(verb, "advmod")):
        return True
    if any(lower(m) in HEDGE_MARKS for m in tree.children(verb, "mark")):
        return True
    if lower(verb) in ("used",) or any(lower(a) == "going" for a in tree.children(verb, "aux")):
        return True
    if verb.tag == "VB" and not tree.children(verb, "aux") and verb.dep == "ROOT":
        return True  # an imperative or fragment: "Get a dog", "Maybe learn Welsh"
    return False


#: Verbs of saying or thinking that hedge a clause said before them ("Y is my gym, I think").
_AFTERTHOUGHT_HEDGES = {"think", "guess", "suppose", "reckon", "believe", "bet", "assume", "feel", "hope", "gather",
                        "imagine", "wonder", "doubt", "say", "hear", "tell", "mean", "expect", "pretend", "wish",
                        "dream", "know", "seem", "suspect"}


def comma_spliced(tree: Tree, clause: Token) -> bool:
    """A statement run on to the next by a comma ("Y is my gym, don't judge"): the parser hangs it as the
    complement of the later clause, but it stands on its own, unless that later clause only hedges it
    ("..., I think", "..., I guess")."""
    parent = tree.head(clause)
    if parent is None or clause.dep != "ccomp" or clause.i > parent.i or parent.lemma in _AFTERTHOUGHT_HEDGES:
        return False
    if any(lower(m) in ("that", "if", "whether") for m in tree.children(clause, "mark")):
        return False
    end = max(t.i for t in tree.subtree(clause))
    return any(t.text in (",", ";", ":") for t in tree.tokens[end + 1:parent.i])


def asserted(tree: Tree, verb: Token) -> bool:
    """True when ``verb``'s clause, and every clause it hangs from, is a plain positive statement (a clause
    comma-spliced before another keeps its own truth: ``comma_spliced``)."""
    current: Token | None = verb
    while current is not None:
        if clause_negated(tree, current) or clause_hedged(tree, current):
            return False
        parent = tree.head(current)
        if parent is None or comma_spliced(tree, current):
            return True
        if current.dep in ("xcomp", "ccomp") and parent.lemma in HEDGE_VERBS:
            return False
        if current.dep in ("advcl", "csubj", "pcomp") or (current.dep not in ASSERTING_LINKS and
                                                          current.pos in ("VERB", "AUX")
                                                          and current.dep not in ("xcomp", "ccomp", "relcl", "acl")):
            return False
        current = parent
    return True


def clause_subject(tree: Tree, verb: Token) -> Token | None:
    """The verb's subject, or (for "... and train for X") the subject of the verb it is coordinated with."""
    subject = tree.child(verb, "nsubj", "nsubjpass")
    current = verb
    while subject is None and current.dep in ("conj", "xcomp") and tree.head(current) is not None:
        current = tree.head(current)
        subject = tree.child(current, "nsubj", "nsubjpass")
    return subject


def present_tense(tree: Tree, verb: Token) -> bool:
    """Said of now: present tense, progressive, or present perfect ("I've shared it with Y since...")."""
    if verb.tag in ("VBP", "VBZ", "VBG"):
        return True
    return verb.tag == "VBN" and any(a.lemma == "have" and a.tag in ("VBP", "VBZ") for a in tree.children(verb, "aux"))


#: Words before a value that deny it or set it aside ("not June 12", "instead of Priya", "rather than X").
_DENYING = {"not", "n't", "never", "no", "instead", "rather", "than", "except", "unlike", "without", "nor"}


def denied_value(tree: Tree, value: Token) -> bool:
    """The value is said not to hold: "not June 12", "not in The Lamplighters anymore", "instead of Priya".

    Looks at the value's own dependents, the words up its attachment chain to the first verb, and the two
    words just before it (a preposition and its negation)."""
    chain = [value]
    for ancestor in tree.ancestors(value):
        if ancestor.pos in ("VERB", "AUX"):
            break
        chain.append(ancestor)
    if any(lower(t) in _DENYING for t in chain) or any(
            lower(c) in _DENYING for t in chain for c in tree.children(t, "neg", "advmod", "preconj", "cc", "det")):
        return True
    start = min(t.i for t in tree.subtree(value))
    return any(lower(t) in _DENYING for t in tree.tokens[max(0, start - 3):start])
