"""Input: the safe expression parser, models, and claim files."""
