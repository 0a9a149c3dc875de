// Inline SVG icons for the controls (24×24, drawn with currentColor).

const svg = (body) => `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">${body}</svg>`;

export const icons = {
  start: svg('<path d="M4 5h2v14H4zM13 5v14L6 12zM20 5v14l-7-7z"/>'),
  back: svg('<path d="M6 5h2v14H6zM18 5v14L9 12z"/>'),
  play: svg('<path d="M8 5v14l11-7z"/>'),
  pause: svg('<path d="M7 5h4v14H7zM13 5h4v14h-4z"/>'),
  forward: svg('<path d="M6 5v14l9-7zM16 5h2v14h-2z"/>'),
  end: svg('<path d="M18 5h2v14h-2zM11 5v14l7-7zM4 5v14l7-7z"/>'),
  minus: svg('<path d="M5 11h14v2H5z"/>'),
  plus: svg('<path d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z"/>'),
  smooth: svg('<path d="M3 17c3 0 4-10 9-10s6 10 9 10" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'),
  help: svg('<path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 14.5a1.25 1.25 0 1 1 0-2.5 1.25 1.25 0 0 1 0 2.5zm1.3-4.7V14h-2.4v-2c0-1 .7-1.5 1.4-2 .6-.4 1.2-.8 1.2-1.6 0-.8-.7-1.4-1.5-1.4s-1.6.6-1.7 1.5L8 8.2C8.2 6.3 9.9 5 12 5c2.3 0 4 1.4 4 3.4 0 1.6-1.1 2.4-1.9 3-.5.4-.8.6-.8 1.4z"/>'),
};
