import { render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type PlaceSearch, placeSearch } from "@/domain/geo/gazetteer";
import type { LatLng } from "@/domain/geo/geo";
import { PLACE_MESSAGES } from "@/domain/geo/place-messages";
import { BUYER_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { GAZETTEER_FIXTURE } from "@/testing/gazetteer-fixture";
import { setupUser } from "@/testing/user";
import { LocationCard } from "./location-card";

afterEach(() => {
  Reflect.deleteProperty(navigator, "geolocation");
});

type HarnessProps = {
  initialCoords: LatLng | null;
  onCoordsChange: (coords: LatLng) => void;
  loadPlaces: () => Promise<PlaceSearch>;
};

/** The card as /create holds it: address and coordinates in the page's state. */
function Harness({ initialCoords, onCoordsChange, loadPlaces }: HarnessProps) {
  const [address, setAddress] = useState("");
  const [coords, setCoords] = useState<LatLng | null>(initialCoords);
  return (
    <>
      <LocationCard
        address={address}
        onAddressChange={setAddress}
        coords={coords}
        onCoordsChange={(next) => {
          onCoordsChange(next);
          setCoords(next);
        }}
        radius={10}
        onRadiusChange={() => undefined}
        loadPlaces={loadPlaces}
      />
      <button type="button">Invia</button>
    </>
  );
}

/** Over the small fixture gazetteer, injected. */
function renderCard({
  initialCoords = null,
  loadPlaces = vi.fn(async () => placeSearch(GAZETTEER_FIXTURE)),
}: {
  initialCoords?: LatLng | null;
  loadPlaces?: () => Promise<PlaceSearch>;
} = {}) {
  const onCoordsChange = vi.fn();
  const user = setupUser();
  render(<Harness initialCoords={initialCoords} onCoordsChange={onCoordsChange} loadPlaces={loadPlaces} />);
  const input = screen.getByRole("combobox", { name: "Indirizzo o comune" });
  return { user, input, onCoordsChange, loadPlaces };
}

const status = () => screen.getByRole("status");

describe("LocationCard's place combobox", () => {
  it("says a place is needed to publish until one is given, and loads no places before typing", () => {
    const { input, loadPlaces } = renderCard();
    expect(status()).toHaveTextContent("per pubblicare la richiesta scegli il comune o usa la tua posizione");
    expect(status()).not.toHaveTextContent("Milano");
    expect(input).toHaveAttribute("aria-expanded", "false");
    expect(input).toHaveAttribute("aria-autocomplete", "list");
    expect(loadPlaces).not.toHaveBeenCalled();
  });

  it("suggests places as the buyer types: 'sesto' lists Sesto San Giovanni (MI)", async () => {
    const { user, input, loadPlaces } = renderCard();
    await user.type(input, "sesto");
    const list = await screen.findByRole("listbox", { name: PLACE_MESSAGES.suggestions });
    expect(input).toHaveAttribute("aria-expanded", "true");
    expect(input).toHaveAttribute("aria-controls", list.id);
    expect(
      within(list)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Sesto (BZ)", "Sesto San Giovanni (MI)", "Sesto Fiorentino (FI)", "Sesto Calende (VA)"]);
    expect(loadPlaces).toHaveBeenCalledTimes(1);
  });

  it("chooses with the keyboard: ArrowDown moves, Enter picks and sets the coordinates", async () => {
    const { user, input, onCoordsChange } = renderCard();
    await user.type(input, "sesto");
    await screen.findByRole("listbox");
    await user.keyboard("{ArrowDown}{ArrowDown}");
    const active = screen.getByRole("option", { name: "Sesto San Giovanni (MI)" });
    expect(input).toHaveAttribute("aria-activedescendant", active.id);
    expect(active).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Enter}");
    expect(onCoordsChange).toHaveBeenCalledExactlyOnceWith({ lat: 45.5333, lng: 9.2259 });
    expect(input).toHaveValue("Sesto San Giovanni (MI)");
    expect(input).toHaveAttribute("aria-expanded", "false");
    expect(input).not.toHaveAttribute("aria-activedescendant");
    expect(status()).toHaveTextContent("Posizione: Sesto San Giovanni (MI)");
    // Leaving the field after choosing does not resolve again.
    await user.tab();
    expect(onCoordsChange).toHaveBeenCalledOnce();
  });

  it("ArrowUp wraps to the last suggestion; Escape closes the list and keeps the text", async () => {
    const { user, input, onCoordsChange } = renderCard();
    await user.type(input, "mil");
    await screen.findByRole("listbox");
    await user.keyboard("{ArrowUp}");
    expect(input).toHaveAttribute(
      "aria-activedescendant",
      screen.getByRole("option", { name: "Milano Marittima (RA)" }).id,
    );
    await user.keyboard("{Escape}");
    expect(input).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(input).toHaveValue("mil");
    expect(onCoordsChange).not.toHaveBeenCalled();
    // ArrowDown opens it again.
    await user.keyboard("{ArrowDown}");
    expect(input).toHaveAttribute("aria-expanded", "true");
  });

  it("a tap on a suggestion completes the part after the last comma", async () => {
    const { user, input, onCoordsChange } = renderCard();
    await user.type(input, "Via Roma 5, cologno");
    await user.click(await screen.findByRole("option", { name: "Cologno Monzese (MI)" }));
    expect(input).toHaveValue("Via Roma 5, Cologno Monzese (MI)");
    expect(input).toHaveFocus();
    expect(onCoordsChange).toHaveBeenCalledExactlyOnceWith({ lat: 45.53, lng: 9.278 });
  });

  it("leaving the field with a full address finds the comune in it", async () => {
    const { user, input, onCoordsChange } = renderCard();
    await user.type(input, "Via Roma 5, Sesto San Giovanni (MI)");
    await user.click(screen.getByRole("button", { name: "Invia" }));
    expect(onCoordsChange).toHaveBeenCalledExactlyOnceWith({ lat: 45.5333, lng: 9.2259 });
    expect(status()).toHaveTextContent("Posizione: Sesto San Giovanni (MI)");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("an unknown place shows the alert and leaves the coordinates alone", async () => {
    const { user, input, onCoordsChange } = renderCard({ initialCoords: { lat: 45.4642, lng: 9.19 } });
    await user.type(input, "Parigi");
    await user.tab();
    expect(await screen.findByRole("alert")).toHaveTextContent(PLACE_MESSAGES.notFound);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(onCoordsChange).not.toHaveBeenCalled();
    expect(status()).toHaveTextContent(`${BUYER_MESSAGES.locationSaved}: 45.4642, 9.1900`);
    // Typing again clears the alert; a place that resolves moves the position.
    await user.clear(input);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.type(input, "Bari");
    await user.tab();
    expect(onCoordsChange).toHaveBeenCalledExactlyOnceWith({ lat: 41.1207, lng: 16.8698 });
  });

  it("says so when the list of places cannot be loaded", async () => {
    const loadPlaces = vi.fn(() => Promise.reject(new Error("offline")));
    const { user, input, onCoordsChange } = renderCard({ loadPlaces });
    await user.type(input, "Roma");
    await user.tab();
    expect(await screen.findByRole("alert")).toHaveTextContent(PLACE_MESSAGES.unavailable);
    expect(onCoordsChange).not.toHaveBeenCalled();
  });

  it("keeps the phone's fix when the comune typed is where the phone is", async () => {
    Object.defineProperty(navigator, "geolocation", {
      configurable: true,
      value: {
        getCurrentPosition: (success: PositionCallback) =>
          success({ coords: { latitude: 45.07, longitude: 7.69 } } as GeolocationPosition),
      },
    });
    const { user, input, onCoordsChange } = renderCard();
    await user.click(screen.getByRole("button", { name: "Usa la mia posizione" }));
    expect(await screen.findByText(`${BUYER_MESSAGES.locationFromPhone}: 45.0700, 7.6900`)).toBeVisible();
    expect(onCoordsChange).toHaveBeenCalledExactlyOnceWith({ lat: 45.07, lng: 7.69 });
    await user.type(input, "Via Po 2, Torino");
    await user.tab();
    expect(status()).toHaveTextContent("Posizione: Torino (TO)");
    expect(onCoordsChange).toHaveBeenCalledOnce();
    // Another comune moves it.
    await user.clear(input);
    await user.type(input, "Milano");
    await user.tab();
    expect(onCoordsChange).toHaveBeenLastCalledWith({ lat: 45.4643, lng: 9.1895 });
  });
});
