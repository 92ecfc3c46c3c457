#!/usr/bin/env python3
"""Validates JSON v1 documents against docs/reference/json-v1.schema.json with Python's jsonschema.

usage: scripts/check-json-schema.py FOLDER_OR_FILE...

Each file holds one JSON document per line (what CheckedIO keeps under $TAPCARD_JSON_SAMPLES while
the CLI tests run). Prints how many documents, of how many distinct key sets, were checked, and
every document the schema refuses (first 20), then exits 1 if any was refused. First, every line of
Tests/Fixtures/json-schema/refused.jsonl (a camelCase key, uppercase hex, a missing version, a
sentence as a kind, a local time, an unknown enum value…) must be refused: a schema that accepts
them checks nothing.
"""
import json
import os
import sys

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
schema = json.load(open(os.path.join(ROOT, "docs", "reference", "json-v1.schema.json")))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

controls = os.path.join(ROOT, "Tests", "Fixtures", "json-schema", "refused.jsonl")
accepted = [line.strip() for line in open(controls, encoding="utf-8") if line.strip() and validator.is_valid(json.loads(line))]
if accepted:
    print("json schema: these documents, which break JSON v1, were accepted:")
    for line in accepted:
        print("  " + line)
    sys.exit(1)

paths = []
for argument in sys.argv[1:]:
    if os.path.isdir(argument):
        paths += [os.path.join(argument, name) for name in sorted(os.listdir(argument))]
    else:
        paths.append(argument)

checked, refused, shapes = 0, [], set()
for path in paths:
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            if not line:
                continue
            document = json.loads(line)
            checked += 1
            shapes.add(tuple(sorted(document)) if isinstance(document, dict) else ("?",))
            errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
            if errors:
                where = "/".join(str(p) for p in errors[0].absolute_path)
                refused.append(f"{errors[0].message} at /{where}: {line[:240]}")

print(f"json schema: {checked} documents of {len(shapes)} shapes checked against docs/reference/json-v1.schema.json, {len(refused)} refused")
for message in refused[:20]:
    print("  " + message)
sys.exit(1 if refused or checked == 0 else 0)
