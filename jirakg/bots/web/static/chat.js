// The chat page: asks through the REST API, shows answers with issue links and list tables, takes
// feedback, and offers questions that answer on this instance when the conversation is empty.
"use strict";
(function () {
  const log = document.getElementById("log");
  const status = document.getElementById("status");
  const empty = document.getElementById("empty");
  const examples = document.getElementById("examples");
  const form = document.getElementById("ask");
  const question = document.getElementById("question");
  const send = document.getElementById("send");
  const tokenForm = document.getElementById("token-form");
  const signIn = document.getElementById("sign-in");
  const template = document.getElementById("turn-template");
  const errorTemplate = document.getElementById("error-template");
  const KEY = /\b[A-Z][A-Z0-9_]+-\d+\b/g;
  let conversationId = sessionStorage.getItem("jirakg.conversation");
  let asking = false;

  function headers() {
    const h = { "Content-Type": "application/json" };
    const token = sessionStorage.getItem("jirakg.token");
    if (token) h.Authorization = "Bearer " + token;
    return h;
  }

  // A refusal's own sentence when the server gave one; otherwise what happened, in words.
  async function call(method, path, body) {
    let response;
    try {
      response = await fetch(path, { method, headers: headers(), body: body && JSON.stringify(body) });
    } catch (error) {
      throw new Error("jirakg could not be reached; check the connection and retry.");
    }
    const data = await response.json().catch(() => null);
    // People sign in to Jira (user-token mode) when the refusal points there; otherwise a token is asked for.
    const toSignIn = (response.status === 401 || response.status === 403) && data && data.error &&
      data.error.includes("/auth/sign-in");
    if (toSignIn) signIn.hidden = false;
    else if (response.status === 401) tokenForm.hidden = false;
    if (!response.ok) {
      throw new Error((data && data.error) ||
        `jirakg could not answer (HTTP ${response.status}); retry in a moment.`);
    }
    return data;
  }

  // Text with each cited issue key as a link; nothing is parsed as HTML.
  function linked(element, text, urls) {
    let last = 0, match;
    KEY.lastIndex = 0;
    while ((match = KEY.exec(text)) !== null) {
      element.append(text.slice(last, match.index));
      if (urls.has(match[0])) {
        const link = document.createElement("a");
        link.href = urls.get(match[0]);
        link.textContent = match[0];
        link.target = "_blank";
        link.rel = "noopener";
        element.append(link);
      } else {
        element.append(match[0]);
      }
      last = match.index + match[0].length;
    }
    element.append(text.slice(last));
  }

  // A list answer shows its issues once: as a table, with the text's own list lines (and its
  // "…and N more") left out; the rest of the text (the lead sentence) stays.
  function renderAnswer(item, data) {
    const urls = new Map((data.citations || []).filter(c => c.url).map(c => [c.key, c.url]));
    const rows = data.rows || [];
    const tabled = new Set(rows.map(r => r.key));
    const lines = data.answer.split("\n");
    const listed = lines.filter(l => tabled.has((l.match(/^- ([A-Z][A-Z0-9_]+-\d+) /) || [])[1]));
    const table = item.querySelector(".rows");
    let text = data.answer;
    if (rows.length > 1 && listed.length === rows.length) {
      text = lines.filter(l => !listed.includes(l) && !/^…and \d+ more\.$/.test(l)).join("\n");
      const body = table.querySelector("tbody");
      for (const row of rows) {
        const tr = document.createElement("tr");
        const key = document.createElement("td");
        linked(key, row.key, urls);
        tr.append(key);
        for (const value of [row.summary, row.status, row.assignee]) {
          const td = document.createElement("td");
          td.textContent = value;
          tr.append(td);
        }
        body.append(tr);
      }
      table.hidden = false;
    }
    linked(item.querySelector(".answer"), text, urls);
    const all = data.jira_list;
    if (all) {
      const link = item.querySelector(".view-all a");
      link.href = all.url;
      link.textContent = `View all ${all.total} in Jira`;
      item.querySelector(".view-all").hidden = false;
    }
  }

  // A proposed change to Jira: done only when this person presses Confirm, once.
  function offerAction(item, action) {
    const box = item.querySelector(".proposal");
    const buttons = box.querySelectorAll("button");
    const outcome = box.querySelector(".outcome");
    async function decide(verb) {
      buttons.forEach(b => { b.disabled = true; });
      try {
        const done = await call("POST", `/api/v1/actions/${encodeURIComponent(action.id)}/${verb}`, {});
        outcome.textContent = done.text;
      } catch (error) {
        outcome.textContent = error.message;
      }
    }
    box.querySelector(".confirm").addEventListener("click", () => decide("confirm"));
    box.querySelector(".cancel").addEventListener("click", () => decide("cancel"));
    box.hidden = false;
  }

  function addTurn(text, data) {
    const item = template.content.firstElementChild.cloneNode(true);
    item.querySelector(".question").textContent = text;
    renderAnswer(item, data);
    if (data.action) offerAction(item, data.action);
    const note = item.querySelector(".note");
    const comment = item.querySelector(".comment");
    const up = item.querySelector(".up"), down = item.querySelector(".down");
    function show(rating) {
      up.setAttribute("aria-pressed", String(rating === "up"));
      down.setAttribute("aria-pressed", String(rating === "down"));
    }
    if (data.feedback) show(data.feedback.rating);  // a reloaded conversation keeps its ratings
    async function rate(rating, commentText) {
      try {
        await call("POST", "/api/v1/feedback", { turn_id: data.turn_id, rating, comment: commentText || null });
        show(rating);
        note.textContent = commentText ? "Thanks for the comment." : "Thanks for the feedback.";
        return true;
      } catch (error) {
        note.textContent = error.message;
        return false;
      }
    }
    up.addEventListener("click", () => { comment.hidden = true; rate("up"); });
    down.addEventListener("click", () => {
      rate("down");
      comment.hidden = false;
      comment.querySelector("textarea").focus();
    });
    comment.addEventListener("submit", async event => {
      event.preventDefault();
      const text = comment.querySelector("textarea").value.trim();
      if (text && await rate("down", text)) comment.hidden = true;
    });
    const plan = item.querySelector(".plan");
    for (const line of data.explain || []) {
      const li = document.createElement("li");
      li.textContent = line;
      plan.append(li);
    }
    if (!plan.children.length) item.querySelector(".explain").hidden = true;
    log.append(item);
    empty.hidden = true;
    return item;
  }

  function addError(text, message) {
    const item = errorTemplate.content.firstElementChild.cloneNode(true);
    item.querySelector(".question").textContent = text;
    item.querySelector(".message").textContent = message;
    item.querySelector(".retry").addEventListener("click", () => {
      item.remove();
      ask(text);
    });
    log.append(item);
    empty.hidden = true;
    return item;
  }

  function busy(on) {
    asking = on;
    question.disabled = on;
    send.disabled = on;
    status.textContent = on ? "Thinking…" : "";
  }

  // One request per question: while one is in flight, Enter, the button and the examples do nothing.
  async function ask(text) {
    if (asking) return;
    busy(true);
    let item;
    try {
      const data = await call("POST", "/api/v1/ask", { text, conversation_id: conversationId });
      conversationId = data.conversation_id;
      sessionStorage.setItem("jirakg.conversation", conversationId);
      item = addTurn(text, data);
      question.value = "";
    } catch (error) {
      item = addError(text, error.message);
    } finally {
      busy(false);
    }
    item.scrollIntoView({ block: "nearest" });
    (item.querySelector(".retry") || question).focus();
  }

  form.addEventListener("submit", event => {
    event.preventDefault();
    const text = question.value.trim();
    if (text) ask(text);
  });

  // Enter sends, Shift+Enter starts a new line.
  question.addEventListener("keydown", event => {
    if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); form.requestSubmit(); }
  });

  tokenForm.addEventListener("submit", event => {
    event.preventDefault();
    sessionStorage.setItem("jirakg.token", document.getElementById("token").value.trim());
    tokenForm.hidden = true;
    status.textContent = "Token saved for this tab.";
    if (!log.children.length) showExamples();
  });

  // The empty state: questions picked from this instance, each asked with one click.
  async function showExamples() {
    empty.hidden = false;
    examples.replaceChildren();
    let found = [];
    try {
      found = (await call("GET", "/api/v1/examples")).examples;
    } catch (error) {
      status.textContent = error.message;
    }
    for (const example of found) {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = example.text;
      button.addEventListener("click", () => ask(example.text));
      li.append(button);
      examples.append(li);
    }
  }

  document.getElementById("new-conversation").addEventListener("click", () => {
    conversationId = null;
    sessionStorage.removeItem("jirakg.conversation");
    log.replaceChildren();
    showExamples();
    question.focus();
  });

  // A reloaded tab shows the conversation it was in, ratings included.
  if (conversationId) {
    call("GET", "/api/v1/conversations/" + encodeURIComponent(conversationId)).then(data => {
      for (const turn of data.turns) addTurn(turn.question, turn);
    }).catch(() => {
      conversationId = null;
      sessionStorage.removeItem("jirakg.conversation");
      showExamples();
    });
  } else {
    showExamples();
  }
  question.focus();
})();
