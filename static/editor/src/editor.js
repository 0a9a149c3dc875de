// Arena's code editor: progressive enhancement of a plain <textarea>.
//
// Every <textarea data-editor="go"> (or "cpp") is shown as a CodeMirror 6
// editor with Go (or C++) highlighting; changing the attribute later changes
// the language. The textarea stays in the form and stays the source of truth:
// it is updated on every change, so a normal POST sends the text, and a page
// that the server renders again (say after a rejected submission) puts the
// user's text back into the textarea, from which the editor starts again.
// Without JavaScript the page is a plain form that still works.
//
// Also:
//   - <a data-goto-line="12"> (say in a compile log) scrolls the editor to
//     line 12 and selects it. The editor is the one named by
//     data-editor-target="textarea-id", else the one in the link's form, else
//     the first on the page.
//   - <textarea data-editor-line="12"> starts with line 12 shown and
//     selected; setting the attribute later jumps again.
//   - data-editor-diagnostics='[{"line": 7, "col": 2, "severity": "error",
//     "message": "undefined: x"}]' (a compile log's messages about the
//     source, col optional), on the textarea itself or on any element with
//     data-editor-target="textarea-id" (say the compile log, also when a
//     live page swaps it in later), marks those lines in the editor: a
//     mark in the gutter, the line tinted, the place underlined, the
//     message on hover (F8 goes to the next one). Replacing the whole
//     text (a file, a starter) clears them.
//   - <input type="file" data-editor-file> in the same form (or
//     data-editor-file="textarea-id") loads the chosen file into the
//     editor, as one step that undo takes back. A file that is not UTF-8
//     is read as Latin-1 (Windows-1252, as browsers read "latin1"), never
//     with U+FFFD in place of its accented letters, and the element
//     [data-editor-notice="textarea-id"] says so.
//   - <textarea data-max-bytes="262144">: over that many bytes of UTF-8,
//     the element [data-editor-size="textarea-id"] says so at once (a file
//     loaded, a paste), and the form does not submit (the textarea is
//     invalid): the server would refuse it.
//   - <textarea data-draft="key">: the text is kept in the tab's
//     sessionStorage when the page is left; a page that comes back from
//     the server without it (data-text-lost: the request was too large to
//     read) starts from it again, and [data-editor-notice] says so.
//   - <select data-editor-language="textarea-id"> chooses the language: its
//     <option>s carry data-editor-mode (the mode), data-file (the file name
//     that <label data-editor-file-label for="textarea-id"> then shows) and
//     data-exts (".cc .cpp": a loaded file with one of them selects the
//     option). When the editor holds the previous language's starter, from
//     <template data-editor-starter="option value">, or nothing, it gets the
//     new language's starter, and the element with
//     data-editor-starter-link="option value" gets the class "selected".
//
// The page's Content-Security-Policy may forbid inline styles
// (style-src 'self'): the editor lives in a shadow root, where CodeMirror's
// style-mod puts its CSS into a constructed stylesheet (adoptedStyleSheets)
// rather than a <style> element. See README.md.
//
// The source is bundled into ../editor.js by `go run ./tools/bundle`.

import { EditorState, Compartment, Prec, StateField } from "@codemirror/state";
import {
  EditorView,
  Decoration,
  keymap,
  lineNumbers,
  highlightActiveLineGutter,
  highlightSpecialChars,
  drawSelection,
  dropCursor,
  rectangularSelection,
  crosshairCursor,
  highlightActiveLine,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import {
  indentOnInput,
  indentUnit,
  bracketMatching,
  foldGutter,
  foldKeymap,
  syntaxHighlighting,
  HighlightStyle,
} from "@codemirror/language";
import { search, searchKeymap, highlightSelectionMatches } from "@codemirror/search";
import {
  autocompletion,
  completionKeymap,
  closeBrackets,
  closeBracketsKeymap,
} from "@codemirror/autocomplete";
import { setDiagnostics, setDiagnosticsEffect, lintGutter, lintKeymap } from "@codemirror/lint";
import { go } from "@codemirror/lang-go";
import { cpp } from "@codemirror/lang-cpp";
import { tags as t } from "@lezer/highlight";

// The largest file that the file input loads (a bot is a few hundred lines).
const maxFileBytes = 1 << 20;

// The element that says something about a textarea's text:
// [data-editor-notice="id"], [data-editor-size="id"].
function noteOf(textarea, attr) {
  if (!textarea.id) return null;
  return document.querySelector(`[${attr}="${CSS.escape(textarea.id)}"]`);
}

// say shows a message in a textarea's note element, or hides it ("").
function say(textarea, attr, message) {
  const el = noteOf(textarea, attr);
  if (!el) return;
  el.textContent = message;
  el.hidden = message === "";
}

const utf8 = new TextEncoder();

// checkSize warns, and holds the form back, when the text is over the
// textarea's data-max-bytes.
function checkSize(textarea) {
  const max = parseInt(textarea.dataset.maxBytes || "", 10);
  if (!(max > 0)) return;
  const text = textarea.value;
  // A UTF-16 unit is at most 3 bytes of UTF-8: most texts need no count.
  const bytes = text.length * 3 <= max ? 0 : utf8.encode(text).length;
  const problem = bytes > max
    ? `Your text is ${Math.ceil(bytes / 1024)} KB; the limit is ${max >> 10} KB. ` +
      "The server would refuse it: shorten it before submitting."
    : "";
  if (textarea.validationMessage !== problem) textarea.setCustomValidity(problem);
  say(textarea, "data-editor-size", problem);
}

// draftKey is the sessionStorage key of a textarea's kept text.
function draftKey(textarea) {
  return textarea.dataset.draft ? "arena-draft:" + textarea.dataset.draft : "";
}

// restoreDraft puts back the kept text into a textarea whose page came
// back without it (data-text-lost), before the editor starts from it.
function restoreDraft(textarea) {
  const key = draftKey(textarea);
  if (!key || !textarea.hasAttribute("data-text-lost")) return;
  let draft = null;
  try {
    draft = sessionStorage.getItem(key);
  } catch {
    return; // storage switched off
  }
  if (draft && draft !== textarea.value) {
    textarea.value = draft;
    say(textarea, "data-editor-notice", "Your text is back below: this browser kept it. Nothing was submitted.");
  }
}

// keepDrafts saves every draft textarea's text when the page is left.
function keepDrafts() {
  for (const ta of document.querySelectorAll("textarea[data-draft]")) {
    try {
      sessionStorage.setItem(draftKey(ta), ta.value);
    } catch {
      // storage full or switched off: the server still renders it back
    }
  }
}

// decodeFile reads a file's text: as UTF-8, else as Latin-1 (browsers'
// "latin1" is Windows-1252). It says which.
async function decodeFile(file) {
  const bytes = await file.arrayBuffer();
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), latin1: false };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), latin1: true };
  }
}

const views = new WeakMap(); // textarea -> EditorView
const languages = new WeakMap(); // textarea -> its language Compartment

// The editor's modes, by the textarea's data-editor: the language and its
// indentation (Go's gofmt tabs; two spaces in C++, as the games' own files).
const modes = {
  go: () => [go(), indentUnit.of("\t")],
  cpp: () => [cpp(), indentUnit.of("  ")],
};

function modeOf(textarea) {
  const mode = modes[textarea.dataset.editor] || modes.go;
  return mode();
}

// The colours follow GitHub's light theme, on a white page with slate greys.
const palette = {
  text: "#1f2328",
  muted: "#8c959f",
  border: "#d0d7de",
  gutter: "#f6f8fa",
  activeLine: "#0969da0a", // over the selection layer: keep it faint
  accent: "#0969da",
  selection: "#b6d7ff",
  selectionBlurred: "#d8e6f7",
  match: "#fff8c5",
  matchBorder: "#d4a72c",
};

const theme = EditorView.theme(
  {
    "&": {
      color: palette.text,
      backgroundColor: "#fff",
      border: `1px solid ${palette.border}`,
      borderRadius: "8px",
      overflow: "hidden",
      // The page sets the height with --arena-editor-height on the element
      // around the editor (custom properties cross the shadow root); the
      // user can drag the corner to make it taller.
      height: "var(--arena-editor-height, 28rem)",
      minHeight: "8rem",
      resize: "vertical",
      fontSize: "var(--arena-editor-font-size, 14px)",
      transition: "border-color .15s, box-shadow .15s",
    },
    "&.cm-focused": {
      outline: "none",
      borderColor: palette.accent,
      boxShadow: "0 0 0 3px #0969da26",
    },
    ".cm-scroller": {
      fontFamily:
        'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace',
      lineHeight: "1.6",
    },
    ".cm-content": { padding: "8px 0", caretColor: palette.accent },
    ".cm-line": { padding: "0 12px 0 8px" },
    ".cm-cursor, .cm-dropCursor": { borderLeft: `2px solid ${palette.accent}` },
    "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-content ::selection":
      { backgroundColor: palette.selection },
    ".cm-selectionBackground": { backgroundColor: palette.selectionBlurred },
    ".cm-activeLine": { backgroundColor: palette.activeLine },
    ".cm-gutters": {
      backgroundColor: palette.gutter,
      color: palette.muted,
      borderRight: `1px solid ${palette.border}`,
    },
    ".cm-lineNumbers .cm-gutterElement": { padding: "0 8px 0 12px", minWidth: "2.5em" },
    ".cm-activeLineGutter": { backgroundColor: "#eaeef2", color: palette.text },
    // The fold markers show when the mouse is over the gutter, as in VS Code.
    ".cm-foldGutter .cm-gutterElement": { padding: "0 4px", cursor: "pointer", opacity: "0", transition: "opacity .15s" },
    ".cm-gutters:hover .cm-foldGutter .cm-gutterElement": { opacity: "1" },
    ".cm-foldPlaceholder": {
      backgroundColor: "#eaeef2",
      border: "none",
      color: palette.muted,
      padding: "0 6px",
      borderRadius: "4px",
    },
    "&.cm-focused .cm-matchingBracket": {
      backgroundColor: "#dafbe1",
      outline: "1px solid #4ac26b",
      borderRadius: "2px",
    },
    "&.cm-focused .cm-nonmatchingBracket": { backgroundColor: "#ffebe9", outline: "1px solid #ff8182" },
    ".cm-searchMatch": { backgroundColor: palette.match, outline: `1px solid ${palette.matchBorder}` },
    ".cm-searchMatch.cm-searchMatch-selected": { backgroundColor: "#ffdf5d" },
    ".cm-selectionMatch": { backgroundColor: "#e7f3ff" },
    ".cm-panels": { backgroundColor: palette.gutter, color: palette.text },
    ".cm-panels.cm-panels-top": { borderBottom: `1px solid ${palette.border}` },
    ".cm-panels.cm-panels-bottom": { borderTop: `1px solid ${palette.border}` },
    ".cm-panel.cm-search": {
      padding: "8px 36px 8px 10px",
      fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
      fontSize: "13px",
    },
    ".cm-panel.cm-search label": { fontSize: "13px", marginRight: "8px" },
    ".cm-panel.cm-search [name=close]": { fontSize: "18px", right: "10px", top: "6px", color: palette.muted },
    ".cm-textfield": {
      border: `1px solid ${palette.border}`,
      borderRadius: "6px",
      padding: "3px 8px",
      fontSize: "13px",
      backgroundColor: "#fff",
    },
    ".cm-textfield:focus": { outline: "none", borderColor: palette.accent, boxShadow: "0 0 0 2px #0969da26" },
    ".cm-button": {
      backgroundImage: "none",
      backgroundColor: "#fff",
      border: `1px solid ${palette.border}`,
      borderRadius: "6px",
      padding: "3px 10px",
      fontSize: "13px",
      color: palette.text,
      cursor: "pointer",
    },
    ".cm-button:hover": { backgroundColor: "#f3f4f6" },
    ".cm-tooltip": {
      border: `1px solid ${palette.border}`,
      borderRadius: "6px",
      backgroundColor: "#fff",
      boxShadow: "0 8px 24px #8c959f33",
      overflow: "hidden",
    },
    ".cm-tooltip.cm-tooltip-autocomplete > ul": { fontFamily: "inherit", maxHeight: "14em" },
    ".cm-tooltip.cm-tooltip-autocomplete > ul > li": { padding: "2px 8px" },
    ".cm-tooltip-autocomplete ul li[aria-selected]": { backgroundColor: "#ddf4ff", color: palette.text },
    // Compile errors: the line tinted, the message on hover.
    ".cm-errorLine": { backgroundColor: "#ffebe9" },
    ".cm-warningLine": { backgroundColor: "#fff8c5" },
    ".cm-tooltip-lint": { maxWidth: "40rem" },
    ".cm-diagnostic": { fontFamily: "inherit", fontSize: "13px", padding: "4px 8px 4px 10px" },
    ".cm-gutter-lint": { width: "1.2em" },
    ".cm-gutter-lint .cm-gutterElement": { padding: "0 2px" },
  },
  { dark: false },
);

const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.definitionKeyword, t.moduleKeyword, t.operatorKeyword], color: "#cf222e" },
  { tag: [t.comment, t.lineComment, t.blockComment], color: "#6e7781", fontStyle: "italic" },
  { tag: [t.string, t.special(t.string), t.character], color: "#0a3069" },
  { tag: [t.number, t.bool, t.null, t.atom], color: "#0550ae" },
  { tag: [t.standard(t.name), t.constant(t.name)], color: "#0550ae" },
  { tag: [t.function(t.variableName), t.function(t.definition(t.variableName))], color: "#8250df" },
  { tag: [t.function(t.propertyName), t.definition(t.function(t.propertyName))], color: "#8250df" },
  { tag: [t.typeName, t.definition(t.typeName)], color: "#953800" },
  { tag: [t.definition(t.variableName)], color: "#1f2328" },
  { tag: t.propertyName, color: "#0550ae" },
  { tag: t.labelName, color: "#953800" },
  { tag: t.escape, color: "#116329" },
  { tag: t.invalid, color: "#82071e", textDecoration: "underline wavy #cf222e" },
]);

// Lines with a diagnostic are tinted (the lint extension underlines the
// place and marks the gutter): computed from the diagnostics when they are
// set, then mapped through edits.
const lineMarks = {
  error: Decoration.line({ class: "cm-errorLine" }),
  warning: Decoration.line({ class: "cm-warningLine" }),
};
const markedLines = StateField.define({
  create: () => Decoration.none,
  update(lines, tr) {
    lines = lines.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setDiagnosticsEffect)) continue;
      const worst = new Map(); // line start -> severity
      for (const d of e.value) {
        const at = tr.state.doc.lineAt(d.from).from;
        if (d.severity === "error" || (d.severity === "warning" && !worst.has(at))) worst.set(at, d.severity);
      }
      lines = Decoration.set(
        [...worst].sort((a, b) => a[0] - b[0]).map(([at, sev]) => lineMarks[sev].range(at)),
      );
    }
    return lines;
  },
  provide: (f) => EditorView.decorations.from(f),
});

// toDiagnostic places one {line, col, severity, message} of a compile log in
// the text: the word at line:col (the whole line without col), clamped to
// the text, which may have changed since it was compiled.
function toDiagnostic(doc, d) {
  const n = Math.min(Math.max(1, Math.floor(Number(d.line)) || 1), doc.lines);
  const line = doc.line(n);
  const col = Math.floor(Number(d.col)) || 0;
  let from = line.from + (line.text.length - line.text.trimStart().length);
  let to = line.to;
  if (col > 0) {
    from = line.from + Math.min(col - 1, line.length);
    const word = /^\w+/.exec(line.text.slice(from - line.from));
    to = Math.min(from + (word ? word[0].length : 1), line.to);
  }
  const severity = ["error", "warning", "info", "hint"].includes(d.severity) ? d.severity : "error";
  return { from, to: Math.max(from, to), severity, message: String(d.message || "") };
}

// showDiagnostics marks compile messages ({line, col, severity, message})
// in the editor of a textarea (or a view); an empty list clears them.
export function showDiagnostics(target, list) {
  const view = target instanceof EditorView ? target : views.get(target);
  if (!view) return false;
  const doc = view.state.doc;
  view.dispatch(setDiagnostics(view.state, (list || []).map((d) => toDiagnostic(doc, d))));
  return true;
}

// diagnosticsFrom applies an element's data-editor-diagnostics to its
// editor: the textarea's own, or the one it names.
function diagnosticsFrom(el) {
  const textarea = el instanceof HTMLTextAreaElement ? el : targetOf(el, "data-editor-target");
  if (!textarea || !views.has(textarea)) return;
  let list = [];
  try {
    list = JSON.parse(el.dataset.editorDiagnostics || "[]");
  } catch {
    return; // not ours to fix: leave the editor as it is
  }
  if (Array.isArray(list)) showDiagnostics(textarea, list);
}

// Escape, then Tab within two seconds, moves the focus out of the editor, so
// that the keyboard never gets stuck in it. CodeMirror does so itself only
// when no key binding used the Escape (closing the search panel or the
// completions, or collapsing a selection, do); here every Escape counts, and
// still does its usual job.
const escapeArmsTab = Prec.highest(
  EditorView.domEventHandlers({
    keydown(event, view) {
      if (event.key === "Escape" && !event.ctrlKey && !event.altKey && !event.metaKey && !event.shiftKey) {
        view.setTabFocusMode(2000);
      }
      return false;
    },
  }),
);

// Attributes of the textarea that the editor follows.
function readOnlyFrom(textarea) {
  return textarea.readOnly || textarea.disabled;
}

function labelFor(textarea) {
  const attrs = { "aria-multiline": "true", spellcheck: "false", autocorrect: "off", autocapitalize: "off" };
  const label = textarea.getAttribute("aria-label");
  if (label) attrs["aria-label"] = label;
  else if (textarea.labels && textarea.labels.length) {
    attrs["aria-label"] = textarea.labels[0].textContent.trim();
  } else attrs["aria-label"] = "source code";
  return attrs;
}

// enhance shows one textarea as an editor, once, and returns its view.
export function enhance(textarea) {
  const known = views.get(textarea);
  if (known) return known;

  const editable = new Compartment();
  const language = new Compartment();
  restoreDraft(textarea);
  const sync = EditorView.updateListener.of((update) => {
    if (!update.docChanged) return;
    textarea.value = update.state.doc.toString();
    // Other scripts on the page (a character counter, an "unsaved" marker)
    // see the same event as with the plain textarea.
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
  });

  const state = EditorState.create({
    doc: textarea.value,
    extensions: [
      lintGutter(),
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightSpecialChars(),
      history(),
      foldGutter(),
      drawSelection(),
      dropCursor(),
      EditorState.allowMultipleSelections.of(true),
      EditorState.tabSize.of(4),
      indentOnInput(),
      bracketMatching(),
      closeBrackets(),
      // Keywords, snippets and local names; no icons (CodeMirror's are
      // emoji, which not every system draws).
      autocompletion({ icons: false }),
      rectangularSelection(),
      crosshairCursor(),
      highlightActiveLine(),
      highlightSelectionMatches(),
      search({ top: true }),
      keymap.of([
        ...closeBracketsKeymap,
        ...defaultKeymap,
        ...searchKeymap,
        ...historyKeymap,
        ...foldKeymap,
        ...completionKeymap,
        ...lintKeymap,
        // Tab indents; Escape then Tab leaves the editor (see escapeArmsTab).
        indentWithTab,
      ]),
      escapeArmsTab,
      language.of(modeOf(textarea)),
      syntaxHighlighting(highlight),
      markedLines,
      theme,
      editable.of(editableFrom(textarea)),
      EditorView.contentAttributes.of(labelFor(textarea)),
      sync,
    ],
  });

  // The host takes the textarea's place; the editor goes in its shadow root,
  // where CodeMirror's styles need no <style> element (CSP style-src 'self').
  const host = document.createElement("div");
  host.className = "arena-editor";
  host.dataset.editorFor = textarea.id || textarea.name || "";
  const root = host.attachShadow({ mode: "open" });
  const view = new EditorView({ state, parent: root, root });
  textarea.after(host);

  // The textarea stays in the form, and in the layout (so that the browser
  // can point at it when `required` fails), but out of sight and reach.
  // Styles set through the CSSOM are allowed under style-src 'self'.
  Object.assign(textarea.style, {
    position: "absolute",
    width: "1px",
    height: "1px",
    padding: "0",
    margin: "-1px",
    overflow: "hidden",
    clip: "rect(0 0 0 0)",
    clipPath: "inset(50%)",
    border: "0",
    opacity: "0",
    pointerEvents: "none",
  });
  textarea.tabIndex = -1;
  textarea.setAttribute("aria-hidden", "true");
  textarea.addEventListener("focus", () => view.focus());
  textarea.addEventListener("invalid", () => view.focus());

  const form = textarea.form;
  if (form) {
    // A reset puts back the textarea's default text: the editor follows,
    // after the browser has done it.
    form.addEventListener("reset", () => {
      setTimeout(() => replaceText(view, textarea.value, "reset"), 0);
    });
  }

  // Readonly and disabled, now and later; data-editor-line and the
  // language (data-editor), now and later.
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.attributeName === "data-editor-line") jumpFromAttribute(textarea, view, true);
      else if (r.attributeName === "data-editor") view.dispatch({ effects: language.reconfigure(modeOf(textarea)) });
      else view.dispatch({ effects: editable.reconfigure(editableFrom(textarea)) });
    }
  }).observe(textarea, { attributes: true, attributeFilter: ["readonly", "disabled", "data-editor-line", "data-editor"] });

  textarea.addEventListener("input", () => checkSize(textarea));
  checkSize(textarea);

  views.set(textarea, view);
  languages.set(textarea, language);
  textarea.dataset.editorReady = "";
  jumpFromAttribute(textarea, view, false);
  return view;
}

function editableFrom(textarea) {
  const ro = readOnlyFrom(textarea);
  return [EditorState.readOnly.of(ro), EditorView.editable.of(!textarea.disabled)];
}

function jumpFromAttribute(textarea, view, focus) {
  const n = parseInt(textarea.dataset.editorLine || "", 10);
  if (n > 0) gotoLine(view, n, { focus });
}

// replaceText puts a whole new text in the editor (a file, a starter, a
// reset): the old text's compile messages no longer apply.
function replaceText(view, text, userEvent) {
  if (text === view.state.doc.toString()) return;
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    selection: { anchor: 0 },
    scrollIntoView: true,
    userEvent,
  });
  showDiagnostics(view, []);
}

// gotoLine scrolls the editor (a view or its textarea) to a line, counted
// from 1 and clamped to the text, and selects that line.
export function gotoLine(target, line, { focus = true } = {}) {
  const view = target instanceof EditorView ? target : views.get(target);
  if (!view) return false;
  const doc = view.state.doc;
  const n = Math.min(Math.max(1, Math.floor(Number(line)) || 1), doc.lines);
  const l = doc.line(n);
  view.dispatch({
    selection: { anchor: l.from, head: l.to },
    effects: EditorView.scrollIntoView(l.from, { y: "center" }),
    userEvent: "select",
  });
  if (focus) view.focus();
  return true;
}

// editorFor returns the view that shows a textarea, if any.
export function editorFor(textarea) {
  return views.get(textarea);
}

// The editor that a link or file input means: the textarea named by its
// attribute, else the one in its form, else the first one on the page.
function targetOf(el, attr) {
  const id = el.getAttribute(attr);
  if (id) {
    const byID = document.getElementById(id);
    if (byID && views.has(byID)) return byID;
  }
  const form = el.form || el.closest("form");
  const scope = form || document;
  for (const ta of scope.querySelectorAll("textarea[data-editor]")) {
    if (views.has(ta)) return ta;
  }
  for (const ta of document.querySelectorAll("textarea[data-editor]")) {
    if (views.has(ta)) return ta;
  }
  return null;
}

function onClick(event) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const link = event.target instanceof Element && event.target.closest("[data-goto-line]");
  if (!link) return;
  const textarea = targetOf(link, "data-editor-target");
  if (!textarea) return;
  event.preventDefault();
  gotoLine(textarea, link.dataset.gotoLine);
}

async function onFileChange(event) {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input.type !== "file" || !input.hasAttribute("data-editor-file")) return;
  const file = input.files && input.files[0];
  if (!file) return;
  const textarea = targetOf(input, "data-editor-file");
  const view = textarea && views.get(textarea);
  if (!view) return;
  let problem = "";
  let text = "";
  let latin1 = false;
  if (file.size > maxFileBytes) problem = `${file.name} is too large (${Math.ceil(file.size / 1024)} KiB; at most ${maxFileBytes >> 10} KiB).`;
  else {
    ({ text, latin1 } = await decodeFile(file));
    if (text.includes("\0")) problem = `${file.name} is not a text file.`;
  }
  input.setCustomValidity(problem);
  if (problem) {
    input.reportValidity();
    return;
  }
  // The file is in the editor (and the textarea) now; clearing the input
  // lets the same file be chosen again after changing it on disk, and does
  // not send it twice.
  input.value = "";
  replaceText(view, text.replace(/\r\n?/g, "\n"), "input.file");
  say(textarea, "data-editor-notice", latin1
    ? `${file.name} is not UTF-8 text: it was read as Latin-1 (ISO-8859-1 / Windows-1252) and converted to UTF-8. ` +
      "Check its accented letters before submitting; save your files as UTF-8 to avoid this."
    : "");
  selectLanguageOfFile(textarea, file.name);
  view.focus();
}

// The language select of a textarea, if the page has one.
function languageSelect(textarea) {
  if (!textarea.id) return null;
  return document.querySelector(`select[data-editor-language="${CSS.escape(textarea.id)}"]`);
}

// selectLanguageOfFile selects the language whose extensions name the file.
function selectLanguageOfFile(textarea, name) {
  const select = languageSelect(textarea);
  const dot = name.lastIndexOf(".");
  if (!select || dot < 0) return;
  const ext = name.slice(dot).toLowerCase();
  for (const option of select.options) {
    if ((option.dataset.exts || "").split(/\s+/).includes(ext)) {
      if (!option.selected) {
        option.selected = true;
        applyLanguage(select);
      }
      return;
    }
  }
}

function starterOf(textarea, language) {
  const scope = textarea.form || document;
  const t = scope.querySelector(`template[data-editor-starter="${CSS.escape(language)}"]`);
  return t ? t.content.textContent : null;
}

// applyLanguage makes the editor of a language select follow it: the
// mode, the file name in the label, and the starter when the editor holds
// the previous language's starter or nothing.
function applyLanguage(select) {
  const textarea = document.getElementById(select.dataset.editorLanguage);
  const option = select.selectedOptions[0];
  if (!textarea || !option) return;
  const previous = select.dataset.editorPrevious;
  select.dataset.editorPrevious = option.value;
  if (option.dataset.editorMode) textarea.dataset.editor = option.dataset.editorMode;
  if (option.dataset.file) {
    for (const label of document.querySelectorAll(`label[data-editor-file-label][for="${CSS.escape(textarea.id)}"]`)) {
      label.textContent = option.dataset.file;
    }
  }
  const view = views.get(textarea);
  const starter = starterOf(textarea, option.value);
  if (view && starter !== null && previous !== option.value) {
    const text = view.state.doc.toString();
    const old = previous ? starterOf(textarea, previous) : null;
    if (text.trim() === "" || (old !== null && text === old)) {
      replaceText(view, starter, "input.starter");
      // Links that load a starter (<a data-editor-starter-link="value">)
      // show which one the editor holds.
      const scope = textarea.form || document;
      for (const a of scope.querySelectorAll("[data-editor-starter-link]")) {
        a.classList.toggle("selected", a.dataset.editorStarterLink === option.value);
      }
    }
  }
}

function onLanguageChange(event) {
  const select = event.target;
  if (select instanceof HTMLSelectElement && select.hasAttribute("data-editor-language")) applyLanguage(select);
}

// init enhances every <textarea data-editor="go"> (or "cpp") under root,
// and marks the compile messages of the elements that carry them.
export function init(root = document) {
  for (const ta of root.querySelectorAll("textarea[data-editor]")) {
    if (modes[ta.dataset.editor]) enhance(ta);
  }
  for (const el of root.querySelectorAll("[data-editor-diagnostics]")) diagnosticsFrom(el);
  for (const select of root.querySelectorAll("select[data-editor-language]")) {
    // The page may come back with another option selected (a refused
    // submission, the browser's back button): follow what is selected.
    const option = select.selectedOptions[0];
    if (option) select.dataset.editorPrevious = option.value;
    const textarea = document.getElementById(select.dataset.editorLanguage);
    if (textarea && option && option.dataset.editorMode && textarea.dataset.editor !== option.dataset.editorMode) {
      applyLanguage(select);
    }
  }
}

// Compile messages that arrive later (a live page swapping in the compile
// log when the compiler is done) mark the editor then.
const laterDiagnostics = new MutationObserver((records) => {
  for (const r of records) {
    if (r.type === "attributes") diagnosticsFrom(r.target);
    for (const node of r.addedNodes) {
      if (!(node instanceof Element)) continue;
      if (node.hasAttribute("data-editor-diagnostics")) diagnosticsFrom(node);
      for (const el of node.querySelectorAll("[data-editor-diagnostics]")) diagnosticsFrom(el);
    }
  }
});

let listening = false;
function start() {
  init();
  if (listening) return;
  listening = true;
  document.addEventListener("click", onClick);
  document.addEventListener("change", onFileChange);
  document.addEventListener("change", onLanguageChange);
  window.addEventListener("pagehide", keepDrafts);
  laterDiagnostics.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["data-editor-diagnostics"],
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
