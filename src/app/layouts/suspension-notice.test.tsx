import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
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

let client = new QueryClient();
const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter>
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  </MemoryRouter>
);

/** A page's screen with its data, under the notice. */
let readChat: () => Promise<string> = async () => "";
function Screen() {
  useQuery({ queryKey: ["messages", "conversation", "c1"], queryFn: () => readChat(), staleTime: Infinity });
  return <SuspensionNotice />;
}

const shop = { id: "shop-1", displayName: "Elettronica Navigli", userType: "merchant", isFallback: false };

describe("SuspensionNotice", () => {
  beforeEach(() => {
    vi.mocked(useSession).mockReset();
    client = new QueryClient();
  });

  it("tells a suspended account why, with a way to object", async () => {
    vi.mocked(useSession).mockReturnValue(
      session({ ...shop, suspendedAt: new Date("2026-11-28T10:00:00Z") }),
    );
    render(<SuspensionNotice />, { wrapper });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(SUSPENSION_NOTICE.title);
    expect(alert).toHaveTextContent(SUSPENSION_NOTICE.body);
    expect(screen.getByRole("link", { name: LEGAL_CONTROLLER.supportEmail })).toHaveAttribute(
      "href",
      `mailto:${LEGAL_CONTROLLER.supportEmail}`,
    );
    // The decision's reasons and the request for review are one tap away.
    expect(screen.getByRole("link", { name: SUSPENSION_NOTICE.reasons })).toHaveAttribute(
      "href",
      "/profile#decisioni",
    );
  });

  it("says nothing to an account in good standing or to a visitor", () => {
    vi.mocked(useSession).mockReturnValue(session(shop));
    const { rerender } = render(<SuspensionNotice />, { wrapper });
    expect(screen.queryByRole("alert")).toBeNull();
    vi.mocked(useSession).mockReturnValue(session(null));
    rerender(<SuspensionNotice />);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("has the page read its data again the moment the account is suspended (the rules now refuse it)", async () => {
    const read = vi.fn(async () => "la chat");
    readChat = read;
    vi.mocked(useSession).mockReturnValue(session(shop));
    const { rerender } = render(<Screen />, { wrapper });
    await waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    rerender(<Screen />);
    expect(read).toHaveBeenCalledTimes(1);
    vi.mocked(useSession).mockReturnValue(session({ ...shop, suspendedAt: new Date() }));
    rerender(<Screen />);
    expect(screen.getByRole("alert")).toHaveTextContent(SUSPENSION_NOTICE.title);
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
  });
});
