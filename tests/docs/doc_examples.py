#!/usr/bin/python3
"""Every command the docs mark runnable runs as shown and prints what they say it prints.

A fenced block in README.md or docs/**/*.md is runnable when its info string names `runnable`
after the language:

  ```console runnable     lines starting with `$ ` are commands (a trailing backslash continues
                          one); the lines under a command are what it prints: each must be a line
                          of its output (standard output and error together), in the order shown,
                          where `...` stands for any text (a wall time; alone, for lines left
                          out), and the spaces at either end do not count. A command must exit 0.
  ```sh runnable          the block is one bash script (errexit, pipefail); it must exit 0.
  ```python runnable      the block is one Python script, run by /usr/bin/python3 with
                          PYTHONPATH=build/python; it must exit 0.

Blocks run from a scratch folder that holds the checkout's top-level entries (as symbolic links)
and `build`, the build folder, so a doc's `build/leeway run worlds/otter.sdf` runs as a user
types it in a checkout, and what an example writes (run.mcap, report.html) stays out of the
checkout. A block marked `runnable checkout` (README's `make demo`) runs in the checkout itself,
only with --checkout (.ci/run does, after `make test`): it builds, and the test suite is what
the build runs.

  doc_examples.py --source DIR --build DIR [--checkout] [--timeout S]

Exits 1, naming each block that failed with its file and line, its command, the first line it
did not print, and what it printed; or if no block is runnable (a test that cannot fail).
"""

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

FENCE = re.compile(r"^```(\w+)((?:\s+[\w=]+)*)\s*$")


def blocks(path):
    """(line, language, options, lines) of each runnable block of the Markdown file `path`."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        start = i
        i += 1
        body = []
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        i += 1
        options = m.group(2).split()
        if "runnable" in options:
            yield start + 1, m.group(1), set(options), body


def console_steps(body):
    """[(command, [expected line, ...]), ...] of a console block."""
    steps = []
    command = None
    for line in body:
        if command is not None and command.endswith("\\"):
            command += "\n" + line  # bash reads the backslash and the line break as one space
            steps[-1] = (command, steps[-1][1])
        elif line.startswith("$ "):
            command = line[2:]
            steps.append((command, []))
        elif steps:
            steps[-1][1].append(line)
        elif line.strip():
            raise ValueError(f"output before any command: {line!r}")
    return steps


def line_pattern(expected):
    """A regular expression for one expected line: `...` is any text, the rest literal."""
    return re.compile("^" + ".*".join(re.escape(p) for p in expected.split("...")) + "$")


def first_missing(expected_lines, output):
    """The first expected line not found, in order, among the output's lines; None if all are."""
    actual = output.split("\n")
    k = 0
    for expected in expected_lines:
        if not expected.strip():
            continue
        pattern = line_pattern(expected.strip())
        while k < len(actual) and not pattern.match(actual[k].strip()):
            k += 1
        if k == len(actual):
            return expected
        k += 1
    return None


def run(script, cwd, env, timeout, interpreter):
    start = time.monotonic()
    try:
        p = subprocess.run(interpreter, input=script, cwd=cwd, env=env, timeout=timeout,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        return p.returncode, p.stdout, time.monotonic() - start
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        return f"timed out after {timeout} s", out, time.monotonic() - start


def scratch_folder(source, build):
    folder = tempfile.mkdtemp(prefix="leeway_doc_examples_")
    for entry in os.listdir(source):
        if entry in ("build", ".git"):
            continue
        os.symlink(os.path.join(source, entry), os.path.join(folder, entry))
    os.symlink(build, os.path.join(folder, "build"))
    return folder


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source", required=True, help="the checkout")
    parser.add_argument("--build", required=True, help="the build folder")
    parser.add_argument("--checkout", action="store_true",
                        help="run the blocks marked `runnable checkout`, in the checkout, only")
    parser.add_argument("--timeout", type=float, default=300.0, help="per block [s]")
    args = parser.parse_args()
    source = os.path.abspath(args.source)
    build = os.path.abspath(args.build)

    docs = [os.path.join(source, "README.md")] + sorted(
        glob.glob(os.path.join(source, "docs", "**", "*.md"), recursive=True))
    folder = None if args.checkout else scratch_folder(source, build)
    env = dict(os.environ)
    env.pop("IGN_PARTITION", None)
    failures, ran = [], 0
    try:
        for doc in docs:
            for line, language, options, body in blocks(doc):
                if ("checkout" in options) != args.checkout:
                    continue
                where = f"{os.path.relpath(doc, source)}:{line}"
                cwd = source if args.checkout else folder
                if language == "console":
                    steps = console_steps(body)
                elif language == "sh":
                    steps = [("\n".join(body), [])]
                elif language == "python":
                    steps = [(None, [])]
                else:
                    failures.append(f"{where}: a runnable block of language '{language}': "
                                    "expected console, sh or python")
                    continue
                ran += 1
                for command, expected in steps:
                    if language == "python":
                        status, output, seconds = run(
                            "\n".join(body), cwd,
                            dict(env, PYTHONPATH=os.path.join(build, "python")), args.timeout,
                            ["/usr/bin/python3", "-"])
                        command = "(the block, in Python)"
                    else:
                        status, output, seconds = run(command, cwd, env, args.timeout,
                                                      ["bash", "-euo", "pipefail"])
                    missing = first_missing(expected, output)
                    ok = status == 0 and missing is None
                    print(f"{'ok  ' if ok else 'FAIL'} {where} ({seconds:.1f} s): "
                          f"{command.splitlines()[0]}")
                    if ok:
                        continue
                    why = (f"exited {status}" if status != 0 else
                           f"did not print the line\n    {missing}")
                    tail = "\n".join(output.rstrip().split("\n")[-40:])
                    failures.append(f"{where}: `{command}` {why}\n  its output (last 40 lines):\n"
                                    f"{tail}")
                    break
    finally:
        if folder:
            shutil.rmtree(folder, ignore_errors=True)
    for f in failures:
        print("\n" + f)
    if ran == 0:
        print("no runnable block in the docs: expected at least one")
        return 1
    print(f"\n{ran} runnable blocks, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
