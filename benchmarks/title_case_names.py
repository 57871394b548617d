"""Title Case titles that read like names ("Black Holes and Mirror Symmetry") in physics layouts.

Made-up references (no labelled set holds many): 15 Title Case titles (the "dev" set: five of them are
the ones the name rules of the seventh session of 2026-12-05 were written against), each written in 11 layouts —
IOP, APA, Vancouver, APS with one and with two authors, Chicago-inverted first author, three authors,
two PDF-damaged ones (no space after commas; spaces before punctuation), A&A and "et al." — read by
`reading.combine.read_reference`. A string is right when its title is the whole title, its journal is
found and its authors are the made-up authors only (no title word taken for a name).

A second set of 26 titles ("--set fresh") was written after the rules and never used to change them.

Usage: python benchmarks/title_case_names.py [--set dev|fresh] [--show]
"""

from __future__ import annotations

import argparse

from citecheck.reading.combine import read_reference

TITLES = (
    "Gauge Theories and Gravity", "Black Holes and Mirror Symmetry", "Einstein Gravity and Its Extensions",
    "Young Stars and Their Disks", "Hawking Radiation and Black Holes", "Wilson Lines and Gauge Invariance",
    "Brown Dwarfs and Free Planets", "Gauge Fields and Complex Geometry", "Dirac Fermions and Weyl Semimetals",
    "Majorana Modes and Topological Qubits", "Heavy Quarks and Lattice QCD", "Neutron Stars", "Cosmic Strings",
    "Quantum Field Theory", "Strings, Branes and Dualities",
)
#: written after the rules were, and never used to change them (the "fresh" set)
FRESH_TITLES = (
    "Dark Matter and Dark Energy", "Supersymmetry Breaking and Gauge Mediation", "Solar Neutrinos and Oscillations",
    "Galaxy Clusters and Cosmology", "Quantum Dots and Spin Qubits", "Cold Atoms and Optical Lattices",
    "Entanglement Entropy and Holography", "Axions and the Strong CP Problem", "Inflation and Primordial Perturbations",
    "Topological Phases and Edge States", "Lattice Gauge Theory and Confinement", "Magnetic Monopoles",
    "Gravitational Waves from Binary Mergers", "Spin Glasses", "Random Matrices and Chaos", "Higgs Physics at Colliders",
    "Jet Quenching and Heavy Ions", "Cosmic Rays and Magnetic Fields", "Superfluid Helium and Vortices",
    "Weyl Semimetals", "Bose Condensates and Solitons", "Light Scalars and Fifth Forces", "Black Hole Thermodynamics",
    "Charm Mesons and Baryons", "Grand Unification and Proton Decay", "Moduli Stabilization and Flux Vacua",
)
LAYOUTS = (
    "Author A B and Writer C 1999 {t} Phys. Rev. D 12 345",
    "Author, A. B., & Writer, C. (1999). {t}. Phys. Rev. D, 12, 345.",
    "Author AB, Writer C. {t}. Phys Rev D. 1999;12:345.",
    "A. B. Author, {t}, Phys. Rev. D 12, 345 (1999).",
    "A. B. Author and C. Writer, {t}, Phys. Rev. D 12, 345 (1999).",
    "Author, A. B., {t}, Phys. Rev. D 12, 345 (1999).",
    "A. Author, B. Writer, C. Third, {t}, Phys. Rev. D 12, 345 (1999).",
    "A. B. Author, C. Writer,{t},Phys.Rev.D12,345(1999).",
    "A. B. Author, C. Writer, {t} , Phys .Rev .D 12 ,345 ( 1999 ).",
    "Author A., Writer C., 1999, {t}, Phys. Rev. D, 12, 345",
    "A. B. Author et al., {t}, Phys. Rev. D 12, 345 (1999).",
)
AUTHORS = frozenset({"Author", "Writer", "Third"})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--show", action="store_true", help="print the strings read wrong")
    ap.add_argument("--set", choices=("dev", "fresh"), default="dev",
                    help="dev: the titles the rules were written against (with others); fresh: titles written after")
    args = ap.parse_args(argv)
    titles = TITLES if args.set == "dev" else FRESH_TITLES
    wrong = 0
    for title in titles:
        for layout in LAYOUTS:
            text = layout.format(t=title)
            rec = read_reference(text).record
            families = [a.family for a in rec.author]
            right = ((rec.title or "").replace(" ", "") == title.replace(" ", "") and bool(rec.container_title)
                     and all(f in AUTHORS for f in families))
            if not right:
                wrong += 1
                if args.show:
                    print(f"{text}\n    title {rec.title!r}, authors {families}, journal {rec.container_title!r}")
    n = len(titles) * len(LAYOUTS)
    print(f"{n - wrong} of {n} read right ({(n - wrong) / n:.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
