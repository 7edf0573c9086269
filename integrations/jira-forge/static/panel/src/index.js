// The issue panel: questions go to jirakg through Forge Remote (invokeRemote), which attaches the
// signed invocation token naming this issue; answers and 👍/👎 appear in the panel.
import { invokeRemote } from "@forge/bridge";

const log = document.getElementById("log");
const status = document.getElementById("status");
const question = document.getElementById("question");
let conversationId = null;

function button(label, text, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.setAttribute("aria-label", label);
  b.addEventListener("click", onClick);
  return b;
}

async function rate(turnId, rating, note) {
  const comment = rating === "down" ? window.prompt("What was wrong or missing? (optional)") : null;
  await invokeRemote({ path: "/forge/feedback", method: "POST", body: { turn_id: turnId, rating, comment } });
  note.textContent = "Thanks for the feedback.";
}

document.getElementById("ask").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = question.value.trim();
  if (!text) return;
  status.textContent = "Thinking…";
  try {
    const reply = await invokeRemote({ path: "/forge/ask", method: "POST",
                                       body: { text, conversation_id: conversationId } });
    const data = reply.body || reply;
    conversationId = data.conversation_id;
    const item = document.createElement("li");
    const q = document.createElement("p"); q.className = "q"; q.textContent = text;
    const a = document.createElement("p"); a.className = "a"; a.textContent = data.answer;
    const note = document.createElement("p");
    item.append(q, a, button("Helpful", "👍", () => rate(data.turn_id, "up", note)),
                button("Not helpful", "👎", () => rate(data.turn_id, "down", note)), note);
    log.append(item);
    question.value = "";
    status.textContent = "";
  } catch (error) {
    status.textContent = "jirakg could not answer: " + (error.message || error);
  }
});
