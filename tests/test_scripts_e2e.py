"""End to end: references in other scripts and layouts through `citecheck check
--offline` against a small index built in the test from the works' CSL records.

A faithful citation is EXACT; the same citation with its year or an author changed is MINOR; a
fabricated work written in the same layout is MAJOR against an index declared complete
(`--covers all`: absence from it is evidence). The texts are from tests/data/parsing/
other-scripts.jsonl (real works); the CJK records split family and given name ("周" / "飞燕") as
Crossref and CNKI do, while the citations write the name whole ("周飞燕").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from citecheck.cli import app

runner = CliRunner()


def _rec(rid: str, title: str, authors: list[tuple[str, str | None]], year: int, **extra: Any
         ) -> dict[str, Any]:
    names = [{"family": f, "given": g} if g else {"family": f} for f, g in authors]
    return {"id": rid, "type": extra.pop("type", "article-journal"), "title": title, "author": names,
            "issued": {"date-parts": [[year]]}, **extra}


RECORDS = [
    _rec("zhou2017", "卷积神经网络研究综述", [("周", "飞燕"), ("金", "林鹏"), ("董", "军")], 2017,
         **{"container-title": "计算机学报", "volume": "40", "issue": "6", "page": "1229-1251"}),
    _rec("he2014", "大数据下的机器学习算法综述", [("何", "清"), ("李", "宁"), ("罗", "文娟"), ("史", "忠植")],
         2014, **{"container-title": "模式识别与人工智能", "volume": "27", "issue": "4", "page": "327-336"}),
    _rec("li2012", "统计学习方法", [("李", "航")], 2012, type="book", publisher="清华大学出版社",
         **{"publisher-place": "北京"}),
    _rec("aso2013", "多層ニューラルネットワークによる深層表現の学習", [("麻生", "英樹")], 2013,
         **{"container-title": "人工知能学会誌", "volume": "28", "issue": "4", "page": "649-659"}),
    _rec("kamishima2007", "推薦システムのアルゴリズム", [("神嶌", "敏弘")], 2007,
         **{"container-title": "人工知能学会誌", "volume": "22", "issue": "6", "page": "826-837"}),
    _rec("okatani2013", "画像認識のための深層学習", [("岡谷", "貴之")], 2013,
         **{"container-title": "人工知能学会誌", "volume": "28", "issue": "6", "page": "962-974"}),
    _rec("han2007", "채식주의자", [("한", "강")], 2007, type="book", publisher="창비"),
    _rec("ginzburg1950", "К теории сверхпроводимости", [("Гинзбург", "Виталий Лазаревич"),
         ("Ландау", "Лев Давидович")], 1950,
         **{"container-title": "ЖЭТФ", "volume": "20", "issue": "12", "page": "1064-1082"}),
    _rec("kolmogorov1941", "Локальная структура турбулентности в несжимаемой вязкой жидкости при "
         "очень больших числах Рейнольдса", [("Колмогоров", "Андрей Николаевич")], 1941,
         **{"container-title": "Доклады АН СССР", "volume": "30", "issue": "4", "page": "299-303"}),
    _rec("kazantzakis1946", "Βίος και πολιτεία του Αλέξη Ζορμπά", [("Καζαντζάκης", "Νίκος")], 1946,
         type="book", publisher="Δημητράκος"),
    _rec("watson1953", "Molecular structure of nucleic acids; a structure for deoxyribose nucleic acid",
         [("Watson", "J. D."), ("Crick", "F. H. C.")], 1953,
         **{"container-title": "Nature", "volume": "171", "issue": "4356", "page": "737-738"}),
    _rec("lecun2015", "Deep learning", [("LeCun", "Yann"), ("Bengio", "Yoshua"), ("Hinton", "Geoffrey")],
         2015, **{"container-title": "Nature", "volume": "521", "issue": "7553", "page": "436-444"}),
]

#: record id → the faithful citation
FAITHFUL = {
    "zhou2017": "周飞燕，金林鹏，董军．卷积神经网络研究综述［J］．计算机学报，2017，40（6）：1229－1251．",
    "he2014": "何清, 李宁, 罗文娟, 等. 大数据下的机器学习算法综述[J]. 模式识别与人工智能, 2014, 27(4): 327-336.",
    "li2012": "李航. 统计学习方法[M]. 北京: 清华大学出版社, 2012.",
    "aso2013": "麻生英樹: 多層ニューラルネットワークによる深層表現の学習, 人工知能学会誌, Vol. 28, No. 4, "
               "pp. 649-659 (2013).",
    "kamishima2007": "神嶌 敏弘: 推薦システムのアルゴリズム, 人工知能学会誌, Vol. 22, No. 6, pp. 826-837 (2007).",
    "okatani2013": "岡谷貴之：「画像認識のための深層学習」，人工知能学会誌，Vol. 28，No. 6，pp. 962–974（2013）．",
    "han2007": "한강 (2007). 채식주의자. 서울: 창비.",
    "ginzburg1950": "Гинзбург В. Л., Ландау Л. Д. К теории сверхпроводимости // ЖЭТФ. 1950. Т. 20, № 12. "
                    "С. 1064–1082.",
    "kolmogorov1941": "Колмогоров, А. Н. (1941). Локальная структура турбулентности в несжимаемой вязкой "
                      "жидкости при очень больших числах Рейнольдса. Доклады АН СССР, 30(4), 299–303.",
    "kazantzakis1946": "Καζαντζάκης, Ν. (1946). Βίος και πολιτεία του Αλέξη Ζορμπά. Αθήνα: Δημητράκος.",
    "watson1953": "Watson JD, Crick FH. Molecular structure of nucleic acids; a structure for deoxyribose "
                  "nucleic acid. Nature. 1953 Apr 25;171(4356):737-8.",
    "lecun2015": "LECUN Y, BENGIO Y, HINTON G. Deep learning[J]. Nature, 2015, 521(7553): 436-444.",
}

#: a real work cited with its year or one author changed
CORRUPTED = {
    "zhou2017": "周飞燕，金林鹏，董军．卷积神经网络研究综述［J］．计算机学报，2015，40（6）：1229－1251．",
    "he2014": "何清, 王宁, 罗文娟, 等. 大数据下的机器学习算法综述[J]. 模式识别与人工智能, 2014, 27(4): 327-336.",
    "aso2013": "麻生英樹: 多層ニューラルネットワークによる深層表現の学習, 人工知能学会誌, Vol. 28, No. 4, "
               "pp. 649-659 (2011).",
    "ginzburg1950": "Гинзбург В. Л., Лифшиц Е. М. К теории сверхпроводимости // ЖЭТФ. 1950. Т. 20, № 12. "
                    "С. 1064–1082.",
    "kolmogorov1941": "Колмогоров, А. Н. (1946). Локальная структура турбулентности в несжимаемой вязкой "
                      "жидкости при очень больших числах Рейнольдса. Доклады АН СССР, 30(4), 299–303.",
    "kazantzakis1946": "Καζαντζάκης, Ν. (1952). Βίος και πολιτεία του Αλέξη Ζορμπά. Αθήνα: Δημητράκος.",
    "watson1953": "Watson JD, Pauling L. Molecular structure of nucleic acids; a structure for deoxyribose "
                  "nucleic acid. Nature. 1953 Apr 25;171(4356):737-8.",
    "lecun2015": "LECUN Y, BENGIO Y, HINTON G. Deep learning[J]. Nature, 2012, 521(7553): 436-444.",
    "li2012": "李航. 统计学习方法[M]. 北京: 清华大学出版社, 2009.",
    "kamishima2007": "神嶌 敏弘: 推薦システムのアルゴリズム, 人工知能学会誌, Vol. 22, No. 6, pp. 826-837 (2004).",
    "han2007": "한강 (2010). 채식주의자. 서울: 창비.",
}

#: the given name changed, in full-width punctuation: the parse reads 岡谷 / 隆之 and the comparator
#: finds the name differs; an other reading of the text without authors or title must not agree
#: "better" and turn the verdict EXACT
OTHER_READING_HIDES_AUTHOR = ("okatani2013", "岡谷 隆之：「画像認識のための深層学習」，人工知能学会誌，Vol. 28，"
                              "No. 6，pp. 962–974（2013）．")

#: works that do not exist, in the same layouts
FABRICATED = [
    "王建国, 刘晓燕. 基于量子退火的蛋白质折叠路径预测方法[J]. 计算机学报, 2019, 42(7): 1501-1518.",
    "高橋健一, 佐藤美咲: 深層強化学習による囲碁盤面の意味的圧縮, 人工知能学会誌, Vol. 33, No. 2, pp. 201-214 (2018).",
    "Смирнов А. В. Топологические солитоны в вязкой жидкости // ЖЭТФ. 1962. Т. 42, № 3. С. 811–820.",
    "박민수, 이지은 (2021). 한국어 형태소 분석을 위한 양자 신경망 모델. 정보과학회논문지, 48(5), 512–520.",
    "Παπαδάκης, Γ. (2011). Η θεωρία των κβαντικών αλυσίδων στη βυζαντινή μουσική. Φυσικά Χρονικά, 14(2), 33–47.",
]


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("scripts-e2e")
    source = folder / "records.jsonl"
    source.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in RECORDS), encoding="utf-8")
    db = folder / "index.db"
    result = runner.invoke(app, ["index", "build", "--covers", "all", str(db), str(source)])
    assert result.exit_code == 0, result.output
    return db


def _check(index: Path, texts: list[str], tmp_path: Path) -> list[dict[str, Any]]:
    refs = tmp_path / "refs.txt"
    refs.write_text("\n\n".join(texts) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["check", "--offline", "--index", str(index), "--format", "jsonl",
                                 "--fail-on", "never", str(refs)])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert len(rows) == len(texts), result.stdout
    return rows


def _matched(row: dict[str, Any]) -> str | None:
    match = row.get("match") or {}
    return match.get("id")


def _not_labelled(index: Path, cases: dict[str, str], label: str, tmp_path: Path) -> dict[str, Any]:
    """The cases (record id → text) not given ``label`` with their own record as the match."""
    keys = sorted(cases)
    rows = _check(index, [cases[k] for k in keys], tmp_path)
    return {k: (r["label"], _matched(r), r.get("rationale")) for k, r in zip(keys, rows, strict=True)
            if r["label"] != label or _matched(r) != k}


def test_faithful_citations_are_exact(index: Path, tmp_path: Path) -> None:
    assert not _not_labelled(index, FAITHFUL, "EXACT", tmp_path)


def test_a_changed_year_or_author_is_minor(index: Path, tmp_path: Path) -> None:
    assert not _not_labelled(index, CORRUPTED, "MINOR", tmp_path)


def test_a_reading_without_authors_does_not_hide_a_changed_author(index: Path, tmp_path: Path) -> None:
    key, text = OTHER_READING_HIDES_AUTHOR
    [row] = _check(index, [text], tmp_path)
    assert (row["label"], _matched(row)) == ("MINOR", key), row.get("rationale")


def test_fabricated_works_are_major_against_a_complete_index(index: Path, tmp_path: Path) -> None:
    rows = _check(index, FABRICATED, tmp_path)
    assert [r["label"] for r in rows] == ["MAJOR"] * len(FABRICATED), [r.get("rationale") for r in rows]
