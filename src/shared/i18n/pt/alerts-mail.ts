import type { AlertsMailMessages } from "../en/alerts-mail";

export const alertsMail: AlertsMailMessages = {
  confirmSubject: (dealer: string) => `Confirme seus alertas por e-mail da ${dealer}`,
  confirmHeading: "Confirme seus alertas por e-mail",
  confirmBody: (dealer: string) =>
    `Alguém, esperamos que você, pediu à ${dealer} para enviar a este endereço alertas sobre estes veículos e buscas salvos:`,
  confirmLink: "Confirmar meus alertas",
  confirmExpiry: (days: number) =>
    `O link vale por ${days} dias. Se você não fez este pedido, ignore este e-mail: não enviaremos mais nada.`,
  limitReached: (vehicles: number, searches: number) =>
    `Um endereço pode acompanhar até ${vehicles} veículos e ${searches} buscas: o que não coube ficou de fora. Exclua alguns na sua página de alertas para abrir espaço.`,
  digestSubject: (count: number) => `${count} novidades sobre os veículos que você salvou`,
  priceDropSubject: (vehicle: string, price: string) => `Baixou o preço: ${vehicle}, agora ${price}`,
  pendingSubject: (vehicle: string) => `Venda pendente: ${vehicle}`,
  soldSubject: (vehicle: string) => `Vendido: ${vehicle}`,
  newMatchSubject: (vehicle: string, price: string) => `Novo resultado: ${vehicle}, ${price}`,
  digestHeading: "Novidades sobre o que você salvou",
  priceDropHeading: (vehicle: string) => `O ${vehicle} está mais barato`,
  priceDropSaved: (from: string, to: string) => `Agora ${to}. Você salvou por ${from}.`,
  priceDropTold: (from: string, to: string) => `Agora ${to}; antes ${from}, o preço que informamos da última vez.`,
  pendingText: "Venda pendente: outro comprador está fechando negócio. Ligue para nós se quiser ser o próximo da fila.",
  soldText: "Este veículo foi vendido.",
  similarHeading: "Veículos parecidos à venda",
  newMatchText: (search: string) => `Novidade no nosso pátio, de acordo com a sua busca ${search}:`,
  mileage: (miles: string) => `${miles} milhas`,
  price: (price: string) => `Preço: ${price}`,
  photoAlt: (vehicle: string) => `Foto do ${vehicle}`,
  manage: "Gerenciar seus alertas",
  unsubscribe: "Cancelar a inscrição nestes alertas",
  why: (dealer: string) =>
    `Você recebe este e-mail porque pediu à ${dealer} alertas sobre os veículos que salvou. Enviamos no máximo um e-mail por dia.`,
  unsubscribedText: (dealer: string) => `Sua inscrição nos alertas da ${dealer} foi cancelada.`,
};
