#!/usr/bin/env python3
"""The card page in a real browser (issue 18): headless Chromium renders a site written by
`tapcard page` at phone size, and this script checks what it rendered.

usage: page-browser-check.py SITE_DIR EXPECTED.json ARTIFACT_DIR

EXPECTED.json: {"name": …, "fields": [text…], "hostile": [text…], "base_url": … or null}.
Checks, each failing the run:
  1. the rendered DOM (--dump-dom) holds the name, every field as text, and the
     "Add to contacts" link to contact.vcf;
  2. hostile values render as text: they appear escaped in the serialized DOM, and the DOM has no
     <script>, <img>, <iframe>, <link>, <object>, <embed>, no on* attribute and no javascript: URL;
  3. no request leaves the page's folder: Chromium's own network log (--log-net-log) holds no
     request made for the page (a request whose network isolation key is the file:// site); the
     browser's background requests (updates, accounts) have other keys and are not the page's.
     Links (tel:, mailto:, the contact's URLs) are not requests. --host-resolver-rules maps every
     host to NOTFOUND, so nothing reaches a network either way;
  4. the QR code in the page decodes (zxing-cpp, from the SVG's modules) to the base URL;
  5. a phone-size screenshot (390 × 844) is written to ARTIFACT_DIR/page.png and is a PNG.
"""
import html.parser, json, os, re, subprocess, sys, tempfile

CHROMIUM = os.environ.get("CHROMIUM", "chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-default-apps", "--disable-extensions",
         "--hide-scrollbars", "--host-resolver-rules=MAP * ~NOTFOUND", "--window-size=390,844"]


def chromium(args, profile):
    result = subprocess.run([CHROMIUM] + FLAGS + ["--user-data-dir=" + profile] + args,
                            capture_output=True, timeout=120)
    if result.returncode != 0:
        sys.exit("chromium exited %d: %s" % (result.returncode, result.stderr.decode(errors="replace")[-2000:]))
    return result.stdout.decode("utf-8")


class Elements(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.attributes, self.text = [], [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attributes.extend((tag, name, value or "") for name, value in attrs)

    def handle_data(self, data):
        self.text.append(data)


def page_requests(netlog_path):
    with open(netlog_path, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    # Chromium may leave the log unterminated when it exits; close it.
    try:
        log = json.loads(text)
    except json.JSONDecodeError:
        log = json.loads(text.rstrip().rstrip(",") + "]}")
    found = []
    for event in log.get("events", []):
        params = event.get("params") or {}
        if "url" in params and str(params.get("network_isolation_key", "")).startswith("file://"):
            found.append(params["url"])
    return sorted(set(found))


def decode_qr(svg):
    import zxingcpp
    side = int(re.search(r'viewBox="0 0 (\d+) (\d+)"', svg).group(1))
    path = re.search(r'<path[^>]* d="([^"]*)"', svg).group(1)
    scale = 4
    width = side * scale
    pixels = bytearray(b"\xff" * (width * width))
    for x, y, run in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\d+z", path):
        for row in range(int(y) * scale, (int(y) + 1) * scale):
            start = row * width + int(x) * scale
            pixels[start:start + int(run) * scale] = b"\x00" * (int(run) * scale)
    found = zxingcpp.read_barcode(memoryview(bytes(pixels)).cast("B", (width, width)),
                                  formats=zxingcpp.BarcodeFormat.QRCode)
    return found.bytes.decode("utf-8") if found else None


def main():
    site, expected_path, artifacts = sys.argv[1], sys.argv[2], sys.argv[3]
    with open(expected_path, encoding="utf-8") as handle:
        expected = json.load(handle)
    url = "file://" + os.path.abspath(os.path.join(site, "index.html"))
    failures = []
    with tempfile.TemporaryDirectory() as work:
        netlog = os.path.join(work, "net.json")
        dom = chromium(["--log-net-log=" + netlog, "--dump-dom", url], os.path.join(work, "a"))
        requests = page_requests(netlog)
        os.makedirs(artifacts, exist_ok=True)
        shot = os.path.join(artifacts, "page.png")
        chromium(["--screenshot=" + shot, url], os.path.join(work, "b"))
    parsed = Elements()
    parsed.feed(dom)
    text = "".join(parsed.text)
    if expected["name"] not in text:
        failures.append("the name %r is not in the rendered text" % expected["name"])
    for field in expected["fields"]:
        if field not in text:
            failures.append("the field %r is not in the rendered text" % field)
    if not any(tag == "a" and name == "href" and value == "contact.vcf" for tag, name, value in parsed.attributes):
        failures.append("no link to contact.vcf")
    if "Add to contacts" not in text:
        failures.append("no 'Add to contacts' text")
    for value in expected.get("hostile", []):
        if value not in text:
            failures.append("the hostile value %r does not render as text" % value)
    for tag in ("script", "img", "iframe", "link", "object", "embed"):
        if tag in parsed.tags:
            failures.append("the DOM has a <%s> element" % tag)
    for tag, name, value in parsed.attributes:
        if name.startswith("on"):
            failures.append("<%s> has an event handler attribute %s" % (tag, name))
        if name in ("href", "src") and value.strip().lower().startswith("javascript:"):
            failures.append("<%s %s=%r> is a javascript: URL" % (tag, name, value))
    if requests:
        failures.append("the page made requests: %s" % ", ".join(requests))
    if expected.get("base_url"):
        svg = re.search(r"<svg[^>]*>.*?</svg>", dom, re.S)
        decoded = decode_qr(svg.group(0)) if svg else None
        if decoded != expected["base_url"]:
            failures.append("the QR code decodes to %r, not %r" % (decoded, expected["base_url"]))
    with open(shot, "rb") as handle:
        if handle.read(8) != b"\x89PNG\r\n\x1a\n":
            failures.append("the screenshot is not a PNG")
    for failure in failures:
        print("FAIL: " + failure)
    if failures:
        sys.exit(1)
    print("ok: %d fields, %d hostile values, no request from the page, screenshot %s (%d bytes)"
          % (len(expected["fields"]), len(expected.get("hostile", [])), shot, os.path.getsize(shot)))


main()
