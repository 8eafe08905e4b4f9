import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LEGAL_CONTROLLER } from "@/domain/legal/legal";
import { SUSPENSION_NOTICE } from "@/domain/people/trust-messages";
import { type SessionValue, useSession } from "@/lib/session/session-provider";
import { SuspensionNotice } from "./suspension-notice";

vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));

function session(userData: Record<string, unknown> | null): SessionValue {
  return {
    loading: false,
    user: userData ? { uid: "shop-1", email: "negozio@example.com" } : null,
    userData,
    homePath: userData ? "/merchant" : null,
  } as unknown as SessionValue;
}

const shop = { id: "shop-1", displayName: "Elettronica Navigli", userType: "merchant", isFallback: false };

describe("SuspensionNotice", () => {
  beforeEach(() => vi.mocked(useSession).mockReset());

  it("tells a suspended account why, with a way to object", () => {
    vi.mocked(useSession).mockReturnValue(
      session({ ...shop, suspendedAt: new Date("2026-11-28T10:00:00Z") }),
    );
    render(<SuspensionNotice />);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(SUSPENSION_NOTICE.title);
    expect(alert).toHaveTextContent(SUSPENSION_NOTICE.body);
    expect(screen.getByRole("link", { name: LEGAL_CONTROLLER.supportEmail })).toHaveAttribute(
      "href",
      `mailto:${LEGAL_CONTROLLER.supportEmail}`,
    );
  });

  it("says nothing to an account in good standing or to a visitor", () => {
    vi.mocked(useSession).mockReturnValue(session(shop));
    const { rerender } = render(<SuspensionNotice />);
    expect(screen.queryByRole("alert")).toBeNull();
    vi.mocked(useSession).mockReturnValue(session(null));
    rerender(<SuspensionNotice />);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
