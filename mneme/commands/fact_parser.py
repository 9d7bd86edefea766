"""Which dependency parser the CLI's fact pass uses: spaCy's, unless ``--no-parser`` or ``MNEME_NO_PARSER=1``.

The pipeline loads on the first message the pass parses (about 3 s, once per process), never at import.
"""
from __future__ import annotations


def add_parser_option(parser) -> None:
    parser.add_argument("--no-parser", action="store_true",
                        help="fact pass by rules only, without the dependency parse (also MNEME_NO_PARSER=1)")


def fact_parser(args=None):
    """The shared parser, or None (turned off, or spaCy not installed: the rules alone, as before)."""
    if args is not None and getattr(args, "no_parser", False):
        return None
    from models.dependency_parser import shared_parser

    return shared_parser()
