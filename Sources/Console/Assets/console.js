// The console's enhancements; every form works without them.
"use strict";

// A list marked `data-order-form` (the app's tabs, a gallery's items) is dragged into order with
// Debian's Sortable (loaded by those pages only, after this script: hence on DOMContentLoaded); the
// new order goes into the form's field `data-order-field`, saved with the form's own button.
document.addEventListener("DOMContentLoaded", () => {
  if (typeof Sortable === "undefined") return;
  for (const list of document.querySelectorAll("[data-order-form]")) {
    const form = document.getElementById(list.dataset.orderForm);
    const field = document.getElementById(list.dataset.orderField);
    if (!form || !field) continue;
    list.classList.add("sorting");
    Sortable.create(list, {
      animation: 150,
      // Mouse and touch events rather than the browser's drag and drop: the same on every device.
      forceFallback: true,
      filter: "button, input, label, select, summary",
      preventOnFilter: false,
      onEnd: () => {
        field.value = Array.from(list.children).map((item) => item.dataset.id).join(",");
        form.hidden = false;
      },
    });
  }
});

// Several images uploaded from the media library, one request each, each with its progress; the page
// is read again once all are in. The address is the form's attribute: `form.action` is its
// `<button name="action">`. An upload refused keeps the page, with the server's sentence beside it.
document.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("upload-form");
  const input = document.getElementById("images");
  const list = document.getElementById("progress");
  if (!form || !input || !list) return;
  form.addEventListener("submit", (event) => {
    const files = Array.from(input.files);
    if (files.length === 0) return;
    event.preventDefault();
    const target = form.getAttribute("action");
    const sent = files.map((file) => new Promise((done) => {
      const item = document.createElement("li");
      const bar = document.createElement("progress");
      bar.max = 100;
      bar.value = 0;
      item.textContent = file.name;
      item.append(bar);
      list.append(item);
      const fields = new FormData();
      fields.set("form_token", form.elements.form_token.value);
      fields.set("action", "upload");
      fields.set("images", file);
      const request = new XMLHttpRequest();
      request.upload.addEventListener("progress", (progress) => {
        if (progress.lengthComputable) bar.value = Math.round((100 * progress.loaded) / progress.total);
      });
      request.addEventListener("loadend", () => {
        bar.value = 100;
        const stored = request.status >= 200 && request.status < 400;
        if (!stored) {
          const answer = new DOMParser().parseFromString(request.responseText || "", "text/html").getElementById("error");
          if (answer) item.append(" " + answer.textContent);
        }
        done(stored);
      });
      request.open("POST", target);
      request.send(fields);
    }));
    Promise.all(sent).then((stored) => {
      if (stored.every(Boolean)) window.location.href = target + "?uploaded=" + files.length;
    });
  });
});

// Videos go up through the tus protocol (the form's `data-uploads`, with this console session), one
// file after another, 8 MiB a request, each file with its progress. A request that breaks off is
// resumed where the server recorded it (its HEAD), after a pause, three times at most; a refusal
// shows the server's sentence. Once all are in, the page is read again: it lists each video's state.
document.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("video-form");
  const input = document.getElementById("videos");
  const list = document.getElementById("video-progress");
  if (!form || !input || !list) return;
  const piece = 8 * 1024 * 1024;
  const send = (method, url, headers, body, progress) => new Promise((done) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.setRequestHeader("Tus-Resumable", "1.0.0");
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    if (progress) request.upload.addEventListener("progress", progress);
    request.addEventListener("loadend", () => done(request));
    request.send(body);
  });
  const sentence = (request) => {
    try {
      return JSON.parse(request.responseText).error_details || request.statusText;
    } catch (error) {
      return request.statusText || String(request.status);
    }
  };
  const name = (file) => btoa(String.fromCharCode(...new TextEncoder().encode(file.name)));
  async function upload(file, bar, item) {
    const created = await send("POST", form.dataset.uploads, { "Upload-Length": String(file.size), "Upload-Metadata": "filename " + name(file) });
    if (created.status !== 201) return item.append(" " + sentence(created)), false;
    const address = created.getResponseHeader("Location");
    let offset = 0;
    let failures = 0;
    while (offset < file.size) {
      const start = offset;
      const sent = await send(
        "PATCH", address, { "Content-Type": "application/offset+octet-stream", "Upload-Offset": String(start) },
        file.slice(start, Math.min(file.size, start + piece)),
        (progress) => { bar.value = Math.round((100 * (start + progress.loaded)) / file.size); });
      if (sent.status === 204) {
        offset = Number(sent.getResponseHeader("Upload-Offset"));
        failures = 0;
        continue;
      }
      // Refused for what the file is: nothing to resume.
      if (sent.status >= 400 && sent.status < 500 && sent.status !== 409 && sent.status !== 423) return item.append(" " + sentence(sent)), false;
      if (++failures > 3) return item.append(" " + sentence(sent)), false;
      await new Promise((wait) => setTimeout(wait, 1000 * failures));
      const asked = await send("HEAD", address, {});
      if (asked.status !== 200) return item.append(" " + sentence(asked)), false;
      offset = Number(asked.getResponseHeader("Upload-Offset"));
    }
    bar.value = 100;
    return true;
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const files = Array.from(input.files);
    if (files.length === 0) return;
    let stored = 0;
    for (const file of files) {
      const item = document.createElement("li");
      const bar = document.createElement("progress");
      bar.max = 100;
      bar.value = 0;
      bar.setAttribute("aria-label", file.name);
      item.textContent = file.name;
      item.append(bar);
      list.append(item);
      if (await upload(file, bar, item)) stored += 1;
    }
    if (stored === files.length) window.location.href = form.getAttribute("action") + "?videos=" + stored;
  });
});

(function () {
  const editor = document.getElementById("editor");
  const preview = document.getElementById("preview");
  if (!editor || !preview) return;
  const body = document.getElementById("body");

  // The preview follows the text: a pause in typing asks the server for its own rendering of the
  // summary and body (the form posted to /admin/preview), shown below the form.
  let timer = null;
  let sent = 0;
  async function refresh() {
    const number = ++sent;
    const fields = new FormData(editor);
    fields.delete("image");
    fields.set("action", "preview");
    try {
      const answer = await fetch(editor.dataset.preview, { method: "POST", body: new URLSearchParams(fields), credentials: "same-origin" });
      if (answer.ok && number === sent) preview.innerHTML = await answer.text();
    } catch (problem) {
      // Offline or refused: the Preview button still works.
    }
  }
  function later() { clearTimeout(timer); timer = setTimeout(refresh, 400); }
  for (const id of ["summary", "body"]) {
    const field = document.getElementById(id);
    if (field) field.addEventListener("input", later);
  }

  // Images dropped or pasted into the body go into the media library (POST /admin/images, the API's
  // rules); the text that shows each is put where the cursor is.
  async function upload(file) {
    const fields = new FormData();
    fields.set("form_token", editor.elements.form_token.value);
    fields.set("format", editor.elements.format.value);
    fields.set("image", file, file.name || "image");
    const answer = await fetch(editor.dataset.images, { method: "POST", body: fields, credentials: "same-origin" });
    if (!answer.ok) return;
    const text = await answer.text();
    const at = body.selectionStart;
    body.setRangeText((at > 0 ? "\n\n" : "") + text + "\n\n", at, body.selectionEnd, "end");
    body.focus();
    refresh();
  }
  function images(list) { return Array.from(list || []).filter((file) => file.type.startsWith("image/")); }
  body.addEventListener("paste", (event) => {
    const files = images(event.clipboardData && event.clipboardData.files);
    if (files.length === 0) return;
    event.preventDefault();
    files.reduce((done, file) => done.then(() => upload(file)), Promise.resolve());
  });
  body.addEventListener("dragover", (event) => { if (images(event.dataTransfer && event.dataTransfer.files).length || event.dataTransfer.types.includes("Files")) event.preventDefault(); });
  body.addEventListener("drop", (event) => {
    const files = images(event.dataTransfer && event.dataTransfer.files);
    if (files.length === 0) return;
    event.preventDefault();
    files.reduce((done, file) => done.then(() => upload(file)), Promise.resolve());
  });
})();

// Nothing typed is lost. What is typed is kept on the server as this member's draft of the article
// (posted with action=autosave) three seconds after a change, and when the page is hidden or left (a
// beacon); reopening the editor, here or on another device, offers it back. The status line says
// when it was last kept (`data-state`: "changed" until what is typed is kept, then "kept"). The first
// keep sends the form whole; each later one only what changed since the keep the server numbered
// (`Draft-Kept`): fields changed, a long text as the span replaced (`splice.<name>`, counted in
// Unicode scalars as the server counts), fields gone (`draft_removed`). Should the draft have moved on
// (412: another device kept it since), the form is sent whole. The beacon always sends it whole.
// When the console session ends while an article is written: before a save the script asks whether
// the session still lives (the dashboard answers, or redirects to sign in); if not, it asks for the
// password in place, signs in again (the sign-in form's own token and cookie), takes the new
// session's form token from the editor and then saves the form as it is. Leaving a changed form
// asks first.
(function () {
  const editor = document.getElementById("editor");
  const dialog = document.getElementById("session-ended");
  const status = document.getElementById("autosave");
  if (!editor || !dialog || !status) return;
  let changed = false;
  let leaving = false;
  let unkept = false;
  let timer = null;
  let keeping = null;
  let kept = null; // { number, fields }: the keep the server answered and the fields it holds
  // The form's text fields (not the file chosen to insert), by name.
  function typed() {
    const fields = new Map();
    for (const [name, value] of new FormData(editor)) if (typeof value === "string" && name !== "form_token") fields.set(name, value);
    return fields;
  }
  // Scalars in text[from, to): a surrogate pair is one.
  function scalars(text, from, to) {
    let count = to - from;
    for (let i = from; i < to - 1; i++) {
      const unit = text.charCodeAt(i);
      if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { count--; i++; }
    }
    return count;
  }
  // What replaced which span of `old` to make `now`, the span never splitting a surrogate pair.
  function splice(old, now) {
    let start = 0;
    const shorter = Math.min(old.length, now.length);
    while (start < shorter && old.charCodeAt(start) === now.charCodeAt(start)) start++;
    if (start > 0 && (old.charCodeAt(start - 1) & 0xfc00) === 0xd800) start--;
    let tail = 0;
    while (tail < shorter - start && old.charCodeAt(old.length - 1 - tail) === now.charCodeAt(now.length - 1 - tail)) tail++;
    if (tail > 0 && (old.charCodeAt(old.length - tail) & 0xfc00) === 0xdc00) tail--;
    const head = scalars(old, 0, start);
    const cut = scalars(old, start, old.length - tail);
    return { range: `${head},${head + cut},${head + cut + scalars(old, old.length - tail, old.length)}`, text: now.slice(start, now.length - tail) };
  }
  // The autosave of `fields`: whole, or the change since `from` (a keep).
  function draft(fields, from) {
    const body = new URLSearchParams();
    body.set("form_token", editor.elements.form_token.value);
    body.set("action", "autosave");
    if (!from) {
      for (const [name, value] of fields) body.set(name, value);
      return body;
    }
    body.set("draft_kept", from.number);
    const removed = [...from.fields.keys()].filter((name) => !fields.has(name));
    if (removed.length) body.set("draft_removed", removed.join(" "));
    for (const [name, value] of fields) {
      const old = from.fields.get(name);
      if (old === value && old.length < 1024) continue;
      if (old === undefined || old.length < 1024) { body.set(name, value); continue; }
      // A long text unchanged is sent as an empty splice at its end: still in the form, nothing sent.
      const length = old === value ? scalars(old, 0, old.length) : 0;
      const change = old === value ? { range: `${length},${length},${length}`, text: "" } : splice(old, value);
      body.set(`splice.${name}`, change.range);
      body.set(name, change.text);
    }
    return body;
  }
  async function keep() {
    timer = null;
    if (!unkept || leaving) return;
    unkept = false;
    // 409: another member took the article over; what is typed is kept all the same, and the line says who.
    // 412: the draft moved on from the keep this change was made on; the form goes whole at once.
    keeping = (async () => {
      for (let whole = !kept; ; whole = true) {
        const fields = typed();
        const answer = await fetch(editor.getAttribute("action"), { method: "POST", body: draft(fields, whole ? null : kept), credentials: "same-origin" });
        if (answer.status === 412 && !whole) continue;
        if (answer.ok || answer.status === 409) {
          kept = { number: answer.headers.get("Draft-Kept"), fields };
          status.textContent = await answer.text();
        } else unkept = true;
        return;
      }
    })().catch(() => { unkept = true; });
    await keeping;
    keeping = null;
    status.dataset.state = unkept ? "changed" : "kept";
    if (unkept && !timer) timer = setTimeout(keep, 3000);
  }
  editor.addEventListener("input", () => {
    changed = true;
    unkept = true;
    status.dataset.state = "changed";
    if (!timer && !keeping) timer = setTimeout(keep, 3000);
  });
  function keepNow() {
    if (!unkept || leaving) return;
    clearTimeout(timer);
    timer = null;
    kept = null; // Its answer is not read: the next keep, if the page stays, sends the form whole.
    unkept = !navigator.sendBeacon(editor.getAttribute("action"), draft(typed(), null));
  }
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") keepNow(); });
  window.addEventListener("pagehide", keepNow);
  window.addEventListener("beforeunload", (event) => {
    if (!changed || leaving) return;
    event.preventDefault();
    event.returnValue = "";
  });
  function tokenIn(html) {
    const field = new DOMParser().parseFromString(html, "text/html").querySelector("input[name=form_token]");
    return field ? field.value : null;
  }
  let submitter = null;
  function saveNow() {
    leaving = true;
    editor.requestSubmit(submitter);
  }
  editor.addEventListener("submit", async (event) => {
    if (leaving) return;
    event.preventDefault();
    submitter = event.submitter;
    // A draft being kept is in before the save (which forgets it), never after.
    clearTimeout(timer);
    timer = null;
    if (keeping) await keeping;
    let alive = false;
    try {
      const answer = await fetch(editor.dataset.dashboard, { credentials: "same-origin", redirect: "manual" });
      alive = answer.ok;
    } catch (problem) {
      alive = true; // Offline: the form is sent as it is, and the browser says why it failed.
    }
    if (alive) return saveNow();
    document.getElementById("session-error").hidden = true;
    dialog.showModal();
    document.getElementById("session-password").focus();
  });
  document.getElementById("session-continue").addEventListener("click", async () => {
    const problem = document.getElementById("session-error");
    const form = await fetch(editor.dataset.signIn, { credentials: "same-origin" });
    const fields = new URLSearchParams();
    fields.set("form_token", tokenIn(await form.text()) || "");
    fields.set("username", editor.dataset.username);
    fields.set("password", document.getElementById("session-password").value);
    const signedIn = await fetch(editor.dataset.signIn, { method: "POST", body: fields, credentials: "same-origin", redirect: "manual" });
    if (signedIn.type !== "opaqueredirect") {
      const said = new DOMParser().parseFromString(await signedIn.text(), "text/html").getElementById("error");
      problem.textContent = said ? said.textContent : "";
      problem.hidden = false;
      return;
    }
    const page = await fetch(editor.getAttribute("action"), { credentials: "same-origin" });
    const token = tokenIn(await page.text());
    if (token) editor.elements.form_token.value = token;
    dialog.close();
    saveNow();
  });
})();

// The tags field suggests the site's tags for the one being typed: each suggestion holds what is
// typed before it, so the browser's list matches the field's whole text (without this script the
// list suggests a first tag).
(function () {
  const field = document.getElementById("tags");
  const list = document.getElementById("tag-choices");
  if (!field || !list) return;
  const labels = Array.from(list.options, (option) => option.value);
  field.addEventListener("input", () => {
    const cut = field.value.lastIndexOf(",");
    const before = cut < 0 ? "" : field.value.slice(0, cut + 1) + " ";
    const given = new Set(before.split(",").map((label) => label.trim().toLowerCase()));
    list.replaceChildren(...labels.filter((label) => !given.has(label.toLowerCase())).map((label) => new Option("", before + label)));
  });
})();
