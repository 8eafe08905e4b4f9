import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { type SessionValue, useSession } from "@/lib/session/session-provider";
import { SiteFooter } from "./site-footer";

vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));

function renderFooter(session: Partial<SessionValue>) {
  vi.mocked(useSession).mockReturnValue({ user: null, homePath: null, ...session } as SessionValue);
  render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );
  return within(screen.getByRole("navigation", { name: "Account" }));
}

describe("SiteFooter account links", () => {
  it("offers sign-in to a visitor", () => {
    const account = renderFooter({});
    expect(account.getByRole("link", { name: "Accedi o registrati" })).toHaveAttribute("href", "/auth");
    expect(account.queryByRole("link", { name: "Profilo" })).toBeNull();
  });

  it("offers the user's own area and profile once signed in", () => {
    const account = renderFooter({
      user: { uid: "m1" } as SessionValue["user"],
      homePath: "/merchant",
    });
    expect(account.getByRole("link", { name: "La tua area" })).toHaveAttribute("href", "/merchant");
    expect(account.getByRole("link", { name: "Profilo" })).toHaveAttribute("href", "/profile");
    expect(account.queryByRole("link", { name: "Accedi o registrati" })).toBeNull();
  });
});

describe("SiteFooter legal links", () => {
  it("links the privacy notice, the terms and the cookie page for everyone", () => {
    renderFooter({});
    const legal = within(screen.getByRole("navigation", { name: "Note legali" }));
    expect(legal.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy");
    expect(legal.getByRole("link", { name: "Termini d'uso" })).toHaveAttribute("href", "/termini");
    expect(legal.getByRole("link", { name: "Cookie" })).toHaveAttribute("href", "/cookie");
  });

  it("links 'Regole e trasparenza', signed in or not", () => {
    renderFooter({ user: { uid: "b1" } as SessionValue["user"], homePath: "/customer" });
    const legal = within(screen.getByRole("navigation", { name: "Note legali" }));
    expect(legal.getByRole("link", { name: "Regole e trasparenza" })).toHaveAttribute("href", "/regole");
  });
});
