// The player shell's markup: no inline style or script (strict CSP), its
// words in the page's language (w, words.js), escaped.

import { icons } from './icons.js';

export function template(w) {
  const t = (key) => esc(w.t(key));
  const button = (cls, key, icon, extra = '') =>
    `<button class="${cls}" title="${t(key + '_title')}" aria-label="${t(key)}"${extra}>${icon}</button>`;
  return `
<header class="top">
  <div class="title"><span class="game"></span><span class="meta"></span></div>
  <div class="counter" aria-live="off">${t('round')} <b class="k">0</b><span class="of"> / <span class="n">0</span></span></div>
</header>
<div class="main">
  <div class="stage"><canvas class="board" role="img"></canvas></div>
  <aside class="side">
    <section class="debug" hidden aria-label="${t('debug')}">
      <header class="debug-head">
        <h2 class="debug-title"></h2>
        <span class="debug-nav">
          ${button('prev-marker', 'prev_marker', icons.back)}
          ${button('next-marker', 'next_marker', icons.forward)}
        </span>
      </header>
      <div class="debug-body" aria-live="polite"></div>
    </section>
    <ol class="scores" aria-label="${t('scoreboard')}"></ol>
    <figure class="chart-box">
      <figcaption>${t('score_by_round')}</figcaption>
      <div class="chart-wrap"><canvas class="chart" aria-label="${t('chart')}"></canvas></div>
    </figure>
  </aside>
</div>
<div class="status"></div>
<nav class="controls" aria-label="${t('controls')}">
  <div class="group">
    ${button('start', 'start', icons.start)}
    ${button('back', 'back', icons.back)}
    ${button('play primary', 'play', icons.play)}
    ${button('forward', 'forward', icons.forward)}
    ${button('end', 'end', icons.end)}
  </div>
  <div class="track">
    <div class="markers" hidden aria-label="${t('markers')}"></div>
    <input class="slider" type="range" min="0" step="1" value="0" aria-label="${t('round')}">
  </div>
  <div class="group">
    ${button('slower', 'slower', icons.minus)}
    <output class="speed" title="${t('speed_title')}"></output>
    ${button('faster', 'faster', icons.plus)}
  </div>
  <div class="group">
    ${button('smooth toggle', 'animation', icons.smooth, ' aria-pressed="true"')}
    ${button('help-button', 'help', icons.help)}
  </div>
</nav>
<div class="help" hidden role="dialog" aria-label="${t('help')}">
  <div class="card">
    <h2>${t('help')}</h2>
    <dl>
      <dt><kbd>${t('key.space')}</kbd></dt><dd>${t('keys.play')}</dd>
      <dt><kbd>→</kbd> <kbd>←</kbd></dt><dd>${t('keys.step')}</dd>
      <dt><kbd>${t('key.pgdn')}</kbd> <kbd>${t('key.pgup')}</kbd></dt><dd>${t('keys.ten')}</dd>
      <dt><kbd>${t('key.home')}</kbd> <kbd>${t('key.end')}</kbd></dt><dd>${t('keys.ends')}</dd>
      <dt><kbd>+</kbd> <kbd>−</kbd></dt><dd>${t('keys.speed')}</dd>
      <dt><kbd>]</kbd> <kbd>[</kbd></dt><dd>${t('keys.marker')} (${t('keys.also')} <kbd>n</kbd> <kbd>p</kbd>)</dd>
      <dt><kbd>a</kbd></dt><dd>${t('keys.animation')}</dd>
      <dt><kbd>h</kbd></dt><dd>${t('keys.help')}</dd>
    </dl>
    <p>${t('keys.hint')}</p>
  </div>
</div>`;
}

// esc makes text safe inside markup and attribute values.
export function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}
