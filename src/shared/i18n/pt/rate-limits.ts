import type { RateLimitMessages } from "../en/rate-limits";

/** The rate limits' answers in Brazilian Portuguese (see ../en/rate-limits.ts). */
export const rateLimits: RateLimitMessages = {
  financing: "Pedidos demais desta conexão. Aguarde alguns minutos e tente novamente.",
};
