"""The inline style sheet and script of the HTML report (no external files: it works offline)."""

from __future__ import annotations

COLOURS = {
    "EXACT": "#1a7f37",
    "MINOR": "#9a6700",
    "MAJOR": "#cf222e",
    "UNVERIFIED": "#0969da",
    "ERROR": "#8250df",
}

CSS = """
:root{--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--bg:#fff;--card:#f6f8fa;--hl:#fff8c5;--bad:#ffebe9}
*{box-sizing:border-box}
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:var(--fg);
background:var(--bg);margin:0 auto;max-width:1100px;padding:16px}
h1{font-size:1.5em;margin:.2em 0}
.meta{color:var(--muted);font-size:.9em}
.summary{display:flex;flex-wrap:wrap;gap:16px;align-items:center;margin:12px 0}
.counts{display:flex;flex-wrap:wrap;gap:8px}
.count{border:1px solid var(--line);border-radius:6px;padding:4px 10px;background:var(--card)}
.count b{font-size:1.2em}
.chart{max-width:100%}
.controls{position:sticky;top:0;background:var(--bg);padding:8px 0;border-bottom:1px solid var(--line);
display:flex;flex-wrap:wrap;gap:8px;align-items:center;z-index:1}
.controls label{white-space:nowrap;cursor:pointer}
.controls input[type=search]{flex:1 1 220px;min-width:0;padding:6px 8px;border:1px solid var(--line);border-radius:6px}
.card{border:1px solid var(--line);border-left:6px solid var(--c);border-radius:6px;margin:12px 0;
padding:10px 14px;background:var(--bg);break-inside:avoid}
.card header{display:flex;flex-wrap:wrap;gap:8px;align-items:baseline}
.badge{color:#fff;background:var(--c);border-radius:4px;padding:1px 8px;font-weight:600;font-size:.85em}
.where{color:var(--muted);font-size:.85em;overflow-wrap:anywhere}
.raw{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--card);border-radius:4px;padding:6px 8px;
margin:8px 0;font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:.85em}
.found a{overflow-wrap:anywhere}
table.fields{border-collapse:collapse;width:100%;margin:8px 0;font-size:.9em;table-layout:fixed}
table.fields th,table.fields td{border:1px solid var(--line);padding:3px 6px;text-align:left;vertical-align:top;
overflow-wrap:anywhere}
table.fields th{background:var(--card);width:16%}
tr.diff td{background:var(--hl)}
tr.diff.major td{background:var(--bad)}
.kind{display:block;font-size:.8em;color:var(--muted)}
.why{font-style:italic}
.badge.retracted{background:#7a0019}
p.retracted{color:#7a0019;font-weight:600;margin:4px 0}
.sources{font-size:.85em;color:var(--muted);margin:4px 0 0;padding-left:18px}
.hidden{display:none}
@media (max-width:640px){body{padding:8px;font-size:14px}table.fields th{width:24%}
table.fields,table.fields tbody,table.fields tr{display:block}
table.fields thead{display:none}
table.fields td,table.fields th{display:block;width:auto}
table.fields td::before{content:attr(data-col) ": ";font-weight:600}
table.fields td:empty{display:none}}
@media print{.controls{display:none}.card{border-left-width:4px;page-break-inside:avoid}
body{max-width:none;font-size:11pt}a{color:inherit}}
"""

JS = """
(function(){
  var boxes=document.querySelectorAll('.controls input[type=checkbox]');
  var q=document.getElementById('q');
  var shown=document.getElementById('shown');
  function apply(){
    var on={};boxes.forEach(function(b){on[b.value]=b.checked;});
    var text=(q.value||'').toLowerCase();var n=0;
    document.querySelectorAll('.card').forEach(function(c){
      var ok=on[c.dataset.label]&&(!text||c.textContent.toLowerCase().indexOf(text)>=0);
      c.classList.toggle('hidden',!ok);if(ok){n++;}
    });
    shown.textContent=n;
  }
  boxes.forEach(function(b){b.addEventListener('change',apply);});
  q.addEventListener('input',apply);
  apply();
})();
"""

#: --claims: a colour per support label of a citing sentence
CLAIM_COLOURS = {
    "SUPPORTED": "#1a7f37",
    "CONTRADICTED": "#cf222e",
    "UNRELATED": "#bc4c00",
    "CANNOT_TELL": "#59636e",
    "not judged": "#8c959f",
}

#: --claims only (a run without it keeps its page as it was): the findings, the citing sentences
CLAIMS_CSS = """
.findings{border:1px solid var(--line);border-radius:6px;padding:6px 14px;margin:12px 0;background:var(--card)}
.findings h2{font-size:1.1em;margin:.3em 0}
.findings ul{margin:4px 0;padding-left:18px}
.findings code,table.claims code{overflow-wrap:anywhere}
table.claims{border-collapse:collapse;width:100%;margin:8px 0;font-size:.9em;table-layout:fixed}
table.claims th,table.claims td{border:1px solid var(--line);padding:3px 6px;text-align:left;vertical-align:top;
overflow-wrap:anywhere}
table.claims th{background:var(--card)}
table.claims th.support,table.claims td.support{width:16%}
.slabel{color:#fff;background:var(--s);border-radius:4px;padding:0 6px;font-size:.8em;font-weight:600;
white-space:nowrap}
tr.unsupported td{background:var(--bad)}
@media (max-width:640px){table.claims,table.claims tbody,table.claims tr{display:block}
table.claims thead{display:none}
table.claims td{display:block;width:auto}
table.claims td.support{width:auto}
table.claims td::before{content:attr(data-col) ": ";font-weight:600}
table.claims td:empty{display:none}}
"""
