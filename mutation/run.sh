#!/usr/bin/env bash
# Mutation-tests one area of the analyzer's core with Stryker.NET (docs/mutation-testing.md). Not part of CI.
#   bash mutation/run.sh <area> [more stryker options]     e.g. bash mutation/run.sh waits
# The area's files, test filter and concurrency are in mutation/<area>.json; the report lands in
# mutation/StrykerOutput/<time>/reports/mutation-report.html (and .json).
set -euo pipefail
cd "$(dirname "$0")"
area=${1:?usage: bash mutation/run.sh <area>   (areas: $(ls *.json | sed 's/\.json$//' | tr '\n' ' '))}
shift
test -f "$area.json" || { echo "no mutation/$area.json" >&2; exit 2; }
dotnet tool restore >/dev/null
exec dotnet stryker --config-file "$area.json" --skip-version-check "$@"
