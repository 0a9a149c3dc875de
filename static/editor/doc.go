// Package editor holds the code editor of the submit page.
//
// editor.js is a bundle of src/editor.js and CodeMirror 6 that
// `go run ./tools/bundle` builds from the npm packages pinned in
// package.json; it is committed, so that building and testing Arena needs
// no Node. A page loads it with
//
//	<script type="module" src="/static/editor/editor.js"></script>
//
// and every <textarea data-editor="go"> becomes an editor; see README.md.
// The package has no Go code of its own, only the browser test of the editor
// (editor_test.go).
package editor
