import type { Firestore } from "firebase-admin/firestore";
import { describe, expect, it, vi } from "vitest";
import type { OutgoingEmail } from "../email/send";
import { deliverWelcomeEmail, sendWelcome, welcomeNewAccount, welcomeQueueOver } from "./welcome-email";

/** A Firestore holding one users document (or none), as sendWelcome reads it. */
function dbWith(user: Record<string, unknown> | undefined): Firestore {
  return {
    collection: () => ({ doc: () => ({ get: async () => ({ data: () => user }) }) }),
  } as unknown as Firestore;
}

const ANNA = {
  id: "anna",
  email: "anna@example.it",
  displayName: "Anna",
  userType: "customer",
  createdAt: new Date("2026-11-01T10:00:00Z"),
};

describe("the welcome e-mail of a magic-link sign-up", () => {
  it("queues one task per account, carrying only its uid", async () => {
    const enqueued: unknown[] = [];
    const queue = welcomeQueueOver({
      enqueue: async (payload, options) => void enqueued.push({ payload, options }),
    });
    await queue.enqueue("anna");
    await queue.enqueue("anna");
    const [first, second] = enqueued as { payload: unknown; options: { id: string } }[];
    expect(first?.payload).toEqual({ uid: "anna" });
    expect(second?.options.id).toBe(first?.options.id);
  });

  it("sends the stored address its name and assistant; nothing for an account that is gone", async () => {
    const sent: OutgoingEmail[] = [];
    const mail = { send: async (message: OutgoingEmail) => void sent.push(message) };
    await expect(sendWelcome({ db: dbWith(ANNA), mail }, "anna")).resolves.toBe("sent");
    expect(sent[0]).toMatchObject({ to: "anna@example.it", subject: "Benvenuto su Vicino!" });
    expect(sent[0]?.text).toContain("Clemente");
    await expect(sendWelcome({ db: dbWith(undefined), mail }, "gone")).resolves.toBe("skipped");
    expect(sent).toHaveLength(1);
  });

  it("never sends from the sign-in's path when the queue takes it, and sends there when it cannot", async () => {
    const send = vi.fn(async () => undefined);
    await welcomeNewAccount(
      { db: dbWith(ANNA), mail: { send }, welcomeQueue: { enqueue: async () => undefined } },
      "anna",
    );
    expect(send).not.toHaveBeenCalled();
    const failing = { enqueue: async () => Promise.reject(new Error("Cloud Tasks unavailable")) };
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await welcomeNewAccount({ db: dbWith(ANNA), mail: { send }, welcomeQueue: failing }, "anna");
    expect(send).toHaveBeenCalledOnce();
    // And a refused send does not break the sign-in either.
    await expect(
      welcomeNewAccount(
        {
          db: dbWith(ANNA),
          mail: { send: async () => Promise.reject(new Error("smtp")) },
          welcomeQueue: failing,
        },
        "anna",
      ),
    ).resolves.toBeUndefined();
  });

  it("is a task function in europe-west8 with the SMTP secrets", () => {
    expect(deliverWelcomeEmail.__endpoint.region).toEqual(["europe-west8"]);
    expect(deliverWelcomeEmail.__endpoint.taskQueueTrigger).toBeDefined();
    expect(deliverWelcomeEmail.__endpoint.secretEnvironmentVariables?.map((s) => s.key).sort()).toEqual([
      "SMTP_PASS",
      "SMTP_USER",
    ]);
  });
});
