import { DEFAULT_BROWSE_RADIUS_KM } from "../core/limits.ts";
import { PRODUCT_NAME } from "../core/product.ts";
import type { LegalText } from "../legal/legal.ts";
import { CATEGORY_SCOPE_LABELS } from "./feed-categories.ts";
import { OFFER_SORT_LABELS } from "./marketplace-messages.ts";

const APP = PRODUCT_NAME;

/**
 * 'Come ordiniamo le richieste' (Platform-to-Business regulation, EU 2019/1150, art. 5): the main
 * parameters of ranking, as the code applies them. The feed: src/data/feed-query.ts (createdAt desc, then
 * action radius, then position and id, only to break ties) and geo-feed-order.ts visibleDistanceKm (both
 * radii); the offers: offer-comparison.ts sortComparedOffers.
 */
export const RANKING_TEXT: LegalText = {
  key: "ranking",
  intro: `Questa pagina spiega, come chiede il regolamento europeo 2019/1150 sui rapporti tra piattaforme e imprese, che cosa decide l'ordine in cui un negozio vede le richieste e l'ordine in cui chi compra vede le offerte. ${APP} non vende posizioni: nessun negozio e nessun acquirente può pagare, con l'abbonamento o con i gettoni, per comparire prima.`,
  sections: [
    {
      heading: "Quali richieste vede un negozio",
      paragraphs: [
        `Nella pagina delle richieste un negozio vede solo le richieste ancora aperte nella sua zona: una richiesta compare se la distanza tra il negozio e il luogo della richiesta è entro il raggio scelto dal negozio (all'inizio ${DEFAULT_BROWSE_RADIUS_KM} km) e, insieme, entro il raggio che chi compra ha indicato nella richiesta. Chi compra decide fin dove vuole andare; il negozio decide fin dove vuole guardare.`,
        `La pagina si apre su «${CATEGORY_SCOPE_LABELS.mine}» (le categorie del negozio più quella generale); «${CATEGORY_SCOPE_LABELS.all}» è a un tocco. Il negozio può filtrare anche per urgenza.`,
      ],
    },
    {
      heading: "In che ordine",
      paragraphs: [
        "Le richieste sono in ordine di pubblicazione, dalla più recente. A parità di momento esatto di pubblicazione viene prima quella con il raggio più ampio, poi si segue un ordine tecnico fisso (posizione e codice della richiesta) solo per non mostrare due volte la stessa.",
        "L'ordine non dipende da chi è il negozio, dal suo abbonamento, dalle sue valutazioni né da quanto spende, e non dipende da chi ha pubblicato la richiesta. Richieste simili nelle categorie del negozio possono essere raccolte in una sola scheda («3 persone cercano…»).",
      ],
    },
    {
      heading: "In che ordine chi compra vede le offerte",
      paragraphs: [
        `Chi compra confronta le offerte ricevute una accanto all'altra. Prima vengono le offerte ancora valide, poi quelle chiuse. Tra queste l'ordine lo sceglie chi compra: «${OFFER_SORT_LABELS.price}» (all'inizio), «${OFFER_SORT_LABELS.rating}» (la media delle valutazioni del negozio; i negozi ancora senza valutazioni vengono dopo) oppure «${OFFER_SORT_LABELS.distance}» (dal luogo della richiesta al negozio; quando la posizione del negozio non è nota, dopo).`,
        "A parità, viene prima il prezzo più basso e poi l'offerta più recente. Nient'altro sposta un'offerta: né l'abbonamento del negozio, né un pagamento.",
      ],
    },
    {
      heading: "Se qualcosa cambia",
      paragraphs: [
        "Se cambiamo il modo in cui ordiniamo richieste e offerte aggiorniamo questa pagina, con la nuova data in cima.",
      ],
    },
  ],
};
