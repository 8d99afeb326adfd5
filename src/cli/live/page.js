// The live page: the form's fields go into the address (so a judgement can be linked to), the
// judgement comes from /api as JSON, and every piece of it is put in the page as text
// (textContent, never markup): an input or a program's answer is data, not HTML.
"use strict";

const FIELDS = ["input", "base", "normalize", "rule", "zone_id", "non_strict"];

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

function link(href, text) {
  const a = element("a", text);
  // Only http(s) addresses and this server's own paths become links.
  if (/^(https?:\/\/|\/report\/)/.test(href)) a.href = href;
  return a;
}

function query() {
  const params = new URLSearchParams();
  for (const name of FIELDS) {
    const field = document.getElementById(name);
    if (field.type === "checkbox") {
      if (field.checked) params.set(name, "1");
    } else if (field.value !== "") {
      params.set(name, field.value);
    }
  }
  return params;
}

function fill(params) {
  for (const name of FIELDS) {
    const field = document.getElementById(name);
    if (field.type === "checkbox") field.checked = params.get(name) === "1";
    else field.value = params.get(name) || "";
  }
}

function causeCell(answer) {
  const cell = element("td", null, "cause");
  if (answer.findings.length === 0) {
    if (answer.seen_alike.length > 0) {
      const parts = answer.seen_alike.map(
        (s) => `${s.field} ${s.blind_spots.join(" and ") || "-"} (${JSON.stringify(s.reference)} as ${JSON.stringify(s.actual)})`
      );
      cell.append(element("div", "through its blind spots: " + parts.join(", ")));
    }
    return cell;
  }
  for (const finding of answer.findings) {
    const line = element("div", finding.cause);
    if (finding.security) line.append(" ", element("span", "[security]", "security"));
    cell.append(line);
    if (finding.known) {
      const details = element("details");
      details.append(element("summary", `${finding.known.id}: ${finding.known.class}`));
      details.append(element("p", finding.known.reason));
      if (finding.known.link) details.append(link(finding.known.link, finding.known.link));
      cell.append(details);
    }
    if (finding.chain.length > 0) cell.append(element("div", finding.chain.join(" -> ")));
  }
  return cell;
}

function rfcCell(answer) {
  const cell = element("td", null, "rfc");
  for (const finding of answer.findings) {
    const rfc = finding.rfc;
    const heading = rfc.link ? link(rfc.link, rfc.section) : element("span", rfc.section);
    cell.append(heading);
    if (rfc.text) cell.append(element("pre", rfc.text));
    if (rfc.note) cell.append(element("div", rfc.note));
  }
  return cell;
}

function reportCell(answer) {
  const cell = element("td", null, "report");
  for (const finding of answer.findings) {
    if (finding.on_record) {
      cell.append(link("/report/" + finding.signature.split("/").map(encodeURIComponent).join("/"), finding.signature));
      cell.append(element("br"));
    }
  }
  return cell;
}

function row(name, text, verdict, cells) {
  const tr = element("tr");
  tr.dataset.implementation = name;
  tr.dataset.verdict = verdict;
  tr.append(element("th", name), element("td", text, "answer"), element("td", verdict, "verdict"));
  for (const cell of cells) tr.append(cell);
  return tr;
}

function show(judgement) {
  const rows = document.getElementById("rows");
  rows.replaceChildren();
  document.getElementById("case-line").textContent = judgement.case_line;
  rows.append(row("reference", judgement.reference_text, "judge", [element("td"), element("td"), element("td")]));
  for (const answer of judgement.answers) {
    rows.append(row(answer.implementation, answer.text, answer.verdict, [causeCell(answer), rfcCell(answer), reportCell(answer)]));
  }
  document.getElementById("answers").hidden = false;
}

async function judge(params) {
  const status = document.getElementById("status");
  status.className = "";
  status.textContent = "judging...";
  document.body.dataset.state = "judging";
  try {
    const response = await fetch("/api?" + params.toString());
    const body = await response.json();
    if (!response.ok) throw new Error(body.error || response.statusText);
    show(body);
    status.textContent = `${body.answers.length} implementations beside the reference`;
    // For a reader of the DOM (the browser test): the table is whole.
    document.body.dataset.state = "judged";
  } catch (error) {
    status.className = "error";
    status.textContent = "error: " + error.message;
    document.body.dataset.state = "failed";
  }
}

document.addEventListener("DOMContentLoaded", () => {
  const params = new URLSearchParams(window.location.search);
  fill(params);
  document.getElementById("case").addEventListener("submit", (event) => {
    event.preventDefault();
    const asked = query();
    history.replaceState(null, "", "?" + asked.toString());
    judge(asked);
  });
  if (params.has("input")) judge(params);
});
