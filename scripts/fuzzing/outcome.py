"""One render of one input by the built binary, under limits, and what came of it.

`Renderer.run(data, options)` writes the input as mutant.md into its own folder (beside a copy of
Samples/images, so image references resolve), runs `quire render` there with a wall-clock limit
(the whole process group killed at the limit) and an address-space limit (prlimit --as), reads
the peak resident size from wait4, and classifies:

  ok                exit 0, a PDF that qpdf --check passes, readers silent
  error             exit 1 with a message on standard error (a clean refusal)
  crash             ended by a signal (SIGSEGV, a Swift trap's SIGILL/SIGTRAP, abort)
  timeout           still running at the wall-clock limit
  memory            an allocation failed under the limit, or the peak passed it
  bad-exit          another status, or exit 1 saying nothing
  invalid-pdf       exit 0 but no PDF, or one qpdf --check rejects or warns about
  reader-complaint  pdftotext or mutool draw (MuPDF) said something on standard error
  leftover          a file other than the input and its PDF left in the folder

Each outcome has a signature (for a crash: the signal and the first frame of the crashed thread
outside libc and the Swift runtime, from Swift's backtrace; for a complaint: its first line, with
numbers blanked), so that findings are counted once per cause and the minimizer keeps the cause.
"""
import os
import re
import shutil
import signal
import subprocess
import threading
import time

# Outcomes that make the run fail unless --fail-on says otherwise.
FAILING = ["crash", "timeout", "memory", "invalid-pdf", "bad-exit"]
ALL = ["ok", "error", "crash", "timeout", "memory", "bad-exit", "invalid-pdf", "reader-complaint", "leftover"]
ALLOCATION_FAILED = re.compile(r"tcmalloc: allocation failed|failed to allocate|out of memory|std::bad_alloc|Cannot allocate memory")
# The MuPDF of Debian 12 says this on every run: not about the file.
MUPDF_NOISE = "ICC support is not available"


def normalize(text, limit=160):
    """`text` with addresses and numbers blanked and whitespace collapsed: the same cause in two
    inputs gives the same string."""
    text = re.sub(r"0x[0-9a-fA-F]+", "0x?", text)
    text = re.sub(r"\d+", "N", text)
    return " ".join(text.split())[:limit]


def crash_signature(stderr, signal_name):
    """The signal, Swift's fatal-error message if any, and the first telling frame of the crashed
    thread in Swift's backtrace (the signal name alone when there is no backtrace)."""
    parts = [signal_name]
    fatal = re.search(r"Fatal error: ([^\n]*)", stderr)
    if fatal:
        parts.append(normalize(fatal.group(1), 100))
    in_crashed_thread = False
    for line in stderr.splitlines():
        if re.match(r"^Thread \d+.* crashed:", line):
            in_crashed_thread = True
            continue
        if in_crashed_thread:
            frame = re.match(r"^\s*\d+\s+(?:\[\w+\]\s+)?0x[0-9a-f]+\s+(\S.*)$", line)
            if line.strip() == "" and len(parts) > 1:
                break
            if not frame:
                continue
            text = re.sub(r" at /\S+$", "", frame.group(1))
            text = re.sub(r" \+ \d+", "", text)
            if re.search(r" in (libc\.so|libswiftCore\.so|ld-linux)", text) or text.startswith("swift_"):
                continue
            parts.append(normalize(text, 120))
            break
    return ": ".join(parts)


class Result:
    def __init__(self, outcome, signature="", seconds=0.0, peak_mb=0.0, status=None, stderr=""):
        self.outcome, self.signature, self.seconds = outcome, signature, seconds
        self.peak_mb, self.status, self.stderr = peak_mb, status, stderr

    @property
    def key(self):
        return self.outcome + " | " + self.signature if self.signature else self.outcome


def _wait(process, timeout):
    """Waits for `process` at most `timeout` seconds, killing its group then; returns
    (status as Popen gives it, peak RSS in MiB, timed out)."""
    box = {}

    def reap():
        _, status, usage = os.wait4(process.pid, 0)
        box["status"], box["peak"] = status, usage.ru_maxrss / 1024.0

    waiter = threading.Thread(target=reap, daemon=True)
    waiter.start()
    waiter.join(timeout)
    timed_out = waiter.is_alive()
    if timed_out:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        waiter.join()
    status = box["status"]
    process.returncode = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    return process.returncode, box["peak"], timed_out


def _tool(command, cwd, timeout=120):
    try:
        r = subprocess.run(command, cwd=cwd, capture_output=True, timeout=timeout)
        return r.returncode, r.stdout.decode("utf-8", "replace") + r.stderr.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return -1, "timed out after %d s" % timeout, "timed out after %d s" % timeout


class Renderer:
    """Renders inputs one at a time in `folder` (made, with images/ copied from `images`)."""

    def __init__(self, binary, folder, images, timeout, memory_mb, readers=True):
        self.binary, self.folder, self.timeout, self.memory_mb, self.readers = binary, folder, timeout, memory_mb, readers
        self.doc = os.path.join(folder, "doc")
        os.makedirs(self.doc, exist_ok=True)
        if images and os.path.isdir(images) and not os.path.exists(os.path.join(self.doc, "images")):
            shutil.copytree(images, os.path.join(self.doc, "images"))

    def command(self, options):
        return ["render", "mutant.md", "-o", "mutant.pdf", "--no-config"] + list(options)

    def _clean(self):
        for name in os.listdir(self.doc):
            if name != "images":
                path = os.path.join(self.doc, name)
                shutil.rmtree(path) if os.path.isdir(path) and not os.path.islink(path) else os.remove(path)

    def run(self, data, options=()):
        self._clean()
        with open(os.path.join(self.doc, "mutant.md"), "wb") as f:
            f.write(data)
        err_path = os.path.join(self.folder, "stderr")
        limit = self.memory_mb * 1024 * 1024
        started = time.monotonic()
        with open(err_path, "wb") as err:
            process = subprocess.Popen(["prlimit", "--as=%d" % limit, "--core=0", "--", self.binary] + self.command(options),
                                       cwd=self.doc, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err,
                                       start_new_session=True)
            status, peak, timed_out = _wait(process, self.timeout)
        seconds = time.monotonic() - started
        with open(err_path, "rb") as f:
            stderr = f.read().decode("utf-8", "replace")
        outcome, signature = self._classify(status, peak, timed_out, stderr)
        return Result(outcome, signature, seconds, peak, status, stderr)

    def _classify(self, status, peak, timed_out, stderr):
        if timed_out:
            return "timeout", ""
        if ALLOCATION_FAILED.search(stderr) or peak > self.memory_mb:
            return "memory", ""
        if status < 0 or status >= 128:
            number = -status if status < 0 else status - 128
            try:
                name = signal.Signals(number).name
            except ValueError:
                name = "signal %d" % number
            return "crash", crash_signature(stderr, name)
        if status not in (0, 1) or (status == 1 and "error" not in stderr):
            return "bad-exit", "status %d" % status
        leftovers = sorted(set(os.listdir(self.doc)) - {"images", "mutant.md", "mutant.pdf"})
        if leftovers:
            return "leftover", normalize(" ".join(leftovers))
        if status == 1:
            return "error", ""
        return self._check_pdf()

    def _check_pdf(self):
        pdf = os.path.join(self.doc, "mutant.pdf")
        if not os.path.isfile(pdf) or os.path.getsize(pdf) == 0:
            return "invalid-pdf", "no PDF written"
        status, output, _ = _tool(["qpdf", "--check", "mutant.pdf"], self.doc)
        if status != 0 or "WARNING" in output:
            lines = [l for l in output.splitlines() if "WARNING" in l or "error" in l.lower()] or output.splitlines() or ["?"]
            return "invalid-pdf", "qpdf: " + normalize(lines[0].replace("mutant.pdf", ""))
        if not self.readers:
            return "ok", ""
        status, _, stderr = _tool(["pdftotext", "-enc", "UTF-8", "mutant.pdf", "mutant.txt"], self.doc)
        if status != 0 or stderr.strip():
            return "reader-complaint", "pdftotext: " + normalize((stderr.strip() or "status %d" % status).splitlines()[0])
        status, _, stderr = _tool(["mutool", "draw", "-q", "-r", "10", "-o", "page%d.png", "mutant.pdf"], self.doc)
        complaints = [l for l in stderr.splitlines() if l.strip() and MUPDF_NOISE not in l]
        if status != 0 or complaints:
            return "reader-complaint", "mutool: " + normalize((complaints or ["status %d" % status])[0])
        return "ok", ""
