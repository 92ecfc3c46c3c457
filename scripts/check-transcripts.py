#!/usr/bin/env python3
"""Runs every shell transcript in README.md and docs/ against the built binary and fails where the
page and the binary disagree, figures included: docs that cannot drift.

usage: scripts/check-transcripts.py [TAPCARD_BINARY] [--page PATH]... [--update]
       (default .build/debug/tapcard; --update writes what the binary printed into the pages for
       every differing command without an elision, for a person to review with git diff)

The convention (docs/development/testing.md, "Transcripts"):

- Every fenced block has a language tag. A shell session, lines starting with `$ ` followed by what
  the commands print, is tagged `console` and is run. A session that cannot run here says so and
  why in its info string, ```console not-run: REASON``` (a PC/SC reader, the test suite's own
  output, a benchmark's measured times), and is counted as excluded. Any other tag (`sh` for
  commands to type, `swift`, `json`, `text` for a file or an output fragment) is not a session and
  may not hold a `$ ` line. An untagged block fails the check: each exclusion is deliberate.
- A page's `console` blocks run in order in one bash process, in a fresh working directory with a
  fresh data directory (`TAPCARD_HOME`), so a later block builds on an earlier one; `tapcard` is
  the binary given, and `Tests` links to the repository's, so a page names a fixture by its path. A command runs to the next `$ ` line; a line ending in `\\` continues it.
- `(exit status N)` as the last line of a command's output is its exit status; a
  command without one must exit 0. Standard error is merged into standard output, as a terminal
  shows them.
- `$ cat FILE` with output, where FILE does not exist yet, is how a page shows a file it uses:
  the check writes FILE with that output first (a CSV sheet, a script).
- Determinism: each command runs at its own instant of the test clock (a debug build's
  TAPCARD_TEST_NOW, 2026-12-01 12:00:00 UTC plus one second per command, with a matching
  TAPCARD_TEST_MONOTONIC), an emulated NTAG 424 DNA pads PICCData with fixed bytes (a debug
  build's TAPCARD_TEST_SDM_PADDING) instead of random ones, virtual tags are made with `--uid`,
  and the data directory's and the working directory's paths are printed as `$TAPCARD_HOME` and
  `$PWD`.
- An elision `[…]` marks what cannot be made deterministic (a value made from random keys): a
  line holding only `[…]` stands for any number of lines, `[…]` inside a line for any text. The
  count is printed; output is never cut for length with it (pipe it through grep or head).

Every JSON v1 document a transcript shows (a line that is an object with schema_version) is also
validated against docs/reference/json-v1.schema.json, so the documents the pages show and the
schema cannot disagree either.

Every environment variable a page names (`TAPCARD_…`) must be read somewhere in the code, the
tests or the scripts: a page cannot send a user to a variable nothing reads.

Prints the number of transcripts and commands run, blocks excluded (by tag, and each not-run
reason), elisions, and a diff for each command whose output differs; exits 1 if any differs.
"""
import difflib
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLOCK_START = 1796126400  # 2026-12-01 12:00:00 UTC
ELISION = "[…]"
# The elisions the pages may hold, all of them URLs made with keys `focus pair` draws at random;
# another one is a deliberate change here, not a quiet edit of a page.
MAX_ELISIONS = 2
SDM_PADDING = "a55aa55aa55aa55aa55aa55aa55aa55a"  # an NTAG 424 DNA's PICCData padding (a debug build's hook)
MARK = "@@tapcard-transcript@@"
NOT_TRANSCRIPT_TAGS = {"sh", "swift", "json", "text"}


def pages():
    return [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True))


def fenced_blocks(path):
    """(first line number, info string, body lines) of each fenced block (backtick fences)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    blocks, index = [], 0
    while index < len(lines):
        opening = re.match(r"^ {0,3}(`{3,})([^`]*)$", lines[index])
        if not opening:
            index += 1
            continue
        fence, info = opening.group(1), opening.group(2).strip()
        end = index + 1
        while end < len(lines) and not re.match(r"^ {0,3}" + fence + r"`*\s*$", lines[end]):
            end += 1
        blocks.append((index + 1, info, lines[index + 1:end]))
        index = end + 1
    return blocks


class Command:
    def __init__(self, page, line, text):
        self.page, self.line, self.text, self.output = page, line, text, []
        self.output_start = line  # 0-based index of the first output line in the page



def parse_transcript(page, first_line, body):
    commands, continuing = [], False
    for offset, line in enumerate(body):
        if continuing:
            commands[-1].text += "\n" + line
            commands[-1].output_start += 1
            continuing = line.endswith("\\")
        elif line.startswith("$ "):
            commands.append(Command(page, first_line + 1 + offset, line[2:]))
            continuing = line.endswith("\\")
        elif commands:
            commands[-1].output.append(line)
        elif line.strip():
            raise SystemExit(f"{page}:{first_line + 1 + offset}: a console block must start with a `$ ` command line")
    return commands


def expected_status(output):
    """The output lines without trailing blank lines or the exit status line, and the status."""
    lines = list(output)
    while lines and not lines[-1].strip():
        lines.pop()
    status = 0
    if lines:
        match = re.fullmatch(r"\(exit status (\d+)\)", lines[-1])
        if match:
            status = int(match.group(1))
            lines.pop()
            while lines and not lines[-1].strip():
                lines.pop()
    return lines, status


def matches(expected, actual):
    """Whether the actual lines match the expected ones, `[…]` lines and `[…]` in a line elided."""
    def line_pattern(line):
        return re.compile("".join(".*?" if part == ELISION else re.escape(part)
                                  for part in re.split("(" + re.escape(ELISION) + ")", line)) + r"\Z", re.S)

    patterns = [None if line.strip() == ELISION else line_pattern(line) for line in expected]
    memo = {}

    def walk(e, a):
        key = (e, a)
        if key in memo:
            return memo[key]
        if e == len(patterns):
            result = a == len(actual)
        elif patterns[e] is None:
            result = any(walk(e + 1, k) for k in range(a, len(actual) + 1))
        else:
            result = a < len(actual) and bool(patterns[e].match(actual[a])) and walk(e + 1, a + 1)
        memo[key] = result
        return result

    return walk(0, 0)


def run_page(page, commands, binary):
    """Runs the page's commands in one bash process; returns [(actual lines, status)] per command."""
    root = tempfile.mkdtemp(prefix="tapcard-transcripts-")
    try:
        work, home, tools = (os.path.join(root, name) for name in ("work", "home", "bin"))
        for folder in (work, home, tools):
            os.mkdir(folder)
        os.symlink(binary, os.path.join(tools, "tapcard"))
        # The fixtures a page names by their repository path (Tests/Fixtures/...), read-only use.
        os.symlink(os.path.join(ROOT, "Tests"), os.path.join(work, "Tests"))
        script = ["exec 2>&1"]
        for number, command in enumerate(commands):
            shown = re.fullmatch(r"cat (\S+)", command.text.strip())
            if shown and command.output:
                content, _ = expected_status(command.output)
                script.append(f"[ -e {shown.group(1)} ] || cat > {shown.group(1)} <<'{MARK}'\n" + "\n".join(content) + f"\n{MARK}")
            script.append(f"export TAPCARD_TEST_NOW={CLOCK_START + number} TAPCARD_TEST_MONOTONIC=docs-boot:{1000 + number}")
            script.append(command.text)
            script.append(f"printf '\\n{MARK} %d\\n' \"$?\"")
        environment = {
            "PATH": tools + os.pathsep + os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": home, "TAPCARD_HOME": home, "NO_COLOR": "1", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "TZ": "UTC", "TAPCARD_TEST_SDM_PADDING": SDM_PADDING,
        }
        process = subprocess.run(["bash", "-c", "\n".join(script)], cwd=work, env=environment,
                                 stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, timeout=120)
        text = process.stdout.decode("utf-8", errors="replace")
        text = text.replace(home, "$TAPCARD_HOME").replace(work, "$PWD")
        results, current = [], []
        for line in text.split("\n"):
            mark = re.fullmatch(re.escape(MARK) + r" (\d+)", line)
            if mark:
                while current and not current[-1].strip():
                    current.pop()
                results.append((current, int(mark.group(1))))
                current = []
            else:
                current.append(line)
        while len(results) < len(commands):
            results.append((["(the page's shell stopped before this command)"], -1))
        return results
    finally:
        subprocess.run(["chmod", "-R", "u+w", root], check=False)
        shutil.rmtree(root, ignore_errors=True)


def unread_variables(selected):
    """(page, line, name) of each TAPCARD_ variable a page names that no code, test or script reads."""
    code = []
    for folder in ("Sources", "Tests", "Fuzz", "App", "AppExtensions", "scripts", ".ci"):
        for path in glob.glob(os.path.join(ROOT, folder, "**", "*"), recursive=True):
            if os.path.isfile(path) and path.endswith((".swift", ".py", ".sh", ".c", ".h", "run")):
                code.append(open(path, encoding="utf-8", errors="replace").read())
    code.append(open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read())
    known = set(re.findall(r"TAPCARD_[A-Z0-9_]+", "\n".join(code)))
    unread = []
    for page in selected:
        for number, text in enumerate(open(page, encoding="utf-8").read().split("\n"), 1):
            for name in re.findall(r"TAPCARD_[A-Z0-9_]+", text):
                if name not in known:
                    unread.append((os.path.relpath(page, ROOT), number, name))
    return unread


def main():
    arguments = sys.argv[1:]
    only = []
    while "--page" in arguments:
        at = arguments.index("--page")
        only.append(os.path.abspath(arguments[at + 1]))
        del arguments[at:at + 2]
    update = "--update" in arguments
    if update:
        arguments.remove("--update")
    binary = os.path.abspath(arguments[0] if arguments else os.path.join(ROOT, ".build", "debug", "tapcard"))
    problems, excluded, not_run, failures = [], {}, [], []
    transcripts = commands_run = elisions = documents = 0
    import jsonschema
    validator = jsonschema.Draft202012Validator(
        json.load(open(os.path.join(ROOT, "docs", "reference", "json-v1.schema.json"), encoding="utf-8")))
    for page in pages():
        if only and page not in only:
            continue
        relative = os.path.relpath(page, ROOT)
        commands = []
        for line, info, body in fenced_blocks(page):
            tag = info.split()[0] if info else ""
            has_prompt = any(text.startswith("$ ") for text in body)
            if tag == "console":
                reason = re.match(r"console\s+not-run:\s*(.+)", info)
                if reason:
                    not_run.append(f"{relative}:{line}: {reason.group(1)}")
                    continue
                if info != "console":
                    problems.append(f"{relative}:{line}: info string '{info}': write `console` or `console not-run: REASON`")
                    continue
                transcripts += 1
                block = parse_transcript(relative, line, body)
                if not block:
                    problems.append(f"{relative}:{line}: a console block without a `$ ` command")
                commands += block
                elisions += sum(text.count(ELISION) for text in body)
            elif tag in NOT_TRANSCRIPT_TAGS:
                if has_prompt:
                    problems.append(f"{relative}:{line}: a `{tag}` block holds `$ ` lines: a shell session is tagged `console`")
                excluded[tag] = excluded.get(tag, 0) + 1
            else:
                problems.append(f"{relative}:{line}: a fenced block tagged '{info}': tag it console (a session run "
                                f"by this check) or one of {', '.join(sorted(NOT_TRANSCRIPT_TAGS))} (not a session)")
        if not commands:
            continue
        edits = []
        for command, (actual, status) in zip(commands, run_page(page, commands, binary)):
            commands_run += 1
            expected, expected_exit = expected_status(command.output)
            for line in expected:
                if not line.startswith("{") or ELISION in line:
                    continue
                try:
                    document = json.loads(line)
                except ValueError:
                    continue
                if isinstance(document, dict) and "schema_version" in document:
                    documents += 1
                    error = next(iter(sorted(validator.iter_errors(document), key=lambda e: list(e.path))), None)
                    if error:
                        where = "/".join(str(p) for p in error.absolute_path)
                        problems.append(f"{command.page}:{command.line}: the JSON document it shows breaks the "
                                        f"schema: {error.message} at /{where}")
            if status == expected_exit and matches(expected, actual):
                continue
            if update and not any(ELISION in line for line in command.output):
                blank = 0
                while blank < len(command.output) and not command.output[-1 - blank].strip():
                    blank += 1
                explicit = any(re.fullmatch(r"\(exit status \d+\)", line) for line in command.output)
                new = list(actual) + ([f"(exit status {status})"] if status != 0 or explicit else []) + [""] * blank
                edits.append((command.output_start, len(command.output), new))
            diff = "\n".join(difflib.unified_diff(expected, actual, "page", "binary", lineterm="", n=1))
            failures.append(f"{command.page}:{command.line}: $ {command.text}\n"
                            f"  exit status: page {expected_exit}, binary {status}\n{diff}")
        if edits:
            lines = open(page, encoding="utf-8").read().split("\n")
            for start, length, new in sorted(edits, reverse=True):
                lines[start:start + length] = new
            with open(page, "w", encoding="utf-8") as handle:
                handle.write("\n".join(lines))
    for relative, number, name in unread_variables([p for p in pages() if not only or p in only]):
        problems.append(f"{relative}:{number}: names the environment variable {name}, which nothing in the code reads")
    if elisions > MAX_ELISIONS:
        problems.append(f"{elisions} elisions ([…]), more than the {MAX_ELISIONS} this check allows: make the output "
                        "deterministic, or cut it with grep or head")
    blocks_excluded = sum(excluded.values()) + len(not_run)
    kinds = [f"{count} {tag}" for tag, count in sorted(excluded.items())] + [f"{len(not_run)} console not-run"]
    print(f"transcripts: {transcripts} transcripts ({commands_run} commands) run against {os.path.relpath(binary, ROOT)}, "
          f"{len(failures)} commands differ; {documents} JSON documents shown checked against the schema; {elisions} elisions; {blocks_excluded} blocks excluded "
          f"({', '.join(kinds)})")
    for line in not_run:
        print("  not run: " + line)
    for problem in problems:
        print("  " + problem)
    for failure in failures:
        print(failure)
    sys.exit(1 if failures or problems or transcripts == 0 else 0)


if __name__ == "__main__":
    main()
