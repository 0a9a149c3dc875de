// Records the page's Content-Security-Policy violations, for the test to read.
// A classic script in <head>: it runs before the editor module.
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
	window.cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`);
});
