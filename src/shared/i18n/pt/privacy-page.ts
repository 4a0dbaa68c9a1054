import type { PrivacyPageMessages } from "../en/privacy-page";

/** Aviso de privacidade (pt-BR, você). */
export const privacyPage: PrivacyPageMessages = {
  title: "Aviso de privacidade",
  description: (name: string) => `Como a ${name} coleta, usa, compartilha e protege suas informações pessoais.`,
  updated: "Última atualização: 28 de novembro de 2026",
  glba: {
    heading: "Nosso aviso de privacidade para clientes de financiamento",
    intro: (name: string) =>
      `As empresas financeiras escolhem como compartilham suas informações pessoais. A lei federal dos EUA (a Lei Gramm-Leach-Bliley) dá aos consumidores o direito de limitar parte desse compartilhamento, mas não todo, e exige que expliquemos como coletamos, compartilhamos e protegemos suas informações pessoais. A ${name} intermedeia o financiamento de veículos, então este aviso vale para você quando você solicita financiamento conosco.`,
    collectHeading: "O que coletamos",
    collect: [
      "Seu nome, endereço, telefone e e-mail.",
      "Seu número de Seguro Social (SSN) e sua data de nascimento.",
      "Seu emprego, sua renda e a entrada e o veículo de troca que você nos informar.",
      "Sua assinatura e a imagem da sua carteira de motorista, e as de um segundo proponente.",
      "Relatórios e pontuações de crédito que obtivermos com a sua permissão.",
      "A decisão sobre a sua solicitação (aprovada, recusada ou retirada) e o dia em que a comunicamos a você.",
    ],
    formerCustomers: "Quando você deixar de ser nosso cliente, continuaremos a compartilhar suas informações como descrito neste aviso.",
    shareHeading: "Por que e com quem compartilhamos",
    share: [
      "Com bancos e financeiras, para que possam avaliar sua solicitação e oferecer crédito para o veículo que você escolher.",
      "Com agências de informações de crédito (birôs de crédito), para obter seu relatório de crédito.",
      "Com prestadores de serviço que nos ajudam a operar o negócio, sob contratos que os obrigam a protegê-las.",
      "Quando a lei exige, por exemplo para cumprir uma ordem judicial ou prevenir fraudes.",
    ],
    notShared:
      "Não vendemos suas informações pessoais nem as compartilhamos com outras empresas para o marketing delas. Como não as compartilhamos das formas que a lei permite limitar, você não precisa pedir exclusão.",
    protectHeading: "Como as protegemos",
    protect:
      "Guardamos criptografados seu SSN, sua data de nascimento, sua assinatura e sua carteira de motorista. Só a equipe cujo trabalho exige pode ver as solicitações de financiamento; cada pessoa entra com a própria conta e um segundo fator, e todas as consultas, downloads e exclusões ficam registrados.",
    retentionHeading: "Por quanto tempo as guardamos",
    retention:
      "A lei federal dos EUA (Regulation B, 12 CFR 1002.12(b)) exige que guardemos uma solicitação de crédito por 25 meses depois de informarmos a você o que aconteceu com ela. Guardamos a sua por 25 meses contados da data mais recente entre o dia em que você a enviou e o dia em que informamos que foi aprovada, recusada ou retirada; depois a excluímos com as assinaturas e as imagens da carteira de motorista. Não podemos excluí-la antes, mesmo a seu pedido.",
  },
  website: {
    heading: "Nossa política de privacidade do site",
    formsHeading: "Os formulários que você nos envia",
    forms:
      "Quando você envia uma mensagem, agenda um serviço, pergunta quanto vale o seu carro, pede uma proposta ou solicita financiamento, usamos o que você preenche para responder, manter seu agendamento, fazer nossa oferta pelo seu carro (com o VIN, a quilometragem, o estado, as fotos e, se você informar, o saldo do financiamento e a financeira), enviar sua proposta e intermediar o financiamento. Enviamos confirmações por e-mail e, para agendamentos, um lembrete, e podemos ligar ou escrever para você sobre o seu pedido. As fotos do seu carro podem mostrar o VIN, a placa ou o hodômetro: só a nossa equipe e o nosso fornecedor de gestão de clientes as recebem. Enviamos cada pedido por e-mail ao serviço de gestão de clientes (CRM) que a nossa equipe de vendas usa, que o guarda para nós sob um contrato que o obriga a protegê-lo.",
    visitsHeading: "Visitas às nossas páginas",
    visits:
      "Contamos quais páginas são visitadas para melhorar o site. Para isso não guardamos seu endereço IP: mantemos um hash com sal dele junto com a descrição do seu navegador, a página e a página de origem.",
    cookiesHeading: "Cookies",
    cookies:
      "Não usamos cookies de publicidade. O mapa das nossas páginas é do Google: ele só carrega quando você decide abri-lo, e então o Google pode gravar os próprios cookies (a política de privacidade do Google vale para eles). Um cookie de curta duração permite que o navegador que enviou uma solicitação de financiamento baixe a cópia em PDF; nossa equipe usa um cookie de login. A informação de que você já viu o cartão de boas-vindas fica guardada no seu navegador durante a visita e nunca é enviada para nós.",
    sourceHeading: "Como você nos encontrou",
    source:
      "Quando você chega por um anúncio, um classificado ou outro site, guardamos de onde você veio (o nome do site que o enviou e as etiquetas de campanha do link, como utm_source ou gclid; nunca as páginas que você visita) em um cookie nosso por 30 dias. Ele é enviado só ao nosso site, nunca a terceiros, e não contém nada sobre você. Se você nos enviar uma mensagem, agendar um serviço ou fizer uma solicitação, nós o guardamos com a sua solicitação para saber quais dos nossos anúncios e classificados funcionam. Você pode apagá-lo limpando os cookies deste site.",
    contactChoicesHeading: "Ligações, mensagens de texto e e-mails: seu consentimento e como interrompê-los",
    contactChoices:
      "Quando você pede uma oferta pelo seu carro ou uma proposta, uma caixa separada, que você pode deixar desmarcada, pergunta se podemos ligar ou enviar mensagens de texto, inclusive com tecnologia automatizada, para o número que você informar; isso nunca é condição para comprar nada. Se você marcar, guardamos o texto exato e a versão dele, seu idioma, o horário, o endereço de internet (IP) de onde veio e o número coberto, como registro do seu consentimento. Todo e-mail nosso traz o nosso endereço postal e um link para interromper nossos e-mails, ligações ou mensagens de texto; você também pode nos avisar por telefone ou e-mail. Registramos isso na sua ficha de cliente e deixamos de entrar em contato por esse meio, mas continuamos respondendo ao que você nos pedir depois.",
    savedHeading: "Veículos salvos e alertas",
    saved:
      "Os veículos e as buscas que você salva ficam em um cookie nosso no seu aparelho por um ano ou até você removê-los; um número aleatório nele nos permite contar quantos compradores salvaram um veículo, nunca quem. Se você pedir alertas por e-mail, guardamos seu endereço de e-mail, o que você acompanha, seu consentimento (o texto, o idioma e a hora) e os alertas que enviamos, e um cookie informa ao nosso site que este aparelho abriu os links dos seus alertas. Só enviamos alertas depois que você confirma, no máximo um por dia, e paramos na hora quando você cancela a inscrição pelo link de qualquer alerta. Se você interromper todos os nossos e-mails pelo link no fim de qualquer um deles, os alertas também param.",
    choicesHeading: "Suas escolhas",
    choices:
      "Você pode nos perguntar quais informações pessoais temos sobre você, pedir que as corrijamos ou pedir que as excluamos quando a lei não exigir que as guardemos.",
  },
  contactHeading: "Dúvidas",
  contact: (name: string) => `Fale com a ${name}:`,
};
