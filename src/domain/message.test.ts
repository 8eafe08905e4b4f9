import { describe, expect, it } from "vitest";
import {
  countUnreadAcross,
  formatUnreadCount,
  type RecentThread,
  UNREAD_BADGE_CAP,
  unreadLabel,
} from "./message.ts";
import { buildMessageWrite } from "./message-document.ts";

const fromShop = (readBy: string[] = ["m1"]) => ({ senderId: "m1", readBy });
const mine = { senderId: "c1", readBy: ["c1"] };

describe("countUnreadAcross", () => {
  const threads: RecentThread[] = [
    { conversationId: "a", messages: [fromShop(), fromShop(), mine] },
    { conversationId: "b", messages: [fromShop(["m1", "c1"]), fromShop()] },
    { conversationId: "c", messages: undefined },
    { conversationId: "d", messages: [] },
  ];

  it("adds up the others' unread messages of every conversation", () => {
    expect(countUnreadAcross(threads, "c1")).toBe(3);
  });

  it("counts from each participant's side", () => {
    // The shop wrote the others; only the buyer's message in "a" is news to it.
    expect(countUnreadAcross(threads, "m1")).toBe(1);
    expect(
      countUnreadAcross([{ conversationId: "a", messages: [mine, { ...mine, readBy: ["c1", "m1"] }] }], "m1"),
    ).toBe(1);
  });

  it("leaves out the conversation open on screen", () => {
    expect(countUnreadAcross(threads, "c1", "a")).toBe(1);
    expect(countUnreadAcross(threads, "c1", "b")).toBe(2);
    expect(countUnreadAcross(threads, "c1", "other")).toBe(3);
  });

  it("is 0 with no conversations or nothing loaded yet", () => {
    expect(countUnreadAcross([], "c1")).toBe(0);
    expect(countUnreadAcross([{ conversationId: "a", messages: undefined }], "c1")).toBe(0);
  });
});

describe("formatUnreadCount", () => {
  it("shows the count below the cap and '50+' from it on", () => {
    expect(UNREAD_BADGE_CAP).toBe(50);
    expect(formatUnreadCount(1)).toBe("1");
    expect(formatUnreadCount(49)).toBe("49");
    expect(formatUnreadCount(50)).toBe("50+");
    expect(formatUnreadCount(120)).toBe("50+");
  });
});

describe("unreadLabel", () => {
  it("says the count in Italian, singular for one, capped like the badge", () => {
    expect(unreadLabel(1)).toBe("1 non letto");
    expect(unreadLabel(3)).toBe("3 non letti");
    expect(unreadLabel(75)).toBe("50+ non letti");
  });
});

describe("buildMessageWrite's lastMessage", () => {
  it("names the message it echoes (the rules check it exists with the same sender and content)", () => {
    const input = {
      conversationId: "r1_shop",
      senderName: "Negozio",
      senderType: "merchant",
      content: "Ciao",
    } as const;
    const now = () => "NOW";
    expect(buildMessageWrite("shop", input, now, "m9").conversationUpdate.lastMessage).toEqual({
      id: "m9",
      content: "Ciao",
      senderId: "shop",
      timestamp: "NOW",
    });
    expect(buildMessageWrite("shop", input, now).conversationUpdate.lastMessage).not.toHaveProperty("id");
  });
});
