// The CSP finding, probed directly under style-src 'self': which ways of
// styling a page from script does Chromium allow?
const probe = document.getElementById("probe");
const results = {};

// A <style> element made by script: what CodeMirror does in the light DOM.
const style = document.createElement("style");
style.textContent = "#probe { margin-left: 11px; }";
document.head.append(style);
results.styleElement = getComputedStyle(probe).marginLeft === "11px";

// A constructed stylesheet, adopted by the document.
const sheet = new CSSStyleSheet();
sheet.replaceSync("#probe { margin-top: 13px; }");
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
results.adoptedDocument = getComputedStyle(probe).marginTop === "13px";

// A constructed stylesheet, filled with insertRule and adopted by a shadow
// root: what style-mod does there.
const host = document.createElement("div");
document.body.append(host);
const root = host.attachShadow({ mode: "open" });
const inner = document.createElement("p");
root.append(inner);
const shadowSheet = new CSSStyleSheet();
shadowSheet.insertRule("p { padding-left: 17px; }", 0);
root.adoptedStyleSheets = [shadowSheet];
results.adoptedShadow = getComputedStyle(inner).paddingLeft === "17px";

// Inline styles through the CSSOM, and through the style attribute.
probe.style.paddingTop = "5px";
results.cssomProperty = getComputedStyle(probe).paddingTop === "5px";
probe.style.cssText += "padding-bottom: 7px";
results.cssomCssText = getComputedStyle(probe).paddingBottom === "7px";
probe.setAttribute("style", "border-left: 3px solid red");
results.styleAttribute = getComputedStyle(probe).borderLeftWidth === "3px";

window.cspProbe = results;
