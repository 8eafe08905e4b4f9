import { beforeEach, describe, expect, it, vi } from "vitest";

const session = vi.hoisted(() => ({ uid: null as string | null, restored: false }));

vi.mock("./auth", () => ({
  isSignedInAs: vi.fn(async (uid: string) => session.restored && session.uid === uid),
}));
vi.mock("./firebase", () => ({ getDb: vi.fn(async () => ({ full: true })) }));

const { withOwnFirestore } = await import("./listen");

describe("withOwnFirestore: a write to one's own documents", () => {
  beforeEach(() => {
    session.uid = "buyer";
    session.restored = true;
  });

  it("runs while the session is the owner's", async () => {
    const work = vi.fn(async () => "written");
    await expect(withOwnFirestore("buyer", work)).resolves.toBe("written");
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("sends nothing when nobody is signed in (Auth still restoring, or signed out)", async () => {
    session.restored = false;
    const work = vi.fn(async () => "written");
    await expect(withOwnFirestore("buyer", work)).resolves.toBeUndefined();
    session.restored = true;
    session.uid = null;
    await expect(withOwnFirestore("buyer", work)).resolves.toBeUndefined();
    expect(work).not.toHaveBeenCalled();
  });

  it("sends nothing when another account is now signed in", async () => {
    session.uid = "shop";
    const work = vi.fn(async () => "written");
    await expect(withOwnFirestore("buyer", work)).resolves.toBeUndefined();
    expect(work).not.toHaveBeenCalled();
  });
});
