import type { DealDocumentsMessages } from "../en/deal-documents";

/** O texto da proposta que só o servidor escreve, em português (ver ../en/deal-documents.ts). */
export const dealDocuments: DealDocumentsMessages = {
  warranty: {
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
  },
  pdf: {
    title: "Proposta",
    page: "Página 1 de 1",
    fileName: "proposta.pdf",
    notFound: "Este link não abre nenhuma proposta.",
    replaced: "Esta proposta foi substituída por uma mais recente. Abra o link do e-mail mais recente.",
    linkExpired: "O link desta proposta expirou. Fale conosco para receber uma nova.",
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
