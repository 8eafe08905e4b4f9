import { ALGO_LIMIT_MESSAGES } from "../algo/algo-limit-messages.ts";
import { ALGO_MESSAGES } from "../algo/algo-messages.ts";
import { PLAN_MESSAGES } from "../billing/plan-messages.ts";
import {
  CAMERA_MESSAGES,
  ERROR_MESSAGES,
  VALIDATION_MESSAGES,
  VOICE_MESSAGES,
} from "../core/common-messages.ts";
import { DEAL_END_REFUSALS } from "../marketplace/deal-end-messages.ts";
import { GROUP_OFFER_MESSAGES } from "../marketplace/group-offer-messages.ts";
import { OFFER_MESSAGES } from "../marketplace/marketplace-messages.ts";
import { DICTATION_MESSAGES } from "../marketplace/offer-dictation-messages.ts";
import { HOLD_REFUSALS, NO_SHOW_REFUSALS } from "../marketplace/pickup-hold-messages.ts";
import { PUBLISHING_MESSAGES } from "../marketplace/publishing-messages.ts";
import { REQUEST_LIFE_MESSAGES } from "../marketplace/request-life-messages.ts";
import { SHOP_VERIFICATION_MESSAGES } from "../people/shop-verification-messages.ts";
import { ACCOUNT_GUARD_MESSAGES, MODERATION_MESSAGES, PRIVACY_MESSAGES } from "../people/trust-messages.ts";

/*
 * The catalogues of every context, gathered here only: the boundary is the one context that may depend
 * on all the others, so no context depends on a catalogue of catalogues.
 */
let knownMessages: ReadonlySet<string> | undefined;

/**
 * Whether `text` is a catalogue text: a message found here may be shown as it is (e.g. an HttpsError's
 * message). The set is built on first use, so a bundle that never asks (the marketing pages' entry) does
 * not carry the catalogues only it refers to.
 */
export function isKnownMessage(text: string): boolean {
  knownMessages ??= new Set<string>([
    ...Object.values(VALIDATION_MESSAGES),
    ...Object.values(ERROR_MESSAGES),
    ...Object.values(VOICE_MESSAGES),
    ...Object.values(CAMERA_MESSAGES),
    ...Object.values(ALGO_MESSAGES),
    ...Object.values(ALGO_LIMIT_MESSAGES),
    ...Object.values(SHOP_VERIFICATION_MESSAGES),
    ...Object.values(OFFER_MESSAGES),
    ...Object.values(PRIVACY_MESSAGES),
    ...Object.values(MODERATION_MESSAGES),
    ...Object.values(ACCOUNT_GUARD_MESSAGES),
    ...Object.values(PUBLISHING_MESSAGES),
    ...Object.values(PLAN_MESSAGES),
    ...Object.values(REQUEST_LIFE_MESSAGES),
    ...Object.values(DICTATION_MESSAGES),
    ...Object.values(GROUP_OFFER_MESSAGES).filter((text) => typeof text === "string"),
    ...Object.values(HOLD_REFUSALS),
    ...Object.values(NO_SHOW_REFUSALS),
    ...Object.values(DEAL_END_REFUSALS),
  ]);
  return knownMessages.has(text);
}
