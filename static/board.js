// Live leaderboards: the rows of a table whose tbody has sse-swap="rows"
// (class live-rows) follow the stream's "rows" events row by row instead
// of being replaced: a row (data-bot) whose content changed is updated in
// place and flashes, rows move to their new places, new ones appear and
// gone ones leave, and unchanged rows are left alone (a link being
// hovered or focused stays as it is).
document.addEventListener('htmx:sseBeforeMessage', (e) => {
  const tbody = e.target;
  if (!(tbody instanceof HTMLElement) || !tbody.classList.contains('live-rows')) return;
  e.preventDefault(); // no swap of the whole body
  const tpl = document.createElement('template');
  tpl.innerHTML = '<table><tbody>' + e.detail.data + '</tbody></table>';
  const fresh = tpl.content.querySelector('tbody');
  const old = new Map();
  for (const row of tbody.rows) old.set(row.dataset.bot, row);
  let prev = null;
  for (const row of Array.from(fresh.rows)) {
    let keep = old.get(row.dataset.bot);
    if (keep) {
      old.delete(row.dataset.bot);
      keep.classList.remove('changed');
      if (keep.innerHTML !== row.innerHTML || keep.className !== row.className) {
        keep.innerHTML = row.innerHTML;
        keep.className = row.className;
        flash(keep);
      }
    } else {
      keep = row;
      flash(keep);
    }
    const want = prev ? prev.nextSibling : tbody.firstChild;
    if (want !== keep) tbody.insertBefore(keep, want);
    prev = keep;
  }
  for (const row of old.values()) row.remove();
  tbody.dataset.updates = String(Number(tbody.dataset.updates || '0') + 1);
});

function flash(row) {
  row.classList.remove('changed');
  void row.offsetWidth; // restart the animation
  row.classList.add('changed');
}
