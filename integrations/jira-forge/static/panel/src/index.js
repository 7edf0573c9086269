// The sidebar: questions go to jirakg through Forge Remote (invokeRemote), which attaches the signed
// invocation token naming the person and this issue. Cited issue keys open in Jira through the
// bridge's router (the iframe cannot navigate Jira itself); 👎 asks for a comment inline.
import { invokeRemote, router, view } from "@forge/bridge";

const log = document.getElementById("log");
const status = document.getElementById("status");
const form = document.getElementById("ask");
const question = document.getElementById("question");
const askButton = form.querySelector("button");
let conversationId = null;

view.theme.enable().catch(() => {});  // Jira's theme tokens; without them the light fallbacks apply

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(text, label, onClick) {
  const b = element("button", null, text);
  b.type = "button";
  if (label) b.setAttribute("aria-label", label);
  b.addEventListener("click", onClick);
  return b;
}

// One call to jirakg: the reply's JSON body, or an Error carrying jirakg's one-sentence reason.
async function call(path, body) {
  let reply;
  try {
    reply = await invokeRemote({ path, method: "POST", body });
  } catch (error) {
    throw new Error("jirakg could not be reached (" + (error.message || error) + ").");
  }
  let data = reply && reply.body !== undefined ? reply.body : reply;
  if (typeof data === "string") {
    try { data = JSON.parse(data); } catch { data = { error: data }; }
  }
  if ((reply && reply.status >= 400) || !data || data.error) {
    throw new Error((data && data.error) || "jirakg answered with status " + (reply && reply.status) + ".");
  }
  return data;
}

// The answer's text with every cited key as a link that opens the issue in Jira.
function answerWithLinks(answer, citations) {
  const paragraph = element("p", "a");
  const urls = new Map((citations || []).map((c) => [c.key, c.url]));
  if (!urls.size) {
    paragraph.textContent = answer;
    return paragraph;
  }
  const escaped = [...urls.keys()].sort((a, b) => b.length - a.length).map((k) => k.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&"));
  const pattern = new RegExp("(?<![A-Za-z0-9_-])(" + escaped.join("|") + ")(?![0-9A-Za-z_])", "g");
  let at = 0;
  for (const match of answer.matchAll(pattern)) {
    paragraph.append(answer.slice(at, match.index));
    const key = match[1];
    const link = element("a", "issue", key);
    link.href = urls.get(key) || "#";
    link.addEventListener("click", (event) => {
      event.preventDefault();
      router.open({ target: "issue", issueKey: key });
    });
    paragraph.append(link);
    at = match.index + key.length;
  }
  paragraph.append(answer.slice(at));
  return paragraph;
}

function feedbackControls(turnId) {
  const box = element("div", "feedback");
  const note = element("p", "note");
  note.setAttribute("role", "status");
  const up = button("👍", "Helpful", () => send("up", null));
  const down = button("👎", "Not helpful", () => {
    up.disabled = down.disabled = true;
    const comment = element("form", "comment");
    const label = element("label", null, "What was wrong or missing? (optional)");
    const text = element("textarea");
    text.rows = 2;
    text.maxLength = 2000;
    label.htmlFor = text.id = "comment-" + turnId;
    const sendButton = element("button", "primary", "Send");
    sendButton.type = "submit";
    comment.append(label, text, sendButton);
    comment.addEventListener("submit", (event) => {
      event.preventDefault();
      send("down", text.value.trim() || null, comment);
    });
    box.insertBefore(comment, note);
    text.focus();
  });

  async function send(rating, comment, form) {
    up.disabled = down.disabled = true;
    if (form) form.querySelector("button").disabled = true;
    try {
      await call("/forge/feedback", { turn_id: turnId, rating, comment });
      if (form) form.remove();
      note.className = "note";
      note.textContent = comment ? "Thanks for the comment." : "Thanks for the feedback.";
    } catch (error) {
      note.className = "note error";
      note.textContent = error.message;
      up.disabled = down.disabled = false;
      if (form) form.querySelector("button").disabled = false;
    }
  }

  box.append(up, down, note);
  return box;
}

async function ask(text, item) {
  item.replaceChildren(element("p", "q", text), element("p", "note", "Thinking…"));
  askButton.disabled = true;  // one request per question
  try {
    const data = await call("/forge/ask", { text, conversation_id: conversationId });
    conversationId = data.conversation_id;
    item.replaceChildren(element("p", "q", text), answerWithLinks(data.answer, data.citations),
                         feedbackControls(data.turn_id));
    status.textContent = "";
  } catch (error) {
    const problem = element("p", "error", error.message);
    problem.setAttribute("role", "alert");
    item.replaceChildren(element("p", "q", text), problem, button("Retry", null, () => ask(text, item)));
  } finally {
    askButton.disabled = false;
  }
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const text = question.value.trim();
  if (!text || askButton.disabled) return;
  question.value = "";
  const item = element("li");
  log.append(item);
  ask(text, item);
});

question.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey) {
    event.preventDefault();
    form.requestSubmit();
  }
});
