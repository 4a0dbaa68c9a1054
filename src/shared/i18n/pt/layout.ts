import type { Messages } from "../en";

/** Header, footer, splash, badge, toasts and error pages in Brazilian Portuguese (see ../en/layout.ts). */
export const layout: Messages["layout"] = {
  skipToContent: "Pular para o conteúdo principal",
  nav: { home: "Início", inventory: "Estoque", financing: "Financiamento", about: "Sobre nós", contact: "Contato", label: "Principal" },
  openMenu: "Abrir menu",
  closeMenu: "Fechar menu",
  open: "Aberto",
  closed: "Fechado",
  openStatusLabel: (status: string) => `${status} agora`,
  callUs: (phone: string) => `Ligue para ${phone}`,
  social: { facebook: "Facebook", instagram: "Instagram", whatsapp: "Fale conosco pelo WhatsApp", label: "Redes sociais e contato" },
  footer: {
    contactHeading: "Fale conosco",
    hoursHeading: "Horário de funcionamento",
    quickLinks: "Links rápidos",
    tagline: "Seminovos de qualidade, preços honestos e financiamento flexível em Fitchburg, Massachusetts.",
    rights: (year: number, name: string) => `© ${year} ${name}. Todos os direitos reservados.`,
  },
  days: {
    sunday: "Domingo",
    monday: "Segunda-feira",
    tuesday: "Terça-feira",
    wednesday: "Quarta-feira",
    thursday: "Quinta-feira",
    friday: "Sexta-feira",
    saturday: "Sábado",
  },
  dayRange: (first: string, last: string) => `${first} a ${last}`,
  closedAllDay: "Fechado",
  splash: { skip: "Pular", welcome: "Bem-vindo à" },
  toast: { close: "Fechar notificação", region: "Notificações (F8)" },
  notFound: {
    title: "404: página não encontrada",
    heading: "404",
    subheading: "Página não encontrada",
    text: "A página que você procura não existe ou mudou de endereço.",
    home: "Ir para o início",
    inventory: "Ver estoque",
  },
  error: {
    title: "Algo deu errado",
    text: "Ocorreu um erro inesperado. Tente novamente.",
    home: "Ir para o início",
  },
  back: "Voltar",
  backToHome: "Voltar ao início",
};
