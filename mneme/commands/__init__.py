"""One module per group of subcommands; each exposes ``register(subparsers, common)``."""
