// Live updates: follows the page's event stream and puts each event's HTML
// (rendered and escaped by the server) in place of the live fragment. The
// page is whole without it. The stream is asked for line patches
// (services/http/line_patch.h): after the first whole fragment, a result
// sends the lines that changed, applied here to the text last shown.
// (Loaded outside a browser by tests/http/live_js_patch_test.cc, which calls
// applyLinePatch only.)
const box = typeof document === 'undefined' ?
    null : document.querySelector('[data-live-url]');
// The shared fragment marks no one: ?player= marks that player's board again.
const player = box && new URLSearchParams(location.search).get('player');
function markPlayer() {
  if (!player) return;
  for (const row of box.querySelectorAll('tr[data-players]')) {
    if (row.dataset.players.split(' ').includes(player)) {
      row.classList.add('mine');
      row.setAttribute('aria-current', 'true');
    }
  }
}
// The fragment's text as the server sent it, at box.dataset.position; null
// until the stream's first whole event.
let text = null;
function show(html, position) {
  text = html;
  box.innerHTML = html;
  markPlayer();
  box.dataset.position = position;
}
// `patch` applied to `text`, the message at `position`, or null when it does
// not fit (then the stream starts again and its first event is whole).
function applyLinePatch(text, position, patch) {
  const lines = patch.split('\n');
  const base = /^base (\d+)$/.exec(lines[0]);
  const count = /^lines (\d+)$/.exec(lines[1] || '');
  if (text === null || !base || !count || base[1] !== position) {
    return null;
  }
  const old = text.split('\n');
  const result = [];
  let copied = 0;
  for (let at = 2; at < lines.length;) {
    const op = /^([@~]) (\d+) (\d+) (\d+)$|^(\+) (\d+) (\d+) (\d+) (\d+)$/
                   .exec(lines[at]);
    if (!op) return null;
    const kind = op[1] || op[5];
    const [start, second, third, fourth] =
        (op[1] ? op.slice(2, 5) : op.slice(6, 10)).map(Number);
    const deleted = kind === '@' ? second : kind === '~' ? 1 : 0;
    const following = kind === '@' ? third : 1;
    if (start < copied || start + deleted > old.length ||
        at + 1 + following > lines.length) {
      return null;
    }
    result.push(...old.slice(copied, start));
    if (kind === '@') {
      result.push(...lines.slice(at + 1, at + 1 + following));
    } else {
      // "~" edits line `start`; "+" inserts an edited copy of line `second`.
      // The line keeps its first `front` and last `back` characters.
      const line = old[kind === '~' ? start : second];
      const [front, back] = kind === '~' ? [second, third] : [third, fourth];
      if (line === undefined || front + back > line.length) return null;
      result.push(line.slice(0, front) + lines[at + 1] +
                  line.slice(line.length - back));
    }
    copied = start + deleted;
    at += 1 + following;
  }
  result.push(...old.slice(copied));
  return result.length === Number(count[1]) ? result.join('\n') : null;
}
function follow() {
  const url = new URL(box.dataset.liveUrl, location.href);
  url.searchParams.set('patch', 'lines');
  const source = new EventSource(url);
  source.addEventListener(box.dataset.liveEvent,
                          (event) => show(event.data, event.lastEventId));
  source.addEventListener('patch', (event) => {
    const html = applyLinePatch(text, box.dataset.position, event.data);
    if (html !== null) {
      box.dataset.patches = Number(box.dataset.patches || 0) + 1;
      show(html, event.lastEventId);
      return;
    }
    source.close();
    text = null;
    follow();
  });
  source.addEventListener('open', () => box.classList.add('connected'));
  source.addEventListener('error', () => box.classList.remove('connected'));
}
if (box && 'EventSource' in window) follow();
if (typeof module !== 'undefined') module.exports = {applyLinePatch};
