import type { TradeInMailMessages } from "../en/trade-in-mail";

/** The trade-in mails to the shopper in US Spanish (see ../en/trade-in-mail.ts). */
export const tradeInMail: TradeInMailMessages = {
  receivedSubject: (dealer: string) => `Recibimos su solicitud de tasación — ${dealer}`,
  receivedHeading: (firstName: string) => `Gracias, ${firstName}`,
  receivedBody: (vehicle: string) =>
    `Recibimos su solicitud para tasar su ${vehicle}. Pronto le enviaremos nuestra oferta por correo electrónico.`,
  offerSubject: (vehicle: string) => `Nuestra oferta por su carro: ${vehicle}`,
  offerHeading: (firstName: string) => `Nuestra oferta por su carro está lista, ${firstName}`,
  offerBody: (vehicle: string, low: string, high: string, until: string) =>
    `Le podemos ofrecer entre ${low} y ${high} por su ${vehicle}. Esta oferta es válida hasta el ${until}.`,
  conditions: "Condiciones de esta oferta:",
  offerLink: "Ver nuestra oferta",
  note: "Nota de nuestro equipo:",
  replyHint: "Puede responder a este correo electrónico para comunicarse con nosotros.",
};
