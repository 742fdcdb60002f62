// The hall screen's clock: the time of day by the screen's own clock, shown
// only where this script runs (the page is whole without it).
const clock = document.getElementById('hall-clock');
if (clock) {
  const tick = () => {
    const now = new Date();
    clock.dateTime = now.toISOString();
    clock.textContent = now.toLocaleTimeString(
        document.documentElement.lang, {hour: '2-digit', minute: '2-digit'});
    clock.hidden = false;
  };
  tick();
  setInterval(tick, 10000);
}
