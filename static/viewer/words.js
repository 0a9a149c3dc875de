// The viewer's words in the page's language. The page hands them once, as
// a JSON data block (no script runs, so a strict CSP allows it):
//
//   <script type="application/json" id="arena-replay-words">
//     {"lang": "ca", "words": {"play": "Reprodueix", ...}, "reasons": [{re, names, text}, ...]}
//   </script>
//
// (static.ViewerWords, from i18n/locales/LANG/viewer.toml). Words are
// templates with {{.Name}} placeholders, a plural one its CLDR forms
// ({one, other}); English (words-en.js, from the same catalogue) fills in
// whatever the page does not give, so a page without the block reads English.
// reasons translate the engines' English reasons (ignored commands,
// freezes, as replays record them): the first whose re matches a reason
// says it with its text, the groups in its names' places; {{.Why}} is a
// reason in turn. A reason none matches stays as written.

import EN from './words-en.js';

export const WORDS_ID = 'arena-replay-words';

export class Words {
  constructor({ lang = 'en', words = {}, reasons = [] } = {}) {
    this.lang = lang;
    this.words = { ...EN, ...words };
    this.plurals = new Intl.PluralRules(lang);
    this.reasons = [];
    for (const r of reasons) {
      try {
        this.reasons.push({ re: new RegExp(r.re), names: r.names ?? [], text: r.text });
      } catch {
        // a pattern this browser cannot read: that reason stays in English
      }
    }
  }

  // t is word key, placeholders filled from data.
  t(key, data = {}) {
    const w = this.words[key];
    return fill(typeof w === 'string' ? w : (w?.other ?? key), data);
  }

  // n is a plural word chosen by count, also given as {{.Count}}.
  n(key, count, data = {}) {
    const w = this.words[key];
    const form = typeof w === 'string' ? w : (w?.[this.plurals.select(count)] ?? w?.other ?? key);
    return fill(form, { ...data, Count: count });
  }

  // reason says an engine's English reason in the page's language.
  reason(text) {
    for (const r of this.reasons) {
      const m = r.re.exec(text);
      if (!m) continue;
      const data = {};
      r.names.forEach((name, i) => (data[name] = name === 'Why' ? this.reason(m[i + 1]) : m[i + 1]));
      return fill(r.text, data);
    }
    return text;
  }
}

// pageWords reads the page's block with this id; English without one.
export function pageWords(id = WORDS_ID) {
  const el = document.getElementById(id);
  try {
    return new Words(el ? JSON.parse(el.textContent) : {});
  } catch (err) {
    console.error('arena-replay: unreadable words', err);
    return new Words();
  }
}

function fill(template, data) {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (m, name) => (name in data ? String(data[name]) : m));
}
