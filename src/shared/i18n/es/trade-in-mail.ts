import type { TradeInMailMessages } from "../en/trade-in-mail";

/** The trade-in mails to the shopper in US Spanish (see ../en/trade-in-mail.ts). */
export const tradeInMail: TradeInMailMessages = {
  receivedSubject: (dealer: string) => `Recibimos su solicitud de tasación — ${dealer}`,
  receivedHeading: (firstName: string) => `Gracias, ${firstName}`,
  receivedBody: (vehicle: string) =>
    `Recibimos su solicitud de tasación de su ${vehicle}. Pronto le enviaremos nuestra oferta por correo electrónico.`,
  offerSubject: (vehicle: string) => `Su oferta por su vehículo: ${vehicle}`,
  offerHeading: (firstName: string) => `Su oferta está lista, ${firstName}`,
  offerBody: (vehicle: string, range: string, until: string) =>
    `Le podemos ofrecer ${range} por su ${vehicle}. Esta oferta es válida hasta el ${until}.`,
  offerLink: "Ver su oferta",
  note: "Nota de nuestro equipo:",
  replyHint: "Puede responder a este correo electrónico para comunicarse con nosotros.",
};
