#!/usr/bin/env python3
"""A local HTTP server for the remote-image tests, on 127.0.0.1 only.

Usage: image-server.py IMAGE.png LOGFILE [FIXTURES]. Binds 127.0.0.1 on a free port, prints the port on
standard output, then serves until killed. Each request is appended to LOGFILE as
"METHOD PATH STATUS" (one line, written before the response), so a test can count them.

  /image.png       the PNG, with ETag "v1"; If-None-Match "v1" gives 304
  /badge.svg       a small SVG badge
  /slow.png?s=N    the PNG after N seconds (default 3)
  /loop            a redirect to itself
  /redirect?to=URL a redirect to URL
  /big             50 MB, with its Content-Length
  /big-stream      50 MB without a length (the connection closes at the end)
  /text.png        an HTML page sent as image/png
  /mirror/HOST/PATH  a stand-in for the image at https://HOST/PATH, chosen by PATH's extension
                   (.svg and shields.io's badges: an SVG badge; .jpg, .jpeg: FIXTURES/landscape.jpg;
                   .gif: FIXTURES/ring.gif; else the PNG), sent as application/octet-stream (Quire
                   knows images by content) with an ETag; a batch of real READMEs whose image
                   URLs are rewritten to it runs against a local mirror (scripts/readme-mirror-batch.sh)
  anything else    404
"""
import http.server
import os
import sys
import threading
import time
import urllib.parse
import zlib

IMAGE = open(sys.argv[1], "rb").read()
LOG = sys.argv[2]
FIXTURES = sys.argv[3] if len(sys.argv) > 3 else os.path.dirname(os.path.abspath(sys.argv[1]))
LOCK = threading.Lock()
BADGE = (b'<svg xmlns="http://www.w3.org/2000/svg" width="90" height="20"><rect width="90" height="20" fill="#4c1"/>'
         b'<text x="45" y="14" font-size="11" text-anchor="middle" fill="#fff">remote</text></svg>')


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def record(self, status):
        with LOCK, open(LOG, "a") as log:
            log.write(f"{self.command} {self.path} {status}\n")

    def send(self, status, body=b"", kind="image/png", headers=()):
        self.record(status)
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        if url.path == "/image.png":
            if self.headers.get("If-None-Match") == '"v1"':
                return self.send(304, headers=[("ETag", '"v1"')])
            return self.send(200, IMAGE, headers=[("ETag", '"v1"')])
        if url.path == "/badge.svg":
            return self.send(200, BADGE, "image/svg+xml")
        if url.path == "/slow.png":
            time.sleep(float(query.get("s", ["3"])[0]))
            return self.send(200, IMAGE)
        if url.path == "/loop":
            return self.send(302, headers=[("Location", "/loop")])
        if url.path == "/redirect":
            return self.send(302, headers=[("Location", query["to"][0])])
        if url.path == "/big":
            return self.stream(50 << 20, with_length=True)
        if url.path == "/big-stream":
            return self.stream(50 << 20, with_length=False)
        if url.path.startswith("/mirror/"):
            return self.mirror(url.path)
        if url.path == "/text.png":
            return self.send(200, b"<html><body>not an image</body></html>", "image/png")
        return self.send(404, b"not found", "text/plain")

    def mirror(self, path):
        host, _, rest = path[len("/mirror/"):].partition("/")
        extension = os.path.splitext(rest)[1].lower()
        if extension == ".svg" or host.endswith("shields.io") or "/badge" in rest:
            body = BADGE
        elif extension in (".jpg", ".jpeg", ".gif"):
            name = "ring.gif" if extension == ".gif" else "landscape.jpg"
            with open(os.path.join(FIXTURES, name), "rb") as f:
                body = f.read()
        else:
            body = IMAGE
        etag = '"%08x"' % zlib.crc32(path.encode())
        if self.headers.get("If-None-Match") == etag:
            return self.send(304, headers=[("ETag", etag)])
        return self.send(200, body, "application/octet-stream", headers=[("ETag", etag)])

    def stream(self, size, with_length):
        self.record(200)
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        if with_length:
            self.send_header("Content-Length", str(size))
        else:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        chunk = IMAGE[:8] + bytes(65536 - 8)
        try:
            for _ in range(size // len(chunk)):
                self.wfile.write(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass


http.server.ThreadingHTTPServer.request_queue_size = 128  # twelve badges connect at once
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
