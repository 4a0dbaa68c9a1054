import type { RateLimitMessages } from "../en/rate-limits";

/** The rate limits' answers in Brazilian Portuguese (see ../en/rate-limits.ts). */
export const rateLimits: RateLimitMessages = {
  financing: "Muitas solicitações. Aguarde alguns minutos e tente novamente.",
};
