// cli/report_page.cc — the HTML page `groundgate report` writes.
//
// Its one job: conversations and verdicts to compact JSON inside one HTML
// page, streamed, and the script that turns them into DOM on demand; see
// report_page.h. What it does NOT do: judge, read traces, or reference
// anything outside the page.
#include "cli/report_page.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "absl/strings/escaping.h"
#include "base/absl_view.h"
#include "base/clip.h"
#include "base/gzip.h"
#include "cli/options.h"
#include "groundgate/corpus.h"
#include "nlohmann/json.hpp"

namespace groundgate::cli {
namespace {

// The page's style. Statuses have one colour each; a reason code adds an
// underline style so `exact` and `canonical` read apart at a glance.
constexpr std::string_view kStyle = R"css(
:root { --grounded:#1a7f37; --exempt:#0969da; --unsupported:#cf222e;
  --unverified:#9a6700; --misattributed:#8250df; --muted:#57606a;
  --line:#d0d7de; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1f2328;
  display: flex; flex-direction: column; }
#totals { order: -2; padding: 12px 20px; border-bottom: 1px solid var(--line);
  background: #f6f8fa; }
#browse { order: -1; padding: 8px 20px; }
#conversations { display: none; }
#open { padding: 0 20px 40px; }
h1 { font-size: 20px; margin: 4px 0 6px; }
.note { color: var(--muted); margin: 4px 0 10px; max-width: 70em; }
.left-out { color: var(--unverified); font-weight: 600; }
dl.totals { display: flex; flex-wrap: wrap; gap: 6px 22px; margin: 6px 0; }
dl.totals div { display: flex; flex-direction: column; }
dl.totals dt { color: var(--muted); font-size: 12px; }
dl.totals dd { margin: 0; font-size: 18px; font-weight: 600; }
.legend span { margin-right: 10px; }
.controls { margin: 8px 0; display: flex; flex-wrap: wrap; gap: 8px 12px;
  align-items: center; }
#search { width: 22em; padding: 3px 6px; }
table { border-collapse: collapse; margin: 6px 0; }
th, td { border: 1px solid var(--line); padding: 2px 8px; text-align: left;
  vertical-align: top; }
th.sortable { cursor: pointer; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
svg.chart text { font: 11px system-ui, sans-serif; fill: #1f2328; }
svg.chart rect.bar { fill: var(--unsupported); }
#list { height: 45vh; min-height: 200px; overflow-y: auto; position: relative;
  border: 1px solid var(--line); border-radius: 6px; background: #fff; }
#rows { position: relative; }
.row { position: absolute; left: 0; right: 0; height: 28px; line-height: 28px;
  padding: 0 10px; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; cursor: pointer; border-bottom: 1px solid #eaeef2; }
.row:hover { background: #f6f8fa; }
.row.flagged { box-shadow: inset 4px 0 var(--unsupported); }
.row.is-open { background: #fff8c5; }
article.conv { border: 1px solid var(--line); border-radius: 6px;
  margin: 10px 0; background: #fff; }
article.conv > header { padding: 6px 10px; border-bottom: 1px solid var(--line);
  display: flex; gap: 8px; align-items: center; }
article.conv.flagged > header { border-left: 4px solid var(--unsupported); }
article.conv > header button { margin-left: auto; }
.cid { font-family: ui-monospace, monospace; font-weight: 600; }
.dim { color: var(--muted); }
.badge { display: inline-block; padding: 0 6px; border-radius: 10px;
  font-size: 12px; color: #fff; line-height: 18px; }
.badge.grounded { background: var(--grounded); }
.badge.flagged { background: var(--unsupported); }
.badge.unverified { background: var(--unverified); }
.badge.none { background: var(--muted); }
ol.msgs { list-style: none; margin: 0; padding: 4px 10px 10px; }
li.msg { border-left: 3px solid var(--line); margin: 6px 0; padding: 2px 8px; }
li.msg.user { border-color: #8250df; }
li.msg.system { border-color: #6e7781; }
li.msg.result { border-color: #0969da; background: #f6f8fa; }
li.msg.result.error { border-color: var(--unverified); }
li.msg.answer { border-color: var(--grounded); }
li.msg.answer.flagged { border-color: var(--unsupported); }
li.msg.lit { outline: 2px solid #bf8700; background: #fff8c5; }
li.msg.target { outline: 3px solid var(--unsupported); }
.meta { font-size: 12px; color: var(--muted); }
.text { white-space: pre-wrap; word-break: break-word; max-height: 12em;
  overflow: auto; font-family: ui-monospace, monospace; font-size: 13px; }
li.answer .text, li.judged .text { max-height: none;
  font-family: system-ui, sans-serif; font-size: 14px; }
mark.v { background: none; padding: 0 1px; border-bottom: 2px solid;
  cursor: pointer; }
mark.v.grounded { color: var(--grounded); }
mark.v.exempt { color: var(--exempt); }
mark.v.unsupported { color: #fff; background: var(--unsupported);
  border-radius: 3px; }
mark.v.unverified { color: var(--unverified); border-bottom-style: dotted; }
mark.v.misattributed { color: #fff; background: var(--misattributed);
  border-radius: 3px; }
mark.near { background: #ffd8b5; outline: 2px dashed var(--unsupported); }
.named { color: var(--misattributed); font-size: 12px; margin-left: 2px; }
.closest { color: var(--unsupported); font-size: 12px; margin-left: 2px;
  cursor: pointer; text-decoration: underline dotted; }
mark.v[data-reason="canonical"] { border-bottom-style: double; }
mark.v[data-reason="declared_exemption"] { border-bottom-style: dashed; }
mark.v.on { outline: 2px solid #bf8700; }
.chip { display: inline-block; padding: 0 5px; border-radius: 3px;
  font-size: 12px; border: 1px solid var(--line); }
.chip.grounded { color: var(--grounded); } .chip.exempt { color: var(--exempt); }
.chip.unsupported { color: #fff; background: var(--unsupported); }
.chip.unverified { color: var(--unverified); }
.chip.misattributed { color: #fff; background: var(--misattributed); }
details.verdict > summary { cursor: pointer; font-size: 12px;
  color: var(--muted); }
)css";

// The page's script. It reads the index once, draws only the list rows on
// screen, and builds a conversation's DOM from its JSON when it is opened.
// The hash sets the start: #flagged (the filter), #q=TEXT (the search),
// #facet=FIELD=VALUE, #sort=flags|id|input, #open=c12 or #open=c1,c7 (open
// those, the first flagged answer in view), joined by '&'. It never builds
// DOM from text as markup: every value goes in as a text node.
constexpr std::string_view kScript = R"js(
(function () {
  'use strict';
  var started = performance.now();
  // A gzipped element's text: base64 to bytes, inflated by the browser.
  function inflate(base64) {
    if (typeof DecompressionStream === 'undefined') {
      return Promise.reject(new Error('this browser has no ' +
          'DecompressionStream; write the page with --no-gzip'));
    }
    var bin = atob(base64.trim());
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; ++i) bytes[i] = bin.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(
        new DecompressionStream('gzip'));
    return new Response(stream).text();
  }
  // The index is plain JSON, or gzipped (base64) on a large page.
  var indexNode = document.getElementById('index');
  (indexNode.dataset.gzip === '1' ? inflate(indexNode.textContent) :
      Promise.resolve(indexNode.textContent)).then(function (text) {
    indexNode.textContent = '';  // the parsed index holds it now
    run(JSON.parse(text));
  }, function (error) {
    document.getElementById('shown').textContent =
        'the list cannot be read: ' + error.message;
  });

  // Draws the list from the index and answers the controls.
  function run(index) {
    var rows = index.rows;
    // Positions in an index row.
    var N = 0, ID = 1, FMT = 2, FILE = 3, LINE = 4, JUDGED = 5, FLAGGED = 6,
        UNVERIFIED = 7, MIS = 8, FLAGS = 9, FACETS = 10;
    var ROW = 28;
    var filter = document.getElementById('flagged-only');
    var search = document.getElementById('search');
    var sort = document.getElementById('sort');
    var shown = document.getElementById('shown');
    var list = document.getElementById('list');
    var spacer = document.getElementById('rows');
    var openPane = document.getElementById('open');
    var facetBox = document.getElementById('facets');
    var chosen = {};  // facet field index -> value index
    var view = rows;
    var bodies = {};  // parsed bodies by line
    // The conversations' blocks, in line order: each holds the lines from
    // its data-first on, as plain JSON or gzipped (base64), read on first use.
    var blocks = Array.prototype.map.call(
        document.querySelectorAll('script.bodies'), function (s) {
          return {first: Number(s.dataset.first), node: s,
                  gzip: s.dataset.gzip === '1', lines: null, reading: null};
        });
    var lineOf = new Map();  // conversation number -> its row and body line
    rows.forEach(function (r, i) { lineOf.set(r[N], i); });

    function el(tag, cls, text) {
      var e = document.createElement(tag);
      if (cls) e.className = cls;
      if (text !== undefined && text !== null) e.textContent = String(text);
      return e;
    }
    function stateOf(r) {
      if (r[FLAGGED] > 0) return 'flagged';
      if (r[UNVERIFIED] > 0) return 'unverified';
      return r[JUDGED] === 0 ? 'none' : 'grounded';
    }
    function facetValue(r, field) {
      var f = r[FACETS];
      for (var i = 0; i < f.length; i += 2) if (f[i] === field) return f[i + 1];
      return -1;
    }
    function haystack(r) {
      if (r.hay === undefined) {
        var parts = [r[ID], index.files[r[FILE]] + ':' + r[LINE], r[FLAGS]];
        var f = r[FACETS];
        for (var i = 0; i < f.length; i += 2) {
          var field = index.facets[f[i]];
          if (field) parts.push(field.values[f[i + 1]]);
        }
        r.hay = parts.join('\n').toLowerCase();
      }
      return r.hay;
    }

    // Facets: one <select> per record field, values with their counts.
    index.facets.forEach(function (field, fi) {
      if (!field || field.values.length < 2) return;
      var counts = field.values.map(function () { return 0; });
      rows.forEach(function (r) {
        var v = facetValue(r, fi);
        if (v >= 0) counts[v]++;
      });
      var label = el('label', null, field.name + ' ');
      var select = el('select');
      select.dataset.field = field.name;
      select.appendChild(el('option', null, 'all')).value = '';
      field.values.forEach(function (value, vi) {
        var o = el('option', null, value + ' (' + counts[vi] + ')');
        o.value = String(vi);
        select.appendChild(o);
      });
      select.addEventListener('change', function () {
        if (select.value === '') delete chosen[fi];
        else chosen[fi] = Number(select.value);
        apply();
      });
      label.appendChild(select);
      facetBox.appendChild(label);
    });

    function apply() {
      var q = search.value.trim().toLowerCase();
      var fields = Object.keys(chosen);
      view = rows.filter(function (r) {
        if (filter.checked && r[FLAGGED] === 0) return false;
        for (var i = 0; i < fields.length; i++) {
          if (facetValue(r, Number(fields[i])) !== chosen[fields[i]]) {
            return false;
          }
        }
        return !q || haystack(r).indexOf(q) >= 0;
      });
      if (sort.value === 'flags') {
        view.sort(function (a, b) {
          return b[FLAGGED] - a[FLAGGED] || b[MIS] - a[MIS] ||
              b[UNVERIFIED] - a[UNVERIFIED] || a[N] - b[N];
        });
      } else if (sort.value === 'id') {
        view.sort(function (a, b) {
          return a[ID] < b[ID] ? -1 : a[ID] > b[ID] ? 1 : a[N] - b[N];
        });
      }
      spacer.style.height = (view.length * ROW) + 'px';
      shown.textContent = 'showing ' + view.length + ' of ' + rows.length +
          ' conversations';
      shown.dataset.shown = String(view.length);
      list.scrollTop = 0;
      draw();
    }

    // Only the rows in view (and a margin) are in the DOM.
    function draw() {
      var height = list.clientHeight || 600;
      var first = Math.max(0, Math.floor(list.scrollTop / ROW) - 10);
      var last = Math.min(view.length,
          Math.ceil((list.scrollTop + height) / ROW) + 10);
      var made = [];
      for (var i = first; i < last; i++) {
        var r = view[i];
        var state = stateOf(r);
        var row = el('div', 'row ' + state);
        row.style.top = (i * ROW) + 'px';
        row.dataset.n = String(r[N]);
        if (document.getElementById('c' + r[N])) row.classList.add('is-open');
        row.appendChild(el('span', 'badge ' + state,
            state === 'none' ? 'no answer' : state));
        row.appendChild(document.createTextNode(' '));
        row.appendChild(el('span', 'cid', r[ID]));
        var facts = ' ' + r[FMT] + ' · ' + r[JUDGED] + ' judged · ' +
            r[FLAGGED] + ' flagged' +
            (r[MIS] ? ' · ' + r[MIS] + ' misattributed' : '') + ' · ' +
            index.files[r[FILE]] + ':' + r[LINE];
        var f = r[FACETS];
        for (var k = 0; k < f.length; k += 2) {
          var field = index.facets[f[k]];
          if (field && field.values.length >= 2) {
            facts += ' · ' + field.name + '=' + field.values[f[k + 1]];
          }
        }
        row.appendChild(el('span', 'dim', facts));
        made.push(row);
      }
      spacer.replaceChildren.apply(spacer, made);
    }
    var pending = false;
    list.addEventListener('scroll', function () {
      if (pending) return;
      pending = true;
      requestAnimationFrame(function () { pending = false; draw(); });
    });
    spacer.addEventListener('click', function (event) {
      var row = event.target.closest('.row');
      if (row) show(Number(row.dataset.n), true);
    });

    // The block that holds `line`.
    function blockOf(line) {
      var low = 0, high = blocks.length - 1;
      while (low < high) {
        var mid = (low + high + 1) >> 1;
        if (blocks[mid].first <= line) low = mid; else high = mid - 1;
      }
      return blocks[low];
    }
    // Resolves once the blocks that hold `wanted` (lines) are read.
    function need(wanted) {
      var reads = [];
      wanted.forEach(function (line) {
        var b = blocks.length ? blockOf(line) : null;
        if (!b || b.lines) return;
        if (!b.reading) {
          var text = b.gzip ? inflate(b.node.textContent) :
              Promise.resolve(b.node.textContent.slice(1));
          b.reading = text.then(function (t) {
            b.lines = t.split('\n');
            b.node.textContent = '';  // the lines hold it now
          });
        }
        reads.push(b.reading);
      });
      return Promise.all(reads);
    }
    // The body on `line` (the row's position in the index), parsed on
    // first use; its block must have been read (need).
    function body(line) {
      if (!bodies[line]) {
        var b = blocks.length ? blockOf(line) : null;
        var text = b && b.lines ? b.lines[line - b.first] : '';
        bodies[line] = text ? JSON.parse(text) : {n: {}, m: []};
      }
      return bodies[line];
    }
    // Resolves once conversation n's body and the messages it refers to
    // can be read.
    function needConversation(n) {
      var line = lineOf.get(n);
      return need([line]).then(function () {
        var refs = [];
        body(line).m.forEach(function (entry) {
          if (Array.isArray(entry)) refs.push(entry[0]);
        });
        return need(refs);
      });
    }
    // A message, following a reference ([line, position]) to where it was
    // written in full.
    function message(entry) {
      return Array.isArray(entry) ? body(entry[0]).m[entry[1]] : entry;
    }
    function rowOf(n) {
      return lineOf.has(n) ? rows[lineOf.get(n)] : null;
    }

    // "call_1 (get_order), call_2 (get_order)"; "an earlier user turn".
    function carriedBy(c, names) {
      var out = c.g ? 'an earlier user turn' : '';
      (c.k || []).forEach(function (id) {
        out += (out ? ', ' : '') + id +
            (names[id] ? ' (' + names[id] + ')' : '');
      });
      return c.kc ? out + ' and more' : out;
    }
    // A value's hover text: status, reason, shape, and why.
    function explain(c, names) {
      var out = c.st + (c.rs !== 'none' ? ' (' + c.rs + ')' : '') + ' · ' +
          c.sh;
      if (c.st === 'grounded') {
        if (c.g) {
          out += ' · read in an earlier user turn: no result of this turn ' +
              'carried it';
        } else {
          out += ' · carried by';
          (c.k || []).forEach(function (id) {
            out += ' ' + id + (names[id] ? ' (' + names[id] + ')' : '');
          });
          if (c.kc) out += ' and more';
        }
        if (c.d) out += ' · ' + c.d;
        if (c.cf) {
          out += ' · results disagree: ' + c.cf[1] +
              ' carried another value ' +
              'at the same place as ' + c.cf[0];
        }
      } else if (c.st === 'exempt') {
        out += ' · supplied by the user or the application';
      } else if (c.st === 'unsupported') {
        out += ' · no tool result of this conversation carried it: typed, ' +
            'not read';
        if (c.nc) out += ' · the closest carried value is in ' + c.nc;
      } else if (c.st === 'unverified') {
        out += ' · not found, but the evidence was truncated: ' +
            'no one is accused';
      } else if (c.st === 'misattributed') {
        out += ' · read from another record than the one the answer names';
        if (c.bt) out += ' · ' + c.bt;
      }
      if (c.o > 1) out += ' · used ' + c.o + ' times';
      return out;
    }
    // "3 values: 1 grounded, 2 unsupported · evidence truncated"
    function verdictLine(m) {
      var by = {};
      m.v.forEach(function (c) { by[c.st] = (by[c.st] || 0) + 1; });
      var counts = Object.keys(by).sort().map(function (st) {
        return by[st] + ' ' + st;
      }).join(', ');
      return m.v.length + (m.v.length === 1 ? ' value' : ' values') +
          (counts ? ': ' + counts : '') + (m.at ? ' · answer truncated' : '') +
          (m.et ? ' · evidence truncated' : '');
    }

    function appendMarked(text, m, names) {
      m.sg.forEach(function (part) {
        if (typeof part === 'string') {
          text.appendChild(document.createTextNode(part));
          return;
        }
        var c = m.v[part[0]];
        var mark = el('mark', 'v ' + c.st, part[1]);
        mark.dataset.status = c.st;
        mark.dataset.reason = c.rs;
        mark.dataset.shape = c.sh;
        mark.dataset.carriers = (c.k || []).join(' ');
        mark.title = explain(c, names);
        text.appendChild(mark);
        if (c.bs) {
          var named = el('span', 'named', '(' + c.bs + ')');
          named.title = c.bt;
          text.appendChild(named);
        }
        if (c.nm) {
          var closest = el('span', 'closest', '(closest: ' + c.nm + ' in ' +
              c.nc + (names[c.nc] ? ' ' + names[c.nc] : '') + ')');
          closest.dataset.call = c.nc;
          closest.dataset.near = c.nm;
          closest.title = 'the closest carried value of the same shape, ' +
              'highlighted in the result of ' + c.nc + '; click to see it';
          text.appendChild(closest);
        }
      });
    }

    function appendDetails(li, m, names) {
      var d = el('details', 'verdict');
      d.appendChild(el('summary', null, verdictLine(m)));
      var marked = {};
      m.sg.forEach(function (part) {
        if (typeof part !== 'string') marked[part[0]] = part[1];
      });
      if (m.v.length) {
        var t = el('table', 'cands');
        var head = t.insertRow();
        ['value', 'shape', 'status', 'reason', 'carried by'].forEach(
            function (h) { head.appendChild(el('th', null, h)); });
        m.v.forEach(function (c, i) {
          var tr = t.insertRow();
          tr.insertCell().textContent = i in marked ? marked[i] : c.t;
          tr.insertCell().textContent = c.sh;
          tr.insertCell().appendChild(el('span', 'chip ' + c.st, c.st));
          tr.insertCell().textContent = c.rs;
          var by = tr.insertCell();
          by.textContent = carriedBy(c, names);
          if (c.bt) {
            by.appendChild(el('br'));
            by.appendChild(el('span', 'named', c.bt));
          }
          if (c.nm) {
            by.appendChild(el('br'));
            var near = by.appendChild(el('span', 'closest',
                'closest carried: ' +
                c.nm + ' in ' + c.nc + (names[c.nc] ? ' (' + names[c.nc] + ')' :
                '')));
            near.dataset.call = c.nc;
            near.dataset.near = c.nm;
          }
        });
        d.appendChild(t);
      }
      if (m.tools && m.tools.length) {
        var tt = el('table', 'answer-tools');
        var th = tt.insertRow();
        ['tool (this turn)', 'results', 'values recorded', 'values carried',
         'ratio'].forEach(function (h) { th.appendChild(el('th', null, h)); });
        m.tools.forEach(function (tool) {
          var tr = tt.insertRow();
          tool.forEach(function (cell, i) {
            var td = tr.insertCell();
            td.textContent = String(cell);
            if (i > 0) td.className = 'n';
          });
        });
        d.appendChild(tt);
      }
      if (m.cn === null) {
        d.appendChild(el('p', 'cited-nothing dim', 'Which results the ' +
            'answer cited nothing from is withheld: a carrier list was cut ' +
            'or the evidence truncated.'));
      } else if (m.cn && m.cn.length) {
        var p = el('p', 'cited-nothing',
            'Results of this turn the answer cited nothing from: ');
        m.cn.forEach(function (name, i) {
          if (i) p.appendChild(document.createTextNode(', '));
          p.appendChild(el('span', 'chip', name));
        });
        d.appendChild(p);
      }
      li.appendChild(d);
    }

    // Marks the first occurrence of `value` in a result's text (exactly, else
    // ignoring case: the value is a canonical form) and returns it as the
    // result wrote it, or null when the shown text does not hold it.
    function markNear(li, value) {
      var text = li.querySelector('.text');
      var done = li.querySelector('mark.near[data-near="' + CSS.escape(value) +
          '"]');
      if (done) return done.textContent;
      var node = text && text.firstChild;
      if (!node || node.nodeType !== 3) return null;
      var at = node.data.indexOf(value);
      if (at < 0) at = node.data.toLowerCase().indexOf(value.toLowerCase());
      if (at < 0) return null;
      var rest = node.splitText(at);
      rest.splitText(value.length);
      var mark = el('mark', 'near', rest.data);
      mark.dataset.near = value;
      mark.title = 'the closest carried value to an unsupported value';
      rest.replaceWith(mark);
      return mark.textContent;
    }

    function render(n) {
      var r = rowOf(n);
      var b = body(lineOf.get(n));
      var state = r ? stateOf(r) : 'none';
      var art = el('article', 'conv ' + state);
      art.id = 'c' + n;
      var head = el('header');
      head.appendChild(el('span', 'badge ' + state,
          state === 'none' ? 'no answer' : state));
      head.appendChild(el('span', 'cid', r ? r[ID] : ''));
      if (r) {
        head.appendChild(el('span', 'dim', r[FMT] + ' · ' + r[JUDGED] +
            ' judged · ' + r[FLAGGED] + ' flagged · ' + index.files[r[FILE]] +
            ':' + r[LINE]));
      }
      var close = el('button', null, 'close');
      close.type = 'button';
      close.addEventListener('click', function () {
        art.remove();
        draw();
      });
      head.appendChild(close);
      art.appendChild(head);
      var ol = el('ol', 'msgs');
      b.m.forEach(function (entry, position) {
        var m = message(entry);
        var li = el('li', 'msg ' + m.k);
        li.dataset.pos = String(position);
        if (m.c !== undefined) li.dataset.call = m.c;
        var meta = el('div', 'meta', (m.p ? m.p + ' · ' : '') + m.l);
        if (m.a) {
          meta.appendChild(document.createTextNode(' · '));
          meta.appendChild(el('span', 'badge ' +
              (m.a === 'flagged' || m.a === 'unverified' ? m.a : 'grounded'),
              m.a));
        }
        li.appendChild(meta);
        if (m.sg) {
          var text = el('div', 'text');
          appendMarked(text, m, b.n);
          li.appendChild(text);
          appendDetails(li, m, b.n);
        } else if (m.x) {
          var plain = el('div', 'text', m.x);
          if (m.more) {
            plain.appendChild(el('span', 'dim', ' [' + m.more +
                ' more bytes not shown]'));
          }
          li.appendChild(plain);
        }
        ol.appendChild(li);
      });
      art.appendChild(ol);
      // Each closest carried value, highlighted in the result that carried it.
      // The closest value is then named as the result wrote it.
      art.querySelectorAll('.closest[data-call]').forEach(function (span) {
        art.querySelectorAll('li.result').forEach(function (li) {
          if (li.dataset.call !== span.dataset.call) return;
          var written = markNear(li, span.dataset.near);
          if (written) {
            span.textContent = span.textContent.replace(span.dataset.near,
                written);
          }
        });
      });
      return art;
    }

    // Opens conversation n (or brings it forward) once its block is read;
    // `scroll` puts its first flagged answer in view. Resolves to its
    // article, or null for no such conversation.
    function show(n, scroll) {
      if (document.getElementById('c' + n)) {
        return Promise.resolve(focus(n, scroll));
      }
      if (!lineOf.has(n)) return Promise.resolve(null);
      return needConversation(n).then(function () {
        if (!document.getElementById('c' + n)) {
          openPane.insertBefore(render(n), openPane.firstChild);
          draw();
        }
        return focus(n, scroll);
      }, function (error) {
        var failed = el('article', 'conv none',
            'c' + n + ' cannot be read: ' + error.message);
        failed.id = 'c' + n;
        openPane.insertBefore(failed, openPane.firstChild);
        return failed;
      });
    }
    function focus(n, scroll) {
      var art = document.getElementById('c' + n);
      var target = art.querySelector('li.answer.flagged') ||
          art.querySelector('li.judged.unverified') ||
          art.querySelector('li.judged');
      if (target) {
        target.classList.add('target');
        art.querySelectorAll('li.flagged details.verdict').forEach(
            function (d) { d.open = true; });
      }
      if (scroll) (target || art).scrollIntoView({block: 'center'});
      return art;
    }

    document.addEventListener('click', function (event) {
      var closest = event.target.closest && event.target.closest('.closest');
      if (closest && closest.dataset.call) {
        var conv = closest.closest('article.conv');
        conv.querySelectorAll('li.result').forEach(function (li) {
          if (li.dataset.call !== closest.dataset.call) return;
          var near = li.querySelector('mark.near');
          (near || li).scrollIntoView({block: 'center'});
          li.classList.add('lit');
        });
        return;
      }
      var mark = event.target.closest && event.target.closest('mark.v');
      if (!mark) return;
      var art = mark.closest('article.conv');
      if (!art) return;
      var wasOn = mark.classList.contains('on');
      art.querySelectorAll('.lit').forEach(function (e) {
        e.classList.remove('lit');
      });
      art.querySelectorAll('mark.v.on').forEach(function (e) {
        e.classList.remove('on');
      });
      if (wasOn) return;
      mark.classList.add('on');
      var first = null;
      (mark.dataset.carriers || '').split(' ').forEach(function (id) {
        if (!id) return;
        art.querySelectorAll('li.result').forEach(function (li) {
          if (li.dataset.call === id) {
            li.classList.add('lit');
            if (!first) first = li;
          }
        });
      });
      if (first) first.scrollIntoView({block: 'nearest'});
    });

    // Tables with sortable headers sort by a clicked column.
    document.querySelectorAll('table.sortable').forEach(function (table) {
      table.querySelectorAll('th').forEach(function (th, column) {
        th.classList.add('sortable');
        th.addEventListener('click', function () {
          var body = Array.prototype.slice.call(table.rows, 1);
          var down = th.dataset.dir !== 'down';
          th.dataset.dir = down ? 'down' : 'up';
          body.sort(function (a, b) {
            var x = a.cells[column].dataset.v || a.cells[column].textContent;
            var y = b.cells[column].dataset.v || b.cells[column].textContent;
            var nx = parseFloat(x), ny = parseFloat(y);
            var c = !isNaN(nx) && !isNaN(ny) ? nx - ny : x < y ? -1 : x > y;
            return down ? -c : c;
          });
          body.forEach(function (tr) { table.tBodies[0].appendChild(tr); });
        });
      });
    });

    var opened = [];
    location.hash.slice(1).split('&').forEach(function (part) {
      part = decodeURIComponent(part);
      if (part === 'flagged') filter.checked = true;
      if (part.indexOf('q=') === 0) search.value = part.slice(2);
      if (part.indexOf('sort=') === 0) sort.value = part.slice(5);
      if (part.indexOf('facet=') === 0) {
        var eq = part.indexOf('=', 6);
        var name = part.slice(6, eq), value = part.slice(eq + 1);
        index.facets.forEach(function (field, fi) {
          if (!field || field.name !== name) return;
          var vi = field.values.indexOf(value);
          if (vi < 0) return;
          chosen[fi] = vi;
          var select = facetBox.querySelector(
              'select[data-field="' + CSS.escape(name) + '"]');
          if (select) select.value = String(vi);
        });
      }
      if (part.indexOf('open=') === 0) {
        part.slice(5).split(',').forEach(function (id) {
          if (/^c[0-9]+$/.test(id)) opened.push(Number(id.slice(1)));
        });
      }
    });
    var timer = 0;
    search.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(apply, 120);
    });
    filter.addEventListener('change', apply);
    sort.addEventListener('change', apply);
    document.getElementById('close-all').addEventListener('click', function () {
      openPane.replaceChildren();
      draw();
    });
    apply();
    // The linked conversations open in order, the first on top and in view;
    // data-opened says they are drawn.
    opened.slice().reverse().reduce(function (done, n, i) {
      return done.then(function () {
        return show(n, i === opened.length - 1);
      });
    }, Promise.resolve()).then(function () {
      document.body.dataset.openedMs = String(Math.round(performance.now()));
      document.body.dataset.opened = '1';
    });
    // Milliseconds from the navigation's start (reading and parsing the
    // page included) and of this script alone.
    document.body.dataset.readyMs = String(Math.round(performance.now()));
    document.body.dataset.scriptMs = String(Math.round(performance.now() -
        started));
    document.body.dataset.ready = '1';
  }
})();
)js";

void AppendEscaped(std::string& out, std::string_view text) {
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
}

std::string Escaped(std::string_view text) {
  std::string out;
  AppendEscaped(out, text);
  return out;
}

// Appends `text` as a JSON string that is safe inside a <script> element:
// '<' is written as \u003c, so no "</script>" or "<!--" can end or change
// the element, and the browser reads the element's text as written.
void AppendJson(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '<':
        out += "\\u003c";
        break;
      default:
        if (byte < 0x20) {
          out += "\\u00";
          out += kHex[byte >> 4];
          out += kHex[byte & 0xf];
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

// `"key":` and the JSON string of `text`.
void AppendJsonField(std::string& out, std::string_view key,
                     std::string_view text) {
  out += Concat("\"", key, "\":");
  AppendJson(out, text);
}

// Two 64-bit digests of `text` (FNV-1a and a multiply-xorshift mix): a
// message is taken for one met before only when both and the size agree.
struct TextDigest {
  std::uint64_t a = 14695981039346656037ULL;
  std::uint64_t b = 0x9e3779b97f4a7c15ULL;
};

TextDigest DigestOf(std::string_view text) {
  TextDigest d;
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    d.a = (d.a ^ byte) * 1099511628211ULL;
    d.b = (d.b ^ byte) * 0xff51afd7ed558ccdULL;
    d.b ^= d.b >> 29;
  }
  return d;
}

std::string Ratio(std::size_t part, std::size_t whole) {
  if (whole == 0) return "0";
  char text[32];
  std::snprintf(text, sizeof(text), "%.3f",
                static_cast<double>(part) / static_cast<double>(whole));
  return text;
}

// "the record at $.flights[1] in call_1 (search_flights)"; the whole result
// when the path is empty or the root.
std::string PlaceText(
    const RecordPlace& place,
    const std::unordered_map<std::string, std::string>& names) {
  std::string out = place.path.empty() || place.path == "$"
                        ? std::string("the result ")
                        : Concat("the record at ", place.path, " in ");
  out += place.carrier;
  auto it = names.find(place.carrier);
  if (it != names.end() && !it->second.empty()) {
    out += Concat(" (", it->second, ")");
  }
  return out;
}

// What the record the answer names holds instead of a misattributed value,
// and where the value was read: "the record at $.flights[1] in call_1
// holds 174 at prices.economy · the value was read from the record at
// $.flights[0] in call_1".
std::string BindingText(
    const Binding& binding,
    const std::unordered_map<std::string, std::string>& names) {
  std::string out;
  if (binding.aggregate.empty()) {
    out = Concat(PlaceText(binding.named, names), " holds ",
                 binding.named_value, " at ", binding.field);
  } else if (binding.aggregate == "winner" || binding.aggregate == "leader") {
    out = Concat("the side the answer names and the other hold ",
                 binding.named_value, " at ", binding.field, ", at ",
                 PlaceText(binding.named, names));
  } else if (binding.aggregate == "trend") {
    out =
        Concat("the readings the dates name run ", binding.named_value, " at ",
               binding.field, ", to ", PlaceText(binding.named, names));
  } else if (binding.aggregate == "day" || binding.aggregate == "month") {
    out = Concat("the readings of the ", binding.aggregate,
                 " the answer names hold ", binding.named_value, " at ",
                 binding.field, ", from ", PlaceText(binding.named, names));
  } else {
    out = Concat("the ", binding.aggregate == "min" ? "least" : "greatest", " ",
                 binding.field, " of the records the answer names is ",
                 binding.named_value, ", at ", PlaceText(binding.named, names));
  }
  if (!binding.read.carrier.empty()) {
    out +=
        Concat(" · the value was read from ", PlaceText(binding.read, names));
  }
  return out;
}

// The conflict the verdict lists on `c`, or null.
const Conflict* ConflictOn(const Verdict& verdict, const Candidate& c) {
  for (const Conflict& conflict : verdict.conflicts) {
    if (conflict.candidate < verdict.candidates.size() &&
        &verdict.candidates[conflict.candidate] == &c) {
      return &conflict;
    }
  }
  return nullptr;
}

// Each tool call id of `trace`, bounded as the corpus bounds it, with the
// name of its tool: the carriers' names in the hover text.
std::unordered_map<std::string, std::string> ToolNamesByCallId(
    const Trace& trace) {
  std::unordered_map<std::string, std::string> names;
  for (const TraceMessage& message : trace.messages) {
    if (message.role == TraceRole::kToolResult) {
      names.emplace(BoundedToolCallId(message.tool_call_id),
                    BoundedToolName(message.tool_name));
    }
    for (const TraceToolCall& call : message.tool_calls) {
      names.emplace(BoundedToolCallId(call.id), BoundedToolName(call.name));
    }
  }
  return names;
}

// How a message is headed: its CSS classes and its label, plain text from
// fixed words and the trace's names and ids.
struct MessageHeading {
  std::string classes;
  std::string label;
};

MessageHeading HeadingOf(const TraceMessage& message) {
  MessageHeading heading;
  switch (message.role) {
    case TraceRole::kSystem:
      heading.classes = "system";
      heading.label = "system (exempt)";
      break;
    case TraceRole::kUser:
      heading.classes = "user";
      heading.label = message.starts_user_turn
                          ? "user (exempt)"
                          : "user text beside tool results "
                            "(exempt)";
      break;
    case TraceRole::kAssistant:
      if (!message.tool_calls.empty()) {
        heading.classes = "call";
        heading.label = "assistant calls";
        for (const TraceToolCall& call : message.tool_calls) {
          heading.label +=
              Concat(" ", call.name.empty() ? "?" : BoundedToolName(call.name),
                     " (", BoundedToolCallId(call.id), ")");
        }
        heading.label += " · arguments are never evidence";
      } else if (message.beside_tool_calls) {
        heading.classes = "call";
        heading.label = "assistant text beside tool calls (not judged)";
      } else {
        heading.classes = "answer";
        heading.label = "answer";
      }
      break;
    case TraceRole::kToolResult:
      heading.classes = message.is_error ? "result error" : "result";
      heading.label = Concat(
          "tool result · ",
          message.tool_name.empty() ? "?" : BoundedToolName(message.tool_name),
          " · ", BoundedToolCallId(message.tool_call_id),
          message.is_error ? " · error result: not evidence" : "");
      break;
    case TraceRole::kReasoning:
      heading.classes = "reasoning";
      heading.label = "reasoning (never evidence)";
      break;
  }
  return heading;
}

std::string_view ActionClass(std::string_view action) {
  if (action == "flagged") return "flagged";
  if (action == "unverified") return "unverified";
  return "grounded";
}

// What is written beside a misattributed value: what the record the answer
// names holds ("the record holds 174").
std::string BesideText(const Binding& binding) {
  return Concat(binding.aggregate.empty()       ? "the record holds "
                : binding.aggregate == "min"    ? "their least is "
                : binding.aggregate == "day"    ? "that day holds "
                : binding.aggregate == "month"  ? "that month holds "
                : binding.aggregate == "trend"  ? "the readings run "
                : binding.aggregate == "winner" ? "the sides hold "
                : binding.aggregate == "leader" ? "the sides hold "
                                                : "their greatest is ",
                binding.named_value);
}

// One candidate as the page's JSON: status, reason, shape; its carriers
// (ids: the conversation's "n" names their tools), whether the list was cut
// or the value was read in an earlier turn, how it was derived, the
// results that disagree on it, how often it was used; for a misattributed
// value what the named record holds; for an unsupported one the closest
// carried value and the result it is in; its text when the answer's
// segments do not mark it. The page's script writes the hover text and the
// candidate table from these.
void AppendCandidateJson(
    std::string& out, std::string_view text, const Verdict& verdict,
    const Candidate& c, bool marked,
    const std::unordered_map<std::string, std::string>& names) {
  out += '{';
  AppendJsonField(out, "st", StatusName(c.status));
  out += ',';
  AppendJsonField(out, "rs", ReasonName(c.reason));
  out += ',';
  AppendJsonField(out, "sh", c.shape);
  if (!marked) {
    out += ',';
    AppendJsonField(out, "t",
                    c.start < c.end && c.end <= text.size()
                        ? text.substr(c.start, c.end - c.start)
                        : std::string_view());
  }
  if (!c.carriers.empty()) {
    out += ",\"k\":[";
    for (std::size_t i = 0; i < c.carriers.size(); ++i) {
      if (i > 0) out += ',';
      AppendJson(out, c.carriers[i]);
    }
    out += ']';
  }
  if (c.carriers_cut) out += ",\"kc\":1";
  if (c.grounding == Grounding::kPriorTurn) out += ",\"g\":1";
  if (!c.derivation.empty()) {
    out += ',';
    AppendJsonField(out, "d", c.derivation);
  }
  if (const Conflict* conflict = ConflictOn(verdict, c); conflict != nullptr) {
    out += ",\"cf\":[";
    AppendJson(out, conflict->used_carrier);
    out += ',';
    AppendJson(out, conflict->other_carrier);
    out += ']';
  }
  if (c.occurrences > 1) out += Concat(",\"o\":", c.occurrences);
  if (c.status == CandidateStatus::kMisattributed && c.binding.has_value()) {
    out += ',';
    AppendJsonField(out, "bs", BesideText(*c.binding));
    out += ',';
    AppendJsonField(out, "bt", BindingText(*c.binding, names));
  }
  if (c.status == CandidateStatus::kUnsupported &&
      !c.near_miss_carrier.empty()) {
    out += ',';
    AppendJsonField(out, "nc", c.near_miss_carrier);
    if (!c.near_miss.empty()) {
      out += ',';
      AppendJsonField(out, "nm", c.near_miss);
    }
  }
  out += '}';
}

// A judged answer's own fields: its action, its text as segments (plain
// text, and [candidate, text] for each candidate's first occurrence), its
// candidates, the verdict's one-line summary, the per-tool counts of its
// turn and the results it cited nothing from.
void AppendAnswerJson(
    std::string& out, std::string_view text, const JudgedAnswer& answer,
    const std::unordered_map<std::string, std::string>& names) {
  const Verdict& verdict = answer.verdict;
  out += ',';
  AppendJsonField(out, "a", VerdictAction(verdict));
  std::vector<std::size_t> marks;
  for (std::size_t i = 0; i < verdict.candidates.size(); ++i) {
    const Candidate& c = verdict.candidates[i];
    if (c.start < c.end && c.end <= text.size()) marks.push_back(i);
  }
  std::stable_sort(
      marks.begin(), marks.end(), [&verdict](std::size_t a, std::size_t b) {
        return verdict.candidates[a].start < verdict.candidates[b].start;
      });
  out += ",\"sg\":[";
  std::vector<std::size_t> shown;  // the candidates the segments mark
  std::size_t at = 0;
  bool first = true;
  auto comma = [&out, &first] {
    if (!first) out += ',';
    first = false;
  };
  for (std::size_t i : marks) {
    const Candidate& c = verdict.candidates[i];
    if (c.start < at) continue;  // overlapping spans: the first one wins
    if (c.start > at) {
      comma();
      AppendJson(out, text.substr(at, c.start - at));
    }
    comma();
    shown.push_back(i);
    out += Concat("[", i, ",");
    AppendJson(out, text.substr(c.start, c.end - c.start));
    out += "]";
    at = c.end;
  }
  if (at < text.size()) {
    comma();
    AppendJson(out, text.substr(at));
  }
  out += "],\"v\":[";
  for (std::size_t i = 0; i < verdict.candidates.size(); ++i) {
    if (i > 0) out += ',';
    AppendCandidateJson(out, text, verdict, verdict.candidates[i],
                        std::find(shown.begin(), shown.end(), i) != shown.end(),
                        names);
  }
  out += "]";
  if (verdict.answer_truncated) out += ",\"at\":1";
  if (verdict.evidence_truncated) out += ",\"et\":1";

  const Findings& findings = answer.findings;
  if (!findings.tools.empty()) {
    out += ",\"tools\":[";
    for (std::size_t i = 0; i < findings.tools.size(); ++i) {
      const ToolTally& tally = findings.tools[i];
      out += i > 0 ? ",[" : "[";
      AppendJson(out, tally.tool_name);
      out += Concat(",", tally.results, ",", tally.values_recorded, ",");
      AppendJson(out, tally.values_carried.has_value()
                          ? std::to_string(*tally.values_carried)
                          : std::string("withheld"));
      out += ',';
      AppendJson(out,
                 tally.values_carried.has_value()
                     ? Ratio(static_cast<std::size_t>(*tally.values_carried),
                             tally.values_recorded)
                     : std::string("-"));
      out += "]";
    }
    out += "]";
  }
  if (findings.results_cited_nothing_from.has_value()) {
    out += ",\"cn\":[";
    bool first_result = true;
    for (const ResultCitedNothingFrom& r :
         *findings.results_cited_nothing_from) {
      if (!first_result) out += ',';
      first_result = false;
      AppendJson(out, r.tool_name.empty()
                          ? r.tool_call_id
                          : Concat(r.tool_call_id, " (", r.tool_name, ")"));
    }
    out += "]";
  } else {
    out += ",\"cn\":null";
  }
}

// One message as the page's JSON object: its classes, its heading, its
// path, a result's call id, and its text (a result's cut to
// kMaxShownResultBytes); a judged answer with its verdict.
std::string MessageJson(
    const TraceMessage& message, const JudgedAnswer* answer,
    const std::unordered_map<std::string, std::string>& names) {
  auto [classes, label] = HeadingOf(message);
  if (answer != nullptr) {
    classes += Concat(" judged ", ActionClass(VerdictAction(answer->verdict)));
  }
  std::string out = "{";
  AppendJsonField(out, "k", classes);
  out += ',';
  AppendJsonField(out, "l", label);
  if (!message.path.empty()) {
    out += ',';
    AppendJsonField(out, "p", message.path);
  }
  if (message.role == TraceRole::kToolResult) {
    out += ',';
    AppendJsonField(out, "c", BoundedToolCallId(message.tool_call_id));
  }
  if (answer != nullptr) {
    AppendAnswerJson(out, message.text, *answer, names);
  } else if (!message.text.empty()) {
    const std::string_view shown =
        message.role == TraceRole::kToolResult
            ? base::ClipUtf8View(message.text, kMaxShownResultBytes)
            : std::string_view(message.text);
    out += ',';
    AppendJsonField(out, "x", shown);
    if (shown.size() < message.text.size()) {
      out += Concat(",\"more\":", message.text.size() - shown.size());
    }
  }
  out += '}';
  return out;
}

// The model a record names: its "model", else meta's; "" when neither.
std::string ModelOf(const nlohmann::json* record) {
  if (record == nullptr || !record->is_object()) return "";
  auto it = record->find("model");
  if (it != record->end() && it->is_string()) return it->get<std::string>();
  auto meta = record->find("meta");
  if (meta != record->end() && meta->is_object()) {
    it = meta->find("model");
    if (it != meta->end() && it->is_string()) return it->get<std::string>();
  }
  return "";
}

// The name of the chart's row the models past the bound are summed into.
constexpr std::string_view kOtherModelsRow = "(other models)";

}  // namespace

ReportPage::ReportPage(std::ostream& out, ReportPageOptions options)
    : out_(out), options_(std::move(options)) {
  if (options_.max_tool_rows == 0) options_.max_tool_rows = 1;
}

ReportPage::ReportPage(std::ostream& out, std::string title,
                       std::size_t max_tool_rows)
    : ReportPage(out, ReportPageOptions{.title = std::move(title),
                                        .max_tool_rows = max_tool_rows}) {}

void ReportPage::Begin() {
  out_ << "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
       << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
          "'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
       << "<meta name=\"viewport\" content=\"width=device-width\">\n"
       << "<title>" << Escaped(options_.title) << "</title>\n<style>" << kStyle
       << "</style></head>\n<body>\n<main id=\"conversations\">\n";
}

std::size_t ReportPage::FileIndex(std::string_view file) {
  if (!files_.empty() && files_.back() == file) return files_.size() - 1;
  for (std::size_t i = 0; i < files_.size(); ++i) {
    if (files_[i] == file) return i;
  }
  files_.emplace_back(file);
  return files_.size() - 1;
}

void ReportPage::NoteFacet(
    std::string_view name, const nlohmann::json& value,
    std::vector<std::pair<std::uint16_t, std::uint16_t>>* out) {
  std::string text;
  if (value.is_string()) {
    text = base::ClipUtf8(value.get_ref<const std::string&>(),
                          kMaxFacetValueBytes);
  } else if (value.is_boolean() || value.is_number()) {
    text = value.dump();
  } else {
    return;
  }
  std::size_t field = 0;
  while (field < facet_fields_.size() && facet_fields_[field].name != name) {
    ++field;
  }
  if (field == facet_fields_.size()) {
    if (facet_fields_.size() >= kMaxFacetFields) return;
    facet_fields_.push_back(FacetField{.name = std::string(name)});
  }
  FacetField& facet = facet_fields_[field];
  if (facet.dropped) return;
  auto it = facet.value_index.find(text);
  if (it == facet.value_index.end()) {
    if (facet.values.size() >= kMaxFacetValues) {
      // Too many values to choose from: not a facet. Its values are freed;
      // rows that named it keep pairs the index leaves out.
      facet.dropped = true;
      facet.values.clear();
      facet.value_index.clear();
      return;
    }
    it = facet.value_index.emplace(text, facet.values.size()).first;
    facet.values.push_back(text);
  }
  out->emplace_back(static_cast<std::uint16_t>(field),
                    static_cast<std::uint16_t>(it->second));
}

std::vector<std::pair<std::uint16_t, std::uint16_t>> ReportPage::FacetsOf(
    const nlohmann::json& record) {
  std::vector<std::pair<std::uint16_t, std::uint16_t>> facets;
  if (!record.is_object()) return facets;
  // Top-level scalar fields in key order (nlohmann's object is a std::map,
  // so the order is the same for every run), then meta's.
  for (const auto& [key, value] : record.items()) {
    if (key == "id" || key == "meta") continue;
    NoteFacet(key, value, &facets);
  }
  auto meta = record.find("meta");
  if (meta != record.end() && meta->is_object()) {
    for (const auto& [key, value] : meta->items()) {
      NoteFacet(Concat("meta.", key), value, &facets);
    }
  }
  return facets;
}

void ReportPage::AddConversation(const Trace& trace, std::string_view source,
                                 const std::vector<JudgedAnswer>& answers,
                                 const nlohmann::json* record) {
  const std::size_t number = ++totals_.conversations;
  std::vector<const JudgedAnswer*> at(trace.messages.size(), nullptr);
  std::size_t flagged = 0;
  std::size_t unverified = 0;
  std::size_t misattributed = 0;
  std::string flag_values;
  for (const JudgedAnswer& answer : answers) {
    if (answer.position < at.size()) at[answer.position] = &answer;
    const std::string_view action = VerdictAction(answer.verdict);
    if (action == "flagged") ++flagged;
    if (action == "unverified") ++unverified;
    misattributed += static_cast<std::size_t>(answer.verdict.misattributed());
    AddToTotals(answer);
    if (answer.position >= trace.messages.size()) continue;
    const std::string& text = trace.messages[answer.position].text;
    for (const Candidate& c : answer.verdict.candidates) {
      if ((c.status != CandidateStatus::kUnsupported &&
           c.status != CandidateStatus::kMisattributed) ||
          c.start >= c.end || c.end > text.size() ||
          flag_values.size() >= kMaxIndexedFlagBytes) {
        continue;
      }
      const std::string_view value = base::ClipUtf8View(
          std::string_view(text).substr(c.start, c.end - c.start),
          kMaxIndexedFlagBytes);
      if (flag_values.find(value) == std::string::npos) {
        flag_values += Concat(flag_values.empty() ? "" : " ", value);
      }
    }
  }
  totals_.judged += answers.size();
  totals_.flagged += flagged;
  totals_.unverified += unverified;
  if (flagged > 0) ++totals_.flagged_conversations;
  for (const TraceMessage& message : trace.messages) {
    if (message.role == TraceRole::kToolResult) {
      ++totals_.results;
      if (message.is_error) ++totals_.error_results;
    }
  }
  if (flagged > 0) {
    std::string model = ModelOf(record);
    if (model.empty()) model = "(no model named)";
    model = base::ClipUtf8(model, kMaxFacetValueBytes);
    auto it = model_flags_.find(model);
    if (it == model_flags_.end() &&
        model_flags_.size() < options_.max_tool_rows) {
      it = model_flags_.emplace(model, 0).first;
    }
    if (it == model_flags_.end()) {
      it = model_flags_.emplace(std::string(kOtherModelsRow), 0).first;
    }
    it->second += flagged;
  }

  if (options_.flagged_only && flagged == 0) {
    ++totals_.left_out_unflagged;
    return;
  }
  if (totals_.listed >= options_.max_conversations) {
    ++totals_.left_out_past_limit;
    if (flagged > 0) ++totals_.left_out_flagged;
    return;
  }
  ++totals_.listed;

  const std::unordered_map<std::string, std::string> names =
      ToolNamesByCallId(trace);
  IndexRow row;
  row.number = number;
  row.trace_id = trace.id;
  row.format = TraceFormatName(trace.format);
  const std::size_t colon = source.rfind(':');
  row.file = FileIndex(source.substr(0, colon));
  if (colon != std::string_view::npos) {
    for (char c : source.substr(colon + 1)) {
      if (c < '0' || c > '9') break;
      row.line = row.line * 10 + static_cast<std::size_t>(c - '0');
    }
  }
  row.judged = answers.size();
  row.flagged = flagged;
  row.unverified = unverified;
  row.misattributed = misattributed;
  row.flag_values = std::move(flag_values);
  if (record != nullptr) row.facets = FacetsOf(*record);

  // The tool of each call id, in id order (law 9).
  // One line of the bodies script: one element holds them all, as
  // thousands of elements make the browser's parse several times slower.
  const std::size_t line = totals_.listed - 1;
  std::string json = "{\"n\":{";
  std::map<std::string_view, std::string_view> sorted_names;
  for (const auto& [id, name] : names) {
    if (!name.empty()) sorted_names.emplace(id, name);
  }
  bool first_name = true;
  for (const auto& [id, name] : sorted_names) {
    if (!first_name) json += ',';
    first_name = false;
    AppendJson(json, id);
    json += ':';
    AppendJson(json, name);
  }
  json += "},\"m\":[";
  for (std::size_t p = 0; p < trace.messages.size(); ++p) {
    if (p > 0) json += ',';
    const std::string entry = MessageJson(trace.messages[p], at[p], names);
    if (entry.size() < kMinSharedMessageBytes) {
      json += entry;
      continue;
    }
    const TextDigest d = DigestOf(entry);
    const Digest key{.a = d.a, .b = d.b, .size = entry.size()};
    auto it = shared_.find(key);
    if (it != shared_.end()) {
      json += Concat("[", std::size_t{it->second.line}, ",",
                     std::size_t{it->second.position}, "]");
      ++totals_.shared_messages;
      continue;
    }
    if (shared_.size() < kMaxSharedMessages) {
      shared_.emplace(key, SharedAt{static_cast<std::uint32_t>(line),
                                    static_cast<std::uint32_t>(p)});
    }
    json += entry;
  }
  json += "]}\n";
  if (block_.empty()) block_first_line_ = line;
  block_ += json;
  totals_.body_bytes += json.size();
  if (block_.size() >= options_.block_bytes) FlushBlock();
  rows_.push_back(std::move(row));
}

void ReportPage::FlushBlock() {
  if (block_.empty()) return;
  ++totals_.blocks;
  // The plain text starts with a newline, so each line stands alone.
  if (WriteJsonScript(
          Concat("class=\"bodies\" data-first=\"", block_first_line_, "\""),
          "\n", block_)) {
    ++totals_.gzipped_blocks;
  }
  block_.clear();
}

bool ReportPage::WriteJsonScript(std::string_view attributes,
                                 std::string_view plain_prefix,
                                 const std::string& json) {
  std::optional<std::string> gzipped;
  if (options_.gzip_blocks && json.size() >= options_.min_gzipped_block_bytes) {
    gzipped = base::Gzip(json);  // nullopt: out of memory; written plain
  }
  if (!gzipped.has_value()) {
    out_ << "<script type=\"application/json\" " << attributes << ">"
         << plain_prefix << json << "</script>\n";
    return false;
  }
  std::string base64;
  absl::Base64Escape(base::AbslView(*gzipped), &base64);
  out_ << "<script type=\"application/octet-stream\" " << attributes
       << " data-gzip=\"1\">" << base64 << "</script>\n";
  return true;
}

void ReportPage::AddToTotals(const JudgedAnswer& answer) {
  for (const Candidate& c : answer.verdict.candidates) {
    ++totals_.by_status[std::string(StatusName(c.status))];
    if (c.reason != MatchReason::kNone) {
      totals_.reasons.insert(std::string(ReasonName(c.reason)));
    }
  }
  const bool flagged = VerdictAction(answer.verdict) == "flagged";
  for (const ToolTally& tally : answer.findings.tools) {
    auto it = tools_.find(tally.tool_name);
    if (it == tools_.end() && tools_.size() < options_.max_tool_rows) {
      it = tools_.emplace(tally.tool_name, ToolTotals{}).first;
    }
    if (it == tools_.end()) ++other_tools_.folded_tallies;
    ToolTotals& tool = it != tools_.end() ? it->second : other_tools_;
    tool.results += static_cast<std::size_t>(tally.results);
    tool.values_recorded += tally.values_recorded;
    if (tally.values_carried.has_value()) {
      tool.values_carried += static_cast<std::size_t>(*tally.values_carried);
    } else {
      tool.carried_partial = true;
    }
    if (flagged) ++tool.flagged_answers;
  }
  if (answer.findings.results_cited_nothing_from.has_value()) {
    totals_.cited_nothing += answer.findings.results_cited_nothing_from->size();
  }
}

namespace {

// One bar chart of the header's SVG: a title and, for each of at most
// kMaxChartBars names, the most flagged first, a bar and its count.
void AppendBars(std::string& svg, std::string_view id, std::string_view title,
                std::vector<std::pair<std::string, std::size_t>> bars, int x) {
  std::stable_sort(bars.begin(), bars.end(), [](const auto& a, const auto& b) {
    return a.second > b.second;
  });
  std::erase_if(bars, [](const auto& bar) { return bar.second == 0; });
  const std::size_t cut =
      bars.size() > kMaxChartBars ? bars.size() - kMaxChartBars : 0;
  if (bars.size() > kMaxChartBars) bars.resize(kMaxChartBars);
  const std::size_t most = bars.empty() ? 1 : bars.front().second;
  svg += Concat("<g id=\"", id, "\" transform=\"translate(", x,
                ",0)\"><text x=\"0\" y=\"12\" font-weight=\"600\">",
                Escaped(title), "</text>");
  if (bars.empty()) {
    svg += "<text x=\"0\" y=\"30\">nothing flagged</text>";
  }
  int y = 20;
  for (const auto& [name, n] : bars) {
    const int width = 1 + static_cast<int>(159.0 * static_cast<double>(n) /
                                           static_cast<double>(most));
    const std::string label = base::ClipUtf8(name.empty() ? "?" : name, 28);
    svg += Concat("<g class=\"bar\" data-label=\"", Escaped(name),
                  "\" data-n=\"", n, "\"><title>", Escaped(name), ": ", n,
                  " flagged answers</title><text x=\"0\" y=\"", y + 11, "\">",
                  Escaped(label), "</text><rect class=\"bar\" x=\"170\" y=\"",
                  y + 2, "\" width=\"", width,
                  "\" height=\"11\"></rect><text x=\"", 174 + width, "\" y=\"",
                  y + 11, "\">", n, "</text></g>");
    y += 16;
  }
  if (cut > 0) {
    svg += Concat("<text x=\"0\" y=\"", y + 11, "\" class=\"dim\">and ", cut,
                  " more</text>");
  }
  svg += "</g>";
}

}  // namespace

std::string ReportPage::Chart() const {
  std::vector<std::pair<std::string, std::size_t>> tools;
  for (const auto& [name, tool] : tools_) {
    tools.emplace_back(name, tool.flagged_answers);
  }
  if (other_tools_.flagged_answers > 0) {
    tools.emplace_back(std::string(kOtherToolsRow),
                       other_tools_.flagged_answers);
  }
  std::vector<std::pair<std::string, std::size_t>> models(model_flags_.begin(),
                                                          model_flags_.end());
  const std::size_t rows =
      std::max<std::size_t>({std::min(tools.size(), kMaxChartBars),
                             std::min(models.size(), kMaxChartBars), 1}) +
      1;
  const std::size_t height = 24 + rows * 16;
  std::string svg = Concat(
      "<svg class=\"chart\" id=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" "
      "width=\"760\" height=\"",
      height,
      "\" role=\"img\" aria-label=\"flagged answers per tool and per "
      "model\">");
  AppendBars(svg, "chart-tools", "flagged answers per tool", std::move(tools),
             0);
  AppendBars(svg, "chart-models", "flagged answers per model",
             std::move(models), 390);
  svg += "</svg>";
  return svg;
}

void ReportPage::End(std::size_t files, std::size_t malformed_records,
                     std::size_t unreadable_files) {
  totals_.files = files;
  totals_.malformed_records = malformed_records;
  totals_.unreadable_files = unreadable_files;

  // The index: files, facets (null for a field with too many values), and
  // one row per conversation written.
  FlushBlock();
  out_ << "</main>\n";
  std::string index = "{\"files\":[";
  for (std::size_t i = 0; i < files_.size(); ++i) {
    if (i > 0) index += ',';
    AppendJson(index, files_[i]);
  }
  index += "],\"facets\":[";
  for (std::size_t i = 0; i < facet_fields_.size(); ++i) {
    if (i > 0) index += ',';
    const FacetField& field = facet_fields_[i];
    if (field.dropped) {
      index += "null";
      continue;
    }
    index += '{';
    AppendJsonField(index, "name", field.name);
    index += ",\"values\":[";
    for (std::size_t v = 0; v < field.values.size(); ++v) {
      if (v > 0) index += ',';
      AppendJson(index, field.values[v]);
    }
    index += "]}";
  }
  index += "],\"rows\":[";
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    const IndexRow& row = rows_[i];
    std::string line = Concat(i > 0 ? ",\n[" : "\n[", row.number, ",");
    AppendJson(line, row.trace_id);
    line += ',';
    AppendJson(line, row.format);
    line +=
        Concat(",", row.file, ",", row.line, ",", row.judged, ",", row.flagged,
               ",", row.unverified, ",", row.misattributed, ",");
    AppendJson(line, row.flag_values);
    line += ",[";
    bool first = true;
    for (const auto& [field, value] : row.facets) {
      if (facet_fields_[field].dropped) continue;
      line += Concat(first ? "" : ",", field, ",", value);
      first = false;
    }
    line += "]]";
    index += line;
  }
  index += "]}";
  WriteJsonScript("id=\"index\"", "", index);

  std::string html = "<header id=\"totals\">\n";
  html += Concat("<h1>", Escaped(options_.title), "</h1>\n");
  html +=
      "<p class=\"note\">Every name, number and identifier of each judged "
      "answer is marked: <b>grounded</b> (a tool result carried it), "
      "<b>exempt</b> (the user or the application supplied it), "
      "<b>unsupported</b> (no tool result carried it: typed, not read; the "
      "closest carried value is named beside it and highlighted in its "
      "result), "
      "<b>misattributed</b> (read from another record than the one the "
      "answer tells it of; what the named record holds is shown beside it) "
      "or <b>unverified</b> (the evidence was truncated, so no one is "
      "accused). "
      "Hover a value for its reason and carriers; click it to light the "
      "results that carried it. This is a fabrication check, not a "
      "correctness check. Values are shown because this page is the "
      "application's own view of its data; keep it where that data may "
      "be.</p>\n";
  if (totals_.left_out_unflagged > 0 || totals_.left_out_past_limit > 0) {
    html +=
        Concat("<p class=\"note left-out\" id=\"left-out\" data-unflagged=\"",
               totals_.left_out_unflagged, "\" data-past-limit=\"",
               totals_.left_out_past_limit, "\">This page lists ",
               totals_.listed, " of the ", totals_.conversations,
               " conversations judged; the totals below count them all.");
    if (totals_.left_out_unflagged > 0) {
      html +=
          Concat(" Left out by --flagged-only: ", totals_.left_out_unflagged,
                 " conversations with no flagged answer.");
    }
    if (totals_.left_out_past_limit > 0) {
      html += Concat(" Left out past --max-conversations ",
                     options_.max_conversations, ": ",
                     totals_.left_out_past_limit, " conversations (",
                     totals_.left_out_flagged, " of them flagged).");
    }
    html += "</p>\n";
  }
  auto total = [&html](std::string_view id, std::string_view name,
                       std::size_t n) {
    html += Concat("<div><dt>", name, "</dt><dd id=\"", id, "\" data-n=\"", n,
                   "\">", n, "</dd></div>");
  };
  auto status = [this](std::string_view name) {
    auto it = totals_.by_status.find(std::string(name));
    return it == totals_.by_status.end() ? std::size_t{0} : it->second;
  };
  html += "<dl class=\"totals\">";
  total("n-conversations", "conversations", totals_.conversations);
  total("n-listed", "conversations listed here", totals_.listed);
  total("n-flagged-conversations", "conversations flagged",
        totals_.flagged_conversations);
  total("n-judged", "answers judged", totals_.judged);
  total("n-flagged", "answers flagged", totals_.flagged);
  total("n-unverified", "answers unverified", totals_.unverified);
  total("n-grounded-values", "values grounded", status("grounded"));
  total("n-exempt-values", "values exempt", status("exempt"));
  total("n-unsupported-values", "values unsupported", status("unsupported"));
  total("n-unverified-values", "values unverified", status("unverified"));
  total("n-misattributed-values", "values misattributed",
        status("misattributed"));
  total("n-results", "tool results", totals_.results);
  total("n-error-results", "error results (not evidence)",
        totals_.error_results);
  total("n-cited-nothing", "results an answer cited nothing from",
        totals_.cited_nothing);
  total("n-malformed", "malformed records", totals_.malformed_records);
  total("n-files", "files", totals_.files);
  html += "</dl>\n<div class=\"legend\">";
  for (std::string_view name :
       {"grounded", "exempt", "unsupported", "unverified", "misattributed"}) {
    html +=
        Concat("<span><mark class=\"v ", name, "\">", name, "</mark></span>");
  }
  html += "<span class=\"dim\">reason codes met:";
  for (const std::string& reason : totals_.reasons) {
    html += Concat(" <mark class=\"v grounded\" data-reason=\"",
                   Escaped(reason), "\">", Escaped(reason), "</mark>");
  }
  html += "</span></div>\n";
  html += Chart();
  html += "\n";
  if (!tools_.empty()) {
    html +=
        "<details class=\"tool-totals\"><summary>per tool, summed over judged "
        "answers (a result counts once for each answer of its turn; flagged "
        "answers: those whose turn called the tool); click a heading to "
        "sort</summary><table id=\"tools\" class=\"sortable\"><thead><tr>"
        "<th>tool</th><th>results</th><th>values recorded</th>"
        "<th>values carried</th><th>ratio</th><th>flagged answers</th></tr>"
        "</thead><tbody>";
    auto row = [&html](std::string_view name, std::string_view shown,
                       const ToolTotals& tool) {
      html += Concat(
          "<tr data-tool=\"", Escaped(name), "\"><td>", shown,
          "</td><td class=\"n\">", tool.results, "</td><td class=\"n\">",
          tool.values_recorded, "</td><td class=\"n\">", tool.values_carried,
          tool.carried_partial ? "+" : "", "</td><td class=\"n\">",
          Ratio(tool.values_carried, tool.values_recorded),
          "</td><td class=\"n flags\">", tool.flagged_answers, "</td></tr>");
    };
    for (const auto& [name, tool] : tools_) {
      row(name, Escaped(name.empty() ? "?" : name), tool);
    }
    if (other_tools_.folded_tallies > 0) {
      row(kOtherToolsRow,
          Concat(kOtherToolsRow, " <span class=\"dim\">names past the first ",
                 options_.max_tool_rows, ", ", other_tools_.folded_tallies,
                 " tallies (see --max-tools)</span>"),
          other_tools_);
    }
    html += "</tbody></table></details>\n";
  }
  html += "</header>\n";
  html +=
      "<section id=\"browse\"><div class=\"controls\"><input type=\"search\" "
      "id=\"search\" placeholder=\"search ids, files, fields, flagged "
      "values\" aria-label=\"search\"><label><input type=\"checkbox\" "
      "id=\"flagged-only\"> flagged only</label><label>sort <select "
      "id=\"sort\"><option value=\"input\">input order</option><option "
      "value=\"flags\">most flagged</option><option value=\"id\">id</option>"
      "</select></label><span id=\"facets\"></span><button type=\"button\" "
      "id=\"close-all\">close all</button><span id=\"shown\" "
      "class=\"dim\"></span></div>\n<div id=\"list\"><div id=\"rows\">"
      "</div></div></section>\n<section id=\"open\"></section>\n<script>";
  html += kScript;
  html += "</script>\n</body></html>\n";
  out_ << html;
  out_.flush();
}

}  // namespace groundgate::cli
