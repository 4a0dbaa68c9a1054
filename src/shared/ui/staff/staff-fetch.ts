import { useCallback, useEffect, useState } from "react";

/** Raised for any non-success answer: "status: body text" (docs/behaviour.md §7). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(`${status}: ${text}`);
  }
}

/** The server's own words for a failure (the `{ error, fieldErrors }` body every API answers with), if it sent them. */
export function apiErrorBody(error: unknown): { error?: string; fieldErrors?: Record<string, string> } | null {
  if (!(error instanceof ApiError)) return null;
  try {
    const body = JSON.parse(error.text) as unknown;
    return body && typeof body === "object" ? (body as { error?: string; fieldErrors?: Record<string, string> }) : null;
  } catch {
    return null;
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Called when the server says the session is gone (401), so the dashboard locks. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** fetch with cookies; JSON body only when one exists; any non-success throws ApiError. */
export async function staffFetch(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  const res = await fetch(path, {
    method: init.method ?? "GET",
    credentials: "include",
    headers: init.body !== undefined ? { "Content-Type": "application/json" } : undefined,
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  if (!res.ok) {
    const text = (await res.text().catch(() => "")) || res.statusText;
    // A wrong password or code is a 401 of the sign-in itself, not an ended session.
    if (res.status === 401 && !/\/api\/admin\/(login|mfa|session)$/.test(path)) unauthorizedListeners.forEach((l) => l());
    throw new ApiError(res.status, text);
  }
  return res;
}

export async function staffJson<T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> {
  const res = await staffFetch(path, init);
  return (await res.json()) as T;
}

/** Loads a list once (no refetch on focus, docs/behaviour.md §7), with an explicit reload. */
export function useStaffData<T>(path: string, pollMs?: number) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState(false);
  const reload = useCallback(async () => {
    try {
      setData(await staffJson<T>(path));
      setError(false);
    } catch {
      setError(true);
    }
  }, [path]);
  useEffect(() => {
    void reload();
    if (!pollMs) return;
    const timer = window.setInterval(() => void reload(), pollMs);
    return () => window.clearInterval(timer);
  }, [reload, pollMs]);
  return { data, error, reload };
}

/** Saves a fetched file under `filename` through a temporary link. */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const res = await staffFetch(path);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
