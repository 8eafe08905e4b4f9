import type { SubmitOfferInput } from "../../src/domain/boundary/callables";
import {
  DEMO_BUYER,
  DEMO_NEIGHBOUR,
  DEMO_REQUEST_IDS,
  DEMO_REQUESTS,
  DEMO_SHOP_1,
  DEMO_SHOP_2,
  type DemoRequestKey,
} from "./demo-data";
import type { Actor, MarketplaceWriter } from "./writer";

/**
 * The demo marketplace as a story of what its users do, in time order, over the two weeks before
 * `now`: sign up, publish, offer (which opens the chat), chat, reject, accept, complete and rate,
 * cancel. The people, places and requests are in ./demo-data.ts; each action goes through a writer.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What was written, for the summary `npm start` prints. */
export interface DemoSummary {
  accounts: number;
  requests: number;
  offers: number;
  conversations: number;
  messages: number;
}

/** What a shop puts in an offer, besides whom and what it is for. */
type OfferTerms = Pick<
  SubmitOfferInput,
  "price" | "description" | "estimatedDeliveryTime" | "deliveryOptions" | "origin"
>;

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
  const neighbour = await writer.createAccount(DEMO_NEIGHBOUR, { at: at(0, 3) });
  summary.accounts = 4;

  const publish = async (key: DemoRequestKey, when: Date, owner: Actor = buyer) => {
    await writer.publishRequest(owner, DEMO_REQUESTS[key], { at: when, id: DEMO_REQUEST_IDS[key] });
    summary.requests += 1;
  };

  /** A shop sends an offer; the app opens its conversation in the same write (spec §4). */
  const offer = async (shop: Actor, requestId: string, when: Date, terms: OfferTerms) => {
    const sent = await writer.sendOffer(shop, { requestId, ...terms }, { at: when });
    summary.offers += 1;
    summary.conversations += 1;
    return sent;
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

  // Actions follow each other in time, as they would happen. In the second week the shops answer from
  // notifications and their catalogues (the offers' origin), and faster: /admin/mercato's before/after.

  // Completed: running shoes, bought from the sport shop and rated 5.
  await publish("runningShoes", at(1));
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
  await publish("coffee", at(2));
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
  await publish("drill", at(3));
  await writer.cancelRequest(buyer, ids.drill, { at: at(3, 20) });

  await writer.completeTransaction(
    buyer,
    { requestId: ids.coffee, rating: 4, feedback: "Buon prodotto, consegna puntuale." },
    { at: at(5) },
  );

  // In progress: city bike; the buyer turns down one offer, accepts the other.
  await publish("bike", at(6));
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
  await publish("headphones", at(8));
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

  // Active requests, some with pending offers. Giulia has four (a buyer may have five at once), so she
  // can publish one more in the demo; the jacket, the tyres and the backpack are Luca's.
  await publish("jacket", at(9), neighbour);
  const jacket = await offer(shop2, ids.jacket, at(9, 5), {
    price: 119,
    description: "Giacca in membrana impermeabile, cuciture nastrate, taglia M disponibile.",
    estimatedDeliveryTime: "1 giorno",
    deliveryOptions: ["pickup", "delivery"],
  });
  await say(shop2, jacket.conversationId, at(9, 5.1), "Abbiamo anche la versione con cappuccio staccabile.");

  await publish("lamp", at(10));
  const lamp = await offer(shop1, ids.lamp, at(10, 3), {
    origin: "notifica",
    price: 39,
    description: "Lampada LED con tre temperature di colore e morsetto.",
    estimatedDeliveryTime: "2 giorni",
    deliveryOptions: ["delivery"],
  });
  await say(shop1, lamp.conversationId, at(10, 3.1), "Consegna gratuita in zona Tortona.");
  // A second shop's pending offer on the lamp: the buyer has two offers to choose between.
  const lampIsola = await offer(shop2, ids.lamp, at(10, 7), {
    origin: "notifica",
    price: 55,
    description: "Lampada LED con braccio snodabile e base con ricarica wireless.",
    estimatedDeliveryTime: "1 giorno",
    deliveryOptions: ["delivery"],
  });
  await say(shop2, lampIsola.conversationId, at(10, 7.1), "Te la portiamo domani, anche in serata.");

  await publish("tyres", at(11), neighbour);

  await publish("guitar", at(11, 6));

  await publish("iphone", at(12));
  const iphone = await offer(shop1, ids.iphone, at(12, 2), {
    origin: "catalogo",
    price: 429,
    description: "Ricondizionato grado A, batteria 89%, garanzia 12 mesi.",
    estimatedDeliveryTime: "Oggi",
    deliveryOptions: ["pickup", "delivery"],
  });
  await say(shop1, iphone.conversationId, at(12, 2.1), "Ciao! Te lo possiamo far vedere anche oggi.");
  await say(buyer, iphone.conversationId, at(12, 4), "Ha graffi sullo schermo?");

  await publish("charger", at(13));
  const charger = await offer(shop1, ids.charger, at(13, 1), {
    origin: "catalogo",
    price: 34,
    description: "Caricatore GaN 65 W con due porte USB-C.",
    estimatedDeliveryTime: "Disponibile subito",
    deliveryOptions: ["pickup"],
  });
  await say(shop1, charger.conversationId, at(13, 1.1), "Disponibile in negozio, anche con cavo incluso.");

  await publish("backpack", at(13, 8), neighbour);

  return summary;
}
