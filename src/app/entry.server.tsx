import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { appContext, cspNonceContext } from "~/server/load-context.server";
import { deferredPartsLoaded } from "~/shared/ui/deferred-hydration";
import { NonceContext } from "~/shared/ui/nonce";

export const streamTimeout = 5_000;

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
  const userAgent = request.headers.get("user-agent");
  const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
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
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
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
