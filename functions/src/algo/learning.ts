import { type Firestore, Timestamp } from "firebase-admin/firestore";
import {
  type AiLearningRecord,
  capKeywords,
  mergePreferredCategories,
  mergeTopSearchTerms,
} from "@/domain/algo/ai";
import type { AlgoExtractedData } from "@/domain/algo/algo";
import { COLLECTIONS } from "@/domain/core/collections";
import { DESCRIPTION_MAX_LENGTH, MAX_PREFERRED_CATEGORIES } from "@/domain/core/limits";
import { fold } from "./offline/text";

/**
 * Learning (spec §3, §9): one ai_learning record per answered turn, and the user's learningProfile
 * (top search terms, communication style) and preferredCategories, within the spec's caps (5
 * categories, 10 terms, 10 keywords).
 */

const STOPWORDS = new Set(
  (
    "il lo la i gli le un uno una di a da in con su per tra fra e o ma che non si mi ti ci vi ne del dello " +
    "della dei degli delle al allo alla ai agli alle dal dalla dai nel nella nei sul sulla sui sugli col " +
    "cerco vorrei voglio serve servono bisogno ho hai ha sono sei è essere avere anche molto poco più meno " +
    "come quando dove questo questa quello quella mio mia tuo tua suo sua nostro vostro loro " +
    "euro circa massimo almeno entro subito oggi domani grazie ciao buongiorno salve sì ok va bene"
  ).split(" "),
);

/** Content words of a message, lower case, at most 10. */
export function keywordsOf(text: string): string[] {
  const candidates = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (word) => word.length >= 3 && !STOPWORDS.has(word) && !STOPWORDS.has(fold(word)) && !/^\d+$/.test(word),
  );
  return capKeywords(candidates);
}

type Preferences = AiLearningRecord["extractedPatterns"]["userPreferences"];

export function preferencesOf(text: string, fields: AlgoExtractedData): Preferences {
  const length = text.trim().length;
  const specs = fields.productDetails?.specifications?.split(",").filter((s) => s.trim()).length ?? 0;
  return {
    responseLength: length < 40 ? "short" : length < 160 ? "medium" : "long",
    includesEmoji: /\p{Extended_Pictographic}/u.test(text),
    technicalLevel: specs >= 2 ? "advanced" : specs === 1 ? "intermediate" : "basic",
  };
}

const STYLE: Record<NonNullable<Preferences["responseLength"]>, string> = {
  short: "conciso",
  medium: "equilibrato",
  long: "dettagliato",
};

export interface LearningInput {
  uid: string;
  conversationId: string;
  userInput: string;
  aiResponse: string;
  context: string;
  fields: AlgoExtractedData;
  isComplete: boolean;
  /** The product was named in this turn. */
  newProduct: boolean;
}

export function learningRecord(input: LearningInput, id: string, now: Date): AiLearningRecord {
  return {
    id,
    userId: input.uid,
    aiAssistant: "algo",
    interaction: {
      userInput: Array.from(input.userInput).slice(0, DESCRIPTION_MAX_LENGTH).join(""),
      aiResponse: input.aiResponse,
      context: input.context,
      resultSuccessful: input.isComplete,
    },
    extractedPatterns: {
      keywords: keywordsOf(input.userInput),
      intent: input.isComplete ? "publish_request" : input.newProduct ? "search_product" : "refine_request",
      ...(input.fields.category ? { category: input.fields.category } : {}),
      userPreferences: preferencesOf(input.userInput, input.fields),
    },
    timestamp: now,
    sessionId: input.conversationId,
  };
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** Writes the record and updates the user's learning fields (one transaction on users/{uid}). */
export async function recordLearning(db: Firestore, input: LearningInput, now: Date): Promise<void> {
  const recordRef = db.collection(COLLECTIONS.aiLearning).doc();
  const record = learningRecord(input, recordRef.id, now);
  await recordRef.set({ ...record, timestamp: Timestamp.fromDate(now) });

  const userRef = db.collection(COLLECTIONS.users).doc(input.uid);
  await db.runTransaction(async (tx) => {
    const data = (await tx.get(userRef)).data();
    if (!data) return;
    const stored: unknown = data.learningProfile;
    const profile: Record<string, unknown> =
      typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
    const terms = strings(profile.topSearchTerms);
    const categories = strings(data.preferredCategories);
    const nextTerms =
      input.newProduct && input.fields.productName
        ? mergeTopSearchTerms(terms, input.fields.productName)
        : terms;
    const category = input.fields.category;
    const nextCategories =
      category && category !== "generale"
        ? mergePreferredCategories(categories, category)
        : categories.slice(0, MAX_PREFERRED_CATEGORIES);
    const style = STYLE[record.extractedPatterns.userPreferences.responseLength ?? "medium"];
    const changed =
      JSON.stringify(nextTerms) !== JSON.stringify(terms) ||
      JSON.stringify(nextCategories) !== JSON.stringify(categories) ||
      profile.communicationStyle !== style;
    if (!changed) return;
    tx.update(userRef, {
      learningProfile: { ...profile, topSearchTerms: nextTerms, communicationStyle: style },
      preferredCategories: nextCategories,
    });
  });
}
