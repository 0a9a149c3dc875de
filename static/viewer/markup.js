// The player shell's markup: no inline style or script (strict CSP).

import { icons } from './icons.js';

export const TEMPLATE = `
<header class="top">
  <div class="title"><span class="game"></span><span class="meta"></span></div>
  <div class="counter" aria-live="off">Round <b class="k">0</b><span class="of"> / <span class="n">0</span></span></div>
</header>
<div class="main">
  <div class="stage"><canvas class="board" role="img"></canvas></div>
  <aside class="side">
    <section class="debug" hidden aria-label="What the bots did in this round">
      <header class="debug-head">
        <h2 class="debug-title"></h2>
        <span class="debug-nav">
          <button class="prev-marker" title="Previous marker ([ or p)" aria-label="Previous marker">${icons.back}</button>
          <button class="next-marker" title="Next marker (] or n)" aria-label="Next marker">${icons.forward}</button>
        </span>
      </header>
      <div class="debug-body" aria-live="polite"></div>
    </section>
    <ol class="scores" aria-label="Scoreboard"></ol>
    <figure class="chart-box">
      <figcaption>Score by round</figcaption>
      <div class="chart-wrap"><canvas class="chart" aria-label="Scores over rounds; click to go to a round"></canvas></div>
    </figure>
  </aside>
</div>
<div class="status"></div>
<nav class="controls" aria-label="Replay controls">
  <div class="group">
    <button class="start" title="Start (Home)" aria-label="Start">${icons.start}</button>
    <button class="back" title="Step back (←)" aria-label="Step back">${icons.back}</button>
    <button class="play primary" title="Play (space)" aria-label="Play">${icons.play}</button>
    <button class="forward" title="Step forward (→)" aria-label="Step forward">${icons.forward}</button>
    <button class="end" title="End (End)" aria-label="End">${icons.end}</button>
  </div>
  <div class="track">
    <div class="markers" hidden aria-label="Rounds where your bot had commands ignored, printed or froze"></div>
    <input class="slider" type="range" min="0" step="1" value="0" aria-label="Round">
  </div>
  <div class="group">
    <button class="slower" title="Slower (−)" aria-label="Slower">${icons.minus}</button>
    <output class="speed" title="Rounds per second"></output>
    <button class="faster" title="Faster (+)" aria-label="Faster">${icons.plus}</button>
  </div>
  <div class="group">
    <button class="smooth toggle" title="Animation on/off (a)" aria-label="Animation" aria-pressed="true">${icons.smooth}</button>
    <button class="help-button" title="Keyboard shortcuts (h)" aria-label="Keyboard shortcuts">${icons.help}</button>
  </div>
</nav>
<div class="help" hidden role="dialog" aria-label="Keyboard shortcuts">
  <div class="card">
    <h2>Keyboard shortcuts</h2>
    <dl>
      <dt><kbd>Space</kbd></dt><dd>Play / pause</dd>
      <dt><kbd>→</kbd> <kbd>←</kbd></dt><dd>Step forward / back one round</dd>
      <dt><kbd>PgDn</kbd> <kbd>PgUp</kbd></dt><dd>Ten rounds forward / back</dd>
      <dt><kbd>Home</kbd> <kbd>End</kbd></dt><dd>First / last round</dd>
      <dt><kbd>+</kbd> <kbd>−</kbd></dt><dd>Faster / slower</dd>
      <dt><kbd>]</kbd> <kbd>[</kbd></dt><dd>Next / previous marker: a round where your bot had commands ignored, printed or froze (also <kbd>n</kbd> <kbd>p</kbd>)</dd>
      <dt><kbd>a</kbd></dt><dd>Animation on / off</dd>
      <dt><kbd>h</kbd></dt><dd>Show / hide this help</dd>
    </dl>
    <p>Click the chart to jump to a round; hover the board for details; click a unit to see its commands in the round.</p>
  </div>
</div>`;
