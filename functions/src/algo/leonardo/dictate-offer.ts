import type { Firestore } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import type { z } from "zod";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { cleanText } from "@/domain/core/field-sanitizers";
import {
  type DictatedOfferFields,
  type DictateOfferOutput,
  dictateOfferInputSchema,
} from "@/domain/marketplace/offer-dictation";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { guardedCall } from "../../lib/account-guard";
import { adminDb } from "../../lib/admin";
import { clockFor } from "../../lib/clock";
import { logUnexpectedError } from "../../lib/error-log";
import { callableOptions } from "../../lib/global-options";
import { parseCallableInput } from "../../lib/http-errors";
import { sized } from "../../lib/sizing";
import type { GeminiConfig } from "../gemini/client";
import { geminiApiKey, geminiConfigFromEnv } from "../gemini/config";
import { extractOffer } from "./extract-offer";
import { geminiDictation } from "./gemini-dictation";
import { chargeLeonardo } from "./leonardo-charge";

/**
 * dictateOffer({requestId, transcript}) → {fields, priceMissing, source, tokenBalance, outOfTokens?}:
 * 'Detta l'offerta' on the make-offer page. The browser's speech recognition gives the words; Leonardo
 * turns them into the form's fields (price, delivery, availability, condition, a description in the
 * shop's voice). Same gate and cost as 'Scrivi con Leonardo' (leonardo-charge.ts: verified shop, plan,
 * active request, 0.5 tokens). Gemini reads it with a key (JSON schema); the offline extractor without
 * one, or when Gemini fails or answers nothing usable. Writes no offer: the shop sends the form.
 */

export interface DictateOfferDeps {
  db: Firestore;
  gemini: GeminiConfig | undefined;
  now: () => Date;
}

type Input = z.output<typeof dictateOfferInputSchema>;

async function readWithGemini(
  config: GeminiConfig,
  transcript: string,
  productName: string | undefined,
): Promise<DictatedOfferFields | undefined> {
  try {
    return await geminiDictation(config, transcript, productName);
  } catch (error) {
    logger.warn("dictateOffer: Gemini failed, offline extractor used", { error: String(error) });
    return undefined;
  }
}

export async function dictateOfferFor(
  uid: string,
  input: Input,
  deps: DictateOfferDeps,
): Promise<DictateOfferOutput> {
  const { charge, request } = await chargeLeonardo(deps.db, uid, input.requestId, deps.now());
  if (!charge.ok)
    return {
      fields: {},
      priceMissing: true,
      source: "offline",
      tokenBalance: charge.balance,
      outOfTokens: true,
    };
  const productName = cleanText(request.productName, 120);
  const fromGemini = deps.gemini
    ? await readWithGemini(deps.gemini, input.transcript, productName)
    : undefined;
  if (fromGemini) {
    return {
      fields: fromGemini,
      priceMissing: fromGemini.price === undefined,
      source: "gemini",
      tokenBalance: charge.balance,
    };
  }
  const offline = extractOffer(input.transcript, productName ? { productName } : {});
  return { ...offline, source: "offline", tokenBalance: charge.balance };
}

export const dictateOffer = guardedCall(
  ACCOUNT_GUARD.shop,
  sized("dictateOffer", { ...callableOptions, secrets: [geminiApiKey] }),
  async (request): Promise<DictateOfferOutput> => {
    const uid = request.auth?.uid;
    if (!uid) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
    const input = parseCallableInput(dictateOfferInputSchema, request.data);
    try {
      const db = adminDb();
      return await dictateOfferFor(uid, input, {
        db,
        gemini: geminiConfigFromEnv(),
        now: await clockFor(db),
      });
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logUnexpectedError("dictateOffer failed", error, { uid });
      throw new HttpsError("internal", ERROR_MESSAGES.generic);
    }
  },
);
