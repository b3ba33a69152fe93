#!/usr/bin/env bash
# Scores BurstAnalyzers and its peers on the labelled corpus (docs/accuracy.md). Sources are taken from --sources DIR,
# else from bare mirrors under --mirror DIR ({owner}+{name}/repo), else cloned from GitHub at the pinned commit; they
# are copied, built and formatted under artifacts/accuracy (never inside src/ or tests/). Needs network or mirrors;
# not part of `dotnet test` (CI has neither).
set -euo pipefail
cd "$(dirname "$0")/../.."
dotnet run -c Release --project benchmarks/BurstAnalyzers.Accuracy -- "$@"
