"""Style sweep: real records written in styles `citecheck bench` does not render (Nature,
Vancouver, Harvard, ACM, ACS, numbered, LLM Markdown, \\bibitem), plus MINOR and fabricated
variants — a check on citation forms the benchmark generator never produces.

Usage (needs ../shared/data/corpus):
    python benchmarks/style_sweep.py --seed 20240611 --out /tmp/sweep.jsonl
    citecheck index build /tmp/full.db ../shared/data/corpus/*.jsonl.gz
    citecheck check --offline --index /tmp/full.db --format jsonl --fail-on never /tmp/sweep.jsonl > /tmp/pred.jsonl
    python benchmarks/style_sweep.py --score /tmp/sweep.jsonl /tmp/pred.jsonl

A robustness probe (2026-12-03); results: docs/benchmarks.md, "Style sweep". `--styles iop` writes every
item in the IOP author–year layout instead (2026-12-04 evening).
"""

import argparse
import copy
import glob
import gzip
import json
import random
import re
import unicodedata
from collections import Counter
from pathlib import Path

rng = random.Random(20240611)
CORPUS = str(Path(__file__).resolve().parents[1].parent / "shared" / "data" / "corpus") + "/"
OUT = "/tmp/sweep.jsonl"
QUOTA = {"arxiv-browse": 15, "bibliotex": 25, "hyydiffxs-atlas-cms": 15, "paperscape-1991-1996": 25,
         "refchecker-api-cache": 22, "semanticscholar-cassettes": 25, "habanero-cassettes": 10,
         "hallmark-valid": 13}

ABBR = {"Physical": "Phys.", "Physics": "Phys.", "Review": "Rev.", "Reviews": "Rev.", "Letters": "Lett.",
        "Journal": "J.", "International": "Int.", "Modern": "Mod.", "Nuclear": "Nucl.", "Applied": "Appl.",
        "Chemical": "Chem.", "Chemistry": "Chem.", "Materials": "Mater.", "Science": "Sci.",
        "Sciences": "Sci.", "Condensed": "Condens.", "Matter": "Matter", "Communications": "Commun.",
        "European": "Eur.", "American": "Am.", "Society": "Soc.", "Proceedings": "Proc.",
        "National": "Natl.", "Academy": "Acad.", "Magnetism": "Magn.", "Magnetic": "Magn.",
        "Research": "Res.", "Mathematical": "Math.", "Mathematics": "Math.", "Theoretical": "Theor.",
        "Experimental": "Exp.", "Instruments": "Instrum.", "Methods": "Methods", "Advances": "Adv.",
        "Annals": "Ann.", "Computer": "Comput.", "Computational": "Comput.", "Engineering": "Eng.",
        "Transactions": "Trans.", "Statistical": "Stat.", "Mechanics": "Mech.", "Optics": "Opt.",
        "Solid": "Solid", "State": "State", "Biology": "Biol.", "Molecular": "Mol.", "Systems": "Syst.",
        "Learning": "Learn.", "Machine": "Mach.", "Intelligence": "Intell.", "Artificial": "Artif.",
        "Information": "Inf.", "Processing": "Process.", "Neural": "Neural", "Nature": "Nat.",
        "Progress": "Prog.", "Classical": "Class.", "Quantum": "Quantum", "Gravity": "Grav.",
        "High": "High", "Energy": "Energy", "Astrophysical": "Astrophys.", "Astronomy": "Astron.",
        "Superconductivity": "Supercond.", "Low": "Low", "Temperature": "Temp."}
STOP = {"of", "the", "and", "in", "for", "on", "&", "The"}


def abbrev(journal: str, dots: bool = True) -> str:
    words = [w for w in journal.replace(":", "").split() if w not in STOP]
    out = [ABBR.get(w, w) for w in words]
    s = " ".join(out)
    return s if dots else s.replace(".", "")


def strip_acc(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


def sentence_case(t: str) -> str:
    ws = t.split(" ")
    out = []
    for i, w in enumerate(ws):
        if i == 0 or any(c.isupper() for c in w[1:]) or any(c.isdigit() for c in w) or (i > 0 and ws[i-1].endswith(":")):
            out.append(w)
        else:
            out.append(w.lower())
    return " ".join(out)


SMALL = {"a", "an", "the", "and", "or", "of", "in", "on", "at", "to", "for", "by", "with", "from", "via"}


def title_case(t: str) -> str:
    ws = t.split(" ")
    return " ".join(w if (i and w.lower() in SMALL) or not w[:1].islower() else w[:1].upper() + w[1:]
                    for i, w in enumerate(ws))


def inits(given: str, dots=True, space=True) -> str:
    out = []
    for tok in given.replace(".", ". ").split():
        if "-" in tok.strip("-"):
            out.append("-".join(p[0] + ("." if dots else "") for p in tok.split("-") if p))
        elif tok[0].isalpha():
            out.append(tok[0] + ("." if dots else ""))
    return (" " if space and dots else "").join(out)


def fam(n):
    return " ".join(p for p in (n.get("non-dropping-particle"), n.get("family")) if p)


def year(r):
    try:
        return r["issued"]["date-parts"][0][0]
    except Exception:
        return None


def pages(r, style):
    p = r.get("page")
    if not p:
        return None
    p = p.replace("–", "-").replace("--", "-")
    if "-" in p and style == "vancouver":
        a, b = p.split("-", 1)
        if a.isdigit() and b.isdigit() and len(a) == len(b):
            i = 0
            while i < len(a) - 1 and a[i] == b[i]:
                i += 1
            return f"{a}-{b[i:]}"
    if style in ("nature", "acm", "md"):
        return p.replace("-", "–")
    return p


def authors(r, style, etal_after=None, accents=True):
    ns = [n for n in r.get("author", []) if n.get("family") or n.get("literal")]
    if etal_after and len(ns) > etal_after:
        ns, etal = ns[:1] if style != "vancouver" else ns[:6], True
    else:
        etal = False
    def one(n):
        if n.get("literal"):
            return n["literal"]
        f, g = fam(n), n.get("given") or ""
        if not accents:
            f, g = strip_acc(f), strip_acc(g)
        if style == "nature":
            return f"{f}, {inits(g)}" if g else f
        if style in ("vancouver", "iop"):
            return f"{f} {inits(g, dots=False)}".strip()
        if style == "harvard":
            return f"{f}, {inits(g, space=False)}" if g else f
        if style == "acm":
            return f"{g} {f}".strip()
        if style == "acs":
            return f"{f}, {inits(g)}" if g else f
        if style == "md":
            return f"{inits(g)} {f}".strip()
        if style == "bibitem":
            return f"{inits(g)}~{f}".strip("~")
        return f"{g} {f}"
    names = [one(n) for n in ns]
    if style == "vancouver":
        s = ", ".join(names)
        return s + (", et al" if etal else "")
    if etal:
        return names[0] + " et al."
    if len(names) == 1:
        return names[0]
    if style == "nature":
        return ", ".join(names[:-1]) + " & " + names[-1]
    if style == "harvard":
        return ", ".join(names[:-1]) + " and " + names[-1]
    if style == "acm":
        return ", ".join(names[:-1]) + ", and " + names[-1] if len(names) > 2 else " and ".join(names)
    if style == "acs":
        return "; ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def arx(r):
    a = r.get("custom", {}).get("arxiv")
    if not a:
        return None
    form = rng.choice(["arXiv:{a}", "arXiv:{a}v2", "arXiv preprint arXiv:{a}", "https://arxiv.org/abs/{a}"])
    return form.format(a=a)


def doi(r):
    d = r.get("DOI")
    if not d or d.lower().startswith("10.48550"):
        return None
    return rng.choice(["doi:{d}", "https://doi.org/{d}", "DOI: {d}", "{d}", "http://dx.doi.org/{d}"]).format(d=d)


def render(r, style, accents=True, tcase=None):
    t = r.get("title") or ""
    if tcase == "sentence":
        t = sentence_case(t)
    elif tcase == "title":
        t = title_case(t)
    y = year(r)
    j = r.get("container-title")
    if isinstance(j, list):
        j = j[0] if j else None
    js = r.get("container-title-short") or (abbrev(j) if j else None)
    v, iss = r.get("volume"), r.get("issue")
    p = pages(r, style)
    ax, dd = arx(r), doi(r)
    etal = rng.choice([None, 3, 5]) if style != "vancouver" else 6
    A = authors(r, style, etal, accents)
    if style == "nature":
        s = f"{A}. {t}. "
        if j and v:
            s += f"{js} {v}, {p + ' ' if p else ''}({y})." if p else f"{js} {v} ({y})."
            s = s.replace(f", {p} (", f", {p} (") if p else s
        elif ax:
            s += f"Preprint at {ax} ({y})."
        elif j:
            s += f"{j} ({y})."
        else:
            s += f"({y})."
        if dd and rng.random() < 0.5:
            s += f" {dd}"
    elif style == "iop":
        # IOP / Harvard physics: "Novoselov K S and Geim A K 2005 Title Nature 438 197" — nothing
        # between the title and the journal
        s = f"{A} {y} {t} "
        if j and v:
            name = j if len(j.split()) == 1 else js
            s += f"{name} {v}" + (f" {p.split('-')[0]}" if p else "")
        elif ax:
            s += ax
        elif j:
            s += j
    elif style == "vancouver":
        s = f"{A}. {t}. "
        if j:
            s += f"{abbrev(j, dots=False)}. {y}"
            if v:
                s += f";{v}"
                if iss:
                    s += f"({iss})"
            if p:
                s += f":{p}"
            s += "."
        else:
            s += f"{y}."
        if dd and rng.random() < 0.5:
            s += f" doi:{r['DOI']}"
        elif ax and rng.random() < 0.5:
            s += f" {ax}"
    elif style == "harvard":
        s = f"{A}, {y}. {t}. "
        if j:
            s += f"{j}"
            if v:
                s += f", {v}"
                if iss:
                    s += f"({iss})"
            if p:
                s += f", pp.{p}" if "-" in p else f", p.{p}"
            s += "."
        elif ax:
            s += f"{ax}."
        if dd and rng.random() < 0.5:
            s += f" Available at: https://doi.org/{r['DOI']}."
    elif style == "acm":
        s = f"{A}. {y}. {t}. "
        if j:
            conf = r.get("type") == "paper-conference"
            s += ("In " if conf else "") + j
            if v and not conf:
                s += f" {v}"
                if iss:
                    s += f", {iss}"
                s += f" ({y})"
            if p:
                s += f", {p}"
            s += "."
        elif ax:
            s += f"{ax}."
        if r.get("DOI") and not r["DOI"].lower().startswith("10.48550") and rng.random() < 0.6:
            s += f" https://doi.org/{r['DOI']}"
    elif style == "acs":
        s = f"{A} {t}. "
        if j:
            s += f"{js} {y}"
            if v:
                s += f", {v}"
            if p:
                s += f", {p.split('-')[0]}"
            s += "."
        else:
            s += f"{ax + ', ' if ax else ''}{y}."
        if dd and rng.random() < 0.4:
            s += f" {dd}."
    elif style == "md":
        s = rng.choice(["1. ", "- ", "* ", "[3] ", ""])
        s += f"{A} ({y}). **{t}**. "
        if j:
            s += f"*{j}*"
            if v:
                s += f", *{v}*"
            if iss:
                s += f"({iss})"
            if p:
                s += f", {p}"
            s += "."
        if ax:
            a = r["custom"]["arxiv"]
            s += f" [arXiv:{a}](https://arxiv.org/abs/{a})"
        elif dd:
            s += f" [{r['DOI']}](https://doi.org/{r['DOI']})"
    elif style == "bibitem":
        key = (fam(r["author"][0]) if r.get("author") else "x").replace(" ", "") + str(y)
        s = f"\\bibitem{{{key}}} {A}, \\emph{{{t}}}, "
        if j and v:
            s += f"{js} \\textbf{{{v}}}" + (f", {p.split('-')[0]}" if p else "") + f" ({y})"
        else:
            s += f"({y})"
        if ax:
            s += f", {ax}"
        s += "."
    else:  # numbered plain
        s = f"[{rng.randint(1, 80)}] {A}, {t}, {j + ', ' if j else ''}{'vol. ' + str(v) + ', ' if v else ''}{'pp. ' + p + ', ' if p else ''}{y}."
    s = re.sub(r"(?<!\.)\.\.(?!\.)", ".", s)
    s = re.sub(r"(?<!\.)\.\.(?!\.)", ".", s)
    return re.sub(r"\s+", " ", s).strip()


STYLES = ["nature", "vancouver", "harvard", "acm", "acs", "md", "bibitem", "numbered"]
# also rendered on request (--styles), not in the default sweep (whose items stay as they were)
EXTRA_STYLES = ["iop"]


def load():
    recs = {}
    for f in sorted(glob.glob(CORPUS + "*.jsonl.gz")):
        name = f.split("/")[-1].replace(".jsonl.gz", "")
        with gzip.open(f, "rt", encoding="utf-8") as fh:
            rs = [json.loads(line) for line in fh]
        rs = [r for r in rs if r.get("title") and r.get("author") and year(r) and len(r["title"]) > 15
              and not any(re.search(r"\d", (n.get("family") or "") + (n.get("given") or "")) for n in r["author"])]
        recs[name] = rs
    return recs


FIRST = ["Maria", "Jun", "Alexei", "Sophie", "Rahul", "Elena", "Thomas", "Yuki", "Carlos", "Anna", "Wei", "David",
         "Fatima", "Lars", "Priya", "Marco", "Ingrid", "Hiroshi", "Laura", "Pavel"]
LAST = ["Lindqvist", "Okafor", "Brennan", "Takahashi", "Moreau", "Varga", "Castellano", "Nakamura", "Whitfield",
        "Kowalczyk", "Haddad", "Rossetti", "Feldman", "Zhou", "Petrov", "Albrecht", "Sandoval", "Kaur", "Dubois",
        "Eriksen"]
T1 = ["Emergent", "Anomalous", "Scalable", "Robust", "Nonlinear", "Topological", "Adaptive", "Unified",
      "Efficient", "Hierarchical", "Coherent", "Sparse"]
T2 = ["spin transport", "phonon softening", "graph attention", "contrastive pretraining", "vortex dynamics",
      "charge density waves", "policy optimization", "neutrino oscillations", "magnon hybridization",
      "token pruning", "Kondo screening", "diffusion sampling"]
T3 = ["in layered kagome magnets", "for low-resource machine translation", "in strained oxide heterostructures",
      "under periodic driving", "with implicit neural representations", "near a quantum critical point",
      "in large language models", "at the LHC", "in frustrated pyrochlore lattices", "for molecular property prediction"]


def fake_authors(k):
    return [{"family": rng.choice(LAST), "given": rng.choice(FIRST)} for _ in range(k)]


def fake_title():
    return f"{rng.choice(T1)} {rng.choice(T2)} {rng.choice(T3)}"


def main():
    recs = load()
    chosen = []
    for name, q in QUOTA.items():
        for r in rng.sample(recs[name], q):
            chosen.append((name, r))
    out = []
    for i, (src, r) in enumerate(chosen):
        style = STYLES[i % len(STYLES)]
        text = render(r, style, accents=rng.random() < 0.7, tcase=rng.choice([None, None, "sentence", "title"]))
        out.append({"id": f"f{i:03d}", "text": text, "label": "EXACT", "src": src, "rid": r["id"], "style": style})
    # MINOR
    pool = rng.sample(chosen, 55)
    for i, (src, r) in enumerate(pool):
        r2 = copy.deepcopy(r)
        kinds = ["year"]
        if r2.get("volume") and str(r2["volume"]).isdigit():
            kinds.append("volume")
        if len(r2["author"]) >= 2:
            kinds += ["dropped", "misspell"]
        else:
            kinds.append("misspell")
        k = rng.choice(kinds)
        force_all = False
        if k == "year":
            r2["issued"] = {"date-parts": [[year(r) + rng.choice([-1, 1])]]}
        elif k == "volume":
            r2["volume"] = str(int(r2["volume"]) + rng.choice([-2, -1, 1, 3]))
        elif k == "dropped":
            del r2["author"][rng.randrange(1, len(r2["author"]))]
            force_all = True
        else:
            j = rng.randrange(len(r2["author"])) if len(r2["author"]) <= 3 else 0
            f = r2["author"][j].get("family") or ""
            if len(f) >= 4:
                p = rng.randrange(1, len(f) - 1)
                f2 = f[:p] + f[p + 1] + f[p] + f[p + 2:] if f[p] != f[p + 1] else f[:p] + f[p + 1:]
                r2["author"][j]["family"] = f2
            else:
                r2["issued"] = {"date-parts": [[year(r) + 1]]}
                k = "year"
        style = rng.choice(STYLES)
        if force_all:
            # show every author so the drop is visible
            r2["author"] = r2["author"][:5]
            if len(r["author"]) > 6:
                continue
        text = render(r2, style, accents=True)
        if k in ("dropped",) and "et al" in text:
            continue
        if k == "volume" and str(r2["volume"]) not in text:
            continue
        if k == "misspell" and r2["author"][0]["family"] not in text and (len(r2["author"]) < 2 or r2["author"][1]["family"] not in text):
            continue
        out.append({"id": f"m{i:03d}", "text": text, "label": "MINOR", "src": src, "rid": r["id"], "style": style, "kind": k})
    # MAJOR
    for i in range(50):
        src, r = rng.choice(chosen)
        r2 = copy.deepcopy(r)
        k = rng.choice(["fab", "fab", "doi"]) if r.get("DOI") else "fab"
        r2["title"] = fake_title()
        if k == "fab":
            r2["author"] = fake_authors(rng.randint(1, 4))
            r2.pop("DOI", None)
            r2.get("custom", {}).pop("arxiv", None)
        else:
            r2["author"] = fake_authors(rng.randint(1, 3))
        style = rng.choice(STYLES)
        text = render(r2, style)
        if k == "doi" and r["DOI"] not in text:
            text += f" https://doi.org/{r['DOI']}"
        out.append({"id": f"x{i:03d}", "text": text, "label": "MAJOR", "src": src, "rid": r["id"], "style": style, "kind": k})
    with open(OUT, "w") as fh:
        for o in out:
            fh.write(json.dumps(o, ensure_ascii=False) + "\n")
    print(len(out))


def _read_jsonl(path: str) -> list[dict]:
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def score(gold_path: str, pred_path: str) -> None:
    gold = {r["id"]: r for r in _read_jsonl(gold_path)}
    pred = {r["id"]: r for r in _read_jsonl(pred_path)}
    c = Counter((gold[i]["label"], pred[i]["label"]) for i in gold)
    for g in ("EXACT", "MINOR", "MAJOR"):
        print(g, {p: n for (gg, p), n in sorted(c.items()) if gg == g})
    ok = sum(n for (g, p), n in c.items() if g == p)
    print(f"accuracy {ok / len(gold):.3f} ({ok}/{len(gold)})")
    for i, g in gold.items():
        if g["label"] != pred[i]["label"]:
            print("----", i, g["label"], "->", pred[i]["label"], g.get("kind", ""), g["style"])
            print("  ", g["text"])
            print("   ", pred[i].get("rationale"))


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=20240611)
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--score", nargs=2, metavar=("GOLD", "PRED"))
    ap.add_argument("--styles", default=None,
                    help=f"comma-separated styles instead of the default eight (also: {', '.join(EXTRA_STYLES)})")
    args = ap.parse_args()
    if args.styles:
        STYLES[:] = args.styles.split(",")
    if args.score:
        score(*args.score)
    else:
        rng.seed(args.seed)
        OUT = args.out
        main()
