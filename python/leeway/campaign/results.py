"""The campaign's table: one CSV row per trial, appended as each finishes (each row one write to
a file opened for appending, so rows from several processes never interleave and an interrupted
campaign keeps every row it finished). Lists are written as JSON, numbers in their shortest
round-trip form. A last row cut short (a process killed inside its write, a full disk) is dropped
when the campaign resumes, and said so: its trial runs again. A malformed row elsewhere is an error
naming its line."""

import csv
import io
import json
import os

from .trial import STATE

RESULTS = ["status", "score", "collisions", *STATE, "t_end", "wall_time", "worker", "campaign",
           "error"]


def columns(spec):
    return ["trial", "seed", *spec.parameter_names(), *RESULTS]


def _text(value):
    if isinstance(value, (list, tuple, dict)):
        return json.dumps(value)
    if isinstance(value, float):
        return repr(value)
    return str(value)


def _value(text):
    if text == "":
        return ""
    try:
        return json.loads(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def _rows_with_lines(text):
    """The CSV rows of `text`, each with the physical lines it spans: (fields, first, end)."""
    reader = csv.reader(io.StringIO(text, newline=""))
    rows, first = [], 0
    for fields in reader:
        rows.append((fields, first, reader.line_num))
        first = reader.line_num
    return rows


def drop_torn_row(path, log=print):
    """Cuts a last row that did not end (no line break after it, or too few fields for the
    header) off the table at `path`, saying so; returns whether it did."""
    with open(path, newline="", encoding="utf-8") as f:
        text = f.read()
    rows = _rows_with_lines(text)
    if len(rows) < 2:
        return False
    fields, first, _ = rows[-1]
    if text.endswith("\n") and len(fields) == len(rows[0][0]):
        return False
    keep = "\n".join(text.split("\n")[:first]) + "\n"  # the lines before it
    with open(path, "r+b") as f:
        f.truncate(len(keep.encode("utf-8")))
    log(f"'{path}': its last row (line {first + 1}) was cut short: dropped, and its trial runs "
        "again")
    return True


def start_table(spec, log=print):
    """Creates the table with its header, or checks the one there is belongs to this campaign
    (dropping a torn last row, drop_torn_row); returns the numbers of the trials it holds."""
    header = columns(spec)
    if not os.path.exists(spec.output) or os.path.getsize(spec.output) == 0:
        with open(spec.output, "w", newline="") as f:
            csv.writer(f).writerow(header)
        return set()
    drop_torn_row(spec.output, log)
    rows = read_table(spec.output)
    with open(spec.output, newline="") as f:
        found = next(csv.reader(f), [])
    if found != header:
        raise ValueError(f"'{spec.output}' has columns {found}, not this campaign's {header}: "
                         "expected a new output file")
    other = {r["campaign"] for r in rows} - {spec.fingerprint}
    if other:
        raise ValueError(f"'{spec.output}' holds trials of another campaign (fingerprint "
                         f"{sorted(other)[0]}, this spec's is {spec.fingerprint}): the spec "
                         "changed since; expected a new output file")
    return {int(r["trial"]) for r in rows}


def append_row(spec, row):
    row = dict(row, campaign=spec.fingerprint)
    line = ",".join(_csv_field(_text(row.get(c, ""))) for c in columns(spec)) + "\n"
    fd = os.open(spec.output, os.O_WRONLY | os.O_APPEND)
    try:
        os.write(fd, line.encode())
    finally:
        os.close(fd)


def _csv_field(text):
    if any(c in text for c in ',"\n\r'):
        return '"' + text.replace('"', '""') + '"'
    return text


TEXT = {"status", "worker", "campaign", "error"}


def read_table(path):
    """The rows, values decoded: numbers as float, lists as lists; the text columns as text.
    Raises ValueError naming the line of a row whose fields are not the header's."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = _rows_with_lines(f.read())
    if not rows:
        return []
    header = rows[0][0]
    table = []
    for fields, first, _ in rows[1:]:
        if not fields:  # a blank line, as csv.DictReader skips it
            continue
        if len(fields) != len(header):
            raise ValueError(f"{path}:{first + 1}: a row of {len(fields)} fields, expected "
                             f"{len(header)} ({', '.join(header[:3])}, ...)")
        table.append({k: v if k in TEXT else _value(v) for k, v in zip(header, fields)})
    return table
