// Live updates: follows the page's event stream and puts each event's HTML
// (rendered and escaped by the server) in place of the live fragment. The
// page is whole without it.
const box = document.querySelector('[data-live-url]');
// The shared fragment marks no one: ?player= marks that player's board again.
const player = new URLSearchParams(location.search).get('player');
function markPlayer() {
  if (!player) return;
  for (const row of box.querySelectorAll('tr[data-players]')) {
    if (row.dataset.players.split(' ').includes(player)) {
      row.classList.add('mine');
      row.setAttribute('aria-current', 'true');
    }
  }
}
if (box && 'EventSource' in window) {
  const source = new EventSource(box.dataset.liveUrl);
  source.addEventListener(box.dataset.liveEvent, (event) => {
    box.innerHTML = event.data;
    markPlayer();
    box.dataset.position = event.lastEventId;
  });
  source.addEventListener('open', () => box.classList.add('connected'));
  source.addEventListener('error', () => box.classList.remove('connected'));
}
