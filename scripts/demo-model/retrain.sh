#!/bin/sh
# Retrains the built-in demo model from scratch, reproducibly (fixed seeds, fixed step counts),
# on the CPU, and writes resources/demo-model/weights.rbln. Needs a built facet-cli (for the
# engine's own tokenizer and chat template) and Debian's python3-torch, python3-pil,
# python3-numpy, fonts-dejavu-core and libopenblas0-pthread (scripts/packages.txt has them all).
# Three parts, ~2.9-4.3 hours on 2 cores in all by the machine, past issue #14's 90 minutes
# (run end to end once, in two pieces, before the readout stage was added: 15,075 s beside
# other work, ~9,900 s by its stages' times alone; the readout stage took 484 s alone;
# bench/demo-model/RESULTS.md has the figures):
#   - shapes, colours, counts, off-task (~72-111 min): stage 1, the one-layer vision side alone;
#     stage 2, everything; 500 steps at the schedule's tail; a 400-step polish;
#   - reading (~85-125 min, by the machine): a two-layer vision side without attention between
#     patches that reads, trained on word windows (18,000 steps); the decoder goes on under it,
#     frozen, with whole 1120 images whose soft tokens are computed once (2,700 steps and
#     2,000 more);
#   - counting (~14 min): 1,500 steps of the decoder with the count's readout cleaned up;
#     then (~8 min) 1,500 steps of the last layer alone, mostly at 280.
# The committed weights: the base model's stages run one at a time (2026-12-01/02), the
# reading part with these commands (2026-12-03: up to the first decoder schedule in one run,
# its 2,000 more steps in a second), the counting part with its command (2026-12-03), the
# readout stage from the weights the counting part had exported (2026-12-04). Run again, the
# first decoder schedule, its 2,000 more steps and the counting part each gave the same
# weights byte for byte. Since then (2026-12-05) train.py supervises the shape-of-a-colour
# lookup at the answer token that names the shape (attention_targets.answer_token), not at
# "A" before it: with today's scripts every train.py stage here trains otherwise, so this
# script no longer repeats the committed weights, and its result with the fix is unmeasured.
# The 83-minute recipe measured with the fix, six stages without stage 2, is in
# bench/demo-model/RESULTS.md (all rows but the count met).
# Each stage marks its end in BUILD_DIR/demo-train/done; run again after a stop (a closed
# session, a reboot), the script skips the marked stages and goes on from the first unmarked
# one, whose own start it repeats. Each stage is a process of its own that reads only files,
# so a run stopped and started again gives the weights of an unbroken one. A mark does not know
# which scripts made its stage: after changing one, remove BUILD_DIR/demo-train (to start over)
# or the marks of that stage and the ones after it.
#   scripts/demo-model/retrain.sh [BUILD_DIR]      (default build/dev)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build/dev}
cli=$build/app/cli/facet-cli
work=$build/demo-train
python=/usr/bin/python3
mkdir -p "$work"
case "$(readlink -f "/usr/lib/$(gcc -print-multiarch)/libblas.so.3")" in
*openblas*) ;;
*) echo "retrain.sh: the system BLAS is not OpenBLAS; torch's matmuls will be ~35x slower." >&2
   echo "  install libopenblas0-pthread (scripts/setup.sh does)" >&2 ;;
esac
# The same seeds give the same weights only where the arithmetic is the same: OpenBLAS and
# torch pick their kernels by the CPU, and a kernel sums in its own order. Forced to OpenBLAS's
# SkylakeX kernels, or to torch's AVX-512 ones, the vision stage's checkpoint differs after 40
# steps, and the held-out kind after 500 steps is 32 % or 38 % instead of 46 %
# (bench/demo-model/RESULTS.md). Pinned to the AVX2 kernels (OpenBLAS's Haswell, torch's avx2,
# oneDNN's AVX2: what they pick unpinned on an AMD EPYC of family 26, where the reading part's
# decoder schedules and the counting part were repeated byte for byte), any x86-64 CPU with
# AVX2 and FMA should repeat a run bit for bit. The base part was made with other kernels: on
# that EPYC its vision stage departs from the recorded run, so the base weights differ there.
if grep -qw avx2 /proc/cpuinfo && grep -qw fma /proc/cpuinfo; then
    export OPENBLAS_CORETYPE=Haswell ATEN_CPU_CAPABILITY=avx2 ONEDNN_MAX_CPU_ISA=AVX2 \
           DNNL_MAX_CPU_ISA=AVX2
else
    echo "retrain.sh: this CPU has no AVX2 and FMA; the run will not repeat one made on a" >&2
    echo "  CPU with them bit for bit (its kernels sum in another order)" >&2
fi
# todo NAME: true unless stage NAME has finished in an earlier run; mark NAME: it has finished
# (with its time, so that a run's log gives each stage's minutes)
todo() {
    if [ -e "$work/done/$1" ]; then
        echo "retrain.sh: stage $1 finished before ($(cat "$work/done/$1")); skipped"
        return 1
    fi
    echo "retrain.sh: stage $1 starts at $(date '+%F %T')"
    started=$(date +%s)
}
mark() {
    mkdir -p "$work/done"
    echo "$(($(date +%s) - started)) s, ended $(date '+%F %T')" >"$work/done/$1.part"
    mv "$work/done/$1.part" "$work/done/$1"
    echo "retrain.sh: stage $1 took $(cat "$work/done/$1")"
}
"$cli" make-sim-model "$work/frame-model" --seed 1 >/dev/null  # for its chat template
"$python" "$root/scripts/demo-model/tokens.py" "$cli" "$work/frame-model" "$work/tokens.json"
# One core trains (one BLAS thread), the other draws the images (a data worker).
# glibc's malloc returns large freed blocks to the kernel (mmap'd ones at once, the heap's top
# when it passes a threshold), and a training step allocates and frees hundreds of blocks of
# megabytes (a level-280 batch's attention maps are ~27 MB a layer): each comes back as fresh
# zeroed pages, and the kernel's page work outweighed the arithmetic. Serving blocks up to
# 32 MB (the most glibc allows) from a heap that is never trimmed and grows 1 GB at a time made
# the same steps 2-3x faster on a 2-core machine, with the same checkpoints bit for bit
# (bench/demo-model/RESULTS.md).
export MALLOC_MMAP_THRESHOLD_=33554432 MALLOC_TRIM_THRESHOLD_=17179869184 \
       MALLOC_TOP_PAD_=1073741824
# run SCRIPT ARGS: one of this folder's scripts
run() {
    script=$1
    shift
    OPENBLAS_NUM_THREADS=1 nice -n 5 "$python" "$root/scripts/demo-model/$script" "$@"
}
# Stage 1: the vision side alone learns the shapes (pretrain_vision.py says why); stage 2: all.
if todo vision; then run pretrain_vision.py "$work/vision.pt"; mark vision; fi
# stage2 NAME ARGS: train.py's stage 2 with ARGS, its last checkpoint kept as run/NAME.pt
stage2() {
    if todo "$1"; then
        name=$1
        shift
        run train.py --init-vision "$work/vision.pt" "$@" "$work/tokens.json" "$work/run"
        cp "$work/run/checkpoint.pt" "$work/run/$name.pt"
        mark "$name"
    fi
}
stage2 stage2-3500
# ... then 500 more steps at the schedule's tail (shape of a colour: 87.5 % -> see RESULTS.md)
stage2 stage2-4000 --resume "$work/run/stage2-3500.pt" --steps 4000
# ... then 400 steps of --polish: the mix tilted to counts, shapes of a colour and off-task
# questions at 70-280, some of those starting like a task question (RESULTS.md has the gains)
stage2 stage2-4400 --resume "$work/run/stage2-4000.pt" --steps 4400 --polish
if todo base; then
    "$python" "$root/scripts/demo-model/export.py" "$work/run/stage2-4400.pt" "$work/base.rbln"
    mark base
fi

# Reading (reading_stage.py and whole_cache.py say why each step is there; RESULTS.md has what
# each measured). A fresh two-layer vision side without attention between patches (--local:
# a word's soft tokens are the same in a window and in the whole image) learns letters and
# words on windows around the word, its soft tokens of shape images held to the base side's:
if todo reading; then
    run reading_stage.py "$work/base.rbln" "$work/reading-local.pt" --local --steps 18000 \
        --whole-held-out 40
    mark reading
fi
# whole 1120 images' soft tokens under that side, once (two processes, one per core) ...
cache() {
    if todo "whole-$1"; then
        run whole_cache.py "$work/tokens.json" "$work/reading-local.pt" "$work/whole-$1.pt" \
            --first $((19100000 + 300 * $1)) --count 300
        mark "whole-$1"
    fi
}
for pair in 0 2; do
    cache "$pair" & other=$!
    cache $((pair + 1))
    wait $other  # its exit status: set -e stops here if it failed
done
# ... and the decoder goes on under it, frozen, half its 560/1120 batches those whole images;
# decoder NAME ARGS: its last checkpoint kept as decoder-whole/NAME.pt
decoder() {
    if todo "$1"; then
        name=$1
        shift
        run train.py --init-model "$work/reading-local.pt" --reading --freeze-vision \
            --shared-image --whole-cache "$work"/whole-[0-3].pt --whole-fraction 0.5 --lr 2e-3 \
            "$@" "$work/tokens.json" "$work/decoder-whole"
        cp "$work/decoder-whole/checkpoint.pt" "$work/decoder-whole/$name.pt"
        mark "$name"
    fi
}
decoder decoder-7100 --start 4400 --steps 7100
# ... then 2,000 more steps of the same, its schedule started again (warm-up to 2e-3, cosine
# down): the word on whole images was still rising when the first schedule ended (RESULTS.md)
decoder decoder-9100 --resume "$work/decoder-whole/decoder-7100.pt" --steps 9100
# Counting: 1,500 steps of --polish --count-readout at a quarter of the learning rate (the
# later --lr wins): the count is read from the attention's output, and the counted tokens'
# values are pulled together so that output carries the share alone (attention_targets.py)
decoder decoder-10600 --resume "$work/decoder-whole/decoder-9100.pt" --steps 10600 --polish \
    --count-readout --lr 5e-4
# ... and the count's readout at its goal level: 1,500 steps of the same mix with 55 % of the
# batches at 280 and every 560/1120 batch a word window, only the last layer and the final
# norm trained, from the weights as exported (bf16: the committed weights were made from the
# committed step-10,600 weights this way)
if todo readout; then
    "$python" "$root/scripts/demo-model/export.py" "$work/decoder-whole/decoder-10600.pt" \
        "$work/decoder-10600.rbln"
    run train.py --init-weights "$work/decoder-10600.rbln" --start 10600 --steps 12100 \
        --polish --count-readout --shared-image --freeze-vision --whole-fraction 0 \
        --level-weights 0.1,0.1,0.55,0.05,0.2 --lr 1e-3 --train-only text_layers.3.,final_norm \
        "$work/tokens.json" "$work/readout"
    mark readout
fi
"$python" "$root/scripts/demo-model/export.py" "$work/readout/checkpoint.pt" \
    "$root/resources/demo-model/weights.rbln"
echo "now rebuild (the demo-model folder is rewritten from the new weights) and measure:"
echo "  $python $root/bench/demo-model/accuracy.py --cli $cli"
