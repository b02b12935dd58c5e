"""Hand evaluator and move advisor for the pairing card games Chắn and Khanhoo."""

__version__ = "0.1.0"
