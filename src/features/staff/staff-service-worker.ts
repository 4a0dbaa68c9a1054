/**
 * The staff app's service worker (/podium/sw.js, scope /podium/, decision 114), written here so that it is
 * linted and type-checked, and served as `(${staffServiceWorker})(config)`: the function must use nothing
 * from outside itself. It caches no staff data: only the offline screen (fetched signed out, its scripts
 * taken out) and the stylesheets that screen links. A staff navigation that fails shows that screen;
 * everything else goes to the network untouched. A push shows its notification; a tap opens its screen.
 */
export function staffServiceWorker(config: StaffServiceWorkerConfig): void {
  const sw = self as unknown as ServiceWorkerScope;

  sw.addEventListener("install", (event) => {
    event.waitUntil(
      (async () => {
        const response = await fetch(config.offlineUrl, { credentials: "omit", cache: "no-store" });
        if (!response.ok) throw new Error(`The offline screen answered ${response.status}`);
        const html = await response.text();
        const styles = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/gi)]
          .map((tag) => /\bhref="([^"]+)"/.exec(tag[0])?.[1])
          .filter((href): href is string => Boolean(href));
        // A static page: without its scripts nothing hydrates it as the screen whose URL it stands in for.
        const page = html.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
        const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
        const csp = response.headers.get("Content-Security-Policy");
        if (csp) headers.set("Content-Security-Policy", csp);
        const cache = await caches.open(config.cacheName);
        await cache.addAll(styles);
        await cache.put(config.offlineUrl, new Response(page, { headers }));
        await sw.skipWaiting();
      })(),
    );
  });

  sw.addEventListener("activate", (event) => {
    event.waitUntil(
      (async () => {
        for (const name of await caches.keys())
          if (name.startsWith(config.cachePrefix) && name !== config.cacheName) await caches.delete(name);
        await sw.clients.claim();
      })(),
    );
  });

  sw.addEventListener("fetch", (event) => {
    const { request } = event;
    if (request.method !== "GET") return;
    if (request.mode === "navigate") {
      event.respondWith(
        fetch(request).catch(async () => {
          const offline = await caches.match(config.offlineUrl, { cacheName: config.cacheName });
          return offline ?? Response.error();
        }),
      );
      return;
    }
    // The offline screen's stylesheets, from the cache when the network fails.
    if (request.destination === "style") {
      event.respondWith(
        fetch(request).catch(async () => (await caches.match(request, { cacheName: config.cacheName })) ?? Response.error()),
      );
    }
  });

  sw.addEventListener("push", (event) => {
    let message: { title?: unknown; body?: unknown; tag?: unknown; url?: unknown } = {};
    try {
      message = (event.data?.json() as typeof message | null) ?? {};
    } catch {
      message = { body: event.data?.text() };
    }
    const text = (value: unknown, fallback: string) => (typeof value === "string" && value ? value : fallback);
    const url = text(message.url, config.startUrl);
    event.waitUntil(
      sw.registration.showNotification(text(message.title, config.appName), {
        body: text(message.body, ""),
        tag: text(message.tag, "staff"),
        icon: config.icon,
        badge: config.icon,
        // Only a screen of this app: a payload cannot send the person elsewhere.
        data: { url: url.startsWith("/podium/") ? url : config.startUrl },
      }),
    );
  });

  sw.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const path = (event.notification.data as { url?: string } | null)?.url ?? config.startUrl;
    const target = new URL(path, sw.location.origin).href;
    event.waitUntil(
      (async () => {
        const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
        const open =
          windows.find((client) => client.url === target) ?? windows.find((client) => new URL(client.url).pathname.startsWith("/podium/"));
        if (open) {
          // The screen first, then the focus: a browser grants focus only for a short while after the tap
          // (and refuses it to a click it did not see), while a window this worker controls may always be
          // navigated; so the window is on the right screen even when focusing it is refused.
          const shown = open.url === target ? open : ((await open.navigate(target).catch(() => null)) ?? open);
          await shown.focus();
          return;
        }
        await sw.clients.openWindow(target);
      })(),
    );
  });
}

export type StaffServiceWorkerConfig = {
  cacheName: string;
  cachePrefix: string;
  offlineUrl: string;
  startUrl: string;
  appName: string;
  icon: string;
};

// The few parts of the ServiceWorkerGlobalScope used above (the project's TypeScript lib is the DOM's).
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response> | Response): void };
type PushEvent = ExtendableEvent & { data: { json(): unknown; text(): string } | null };
type NotificationEvent = ExtendableEvent & { notification: Notification };
type WindowClient = { url: string; focus(): Promise<WindowClient>; navigate(url: string): Promise<WindowClient | null> };
type ServiceWorkerScope = {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
};
