import { describe, expect, it } from "vitest";
import { formatUnreadCount, UNREAD_BADGE_CAP, unreadLabel } from "./message.ts";
import { buildMessageWrite } from "./message-document.ts";

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
