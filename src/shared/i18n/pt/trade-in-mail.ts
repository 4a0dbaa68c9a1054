import type { TradeInMailMessages } from "../en/trade-in-mail";

/** The trade-in mails to the shopper in Brazilian Portuguese (see ../en/trade-in-mail.ts). */
export const tradeInMail: TradeInMailMessages = {
  receivedSubject: (dealer: string) => `Recebemos seu pedido de avaliação — ${dealer}`,
  receivedHeading: (firstName: string) => `Obrigado, ${firstName}`,
  receivedBody: (vehicle: string) => `Recebemos seu pedido de avaliação do seu ${vehicle}. Em breve enviaremos nossa oferta por e-mail.`,
  offerSubject: (vehicle: string) => `Nossa oferta pelo seu carro: ${vehicle}`,
  offerHeading: (firstName: string) => `Nossa oferta pelo seu carro está pronta, ${firstName}`,
  offerBody: (vehicle: string, low: string, high: string, until: string) =>
    `Podemos oferecer entre ${low} e ${high} pelo seu ${vehicle}. Esta oferta é válida até ${until}.`,
  conditions: "Condições desta oferta:",
  offerLink: "Ver nossa oferta",
  note: "Observação da nossa equipe:",
  replyHint: "Você pode responder a este e-mail para falar conosco.",
};
