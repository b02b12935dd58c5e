"""Qing Kanhu's declarations for the web service (:mod:`advisor.games.endpoints`): its
endpoints are made from its verbs alone; it declares the cost of its cheap verbs."""

from __future__ import annotations

from advisor.games.endpoints import Endpoints

ENDPOINTS = Endpoints(costs_ms={"score": 10.0, "analyze": 50.0})
"""Qing Kanhu's declarations (its spec's ``endpoints``): the CPU time of one object of each
verb that is not an advice, at worst (random hands on the reference machine,
docs/benchmarks.md)."""

__all__ = ["ENDPOINTS"]
