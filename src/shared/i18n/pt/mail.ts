import type { MailMessages } from "../en/mail";

/**
 * The shopper's mails and the booking manage page in Brazilian Portuguese, "você" (see ../en/mail.ts).
 * Staff mails stay English, so only the shopper's parts are translated.
 */
export const mail: Pick<MailMessages, "shopper" | "manage" | "optOut"> = {
  shopper: {
    contactSubject: (dealer: string) => `Recebemos sua mensagem — ${dealer}`,
    contactHeading: (firstName: string) => `Obrigado, ${firstName}`,
    contactBody: (phone: string) => `Recebemos sua mensagem e vamos responder em breve. Se for urgente, ligue para ${phone}.`,
    aboutVehicle: (vehicle: string) => `Sua mensagem é sobre o ${vehicle}.`,
    financingVehicle: (vehicle: string) => `Veículo: ${vehicle}`,
    replyHint: "Você pode responder a este e-mail para falar com a gente.",
    financingSubject: (dealer: string) => `Recebemos sua solicitação de financiamento — ${dealer}`,
    financingHeading: (firstName: string) => `Obrigado, ${firstName}`,
    financingBody: (phone: string) =>
      `Recebemos sua solicitação de financiamento. Alguém da nossa equipe vai entrar em contato com você em breve. Dúvidas? Ligue para ${phone}.`,
    bookingSubject: (service: string, when: string) => `Seu agendamento: ${service}, ${when}`,
    bookingHeading: (firstName: string) => `${firstName}, reservamos o seu horário`,
    bookingBody:
      "Reservamos este horário para o seu serviço e entraremos em contato em breve para confirmá-lo. Segue em anexo o arquivo para adicionar à sua agenda.",
    manageLink: "Ver ou cancelar seu agendamento",
    reminderSubject: (service: string, when: string) => `Lembrete: ${service} amanhã, ${when}`,
    reminderHeading: (firstName: string) => `Até amanhã, ${firstName}`,
    reminderBody: "Este é um lembrete do seu agendamento de serviço.",
    confirmedSubject: (service: string, when: string) => `Confirmado: ${service}, ${when}`,
    confirmedHeading: (firstName: string) => `${firstName}, seu agendamento está confirmado`,
    confirmedBody:
      "Nossa equipe confirmou seu agendamento de serviço. Esperamos por você! Segue em anexo o arquivo atualizado para a sua agenda.",
    cancelledSubject: (service: string, when: string) => `Cancelado: ${service}, ${when}`,
    cancelledHeading: (firstName: string) => `${firstName}, seu agendamento foi cancelado`,
    cancelledByShopperBody:
      "Como você pediu, cancelamos seu agendamento de serviço e o horário ficou livre. O arquivo em anexo tira o compromisso da sua agenda.",
    cancelledByStaffBody: (phone: string) =>
      `Sentimos muito: precisamos cancelar seu agendamento de serviço. O arquivo em anexo tira o compromisso da sua agenda. Ligue para ${phone} e vamos encontrar outro horário para você.`,
    bookAgainLink: "Agendar outro serviço",
    fields: {
      service: "Serviço",
      date: "Data",
      time: "Horário",
      address: "Endereço",
      phone: "Telefone",
    },
    transactional: "Você recebeu este e-mail porque entrou em contato pelo nosso site. Não enviamos e-mails de propaganda.",
    optOutLine: "Não quer mais receber nossos contatos? Cancele nossos e-mails, ligações ou mensagens de texto aqui:",
    optOutLineAfterAlerts: "Para cancelar todos os nossos e-mails, ligações e mensagens de texto, não só estes alertas:",
  },
  optOut: {
    metaTitle: (dealer: string) => `Deixar de receber nossos contatos | ${dealer}`,
    title: "Deixar de receber nossos contatos",
    intro: (dealer: string, email: string) =>
      `Escolha como a ${dealer} não deve mais entrar em contato com você. Este link foi enviado para ${email}.`,
    legend: "Não quero ser contatado por",
    channels: { email: "E-mail", phone: "Ligações", text: "Mensagens de texto" },
    refused: "já cancelado",
    submit: "Parar os contatos",
    done: "Pronto. Não vamos mais entrar em contato com você por este meio. Se você nos pedir algo depois, ainda responderemos.",
    none: "Marque pelo menos uma opção.",
    notFound: "Este link não funciona. Confira se ele está completo ou ligue para nós.",
    questions: (phone: string) => `Mudou de ideia ou tem alguma dúvida? Ligue para ${phone}.`,
  },
  manage: {
    metaTitle: (dealer: string) => `Seu agendamento | ${dealer}`,
    title: "Seu agendamento de serviço",
    heading: "Seu agendamento",
    status: "Situação",
    statuses: { pending: "Agendado", confirmed: "Confirmado", cancelled: "Cancelado" },
    cancel: "Cancelar este agendamento",
    cancelHint: "Ao cancelar, o horário fica livre imediatamente para outros clientes.",
    cancelledNow: "Seu agendamento foi cancelado. Que pena que não vamos ver você desta vez.",
    alreadyCancelled: "Este agendamento está cancelado.",
    past: "O horário deste agendamento já passou, então ele não pode mais ser cancelado.",
    notFound: "Não encontramos este agendamento. Confira se o link está completo ou ligue para nós.",
    bookAgain: "Agendar outro serviço",
    questions: (phone: string) => `Dúvidas ou mudança de planos? Ligue para ${phone}.`,
  },
};
