import type { PrivacyPageMessages } from "../en/privacy-page";

/** Aviso de privacidad (es-US, usted). */
export const privacyPage: PrivacyPageMessages = {
  title: "Aviso de privacidad",
  description: (name: string) => `Cómo ${name} recopila, usa, comparte y protege su información personal.`,
  updated: "Última actualización: 28 de noviembre de 2026",
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
      "La decisión sobre su solicitud (aprobada, rechazada o retirada) y el día en que se la comunicamos.",
    ],
    formerCustomers: "Cuando usted deje de ser nuestro cliente, seguiremos compartiendo su información como se describe en este aviso.",
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
      "Guardamos cifrados su número de Seguro Social, su fecha de nacimiento, su firma y su licencia de conducir. Solo el personal cuyo trabajo lo requiere puede ver las solicitudes de financiamiento; cada persona inicia sesión con su propia cuenta y un segundo factor, y cada consulta, descarga y eliminación queda registrada.",
    retentionHeading: "Cuánto tiempo la conservamos",
    retention:
      "La ley federal (Regulation B, 12 CFR 1002.12(b)) nos exige conservar una solicitud de crédito durante 25 meses después de comunicarle qué pasó con ella. Conservamos la suya durante 25 meses contados desde la fecha más tardía entre el día en que la presentó y el día en que le comunicamos que fue aprobada, rechazada o retirada; después la eliminamos con sus firmas e imágenes de licencia. No podemos eliminarla antes, aunque usted lo pida.",
  },
  website: {
    heading: "Nuestra política de privacidad del sitio web",
    formsHeading: "Los formularios que nos envía",
    forms:
      "Cuando nos envía un mensaje, reserva una cita de servicio, pregunta cuánto vale su carro, pide una cotización o solicita financiamiento, usamos lo que escribe para responderle, mantener su cita, hacerle nuestra oferta por su carro (con su VIN, millaje, estado, fotos y, si nos los da, el saldo del préstamo y el prestamista), enviarle su cotización y gestionar el financiamiento. Le enviamos confirmaciones por correo electrónico y, para las citas, un recordatorio, y podemos llamarle o escribirle sobre lo que nos pidió. Las fotos de su carro pueden mostrar el VIN, la placa o el odómetro: solo las reciben nuestro personal y nuestro proveedor de gestión de clientes. Enviamos cada solicitud por correo electrónico al servicio de gestión de clientes (CRM) que usa nuestro equipo de ventas, que la guarda para nosotros bajo un contrato que le exige protegerla.",
    visitsHeading: "Visitas a nuestras páginas",
    visits:
      "Contamos qué páginas se visitan para mejorar el sitio. Para esto no guardamos su dirección IP: conservamos un hash con sal de esa dirección junto con la descripción de su navegador, la página y la página de procedencia.",
    cookiesHeading: "Cookies",
    cookies:
      "No usamos cookies de publicidad. El mapa de nuestras páginas es de Google: solo se carga cuando usted decide abrirlo, y entonces Google puede poner sus propias cookies (a ellas se aplica la política de privacidad de Google). Una cookie de corta duración permite que el navegador que envió una solicitud de financiamiento descargue su copia en PDF; nuestro personal usa una cookie de inicio de sesión. El dato de si ya vio la tarjeta de bienvenida se guarda solo en su navegador durante la visita y nunca se nos envía.",
    sourceHeading: "Cómo nos encontró",
    source:
      "Cuando llega desde un anuncio, un listado u otro sitio web, guardamos de dónde vino (el nombre del sitio que lo envió y las etiquetas de campaña del enlace, como utm_source o gclid; nunca las páginas que visita) en una cookie propia durante 30 días. Solo se envía a nuestro sitio, nunca a terceros, y no contiene nada sobre usted. Si nos envía un mensaje, reserva una cita o presenta una solicitud, la guardamos con su solicitud para saber cuáles de nuestros anuncios y listados funcionan. Puede borrarla eliminando las cookies de este sitio.",
    contactChoicesHeading: "Llamadas, mensajes de texto y correos: su consentimiento y cómo suspenderlos",
    contactChoices:
      "Cuando pide una oferta por su carro o una cotización, una casilla aparte, que puede dejar sin marcar, le pregunta si podemos llamarle o enviarle mensajes de texto, también con tecnología automatizada, al número que nos da; nunca es una condición para comprar nada. Si la marca, guardamos su texto exacto y su versión, su idioma, la hora, la dirección de internet (IP) desde la que llegó y el número que cubre, como constancia de su consentimiento. Cada correo nuestro lleva nuestra dirección postal y un enlace para suspender nuestros correos, llamadas o mensajes de texto; también puede decírnoslo por teléfono o por correo. Lo anotamos en su registro de cliente y dejamos de comunicarnos con usted por esa vía, pero igual respondemos a lo que nos pida más adelante.",
    savedHeading: "Vehículos guardados y alertas",
    saved:
      "Los vehículos y las búsquedas que guarda se conservan en una cookie propia en su dispositivo durante un año o hasta que los quite; un número aleatorio en ella nos permite contar cuántos compradores guardaron un vehículo, nunca quiénes. Si pide alertas por correo electrónico, guardamos su dirección, lo que sigue, su consentimiento (su texto, idioma y hora) y las alertas que le enviamos, y una cookie le indica a nuestro sitio que este dispositivo abrió los enlaces de sus alertas. Solo enviamos alertas después de que usted confirme, como máximo una al día, y dejamos de enviarlas en cuanto se da de baja con el enlace de cualquier alerta. Si suspende todos nuestros correos con el enlace al pie de cualquiera de ellos, también se detienen las alertas.",
    choicesHeading: "Sus opciones",
    choices:
      "Puede preguntarnos qué información personal tenemos sobre usted, pedirnos que la corrijamos o pedirnos que la eliminemos cuando la ley no nos obligue a conservarla.",
  },
  contactHeading: "Preguntas",
  contact: (name: string) => `Comuníquese con ${name}:`,
};
