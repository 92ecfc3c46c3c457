#!/usr/bin/env python3
"""Validates JSON v1 documents against docs/reference/json-v1.schema.json with Python's jsonschema.

usage: scripts/check-json-schema.py [--binary TAPCARD] FOLDER_OR_FILE...

Each file holds one JSON document per line (what CheckedIO keeps under $TAPCARD_JSON_SAMPLES while
the CLI tests run). Prints how many documents, of how many distinct key sets, were checked, and
every document the schema refuses (first 20), then exits 1 if any was refused. First, every line of
Tests/Fixtures/json-schema/refused.jsonl (a camelCase key, uppercase hex, a missing version, a
sentence as a kind, a local time, an unknown enum value…) must be refused: a schema that accepts
them checks nothing.
"""
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

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

ULTRALIGHT_C_KEY = "49454d4b41455242214e4143554f5946"  # the factory 3DES key, "IEMKAERB!NACUOYF"
VERBS = {
    # verb: (arguments after the tag file, models' protect arguments where they differ)
    "read": ["read"],
    "info": ["info"],
    "write": ["write", "uri", "https://example.com/matrix"],
    "erase": ["erase"],
    "format": ["format"],
    "lock": ["lock", "--yes-lock-permanently"],
    "protect": ["protect", "--password", "1a2b3c4d"],
    "unprotect": ["unprotect", "--password", "1a2b3c4d"],
    "ntag424 info": ["ntag424", "info"],
    "ntag424 keys": ["ntag424", "keys", "--yes-change-keys", "--master-key", "000102030405060708090a0b0c0d0e0f"],
    "ntag424 sdm setup": ["ntag424", "sdm", "setup", "--url-template", "https://example.com/t?e={picc}&c={mac}"],
    "focus pair": ["focus", "pair"],
    "sim show": ["sim", "show"],
    # The source is one NTAG215 holding a URI record, made once (COPY_SOURCE below).
    "copy": ["copy", "COPY_SOURCE"],
}
# Commands that take --tag but are not run per model, and why; any other command whose --help
# names --tag and is not in VERBS fails the check (a new tag verb joins the matrix).
NOT_PER_MODEL = {
    "demo": "always writes the default virtual NTAG213",
    "emulate": "serves a virtual tag to pcscd and prints no document",
}
KEY_GUARDED = {"ultralight-c": ULTRALIGHT_C_KEY, "ultralight-aes": "00000000000000000000000000000000"}


def matrix_documents(binary):
    """Runs every verb on every model; returns (documents as (pair, line), pairs without one, models)."""
    root = tempfile.mkdtemp(prefix="tapcard-json-matrix-")
    missing = []
    environment = dict(os.environ, TAPCARD_HOME=os.path.join(root, "home"), NO_COLOR="1")
    os.mkdir(environment["TAPCARD_HOME"])

    copy_source = os.path.join(root, "copy-source.tag")
    subprocess.run([binary, "sim", "new", "ntag215", copy_source], check=True, capture_output=True, env=environment)
    subprocess.run([binary, "write", "uri", "https://example.com/copied", "--tag", copy_source], check=True,
                   capture_output=True, env=environment)

    def run_model(model):
        documents, missing = [], []
        factory = os.path.join(root, model + ".tag")
        subprocess.run([binary, "sim", "new", model, factory], check=True, capture_output=True, env=environment)
        for verb, arguments in VERBS.items():
            tag = os.path.join(root, f"{model}.{verb.replace(' ', '-')}.tag")
            shutil.copyfile(factory, tag)
            arguments = [copy_source if argument == "COPY_SOURCE" else argument for argument in arguments]
            key = KEY_GUARDED.get(model)
            if key and verb in ("protect", "unprotect"):
                arguments = [verb, "--auth-key", key]
            if verb == "unprotect":
                protect = ["protect", "--auth-key", key] if key else VERBS["protect"]
                subprocess.run([binary] + protect + ["--tag", tag], capture_output=True, env=environment)
            if verb == "sim show":
                command = [binary] + arguments + [tag, "--json"]
            else:
                command = [binary] + arguments + ["--tag", tag, "--json"]
            output = subprocess.run(command, capture_output=True, text=True, env=environment).stdout
            lines = [line for line in output.splitlines() if line.strip().startswith("{")]
            # A usage error says the matrix's command line is wrong, not what the verb does here.
            usage = [line for line in lines if '"kind":"usage_error"' in line]
            if not lines or usage:
                why = "a usage error" if usage else "no JSON document"
                missing.append(f"{model} x {verb}: {why} ({' '.join(command[1:])})")
            documents += [(f"{model} x {verb}", line) for line in lines]
        return documents, missing

    try:
        for command in commands_taking_tag(binary, environment):
            if command not in {verb.split()[0] for verb in VERBS} and command not in NOT_PER_MODEL:
                missing.append(f"{command}: takes --tag but is neither in the matrix (VERBS) nor in NOT_PER_MODEL")
        models = models_of_help(binary, environment)
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(run_model, models))
        documents = [document for found, _ in results for document in found]
        missing += [pair for _, absent in results for pair in absent]
        return documents, missing, models
    finally:
        shutil.rmtree(root, ignore_errors=True)


def commands_taking_tag(binary, environment):
    """The commands `tapcard --help` lists whose own --help names --tag."""
    listing = subprocess.run([binary, "--help"], capture_output=True, text=True, env=environment).stdout
    commands = re.findall(r"^  ([a-z0-9]+)  ", listing.split("Commands:")[1].split("\n\n")[0], re.M)
    return [command for command in commands
            if "--tag" in subprocess.run([binary, command, "--help"], capture_output=True, text=True, env=environment).stdout]


def models_of_help(binary, environment):
    """The models `tapcard sim new --help` lists on its `MODEL:` line."""
    help_text = subprocess.run([binary, "sim", "new", "--help"], capture_output=True, text=True, env=environment).stdout
    line = next((line for line in help_text.splitlines() if line.startswith("MODEL:")), "")
    return [model.strip() for model in line[len("MODEL:"):].split(",") if model.strip()]


arguments = sys.argv[1:]
binary = None
if "--binary" in arguments:
    at = arguments.index("--binary")
    binary = os.path.abspath(arguments[at + 1])
    del arguments[at:at + 2]

paths = []
for argument in arguments:
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

matrix_missing, matrix_models = [], []
if binary:
    matrix, matrix_missing, matrix_models = matrix_documents(binary)
    for pair, line in matrix:
        document = json.loads(line)
        checked += 1
        shapes.add(tuple(sorted(document)) if isinstance(document, dict) else ("?",))
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
        if errors:
            where = "/".join(str(p) for p in errors[0].absolute_path)
            refused.append(f"{pair}: {errors[0].message} at /{where}: {line[:240]}")
    covered = len(matrix_models) * len(VERBS) - len([line for line in matrix_missing if " x " in line.split(":")[0]])
    print(f"json schema: model x verb matrix: {len(matrix_models)} models x {len(VERBS)} verbs, "
          f"{covered} pairs with a document, {len(matrix_missing)} without")
    for line in matrix_missing:
        print("  " + line)
    if not matrix_models:
        print("  `tapcard sim new --help` named no model")
        matrix_missing.append("no models")

print(f"json schema: {checked} documents of {len(shapes)} shapes checked against docs/reference/json-v1.schema.json, {len(refused)} refused")
for message in refused[:20]:
    print("  " + message)
sys.exit(1 if refused or matrix_missing or checked == 0 else 0)
