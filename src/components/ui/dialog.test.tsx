import { render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { setupUser } from "@/testing/user";
import { Button } from "./button";
import { Dialog, DialogFooter } from "./dialog";
import { Field } from "./field";
import { Input } from "./input";

function Demo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Rifiuta offerta</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Rifiuta l'offerta"
        description="Puoi indicare un motivo."
      >
        <Field label="Motivo">
          <Input defaultValue="Prezzo troppo alto" />
        </Field>
        <DialogFooter>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Annulla
          </Button>
          <Button variant="destructive">Rifiuta</Button>
        </DialogFooter>
      </Dialog>
    </>
  );
}

describe("Dialog", () => {
  it("is a labelled modal dialog that takes focus and closes on Escape, returning focus", async () => {
    const user = setupUser();
    render(<Demo />);
    const opener = screen.getByRole("button", { name: "Rifiuta offerta" });
    await user.click(opener);

    const dialog = screen.getByRole("dialog", { name: "Rifiuta l'offerta" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveAccessibleDescription("Puoi indicare un motivo.");
    expect(screen.getByRole("textbox", { name: "Motivo" })).toHaveFocus();
    expect(opener.closest("[inert]")).not.toBeNull();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(opener.closest("[inert]")).toBeNull();
  });

  it("keeps Tab inside the dialog", async () => {
    const user = setupUser();
    render(<Demo />);
    await user.click(screen.getByRole("button", { name: "Rifiuta offerta" }));
    const last = screen.getByRole("button", { name: "Rifiuta" });
    last.focus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Chiudi" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
  });

  it("closes with its close button", async () => {
    const user = setupUser();
    render(<Demo />);
    await user.click(screen.getByRole("button", { name: "Rifiuta offerta" }));
    await user.click(screen.getByRole("button", { name: "Chiudi" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
