import type { Messages } from "../en";

/** Page titles and descriptions in Brazilian Portuguese (see ../en/pages.ts). */
export const pages: Messages["pages"] = {
  home: {
    title: (name: string) => `${name} | Carros usados em Fitchburg, MA`,
    description: (name: string) =>
      `A ${name} vende carros, picapes e SUVs seminovos de qualidade em Fitchburg, MA, com financiamento flexível e agendamento de serviços.`,
  },
  inventory: {
    title: (name: string) => `Estoque de carros usados | ${name}`,
    description:
      "Confira nossa seleção de seminovos de qualidade em Fitchburg, MA: busque e filtre por marca, carroceria, preço e quilometragem.",
  },
  financing: {
    title: (name: string) => `Pré-aprovação de financiamento de veículos | ${name}`,
    description: "Peça a pré-aprovação do seu financiamento on-line em minutos: aprovação rápida, taxas competitivas e um processo seguro.",
  },
  about: {
    title: (name: string) => `Sobre nós | ${name}`,
    description: "Conheça nossa revenda familiar de veículos usados em Fitchburg, MA: nossa história, nossos serviços e nossos valores.",
  },
  contact: {
    title: (name: string) => `Fale conosco | ${name}`,
    description: "Envie uma mensagem, ligue ou visite nossa loja em Fitchburg, MA. Veja nosso horário de funcionamento e como chegar.",
  },
  booking: {
    title: (name: string) => `Agende um serviço | ${name}`,
    description:
      "Agende on-line a troca de óleo, a inspeção estadual, a revisão dos freios ou a higienização e escolha o horário que for melhor para você.",
  },
  podium: { title: (name: string) => `Painel da equipe | ${name}` },
  vehicle: {
    title: (vehicle: string, name: string) => `${vehicle} usado à venda em Fitchburg, MA | ${name}`,
  },
};
