"""Where a message names a known value without ending it: the guards that keep a fact current.

Why: a wrongly retired fact silently disappears from what the user sees, which is worse than a missed change.
The cues of ending and complaint (``changes._END_CUES``, ``later_successors.displaced``) are read around the
old value's mention; these guards say when the words that look like an ending govern something else:

* a thing AT or OF the value: "can't stand the queues at X", "sick of the parking at X", "the X app lost its
  appeal", "X's phone line has gone downhill": a complaint or a dislike of that thing, not of X;
* the value acting on a thing of its own: "X closed the branch in town", "X retired the old menu", "X upgraded my
  line", "X moved to a bigger building": news of X, which carries on;
* the value as what came after a story of the past: "before we found X", "before Dr X";
* the user saying they keep it ("but I'll stick with them", "renewed anyway", "not going anywhere"): a complaint
  that keeps the provider;
* the holder away for a while and covered ("on leave, back in March", "a locum", "covered for her"): the one
  who stands in is no successor.
"""
from __future__ import annotations

import re

from memory_core.facts.frame_words import IRREGULAR_PASTS

#: Dislike, complaint or decline: these end a value only when they govern the value itself.
ATTITUDE = re.compile(
    r"(?i)\b(?:(?:can't|cannot|can\s+not|couldn't)\s+(?:stand|bear|stomach|abide|face)|"
    r"(?:sick|tired|fed\s+up|bored)\s+(?:and\s+tired\s+)?(?:to\s+death\s+)?(?:of|with)|"
    r"had\s+(?:enough|my\s+fill)\s+of|(?:had|have|'ve\s+had)\s+enough\s+of|hate|hates|"
    r"lost\s+(?:its|their|all\s+its|all\s+their|the)\s+(?:appeal|charm|shine|magic|sparkle|lustre|luster|allure|"
    r"novelty|spark)|wor(?:e|n)\s+thin|(?:gone|went|going|go)\s+(?:right\s+|way\s+|rapidly\s+)?downhill|"
    r"broke|broken|(?:was|were|got|became)\s+too\s+\w+)\b")

_DETERMINED_NOUN_BEFORE = re.compile(
    r"(?i)\b(?:the|their|its|those|these|that|this|all\s+the)\s+(?:[\w'-]+\s+){1,5}?"
    r"(?:at|in|of|about|on|to|inside|outside)\s+(?:the\s+)?$")
#: Words that may follow a value without being a noun it modifies: verbs' helpers, adverbs, pronouns, endings.
_NOT_A_HEAD = {
    "is", "was", "are", "were", "has", "have", "had", "be", "been", "being", "will", "would", "can", "could",
    "do", "does", "did", "don't", "doesn't", "didn't", "isn't", "wasn't", "just", "finally", "now", "still",
    "again", "anymore", "any", "no", "not", "never", "always", "really", "so", "too", "and", "or", "but", "then",
    "for", "to", "from", "in", "at", "on", "with", "by", "of", "off", "over", "out", "up", "down", "back", "away",
    "is", "a", "an", "the", "my", "our", "me", "us", "i", "we", "you", "it", "they", "he", "she", "them", "lol",
    "tho", "though", "though", "ever", "these", "this", "that", "who", "which", "where", "when", "because", "if",
    "as", "than", "all", "gone", "done", "history", "lately", "recently", "anyway", "either", "instead", "though",
    "big", "right", "way", "totally", "completely", "officially", "properly", "well", "proper", "most", "more",
}


#: Nouns that are the user's bond with the value, not a thing of its own: what ends them ends the value.
_THE_BOND_ITSELF = {"membership", "memberships", "account", "accounts", "subscription", "subscriptions", "sub",
                    "contract", "plan", "policy", "tenancy", "lease"}


def names_the_bond(text: str) -> bool:
    """Whether the text names the user's bond with a provider: its membership, account or subscription."""
    return any(word.lower() in _THE_BOND_ITSELF for word in re.findall(r"[A-Za-z]+", text))


def _modifies_next_noun(text_after: str, possessive: bool = False) -> bool:
    """The value is said as the owner or the kind of a following noun: "X app", "X's phone line", "X aircon".
    After a possessive a word in -ing is a noun ("X's booking system"); after a bare name it may be a verb."""
    # the head goes on into its clause ("X app lost its appeal"); a word that ends the clause is slang or a tail
    match = re.match(r"^(?P<owner>'s|')?\s+(?P<word>[a-z][a-z-]*)(?=\s+[a-z])", text_after)
    if match is None:
        return False
    word = match.group("word")
    if word in _THE_BOND_ITSELF:
        return False  # "cancelled the Goodlife Fitness membership": ending the membership ends the gym
    possessive = possessive or match.group("owner") is not None
    if word in _NOT_A_HEAD or word in IRREGULAR_PASTS or word.endswith(("ed", "ly")):
        return False
    if word.endswith("ing") and not possessive:
        return False
    return not (possessive and word in {"lost", "gone", "been", "got", "had", "left", "closed", "went", "broke"})


def thing_of_value(sentence: str, start: int, end: int) -> bool:
    """The mention at ``start``-``end`` places or owns another thing the clause speaks of: "the queues at X",
    "the music they play in X", "the X app", "X's phone system"."""
    before = re.split(r"[,;.!?]", sentence[:start])[-1]
    possessive = sentence[max(0, end - 2):end] in ("'s", "’s")
    return bool(_DETERMINED_NOUN_BEFORE.search(before)) or _modifies_next_noun(sentence[end:], possessive)


_VALUE_ACTS = re.compile(
    r"(?i)^(?:'s|'ve)?(?:\s+(?:has|have|had|just|finally|recently|now|also|only))*\s+"
    r"(?P<verb>closed|shut|retired|replaced|changed|upgraded|moved|sold|dropped|scrapped|axed|switched|swapped|"
    r"cancel+ed|refitted|renamed)\s+(?:the|a|an|its|their|his|her|my|our|some|all|one\s+of)\b"
    r"(?!\s+(?:(?:front\s+)?doors|custom|business|shutters)\b)(?![^,.;!?]*\bfor\s+good\b)")
#: The value's own premises moved: "X has moved to a bigger building", "X relocated to new premises".
_PREMISES_MOVED = re.compile(
    r"(?i)^(?:'s|'ve)?(?:\s+(?:has|have|had|just|finally|recently|now|also))*\s+(?P<verb>moved|relocated)\s+"
    r"(?:to|into)\s+(?:a|an|the|their|its|new)\s+(?:[\w-]+\s+){0,2}?(?:building|premises|site|unit|location|"
    r"address|shop|store|office|offices|spot)\b")
#: A pronoun for the value, acting on a thing: "... and they've moved the practice to the old bank".
_PRONOUN_ACTS = re.compile(
    r"(?i)\b(?:they|it|she|he)(?:'ve|'s|\s+have|\s+has)?(?:\s+(?:just|finally|also|now))*\s+"
    r"(?P<verb>closed|shut|retired|replaced|changed|upgraded|moved|refitted|renamed)\s+"
    r"(?:the|its|their|his|her|my|our)\s+(?!custom|business)")


def own_business(sentence: str, end: int) -> list[tuple[int, int]]:
    """The spans (in ``sentence``) of verbs of ending said of the value acting on a thing of its own, or of its
    premises moving: these are news of the value, not its end."""
    after = sentence[end:]
    spans = [(end + m.start("verb"), end + m.end("verb"))
             for m in (_VALUE_ACTS.match(after), _PREMISES_MOVED.match(after)) if m]
    spans += [(end + m.start("verb"), end + m.end("verb")) for m in _PRONOUN_ACTS.finditer(after)]
    return spans


_AFTER_A_PAST = re.compile(
    r"(?i)\bbefore\s+(?:(?:i|we)\s+(?:found|discovered|joined|met|got|started\s+(?:at|with)|moved\s+to|"
    r"switched\s+to|came\s+to|went\s+to|had|signed\s+up\s+(?:at|with))\s+)?(?:the\s+|my\s+|our\s+)?$")


def after_a_past(sentence: str, start: int) -> bool:
    """The value is what came after a past the sentence tells: "we used to go to Y before we found X"."""
    return bool(_AFTER_A_PAST.search(sentence[:start]))


#: The user says they keep the value after a complaint.
_STAYING = re.compile(
    r"(?i)\b(?:(?:i|we)(?:'ll|'m|'re|\s+will|\s+am|\s+are)?\s+(?:still\s+|always\s+)?(?:keep(?:ing)?\s+(?:it|them|"
    r"him|her|going)|stay(?:ing)?\s+(?:with\s+(?:it|them|him|her)|put)|stick(?:ing)?\s+(?:with|to)|(?:wouldn't|won't|not\s+going\s+to)"
    r"\s+(?:swap|switch|change|leave|trust\s+anyone\s+else))|not\s+going\s+anywhere|renewed\s+anyway|"
    r"(?:still|wouldn't)\s+(?:swap|switch|change)|love\s+(?:the\s+place|them|it)\s+(?:tho|though|still)|"
    r"still\s+(?:the\s+)?(?:best|fastest|cheapest|closest|nearest)|put\s+up\s+with\s+it)\b")


def user_stays(message: str) -> bool:
    """The message says the user keeps what they complained of."""
    return bool(_STAYING.search(message))


#: The holder is away for a while, or the one named stands in: "back in March", "a locum", "covered for her".
_TEMPORARY = re.compile(
    r"(?i)\b(?:cover(?:s|ed|ing)?\s+for|cover\s+(?:teacher|nurse|doctor|vet|dentist)|locum|stand-in|"
    r"st(?:ood|anding|ands)\s+in|fill(?:ed|ing|s)\s+in|(?:be|is|'s|'ll\s+be|will\s+be)?\s*back\s+(?:in\s+"
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december|a\s+week|a\s+month|"
    r"two\s+weeks|the\s+new\s+year|the\s+spring|the\s+autumn)|next\s+\w+|on\s+\w+day|after\s+\w+|soon|tomorrow)|"
    r"(?:till|until)\s+next\s+\w+|on\s+holiday\s+(?:till|until)|while\s+(?:she|he|they)\s+(?:is|was|'s|were)\s+"
    r"(?:off|away|on\s+holiday|on\s+leave))\b")


def temporary_absence(message: str) -> bool:
    """The message says the holder is only away for a while or covered: whoever stands in succeeds no one."""
    return bool(_TEMPORARY.search(message))
