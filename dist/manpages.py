"""Man pages (mdoc) for `wallet` and every subcommand, generated from the command definitions.

swift-argument-parser describes a tool as JSON (`wallet --experimental-dump-help`, the same data
its `generate-manual` plugin reads). The plugin rebuilds the whole package in its own release
configuration (without the static Swift runtime `make install` ships), which would double the
install time, so this script turns the installed binary's own description into pages:
wallet.1 for the tool, wallet-card.1, wallet-card-add.1, ... one per subcommand. Each page's
EXAMPLES are the README's: every `wallet ...` line of its code blocks goes to the page of the
command it runs and to that page's parents. SEE ALSO names only pages this script writes (no
wallet-help(1): `help` is the parser's own subcommand, not installed).

Usage: manpages.py WALLET_BINARY OUTPUT_DIR     prints the names of the pages it wrote
"""
import datetime
import json
import os
import re
import subprocess
import sys

SECTION = "1"
README = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "README.md")
# A README line that runs wallet: optionally inside `NAME=$(...)`, then a comment after "#  ".
EXAMPLE = re.compile(r"^(?:\w+=\$\()?(wallet\s[^#]*?)\)?\s*(?:#\s+(.*))?$")


def readme_examples(path=README):
    """(command words, command line, comment) for every `wallet ...` line of the README's code blocks."""
    examples, in_block = [], False
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except OSError:
        return []
    for line in lines:
        if line.startswith("```"):
            in_block = not in_block
            continue
        match = EXAMPLE.match(line.strip()) if in_block else None
        if match:
            command = match.group(1).strip()
            words = [w for w in command.split() if re.fullmatch(r"[a-z][a-z-]*", w)]
            examples.append((words, command, match.group(2) or ""))
    return examples


def example_lines(examples, path):
    """The EXAMPLES section for the page of `path`: the examples whose command starts with it."""
    chosen = [(command, comment) for words, command, comment in examples if words[: len(path)] == path]
    if not chosen:
        return []
    lines = [".Sh EXAMPLES"]
    for command, comment in chosen:
        if comment:
            lines += ([".Pp"] if len(lines) > 1 else []) + [escape(sentence_case(comment)) + ":"]
        lines += [".Bd -literal -offset indent", escape(command), ".Ed"]
    return lines


def sentence_case(comment):
    """A README comment as the start of a sentence: its first word capitalized when it is a plain
    word ("a link ..." -> "A link ..."), left as written when it is a URL, a path or code
    ("https://catima.app/share#..." stays lower case)."""
    first = comment.split(" ", 1)[0]
    return comment[:1].upper() + comment[1:] if first.isalpha() else comment


def escape(text):
    """Text safe on an mdoc line: backslashes doubled, a leading dot or quote guarded."""
    text = text.replace("\\", "\\e").replace(". ", ".\n")
    lines = []
    for line in text.splitlines() or [""]:
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def flag_name(name):
    """`--json` as mdoc's Fl (which adds one dash itself), `-h` likewise."""
    prefix = {"long": "-", "short": "", "longWithSingleDash": ""}[name["kind"]]
    return "Fl " + prefix + name["name"]


def visible(arguments):
    return [a for a in arguments if a.get("shouldDisplay", True)]


def synopsis_item(argument):
    """One argument as it appears in the SYNOPSIS, optional ones in brackets."""
    if argument["kind"] == "positional":
        item = "Ar " + argument.get("valueName", "value")
    else:
        item = flag_name(argument["preferredName"])
        if argument["kind"] == "option":
            item += " Ar " + argument.get("valueName", "value")
    if argument.get("isRepeating"):
        item += " No ..."
    return ("Op " + item) if argument.get("isOptional") else item


def option_entry(argument):
    """An `.It` entry of the OPTIONS list."""
    if argument["kind"] == "positional":
        head = "Ar " + argument.get("valueName", "value")
    else:
        names = [flag_name(n) for n in argument.get("names", [])]
        head = " , ".join(names)
        if argument["kind"] == "option":
            head += " Ar " + argument.get("valueName", "value")
    body = argument.get("abstract", "")
    if argument.get("discussion"):
        body += "\n" + argument["discussion"]
    if argument.get("defaultValue"):
        body += "\n(default: " + argument["defaultValue"] + ")"
    return [".It " + head, escape(body) if body else ".No"]


def page_name(path):
    return "-".join(path)


def installed(subcommands):
    """The subcommands that get a page: displayed ones, without the parser's `help`."""
    return [s for s in subcommands if s.get("shouldDisplay", True) and s["commandName"] != "help"]


def page(command, path, date, examples=()):
    """The mdoc source of one command's page; `path` is ["wallet", "card", "add"]."""
    name = page_name(path)
    lines = [
        ".Dd " + date,
        ".Dt " + name.upper() + " " + SECTION,
        ".Os",
        ".Sh NAME",
        ".Nm " + name,
        ".Nd " + escape(command.get("abstract", path[-1]).rstrip(".")),
        ".Sh SYNOPSIS",
    ]
    arguments = visible(command.get("arguments", []))
    subcommands = installed(command.get("subcommands", []))
    lines.append(".Nm " + path[0])
    lines += [".Cm " + word for word in path[1:]]
    lines += ["." + synopsis_item(a) for a in arguments]
    if subcommands:
        lines.append(".Ar subcommand")
    if command.get("discussion") or command.get("abstract"):
        lines += [".Sh DESCRIPTION", escape(command.get("abstract", ""))]
        if command.get("discussion"):
            lines += [".Pp", escape(command["discussion"])]
    if arguments:
        lines += [".Sh OPTIONS", ".Bl -tag -width 6n"]
        for argument in arguments:
            lines += option_entry(argument)
        lines.append(".El")
    if subcommands:
        lines += [".Sh SUBCOMMANDS", ".Bl -tag -width 6n"]
        for sub in subcommands:
            lines += [".It Cm " + sub["commandName"], escape(sub.get("abstract", "")),
                      "See " + page_name(path + [sub["commandName"]]) + "(" + SECTION + ")."]
        lines.append(".El")
    lines += example_lines(examples, path)
    related = [path[: i] for i in range(1, len(path))] + [path + [s["commandName"]] for s in subcommands]
    if related:
        lines.append(".Sh SEE ALSO")
        refs = sorted(".Xr " + page_name(p) + " " + SECTION for p in related)
        lines += [ref + " ," for ref in refs[:-1]] + [refs[-1]]
    return "\n".join(lines) + "\n"


def pages(command, path, date, examples=()):
    """(file name, mdoc text) for a command and, recursively, its installed subcommands."""
    yield page_name(path) + "." + SECTION, page(command, path, date, examples)
    for sub in installed(command.get("subcommands", [])):
        yield from pages(sub, path + [sub["commandName"]], date, examples)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: manpages.py WALLET_BINARY OUTPUT_DIR")
    binary, output = sys.argv[1], sys.argv[2]
    description = json.loads(subprocess.run(
        [binary, "--experimental-dump-help"], check=True, capture_output=True, text=True).stdout)
    stamp = os.environ.get("SOURCE_DATE_EPOCH")
    day = datetime.datetime.fromtimestamp(int(stamp), datetime.timezone.utc) if stamp else datetime.datetime.now()
    date = day.strftime("%B %-d, %Y")
    os.makedirs(output, exist_ok=True)
    root = description["command"]
    for name, text in pages(root, [root["commandName"]], date, readme_examples()):
        with open(os.path.join(output, name), "w", encoding="utf-8") as file:
            file.write(text)
        print(name)


if __name__ == "__main__":
    main()
