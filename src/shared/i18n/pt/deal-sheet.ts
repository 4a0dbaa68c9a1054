import type { DealSheetMessages } from "../en/deal-sheet";

/** A proposta de negócio (decisão 070), em português. */
export const dealSheet: DealSheetMessages = {
  meta: {
    formTitle: (dealer: string) => `Enviem-me esta proposta | ${dealer}`,
    sheetTitle: (dealer: string) => `Sua proposta | ${dealer}`,
  },
  form: {
    heading: "Enviem-me esta proposta",
    intro: "Enviaremos por e-mail esta proposta com todos os valores, para você reler, imprimir ou trazer com você.",
    vehicleHeading: "O veículo",
    yourDeal: "Seus valores",
    change: "Alterar os valores",
    contactHeading: "Para onde enviar",
    firstName: "Nome",
    lastName: "Sobrenome",
    email: "E-mail",
    phone: "Telefone",
    consent: "Concordo que a concessionária entre em contato por telefone, mensagem de texto ou e-mail sobre esta proposta.",
    submit: "Enviem-me esta proposta",
    sending: "Enviando…",
    fixFields: "Corrija os campos destacados.",
    notFoundTitle: "Veículo não encontrado",
    notFoundText: "Este veículo não está mais no nosso site. Veja nosso estoque para encontrar outro.",
    soldTitle: "Este veículo foi vendido",
    soldText: "Alguém comprou este veículo antes de você enviar a proposta. Veja nosso estoque para encontrar outro.",
    browse: "Ver estoque",
    tooMany: "Pedidos demais. Tente de novo em alguns minutos.",
  },
  errors: {
    vehicleId: "Escolha um veículo do nosso estoque.",
    firstName: "Informe seu nome",
    lastName: "Informe seu sobrenome",
    email: "Informe um e-mail válido",
    phone: "Informe um telefone válido",
    consent: "Concorde para podermos enviar esta proposta",
  },
  sheet: {
    heading: "Sua proposta",
    version: (n: number) => `Versão ${n}`,
    preparedFor: (name: string) => `Preparada para ${name}`,
    sent: (date: string) => `Enviada em ${date}`,
    validUntil: (date: string) => `Estes valores valem até ${date}.`,
    expired: (date: string) => `Esta proposta venceu em ${date}. Preços e taxas podem ter mudado: peça-nos uma nova.`,
    replacedTitle: "Esta proposta foi substituída",
    replacedText: "Enviamos por e-mail uma proposta revisada; abra o link desse e-mail mais recente para ver os valores.",
    notFoundTitle: "Proposta não encontrada",
    notFoundText: "Este link não abre nenhuma proposta. Confira o link do seu e-mail ou fale conosco.",
    linkExpiredTitle: "O link desta proposta expirou",
    linkExpiredText:
      "Para a sua privacidade, o link de uma proposta funciona até 30 dias depois que os valores deixam de valer. Fale conosco para receber uma nova.",
    vehicleHeading: "Veículo",
    stock: "Nº de estoque",
    vin: "Chassi (VIN)",
    mileage: "Quilometragem (milhas)",
    warrantyHeading: "Garantia de Massachusetts",
    warranty: (days: number, miles: string) =>
      `A lei de Massachusetts (M.G.L. c. 90 §7N¼) dá a este veículo uma garantia da concessionária de ${days} dias ou ${miles} milhas, o que vier primeiro, cobrindo defeitos que prejudiquem seu uso ou sua segurança.`,
    noWarranty:
      "Com esta quilometragem a lei de Massachusetts não exige garantia escrita da concessionária; a garantia implícita de comerciabilidade continua valendo (M.G.L. c. 106 §2-316A).",
    contactHeading: "Dúvidas? Fale conosco",
    pdf: "Baixar esta proposta (PDF)",
    creditBand: "Faixa de crédito",
    viewVehicle: "Ver o veículo",
  },
  pdf: {
    title: "Proposta de negócio",
    page: "Página 1 de 1",
  },
  mail: {
    subject: (vehicle: string) => `Sua proposta: ${vehicle}`,
    revisedSubject: (vehicle: string) => `Sua proposta revisada: ${vehicle}`,
    heading: (name: string) => `Olá, ${name},`,
    body: (vehicle: string, outTheDoor: string, date: string) =>
      `Aqui está sua proposta para o ${vehicle}: ${outTheDoor} preço final. Os valores valem até ${date}.`,
    revisedBody: (vehicle: string, outTheDoor: string, date: string) =>
      `Revisamos sua proposta para o ${vehicle}: ${outTheDoor} preço final. Os novos valores valem até ${date}; a proposta anterior não vale mais.`,
    link: "Abrir sua proposta",
    replyHint: "Dúvidas? Responda a este e-mail ou ligue para nós.",
  },
};
