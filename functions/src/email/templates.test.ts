import { describe, expect, it } from "vitest";
import { escapeHtml, renderEmail } from "./templates";

describe("renderEmail", () => {
  it("ends every e-mail, text and HTML, with the link to the privacy notice", () => {
    const privacy = "http://127.0.0.1:5173/privacy";
    for (const email of [
      renderEmail({ type: "welcome", displayName: "Giulia", userType: "customer" }),
      renderEmail({ type: "password-reset", link: "http://127.0.0.1:5173/x" }),
      renderEmail({ type: "magic-link", link: "http://127.0.0.1:5173/y", userType: "customer" }),
    ]) {
      expect(email.text).toContain(`Informativa sulla privacy: ${privacy}`);
      expect(email.html).toContain(`href="${privacy}"`);
    }
  });

  it("names Clemente in the buyer's welcome and Leonardo in the merchant's", () => {
    const buyer = renderEmail({ type: "welcome", displayName: "Giulia", userType: "customer" });
    const merchant = renderEmail({ type: "welcome", displayName: "Ferramenta Rossi", userType: "merchant" });
    expect(buyer.subject).toBe("Benvenuto su Vicino!");
    expect(buyer.text).toContain("Clemente");
    expect(buyer.text).not.toContain("Leonardo");
    expect(merchant.html).toContain("Leonardo");
    expect(merchant.text).toContain("Ciao Ferramenta Rossi,");
  });

  it("escapes user-provided names in the HTML part", () => {
    const email = renderEmail({ type: "welcome", displayName: "<script>x</script>", userType: "customer" });
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;");
  });

  it("puts the link in both parts of the reset and magic-link e-mails", () => {
    const link = "http://127.0.0.1:5173/magic-link-auth?token=abc&x=1";
    for (const email of [
      renderEmail({ type: "password-reset", link }),
      renderEmail({ type: "magic-link", link, userType: "merchant" }),
    ]) {
      expect(email.text).toContain(link);
      expect(email.html).toContain(escapeHtml(link));
    }
    expect(renderEmail({ type: "magic-link", link, userType: "merchant" }).text).toContain("negoziante");
  });
});
