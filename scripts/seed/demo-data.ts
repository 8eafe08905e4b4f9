import type { RequestCategory } from "../../src/domain/enums";
import { offerIdFor } from "../../src/domain/offer";
import type { NewRequestInput } from "../../src/domain/request";
import type { Actor, MarketplaceWriter, Persona } from "./writer";

/**
 * The demo marketplace around Milano: one buyer, two shops, a dozen requests in every state,
 * offers, conversations. Written as a story of user actions in time order.
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

export const DEMO_SHOP_1: Persona = {
  uid: "demo-negozio-1",
  email: "negozio1@vicino.test",
  password: DEMO_PASSWORD,
  displayName: "Marco Bianchi",
  firstName: "Marco",
  lastName: "Bianchi",
  userType: "merchant",
  businessName: "Elettronica Navigli",
  location: { address: "Ripa di Porta Ticinese 41, Milano", zone: "Milano", lat: 45.4517, lng: 9.1749 },
  preferredCategories: ["elettronica", "casa"],
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
  location: { address: "Via Pietro Borsieri 22, Milano", zone: "Milano", lat: 45.4893, lng: 9.1893 },
  preferredCategories: ["sport", "abbigliamento"],
};

export const DEMO_PERSONAS = [DEMO_BUYER, DEMO_SHOP_1, DEMO_SHOP_2] as const;

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

/** Milliseconds helpers for a timeline that ends now. */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface DemoSummary {
  accounts: number;
  requests: number;
  offers: number;
  conversations: number;
  messages: number;
}

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

export async function runDemoScenario(
  writer: MarketplaceWriter,
  now: Date = new Date(),
): Promise<DemoSummary> {
  const t0 = now.getTime() - 14 * DAY;
  const at = (days: number, hours = 0) => new Date(t0 + days * DAY + hours * HOUR);
  const summary: DemoSummary = { accounts: 0, requests: 0, offers: 0, conversations: 0, messages: 0 };

  const buyer = await writer.createAccount(DEMO_BUYER, { at: at(0) });
  const shop1 = await writer.createAccount(DEMO_SHOP_1, { at: at(0, 1) });
  const shop2 = await writer.createAccount(DEMO_SHOP_2, { at: at(0, 2) });
  summary.accounts = 3;

  const publish = async (
    id: string,
    when: Date,
    request: Omit<NewRequestInput, "category"> & { category: RequestCategory },
  ) => {
    await writer.publishRequest(buyer, request, { at: when, id });
    summary.requests += 1;
    return id;
  };

  /** A shop sends an offer and opens the conversation right after (spec §4), with a first message. */
  const offer = async (
    shop: Actor,
    requestId: string,
    when: Date,
    details: {
      price: number;
      description: string;
      estimatedDeliveryTime?: string;
      deliveryOptions: ("pickup" | "delivery")[];
    },
  ) => {
    const id = offerIdFor(requestId, shop.uid);
    await writer.sendOffer(
      shop,
      { requestId, customerId: buyer.uid, merchantName: shop.name, ...details },
      { at: when, id },
    );
    const conversationId = id; // one conversation per offer, same id (src/domain/offer.ts)
    await writer.openConversation(
      shop,
      {
        requestId,
        offerId: id,
        participants: {
          customerId: buyer.uid,
          customerName: buyer.name,
          merchantId: shop.uid,
          merchantName: shop.name,
        },
      },
      { at: new Date(when.getTime() + 60_000), id: conversationId },
    );
    summary.offers += 1;
    summary.conversations += 1;
    return { offerId: id, conversationId };
  };

  const say = async (sender: Actor, conversationId: string, when: Date, content: string) => {
    await writer.sendMessage(
      sender,
      { conversationId, senderName: sender.name, senderType: sender.userType, content },
      { at: when },
    );
    summary.messages += 1;
  };

  const ids = DEMO_REQUEST_IDS;

  // Actions follow each other in time, as they would happen.

  // Completed: running shoes, bought from the sport shop and rated 5.
  await publish(ids.runningShoes, at(1), {
    productName: "Scarpe da running taglia 42",
    description: "Scarpe ammortizzate per correre su asfalto, 3-4 uscite a settimana.",
    category: "sport",
    budget: { min: 90, max: 140 },
    urgency: "48h",
    deliveryPreference: "both",
    actionRadius: 10,
    location: PLACES.gaeAulenti,
    productDetails: { size: "42", color: "nero", condition: "nuovo" },
  });
  const shoes = await offer(shop2, ids.runningShoes, at(1, 3), {
    price: 110,
    description: "Modello neutro ammortizzato, ultima collezione, prova in negozio.",
    estimatedDeliveryTime: "Disponibili subito",
    deliveryOptions: ["pickup", "delivery"],
  });
  await say(
    shop2,
    shoes.conversationId,
    at(1, 3.1),
    "Ciao Giulia! Abbiamo la 42 in nero e in blu, vuoi passare a provarle?",
  );
  await say(buyer, shoes.conversationId, at(1, 5), "Perfetto, passo domani dopo le 18.");
  await writer.acceptOffer(buyer, { offerId: shoes.offerId }, { at: at(1, 6) });
  await say(shop2, shoes.conversationId, at(1, 6.5), "Ti aspettiamo, te le mettiamo da parte.");

  // Completed: espresso machine from the electronics shop, rated 4.
  await publish(ids.coffee, at(2), {
    productName: "Macchina del caffè espresso",
    description: "Macchina per espresso con lancia vapore, anche ricondizionata.",
    category: "casa",
    budget: { min: 100, max: 200 },
    urgency: "giorni",
    deliveryPreference: "delivery",
    actionRadius: 20,
    location: PLACES.missaglia,
    productDetails: { condition: "ricondizionato", color: "acciaio" },
  });
  const coffee = await offer(shop1, ids.coffee, at(2, 4), {
    price: 149,
    description: "Ricondizionata con 12 mesi di garanzia, consegna a domicilio inclusa.",
    estimatedDeliveryTime: "2 giorni",
    deliveryOptions: ["delivery"],
  });
  await say(
    shop1,
    coffee.conversationId,
    at(2, 4.1),
    "Buongiorno! È revisionata da noi, con garanzia di un anno.",
  );
  await writer.acceptOffer(buyer, { offerId: coffee.offerId }, { at: at(2, 8) });
  await say(buyer, coffee.conversationId, at(2, 8.2), "Ottimo, me la potete consegnare giovedì?");
  await say(shop1, coffee.conversationId, at(2, 9), "Certo, giovedì mattina.");
  await writer.completeTransaction(
    buyer,
    { requestId: ids.runningShoes, rating: 5, feedback: "Scarpe perfette e consigli utilissimi." },
    { at: at(2, 20) },
  );

  // Cancelled: the buyer found a drill elsewhere.
  await publish(ids.drill, at(3), {
    productName: "Trapano avvitatore a batteria",
    description: "Per piccoli lavori in casa, con due batterie.",
    category: "casa",
    budget: { min: 50, max: 120 },
    urgency: "giornata",
    deliveryPreference: "pickup",
    actionRadius: 5,
    location: PLACES.lambrate,
    productDetails: { condition: "nuovo" },
  });
  await writer.cancelRequest(buyer, ids.drill, { at: at(3, 20) });

  await writer.completeTransaction(
    buyer,
    { requestId: ids.coffee, rating: 4, feedback: "Buon prodotto, consegna puntuale." },
    { at: at(5) },
  );

  // In progress: city bike; the buyer turns down one offer, accepts the other.
  await publish(ids.bike, at(6), {
    productName: "Bicicletta da città con cestino",
    description: "Bici da città comoda, con luci e cestino anteriore.",
    category: "sport",
    budget: { min: 200, max: 350 },
    urgency: "48h",
    deliveryPreference: "pickup",
    actionRadius: 20,
    location: PLACES.monza,
    productDetails: { size: "M", color: "verde", condition: "nuovo" },
  });
  const bikeNavigli = await offer(shop1, ids.bike, at(6, 2), {
    price: 380,
    description: "City bike con cambio a 7 velocità e luci a dinamo.",
    estimatedDeliveryTime: "3 giorni",
    deliveryOptions: ["pickup"],
  });
  await say(
    shop1,
    bikeNavigli.conversationId,
    at(6, 2.1),
    "Possiamo ordinarla in verde, arriva in 3 giorni.",
  );
  await writer.rejectOffer(
    buyer,
    { offerId: bikeNavigli.offerId, reason: "Prezzo troppo alto" },
    { at: at(6, 5) },
  );
  const bikeIsola = await offer(shop2, ids.bike, at(6, 6), {
    price: 289,
    description: "City bike in alluminio con cestino e luci LED, pronta da ritirare.",
    estimatedDeliveryTime: "Disponibile subito",
    deliveryOptions: ["pickup"],
  });
  await say(
    shop2,
    bikeIsola.conversationId,
    at(6, 6.1),
    "Ce l'abbiamo in negozio, verde salvia. Ti interessa?",
  );
  await writer.acceptOffer(buyer, { offerId: bikeIsola.offerId }, { at: at(7) });
  await say(buyer, bikeIsola.conversationId, at(7, 0.2), "Sì! Sabato mattina va bene per il ritiro?");
  await say(shop2, bikeIsola.conversationId, at(7, 1), "Sabato siamo aperti dalle 9, a presto!");

  // In progress: headphones; accepting one offer rejects the other pending one.
  await publish(ids.headphones, at(8), {
    productName: "Cuffie wireless con cancellazione del rumore",
    description: "Over-ear, per il treno e l'ufficio, buona autonomia.",
    category: "elettronica",
    budget: { min: 150, max: 250 },
    urgency: "subito",
    deliveryPreference: "pickup",
    actionRadius: 10,
    location: PLACES.buenosAires,
    productDetails: { color: "nero", condition: "nuovo" },
  });
  const phonesNavigli = await offer(shop1, ids.headphones, at(8, 1), {
    price: 199,
    description: "Cuffie over-ear con ANC, 30 ore di autonomia, confezione sigillata.",
    estimatedDeliveryTime: "Disponibili subito",
    deliveryOptions: ["pickup", "delivery"],
  });
  await say(shop1, phonesNavigli.conversationId, at(8, 1.1), "Ne abbiamo due in negozio, nere.");
  const phonesIsola = await offer(shop2, ids.headphones, at(8, 2), {
    price: 229,
    description: "Cuffie sportive con ANC, resistenti al sudore.",
    deliveryOptions: ["pickup"],
  });
  await say(
    shop2,
    phonesIsola.conversationId,
    at(8, 2.1),
    "Se ti servono anche per lo sport, queste sono ideali.",
  );
  await writer.acceptOffer(buyer, { offerId: phonesNavigli.offerId }, { at: at(8, 4) });
  await say(buyer, phonesNavigli.conversationId, at(8, 4.1), "Le prendo, passo oggi pomeriggio.");

  // Active requests, some with pending offers.
  await publish(ids.jacket, at(9), {
    productName: "Giacca impermeabile da trekking",
    description: "Giacca leggera e traspirante per escursioni in montagna.",
    category: "abbigliamento",
    budget: { min: 80, max: 150 },
    urgency: "giorni",
    deliveryPreference: "both",
    actionRadius: 10,
    location: PLACES.portaRomana,
    productDetails: { size: "M", color: "blu", condition: "nuovo" },
  });
  const jacket = await offer(shop2, ids.jacket, at(9, 5), {
    price: 119,
    description: "Giacca in membrana impermeabile, cuciture nastrate, taglia M disponibile.",
    estimatedDeliveryTime: "1 giorno",
    deliveryOptions: ["pickup", "delivery"],
  });
  await say(shop2, jacket.conversationId, at(9, 5.1), "Abbiamo anche la versione con cappuccio staccabile.");

  await publish(ids.lamp, at(10), {
    productName: "Lampada da scrivania LED",
    description: "Luce regolabile, attacco a morsetto.",
    category: "casa",
    budget: { min: 20, max: 60 },
    urgency: "giorni",
    deliveryPreference: "delivery",
    actionRadius: 10,
    location: PLACES.tortona,
    productDetails: { color: "bianco", condition: "nuovo" },
  });
  const lamp = await offer(shop1, ids.lamp, at(10, 3), {
    price: 39,
    description: "Lampada LED con tre temperature di colore e morsetto.",
    estimatedDeliveryTime: "2 giorni",
    deliveryOptions: ["delivery"],
  });
  await say(shop1, lamp.conversationId, at(10, 3.1), "Consegna gratuita in zona Tortona.");
  // A second shop's pending offer on the lamp: the buyer has two offers to choose between.
  const lampIsola = await offer(shop2, ids.lamp, at(10, 7), {
    price: 55,
    description: "Lampada LED con braccio snodabile e base con ricarica wireless.",
    estimatedDeliveryTime: "1 giorno",
    deliveryOptions: ["delivery"],
  });
  await say(shop2, lampIsola.conversationId, at(10, 7.1), "Te la portiamo domani, anche in serata.");

  await publish(ids.tyres, at(11), {
    productName: "Pneumatici invernali 205/55 R16",
    description: "Quattro gomme invernali con montaggio.",
    category: "automotive",
    budget: { min: 250, max: 400 },
    urgency: "giorni",
    deliveryPreference: "pickup",
    actionRadius: 20,
    location: PLACES.sesto,
    productDetails: { size: "205/55 R16", condition: "nuovo" },
  });

  await publish(ids.guitar, at(11, 6), {
    productName: "Chitarra acustica per principiante",
    description: "Per mia figlia di 12 anni, con custodia morbida.",
    category: "strumenti musicali",
    budget: { min: 100, max: 200 },
    urgency: "giorni",
    deliveryPreference: "both",
    actionRadius: 10,
    location: PLACES.leonardo,
    productDetails: { size: "3/4", condition: "usato" },
  });

  await publish(ids.iphone, at(12), {
    productName: "iPhone 13 128 GB",
    description: "Anche ricondizionato, batteria sopra l'85%.",
    category: "elettronica",
    budget: { min: 350, max: 450 },
    urgency: "giornata",
    deliveryPreference: "both",
    actionRadius: 10,
    location: PLACES.cittaStudi,
    productDetails: { color: "blu", condition: "ricondizionato", specifications: "128 GB, sbloccato" },
  });
  const iphone = await offer(shop1, ids.iphone, at(12, 2), {
    price: 429,
    description: "Ricondizionato grado A, batteria 89%, garanzia 12 mesi.",
    estimatedDeliveryTime: "Oggi",
    deliveryOptions: ["pickup", "delivery"],
  });
  await say(shop1, iphone.conversationId, at(12, 2.1), "Ciao! Te lo possiamo far vedere anche oggi.");
  await say(buyer, iphone.conversationId, at(12, 4), "Ha graffi sullo schermo?");

  await publish(ids.charger, at(13), {
    productName: "Caricabatterie USB-C 65 W",
    description: "Per portatile e telefono, meglio se con due porte.",
    category: "elettronica",
    budget: { min: 20, max: 50 },
    urgency: "subito",
    deliveryPreference: "pickup",
    actionRadius: 5,
    location: PLACES.centrale,
    productDetails: { condition: "nuovo" },
  });
  const charger = await offer(shop1, ids.charger, at(13, 1), {
    price: 34,
    description: "Caricatore GaN 65 W con due porte USB-C.",
    estimatedDeliveryTime: "Disponibile subito",
    deliveryOptions: ["pickup"],
  });
  await say(shop1, charger.conversationId, at(13, 1.1), "Disponibile in negozio, anche con cavo incluso.");

  await publish(ids.backpack, at(13, 8), {
    productName: "Zaino da trekking 40 litri",
    description: "Zaino con schienale ventilato e coprizaino.",
    category: "sport",
    budget: { min: 60, max: 120 },
    urgency: "giorni",
    deliveryPreference: "delivery",
    actionRadius: 20,
    location: PLACES.rho,
    productDetails: { color: "verde", condition: "nuovo" },
  });

  return summary;
}
