import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setupUser } from "@/testing/user";
import { Tab, TabList, TabPanel, Tabs } from "./tabs";

function Demo() {
  return (
    <Tabs defaultValue="login">
      <TabList aria-label="Modalità di accesso">
        <Tab value="login">Accedi</Tab>
        <Tab value="register">Registrati</Tab>
        <Tab value="magic">Link magico</Tab>
      </TabList>
      <TabPanel value="login">Pannello accesso</TabPanel>
      <TabPanel value="register">Pannello registrazione</TabPanel>
      <TabPanel value="magic">Pannello link</TabPanel>
    </Tabs>
  );
}

describe("Tabs", () => {
  it("wires tabs to panels and shows only the selected panel", () => {
    render(<Demo />);
    const tab = screen.getByRole("tab", { name: "Accedi" });
    expect(screen.getByRole("tablist", { name: "Modalità di accesso" })).toBeInTheDocument();
    expect(tab).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Accedi" })).toHaveTextContent("Pannello accesso");
    expect(screen.getAllByRole("tabpanel")).toHaveLength(1);
  });

  it("moves with the arrow keys (wrapping), Home and End, selecting as it goes", async () => {
    const user = setupUser();
    render(<Demo />);
    await user.tab();
    expect(screen.getByRole("tab", { name: "Accedi" })).toHaveFocus();

    await user.keyboard("{ArrowRight}");
    const register = screen.getByRole("tab", { name: "Registrati" });
    expect(register).toHaveFocus();
    expect(register).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Registrati" })).toHaveTextContent("Pannello registrazione");

    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Accedi" })).toHaveFocus();

    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "Link magico" })).toHaveFocus();

    await user.keyboard("{Home}");
    expect(screen.getByRole("tab", { name: "Accedi" })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "Link magico" })).toHaveAttribute("aria-selected", "true");
  });

  it("keeps only the selected tab in the Tab order, then moves on to the panel", async () => {
    const user = setupUser();
    render(<Demo />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole("tabpanel", { name: "Accedi" })).toHaveFocus();
  });

  it("selects on click", async () => {
    const user = setupUser();
    render(<Demo />);
    await user.click(screen.getByRole("tab", { name: "Link magico" }));
    expect(screen.getByRole("tabpanel", { name: "Link magico" })).toHaveTextContent("Pannello link");
  });
});
