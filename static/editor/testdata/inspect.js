// Lets the test read the editor's state through the module's exports; the
// same URL as the page's own <script type=module>, so the same instance.
import { editorFor } from "/editor.js";

window.editorSelection = (id) => {
	const view = editorFor(document.getElementById(id));
	if (!view) return null;
	const sel = view.state.selection.main;
	const line = view.state.doc.lineAt(sel.head);
	return { from: sel.from, to: sel.to, line: line.number, lineText: line.text, text: view.state.sliceDoc(sel.from, sel.to) };
};
window.editorText = (id) => editorFor(document.getElementById(id))?.state.doc.toString() ?? null;
