"""Build the physics benchmark from real corpus records: faithful, MINOR-drifted and MAJOR-fabricated
citations over nine subfields, split into validation and test, reproducible from a seed.

    items = build_benchmark(sorted(Path("../shared/data/corpus").glob("*.jsonl.gz")), seed=0)
    write_benchmark(Path("benchmarks/physics"), items, ...)

Reproducibility: one `random.Random(seed)`, inputs read in sorted order, no set iteration and no
clock; the same corpus files and seed give the same bytes.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

from citecheck.bench.corrupt import Context, Corruption, Corruptor, ProgrammaticCorruptor
from citecheck.bench.dataset import BenchItem, summary, write_dataset, write_jsonl
from citecheck.bench.pool import SUBFIELDS, Pool, PoolRecord, load_pool
from citecheck.bench.render import STYLES, Rendered, RenderOptions, render
from citecheck.errors import CitecheckError
from citecheck.model import Record

GENERATOR_VERSION = "1"
#: the paper's label mix: ≈36 % valid, ≈31 % minor drift, ≈33 % major fabrication
LABEL_MIX: dict[str, float] = {"EXACT": 0.36, "MINOR": 0.31, "MAJOR": 0.33}
#: share of records drawn from those with a journal reference or DOI (when there are enough)
RICH_SHARE = 0.75
_KEYS = frozenset({"title", "DOI", "arxiv"})
_JVP = frozenset({"container-title", "volume", "page"})


class BenchmarkError(CitecheckError, RuntimeError):
    """The corpus cannot supply what was asked (too few records in a subfield, ...)."""


@dataclass(frozen=True)
class _Slot:
    subfield: str
    label: str


def label_counts(size: int) -> dict[str, int]:
    """Largest-remainder split of `size` by LABEL_MIX."""
    raw = {k: v * size for k, v in LABEL_MIX.items()}
    counts = {k: int(v) for k, v in raw.items()}
    left = size - sum(counts.values())
    for k in sorted(raw, key=lambda k: (-(raw[k] - counts[k]), k))[:left]:
        counts[k] += 1
    return counts


def _slots(size: int) -> list[_Slot]:
    """Labels in blocks, subfields cycled: every subfield gets (nearly) the same label mix."""
    labels = [lab for lab, n in label_counts(size).items() for _ in range(n)]
    return [_Slot(SUBFIELDS[i % len(SUBFIELDS)], lab) for i, lab in enumerate(labels)]


def _draw_order(records: list[PoolRecord], rng: Random) -> list[PoolRecord]:
    """Records of one subfield, shuffled, preferring those with richer metadata."""
    rich = [r for r in records if r.rich]
    poor = [r for r in records if not r.rich]
    rng.shuffle(rich)
    rng.shuffle(poor)
    out: list[PoolRecord] = []
    while rich or poor:
        take_rich = rich and (not poor or rng.random() < RICH_SHARE)
        out.append((rich if take_rich else poor).pop())
    return out


def identifiable(shown: frozenset[str], changed: frozenset[str]) -> bool:
    """Can the real work still be found from what the citation shows correctly?"""
    intact = shown - changed
    if intact & _KEYS:
        return True
    if intact >= _JVP:
        return True
    # a title with one word changed or dropped still finds its work, helped by the authors
    return "title" in shown and changed == frozenset({"title"}) and "author" in shown


def _abbreviations(pool: Pool) -> dict[str, str]:
    """Full journal title → the abbreviation the corpus uses most for it."""
    pairs: dict[str, Counter[str]] = defaultdict(Counter)
    for pr in pool.records:
        r = pr.record
        if r.container_title and r.container_title_short:
            pairs[r.container_title][r.container_title_short] += 1
    out = {}
    for full, c in sorted(pairs.items()):
        abbrev = sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        if not re.search(r"[a-z][A-Z]", abbrev):  # "Lect. NotesPhys.": glued words in the source
            out[full] = abbrev
    return out


class _Builder:
    def __init__(self, pool: Pool, corruptor: Corruptor, rng: Random) -> None:
        self.pool = pool
        self.corruptor = corruptor
        self.rng = rng
        by_sub = pool.by_subfield()
        self.ctx = Context(known=pool.known, by_subfield={k: by_sub[k] for k in sorted(by_sub)})
        self.queues = {s: _draw_order(by_sub.get(s, []), rng) for s in SUBFIELDS}
        self.abbrev = _abbreviations(pool)
        self.kind_counts: Counter[str] = Counter()
        self.style_counts: Counter[str] = Counter()

    # styles: least-used first (ties by the seeded rng), so the mix stays even
    def _style_order(self, fmt_any: bool = True) -> list[str]:
        styles = list(STYLES)
        self.rng.shuffle(styles)
        return sorted(styles, key=lambda s: self.style_counts[s])

    def _kind_order(self, label: str) -> list[str]:
        kinds = list(self.corruptor.kinds(label))
        self.rng.shuffle(kinds)
        return sorted(kinds, key=lambda k: self.kind_counts[k])

    def _render(self, record: Record, requires: frozenset[str], changed: frozenset[str],
                label: str, all_authors: bool) -> Rendered | None:
        opts = RenderOptions(show=requires, all_authors=all_authors, abbreviations=self.abbrev)
        for style in self._style_order():
            out = render(record, style, self.rng, opts)
            if out is None:
                continue
            if label != "MAJOR" and not identifiable(out.shown, changed):
                continue
            self.style_counts[style] += 1
            return out
        return None

    def _take(self, subfield: str, accept: Any, scan: int = 400) -> tuple[PoolRecord, Any] | None:
        """First record of the subfield's queue that `accept` turns into something."""
        queue = self.queues[subfield]
        for i, pr in enumerate(queue[:scan]):
            result = accept(pr)
            if result is not None:
                del queue[i]
                return pr, result
        return None

    def exact(self, subfield: str) -> tuple[PoolRecord, Corruption, Rendered] | None:
        def accept(pr: PoolRecord) -> tuple[Corruption, Rendered] | None:
            corr = Corruption(pr.record, "none", "")
            out = self._render(pr.record, frozenset(), frozenset(), "EXACT", False)
            return None if out is None else (corr, out)

        got = self._take(subfield, accept)
        return None if got is None else (got[0], *got[1])

    def minor(self, subfield: str) -> tuple[PoolRecord, Corruption, Rendered] | None:
        kinds = self._kind_order("MINOR")

        def accept(pr: PoolRecord) -> tuple[Corruption, Rendered] | None:
            for kind in kinds:
                corr = self.corruptor.corrupt(pr, "MINOR", kind, self.ctx, self.rng)
                if corr is None:
                    continue
                out = self._render(corr.record, corr.requires, corr.changed, "MINOR",
                                   corr.all_authors)
                if out is not None:
                    return corr, out
            return None

        got = self._take(subfield, accept)
        if got is None:
            return None
        self.kind_counts[got[1][0].kind] += 1
        return got[0], *got[1]

    def major(self, subfield: str) -> tuple[PoolRecord | None, Corruption, Rendered] | None:
        for kind in self._kind_order("MAJOR"):
            if kind.startswith("real_"):
                def accept(pr: PoolRecord, kind: str = kind) -> tuple[Corruption, Rendered] | None:
                    corr = self.corruptor.corrupt(pr, "MAJOR", kind, self.ctx, self.rng)
                    if corr is None:
                        return None
                    out = self._render(corr.record, corr.requires, corr.changed, "MAJOR", False)
                    return None if out is None else (corr, out)

                got = self._take(subfield, accept, scan=200)
                if got is None:
                    continue
                self.kind_counts[kind] += 1
                return got[0], *got[1]
            # fabrications borrow a template's shape; the template stays available
            candidates = self.ctx.by_subfield.get(subfield) or []
            for _ in range(30):
                template = self.rng.choice(candidates)
                corr = self.corruptor.corrupt(template, "MAJOR", kind, self.ctx, self.rng)
                if corr is None:
                    continue
                out = self._render(corr.record, corr.requires, corr.changed, "MAJOR", False)
                if out is not None:
                    self.kind_counts[kind] += 1
                    return None, corr, out
        return None


def _item(n: int, subfield: str, label: str, src: PoolRecord | None, corr: Corruption,
          out: Rendered) -> BenchItem:
    cited = corr.record.to_csl()
    cited.pop("id", None)
    return BenchItem(
        id=f"tmp{n}", split="", label=label,
        corruption=corr.kind, subfield=subfield, style=out.style,
        format=out.format,
        text=out.text, shown=sorted(out.shown), changed=sorted(corr.changed), detail=corr.detail,
        source_id=src.record.id if src else None, source_file=src.file if src else None,
        template_id=corr.template_id, source=src.record.to_csl() if src else None, cited=cited,
    )


def _largest_remainder(sizes: dict[str, int], total: int, rng: Random) -> dict[str, int]:
    """Integer shares of `total` proportional to `sizes`; ties broken by the seeded rng."""
    whole = sum(sizes.values())
    quota = {k: v * total / whole if whole else 0.0 for k, v in sizes.items()}
    take = {k: int(q) for k, q in quota.items()}
    tie = {k: rng.random() for k in sorted(sizes)}
    order = sorted(quota, key=lambda k: (-(quota[k] - take[k]), tie[k]))
    for k in order[: total - sum(take.values())]:
        take[k] += 1
    return take


def _split(items: list[BenchItem], val_size: int, rng: Random) -> None:
    """Stratified by label, then by subfield within each label: exactly val_size to validation,
    with the label mix of validation as close to the whole as integers allow."""
    by_label: dict[str, list[BenchItem]] = defaultdict(list)
    for item in items:
        by_label[item.label].append(item)
    label_take = _largest_remainder({k: len(v) for k, v in sorted(by_label.items())}, val_size, rng)
    for label in sorted(by_label):
        cells: dict[str, list[BenchItem]] = defaultdict(list)
        for item in by_label[label]:
            cells[item.subfield].append(item)
        take = _largest_remainder({k: len(v) for k, v in sorted(cells.items())},
                                  label_take[label], rng)
        for sub in sorted(cells):
            members = cells[sub]
            rng.shuffle(members)
            for i, item in enumerate(members):
                item.split = "validation" if i < take[sub] else "test"


def build_benchmark(
    corpus_files: Sequence[Path],
    *,
    seed: int = 0,
    size: int = 982,
    val_size: int = 190,
    corruptor: Corruptor | None = None,
    collision_files: Sequence[Path] | None = None,
    id_prefix: str = "phys",
    pool: Pool | None = None,
) -> list[BenchItem]:
    """Labelled citations drawn from `corpus_files` (see module doc); validation items first.

    `collision_files` are extra corpus files that fabricated titles/identifiers must also avoid
    (the dev set draws from the permissive files only but avoids the whole corpus).
    """
    if not 0 <= val_size <= size:
        raise ValueError(f"need 0 ≤ val_size ≤ size, got {val_size} and {size}")
    rng = Random(seed)
    pool = pool or load_pool(corpus_files, collision_files)
    builder = _Builder(pool, corruptor or ProgrammaticCorruptor(), rng)
    items: list[BenchItem] = []
    short: Counter[str] = Counter()
    for n, slot in enumerate(_slots(size)):
        sub = slot.subfield
        made: tuple[PoolRecord | None, Corruption, Rendered] | None = None
        # a subfield that runs out of suitable records hands its slot to the next subfields
        for attempt in range(len(SUBFIELDS)):
            sub = SUBFIELDS[(SUBFIELDS.index(slot.subfield) + attempt) % len(SUBFIELDS)]
            if slot.label == "EXACT":
                made = builder.exact(sub)
            elif slot.label == "MINOR":
                made = builder.minor(sub)
            else:
                made = builder.major(sub)
            if made is not None:
                break
            short[slot.subfield] += 1
        if made is None:
            raise BenchmarkError(f"the corpus cannot supply a {slot.label} item (slot {n}); "
                                 f"short in: {dict(short)}")
        src, corr, out = made
        items.append(_item(n, sub, slot.label, src, corr, out))
    _split(items, val_size, rng)
    rng.shuffle(items)
    items.sort(key=lambda i: 0 if i.split == "validation" else 1)
    for n, item in enumerate(items):
        item.id = f"{id_prefix}-{n:04d}"
    return items


def manifest(items: Sequence[BenchItem], pool_hashes: dict[str, str], *, seed: int, size: int,
             val_size: int, corruptor: str, collision: Sequence[str] = ()) -> dict[str, Any]:
    return {
        "name": "citecheck physics citation benchmark",
        "generator_version": GENERATOR_VERSION,
        "seed": seed,
        "size": size,
        "val_size": val_size,
        "label_mix_target": LABEL_MIX,
        "corruptor": corruptor,
        "corpus_files": dict(sorted(pool_hashes.items())),
        "collision_only_files": sorted(collision),
        "labels": {"EXACT": "real work, faithful", "MINOR": "real work, metadata drifted",
                   "MAJOR": "fabricated work, or a real identifier dressed in another work"},
    }


def generate_to(directory: Path, corpus_files: Sequence[Path], *, seed: int = 0, size: int = 982,
                val_size: int = 190, collision_files: Sequence[Path] | None = None,
                id_prefix: str = "phys") -> list[BenchItem]:
    """Build and write a dataset: a directory (validation.jsonl, test.jsonl, manifest.json), or,
    when `directory` ends in .jsonl, that one file (a `split` field per item) + NAME.manifest.json."""
    pool = load_pool(corpus_files, collision_files)
    corruptor = ProgrammaticCorruptor()
    items = build_benchmark(corpus_files, seed=seed, size=size, val_size=val_size,
                            corruptor=corruptor, collision_files=collision_files,
                            id_prefix=id_prefix, pool=pool)
    extra = sorted(Path(f).name for f in (collision_files or []) if Path(f) not in set(corpus_files))
    info = manifest(items, pool.file_hashes, seed=seed, size=size, val_size=val_size,
                    corruptor=corruptor.name, collision=extra)
    if directory.suffix == ".jsonl":
        write_jsonl(items, directory)
        info["splits"] = {s: summary([i for i in items if i.split == s])
                          for s in sorted({i.split for i in items})}
        directory.with_suffix(".manifest.json").write_text(
            json.dumps(info, indent=2, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    else:
        write_dataset(directory, items, info)
    return items
