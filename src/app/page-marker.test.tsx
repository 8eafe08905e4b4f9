import { act, render, screen } from "@testing-library/react";
import { lazy, type ReactElement, Suspense } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PageMarker } from "./page-marker";

const page = () => document.documentElement.dataset.page;

describe("PageMarker", () => {
  it("marks the page on screen, and moves with navigation once the new page has rendered", async () => {
    let finishLoading: (module: { default: () => ReactElement }) => void = () => undefined;
    const Slow = lazy(
      () =>
        new Promise<{ default: () => ReactElement }>((resolve) => {
          finishLoading = resolve;
        }),
    );
    const router = createMemoryRouter(
      [
        { path: "/customer", element: <PageMarker>Dashboard</PageMarker> },
        {
          path: "/messages/:id",
          element: (
            <Suspense fallback="Caricamento">
              <PageMarker>
                <Slow />
              </PageMarker>
            </Suspense>
          ),
        },
      ],
      { initialEntries: ["/customer"] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByText("Dashboard");
    expect(page()).toBe("/customer");

    await act(() => router.navigate("/messages/a"));
    await screen.findByText("Caricamento");
    expect(page()).toBeUndefined();

    await act(async () => finishLoading({ default: () => <p>Chat</p> }));
    await screen.findByText("Chat");
    expect(page()).toBe("/messages/a");

    await act(() => router.navigate("/messages/b"));
    expect(page()).toBe("/messages/b");
  });
});
