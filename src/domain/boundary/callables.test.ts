import { describe, expect, it } from "vitest";
import { validateWith } from "../core/validation.ts";
import {
  completeTransactionInputSchema,
  createMagicLinkInputSchema,
  purchaseTokensInputSchema,
  rejectOfferInputSchema,
  sendEmailInputSchema,
  verifyMagicLinkInputSchema,
} from "./callables.ts";

describe("callable inputs", () => {
  it("completeTransaction requires a 1-5 rating", () => {
    expect(
      completeTransactionInputSchema.parse({ requestId: "r1", rating: 5, feedback: " Ottimo " }),
    ).toEqual({
      requestId: "r1",
      rating: 5,
      feedback: "Ottimo",
    });
    expect(validateWith(completeTransactionInputSchema, { requestId: "r1", rating: 0 })).toEqual({
      ok: false,
      message: "Scegli una valutazione da 1 a 5 stelle",
    });
  });

  it("rejectOffer reason is optional", () => {
    expect(rejectOfferInputSchema.safeParse({ offerId: "o1" }).success).toBe(true);
    expect(rejectOfferInputSchema.safeParse({ offerId: "o1", reason: "Prezzo troppo alto" }).success).toBe(
      true,
    );
    expect(rejectOfferInputSchema.safeParse({ offerId: "" }).success).toBe(false);
  });

  it("magic links", () => {
    expect(createMagicLinkInputSchema.safeParse({ email: "a@b.it", userType: "merchant" }).success).toBe(
      true,
    );
    expect(validateWith(createMagicLinkInputSchema, { email: "a", userType: "merchant" })).toEqual({
      ok: false,
      message: "Formato email non valido.",
    });
    expect(validateWith(verifyMagicLinkInputSchema, { token: "" })).toEqual({
      ok: false,
      message: "Link non valido: token mancante",
    });
    expect(validateWith(verifyMagicLinkInputSchema, {})).toEqual({
      ok: false,
      message: "Link non valido: token mancante",
    });
  });

  it("purchaseTokens and send-email", () => {
    expect(purchaseTokensInputSchema.safeParse({ packageId: "basic", paymentId: "p1" }).success).toBe(true);
    expect(purchaseTokensInputSchema.safeParse({ packageId: "basic" }).success).toBe(false);
    expect(sendEmailInputSchema.parse({ type: "welcome" })).toEqual({ type: "welcome", data: {} });
    expect(sendEmailInputSchema.safeParse({ type: "spam" }).success).toBe(false);
  });
});
