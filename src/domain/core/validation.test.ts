import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  canSendChatMessage,
  isImageFileType,
  isSendKey,
  validateChatMessage,
  validateImageFile,
  validateWith,
} from "./validation.ts";

describe("validateChatMessage", () => {
  it("returns the trimmed text", () => {
    expect(validateChatMessage("  ciao  ")).toEqual({ ok: true, data: "ciao" });
  });

  it.each(["", "   ", "\n\t", undefined, null, 5, {}])("refuses %s", (input) => {
    expect(validateChatMessage(input)).toEqual({
      ok: false,
      message: "Scrivi un messaggio prima di inviarlo",
    });
  });

  it("refuses over-long text", () => {
    expect(validateChatMessage("a".repeat(2001))).toEqual({
      ok: false,
      message: "Il messaggio è troppo lungo",
    });
    expect(validateChatMessage("a".repeat(2000)).ok).toBe(true);
  });

  it("send button and Enter key", () => {
    expect(canSendChatMessage("ciao", false)).toBe(true);
    expect(canSendChatMessage("  ", false)).toBe(false);
    expect(canSendChatMessage("ciao", true)).toBe(false);
    expect(isSendKey({ key: "Enter", shiftKey: false })).toBe(true);
    expect(isSendKey({ key: "Enter", shiftKey: true })).toBe(false);
    expect(isSendKey({ key: "a", shiftKey: false })).toBe(false);
  });
});

describe("image files", () => {
  it("accepts only image/* types", () => {
    expect(isImageFileType("image/jpeg")).toBe(true);
    expect(isImageFileType("image/png")).toBe(true);
    expect(isImageFileType("application/pdf")).toBe(false);
    expect(isImageFileType("video/image")).toBe(false);
    expect(isImageFileType(undefined)).toBe(false);
    const file = { type: "image/webp", name: "x.webp" };
    expect(validateImageFile(file)).toEqual({ ok: true, data: file });
    for (const bad of [{ type: "text/plain" }, null, "image/png", {}]) {
      expect(validateImageFile(bad)).toEqual({ ok: false, message: "Puoi caricare solo immagini" });
    }
  });
});

describe("validateWith", () => {
  it("returns data or the first Italian message, never zod's English", () => {
    const schema = z.object({ name: z.string().min(1, { error: "Nome mancante" }), age: z.number() });
    expect(validateWith(schema, { name: "A", age: 3 })).toEqual({ ok: true, data: { name: "A", age: 3 } });
    expect(validateWith(schema, { name: "", age: 3 })).toEqual({ ok: false, message: "Nome mancante" });
    expect(validateWith(schema, { name: "A" })).toEqual({
      ok: false,
      message: "Dati non validi. Controlla i campi e riprova.",
    });
    expect(validateWith(schema, undefined).ok).toBe(false);
  });
});
