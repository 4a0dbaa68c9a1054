import { lazy, memo, Suspense, useEffect, useRef, type ComponentType } from "react";
import { whenIdleAfterLoad } from "~/shared/lib/when-idle-after-load";

/** What the browser does before a deferred part's code is requested, and what starts it early. */
export const FIRST_TOUCH_EVENTS = ["focusin", "pointerdown", "keydown"] as const;

/**
 * A part of a public page that works as plain HTML until its code arrives, so its code is not
 * first-load JavaScript (decision 016). The server renders it into the document
 * as usual. In the browser its module is imported when the shopper first focuses, touches or types
 * in it, or when the browser is idle after the `load` event, whichever comes first; React then
 * hydrates it where it stands. Until then a form in it is an ordinary form posting to the route's
 * action, as it is without JavaScript (decision 025), and what is typed into its (uncontrolled)
 * fields stays.
 *
 * The component must take serialisable, stable props: a parent update that reaches a part still
 * waiting for its code would make React drop the server's HTML and render it anew (memo keeps
 * unchanged props from counting as an update).
 */
/** Server only: the deferred parts' modules still being imported (only right after start-up). */
const serverLoads = new Set<Promise<unknown>>();

/**
 * Resolves once every deferred part's module is loaded on the server. A document rendered before
 * then would stream the part as a hidden segment that only a script reveals: without JavaScript
 * (and in a cached copy of that document) the part would never show. entry.server.tsx waits for it.
 */
export function deferredPartsLoaded(): Promise<unknown> {
  return Promise.all(serverLoads);
}

export function deferredHydration<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download (offline) is retried on the next touch; the HTML keeps working meanwhile.
        loading = undefined;
        throw error;
      },
    ));
  let release: () => void = () => {};
  const requested = new Promise<void>((resolve) => (release = resolve));
  // The server's bundle has nothing to download: load it now, so the first render needs no wait.
  if (import.meta.env.SSR) {
    const importing = start().catch(() => undefined);
    serverLoads.add(importing);
    void importing.finally(() => serverLoads.delete(importing));
  }

  const Lazy = lazy(() =>
    loaded
      ? // Already here (always on the server): a thenable that settles at once, so React renders without suspending.
        ({ then: (resolve: (module: { default: ComponentType<Props> }) => void) => resolve({ default: loaded! }) } as Promise<{
          default: ComponentType<Props>;
        }>)
      : // The server never waits for a touch: a render before the import settled waits for the import only.
        (import.meta.env.SSR ? start() : requested.then(start)).then((component) => ({ default: component })),
  );

  function DeferredPart(props: Props) {
    const container = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = container.current;
      const begin = () => {
        release();
        void start().catch(() => undefined);
      };
      for (const type of FIRST_TOUCH_EVENTS) element?.addEventListener(type, begin, { once: true, passive: true });
      const cancelIdle = whenIdleAfterLoad(begin);
      return () => {
        for (const type of FIRST_TOUCH_EVENTS) element?.removeEventListener(type, begin);
        cancelIdle();
      };
    }, []);
    return (
      <div ref={container} className="contents">
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </div>
    );
  }
  return memo(DeferredPart) as unknown as ComponentType<Props>;
}
