import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TermsBanner } from "./terms-banner";

afterEach(() => vi.useRealTimers());

describe("the shop's banner of changes to the terms", () => {
  it("shows the change with its date until it applies, then nothing", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-10T10:00:00Z"));
    const { unmount } = render(
      <MemoryRouter>
        <TermsBanner />
      </MemoryRouter>,
    );
    const banner = screen.getByRole("region", { name: "Modifiche annunciate ai Termini d'uso" });
    expect(banner).toHaveTextContent("In vigore dal 1 gennaio 2027: Recensioni e decisioni dei moderatori.");
    expect(screen.getByRole("link", { name: /tutte le date/ })).toHaveAttribute("href", "/regole");
    unmount();
    vi.setSystemTime(new Date("2027-01-02T10:00:00Z"));
    render(
      <MemoryRouter>
        <TermsBanner />
      </MemoryRouter>,
    );
    expect(screen.queryByRole("region")).toBeNull();
  });
});
