import { signInOwner } from "./staff-sign-in";
import type { TestServer } from "./test-server";

export type StaffClient = {
  server: TestServer;
  cookie: string;
  /** A same-origin request with the staff session; JSON bodies are serialised, strings and buffers sent as they are. */
  fetch: (path: string, init?: { method?: string; body?: unknown; contentType?: string }) => Promise<Response>;
};

/** Signs in to the dashboard API as the demo owner (password + TOTP) and returns a client carrying the session cookie. */
export async function staffClient(server: TestServer): Promise<StaffClient> {
  const { cookie } = await signInOwner(server);
  return {
    server,
    cookie,
    fetch: (path, init = {}) => {
      const raw = typeof init.body === "string" || Buffer.isBuffer(init.body);
      const headers: Record<string, string> = { cookie, origin: server.url };
      if (init.body !== undefined) headers["content-type"] = init.contentType ?? (raw ? "text/csv" : "application/json");
      return fetch(`${server.url}${path}`, {
        method: init.method ?? "GET",
        headers,
        body:
          init.body === undefined
            ? undefined
            : raw
              ? Buffer.isBuffer(init.body)
                ? new Uint8Array(init.body)
                : (init.body as string)
              : JSON.stringify(init.body),
        redirect: "manual",
      });
    },
  };
}
