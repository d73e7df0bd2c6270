#!/usr/bin/python3
"""Writes the DDS IDL of ROS 2 messages from their .msg files, as ROS 2's DDS middlewares put them
on the wire: message pkg/Name is the struct pkg::msg::dds_::Name_, its fields in the .msg file's
order, final extensibility (XCDR1, as rmw_cyclonedds and rmw_fastrtps send them).

    msg_to_idl.py --root DIR [--member-suffix _] --output FILE pkg/Name [pkg/Name ...]

DIR holds one folder per package with its msg/ folder (as ../shared/reference/ros2-interfaces).
The named messages and every message they contain are written, each after what it contains.
Member names do not travel on the wire: --member-suffix _ writes rosidl_generator_dds_idl's
(`data_`), the default ROS's own field names. Constants and default values are left out (they are
not on the wire either). Standard library only, so that /usr/bin/python3 runs it anywhere.
"""

import argparse
import re
import sys
from pathlib import Path

PRIMITIVES = {
    "bool": "boolean", "byte": "octet", "char": "uint8",
    "float32": "float", "float64": "double",
    "int8": "int8", "uint8": "uint8", "int16": "int16", "uint16": "uint16",
    "int32": "int32", "uint32": "uint32", "int64": "int64", "uint64": "uint64",
    "string": "string", "wstring": "wstring",
}

# IDL 4 keywords a ROS field name could collide with (IDL compares them ignoring case).
IDL_KEYWORDS = {
    "abstract", "any", "alias", "attribute", "bitfield", "bitmask", "bitset", "boolean", "case",
    "char", "component", "connector", "const", "consumes", "context", "custom", "default",
    "double", "exception", "emits", "enum", "eventtype", "factory", "false", "finder", "fixed",
    "float", "getraises", "getter", "home", "import", "in", "inout", "interface", "local", "long",
    "manages", "map", "mirrorport", "module", "multiple", "native", "object", "octet", "oneway",
    "out", "primarykey", "private", "port", "porttype", "provides", "public", "publishes",
    "raises", "readonly", "setraises", "setter", "sequence", "short", "string", "struct",
    "supports", "switch", "true", "truncatable", "typedef", "typeid", "typename", "typeprefix",
    "unsigned", "union", "uses", "valuebase", "valuetype", "void", "wchar", "wstring", "int8",
    "uint8", "int16", "int32", "int64", "uint16", "uint32", "uint64",
}

FIELD = re.compile(
    r"^(?P<type>[A-Za-z][\w/]*)(?P<bound><=\d+)?(?P<array>\[(?P<size><=)?(?P<n>\d*)\])?"
    r"\s+(?P<name>[a-z][a-z0-9_]*)(\s+.*)?$")
CONSTANT = re.compile(r"^[A-Za-z][\w/]*(<=\d+)?\s+[A-Z][A-Z0-9_]*\s*=")


class MsgError(Exception):
    pass


def qualified(type_name, package):
    """pkg/Name of a field's message type, as ROS resolves it."""
    if type_name == "Header":
        return "std_msgs/Header"
    return type_name if "/" in type_name else f"{package}/{type_name}"


def parse(root, full_name):
    """The fields of message pkg/Name: (type, bound, array, size-bounded, n, name) tuples."""
    package, name = full_name.split("/")
    path = root / package / "msg" / f"{name}.msg"
    if not path.is_file():
        raise MsgError(f"{full_name}: no file {path}")
    fields = []
    for line_no, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line or CONSTANT.match(line):
            continue
        m = FIELD.match(line)
        if not m:
            raise MsgError(f"{path}:{line_no}: cannot read the field '{raw.strip()}'")
        t = m["type"]
        if t not in PRIMITIVES:
            t = qualified(t, package)
        fields.append((t, m["bound"], m["array"], m["size"], m["n"], m["name"], f"{path}:{line_no}"))
    return fields


def idl_type(t):
    if t in PRIMITIVES:
        return PRIMITIVES[t]
    package, name = t.split("/")
    return f"{package}::msg::dds_::{name}_"


def member(field, suffix):
    t, bound, array, size_bounded, n, name, where = field
    base = idl_type(t)
    if bound:  # string<=N
        base = f"{base}<{bound[2:]}>"
    member_name = name + suffix
    if member_name.lower() in IDL_KEYWORDS:
        raise MsgError(f"{where}: the field '{name}' is an IDL keyword: give --member-suffix")
    if array is None:
        return f"{base} {member_name};"
    if n and not size_bounded:  # T[N]: a fixed array
        return f"{base} {member_name}[{n}];"
    bound_text = f", {n}" if n else ""  # T[<=N] or T[]: a sequence
    return f"sequence<{base}{bound_text}> {member_name};"


def write_idl(root, names, suffix):
    order, seen, fields_of = [], set(), {}

    def visit(full_name, chain):
        if full_name in seen:
            return
        if full_name in chain:
            raise MsgError(f"{full_name} contains itself")
        fields_of[full_name] = parse(root, full_name)
        for f in fields_of[full_name]:
            if f[0] not in PRIMITIVES:
                visit(f[0], chain + [full_name])
        seen.add(full_name)
        order.append(full_name)

    for n in names:
        if n.count("/") != 1:
            raise MsgError(f"'{n}': a message is named pkg/Name")
        visit(n, [])
    out = ["// Generated by tools/msg_to_idl.py from the ROS 2 .msg files: do not edit.", ""]
    for full_name in order:
        package, name = full_name.split("/")
        out.append(f"module {package} {{ module msg {{ module dds_ {{")
        out.append(f"@final struct {name}_ {{")
        for f in fields_of[full_name]:
            out.append(f"  {member(f, suffix)}")
        if not fields_of[full_name]:  # an empty .msg: rosidl gives it one octet
            out.append("  uint8 structure_needs_at_least_one_member;")
        out.append("};")
        out.append("}; }; };")
        out.append("")
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", required=True, type=Path)
    parser.add_argument("--output", required=True, type=Path)
    parser.add_argument("--member-suffix", default="")
    parser.add_argument("messages", nargs="+")
    args = parser.parse_args()
    try:
        text = write_idl(args.root, args.messages, args.member_suffix)
    except MsgError as e:
        print(f"msg_to_idl: {e}", file=sys.stderr)
        return 1
    args.output.parent.mkdir(parents=True, exist_ok=True)
    if not args.output.exists() or args.output.read_text() != text:
        args.output.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
