import type { DealSheetMessages } from "../en/deal-sheet";

/** A proposta (decisão 070), em português. */
export const dealSheet: DealSheetMessages = {
  meta: {
    formTitle: (dealer: string) => `Receber esta proposta por e-mail | ${dealer}`,
    sheetTitle: (dealer: string) => `Sua proposta | ${dealer}`,
  },
  form: {
    heading: "Receber esta proposta por e-mail",
    intro: "Enviaremos por e-mail esta proposta com todos os valores, para você reler, imprimir ou trazer com você.",
    vehicleHeading: "O veículo",
    yourDeal: "Seus valores",
    change: "Alterar os valores",
    contactHeading: "Para onde enviar",
    firstName: "Nome",
    lastName: "Sobrenome",
    email: "E-mail",
    phone: "Telefone",
    honeypot: "Deixe este campo em branco",
    submit: "Quero receber esta proposta",
    sending: "Enviando…",
    fixFields: "Corrija os campos destacados.",
    notFoundTitle: "Veículo não encontrado",
    notFoundText: "Este veículo não está mais no nosso site. Veja nosso estoque para encontrar outro.",
    soldTitle: "Este veículo foi vendido",
    soldText: "Alguém comprou este veículo antes de você pedir a proposta. Veja nosso estoque para encontrar outro.",
    browse: "Ver estoque",
    tooMany: "Muitas solicitações. Aguarde alguns minutos e tente novamente.",
  },
  errors: {
    vehicleId: "Escolha um veículo do nosso estoque.",
    firstName: "Informe seu nome",
    lastName: "Informe seu sobrenome",
    email: "Informe um e-mail válido",
    phone: "Informe um telefone válido",
  },
  sheet: {
    heading: "Sua proposta",
    version: (n: number) => `Versão ${n}`,
    preparedFor: (name: string) => `Preparada para ${name}`,
    sent: (date: string) => `Enviada em ${date}`,
    validUntil: (date: string) => `Estes valores valem até ${date}.`,
    commitment: (date: string) =>
      `Até ${date} mantemos o preço do veículo, a taxa de documentação, as taxas de título e registro e a alíquota do imposto sobre vendas desta proposta.`,
    notCommitted:
      "O valor do seu carro na troca é o que você nos informou e depende da nossa avaliação do carro, do título e do saldo devedor. A taxa de juros anual (APR) e a parcela são estimativas que dependem da aprovação do crédito.",
    expired: (date: string) =>
      `Esta proposta expirou em ${date}. Preços e taxas de juros podem ter mudado: fale conosco para receber uma nova.`,
    heldNotice: (date: string) => `Depois disso enviamos por e-mail uma proposta revisada. Os valores desta continuam valendo até ${date}.`,
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
    mileage: "Quilometragem",
    mileageValue: (miles: string) => `${miles} milhas`,
    warrantyHeading: "Garantia de Massachusetts",
    contactHeading: "Dúvidas? Fale conosco",
    pdf: "Baixar esta proposta (PDF)",
    creditBand: "Faixa de crédito",
    viewVehicle: "Ver o veículo",
  },
};
