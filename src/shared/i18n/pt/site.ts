import type { Messages } from "../en";

/** Home, About and Contact content in Brazilian Portuguese (see ../en/site.ts). */
export const site: Messages["site"] = {
  map: {
    title: (name: string) => `Mapa com a localização da ${name}`,
    show: "Mostrar mapa interativo",
    getDirections: "Como chegar",
    notice: "Carrega o Google Maps",
  },
  visit: {
    heading: "Visite-nos",
    address: "Endereço",
    phone: "Telefone",
    email: "E-mail",
    hours: "Horário",
    callNow: "Ligue agora",
    findUs: "Veja no Google Maps",
  },
  home: {
    featured: "Veículos em destaque",
    featuredSubtitle: "Uma seleção de veículos do nosso estoque atual",
    viewAll: "Ver todos os veículos",
    welcomeHeading: (name: string) => `Bem-vindo à ${name}`,
    welcomeText:
      "Somos uma revenda familiar em Fitchburg, Massachusetts. Cada veículo do nosso pátio é revisado, tem preço honesto e está pronto para rodar, e nossa equipe ajuda você a encontrar o financiamento certo, seja qual for o seu histórico de crédito.",
    servicesHeading: "Nossos serviços",
    services: [
      { title: "Veículos de qualidade", text: "Carros, picapes e SUVs seminovos, revisados com cuidado e a preços justos." },
      { title: "Financiamento flexível", text: "Opções para qualquer situação de crédito, com pré-aprovação rápida on-line." },
      { title: "Serviços e manutenção", text: "Troca de óleo, freios, pneus e inspeção estadual com nossos próprios técnicos." },
    ],
    bookService: "Agende um serviço",
    whyHeading: "Por que nos escolher",
    stats: [
      { value: "15+", label: "Anos no mercado" },
      { value: "3000+", label: "Veículos vendidos" },
      { value: "98%", label: "Clientes satisfeitos" },
      { value: "5000+", label: "Clientes felizes" },
    ],
  },
  about: {
    storyHeading: "Nossa história",
    story: [
      "Há mais de quinze anos ajudamos famílias de todo o centro-norte de Massachusetts a encontrar veículos confiáveis e acessíveis.",
      "Começamos como um pequeno pátio com poucos carros e uma promessa simples: tratar cada cliente como gostaríamos de ser tratados. Milhares de veículos depois, essa promessa continua a mesma.",
    ],
    servicesHeading: "Nossos serviços",
    services: [
      {
        title: "Seminovos de qualidade",
        text: "Cada veículo é revisado e preparado antes de chegar ao nosso pátio, com histórico claro e preço honesto.",
      },
      {
        title: "Financiamento flexível",
        text: "Trabalhamos com financeiras para qualquer situação de crédito, para você sair dirigindo com uma parcela que cabe no bolso.",
      },
    ],
    valuesHeading: "Nossos valores",
    values: [
      { title: "Qualidade", text: "Só vendemos veículos que nós mesmos dirigiríamos." },
      {
        title: "Atendimento ao cliente",
        text: "Primeiro ouvimos você e depois ajudamos a encontrar o veículo certo para a sua vida e o seu orçamento.",
      },
      { title: "Integridade", text: "Preços transparentes, respostas honestas e nenhuma pressão." },
    ],
    browseInventory: "Ver estoque",
    contactUs: "Fale conosco",
  },
  contact: {
    subtitle: "Queremos ouvir você. Envie uma mensagem ou venha até a nossa loja.",
    formHeading: "Envie uma mensagem",
    detailsHeading: "Informações de contato",
    hoursHeading: "Horário de funcionamento",
    callHeading: "Prefere conversar?",
    callText: "Ligue agora e fale com a nossa equipe.",
    callNow: "Ligue agora",
    findUs: "Onde estamos",
  },
};
