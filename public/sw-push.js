/* Push worker (docs/product.md §2 /sw-push.js), imported by the service worker /sw.js.
 * Shows each push as a notification, updates the app badge, and on click focuses
 * an open tab (navigating it to the target) or opens a new one. Payload:
 * { title, body, url, tag?, badge_count? } (src/shared/contracts/push.ts). */
self.addEventListener('push', function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : '' };
  }
  var url = typeof data.url === 'string' && data.url.charAt(0) === '/' ? data.url : '/';
  var work = [
    self.registration.showNotification(data.title || '', {
      body: data.body || '',
      tag: data.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-96.png',
      data: { url: url },
    }),
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (clients) {
      clients.forEach(function (client) {
        client.postMessage({ type: 'push-received', payload: data });
      });
    }),
  ];
  if (typeof data.badge_count === 'number' && self.navigator.setAppBadge) {
    work.push(data.badge_count > 0 ? self.navigator.setAppBadge(data.badge_count) : self.navigator.clearAppBadge());
  }
  event.waitUntil(Promise.all(work).catch(function () {}));
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (clients) {
      for (var i = 0; i < clients.length; i++) {
        var client = clients[i];
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          return client.focus().then(function (focused) {
            return focused && focused.url !== target && 'navigate' in focused ? focused.navigate(target) : focused;
          });
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
