import { beforeEach, describe, expect, it, vi } from "vitest";
import { callableErrorMessage } from "@/domain/boundary/errors";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";

const callable = vi.fn();
vi.mock("firebase/functions", () => ({ httpsCallable: vi.fn(() => callable) }));
vi.mock("@/data/firebase", () => ({ getFunctionsInstance: vi.fn(async () => ({})) }));

const { createMagicLink, verifyMagicLink } = await import("./account");

/** What firebase/functions 12 throws for an HttpsError: the status appended to the message. */
function functionsError(code: string, message: string, status: number) {
  return Object.assign(new Error(`${message} [${status}]`), { code: `functions/${code}` });
}

beforeEach(() => callable.mockReset());

describe("account callables", () => {
  it("validates the answer with the domain schema", async () => {
    callable.mockResolvedValueOnce({ data: { customToken: "t", userType: "merchant", email: "a@b.it" } });
    await expect(verifyMagicLink({ token: "abc" })).resolves.toEqual({
      customToken: "t",
      userType: "merchant",
      email: "a@b.it",
    });
    callable.mockResolvedValueOnce({ data: { customToken: "t", userType: "admin", email: "a@b.it" } });
    await expect(verifyMagicLink({ token: "abc" })).rejects.toThrow();
  });

  it("refuses a bad input before calling", async () => {
    await expect(createMagicLink({ email: "non-email", userType: "customer" })).rejects.toThrow();
    expect(callable).not.toHaveBeenCalled();
  });

  it("shows the server's Italian message despite the SDK's status suffix", async () => {
    callable.mockRejectedValueOnce(
      functionsError("failed-precondition", ERROR_MESSAGES.invalidOrExpiredToken, 400),
    );
    const error = await verifyMagicLink({ token: "abc" }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "functions/failed-precondition" });
    expect(callableErrorMessage(error, ERROR_MESSAGES.magicLinkVerify)).toBe("Token non valido o scaduto");
  });
});
