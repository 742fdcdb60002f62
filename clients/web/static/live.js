// Live updates: follows the page's event stream and puts each event's HTML
// (rendered and escaped by the server) in place of the live fragment. The
// page is whole without it.
const box = document.querySelector('[data-live-url]');
if (box && 'EventSource' in window) {
  const source = new EventSource(box.dataset.liveUrl);
  source.addEventListener(box.dataset.liveEvent, (event) => {
    box.innerHTML = event.data;
    box.dataset.position = event.lastEventId;
  });
  source.addEventListener('open', () => box.classList.add('connected'));
  source.addEventListener('error', () => box.classList.remove('connected'));
}
