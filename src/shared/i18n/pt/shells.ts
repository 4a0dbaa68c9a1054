import type { Messages } from "../en";

/** Page headings in Brazilian Portuguese (see ../en/shells.ts). */
export const shells: Messages["shells"] = {
  home: {
    heroTitle: "Seminovos de qualidade em Fitchburg",
    heroSubtitle: "Preços honestos, veículos revisados e financiamento para qualquer situação de crédito.",
    browseInventory: "Ver estoque",
    getFinancing: "Solicitar financiamento",
  },
  inventory: { title: "Nosso estoque", subtitle: "Confira nossa seleção de seminovos de qualidade" },
  financing: { title: "Obtenha sua pré-aprovação" },
  about: { title: "Sobre nós" },
  contact: { title: "Fale conosco" },
  booking: { title: "Agende um serviço" },
  podium: { title: "Painel de administração" },
};
