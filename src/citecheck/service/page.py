"""The web page at ``/``: paste references or drop files, watch the check, read the report.

One self-contained page (inline style and script, no external files). It starts a job
(``POST /v1/jobs``), polls it for progress, then shows the job's HTML report in a sandboxed
frame with links to download the JSON report and the corrected BibTeX. Text from the server is
inserted with ``textContent`` only, never as markup. "Check in-text citations" starts the job
with ``claims=true``: the report then lists each entry's citing sentences and the documents'
findings.
"""

from __future__ import annotations

import html

from citecheck import __version__
from citecheck.report.html_assets import COLOURS
from citecheck.service.config import ServiceConfig

#: served with the page: scripts and styles only inline, frames and requests only to this server;
#: no one may frame the page
PAGE_CSP = ("default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
            "connect-src 'self'; frame-src 'self'; img-src 'self' data:; form-action 'self'; "
            "base-uri 'none'; frame-ancestors 'none'")
#: served with HTML reports: nothing but their own inline style and script; framed only by the
#: service's own page (which shows a job's report in a sandboxed frame)
REPORT_CSP = ("default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
              "img-src data:; base-uri 'none'; frame-ancestors 'self'")
#: served with the API docs (/docs, /redoc): FastAPI's pages load Swagger UI and ReDoc from a CDN
DOCS_CSP = ("default-src 'none'; script-src https://cdn.jsdelivr.net 'unsafe-inline'; "
            "style-src https://cdn.jsdelivr.net https://fonts.googleapis.com 'unsafe-inline'; "
            "font-src https://fonts.gstatic.com; img-src https://fastapi.tiangolo.com "
            "https://cdn.redoc.ly data:; connect-src 'self'; worker-src blob:; base-uri 'none'; "
            "frame-ancestors 'none'")

_CSS = """
*{box-sizing:border-box}body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;
color:#1f2328;margin:0 auto;max-width:1100px;padding:16px}
h1{font-size:1.5em;margin:.2em 0}.meta{color:#59636e;font-size:.9em}
form{display:grid;gap:10px;margin:12px 0}
textarea{width:100%;min-height:9em;font:13px/1.4 ui-monospace,"DejaVu Sans Mono",monospace;padding:8px;
border:1px solid #d1d9e0;border-radius:6px}
#drop{border:2px dashed #d1d9e0;border-radius:8px;padding:18px;text-align:center;color:#59636e}
#drop.over{border-color:#0969da;background:#ddf4ff}
button{font:inherit;padding:8px 18px;border-radius:6px;border:1px solid #1a7f37;background:#1f883d;color:#fff;
cursor:pointer;justify-self:start}button:disabled{opacity:.6;cursor:wait}
progress{width:100%;height:14px}
#counts span{margin-right:12px;font-weight:600}
#error{color:#cf222e;white-space:pre-wrap}
#downloads a{margin-right:16px}
.option{display:flex;gap:6px;align-items:center}
iframe{width:100%;height:85vh;border:1px solid #d1d9e0;border-radius:6px;margin-top:10px}
.hidden{display:none}
"""

_JS = """
(function(){
  var form=document.getElementById('form'),files=document.getElementById('files'),
      drop=document.getElementById('drop'),text=document.getElementById('text'),
      go=document.getElementById('go'),bar=document.getElementById('bar'),
      claims=document.getElementById('claims'),
      state=document.getElementById('state'),counts=document.getElementById('counts'),
      err=document.getElementById('error'),frame=document.getElementById('report'),
      downloads=document.getElementById('downloads'),progress=document.getElementById('progress');
  var COLOURS=%(colours)s;
  function show(el,on){el.classList.toggle('hidden',!on);}
  function fail(msg){err.textContent=msg;show(err,true);go.disabled=false;state.textContent='stopped';
    document.body.dataset.state='failed';}
  function picked(){drop.textContent=files.files.length?Array.prototype.map.call(files.files,
    function(f){return f.name;}).join(', '):'Drop .bib .bbl .tex .md .txt .pdf .docx files here, or click to choose';}
  drop.addEventListener('click',function(){files.click();});
  files.addEventListener('change',picked);
  ['dragenter','dragover'].forEach(function(t){drop.addEventListener(t,function(e){
    e.preventDefault();drop.classList.add('over');});});
  ['dragleave','drop'].forEach(function(t){drop.addEventListener(t,function(e){
    e.preventDefault();drop.classList.remove('over');});});
  drop.addEventListener('drop',function(e){files.files=e.dataTransfer.files;picked();});
  function render(job){
    bar.max=job.total||1;bar.value=job.done;
    state.textContent=job.status+': '+job.done+' of '+job.total+' citation(s) checked';
    counts.textContent='';
    Object.keys(job.labels).forEach(function(k){
      if(!job.labels[k]){return;}
      var s=document.createElement('span');s.style.color=COLOURS[k];s.className='count';
      s.dataset.label=k;s.textContent=job.labels[k]+' '+k;counts.appendChild(s);});
  }
  function poll(id){
    fetch('v1/jobs/'+encodeURIComponent(id)).then(function(r){return r.json().then(function(j){
      if(!r.ok){throw new Error(j.detail||r.statusText);}return j;});}).then(function(job){
      render(job);
      if(job.status==='done'){finish(id);}
      else if(job.status==='failed'){fail('The check failed: '+job.error);}
      else{setTimeout(function(){poll(id);},400);}
    }).catch(function(e){fail(String(e.message||e));});
  }
  function finish(id){
    var base='v1/jobs/'+encodeURIComponent(id)+'/report?format=';
    frame.src=base+'html';show(frame,true);
    document.getElementById('dl-json').href=base+'json';
    document.getElementById('dl-bib').href=base+'bibtex';
    show(downloads,true);go.disabled=false;document.body.dataset.state='done';
  }
  form.addEventListener('submit',function(e){
    e.preventDefault();show(err,false);
    var init={method:'POST'};
    if(files.files.length){var fd=new FormData();
      Array.prototype.forEach.call(files.files,function(f){fd.append('file',f,f.name);});init.body=fd;}
    else if(text.value.trim()){init.headers={'content-type':'application/json'};
      init.body=JSON.stringify({text:text.value});}
    else{fail('Paste some references or choose a file first.');return;}
    show(frame,false);show(downloads,false);document.body.dataset.state='running';
    go.disabled=true;show(progress,true);bar.removeAttribute('value');state.textContent='uploading…';
    fetch(claims.checked?'v1/jobs?claims=true':'v1/jobs',init).then(function(r){return r.json().then(function(j){
      if(!r.ok){var m=j.detail||r.statusText;if(r.status===429){m+=' (retry in '+
        r.headers.get('retry-after')+' s)';}throw new Error(m);}return j;});})
      .then(function(job){render(job);poll(job.id);}).catch(function(e){fail(String(e.message||e));});
  });
})();
"""


def render_page(config: ServiceConfig) -> str:
    import json

    mode = "offline: the local index only" if config.offline else "online: the local index, then live sources"
    limit = f"{config.max_upload_bytes / 1024 / 1024:.0f} MB"
    script = _JS % {"colours": json.dumps(COLOURS)}
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>citecheck</title><style>{_CSS}</style></head><body>"
        "<h1>citecheck</h1>"
        '<p class="meta">Every reference is looked up and labelled EXACT, MINOR, MAJOR, UNVERIFIED '
        f"or ERROR, with the evidence. citecheck {html.escape(__version__)}, "
        f"{html.escape(mode)}; up to {html.escape(limit)} and {config.max_citations} citations "
        'per check. <a href="docs">API docs</a></p>'
        '<form id="form"><label for="text">Paste references (a list, BibTeX or a .bbl), or a '
        "Markdown or text document with its references:</label>"
        '<textarea id="text" name="text" placeholder="[1] A. Author, Title, J. Name 12, 345 (2020)."></textarea>'
        '<input type="file" id="files" name="file" multiple class="hidden" '
        'accept=".bib,.bibtex,.bbl,.tex,.md,.markdown,.txt,.pdf,.docx,.jsonl">'
        '<div id="drop" role="button" tabindex="0">Drop .bib .bbl .tex .md .txt .pdf .docx files here, '
        "or click to choose</div>"
        '<label class="option"><input type="checkbox" id="claims" name="claims" value="true">'
        "Check in-text citations (--claims): link each marker to its entry, list the sentences "
        "that cite it, and report markers without an entry and entries never cited</label>"
        '<button id="go" type="submit">Check</button></form>'
        '<div id="progress" class="hidden"><progress id="bar"></progress>'
        '<p id="state" class="meta" aria-live="polite"></p><p id="counts"></p></div>'
        '<p id="error" class="hidden" role="alert"></p>'
        '<p id="downloads" class="hidden"><a id="dl-json" download="citecheck-report.json">'
        'Download JSON report</a><a id="dl-bib" download="corrected.bib">Download corrected BibTeX</a></p>'
        '<iframe id="report" class="hidden" title="citecheck report" '
        'sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"></iframe>'
        f"<script>{script}</script></body></html>\n")
