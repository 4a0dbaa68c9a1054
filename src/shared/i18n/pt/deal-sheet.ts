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
    vehicleHeading: "Veículo",
    stock: "Nº de estoque",
    vin: "Chassi (VIN)",
    mileage: "Quilometragem",
    mileageValue: (miles: string) => `${miles} milhas`,
    warrantyHeading: "Garantia de Massachusetts",
    warrantyStatutory: (duration: string) =>
      `A lei de Massachusetts (M.G.L. c. 90 §7N¼) dá a este veículo uma garantia escrita da loja que cobre, com peças e mão de obra, qualquer defeito que prejudique seu uso ou sua segurança, por ${duration}.`,
    warrantyOwn: (systems: string, duration: string) =>
      `Nossa garantia escrita da loja para este veículo cobre: ${systems}. Por ${duration}.`,
    warrantyShare: (labor: number, parts: number) => `A loja paga ${labor}% da mão de obra e ${parts}% das peças.`,
    noWarrantyMileage: "Com 125.000 milhas ou mais, a lei de Massachusetts não exige garantia escrita da loja.",
    noWarrantyPrice: "Com preço abaixo de US$ 700, a lei de Massachusetts não exige garantia escrita da loja.",
    impliedWarranty: "A garantia implícita de comerciabilidade continua valendo (M.G.L. c. 106 §2-316A).",
    lemonAid:
      "Se o veículo for reprovado na inspeção de segurança ou de emissões de Massachusetts em até 7 dias após a venda e os reparos para aprová-lo custarem mais de 10% do preço, você pode cancelar a compra (Lei Lemon Aid, M.G.L. c. 90 §7N).",
    contactHeading: "Dúvidas? Fale conosco",
    pdf: "Baixar esta proposta (PDF)",
    creditBand: "Faixa de crédito",
    viewVehicle: "Ver o veículo",
  },
  pdf: {
    title: "Proposta",
    page: "Página 1 de 1",
    fileName: "proposta.pdf",
    notFound: "Este link não abre nenhuma proposta.",
    replaced: "Esta proposta foi substituída por uma mais recente. Abra o link do e-mail mais recente.",
  },
  mail: {
    subject: (vehicle: string) => `Sua proposta: ${vehicle}`,
    revisedSubject: (vehicle: string) => `Sua proposta revisada: ${vehicle}`,
    heading: (name: string) => `Olá, ${name},`,
    body: (vehicle: string, outTheDoor: string, date: string) =>
      `Aqui está sua proposta para o ${vehicle}, com preço final de ${outTheDoor}. Os valores valem até ${date}.`,
    revisedBody: (vehicle: string, outTheDoor: string, date: string) =>
      `Revisamos sua proposta para o ${vehicle}, com preço final de ${outTheDoor}. Os novos valores valem até ${date}.`,
    earlierHeld: (date: string) => `Sua proposta anterior continua valendo até ${date}.`,
    dueToYou: (amount: string) => `O seu carro na troca vale mais que o preço final: ${amount} ficam a seu favor.`,
    link: "Abrir sua proposta",
    replyHint: "Dúvidas? Responda a este e-mail ou ligue para nós.",
  },
};
