import { describe, expect, it } from "vitest";
import { UNREAD_BADGE_CAP } from "../marketplace/message.ts";
import {
  anyNews,
  countMessage,
  NO_UNREAD,
  newNotifications,
  newsAtFirstSnapshot,
  newsBetween,
  UNREAD_COUNTED_IDS,
  type UnreadCounts,
  type UnreadEntry,
  unreadCountsSchema,
  unreadIn,
  unreadTotal,
  unreadWrites,
} from "./unread-counts.ts";

const entry = (messages: number, offer = false, counted: string[] = []): UnreadEntry => ({
  messages,
  offer,
  counted,
});

describe("countMessage", () => {
  it("starts a conversation's entry with its first message", () => {
    expect(countMessage(undefined, "m1")).toEqual(entry(1, false, ["m1"]));
  });

  it("adds one per new message and keeps the new offer's mark", () => {
    expect(countMessage(entry(2, true, ["m1", "m2"]), "m3")).toEqual(entry(3, true, ["m1", "m2", "m3"]));
  });

  it("counts a redelivered message once, even after later ones (triggers come in any order)", () => {
    const first = countMessage(undefined, "m1");
    const second = countMessage(first ?? undefined, "m2");
    expect(countMessage(second ?? undefined, "m1")).toBeNull();
    expect(countMessage(second ?? undefined, "m2")).toBeNull();
  });

  it("remembers only the last UNREAD_COUNTED_IDS ids, so the entry stays small", () => {
    let current: UnreadEntry | undefined;
    for (let index = 0; index < UNREAD_COUNTED_IDS + 5; index += 1) {
      current = countMessage(current, `m${index}`) ?? current;
    }
    expect(current?.messages).toBe(UNREAD_COUNTED_IDS + 5);
    expect(current?.counted).toHaveLength(UNREAD_COUNTED_IDS);
    expect(current?.counted.at(-1)).toBe(`m${UNREAD_COUNTED_IDS + 4}`);
    expect(current?.counted[0]).toBe("m5");
  });

  it("stops at the badge's cap ('50+')", () => {
    expect(countMessage(entry(UNREAD_BADGE_CAP), "late")?.messages).toBe(UNREAD_BADGE_CAP);
  });
});

describe("unreadIn and unreadTotal", () => {
  const counts: UnreadCounts = {
    conversations: { a: entry(2), b: entry(0, true), c: entry(3, true) },
  };

  it("counts a conversation's messages and its new offer as one more", () => {
    expect(unreadIn(counts, "a")).toBe(2);
    expect(unreadIn(counts, "b")).toBe(1);
    expect(unreadIn(counts, "c")).toBe(4);
    expect(unreadIn(counts, "gone")).toBe(0);
  });

  it("adds up every conversation, leaving out the one open on screen", () => {
    expect(unreadTotal(counts)).toBe(7);
    expect(unreadTotal(counts, "c")).toBe(3);
    expect(unreadTotal(counts, "other")).toBe(7);
  });

  it("adds up only the listed conversations when asked", () => {
    expect(unreadTotal(counts, undefined, ["a", "b", "unknown"])).toBe(3);
    expect(unreadTotal(counts, "a", ["a", "b"])).toBe(1);
  });

  it("is 0 before the document arrives, and for a user who has none", () => {
    expect(unreadTotal(undefined)).toBe(0);
    expect(unreadTotal(null, "a")).toBe(0);
    expect(unreadTotal(NO_UNREAD)).toBe(0);
    expect(unreadIn(null, "a")).toBe(0);
  });
});

describe("the stored document", () => {
  it("reads the functions' partial entries with their defaults", () => {
    // submitOffer merges only `offer`; the trigger only `messages` and `counted`.
    expect(unreadCountsSchema.parse({ conversations: { a: { offer: true }, b: { messages: 2 } } })).toEqual({
      conversations: { a: entry(0, true), b: entry(2) },
    });
    expect(unreadCountsSchema.parse({})).toEqual(NO_UNREAD);
  });

  it("carries the bell's count of new notifications: 0 when absent or malformed", () => {
    expect(newNotifications(unreadCountsSchema.parse({ notifications: 7 }))).toBe(7);
    expect(newNotifications(unreadCountsSchema.parse({ notifications: -2 }))).toBe(0);
    expect(newNotifications(unreadCountsSchema.parse({ notifications: "3" }))).toBe(0);
    expect(newNotifications(undefined)).toBe(0);
    expect(unreadWrites.notificationsSeen()).toEqual({ notifications: 0 });
  });

  it("refuses what no writer stores", () => {
    expect(unreadCountsSchema.safeParse({ conversations: { a: { messages: -1 } } }).success).toBe(false);
    expect(unreadCountsSchema.safeParse({ conversations: { a: { offer: "yes" } } }).success).toBe(false);
  });

  it("merges writes that each touch one conversation", () => {
    const counted = countMessage(undefined, "m1");
    expect(counted && unreadWrites.message("a", counted)).toEqual({
      conversations: { a: { messages: 1, counted: ["m1"] } },
    });
    expect(unreadWrites.offer("a")).toEqual({ conversations: { a: { offer: true } } });
    expect(unreadWrites.clear("a", () => "DELETE")).toEqual({ conversations: { a: "DELETE" } });
  });
});

describe("newsBetween and anyNews", () => {
  const counts = (value: unknown) => unreadCountsSchema.parse(value);
  const before = counts({
    notifications: 2,
    conversations: { c1: { messages: 1 }, c2: { offer: true } },
  });

  it("tells new offers, more messages and more notifications apart", () => {
    const after = counts({
      notifications: 3,
      conversations: { c1: { messages: 2 }, c2: { offer: true }, c3: { offer: true, messages: 1 } },
    });
    expect(newsBetween(before, after)).toEqual({
      notifications: true,
      deals: false,
      offers: ["c3"],
      messages: ["c1", "c3"],
    });
    expect(anyNews(newsBetween(before, after))).toBe(true);
    // A deal moved without a notification (a rating received).
    const rated = newsBetween(before, { ...before, deals: 1 });
    expect(rated).toEqual({ notifications: false, deals: true, offers: [], messages: [] });
    expect(anyNews(rated)).toBe(true);
  });

  it("is nothing when counts only go down (the bell opened, a chat read) or stay", () => {
    const after = counts({ notifications: 0, conversations: { c2: { offer: true } } });
    expect(newsBetween(before, after)).toEqual({
      notifications: false,
      deals: false,
      offers: [],
      messages: [],
    });
    expect(anyNews(newsBetween(before, before))).toBe(false);
  });

  it("leaves out the messages of the chat open on screen, but not its new offer", () => {
    const message = newsBetween(
      before,
      counts({ ...before, conversations: { ...before.conversations, c1: { messages: 4 } } }),
    );
    expect(anyNews(message, "c1")).toBe(false);
    expect(anyNews(message, "c9")).toBe(true);
    const offer = newsBetween(
      before,
      counts({ ...before, conversations: { ...before.conversations, c1: { messages: 1, offer: true } } }),
    );
    expect(anyNews(offer, "c1")).toBe(true);
  });
});

describe("newsAtFirstSnapshot", () => {
  const readSince = new Date("2026-11-29T10:00:00Z");
  const counts = (changedAt?: string) =>
    unreadCountsSchema.parse({
      notifications: 1,
      conversations: { c1: { messages: 2 }, c2: { offer: true }, c3: {} },
      ...(changedAt ? { changedAt: new Date(changedAt) } : {}),
    });

  it("is nothing when the functions counted nothing since a while before the screen read", () => {
    expect(newsAtFirstSnapshot(counts("2026-11-29T09:58:00Z"), readSince, 30_000)).toEqual({
      notifications: false,
      deals: false,
      offers: [],
      messages: [],
    });
    expect(newsAtFirstSnapshot(counts(), readSince, 30_000).notifications).toBe(false);
  });

  it("is everything it holds when they counted just before the screen read, or since", () => {
    const everything = { notifications: true, deals: true, offers: ["c2"], messages: ["c1"] };
    expect(newsAtFirstSnapshot(counts("2026-11-29T09:59:45Z"), readSince, 30_000)).toEqual(everything);
    expect(newsAtFirstSnapshot(counts("2026-11-29T10:00:05Z"), readSince, 30_000)).toEqual(everything);
  });
});
