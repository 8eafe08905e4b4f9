/**
 * The words of 'Di solito risponde entro …' and its coarse buckets (./response-time.ts computes them):
 * no schema here, so the offer cards and the shop's page carry only these few strings.
 */

/** The buckets shown, by their upper bound in opening minutes. */
export const RESPONSE_BUCKETS = ["15m", "1h", "4h", "1d"] as const;
export type ResponseBucket = (typeof RESPONSE_BUCKETS)[number];
export const BUCKET_MINUTES: Readonly<Record<ResponseBucket, number>> = {
  "15m": 15,
  "1h": 60,
  "4h": 240,
  "1d": 1440,
};

const BUCKET_WORDS: Readonly<Record<ResponseBucket, string>> = {
  "15m": "15 minuti",
  "1h": "un'ora",
  "4h": "4 ore",
  "1d": "un giorno",
};

export const RESPONSE_TIME_MESSAGES = {
  within: (bucket: ResponseBucket) => `entro ${BUCKET_WORDS[bucket]}`,
  usually: (bucket: ResponseBucket) => `Di solito risponde entro ${BUCKET_WORDS[bucket]}`,
  ownLabel: "I tuoi tempi di risposta",
  yours: "Di solito rispondi",
  areaLabel: "Mediana della tua zona",
  notEnough: "Servono almeno 5 risposte negli ultimi 30 giorni",
  hint: "Tempo mediano dalla richiesta alla tua offerta, contando solo l'orario di apertura.",
} as const;
