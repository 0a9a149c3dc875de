// <arena-replay src="URL"> shows a match replay (docs/replay.md): one script,
// one element, no inline script or style, so it works under a strict CSP.
//
// Attributes: src (the replay, gzip or plain JSON), round (the round shown
// first), autoplay, speed (rounds per second: 0.5, 1, 2, ... 64),
// keyboard="page" (shortcuts anywhere on the page rather than only when the
// viewer has focus), theme="light" (ignore a dark colour scheme), seats (the
// viewer's own seats, "0,2": the time line marks their rounds) and log (a URL
// answering their debug logs by round: {"seats": [{seat, rounds}]}) and
// words (the id of the page's JSON block with the viewer's words in its
// language, words.js; "arena-replay-words" by default, English without one).
// Properties: round (get/set), rounds, idle, ready (a promise), play(), pause().
// Events: roundchange (detail.round), load, error (detail.message).

import { fetchReplay } from './replay.js';
import { Player } from './player.js';
import { pageWords, WORDS_ID } from './words.js';
import { esc } from './markup.js';

const base = new URL('.', import.meta.url);

class ArenaReplay extends HTMLElement {
  static observedAttributes = ['src'];

  constructor() {
    super();
    const shadow = this.attachShadow({ mode: 'open' });
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = new URL('viewer.css', base).href;
    this.view = document.createElement('div');
    this.view.className = 'viewer loading';
    this.view.setAttribute('part', 'viewer');
    // Hidden until the stylesheet arrives, so the page never flashes raw markup.
    this.view.hidden = true;
    css.addEventListener('load', () => (this.view.hidden = false));
    css.addEventListener('error', () => (this.view.hidden = false));
    shadow.append(css, this.view);
    this.player = null;
    this.ready = new Promise((resolve) => (this.resolveReady = resolve));
  }

  connectedCallback() {
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    if (!this.player && !this.loading) this.load();
  }

  disconnectedCallback() {
    this.abort?.abort();
    this.loading = false;
    this.player?.destroy();
    this.player = null;
  }

  attributeChangedCallback(name, old, value) {
    if (name === 'src' && old !== null && old !== value && this.isConnected) this.load();
  }

  async load() {
    this.abort?.abort();
    this.player?.destroy();
    this.player = null;
    const w = (this.words = pageWords(this.getAttribute('words') ?? WORDS_ID));
    this.view.lang = w.lang;
    this.view.className = 'viewer loading';
    this.view.innerHTML = `<div class="message"><span class="spinner"></span>${esc(w.t('loading'))}</div>`;
    const src = this.getAttribute('src');
    if (!src) return this.fail(w.t('no_src'));
    const abort = (this.abort = new AbortController());
    this.loading = true;
    try {
      const logURL = this.getAttribute('log');
      const logs = logURL ? fetchLogs(new URL(logURL, document.baseURI), abort.signal) : null;
      const replay = await fetchReplay(new URL(src, document.baseURI), abort.signal, w);
      const game = await loadGame(replay.game, w);
      const seats = await logs;
      if (abort.signal.aborted) return;
      this.view.className = 'viewer';
      this.player = new Player({
        root: this.view,
        host: this,
        keys: this.getAttribute('keyboard') === 'page' ? document : this,
        replay,
        game,
        autoplay: this.hasAttribute('autoplay'),
        speed: this.getAttribute('speed'),
        round: this.getAttribute('round'),
        logs: seats,
        mine: (this.getAttribute('seats') ?? '').split(',').filter((x) => x.trim() !== '').map(Number),
        words: w,
      });
      this.resolveReady(this);
      this.dispatchEvent(new Event('load'));
    } catch (err) {
      if (!abort.signal.aborted) this.fail(err.message || String(err));
    } finally {
      if (this.abort === abort) this.loading = false;
    }
  }

  fail(message) {
    this.view.className = 'viewer failed';
    this.view.innerHTML = `<div class="message" role="alert"><strong>${esc(this.words.t('cannot_show'))}</strong><span></span></div>`;
    this.view.querySelector('.message span').textContent = message;
    this.dispatchEvent(new CustomEvent('error', { detail: { message } }));
  }

  get round() {
    return this.player?.round ?? 0;
  }

  set round(k) {
    this.player?.seek(k);
  }

  get rounds() {
    return this.player?.n ?? 0;
  }

  get idle() {
    return this.player?.idle ?? false;
  }

  play() {
    this.player?.play();
  }

  pause() {
    this.player?.pause();
  }
}

// fetchLogs reads the viewer's own seats' logs; without them (an error,
// logged out) the panel shows the rest.
async function fetchLogs(url, signal) {
  try {
    const res = await fetch(url, { signal, credentials: 'same-origin' });
    if (!res.ok) return null;
    return (await res.json()).seats ?? null;
  } catch {
    return null;
  }
}

async function loadGame(id, w) {
  try {
    return (await import(new URL(`games/${id}.js`, base).href)).default;
  } catch (err) {
    console.error(err);
    throw new Error(w.t('no_renderer', { Game: id }));
  }
}

if (!customElements.get('arena-replay')) customElements.define('arena-replay', ArenaReplay);
