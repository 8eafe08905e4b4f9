import type { NewRequestInput } from "../../src/domain/marketplace/request";
import type { Persona } from "./writer";

/**
 * Who and what the demo marketplace around Milano is made of: one buyer, two shops, the places they
 * are at and the dozen things the buyer asks for. What happens to them, and when, is the scenario
 * (./demo-scenario.ts).
 */

export const DEMO_PASSWORD = "vicino123";

export const DEMO_BUYER: Persona = {
  uid: "demo-acquirente",
  email: "acquirente@vicino.test",
  password: DEMO_PASSWORD,
  displayName: "Giulia Rossi",
  firstName: "Giulia",
  lastName: "Rossi",
  userType: "customer",
  location: { address: "Via Giovanni Pascoli 12, Milano", zone: "Milano", lat: 45.4784, lng: 9.2254 },
  preferredCategories: ["elettronica", "sport", "casa"],
};

// Elettronica Navigli's day: a morning and, after lunch, an afternoon (Monday the afternoon only).
const MORNING = { open: "09:30", close: "13:00" };
const AFTERNOON = { open: "15:00", close: "19:30" };

export const DEMO_SHOP_1: Persona = {
  uid: "demo-negozio-1",
  email: "negozio1@vicino.test",
  password: DEMO_PASSWORD,
  displayName: "Marco Bianchi",
  firstName: "Marco",
  lastName: "Bianchi",
  userType: "merchant",
  businessName: "Elettronica Navigli",
  partitaIva: "04812310151",
  location: { address: "Ripa di Porta Ticinese 41, Milano", zone: "Milano", lat: 45.4517, lng: 9.1749 },
  preferredCategories: ["elettronica", "casa"],
  phone: "02 8942 1170",
  weeklyHours: {
    mon: [AFTERNOON],
    tue: [MORNING, AFTERNOON],
    wed: [MORNING, AFTERNOON],
    thu: [MORNING, AFTERNOON],
    fri: [MORNING, AFTERNOON],
    sat: [MORNING, AFTERNOON],
  },
  openingHours: "Chiuso due settimane ad agosto",
};

export const DEMO_SHOP_2: Persona = {
  uid: "demo-negozio-2",
  email: "negozio2@vicino.test",
  password: DEMO_PASSWORD,
  displayName: "Sara Colombo",
  firstName: "Sara",
  lastName: "Colombo",
  userType: "merchant",
  businessName: "Sport & Co. Isola",
  partitaIva: "05987650156",
  location: { address: "Via Pietro Borsieri 22, Milano", zone: "Milano", lat: 45.4893, lng: 9.1893 },
  preferredCategories: ["sport", "abbigliamento"],
  phone: "+39 02 6680 3321",
  // Saved before opening hours were days and times: the page shows the text as it is.
  openingHours: "Lun-Sab 10-20",
};

/**
 * A second buyer, owner of some of the feed's active requests: a buyer may have at most
 * MAX_ACTIVE_REQUESTS_PER_BUYER active requests, and Giulia keeps room to publish one in the demo.
 */
export const DEMO_NEIGHBOUR: Persona = {
  uid: "demo-acquirente-2",
  email: "acquirente2@vicino.test",
  password: DEMO_PASSWORD,
  displayName: "Luca Ferrari",
  firstName: "Luca",
  lastName: "Ferrari",
  userType: "customer",
  location: { address: "Corso Lodi 20, Milano", zone: "Milano", lat: 45.4498, lng: 9.2069 },
  preferredCategories: ["automotive", "abbigliamento"],
};

export const DEMO_PERSONAS = [DEMO_BUYER, DEMO_SHOP_1, DEMO_SHOP_2, DEMO_NEIGHBOUR] as const;

/** What `npm start` prints and the README lists. */
export const DEMO_ACCOUNTS = DEMO_PERSONAS.map((persona) => ({
  role: persona.userType === "customer" ? "Acquirente" : "Negoziante",
  email: persona.email,
  password: persona.password,
  name: persona.businessName ?? persona.displayName,
}));

type Place = NewRequestInput["location"];

const place = (address: string, lat: number, lng: number): Place => ({ address, lat, lng });

const PLACES = {
  cittaStudi: place("Via Giovanni Pascoli 12, Milano", 45.4784, 9.2254),
  buenosAires: place("Corso Buenos Aires 40, Milano", 45.4797, 9.2104),
  portaRomana: place("Corso di Porta Romana 80, Milano", 45.454, 9.199),
  gaeAulenti: place("Piazza Gae Aulenti, Milano", 45.4839, 9.1903),
  tortona: place("Via Tortona 27, Milano", 45.4522, 9.1655),
  lambrate: place("Via Rubattino 84, Milano", 45.487, 9.252),
  sesto: place("Piazza Petazzi, Sesto San Giovanni", 45.5362, 9.23),
  leonardo: place("Piazza Leonardo da Vinci 32, Milano", 45.4781, 9.227),
  monza: place("Via Italia 10, Monza", 45.5836, 9.274),
  centrale: place("Piazza Duca d'Aosta, Milano", 45.4851, 9.2036),
  rho: place("Corso Europa 5, Rho", 45.5283, 9.0403),
  missaglia: place("Via dei Missaglia 97, Milano", 45.429, 9.184),
} as const;

/** Request ids are stable, so tests and docs can refer to them. */
export const DEMO_REQUEST_IDS = {
  iphone: "demo-req-iphone",
  headphones: "demo-req-cuffie",
  jacket: "demo-req-giacca",
  runningShoes: "demo-req-scarpe",
  lamp: "demo-req-lampada",
  drill: "demo-req-trapano",
  tyres: "demo-req-pneumatici",
  guitar: "demo-req-chitarra",
  bike: "demo-req-bici",
  charger: "demo-req-caricatore",
  backpack: "demo-req-zaino",
  coffee: "demo-req-caffe",
} as const;

export type DemoRequestKey = keyof typeof DEMO_REQUEST_IDS;

/** What the buyer publishes, as the request form (or Algo) would send it. */
export const DEMO_REQUESTS = {
  runningShoes: {
    productName: "Scarpe da running taglia 42",
    description: "Scarpe ammortizzate per correre su asfalto, 3-4 uscite a settimana.",
    category: "sport",
    budget: { min: 90, max: 140 },
    urgency: "48h",
    deliveryPreference: "both",
    actionRadius: 10,
    location: PLACES.gaeAulenti,
    productDetails: { size: "42", color: "nero", condition: "nuovo" },
  },
  coffee: {
    productName: "Macchina del caffè espresso",
    description: "Macchina per espresso con lancia vapore, anche ricondizionata.",
    category: "casa",
    budget: { min: 100, max: 200 },
    urgency: "giorni",
    deliveryPreference: "delivery",
    actionRadius: 20,
    location: PLACES.missaglia,
    productDetails: { condition: "ricondizionato", color: "acciaio" },
  },
  drill: {
    productName: "Trapano avvitatore a batteria",
    description: "Per piccoli lavori in casa, con due batterie.",
    category: "casa",
    budget: { min: 50, max: 120 },
    urgency: "giornata",
    deliveryPreference: "pickup",
    actionRadius: 5,
    location: PLACES.lambrate,
    productDetails: { condition: "nuovo" },
  },
  bike: {
    productName: "Bicicletta da città con cestino",
    description: "Bici da città comoda, con luci e cestino anteriore.",
    category: "sport",
    budget: { min: 200, max: 350 },
    urgency: "48h",
    deliveryPreference: "pickup",
    actionRadius: 20,
    location: PLACES.monza,
    productDetails: { size: "M", color: "verde", condition: "nuovo" },
  },
  headphones: {
    productName: "Cuffie wireless con cancellazione del rumore",
    description: "Over-ear, per il treno e l'ufficio, buona autonomia.",
    category: "elettronica",
    budget: { min: 150, max: 250 },
    urgency: "subito",
    deliveryPreference: "pickup",
    actionRadius: 10,
    location: PLACES.buenosAires,
    productDetails: { color: "nero", condition: "nuovo" },
  },
  jacket: {
    productName: "Giacca impermeabile da trekking",
    description: "Giacca leggera e traspirante per escursioni in montagna.",
    category: "abbigliamento",
    budget: { min: 80, max: 150 },
    urgency: "giorni",
    deliveryPreference: "both",
    actionRadius: 10,
    location: PLACES.portaRomana,
    productDetails: { size: "M", color: "blu", condition: "nuovo" },
  },
  lamp: {
    productName: "Lampada da scrivania LED",
    description: "Luce regolabile, attacco a morsetto.",
    category: "casa",
    budget: { min: 20, max: 60 },
    urgency: "giorni",
    deliveryPreference: "delivery",
    actionRadius: 10,
    location: PLACES.tortona,
    productDetails: { color: "bianco", condition: "nuovo" },
  },
  tyres: {
    productName: "Pneumatici invernali 205/55 R16",
    description: "Quattro gomme invernali con montaggio.",
    category: "automotive",
    budget: { min: 250, max: 400 },
    urgency: "giorni",
    deliveryPreference: "pickup",
    actionRadius: 20,
    location: PLACES.sesto,
    productDetails: { size: "205/55 R16", condition: "nuovo" },
  },
  guitar: {
    productName: "Chitarra acustica per principiante",
    description: "Per mia figlia di 12 anni, con custodia morbida.",
    category: "strumenti musicali",
    budget: { min: 100, max: 200 },
    urgency: "giorni",
    deliveryPreference: "both",
    actionRadius: 10,
    location: PLACES.leonardo,
    productDetails: { size: "3/4", condition: "usato" },
  },
  iphone: {
    productName: "iPhone 13 128 GB",
    description: "Anche ricondizionato, batteria sopra l'85%.",
    category: "elettronica",
    budget: { min: 350, max: 450 },
    urgency: "giornata",
    deliveryPreference: "both",
    actionRadius: 10,
    location: PLACES.cittaStudi,
    productDetails: { color: "blu", condition: "ricondizionato", specifications: "128 GB, sbloccato" },
  },
  charger: {
    productName: "Caricabatterie USB-C 65 W",
    description: "Per portatile e telefono, meglio se con due porte.",
    category: "elettronica",
    budget: { min: 20, max: 50 },
    urgency: "subito",
    deliveryPreference: "pickup",
    actionRadius: 5,
    location: PLACES.centrale,
    productDetails: { condition: "nuovo" },
  },
  backpack: {
    productName: "Zaino da trekking 40 litri",
    description: "Zaino con schienale ventilato e coprizaino.",
    category: "sport",
    budget: { min: 60, max: 120 },
    urgency: "giorni",
    deliveryPreference: "delivery",
    actionRadius: 20,
    location: PLACES.rho,
    productDetails: { color: "verde", condition: "nuovo" },
  },
} satisfies Record<DemoRequestKey, NewRequestInput>;
