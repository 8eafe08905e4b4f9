import { describe, expect, it } from "vitest";
import { FAILURE_REASONS, failureDetails } from "@/domain/boundary/errors";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { algoFailureMessage } from "./algo-failure";

const refusal = (message: string, details?: unknown) =>
  Object.assign(new Error(message), { code: "functions/failed-precondition", details });

describe("algoFailureMessage", () => {
  it("tells a closed or lost conversation by its code, whatever its text says", () => {
    const closed = refusal("Testo cambiato", failureDetails(FAILURE_REASONS.algoConversationClosed));
    expect(algoFailureMessage(closed)).toBe(ERROR_MESSAGES.algoConversationClosed);
    const lost = refusal("Altro testo", failureDetails(FAILURE_REASONS.algoConversationNotFound));
    expect(algoFailureMessage(lost)).toBe(ERROR_MESSAGES.algoConversationNotFound);
    // Through the error a data module wraps it in.
    expect(algoFailureMessage(new Error("algoChat", { cause: closed }))).toBe(
      ERROR_MESSAGES.algoConversationClosed,
    );
  });

  it("reads nothing into the text: a catalogue text without its code is the spec's generic failure", () => {
    expect(algoFailureMessage(refusal(ERROR_MESSAGES.algoConversationClosed))).toBe(
      ERROR_MESSAGES.algoCommunication,
    );
    expect(algoFailureMessage(refusal("x", failureDetails(FAILURE_REASONS.planRequired)))).toBe(
      ERROR_MESSAGES.algoCommunication,
    );
    expect(algoFailureMessage(new Error("internal"))).toBe(ERROR_MESSAGES.algoCommunication);
  });
});
