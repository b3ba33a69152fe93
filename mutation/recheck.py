#!/usr/bin/env python3
"""Re-tests Stryker's surviving *static* mutants one at a time (docs/mutation-testing.md).

A static mutant sits in a static field initializer (a table of names, say). It runs once per test host, when the
type is first used, and Stryker's vstest runner reuses the host from mutant to mutant, so it never sees the mutant
active: such a mutant "survives" whatever the tests do. This script writes each one into the source for real, builds
the analyzer, runs the area's tests against it, and puts the source back. Run it from the repository root, after a
Stryker run, with the test project built (dotnet build tests/BurstAnalyzers.Tests):

    python3 mutation/recheck.py <area> [--report PATH] [--all]

--report  the Stryker JSON report (default: the newest under mutation/StrykerOutput)
--all     re-test every survivor, not only the static ones (to confirm a survivor by hand)

Prints each re-tested mutant as killed or survived, then every file's score with the results counted, and writes
them to recheck.json beside the report.
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys

ANALYZER = "src/BurstAnalyzers/BurstAnalyzers.csproj"
BUILT = "src/BurstAnalyzers/bin/Debug/netstandard2.0/BurstAnalyzers.dll"
TESTS = "tests/BurstAnalyzers.Tests"
TEST_BIN = TESTS + "/bin/Debug/net10.0/BurstAnalyzers.dll"


def run(args):
    return subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def build_and_copy():
    result = run(["dotnet", "build", ANALYZER, "-c", "Debug", "--no-restore", "-v", "q", "-nologo"])
    if result.returncode != 0:
        return False
    shutil.copyfile(BUILT, TEST_BIN)
    return True


def offsets(lines, location):
    """Stryker's locations are 1-based lines and columns; the end column is exclusive."""
    def at(point):
        return sum(len(line) for line in lines[: point["line"] - 1]) + point["column"] - 1
    return at(location["start"]), at(location["end"])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("area")
    parser.add_argument("--report")
    parser.add_argument("--all", action="store_true")
    options = parser.parse_args()

    config = json.load(open(f"mutation/{options.area}.json"))["stryker-config"]
    report_path = options.report or max(glob.glob("mutation/StrykerOutput/*/reports/mutation-report.json"), key=os.path.getmtime)
    report = json.load(open(report_path))
    if not os.path.exists(TEST_BIN):
        sys.exit(f"build the tests first: dotnet build {TESTS}")

    results = {}
    try:
        for path, file in sorted(report["files"].items()):
            source_path = path if os.path.isabs(path) else os.path.join(report.get("projectRoot", "."), path)
            source_path = os.path.join("src/BurstAnalyzers", source_path.split("/src/BurstAnalyzers/", 1)[-1])
            # The mutant's location is in the source the report was made from (kept in the report), which may differ
            # from the working copy since; the working copy is put back after each mutant.
            working_copy = open(source_path, encoding="utf-8", newline="").read()
            original = file["source"]
            lines = original.splitlines(keepends=True)
            for mutant in file["mutants"]:
                if mutant["status"] != "Survived" or not (options.all or mutant.get("static")):
                    continue
                start, end = offsets(lines, mutant["location"])
                mutated = original[:start] + mutant["replacement"] + original[end:]
                label = f"{os.path.basename(source_path)}:{mutant['location']['start']['line']} {mutant['mutatorName']}: {original[start:end][:60]!r} -> {mutant['replacement'][:60]!r}"
                print(f"re-testing {label}", flush=True)
                with open(source_path, "w", encoding="utf-8", newline="") as out:
                    out.write(mutated)
                try:
                    if not build_and_copy():
                        verdict = "CompileError"
                    else:
                        tests = run(["dotnet", "test", TESTS, "--no-build", "--filter", config["test-case-filter"], "-nologo"])
                        verdict = "Killed" if tests.returncode != 0 else "Survived"
                finally:
                    with open(source_path, "w", encoding="utf-8", newline="") as out:
                        out.write(working_copy)
                print(f"   {verdict}", flush=True)
                results[mutant["id"]] = {"file": source_path, "mutant": label, "status": verdict}
    finally:
        if not build_and_copy():
            print("could not rebuild the unmutated analyzer: rebuild the tests before running them", file=sys.stderr)

    print()
    for path, file in sorted(report["files"].items()):
        counts = {}
        for mutant in file["mutants"]:
            status = results.get(mutant["id"], {}).get("status", mutant["status"])
            counts[status] = counts.get(status, 0) + 1
        detected = counts.get("Killed", 0) + counts.get("Timeout", 0)
        tested = detected + counts.get("Survived", 0) + counts.get("NoCoverage", 0)
        if tested:
            print(f"{path.split('/src/BurstAnalyzers/', 1)[-1]}: {detected}/{tested} = {100 * detected / tested:.1f} %  {counts}")

    with open(os.path.join(os.path.dirname(report_path), "recheck.json"), "w") as out:
        json.dump(results, out, indent=2)


if __name__ == "__main__":
    main()
