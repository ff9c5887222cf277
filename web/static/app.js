// guard console: fetches /api/stats and /api/events and keeps the page live.
// No inline code (the CSP forbids it); all data goes into the DOM as text
// (textContent), never as markup.
// The filters and the page live in the page's URL, so a link can be shared
// and the back button steps through them.
(function () {
  "use strict";

  var PAGE_SIZE = 100;
  var REFRESH_MS = 4000;
  var RANGES = { "1h": 3600e3, "24h": 86400e3, "7d": 7 * 86400e3 };
  var RANGE_LABELS = { "1h": "(last hour)", "24h": "(last 24 hours)", "7d": "(last 7 days)", custom: "(custom range)" };
  var FILTERS = ["verdict", "hook", "agent", "rule", "repo", "q"];
  // RULE_ROW_PX is the height each bar of the rules chart is given.
  var RULE_ROW_PX = 18;
  var HEX = /^[0-9a-fA-F]{4,64}$/;
  var RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;
  // A reason in the table is one line of at most REASON_MAX characters; the
  // detail view shows it whole.
  var REASON_MAX = 160;
  // DEFAULT_PORT is guard serve's port when --port is not given.
  var DEFAULT_PORT = "7070";

  // The whole state of the page; the URL mirrors it.
  var state = blankState();
  var view = { total: 0, events: [], help: {}, key: "", logTotal: -1, facets: "" };
  var charts = { rules: null, timeline: null, rulesKey: "", timelineKey: "", ruleLabels: [] };
  var lastFocusIndex = -1;
  var timer = null;
  var seq = 0;
  var lastLoaded = null; // when the figures on the page were loaded

  function blankState() {
    return { page: 1, verdict: "", hook: "", agent: "", rule: "", repo: "", q: "", range: "", since: "", until: "" };
  }

  function $(id) { return document.getElementById(id); }
  var nf = new Intl.NumberFormat("en-US");

  // getJSON fetches an API answer. An error that is not the console's own
  // answer (nothing listens, the connection broke, something else answered)
  // is marked unreachable: the console is not running.
  function getJSON(url) {
    var unreachable = function () {
      var e = new Error("the console is not reachable");
      e.unreachable = true;
      throw e;
    };
    return fetch(url, { headers: { Accept: "application/json" }, cache: "no-store" }).catch(unreachable).then(function (r) {
      return r.json().catch(unreachable).then(function (body) {
        if (!r.ok) { throw new Error(body && body.error ? body.error : "HTTP " + r.status); }
        return body;
      });
    });
  }

  // ---- state and URL ----

  function readURL() {
    var p = new URLSearchParams(window.location.search);
    var s = blankState();
    FILTERS.forEach(function (k) { s[k] = p.get(k) || ""; });
    if (s.q && !HEX.test(s.q)) { s.q = ""; }
    var r = p.get("range") || "";
    if (RANGES[r] || r === "custom") { s.range = r; }
    if (s.range === "custom") {
      var since = p.get("since") || "", until = p.get("until") || "";
      s.since = RFC3339.test(since) ? since : "";
      s.until = RFC3339.test(until) ? until : "";
    }
    var page = parseInt(p.get("page") || "1", 10);
    s.page = page >= 1 && page < 1e9 ? page : 1;
    return s;
  }

  function stateQuery() {
    var p = new URLSearchParams();
    FILTERS.forEach(function (k) { if (state[k]) { p.set(k, state[k]); } });
    if (state.range) { p.set("range", state.range); }
    if (state.range === "custom") {
      if (state.since) { p.set("since", state.since); }
      if (state.until) { p.set("until", state.until); }
    }
    if (state.page > 1) { p.set("page", String(state.page)); }
    return p.toString();
  }

  // commit writes the state into the URL: a new history entry for a change
  // the user made, a replaced one for a correction.
  function commit(push) {
    var q = stateQuery();
    var url = window.location.pathname + (q ? "?" + q : "");
    if (url === window.location.pathname + window.location.search) { return; }
    if (push) { history.pushState(null, "", url); } else { history.replaceState(null, "", url); }
  }

  // timeRange turns the range into API parameters; relative ranges end now.
  function timeRange() {
    if (RANGES[state.range]) { return { since: new Date(Date.now() - RANGES[state.range]).toISOString() }; }
    if (state.range === "custom") { return { since: state.since, until: state.until }; }
    return {};
  }

  function filterParams() {
    var p = new URLSearchParams();
    FILTERS.forEach(function (k) { if (state[k]) { p.set(k, state[k]); } });
    var r = timeRange();
    if (r.since) { p.set("since", r.since); }
    if (r.until) { p.set("until", r.until); }
    return p;
  }

  function filtered() {
    return FILTERS.some(function (k) { return !!state[k]; }) || !!timeRange().since || !!timeRange().until;
  }

  // The URLs of one load share their filter parameters (p), so that the
  // counters and the table count the same events, to the millisecond of a
  // relative range.
  function eventsURL(f) {
    var p = new URLSearchParams(f);
    p.set("page", String(state.page));
    p.set("limit", String(PAGE_SIZE));
    return "api/events?" + p.toString();
  }

  // The stats take the events' filters: the counters and charts are those
  // of the events the table pages through.
  function statsURL(f) {
    var q = f.toString();
    return "api/stats" + (q ? "?" + q : "");
  }

  function exportURL(format) {
    var p = filterParams();
    p.set("format", format);
    return "api/events?" + p.toString();
  }

  // ---- the filter controls ----

  // datetime-local values are shown and read as UTC.
  function toLocalInput(rfc) {
    if (!rfc) { return ""; }
    var d = new Date(rfc);
    if (isNaN(d)) { return ""; }
    return d.toISOString().slice(0, 19);
  }
  function fromLocalInput(v) {
    if (!v) { return ""; }
    if (v.length === 16) { v += ":00"; }
    return v + "Z";
  }

  function showState() {
    $("f-verdict").value = state.verdict;
    $("f-hook").value = state.hook;
    $("f-agent").value = state.agent;
    $("f-rule").value = state.rule;
    $("f-repo").value = state.repo;
    $("f-q").value = state.q;
    setQError(false);
    $("f-range").value = state.range;
    $("f-since").value = toLocalInput(state.since);
    $("f-until").value = toLocalInput(state.until);
    document.querySelectorAll(".field.custom").forEach(function (el) { el.hidden = state.range !== "custom"; });
    var label = RANGE_LABELS[state.range] || "";
    document.querySelectorAll(".range-label").forEach(function (el) { el.textContent = label; });
    $("clear").disabled = !filtered();
    highlightRule();
    updateExports();
  }

  function updateExports() {
    $("export-csv").href = exportURL("csv");
    $("export-jsonl").href = exportURL("jsonl");
  }

  function setQError(on) {
    $("q-error").hidden = !on;
    if (on) { $("f-q").setAttribute("aria-invalid", "true"); } else { $("f-q").removeAttribute("aria-invalid"); }
  }

  // change applies a new state from the user: back to page 1 (the spec's
  // rule for every filter), into the URL, then load.
  function change(mutate) {
    mutate(state);
    state.page = 1;
    commit(true);
    showState();
    load();
  }

  function readTextFilters() {
    var q = $("f-q").value.trim();
    if (q && !HEX.test(q)) { setQError(true); return false; }
    setQError(false);
    var rule = $("f-rule").value.trim(), repo = $("f-repo").value.trim();
    if (q === state.q && rule === state.rule && repo === state.repo) { return true; }
    change(function (s) { s.q = q.toLowerCase(); s.rule = rule; s.repo = repo; });
    return true;
  }

  // ---- live status ----

  function setLive(ok, text) {
    var el = $("live");
    el.classList.toggle("ok", ok);
    el.classList.toggle("err", !ok);
    $("live-text").textContent = text;
  }

  // banner shows a message made of text and nodes (code), or hides.
  function banner() {
    var b = $("banner");
    var parts = Array.prototype.slice.call(arguments).filter(function (x) { return !!x; });
    b.hidden = !parts.length;
    b.replaceChildren.apply(b, parts);
  }

  // stopped says that the console does not answer, and how to start it.
  function stopped() {
    setLive(false, "Console stopped");
    var when = lastLoaded ? " The figures below are from " + lastLoaded.toLocaleTimeString() + "." : "";
    var serve = serveCommand();
    if (serve === "guard serve") {
      banner("The console is not running, so this page cannot update. Start it with ",
        code("guard service start"), " (the console service; ", code("guard service install"),
        " sets it up), or run ", code(serve), " in a terminal. This page reconnects by itself." + when);
      return;
    }
    // The service runs plain `guard serve` (127.0.0.1:7070): it would not
    // bring back a console on this page's address.
    banner("The console is not running, so this page cannot update. Start it again with ",
      code(serve), " in a terminal (the console service, ", code("guard service start"),
      ", listens on 127.0.0.1:" + DEFAULT_PORT + ", not here). This page reconnects by itself." + when);
  }

  // serveCommand is the command that serves the console on this page's
  // address: guard serve, with --addr and --port where they differ from
  // its defaults.
  function serveCommand() {
    var cmd = "guard serve";
    var host = location.hostname.replace(/^\[|\]$/g, "");
    if (host !== "127.0.0.1" && host !== "localhost") { cmd += " --addr " + host; }
    var port = location.port || (location.protocol === "https:" ? "443" : "80");
    if (port !== DEFAULT_PORT) { cmd += " --port " + port; }
    return cmd;
  }

  // ---- stats and charts ----

  function css(name) { return getComputedStyle(document.documentElement).getPropertyValue(name).trim(); }

  function renderStats(s) {
    var logTotal = typeof s.log_total === "number" ? s.log_total : s.total;
    view.logTotal = logTotal;
    $("stat-total").textContent = nf.format(s.total);
    $("stat-blocked").textContent = nf.format(s.blocked);
    $("stat-allowed").textContent = nf.format(s.allowed);
    $("stat-rate").textContent = s.block_rate.toFixed(2) + "%";
    $("stat-tokens").textContent = nf.format(s.tokens_total);
    var empty = logTotal === 0 && (s.skipped || 0) === 0;
    $("start").hidden = !empty;
    $("charts").hidden = empty;
    renderScope(s.total, logTotal);
    renderRules(s.by_rule || []);
    renderTimeline(s.timeline || { buckets: [] });
    renderFacets(s.rules || [], s.repos || []);
    renderIntegrity(s.integrity);
    var skipped = s.skipped || 0;
    var msg = skipped > 0 ? nf.format(skipped) + (skipped === 1 ? " line" : " lines") +
      " of the audit log could not be read (torn or malformed) and are left out." : "";
    var lost = integrityMessage(s.integrity);
    return lost && msg ? lost + " " + msg : lost || msg;
  }

  // renderScope says which events the counters and charts count.
  function renderScope(total, logTotal) {
    var el = $("scope");
    if (!filtered()) {
      el.textContent = logTotal === 1 ? "The one event in the audit log." : "All " + nf.format(logTotal) + " events in the audit log.";
      el.classList.remove("filtered");
      return;
    }
    var label = RANGE_LABELS[state.range] ? " " + RANGE_LABELS[state.range] : "";
    el.textContent = nf.format(total) + " of " + nf.format(logTotal) + " events match the filters" + label +
      ": the counters, the charts and the table show them.";
    el.classList.add("filtered");
  }

  // ---- export badge ----

  // renderExport turns /api/export into a badge beside the integrity one:
  // how far the OpenTelemetry export got, its last error, and in red the
  // chain breaks it found (the log no longer holds what it shipped).
  function renderExport(x) {
    var box = $("export");
    if (!x || !x.enabled || !x.status) { box.hidden = true; return; }
    box.hidden = false;
    var s = x.status, breaks = s.breaks || [];
    var level = breaks.length || s.error ? "bad" : "ok";
    box.className = "integrity " + level;
    $("export-mark").textContent = level === "bad" ? "\u2717" : "\u2713";
    $("export-text").textContent = breaks.length ? "Export: chain break" : s.error ? "Export failing" :
      "Exported \u00b7 " + nf.format(s.shipped);
    var rows = [["Endpoint", s.endpoint, "mono"], ["Shipped", nf.format(s.shipped) + " records, to byte " + nf.format(s.offset)],
      ["Last acknowledged", s.last_ack || "\u2014"]];
    if (s.error) { rows.push([s.permanent ? "Refused" : "Error", s.error + " (" + s.error_time + ")", "problem"]); }
    breaks.forEach(function (b) {
      rows.push(["Chain break (" + b.reason + ")", "at byte " + nf.format(b.offset) + ", " + b.time +
        ": expected " + shortHash(b.expected) + ", found " + b.found, "problem"]);
    });
    fillList("export-list", rows);
  }

  // ---- integrity badge ----

  // fillList replaces the definition list id holds with rows: [term,
  // description, class of the description (optional)], as text.
  function fillList(id, rows) {
    var frag = document.createDocumentFragment();
    rows.forEach(function (r) {
      var dt = document.createElement("dt");
      dt.textContent = r[0];
      var dd = document.createElement("dd");
      dd.textContent = r[1];
      if (r[2]) { dd.className = r[2]; }
      frag.appendChild(dt);
      frag.appendChild(dd);
    });
    $(id).replaceChildren(frag);
  }

  function shortHash(h) { return h ? h.slice(0, 12) + "\u2026" : "\u2014"; }

  // renderIntegrity turns /api/integrity into the badge in the top bar and
  // its panel: the chain checked up to the head, guard's last checkpoint
  // (its anchor), and in red what the log no longer holds.
  function renderIntegrity(i) {
    var box = $("integrity");
    if (!i || !i.chain) { box.hidden = true; return; }
    box.hidden = false;
    var c = i.chain, problems = i.problems || [];
    var level = !i.ok ? "bad" : c.records === 0 ? "none" : "ok";
    box.className = "integrity " + level;
    var text, summary;
    if (level === "bad") {
      var chainBroken = problems.some(function (p) { return p.source === "chain"; });
      text = chainBroken ? "Chain broken at entry " + nf.format(c.entry) : "Records lost";
      summary = chainBroken ?
        "The hash chain breaks at entry " + nf.format(c.entry) + ": the log was changed there." :
        "The log no longer holds records it held.";
      summary += " Run guard audit verify, and keep a copy of the log as it is.";
    } else if (level === "none") {
      text = "No records yet";
      summary = "The audit log has no records yet: nothing to verify.";
    } else {
      text = "Chain verified \u00b7 " + nf.format(c.records) + (c.records === 1 ? " record" : " records");
      summary = "Every record's prev_hash matches the record before it, from the first record to the head.";
    }
    $("integrity-mark").textContent = level === "bad" ? "\u2717" : level === "ok" ? "\u2713" : "\u2022";
    $("integrity-text").textContent = text;
    $("integrity-summary").textContent = summary;
    var rows = [
      ["Chain", c.intact ? "verified: " + nf.format(c.records) + (c.records === 1 ? " record" : " records") :
        "broken at entry " + nf.format(c.entry) + " (" + nf.format(c.records) + " records before it hold)"],
      ["Head", c.records ? c.head : "\u2014", "mono"],
      ["Last checkpoint", checkpointText(i.anchor, problems)],
    ];
    if (i.seen) { rows.push(["Console saw", nf.format(i.seen.count) + " records at " + i.seen.at]); }
    problems.forEach(function (p) { rows.push([problemTitle(p), p.message, "problem"]); });
    fillList("integrity-list", rows);
  }

  // checkpointText describes guard's anchor: the second copy of its
  // checkpoint, kept outside ~/.guard, that a regression is measured by.
  function checkpointText(a, problems) {
    if (!a) { return "none yet (guard's anchor is written as the log grows, every 4 KiB)"; }
    var lost = problems.some(function (p) { return p.source === "anchor"; });
    var count = a.count >= 0 ? "record " + nf.format(a.count) : "a record guard did not count";
    return count + ", head " + shortHash(a.head) + ", at byte " + nf.format(a.size) +
      (lost ? ": the log no longer holds it" : ": held by the log");
  }

  function problemTitle(p) {
    return p.source === "chain" ? "Chain" : p.source === "anchor" ? "Anchor" : p.source === "console" ? "Console" : "Problem";
  }

  // integrityMessage says what the audit log no longer holds (guard's
  // anchor, or what the console saw of it: /api/integrity); "" when intact.
  function integrityMessage(i) {
    if (!i || i.ok || !i.problems || !i.problems.length) { return ""; }
    return "The audit log may have been tampered with: " +
      i.problems.map(function (p) { return p.message + "."; }).join(" ") +
      " Run 'guard audit verify'.";
  }

  function renderFacets(rules, repos) {
    var key = JSON.stringify([rules, repos]);
    if (key === view.facets) { return; }
    view.facets = key;
    [["rules-list", rules], ["repos-list", repos]].forEach(function (x) {
      var frag = document.createDocumentFragment();
      x[1].forEach(function (v) {
        var o = document.createElement("option");
        o.value = v;
        frag.appendChild(o);
      });
      $(x[0]).replaceChildren(frag);
    });
  }

  function baseOptions() {
    return {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { display: false }, tooltip: { intersect: false } },
    };
  }

  // A rule name longer than the axis can show (on a phone) is cut with an
  // ellipsis; the tooltip and the chart's label keep the full name.
  function shortLabel(value) {
    var label = String(this.getLabelForValue(value));
    var max = Math.max(10, Math.floor(this.chart.width * 0.4 / 7));
    return label.length > max ? label.slice(0, max - 1) + "\u2026" : label;
  }

  // Clicking a bar shows that rule's events (not the "(other)" bar, which
  // stands for many rules).
  function ruleAt(chart, ev) {
    var els = chart.getElementsAtEventForMode(ev, "y", { intersect: false }, true);
    if (!els.length) { return ""; }
    var rule = charts.ruleLabels[els[0].index];
    return rule && rule !== "(other)" ? rule : "";
  }

  // barColors dims every bar but the rule the table is filtered by.
  function barColors() {
    var c = css("--chart-bar");
    if (!state.rule || charts.ruleLabels.indexOf(state.rule) < 0) { return c; }
    return charts.ruleLabels.map(function (r) { return r === state.rule ? c : alpha(c, 0.35); });
  }

  function highlightRule() {
    var hint = $("rules-hint");
    hint.textContent = state.rule ?
      "Showing " + state.rule + " (bright); the other bars count the other rules under the same filters. Select one to switch." :
      "Select a bar to show that rule's events.";
    if (!charts.rules) { return; }
    charts.rules.data.datasets[0].backgroundColor = barColors();
    charts.rules.update("none");
  }

  function renderRules(rules) {
    var key = JSON.stringify(rules);
    if (key === charts.rulesKey) { return; }
    charts.rulesKey = key;
    $("rules-empty").hidden = rules.length > 0;
    $("rules-hint").hidden = rules.length === 0;
    charts.ruleLabels = rules.map(function (r) { return r.rule; });
    // The chart grows with its bars, so that each (up to 20) keeps room for
    // its 12 px label; the box's own height stays the least.
    $("chart-rules").parentNode.style.minHeight = (rules.length * RULE_ROW_PX + 60) + "px";
    var labels = rules.map(function (r) { return r.rule || "(no rule)"; });
    var data = rules.map(function (r) { return r.count; });
    $("chart-rules").setAttribute("aria-label", "Blocked events by rule: " +
      rules.slice(0, 10).map(function (r) { return (r.rule || "(no rule)") + " " + r.count; }).join(", "));
    if (!window.Chart) { return; }
    if (!charts.rules) {
      var o = baseOptions();
      o.indexAxis = "y";
      o.scales = {
        x: { beginAtZero: true, ticks: { precision: 0 }, grid: {} },
        y: { ticks: { autoSkip: false, font: { size: 12 }, callback: shortLabel }, grid: { display: false } },
      };
      o.onClick = function (ev, els, chart) {
        var rule = ruleAt(chart, ev);
        if (rule) { change(function (s) { s.rule = rule; }); }
      };
      o.onHover = function (ev, els, chart) {
        $("chart-rules").classList.toggle("clickable", !!ruleAt(chart, ev));
      };
      charts.rules = new Chart($("chart-rules"), {
        type: "bar",
        data: { labels: labels, datasets: [{ label: "Blocked", data: data, borderRadius: 4, maxBarThickness: 22, backgroundColor: barColors() }] },
        options: o,
      });
      applyTheme();
    } else {
      charts.rules.data.labels = labels;
      charts.rules.data.datasets[0].data = data;
      charts.rules.data.datasets[0].backgroundColor = barColors();
      charts.rules.update("none");
    }
  }

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function bucketLabel(t, step) {
    var d = new Date(t);
    var day = d.getUTCFullYear() + "-" + pad(d.getUTCMonth() + 1) + "-" + pad(d.getUTCDate());
    if (step >= 86400000) { return day; }
    var hm = pad(d.getUTCHours()) + ":" + pad(d.getUTCMinutes());
    if (step < 60000) { hm += ":" + pad(d.getUTCSeconds()); }
    return day.slice(5) + " " + hm;
  }

  function renderTimeline(tl) {
    var key = JSON.stringify(tl);
    if (key === charts.timelineKey) { return; }
    charts.timelineKey = key;
    var b = tl.buckets || [];
    var any = b.some(function (x) { return x.allow + x.block > 0; });
    $("timeline-empty").hidden = any;
    var labels = b.map(function (x) { return bucketLabel(x.t, tl.step_ms); });
    var allow = b.map(function (x) { return x.allow; });
    var block = b.map(function (x) { return x.block; });
    if (!window.Chart) { return; }
    if (!charts.timeline) {
      var o = baseOptions();
      o.plugins.legend = { display: true, position: "bottom", labels: { boxWidth: 12 } };
      o.interaction = { mode: "index", intersect: false };
      o.scales = {
        x: { ticks: { maxRotation: 0, autoSkipPadding: 16 }, grid: { display: false } },
        y: { beginAtZero: true, ticks: { precision: 0 }, grid: {} },
      };
      charts.timeline = new Chart($("chart-timeline"), {
        type: "line",
        data: {
          labels: labels,
          datasets: [
            { label: "allow", data: allow, fill: true, tension: .25, pointRadius: 0, borderWidth: 2,
              borderColor: css("--chart-allow"), backgroundColor: alpha(css("--chart-allow"), 0.12) },
            { label: "block", data: block, fill: true, tension: .25, pointRadius: 0, borderWidth: 2,
              borderColor: css("--chart-block"), backgroundColor: alpha(css("--chart-block"), 0.14) },
          ],
        },
        options: o,
      });
      applyTheme();
    } else {
      charts.timeline.data.labels = labels;
      charts.timeline.data.datasets[0].data = allow;
      charts.timeline.data.datasets[1].data = block;
    }
    // With only a few buckets a line has nothing to join: show the points.
    charts.timeline.data.datasets.forEach(function (ds) { ds.pointRadius = b.length < 3 ? 4 : 0; });
    charts.timeline.update("none");
  }

  function alpha(hex, a) {
    var m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
    return m ? "rgba(" + parseInt(m[1], 16) + "," + parseInt(m[2], 16) + "," + parseInt(m[3], 16) + "," + a + ")" : hex;
  }

  // applyTheme gives the charts the colours of the current scheme (light
  // or dark, from the system), now and whenever it changes.
  function applyTheme() {
    if (!window.Chart) { return; }
    var ink = css("--chart-ink"), muted = css("--chart-muted"), grid = css("--chart-grid");
    Chart.defaults.color = muted;
    if (charts.rules) {
      var o = charts.rules.options;
      o.scales.x.ticks.color = muted;
      o.scales.x.grid.color = grid;
      o.scales.y.ticks.color = ink;
      charts.rules.data.datasets[0].backgroundColor = barColors();
      charts.rules.update();
    }
    if (charts.timeline) {
      var t = charts.timeline.options, ds = charts.timeline.data.datasets;
      t.scales.x.ticks.color = muted;
      t.scales.y.ticks.color = muted;
      t.scales.y.grid.color = grid;
      t.plugins.legend.labels.color = ink;
      ds[0].borderColor = css("--chart-allow");
      ds[0].backgroundColor = alpha(css("--chart-allow"), 0.12);
      ds[1].borderColor = css("--chart-block");
      ds[1].backgroundColor = alpha(css("--chart-block"), 0.14);
      charts.timeline.update();
    }
  }

  // ---- events table ----

  function cell(tr, text, cls) {
    var td = document.createElement("td");
    td.textContent = text;
    if (cls) { td.className = cls; }
    tr.appendChild(td);
    return td;
  }

  function badge(verdict) {
    var s = document.createElement("span");
    s.className = "badge " + (verdict === "block" || verdict === "allow" ? verdict : "other");
    s.textContent = verdict;
    return s;
  }

  function code(text) {
    var c = document.createElement("code");
    c.textContent = text;
    return c;
  }

  // emptyRow says why the table is empty and what to do about it.
  function emptyRow(p) {
    var tr = document.createElement("tr");
    var td = document.createElement("td");
    td.className = "empty";
    td.colSpan = 9;
    tr.appendChild(td);
    // Sticky at the table's left edge and no wider than the screen: the
    // message stays readable when the table scrolls sideways on a phone.
    var box = document.createElement("div");
    box.className = "empty-box";
    td.appendChild(box);
    var msg = document.createElement("p");
    box.appendChild(msg);
    if (p.total > 0) {
      msg.textContent = "No events on this page.";
    } else if (view.logTotal === 0 && !filtered()) {
      msg.append("No events yet: run ", code("guard init --agent-a"), ", then run the agent.");
    } else {
      msg.textContent = "No events match these filters. ";
      var b = document.createElement("button");
      b.type = "button";
      b.id = "empty-clear";
      b.textContent = "Clear filters";
      b.addEventListener("click", clearFilters);
      msg.appendChild(b);
    }
    return tr;
  }

  function renderEvents(p) {
    view.total = p.total;
    view.events = p.events;
    view.help = p.help || {};
    var first = p.events.length ? (p.page - 1) * p.limit + 1 : 0;
    var last = p.events.length ? first + p.events.length - 1 : 0;
    $("range").textContent = first + "-" + last + " of " + p.total;
    $("prev").disabled = state.page <= 1;
    $("next").disabled = state.page * PAGE_SIZE >= p.total;

    var key = view.logTotal + "|" + filtered() + "|" + p.total + "|" + p.page + "|" +
      p.events.map(function (e) { return e.ts + e.input_hash; }).join(",");
    if (key === view.key) { return; }
    view.key = key;
    var active = document.activeElement;
    var focusIdx = active && active.dataset && active.dataset.index !== undefined ? Number(active.dataset.index) : -1;
    var frag = document.createDocumentFragment();
    if (!p.events.length) { frag.appendChild(emptyRow(p)); }
    p.events.forEach(function (e, i) {
      var tr = document.createElement("tr");
      tr.className = "row" + (e.verdict === "block" ? " blocked" : "");
      tr.tabIndex = i === 0 ? 0 : -1; // one row in the tab order; arrows move
      tr.dataset.index = String(i);
      tr.setAttribute("aria-haspopup", "dialog");
      tr.setAttribute("aria-label", e.ts + ", agent " + (e.agent || "unknown") + ", " + e.hook +
        (e.tool ? ", " + e.tool : "") + ", " + e.verdict + (e.rule ? " by " + e.rule : "") +
        (helpOf(e) ? ": " + reasonLine(helpOf(e).description) : "") +
        (e.reason ? ": " + reasonLine(e.reason) : "") + ". Press Enter for details.");
      cell(tr, e.ts, "ts");
      cell(tr, e.agent || "—");
      cell(tr, e.hook);
      cell(tr, e.tool || "—");
      var v = document.createElement("td");
      v.appendChild(badge(e.verdict));
      tr.appendChild(v);
      cell(tr, e.rule || "—", "rule");
      reasonCell(tr, e);
      cell(tr, e.repo || "—");
      cell(tr, e.user || "—");
      frag.appendChild(tr);
    });
    $("rows").replaceChildren(frag);
    if (focusIdx >= 0) { focusRow(focusIdx); }
  }

  // helpOf is what the console's policy says about e's rule (the API's
  // help, looked up by rule name; records carry no explanation), or null.
  function helpOf(e) {
    return e.rule && Object.prototype.hasOwnProperty.call(view.help, e.rule) ? view.help[e.rule] : null;
  }

  // reasonCell adds the REASON cell of e: the policy's short line on what
  // the rule protects, when it knows the rule, above the record's reason.
  function reasonCell(tr, e) {
    var h = helpOf(e);
    var td = cell(tr, h ? "" : reasonLine(e.reason), "reason");
    if (h) {
      var why = document.createElement("span");
      why.className = "why";
      why.textContent = reasonLine(h.description);
      var spec = document.createElement("span");
      spec.className = "spec";
      spec.textContent = reasonLine(e.reason);
      td.replaceChildren(why, spec);
    }
    var title = (h ? h.description + (e.reason ? "\n" : "") : "") + (e.reason || "");
    if (title) { td.title = title; }
    return td;
  }

  // reasonLine is a reason as the table shows it: on one line (white space
  // runs as one space), cut to REASON_MAX characters with an ellipsis. The
  // cell's title and the detail view hold it whole.
  function reasonLine(reason) {
    if (!reason) { return "\u2014"; }
    var chars = Array.from(reason.replace(/\s+/g, " ").trim());
    return chars.length > REASON_MAX ? chars.slice(0, REASON_MAX - 1).join("") + "\u2026" : chars.join("");
  }

  function focusRow(i) {
    var rows = $("rows").querySelectorAll("tr.row");
    if (!rows.length) { return; }
    var k = Math.max(0, Math.min(i, rows.length - 1));
    rows.forEach(function (r, j) { r.tabIndex = j === k ? 0 : -1; });
    rows[k].focus();
  }

  // ---- detail modal ----

  function openDetail(i) {
    var e = view.events[i];
    if (!e) { return; }
    lastFocusIndex = i;
    var fields = [
      ["Timestamp", e.ts, "mono"], ["Hook", e.hook], ["Verdict", e.verdict, "verdict"],
      ["Rule", e.rule || "—"], ["Reason", e.reason || "—", "reason"],
    ];
    helpFields(e).forEach(function (f) { fields.push(f); });
    if (e.action) { fields.push(["Action", e.action === "redacted" ? "redacted: the agent got the result with each match replaced" : e.action === "withheld" ? "withheld: the agent got guard's notice instead of the result" : e.action]); }
    fields.push(
      ["Repository", e.repo || "—"], ["User", e.user || "—"], ["Host", e.host || "—"],
      ["Input hash", e.input_hash || "—", "mono"],
      ["Agent", e.agent ? e.agent + (e.event ? " (" + e.event + ")" : "") : "—"],
      ["Tool", e.tool || "—"]);
    if (e.tag) { fields.push(["Tag", e.tag]); }
    if (e.findings && e.findings.length) { fields.push(["Also found", e.findings.join(", ")]); }
    fields.push(["Policy version", e.policy_version || "—"], ["Tokens in", nf.format(e.tokens_in || 0)],
      ["Previous hash", e.prev_hash, "mono"]);
    var dl = $("detail-list");
    var frag = document.createDocumentFragment();
    fields.forEach(function (f) {
      var dt = document.createElement("dt");
      dt.textContent = f[0];
      var dd = document.createElement("dd");
      if (f[2] === "verdict") { dd.appendChild(badge(f[1])); } else { dd.textContent = f[1]; }
      if (f[2] === "mono" || f[2] === "reason") { dd.className = f[2]; }
      dd.dataset.field = f[0];
      frag.appendChild(dt);
      frag.appendChild(dd);
    });
    dl.replaceChildren(frag);
    $("detail-title").textContent = (e.verdict === "block" ? "Blocked" : e.verdict === "allow" ? "Allowed" : "Event") + " · " + e.hook;
    var d = $("detail");
    if (!d.open) { d.showModal(); }
    // Focus the title, not the close button: the Enter that opened the
    // dialog must not also press the button.
    $("detail-title").focus();
  }

  // helpFields are the detail view's lines on e's rule, from the console's
  // policy: what it protects, what to do instead, how to allow it.
  function helpFields(e) {
    if (!e.rule) { return []; }
    var h = helpOf(e);
    if (!h) {
      return [["About the rule", "The policy this console loaded has no rule " + e.rule +
        " (it may have been renamed or removed since): see guard explain."]];
    }
    var out = [["Protects", h.description]];
    if (h.hint) { out.push(["Instead", h.hint]); }
    if (h.allow) { out.push(["To allow", h.allow]); }
    return out;
  }

  // Every way of closing the dialog comes here. Focus goes back to the row at
  // once: the dialog's "close" event fires later, and moving focus from there
  // would undo a focus change made in between.
  function closeDetail() {
    var d = $("detail");
    if (!d.open) { return; }
    d.close();
    if (lastFocusIndex >= 0) { focusRow(lastFocusIndex); }
  }

  // ---- loading ----

  function load() {
    var my = ++seq;
    clearTimeout(timer);
    updateExports();
    getJSON("api/export").then(renderExport, function () {});
    var f = filterParams();
    return Promise.all([getJSON(statsURL(f)), getJSON(eventsURL(f))]).then(function (res) {
      if (my !== seq) { return; }
      var p = res[1];
      if (!p.events.length && p.total > 0 && state.page > 1) {
        // The log shrank under us: go to the last page that exists.
        state.page = Math.max(1, Math.ceil(p.total / PAGE_SIZE));
        commit(false);
        return load();
      }
      banner(renderStats(res[0]));
      renderEvents(p);
      lastLoaded = new Date();
      setLive(true, "Live · updated " + lastLoaded.toLocaleTimeString());
    }).catch(function (err) {
      if (my !== seq) { return; }
      if (err.unreachable) { stopped(); return; }
      setLive(false, "Error");
      banner("The console answered with an error: " + err.message);
    }).finally(function () {
      if (my === seq) { timer = setTimeout(load, REFRESH_MS); }
    });
  }

  function clearFilters() {
    change(function (s) { var b = blankState(); Object.keys(b).forEach(function (k) { s[k] = b[k]; }); });
    $("f-range").focus();
  }

  function init() {
    state = readURL();
    commit(false);
    showState();

    ["verdict", "hook", "agent"].forEach(function (k) {
      $("f-" + k).addEventListener("change", function (ev) {
        var v = ev.target.value;
        change(function (s) { s[k] = v; });
      });
    });
    $("f-range").addEventListener("change", function (ev) {
      var v = ev.target.value;
      change(function (s) {
        s.range = v;
        if (v !== "custom") { s.since = ""; s.until = ""; }
      });
      if (v === "custom") { $("f-since").focus(); }
    });
    ["since", "until"].forEach(function (k) {
      $("f-" + k).addEventListener("change", function (ev) {
        var v = fromLocalInput(ev.target.value);
        change(function (s) { s[k] = v; });
      });
    });
    ["f-rule", "f-repo", "f-q"].forEach(function (id) {
      $(id).addEventListener("change", readTextFilters);
    });
    $("f-q").addEventListener("input", function () { if (!$("q-error").hidden) { setQError(false); } });
    $("filters").addEventListener("submit", function (ev) { ev.preventDefault(); readTextFilters(); });
    $("clear").addEventListener("click", clearFilters);
    ["export-csv", "export-jsonl"].forEach(function (id) {
      // A relative range ("last hour") ends at the moment of the click.
      $(id).addEventListener("click", updateExports);
    });

    $("prev").addEventListener("click", function () {
      if (state.page > 1) { state.page--; commit(true); load(); }
    });
    $("next").addEventListener("click", function () {
      if (state.page * PAGE_SIZE < view.total) { state.page++; commit(true); load(); }
    });
    window.addEventListener("popstate", function () {
      state = readURL();
      showState();
      load();
    });

    var rows = $("rows");
    rows.addEventListener("click", function (ev) {
      var tr = ev.target.closest("tr.row");
      if (tr) { focusRow(Number(tr.dataset.index)); openDetail(Number(tr.dataset.index)); }
    });
    rows.addEventListener("keydown", function (ev) {
      var tr = ev.target.closest("tr.row");
      if (!tr) { return; }
      var i = Number(tr.dataset.index);
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); openDetail(i); }
      else if (ev.key === "ArrowDown") { ev.preventDefault(); focusRow(i + 1); }
      else if (ev.key === "ArrowUp") { ev.preventDefault(); focusRow(i - 1); }
      else if (ev.key === "Home") { ev.preventDefault(); focusRow(0); }
      else if (ev.key === "End") { ev.preventDefault(); focusRow(view.events.length - 1); }
    });

    var d = $("detail");
    $("detail-close").addEventListener("click", closeDetail);
    d.addEventListener("click", function (ev) {
      // The dialog has no padding, so a click on the dialog element itself
      // is a click on its backdrop, outside the content.
      if (ev.target === d) { closeDetail(); }
    });
    d.addEventListener("cancel", function (ev) { ev.preventDefault(); closeDetail(); });
    // Escape closes the dialog even when the browser does not send cancel.
    document.addEventListener("keydown", function (ev) {
      if (ev.key === "Escape" && d.open) { ev.preventDefault(); closeDetail(); }
    });
    document.addEventListener("visibilitychange", function () { if (!document.hidden) { load(); } });

    if (window.Chart) {
      Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
    }
    if (window.matchMedia) {
      var mq = window.matchMedia("(prefers-color-scheme: dark)");
      if (mq.addEventListener) { mq.addEventListener("change", applyTheme); }
    }
    load();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
