// The officials' pages offline (issue 25 §2): a service worker, scope
// /officials/, that answers a reload without a connection from the copy of
// the page and its scripts and styles it kept the last time they loaded.
// It keeps GET pages under /officials/ID and /static/ files only: fragments
// carry the official's data and RPCs change state, so both always go to the
// network (officials.js keeps the last fragment in the tab's session).
// Network first, so a page with a connection is never stale.
const CACHE = 'qiwang-officials-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate',
                      (event) => event.waitUntil(self.clients.claim()));

function kept(request) {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return false;
  if (url.pathname.startsWith('/static/')) return true;
  return request.mode === 'navigate' &&
         /^\/officials\/[^/]+\/?$/.test(url.pathname);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (!kept(request)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    } catch (error) {
      const copy = await cache.match(request);
      if (copy) return copy;
      throw error;
    }
  })());
});
