import type { TradeInMailMessages } from "../en/trade-in-mail";

/** The trade-in mails to the shopper in Brazilian Portuguese (see ../en/trade-in-mail.ts). */
export const tradeInMail: TradeInMailMessages = {
  receivedSubject: (dealer: string) => `Recebemos seu pedido de avaliação — ${dealer}`,
  receivedHeading: (firstName: string) => `Obrigado, ${firstName}`,
  receivedBody: (vehicle: string) => `Recebemos seu pedido de avaliação do seu ${vehicle}. Em breve enviaremos nossa proposta por e-mail.`,
  offerSubject: (vehicle: string) => `Sua proposta pelo seu carro: ${vehicle}`,
  offerHeading: (firstName: string) => `Sua proposta está pronta, ${firstName}`,
  offerBody: (vehicle: string, range: string, until: string) =>
    `Podemos oferecer ${range} pelo seu ${vehicle}. Esta proposta é válida até ${until}.`,
  offerLink: "Ver sua proposta",
  note: "Observação da nossa equipe:",
  replyHint: "Você pode responder a este e-mail para falar conosco.",
};
