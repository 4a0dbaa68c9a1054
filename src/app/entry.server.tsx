import { Transform, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { paintFirst } from "~/app/http/paint-first.server";
import { localeFromMatches } from "~/app/lib/locale-handle";
import { BrowserScriptsContext } from "~/app/lib/page-hydration";
import { ROUTE_POLICIES } from "~/app/route-policy.server";
import { appContext, clientBuildContext, cspNonceContext } from "~/server/load-context.server";
import { deferredPartsLoaded } from "~/shared/ui/deferred-hydration";
import { NonceContext } from "~/shared/ui/nonce";

export const streamTimeout = 5_000;

/**
 * The document's bytes as React writes them, passed on one chunk per turn of the event loop. React writes
 * its HTML in pieces of 2 KB, and each piece went on through a web stream, the compression middleware's
 * gzip call and a socket write of its own: about 140 of each for a staff list of 50 rows, a fifth of the
 * page's time (decision 131). What React writes at once (the shell, a boundary that resolved) still leaves
 * in that same turn, so the document streams as before.
 */
function oneChunkATurn(onEnd: () => void): Transform {
  let held: Uint8Array[] = [];
  let scheduled = false;
  const release = (stream: Transform) => {
    scheduled = false;
    if (held.length === 0) return;
    stream.push(held.length === 1 ? held[0] : Buffer.concat(held));
    held = [];
  };
  return new Transform({
    transform(chunk: Uint8Array, _encoding, callback) {
      held.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release, this);
      }
      callback();
    },
    flush(callback) {
      release(this);
      onEnd();
      callback();
    },
  });
}

/**
 * The whole document, reshaped to paint first (decision 049): its stylesheet inlined, its modules loaded
 * after the largest paint. Every public page, in every language, whether the document cache keeps it or
 * not (decision 144): a page with its stylesheet as a `<link>` waited for a second request before its first
 * paint, which a phone on a slow network pays with a round trip (Lighthouse's LCP ~1.9 s instead of ~0.9).
 * Public pages render whole anyway: none streams a boundary that is still loading when the shell is ready.
 */
function paintedFirst(onDone: (html: string) => void, readStylesheet: (href: string) => string | undefined, logMiss: () => void) {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      const rendered = Buffer.concat(chunks).toString("utf8");
      const painted = paintFirst(rendered, readStylesheet);
      if (painted === rendered) logMiss();
      onDone(painted);
      callback();
    },
  });
}
let paintFirstMissed = false;

/**
 * Errors thrown by loaders, actions and rendering: logged as one JSON line through pino (the `err`
 * serialiser keeps the stack inside the line) instead of React Router's default console.error,
 * which printed raw multi-line stacks. Aborted requests (the shopper navigated away) are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  context.get(appContext).logger.error({ err: error, path: new URL(request.url).pathname }, "route error");
};

/**
 * Renders the document. Crawlers and link-preview bots get the whole page at once;
 * browsers get the shell as soon as it is ready. Every inline script carries the
 * request's CSP nonce.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Right after start-up: a page's deferred parts (the vehicle page's message form and estimate)
  // must be in the HTML itself, not in a segment only a script would reveal to a shopper without one.
  await deferredPartsLoaded();
  const nonce = loadContext.get(cspNonceContext);
  const clientBuild = loadContext.get(clientBuildContext);
  // A shoppers' page: under a language layout, and no matched route with a staff area (the setup link's
  // page sits under the English layout but is the staff app's).
  const matched = routerContext.staticHandlerContext.matches.map((match) => match.route);
  const shoppers = localeFromMatches(matched);
  const paintsFirst =
    clientBuild !== null &&
    shoppers !== null &&
    !shoppers.staff &&
    matched.every((route) => (ROUTE_POLICIES[route.id]?.staffArea ?? "not staff") === "not staff");
  const userAgent = request.headers.get("user-agent");
  const readyOption = paintsFirst || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <BrowserScriptsContext.Provider
          value={{ webVitalsModule: clientBuild?.webVitalsModule ?? null, islandsModuleScript: clientBuild?.islandsModuleScript ?? null }}
        >
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </BrowserScriptsContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // React 19.2 moves a finished Suspense boundary out of place once the document passes this many
        // bytes, into a hidden segment that an inline script reveals: without JavaScript the vehicle
        // page's deferred parts (message form, estimate) never showed. A boundary that is ready when its
        // place is written goes in place; one still loading streams as before.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (paintsFirst) {
            const logMiss = () => {
              if (paintFirstMissed) return;
              // The page still works, only in React Router's own loading order: say so once, loudly.
              paintFirstMissed = true;
              const path = new URL(request.url).pathname;
              loadContext
                .get(appContext)
                .logger.error({ path }, "paint-first did not apply: React Router's route-modules script has changed shape");
            };
            const whole = paintedFirst(
              (html) => {
                clearTimeout(timeoutId);
                timeoutId = undefined;
                resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              },
              clientBuild.readStylesheet,
              logMiss,
            );
            pipe(whole);
            return;
          }
          const body = oneChunkATurn(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.get(appContext).logger.error({ err: error, path: new URL(request.url).pathname }, "render error");
        },
      },
    );
  });
}
