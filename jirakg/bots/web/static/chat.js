// The chat page: asks through the REST API, shows answers with issue links, takes feedback.
"use strict";
(function () {
  const log = document.getElementById("log");
  const status = document.getElementById("status");
  const form = document.getElementById("ask");
  const question = document.getElementById("question");
  const tokenForm = document.getElementById("token-form");
  const template = document.getElementById("turn-template");
  let conversationId = sessionStorage.getItem("jirakg.conversation");

  function headers() {
    const h = { "Content-Type": "application/json" };
    const token = sessionStorage.getItem("jirakg.token");
    if (token) h.Authorization = "Bearer " + token;
    return h;
  }

  async function call(method, path, body) {
    const response = await fetch(path, { method, headers: headers(), body: body && JSON.stringify(body) });
    const data = await response.json().catch(() => ({ error: "The server answered " + response.status + "." }));
    if (response.status === 401) tokenForm.hidden = false;
    if (!response.ok) throw new Error(data.error || "The request failed.");
    return data;
  }

  // The answer as text, with each cited issue key turned into a link; nothing is parsed as HTML.
  function renderAnswer(element, answer, citations) {
    const urls = new Map(citations.filter(c => c.url).map(c => [c.key, c.url]));
    const keys = /\b[A-Z][A-Z0-9_]+-\d+\b/g;
    let last = 0, match;
    while ((match = keys.exec(answer)) !== null) {
      element.append(answer.slice(last, match.index));
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
    element.append(answer.slice(last));
  }

  function addTurn(text, data) {
    const item = template.content.firstElementChild.cloneNode(true);
    item.querySelector(".question").textContent = text;
    renderAnswer(item.querySelector(".answer"), data.answer, data.citations || []);
    const note = item.querySelector(".note");
    const comment = item.querySelector(".comment");
    const up = item.querySelector(".up"), down = item.querySelector(".down");
    async function rate(rating, commentText) {
      try {
        await call("POST", "/api/v1/feedback", { turn_id: data.turn_id, rating, comment: commentText || null });
        up.setAttribute("aria-pressed", String(rating === "up"));
        down.setAttribute("aria-pressed", String(rating === "down"));
        note.textContent = commentText ? "Thanks for the comment." : "Thanks for the feedback.";
      } catch (error) { note.textContent = error.message; }
    }
    up.addEventListener("click", () => { comment.hidden = true; rate("up"); });
    down.addEventListener("click", () => {
      rate("down");
      comment.hidden = false;
      comment.querySelector("textarea").focus();
    });
    comment.addEventListener("submit", event => {
      event.preventDefault();
      const text = comment.querySelector("textarea").value.trim();
      if (text) rate("down", text).then(() => { comment.hidden = true; });
    });
    const explain = item.querySelector(".explain"), plan = item.querySelector(".plan");
    for (const line of data.explain || []) {
      const li = document.createElement("li");
      li.textContent = line;
      plan.append(li);
    }
    explain.addEventListener("click", () => {
      plan.hidden = !plan.hidden;
      explain.setAttribute("aria-expanded", String(!plan.hidden));
    });
    log.append(item);
    item.scrollIntoView({ block: "end" });
  }

  form.addEventListener("submit", async event => {
    event.preventDefault();
    const text = question.value.trim();
    if (!text) return;
    status.textContent = "Thinking…";
    form.querySelector("button").disabled = true;
    try {
      const data = await call("POST", "/api/v1/ask", { text, conversation_id: conversationId });
      conversationId = data.conversation_id;
      sessionStorage.setItem("jirakg.conversation", conversationId);
      addTurn(text, data);
      question.value = "";
      status.textContent = "";
    } catch (error) {
      status.textContent = error.message;
    } finally {
      form.querySelector("button").disabled = false;
      question.focus();
    }
  });

  // Enter sends, Shift+Enter starts a new line.
  question.addEventListener("keydown", event => {
    if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); form.requestSubmit(); }
  });

  tokenForm.addEventListener("submit", event => {
    event.preventDefault();
    sessionStorage.setItem("jirakg.token", document.getElementById("token").value.trim());
    tokenForm.hidden = true;
    status.textContent = "Token saved for this tab; ask again.";
  });

  document.getElementById("new-conversation").addEventListener("click", () => {
    conversationId = null;
    sessionStorage.removeItem("jirakg.conversation");
    log.replaceChildren();
    question.focus();
  });

  // A reloaded tab shows the conversation it was in.
  if (conversationId) {
    call("GET", "/api/v1/conversations/" + encodeURIComponent(conversationId)).then(data => {
      for (const turn of data.turns) {
        addTurn(turn.question, turn);
      }
    }).catch(() => { conversationId = null; sessionStorage.removeItem("jirakg.conversation"); });
  }
  question.focus();
})();
