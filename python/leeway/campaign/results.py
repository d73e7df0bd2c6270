"""The campaign's table: one CSV row per trial, appended as each finishes (each row one write to
a file opened for appending, so rows from several processes never interleave and an interrupted
campaign keeps every row it finished). Lists are written as JSON, numbers in their shortest
round-trip form."""

import csv
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


def start_table(spec):
    """Creates the table with its header, or checks the one there is belongs to this campaign;
    returns the numbers of the trials it already holds."""
    header = columns(spec)
    if not os.path.exists(spec.output) or os.path.getsize(spec.output) == 0:
        with open(spec.output, "w", newline="") as f:
            csv.writer(f).writerow(header)
        return set()
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
    """The rows, values decoded: numbers as float, lists as lists; the text columns as text."""
    with open(path, newline="") as f:
        return [{k: v if k in TEXT else _value(v) for k, v in r.items()}
                for r in csv.DictReader(f)]
