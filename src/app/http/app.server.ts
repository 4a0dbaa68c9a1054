// The server bundle's entry (vite.config.ts): the HTTP app plus the React Router build.
import * as build from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";
import { startServer, type StartOptions } from "./start-server.server";

/** Starts the production server with the bundled pages. */
export function startProductionServer(options: Omit<StartOptions, "build"> = {}) {
  return startServer({ ...options, build: build as unknown as ServerBuild });
}
