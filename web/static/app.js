// guard console: fetches /api/stats and /api/events and keeps the page live.
// No inline code (the CSP forbids it); all data goes into the DOM as text.
(function () {
  "use strict";

  var PAGE_SIZE = 100;
  var REFRESH_MS = 4000;
  var state = { page: 1, verdict: "", hook: "", total: 0, events: [], key: "" };
  var charts = { rules: null, timeline: null, rulesKey: "", timelineKey: "" };
  var lastFocusIndex = -1;
  var timer = null;
  var seq = 0;

  function $(id) { return document.getElementById(id); }
  var nf = new Intl.NumberFormat("en-US");

  function getJSON(url) {
    return fetch(url, { headers: { Accept: "application/json" }, cache: "no-store" }).then(function (r) {
      return r.json().then(function (body) {
        if (!r.ok) { throw new Error(body && body.error ? body.error : "HTTP " + r.status); }
        return body;
      });
    });
  }

  function eventsURL() {
    var p = new URLSearchParams({ page: String(state.page), limit: String(PAGE_SIZE) });
    if (state.verdict) { p.set("verdict", state.verdict); }
    if (state.hook) { p.set("hook", state.hook); }
    return "api/events?" + p.toString();
  }

  function setLive(ok, text) {
    var el = $("live");
    el.classList.toggle("ok", ok);
    el.classList.toggle("err", !ok);
    $("live-text").textContent = text;
  }

  function banner(msg) {
    var b = $("banner");
    b.hidden = !msg;
    b.textContent = msg || "";
  }

  // ---- stats and charts ----

  function renderStats(s) {
    $("stat-total").textContent = nf.format(s.total);
    $("stat-blocked").textContent = nf.format(s.blocked);
    $("stat-allowed").textContent = nf.format(s.allowed);
    $("stat-rate").textContent = s.block_rate.toFixed(2) + "%";
    $("stat-tokens").textContent = nf.format(s.tokens_total);
    renderRules(s.by_rule || []);
    renderTimeline(s.timeline || { buckets: [] });
    var skipped = s.skipped || 0;
    banner(skipped > 0 ? nf.format(skipped) + (skipped === 1 ? " line" : " lines") +
      " of the audit log could not be read (torn or malformed) and are left out." : "");
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

  function renderRules(rules) {
    var key = JSON.stringify(rules);
    if (key === charts.rulesKey) { return; }
    charts.rulesKey = key;
    $("rules-empty").hidden = rules.length > 0;
    var labels = rules.map(function (r) { return r.rule || "(no rule)"; });
    var data = rules.map(function (r) { return r.count; });
    $("chart-rules").setAttribute("aria-label", "Blocked events by rule: " +
      rules.slice(0, 10).map(function (r) { return (r.rule || "(no rule)") + " " + r.count; }).join(", "));
    if (!window.Chart) { return; }
    if (!charts.rules) {
      var o = baseOptions();
      o.indexAxis = "y";
      o.scales = {
        x: { beginAtZero: true, ticks: { precision: 0, color: "#4a5668" }, grid: { color: "#edf0f4" } },
        y: { ticks: { color: "#132033", autoSkip: false, font: { size: 12 }, callback: shortLabel }, grid: { display: false } },
      };
      charts.rules = new Chart($("chart-rules"), {
        type: "bar",
        data: { labels: labels, datasets: [{ label: "Blocked", data: data, backgroundColor: "#c2412d", borderRadius: 4, maxBarThickness: 22 }] },
        options: o,
      });
    } else {
      charts.rules.data.labels = labels;
      charts.rules.data.datasets[0].data = data;
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
    $("timeline-empty").hidden = b.length > 0;
    var labels = b.map(function (x) { return bucketLabel(x.t, tl.step_ms); });
    var allow = b.map(function (x) { return x.allow; });
    var block = b.map(function (x) { return x.block; });
    if (!window.Chart) { return; }
    if (!charts.timeline) {
      var o = baseOptions();
      o.plugins.legend = { display: true, position: "bottom", labels: { boxWidth: 12, color: "#132033" } };
      o.interaction = { mode: "index", intersect: false };
      o.scales = {
        x: { ticks: { maxRotation: 0, autoSkipPadding: 16, color: "#4a5668" }, grid: { display: false } },
        y: { beginAtZero: true, ticks: { precision: 0, color: "#4a5668" }, grid: { color: "#edf0f4" } },
      };
      charts.timeline = new Chart($("chart-timeline"), {
        type: "line",
        data: {
          labels: labels,
          datasets: [
            { label: "allow", data: allow, borderColor: "#1f7a52", backgroundColor: "rgba(31,122,82,.10)", fill: true, tension: .25, pointRadius: 0, borderWidth: 2 },
            { label: "block", data: block, borderColor: "#c2412d", backgroundColor: "rgba(194,65,45,.12)", fill: true, tension: .25, pointRadius: 0, borderWidth: 2 },
          ],
        },
        options: o,
      });
    } else {
      charts.timeline.data.labels = labels;
      charts.timeline.data.datasets[0].data = allow;
      charts.timeline.data.datasets[1].data = block;
    }
    // With only a few buckets a line has nothing to join: show the points.
    charts.timeline.data.datasets.forEach(function (ds) { ds.pointRadius = b.length < 3 ? 4 : 0; });
    charts.timeline.update("none");
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

  function renderEvents(p) {
    state.total = p.total;
    state.events = p.events;
    var first = p.events.length ? (p.page - 1) * p.limit + 1 : 0;
    var last = p.events.length ? first + p.events.length - 1 : 0;
    $("range").textContent = first + "-" + last + " of " + p.total;
    $("prev").disabled = state.page <= 1;
    $("next").disabled = state.page * PAGE_SIZE >= p.total;

    var key = p.total + "|" + p.page + "|" + p.events.map(function (e) { return e.ts + e.input_hash; }).join(",");
    if (key === state.key) { return; }
    state.key = key;
    var active = document.activeElement;
    var focusIdx = active && active.dataset && active.dataset.index !== undefined ? Number(active.dataset.index) : -1;
    var body = $("rows");
    var frag = document.createDocumentFragment();
    if (!p.events.length) {
      var tr = document.createElement("tr");
      var td = cell(tr, p.total ? "No events on this page." :
        (state.verdict || state.hook ? "No events match these filters." : "No events yet. They appear here as agents run guard."), "empty");
      td.colSpan = 5;
      frag.appendChild(tr);
    }
    p.events.forEach(function (e, i) {
      var tr = document.createElement("tr");
      tr.className = "row";
      tr.tabIndex = 0;
      tr.dataset.index = String(i);
      tr.setAttribute("aria-haspopup", "dialog");
      tr.setAttribute("aria-label", e.ts + ", " + e.hook + ", " + e.verdict + (e.rule ? " by " + e.rule : "") + ". Press Enter for details.");
      cell(tr, e.ts, "ts");
      cell(tr, e.hook);
      var v = document.createElement("td");
      v.appendChild(badge(e.verdict));
      tr.appendChild(v);
      cell(tr, e.repo || "—");
      cell(tr, e.user || "—");
      frag.appendChild(tr);
    });
    body.replaceChildren(frag);
    if (focusIdx >= 0) { focusRow(focusIdx); }
  }

  function focusRow(i) {
    var rows = $("rows").querySelectorAll("tr.row");
    if (rows.length) { rows[Math.min(i, rows.length - 1)].focus(); }
  }

  // ---- detail modal ----

  function openDetail(i) {
    var e = state.events[i];
    if (!e) { return; }
    lastFocusIndex = i;
    var fields = [
      ["Timestamp", e.ts, "mono"], ["Hook", e.hook], ["Verdict", e.verdict, "verdict"],
      ["Rule", e.rule || "—"], ["Reason", e.reason || "—"], ["Repository", e.repo || "—"],
      ["User", e.user || "—"], ["Host", e.host || "—"], ["Input hash", e.input_hash, "mono"],
      ["Agent", e.agent ? e.agent + (e.event ? " (" + e.event + ")" : "") : "—"],
      ["Policy version", e.policy_version || "—"], ["Tokens in", nf.format(e.tokens_in || 0)],
      ["Previous hash", e.prev_hash, "mono"],
    ];
    var dl = $("detail-list");
    var frag = document.createDocumentFragment();
    fields.forEach(function (f) {
      var dt = document.createElement("dt");
      dt.textContent = f[0];
      var dd = document.createElement("dd");
      if (f[2] === "verdict") { dd.appendChild(badge(f[1])); } else { dd.textContent = f[1]; }
      if (f[2] === "mono") { dd.className = "mono"; }
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
    return Promise.all([getJSON("api/stats"), getJSON(eventsURL())]).then(function (res) {
      if (my !== seq) { return; }
      var p = res[1];
      if (!p.events.length && p.total > 0 && state.page > 1) {
        // The log shrank under us: go to the last page that exists.
        state.page = Math.max(1, Math.ceil(p.total / PAGE_SIZE));
        return load();
      }
      renderStats(res[0]);
      renderEvents(p);
      setLive(true, "Live · updated " + new Date().toLocaleTimeString());
    }).catch(function (err) {
      if (my !== seq) { return; }
      setLive(false, "Disconnected");
      banner("Cannot load data from the console: " + err.message);
    }).finally(function () {
      if (my === seq) { timer = setTimeout(load, REFRESH_MS); }
    });
  }

  function init() {
    $("f-verdict").addEventListener("change", function (ev) { state.verdict = ev.target.value; state.page = 1; load(); });
    $("f-hook").addEventListener("change", function (ev) { state.hook = ev.target.value; state.page = 1; load(); });
    $("prev").addEventListener("click", function () { if (state.page > 1) { state.page--; load(); } });
    $("next").addEventListener("click", function () { if (state.page * PAGE_SIZE < state.total) { state.page++; load(); } });

    var rows = $("rows");
    rows.addEventListener("click", function (ev) {
      var tr = ev.target.closest("tr.row");
      if (tr) { openDetail(Number(tr.dataset.index)); }
    });
    rows.addEventListener("keydown", function (ev) {
      var tr = ev.target.closest("tr.row");
      if (!tr) { return; }
      var i = Number(tr.dataset.index);
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); openDetail(i); }
      else if (ev.key === "ArrowDown") { ev.preventDefault(); focusRow(i + 1); }
      else if (ev.key === "ArrowUp") { ev.preventDefault(); focusRow(Math.max(0, i - 1)); }
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
      Chart.defaults.color = "#4a5668";
    }
    load();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
