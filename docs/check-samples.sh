#!/usr/bin/env bash
# Compiles every Swift sample of the README and of the manual (the DocC catalogs) against
# the package's own debug build, and runs each sample whose output the text shows,
# comparing what it prints.
#
#   docs/check-samples.sh        # after `swift build` (CI runs it after its build step)
#
# The rules, so that a writer knows what is checked:
# - A file's ```swift blocks are one program, in order: each block sits in a scope
#   inside the one before, so a later block may use what an earlier one declared, or
#   declare the same name again. A block that declares tests, types or extensions at its
#   top level (`@Test`, `@Suite`, `struct`, `extension`, ...) sits at file scope instead.
#   The program is type-checked with ImpressionTracking, ImpressionSimulation and every
#   module a block imports; it is not run (a tracker's loop never ends).
# - A ```swift block followed by a ```text block, with nothing between them or a
#   paragraph ending in "prints:", is also a program of its own: it is compiled, linked,
#   run, and what it prints must be that text, byte for byte.
# - A block whose first line is `// Package.swift` (a manifest) or starts with
#   `// App-only sketch` (UIKit or SwiftUI, which Linux lacks) is not compiled.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build >/dev/null
bin="$(swift build --show-bin-path)"
work="$(mktemp -d)"
[[ -n "${KEEP_SAMPLES:-}" ]] || trap 'rm -rf "$work"' EXIT
python3 - "$bin" "$work" README.md Sources/*/*.docc/*.md <<'PY'
import json, os, re, subprocess, sys

bin_path, work, files = sys.argv[1], sys.argv[2], sys.argv[3:]
modules = os.path.join(bin_path, "Modules")

def objects(module):
    """The object files of `module`'s current sources in the debug build: those its
    output file map names, which include the Swift a build plugin wrote (not under
    Sources/) and leave out the objects of deleted files that linger in the directory."""
    with open(os.path.join(bin_path, module + ".build", "output-file-map.json")) as file:
        outputs = json.load(file)
    return sorted(entry["object"] for entry in outputs.values() if "object" in entry)

# The libraries' modules: ImpressionSimulation re-exports the targets it is made of.
linked = [object for module in ["ImpressionTracking", "ImpressionSimulationFormats", "ImpressionSimulationCore",
                                "ImpressionSimulationAnalyses", "ImpressionSimulationRendering", "ImpressionSimulation"]
          for object in objects(module)]
def blocks(text):
    """(language, body, prose since the previous block) for each fenced block."""
    found, prose, lines, i = [], [], text.split("\n"), 0
    while i < len(lines):
        fence = re.match(r"^```(\w*)\s*$", lines[i])
        if not fence:
            prose.append(lines[i]); i += 1; continue
        j = i + 1
        while j < len(lines) and lines[j].strip() != "```": j += 1
        found.append((fence.group(1), "\n".join(lines[i + 1:j]) + "\n", "\n".join(prose).strip()))
        prose, i = [], j + 1
    return found

def swiftc(args):
    result = subprocess.run(["swiftc"] + args, capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr

failures, checked, run = [], 0, 0
imports = "import ImpressionTracking\nimport ImpressionSimulation\n"
for path in files:
    found = blocks(open(path).read())
    program, declarations, imported = [], [], set()
    for index, (language, body, _) in enumerate(found):
        if language != "swift": continue
        first = body.split("\n", 1)[0]
        if first.startswith("// Package.swift") or first.startswith("// App-only sketch"): continue
        imported |= {line for line in body.split("\n") if line.startswith("import ")}
        code = "\n".join(line for line in body.split("\n") if not line.startswith("import "))
        at_file_scope = re.search(r"^(@Test|@Suite|@MainActor|struct |final class |class |enum |actor |extension )", code, re.M)
        (declarations if at_file_scope else program).append(code)
        checked += 1
        following = found[index + 1] if index + 1 < len(found) else None
        if following and following[0] == "text" and (following[2] == "" or following[2].endswith("prints:")):
            directory = os.path.join(work, f"run-{run}")
            os.makedirs(directory)
            source = os.path.join(directory, "main.swift")
            open(source, "w").write(imports + body)
            executable = os.path.join(directory, "sample")
            status, output = swiftc(["-I", modules, source, *linked, "-o", executable])
            run += 1
            if status != 0:
                failures.append(f"{path}: the sample before its output does not build:\n{output}"); continue
            printed = subprocess.run([executable], capture_output=True, text=True, timeout=60).stdout
            if printed != following[1]:
                failures.append(f"{path}: the sample prints\n{printed}\nwhere the text shows\n{following[1]}")
    if program or declarations:
        directory = os.path.join(work, re.sub(r"\W", "-", path))
        os.makedirs(directory)
        source = os.path.join(directory, "main.swift")
        header = imports + "".join(sorted(line + "\n" for line in imported))
        nested = "\ndo {\n".join(program) + "\n}" * max(0, len(program) - 1)
        open(source, "w").write(header + "\n".join(declarations) + "\n" + nested + "\n")
        status, output = swiftc(["-typecheck", "-I", modules, source])
        if status != 0:
            failures.append(f"{path}: its samples do not compile:\n{output}")
print(f"samples: {checked} Swift blocks compiled in {len(files)} files, {run} run and compared")
for failure in failures: print(failure, file=sys.stderr)
sys.exit(1 if failures else 0)
PY
