import type { RateLimitMessages } from "../en/rate-limits";

/** The rate limits' answers in US Spanish, formal "usted" (see ../en/rate-limits.ts). */
export const rateLimits: RateLimitMessages = {
  financing: "Demasiadas solicitudes desde esta conexión. Espere unos minutos e inténtelo de nuevo.",
};
