import { createContext } from "react-router";
import type { AppContext } from "./context.server";

/** Route loaders and actions read the running server's context from here. */
export const appContext = createContext<AppContext>();

/** The per-request CSP nonce set by the HTTP layer. */
export const cspNonceContext = createContext<string>("");
