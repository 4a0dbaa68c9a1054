import { createContext, useContext } from "react";

/**
 * The per-request CSP nonce, provided by entry.server. On the client it is empty:
 * browsers hide nonce attributes from scripts anyway.
 */
export const NonceContext = createContext<string>("");

export function useNonce(): string {
  return useContext(NonceContext);
}
