"""Schemathesis hooks for Tests/e2e/openapi.sh (loaded through SCHEMATHESIS_HOOKS).

OpenAPI cannot say that one query parameter constrains another: with `dialpad=1` (or `true`) the
server reads `q` as keys typed on a phone keypad and refuses with 400 a `q` no keypad can type
(letters, for instance). Left alone, schemathesis would send such pairs as schema-valid requests
and flag the 400. So a generated query that turns the dial pad on keeps only the ASCII digits of
its `q` (possibly none: an empty query is fine). A `q` past the 256 code points the schema allows
is left as it is, so that negative cases stay negative. A `minVersion` of digits becomes 0 (see
below). The Swift tests
(Tests/ThumbIndexServerTests/PeopleAPITests.swift) hold the 400s themselves.
"""

import schemathesis


@schemathesis.hook
def map_query(ctx, query):
    if not isinstance(query, dict):
        return query
    if str(query.get("dialpad")) in ("1", "true") and isinstance(query.get("q"), str) and len(query["q"]) <= 256:
        query["q"] = "".join(c for c in query["q"] if "0" <= c <= "9")
    # A minVersion the store has not reached waits --catch-up-timeout and answers 503 (the Swift
    # ReplicaTests hold that); a version of digits becomes 0, which every server has applied, so
    # that the requests exercise the rest. Other values (negative cases) stay as they are.
    if isinstance(query.get("minVersion"), str) and query["minVersion"].isdigit():
        query["minVersion"] = "0"
    return query
