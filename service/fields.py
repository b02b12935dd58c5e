"""The JSON field types of the service's request schemas: those the endpoints made from
a game's declarations (:mod:`service.generated`) build from each
:class:`~advisor.games.faces.Field`'s kind, and that the games' own schemas use too
(defined with those schemas' other building blocks in :mod:`advisor.games.endpoints`).

Each checks a JSON type only (the library checks the values and names the field);
``json_schema`` is how the OpenAPI document describes it (:mod:`service.openapi`).
"""

from __future__ import annotations

from advisor.games.endpoints import Cards, Flags, Numbers, StrictBoolean, StrictInteger

__all__ = ["Cards", "Flags", "Numbers", "StrictBoolean", "StrictInteger"]
