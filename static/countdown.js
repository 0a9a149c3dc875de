// Counts down a wait the server announced: an element with
// data-retry-after="SECONDS" holds a [data-countdown] that reads
// "in 37 s", then "in 36 s"... and "now" at the end. Until then the
// page's buttons marked data-waits-for-retry are disabled, so a student
// in a lab sees exactly when the next submission passes. The words come
// from the page, in its language: data-in ("in "), data-now ("now") and
// data-again (the buttons' title before the wait).
for (const el of document.querySelectorAll('[data-retry-after]')) {
  const end = Date.now() + Number(el.dataset.retryAfter) * 1000;
  const out = el.querySelector('[data-countdown]');
  const buttons = document.querySelectorAll('[data-waits-for-retry]');
  const words = { in: el.dataset.in ?? 'in ', now: el.dataset.now ?? 'now', again: el.dataset.again ?? 'You can submit again in ' };
  const tick = () => {
    const left = Math.ceil((end - Date.now()) / 1000);
    for (const b of buttons) {
      if (!b.hasAttribute('data-waits-for-retry')) continue; // closed meanwhile
      b.disabled = left > 0;
      b.title = left > 0 ? words.again + wait(left) : '';
    }
    if (left <= 0) {
      out.textContent = words.now;
      el.classList.add('over');
      return;
    }
    out.replaceChildren(words.in, Object.assign(document.createElement('strong'), { textContent: wait(left) }));
    setTimeout(tick, end - Date.now() - (left - 1) * 1000);
  };
  tick();
}

// wait says a wait as templates.Wait does: "37 s", "1 min 5 s".
function wait(s) {
  if (s < 60) return `${s} s`;
  return s % 60 === 0 ? `${s / 60} min` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

// A button marked data-closes-in="SECONDS" (Submit, before a game's
// deadline) is disabled when they have passed, with the reason
// (data-closed-why) as its title and beside it: the server refuses the
// submission from then on.
for (const b of document.querySelectorAll('[data-closes-in]')) {
  setTimeout(() => {
    b.disabled = true;
    b.removeAttribute('data-waits-for-retry'); // a retry countdown must not enable it again
    b.title = b.dataset.closedWhy || 'Closed';
    const why = Object.assign(document.createElement('span'), { className: 'muted small submit-locked', textContent: b.title + '.' });
    b.after(why);
  }, Number(b.dataset.closesIn) * 1000);
}
