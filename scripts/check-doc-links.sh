#!/usr/bin/env bash
# Every relative link in README.md and docs/ must resolve: to an existing file, and for `#anchor`
# to a heading of that file (GitHub's anchor rule: lowercase, punctuation dropped, spaces to
# hyphens, -1, -2 … for repeats). Checks Markdown links [text](target), reference definitions
# [label]: target, and <img src> / <a href>; skips fenced code, inline code and absolute URLs.
# Usage: scripts/check-doc-links.sh [FILE.md …]   (default: README.md and every .md under docs/)
# Exit status: 0 all resolve, 1 a link is broken (each printed as FILE:LINE: target: why).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$#" -eq 0 ]; then
    set -- README.md $(find docs -name '*.md' | sort)
fi
exec python3 - "$@" <<'PYTHON'
import os, re, sys, unicodedata

FENCE = re.compile(r'^\s{0,3}(`{3,}[^`]*|~{3,}.*)$')  # CommonMark: no backtick after a ``` fence
HEADING = re.compile(r'^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$')
INLINE_LINK = re.compile(r'!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)')
REFERENCE = re.compile(r'^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$')
HTML = re.compile(r'<(?:img|a)\b[^>]*?\b(?:src|href)\s*=\s*"([^"]*)"', re.IGNORECASE)
CODE_SPAN = re.compile(r'(`+)(.+?)\1')

def slug(text):
    text = CODE_SPAN.sub(lambda m: m.group(2), text)
    text = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', text)  # a link in a heading keeps its text
    text = re.sub(r'<[^>]+>', '', text).strip().lower()
    kept = []
    for ch in text:
        if ch in ' -_' or unicodedata.category(ch)[0] in 'LNM':
            kept.append(ch)
    return ''.join(kept).replace(' ', '-')

anchor_cache = {}
def anchors(path):
    if path not in anchor_cache:
        seen, result, fenced = {}, set(), False
        with open(path, encoding='utf-8') as f:
            for line in f:
                if FENCE.match(line):
                    fenced = not fenced
                    continue
                m = None if fenced else HEADING.match(line)
                if not m:
                    continue
                base = slug(m.group(2))
                n = seen.get(base, 0)
                seen[base] = n + 1
                result.add(base if n == 0 else f'{base}-{n}')
        for m in re.finditer(r'<a\s+(?:name|id)="([^"]+)"', open(path, encoding='utf-8').read()):
            result.add(m.group(1))
        anchor_cache[path] = result
    return anchor_cache[path]

def targets(path):
    fenced = False
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            if FENCE.match(line):
                fenced = not fenced
                continue
            if fenced:
                continue
            text = CODE_SPAN.sub('', line)
            found = [m.group(1) for m in INLINE_LINK.finditer(text)]
            found += [m.group(1) for m in HTML.finditer(text)]
            m = REFERENCE.match(text)
            if m:
                found.append(m.group(1))
            for target in found:
                yield number, target

broken = checked = 0
for source in sys.argv[1:]:
    for number, target in targets(source):
        if not target or re.match(r'^[a-z][a-z0-9+.-]*:', target, re.IGNORECASE):
            continue  # absolute URL (https:, mailto: …)
        checked += 1
        file_part, _, anchor = target.partition('#')
        resolved = source if not file_part else os.path.normpath(
            os.path.join(os.path.dirname(source), file_part))
        why = None
        if not os.path.exists(resolved):
            why = f'{resolved} does not exist'
        elif anchor:
            if os.path.isdir(resolved) or not resolved.endswith('.md'):
                why = f'an anchor into {resolved}, which is not a Markdown file'
            elif anchor not in anchors(resolved):
                why = f'{resolved} has no heading with the anchor #{anchor}'
        if why:
            broken += 1
            print(f'{source}:{number}: {target}: {why}', flush=True)
print(f'check-doc-links: {checked} relative links in {len(sys.argv) - 1} files, {broken} broken',
      file=sys.stderr)
sys.exit(1 if broken else 0)
PYTHON
