import { describe, expect, it } from "vitest";
import { defaultDisplayName } from "./accounts";

describe("the display name a magic-link account starts with", () => {
  it("is the address's local part, unless it passes for the platform", () => {
    expect(defaultDisplayName("giulia.rossi@example.it")).toBe("giulia.rossi");
    expect(defaultDisplayName("admin@example.it")).toBe("Utente");
    expect(defaultDisplayName("supporto.vicino@example.it")).toBe("Utente");
    expect(defaultDisplayName("@example.it")).toBe("Utente");
  });
});
