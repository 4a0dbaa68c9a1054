import type { PrivacyPageMessages } from "../en/privacy-page";

/** Aviso de privacidad (es-US, usted). */
export const privacyPage: PrivacyPageMessages = {
  title: "Aviso de privacidad",
  description: (name: string) => `Cómo ${name} recopila, usa, comparte y protege su información personal.`,
  updated: "Última actualización: 27 de noviembre de 2026",
  glba: {
    heading: "Nuestro aviso de privacidad para clientes de financiamiento",
    intro: (name: string) =>
      `Las compañías financieras deciden cómo comparten su información personal. La ley federal (la Ley Gramm-Leach-Bliley) les da a los consumidores el derecho de limitar algunas formas de compartir su información, pero no todas, y nos exige explicarle cómo recopilamos, compartimos y protegemos su información personal. ${name} gestiona el financiamiento de vehículos, por lo que este aviso se aplica a usted cuando solicita financiamiento con nosotros.`,
    collectHeading: "Qué recopilamos",
    collect: [
      "Su nombre, dirección, número de teléfono y correo electrónico.",
      "Su número de Seguro Social y su fecha de nacimiento.",
      "Su empleo, sus ingresos y el pago inicial y el vehículo que entregaría como parte de pago.",
      "Su firma y la imagen de su licencia de conducir, y las de un cosolicitante.",
      "Los informes y puntajes de crédito que obtengamos con su permiso.",
    ],
    shareHeading: "Por qué y con quién la compartimos",
    share: [
      "Con prestamistas y compañías financieras, para que puedan evaluar su solicitud y ofrecerle crédito para el vehículo que elija.",
      "Con agencias de informes de crédito, para obtener su informe de crédito.",
      "Con proveedores que nos ayudan a operar el negocio, bajo contratos que les exigen protegerla.",
      "Cuando la ley lo exige, por ejemplo para cumplir una orden judicial o prevenir un fraude.",
    ],
    notShared:
      "No vendemos su información personal ni la compartimos con otras compañías para su propio mercadeo. Como no la compartimos de las formas que la ley le permite limitar, no necesita excluirse.",
    protectHeading: "Cómo la protegemos",
    protect:
      "Guardamos cifrados su número de Seguro Social, su fecha de nacimiento, su firma y su licencia de conducir. Solo el personal cuyo trabajo lo requiere puede ver las solicitudes de financiamiento; cada persona inicia sesión con su propia cuenta y un segundo factor, y cada consulta, descarga y eliminación queda registrada. Las solicitudes se eliminan al terminar el período de conservación que fija nuestra política de registros.",
  },
  website: {
    heading: "Nuestra política de privacidad del sitio web",
    formsHeading: "Los formularios que nos envía",
    forms:
      "Cuando nos envía un mensaje, reserva una cita de servicio o solicita financiamiento, usamos lo que escribe para responderle, mantener su cita y gestionar el financiamiento. Le enviamos confirmaciones por correo electrónico y, para las citas, un recordatorio.",
    visitsHeading: "Visitas a nuestras páginas",
    visits:
      "Contamos qué páginas se visitan para mejorar el sitio. No guardamos su dirección IP: conservamos un hash con sal de esa dirección junto con la descripción de su navegador, la página y la página de procedencia.",
    cookiesHeading: "Cookies",
    cookies:
      "No usamos cookies de publicidad ni cookies de otras empresas. Una cookie de corta duración permite que el navegador que envió una solicitud de financiamiento descargue su copia en PDF; nuestro personal usa una cookie de inicio de sesión. El dato de si ya vio la tarjeta de bienvenida se guarda solo en su navegador durante la visita y nunca se nos envía.",
    sourceHeading: "Cómo nos encontró",
    source:
      "Cuando llega desde un anuncio, un listado u otro sitio web, guardamos de dónde vino (la página a la que llegó, la dirección del sitio que lo envió y las etiquetas de campaña del enlace, como utm_source o gclid) en una cookie propia durante 30 días. Solo se envía a nuestro sitio, nunca a terceros, y no contiene nada sobre usted. Si nos envía un mensaje, reserva una cita o presenta una solicitud, la guardamos con su solicitud para saber cuáles de nuestros anuncios y listados funcionan. Puede borrarla eliminando las cookies de este sitio.",
    savedHeading: "Vehículos guardados y alertas",
    saved:
      "Los vehículos y las búsquedas que guarda se conservan en una cookie propia en su dispositivo durante un año o hasta que los quite; un número aleatorio en ella nos permite contar cuántos compradores guardaron un vehículo, nunca quiénes. Si pide alertas por correo electrónico, guardamos su dirección, lo que sigue, su consentimiento (su texto, idioma y hora) y las alertas que le enviamos, y una cookie le indica a nuestro sitio que este dispositivo abrió los enlaces de sus alertas. Solo enviamos alertas después de que usted confirme, como máximo una al día, y dejamos de enviarlas en cuanto se da de baja con el enlace de cualquier alerta.",
    choicesHeading: "Sus opciones",
    choices:
      "Puede preguntarnos qué información personal tenemos sobre usted, pedirnos que la corrijamos o pedirnos que la eliminemos cuando la ley no nos obligue a conservarla.",
  },
  contactHeading: "Preguntas",
  contact: (name: string) => `Comuníquese con ${name}:`,
};
