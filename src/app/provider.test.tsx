import { useQuery } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AppProvider } from "./provider";

function FailingQuery() {
  useQuery({
    queryKey: ["richieste"],
    queryFn: () => Promise.reject(new Error("Errore nel caricare le richieste")),
    retry: false,
  });
  return null;
}

describe("AppProvider", () => {
  it("turns a failed query into the destructive 'Errore' toast", async () => {
    render(
      <AppProvider>
        <FailingQuery />
      </AppProvider>,
    );
    const region = await screen.findByRole("region", { name: /Notifiche/ });
    expect(await screen.findByText("Errore", { selector: "li *" })).toBeVisible();
    expect(region).toHaveTextContent("Errore nel caricare le richieste");
  });
});
