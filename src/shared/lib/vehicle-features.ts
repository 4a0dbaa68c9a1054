import type { Locale } from "~/shared/i18n/locales";
import type { VehicleFeatureNames } from "~/shared/types/vehicle";

/**
 * The catalogue of standard vehicle options (decision 069): a vehicle's feature list is made of
 * these keys, each shown in the page's language, plus any custom feature staff type, shown as typed.
 * The vehicles table stores the keys; the English names are what the CSV, the feeds and the
 * `features` field of the APIs carry. A key is never renamed or removed: stored vehicles refer to it
 * (a removed key would show as custom text). The English names are the ones the dashboard's
 * comma-separated field and the demo stock always used, so "Heated Seats" typed or imported becomes
 * the `heated-seats` key.
 *
 * Server code and the staff dashboard only: the public pages get the names of their own vehicle's
 * features from the loader, never this table (the first-load JavaScript budget).
 */
export type FeatureCategory = "comfort" | "technology" | "safety" | "exterior" | "utility";

export type CatalogueFeature = { key: string; category: FeatureCategory; names: Record<Locale, string> };

const f = (key: string, category: FeatureCategory, en: string, es: string, pt: string): CatalogueFeature => ({
  key,
  category,
  names: { en, es, pt },
});

export const FEATURE_CATALOGUE: readonly CatalogueFeature[] = [
  // Comfort and convenience
  f("heated-seats", "comfort", "Heated Seats", "Asientos con calefacción", "Bancos aquecidos"),
  f("heated-rear-seats", "comfort", "Heated Rear Seats", "Asientos traseros con calefacción", "Bancos traseiros aquecidos"),
  f("ventilated-seats", "comfort", "Ventilated Seats", "Asientos ventilados", "Bancos ventilados"),
  f("leather-seats", "comfort", "Leather Seats", "Asientos de piel", "Bancos de couro"),
  f("memory-seats", "comfort", "Memory Seats", "Asientos con memoria", "Bancos com memória"),
  f(
    "power-driver-seat",
    "comfort",
    "Power Driver Seat",
    "Asiento del conductor con ajuste eléctrico",
    "Banco do motorista com ajuste elétrico",
  ),
  f(
    "power-passenger-seat",
    "comfort",
    "Power Passenger Seat",
    "Asiento del pasajero con ajuste eléctrico",
    "Banco do passageiro com ajuste elétrico",
  ),
  f("lumbar-support", "comfort", "Lumbar Support", "Soporte lumbar", "Apoio lombar"),
  f("heated-steering-wheel", "comfort", "Heated Steering Wheel", "Volante con calefacción", "Volante aquecido"),
  f("leather-steering-wheel", "comfort", "Leather-Wrapped Steering Wheel", "Volante forrado en piel", "Volante revestido em couro"),
  f(
    "steering-wheel-controls",
    "comfort",
    "Steering Wheel Audio Controls",
    "Controles de audio en el volante",
    "Comandos de som no volante",
  ),
  f("sunroof", "comfort", "Sunroof", "Techo corredizo", "Teto solar"),
  f("panoramic-sunroof", "comfort", "Panoramic Sunroof", "Techo panorámico", "Teto solar panorâmico"),
  f("dual-zone-climate-control", "comfort", "Dual-Zone Climate Control", "Control de clima de doble zona", "Ar-condicionado de duas zonas"),
  f("automatic-climate-control", "comfort", "Automatic Climate Control", "Aire acondicionado automático", "Ar-condicionado automático"),
  f("rear-climate-control", "comfort", "Rear Climate Control", "Aire acondicionado trasero", "Ar-condicionado traseiro"),
  f("keyless-entry", "comfort", "Keyless Entry", "Entrada sin llave", "Chave presencial"),
  f("push-button-start", "comfort", "Push-Button Start", "Encendido con botón", "Partida por botão"),
  f("remote-start", "comfort", "Remote Start", "Encendido remoto", "Partida remota"),
  f("third-row-seating", "comfort", "Third-Row Seating", "Tercera fila de asientos", "Terceira fileira de bancos"),
  f(
    "captains-chairs",
    "comfort",
    "Second-Row Captain's Chairs",
    "Asientos individuales en la segunda fila",
    "Bancos individuais na segunda fileira",
  ),
  f(
    "split-folding-rear-seats",
    "comfort",
    "Split-Folding Rear Seats",
    "Asientos traseros abatibles divididos",
    "Banco traseiro bipartido rebatível",
  ),
  f(
    "auto-dimming-mirror",
    "comfort",
    "Auto-Dimming Rearview Mirror",
    "Espejo retrovisor autoatenuante",
    "Retrovisor interno eletrocrômico",
  ),
  f("garage-door-opener", "comfort", "Garage Door Opener", "Control de puerta de garaje", "Controle de portão de garagem"),
  // Technology
  f("apple-carplay", "technology", "Apple CarPlay", "Apple CarPlay", "Apple CarPlay"),
  f("android-auto", "technology", "Android Auto", "Android Auto", "Android Auto"),
  f("bluetooth", "technology", "Bluetooth", "Bluetooth", "Bluetooth"),
  f("navigation", "technology", "Navigation", "Navegación GPS", "Navegação GPS"),
  f("premium-audio", "technology", "Premium Audio", "Sistema de audio premium", "Som premium"),
  f("satellite-radio", "technology", "Satellite Radio", "Radio satelital", "Rádio via satélite"),
  f("touchscreen-display", "technology", "Touchscreen Display", "Pantalla táctil", "Tela touchscreen"),
  f(
    "digital-instrument-cluster",
    "technology",
    "Digital Instrument Cluster",
    "Tablero de instrumentos digital",
    "Painel de instrumentos digital",
  ),
  f("head-up-display", "technology", "Head-Up Display", "Pantalla proyectada en el parabrisas", "Projeção de informações no para-brisa"),
  f(
    "wireless-charging",
    "technology",
    "Wireless Phone Charging",
    "Cargador inalámbrico para teléfono",
    "Carregador de celular por indução",
  ),
  f("wifi-hotspot", "technology", "Wi-Fi Hotspot", "Punto de acceso Wi-Fi", "Roteador Wi-Fi a bordo"),
  f("usb-c-ports", "technology", "USB-C Ports", "Puertos USB-C", "Portas USB-C"),
  f(
    "rear-seat-entertainment",
    "technology",
    "Rear Seat Entertainment",
    "Sistema de entretenimiento para asientos traseros",
    "Sistema de entretenimento para o banco traseiro",
  ),
  // Safety and driver assistance
  f("backup-camera", "safety", "Backup Camera", "Cámara de reversa", "Câmera de ré"),
  f("surround-view-camera", "safety", "360-Degree Camera", "Cámara de 360 grados", "Câmera 360°"),
  f("parking-sensors", "safety", "Parking Sensors", "Sensores de estacionamiento", "Sensores de estacionamento"),
  f("parking-assist", "safety", "Parking Assist", "Asistente de estacionamiento", "Assistente de estacionamento"),
  f("blind-spot-monitoring", "safety", "Blind Spot Monitoring", "Monitor de punto ciego", "Monitor de ponto cego"),
  f(
    "rear-cross-traffic-alert",
    "safety",
    "Rear Cross-Traffic Alert",
    "Alerta de tráfico cruzado trasero",
    "Alerta de tráfego cruzado traseiro",
  ),
  f("lane-departure-warning", "safety", "Lane Departure Warning", "Alerta de salida de carril", "Alerta de saída de faixa"),
  f("lane-keeping-assist", "safety", "Lane Keeping Assist", "Asistente de permanencia en el carril", "Assistente de permanência em faixa"),
  f("forward-collision-warning", "safety", "Forward Collision Warning", "Alerta de colisión frontal", "Alerta de colisão frontal"),
  f(
    "automatic-emergency-braking",
    "safety",
    "Automatic Emergency Braking",
    "Frenado automático de emergencia",
    "Frenagem automática de emergência",
  ),
  f("adaptive-cruise-control", "safety", "Adaptive Cruise Control", "Control de crucero adaptativo", "Piloto automático adaptativo"),
  f("cruise-control", "safety", "Cruise Control", "Control de crucero", "Piloto automático"),
  f("automatic-high-beams", "safety", "Automatic High Beams", "Luces altas automáticas", "Farol alto automático"),
  f("hill-start-assist", "safety", "Hill Start Assist", "Asistente de arranque en pendiente", "Assistente de partida em rampa"),
  f(
    "tire-pressure-monitoring",
    "safety",
    "Tire Pressure Monitoring",
    "Monitor de presión de las llantas",
    "Monitoramento da pressão dos pneus",
  ),
  // Exterior
  f("alloy-wheels", "exterior", "Alloy Wheels", "Rines de aleación", "Rodas de liga leve"),
  f("led-headlights", "exterior", "LED Headlights", "Faros LED", "Faróis de LED"),
  f("fog-lights", "exterior", "Fog Lights", "Faros antiniebla", "Faróis de neblina"),
  f(
    "rain-sensing-wipers",
    "exterior",
    "Rain-Sensing Wipers",
    "Limpiaparabrisas con sensor de lluvia",
    "Limpador de para-brisa com sensor de chuva",
  ),
  f("heated-mirrors", "exterior", "Heated Mirrors", "Espejos con calefacción", "Retrovisores aquecidos"),
  f("power-folding-mirrors", "exterior", "Power-Folding Mirrors", "Espejos abatibles eléctricos", "Retrovisores com rebatimento elétrico"),
  f("roof-rails", "exterior", "Roof Rails", "Rieles de techo", "Rack de teto (longarinas)"),
  f("running-boards", "exterior", "Running Boards", "Estribos laterales", "Estribos laterais"),
  // Utility
  f("power-liftgate", "utility", "Power Liftgate", "Compuerta trasera eléctrica", "Tampa traseira elétrica"),
  f("hands-free-liftgate", "utility", "Hands-Free Liftgate", "Compuerta trasera manos libres", "Tampa traseira com abertura por sensor"),
  f("power-sliding-doors", "utility", "Power Sliding Doors", "Puertas corredizas eléctricas", "Portas deslizantes elétricas"),
  f("tow-package", "utility", "Tow Package", "Paquete de remolque", "Pacote de reboque"),
  f("trailer-hitch", "utility", "Trailer Hitch", "Enganche para remolque", "Engate de reboque"),
  f("bed-liner", "utility", "Bed Liner", "Protector de caja", "Protetor de caçamba"),
  f("tonneau-cover", "utility", "Tonneau Cover", "Cubierta de caja", "Capota marítima"),
  f("all-weather-floor-mats", "utility", "All-Weather Floor Mats", "Tapetes para todo clima", "Tapetes de borracha para todos os climas"),
  f("off-road-package", "utility", "Off-Road Package", "Paquete todoterreno", "Pacote off-road"),
  f("sport-package", "utility", "Sport Package", "Paquete deportivo", "Pacote esportivo"),
];

const BY_KEY = new Map(FEATURE_CATALOGUE.map((feature) => [feature.key, feature]));

/** Case, spacing and punctuation do not tell two names apart: "heated  seats" is "Heated Seats". */
const comparable = (text: string) =>
  text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s_-]+/g, " ")
    .trim();

/** Every key and every name (all three languages), comparable, to its key. */
const BY_NAME = new Map<string, string>(
  FEATURE_CATALOGUE.flatMap((feature) => [
    [comparable(feature.key), feature.key] as const,
    ...Object.values(feature.names).map((name) => [comparable(name), feature.key] as const),
  ]),
);

export function catalogueFeature(key: string): CatalogueFeature | undefined {
  return BY_KEY.get(key);
}

/** The catalogue key a typed or imported feature names (its key or a name in any language), or null: custom. */
export function featureKeyOf(text: string): string | null {
  return BY_NAME.get(comparable(text)) ?? null;
}

/**
 * What the vehicles table stores for a typed feature: its catalogue key, or the text as typed
 * (custom). A custom text is never a key, since a text that names a key becomes that key.
 */
export function storedFeature(text: string): string {
  return featureKeyOf(text) ?? text;
}

/** The stored features of a list of typed ones, repeats dropped, in their order. */
export function storedFeatures(texts: readonly string[]): string[] {
  return [...new Set(texts.map(storedFeature))];
}

/** A stored feature's English name (the CSV's, the feeds' and the APIs' `features`): a custom one as typed. */
export function englishFeatureName(stored: string): string {
  return BY_KEY.get(stored)?.names.en ?? stored;
}

/** A typed feature as the form and the CSV compare it: a catalogue feature by its English name, custom as typed. */
export function canonicalFeatureName(text: string): string {
  return englishFeatureName(storedFeature(text));
}

/** A stored feature with its name in each language; a custom one (no key) reads as typed in all three. */
export function featureNames(stored: string): VehicleFeatureNames {
  const feature = BY_KEY.get(stored);
  if (!feature) return { key: null, en: stored, es: stored, pt: stored };
  return { key: feature.key, ...feature.names };
}
