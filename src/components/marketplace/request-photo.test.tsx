import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fetchRequestPhotos } from "@/data/request-photos";
import type { RequestPhoto } from "@/domain/marketplace/request-photo";
import { setupUser } from "@/testing/user";
import { RequestPhotos } from "./request-photo";

vi.mock("@/data/request-photos", () => ({ fetchRequestPhotos: vi.fn() }));

const photo = (id: string): RequestPhoto => ({
  id,
  requestId: "r1",
  customerId: "buyer",
  contentType: "image/jpeg",
  data: `/9j/${id}AAAA`,
  width: 640,
  height: 480,
  bytes: 9,
  createdAt: new Date("2026-11-20T10:00:00Z"),
});

function renderPhotos(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = setupUser();
  render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
  return { user };
}

describe("RequestPhotos", () => {
  beforeEach(() => {
    vi.mocked(fetchRequestPhotos).mockReset();
  });

  it("reads nothing and shows nothing when the request has no photo", () => {
    renderPhotos(<RequestPhotos requestId="r1" productName="Trapano" photoCount={undefined} />);
    expect(screen.queryByRole("button")).toBeNull();
    expect(fetchRequestPhotos).not.toHaveBeenCalled();
  });

  it("shows a thumbnail with an Italian alt text that enlarges in a dialog; Esc closes and focus returns", async () => {
    vi.mocked(fetchRequestPhotos).mockResolvedValue([photo("p1")]);
    const { user } = renderPhotos(<RequestPhotos requestId="r1" productName="Trapano" photoCount={1} />);
    expect(screen.getByTestId("request-photo-loading")).toBeInTheDocument();
    const thumbnail = await screen.findByRole("button", { name: "Ingrandisci la foto di Trapano" });
    expect(screen.getByRole("img", { name: "Foto allegata dall'acquirente: Trapano" })).toHaveAttribute(
      "src",
      "data:image/jpeg;base64,/9j/p1AAAA",
    );
    expect(fetchRequestPhotos).toHaveBeenCalledWith("r1");

    await user.click(thumbnail);
    const dialog = screen.getByRole("dialog", { name: "Foto della richiesta" });
    expect(dialog).toHaveAccessibleDescription("Trapano");
    expect(Array.from(dialog.querySelectorAll("img")).map((image) => image.getAttribute("alt"))).toEqual([
      "Foto allegata dall'acquirente: Trapano",
    ]);

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(thumbnail).toHaveFocus();
  });

  it("opens with the keyboard and closes with 'Chiudi'", async () => {
    vi.mocked(fetchRequestPhotos).mockResolvedValue([photo("p1"), photo("p2")]);
    const { user } = renderPhotos(
      <RequestPhotos requestId="r1" productName="Lampada" photoCount={2} size="md" />,
    );
    const thumbnails = await screen.findAllByRole("button", { name: "Ingrandisci la foto di Lampada" });
    expect(thumbnails).toHaveLength(2);
    thumbnails[1]?.focus();
    await user.keyboard("{Enter}");
    const dialog = screen.getByRole("dialog", { name: "Foto della richiesta" });
    expect(dialog.querySelector("img")?.getAttribute("src")).toBe("data:image/jpeg;base64,/9j/p2AAAA");
    await user.click(screen.getByRole("button", { name: "Chiudi" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("says the photo could not be loaded when the read fails (a shop that lost the request)", async () => {
    vi.mocked(fetchRequestPhotos).mockRejectedValue(new Error("permission-denied"));
    renderPhotos(<RequestPhotos requestId="r1" productName="Trapano" photoCount={1} />);
    expect(await screen.findByText("Non è stato possibile caricare la foto.")).toBeInTheDocument();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("with the request's thumbnail, shows it and '+N' without reading a photo; opening it reads them all", async () => {
    vi.mocked(fetchRequestPhotos).mockResolvedValue([photo("p1"), photo("p2"), photo("p3")]);
    const { user } = renderPhotos(
      <RequestPhotos
        requestId="r1"
        productName="Trapano"
        photoCount={3}
        thumbnail={{ data: "/9j/thumbAAAA", width: 128, height: 96 }}
      />,
    );
    expect(screen.getByRole("img", { name: "Foto allegata dall'acquirente: Trapano" })).toHaveAttribute(
      "src",
      "data:image/jpeg;base64,/9j/thumbAAAA",
    );
    expect(screen.getByText("+2")).toBeInTheDocument();
    expect(fetchRequestPhotos).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Ingrandisci la foto di Trapano" }));
    const dialog = screen.getByRole("dialog", { name: "Foto della richiesta" });
    await waitFor(() => expect(dialog.querySelectorAll("img")).toHaveLength(3));
    expect(fetchRequestPhotos).toHaveBeenCalledWith("r1");
    expect(dialog.querySelector("img")).toHaveAttribute("src", "data:image/jpeg;base64,/9j/p1AAAA");
    await user.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "Ingrandisci la foto di Trapano" })).toHaveFocus();
  });

  it("with a thumbnail, says so in the dialog when the photos cannot be read", async () => {
    vi.mocked(fetchRequestPhotos).mockRejectedValue(new Error("offline"));
    const { user } = renderPhotos(
      <RequestPhotos
        requestId="r1"
        productName="Trapano"
        photoCount={1}
        thumbnail={{ data: "/9j/thumbAAAA", width: 128, height: 96 }}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Ingrandisci la foto di Trapano" }));
    expect(await screen.findByText("Non è stato possibile caricare la foto.")).toBeInTheDocument();
  });
});
