// Live pages that follow a server-sent event stream (htmx's SSE extension)
// and poll only while the stream is down. An element with
// data-poll-fallback polls (hx-trigger="every ...") inside an element with
// sse-connect; its polls are skipped while that stream is open, and happen
// again when the stream breaks (an error, a proxy that buffers) until it
// reopens.
document.addEventListener('htmx:sseOpen', (e) => { e.target.dataset.stream = 'open'; });
document.addEventListener('htmx:sseError', (e) => { e.target.dataset.stream = 'broken'; });
document.addEventListener('htmx:sseClose', (e) => { e.target.dataset.stream = 'closed'; });
document.addEventListener('htmx:beforeRequest', (e) => {
  const elt = e.detail.elt;
  if (!elt.hasAttribute('data-poll-fallback')) return;
  const stream = elt.closest('[sse-connect]');
  if (stream && stream.dataset.stream === 'open') e.preventDefault();
});
