#!/usr/bin/env bash
# Rebuild and evaluate the physics benchmark end to end (needs ../shared/data; ~3 minutes on 2 cores).
#   benchmarks/run_physics.sh            # everything below
#   OUT=/tmp/x benchmarks/run_physics.sh # results elsewhere (default: bench-out/, git-ignored)
set -euo pipefail
cd "$(dirname "$0")/.."
C=../shared/data/corpus
H=../shared/data/hallmark
OUT=${OUT:-bench-out}
CC=${CITECHECK:-.venv/bin/citecheck}
mkdir -p "$OUT"
PERMISSIVE=($C/arxiv-browse.jsonl.gz $C/bibliotex.jsonl.gz $C/hyydiffxs-atlas-cms.jsonl.gz
            $C/refchecker-api-cache.jsonl.gz $C/semanticscholar-cassettes.jsonl.gz
            $C/habanero-cassettes.jsonl.gz $C/hallmark-valid.jsonl.gz)

# 1. the datasets (bit-for-bit reproducible from the seed)
$CC bench build benchmarks/physics $C/*.jsonl.gz --seed 0
$CC bench build tests/data/bench/devset.jsonl "${PERMISSIVE[@]}" --avoid $C/paperscape-1991-1996.jsonl.gz \
    --seed 1 --size 300 --val-size 60 --id-prefix dev

# 2. an index of the whole corpus (all eight files)
rm -f "$OUT/full-corpus.db"
$CC index build --covers all "$OUT/full-corpus.db" $C/*.jsonl.gz  # a closed world: the data sets are drawn from it

# 3. thresholds fitted on the validation split only
$CC calibrate benchmarks/physics --index "$OUT/full-corpus.db" --out "$OUT/thresholds.json"

# 4. validation and test, with ablations and baselines, under the fitted thresholds
for split in validation test; do
  $CC bench run benchmarks/physics --split $split --index "$OUT/full-corpus.db" \
      --thresholds "$OUT/thresholds.json" --ablation all --baseline all --out "$OUT/physics-$split"
done

# 5. HALLMARK dev_public and stress_test against the same index
$CC bench hallmark $H/dev_public.jsonl --index "$OUT/full-corpus.db" --thresholds "$OUT/thresholds.json" \
    --out "$OUT/hallmark-dev"
$CC bench hallmark $H/stress_test.jsonl --index "$OUT/full-corpus.db" --thresholds "$OUT/thresholds.json" \
    --out "$OUT/hallmark-stress"
