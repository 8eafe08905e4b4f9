import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Field } from "./field";
import { Input } from "./input";
import { Select } from "./select";
import { Textarea } from "./textarea";

describe("Field", () => {
  it("labels the control and describes it with hint and error", () => {
    render(
      <Field label="Email" hint="Ti scriviamo solo per l'accesso." error="Formato email non valido." required>
        <Input type="email" />
      </Field>,
    );
    const input = screen.getByRole("textbox", { name: /Email/ });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Ti scriviamo solo per l'accesso. Formato email non valido.");
    expect(screen.getByRole("alert")).toHaveTextContent("Formato email non valido.");
  });

  it("leaves a valid control unmarked", () => {
    render(
      <>
        <Field label="Descrizione">
          <Textarea />
        </Field>
        <Field label="Raggio">
          <Select defaultValue="10">
            <option value="5">5 km</option>
            <option value="10">10 km</option>
          </Select>
        </Field>
      </>,
    );
    expect(screen.getByRole("textbox", { name: "Descrizione" })).not.toHaveAttribute("aria-invalid");
    expect(screen.getByRole("combobox", { name: "Raggio" })).toHaveValue("10");
  });
});
