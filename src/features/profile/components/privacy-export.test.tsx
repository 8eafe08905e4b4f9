import { screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { PRIVACY_MESSAGES } from "@/domain/people/trust-messages";
import { renderPage } from "@/testing/render-page";
import { findToast } from "@/testing/toasts";
import { PrivacyTools } from "./privacy-tools";

type Export = { fileName: string; exportedAt: string; data: Record<string, unknown> };
const privacy = vi.hoisted(() => ({ exportMyData: vi.fn(), deleteMyAccount: vi.fn() }));
vi.mock("@/data/privacy", () => privacy);
vi.mock("@/data/reauth", () => ({ reauthMethod: vi.fn(), reauthenticate: vi.fn() }));
vi.mock("@/data/moderation", () => ({ listMyReports: vi.fn(), listMyBlocks: vi.fn(), setBlock: vi.fn() }));

/** The tools, mounted again (a new key) when 'Di nuovo' is pressed, as a page re-rendering would. */
function Remounting() {
  const [round, setRound] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setRound((value) => value + 1)}>
        Di nuovo
      </button>
      <PrivacyTools key={round} onDeleted={() => undefined} />
    </>
  );
}

describe("'Scarica i miei dati'", () => {
  it("says the file is ready even when the tools were mounted again while the export ran", async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => "blob:export"), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    let finish: (value: Export) => void = () => undefined;
    privacy.exportMyData.mockReturnValue(
      new Promise<Export>((resolve) => {
        finish = resolve;
      }),
    );
    const { user } = renderPage(<Remounting />, { path: "/profile" });
    await user.click(screen.getByRole("button", { name: PRIVACY_MESSAGES.exportTitle }));
    await user.click(screen.getByRole("button", { name: "Di nuovo" }));
    finish({ fileName: "vicino-dati.json", exportedAt: "2026-11-30T10:00:00.000Z", data: {} });
    await findToast(PRIVACY_MESSAGES.exportReady);
    expect(privacy.exportMyData).toHaveBeenCalledTimes(1);
  });
});
