import { describe, expect, it } from "vitest";
import { ERROR_MESSAGES } from "../core/common-messages.ts";
import {
  callableErrorCode,
  callableErrorMessage,
  errorMessage,
  FAILURE_REASONS,
  failureDetails,
  failureReason,
  isDisplayableMessage,
} from "./errors.ts";

describe("callableErrorMessage", () => {
  it("shows a catalogue message sent by a function", () => {
    const error = { code: "functions/failed-precondition", message: "Richiesta non trovata" };
    expect(callableErrorMessage(error, ERROR_MESSAGES.acceptOffer)).toBe("Richiesta non trovata");
  });

  it("shows the state machine's refusals, told by their code", () => {
    const error = {
      code: "functions/failed-precondition",
      message: "Operazione non consentita: la richiesta è completata.",
      details: failureDetails(FAILURE_REASONS.transitionRefused),
    };
    expect(callableErrorMessage(error)).toBe("Operazione non consentita: la richiesta è completata.");
    // The code, not the words: a reworded refusal is shown, a lookalike without the code is not.
    expect(callableErrorMessage({ ...error, message: "Non si può: la richiesta è chiusa." })).toBe(
      "Non si può: la richiesta è chiusa.",
    );
    const { details: _details, ...lookalike } = error;
    expect(callableErrorMessage(lookalike, ERROR_MESSAGES.acceptOffer)).toBe(ERROR_MESSAGES.acceptOffer);
    // Nor the text of an error that only wraps one.
    const wrapped = Object.assign(new Error("internal"), { cause: error });
    expect(callableErrorMessage(wrapped, ERROR_MESSAGES.acceptOffer)).toBe(ERROR_MESSAGES.acceptOffer);
  });

  it("never shows an unknown (English) message: code mapping or fallback", () => {
    expect(
      callableErrorMessage({ code: "functions/internal", message: "internal" }, ERROR_MESSAGES.sendOffer),
    ).toBe("Errore nell'invio dell'offerta. Riprova.");
    expect(callableErrorMessage({ code: "functions/unauthenticated", message: "x" })).toBe(
      "Devi accedere per continuare.",
    );
    expect(
      callableErrorMessage({ code: "permission-denied", message: "Missing or insufficient permissions." }),
    ).toBe("Non hai i permessi per questa operazione.");
    expect(callableErrorMessage({ code: "unavailable" })).toBe(
      "Errore di connessione. Controlla la tua connessione internet.",
    );
    expect(callableErrorMessage({ code: "functions/resource-exhausted" })).toBe(
      "Troppi tentativi. Riprova più tardi.",
    );
    expect(callableErrorMessage(new Error("boom"))).toBe("Si è verificato un errore. Riprova.");
    expect(callableErrorMessage(undefined, "X")).toBe("X");
  });

  it("strips prefixes from codes", () => {
    expect(callableErrorCode("functions/not-found")).toBe("not-found");
    expect(callableErrorCode("firestore/aborted")).toBe("aborted");
    expect(callableErrorCode("auth/user-not-found")).toBeUndefined();
    expect(callableErrorCode(3)).toBeUndefined();
  });
});

describe("errorMessage", () => {
  it("routes auth codes to the auth texts", () => {
    expect(errorMessage({ code: "auth/user-not-found", message: "Firebase: Error" })).toBe(
      "Utente non trovato. Controlla l'email inserita.",
    );
    expect(errorMessage({ code: "functions/not-found", message: "Richiesta non trovata" })).toBe(
      "Richiesta non trovata",
    );
    expect(errorMessage("Errore nel caricare i messaggi")).toBe("Errore nel caricare i messaggi");
  });

  it("knows which messages are displayable", () => {
    expect(isDisplayableMessage("Login annullato dall'utente.")).toBe(true);
    expect(isDisplayableMessage("internal")).toBe(false);
    expect(isDisplayableMessage(5)).toBe(false);
  });

  it("shows a callable's catalogue text even with the HTTP status firebase/functions appends", () => {
    const error = Object.assign(new Error("Token non valido o scaduto [400]"), {
      code: "functions/failed-precondition",
    });
    expect(callableErrorMessage(error, "fallback")).toBe("Token non valido o scaduto");
  });
});

describe("failureReason", () => {
  it("reads the reason a refusal carries in its details, whatever its text", () => {
    const refusal = Object.assign(new Error("Un testo qualsiasi"), {
      code: "functions/failed-precondition",
      details: failureDetails(FAILURE_REASONS.planRequired),
    });
    expect(failureReason(refusal)).toBe("plan-required");
    // Also through the app's wrapping (failWith keeps the refusal as its cause).
    expect(failureReason(new Error("Errore nell'invio", { cause: refusal }))).toBe("plan-required");
  });

  it("is undefined without details, with an unknown reason, or for anything thrown", () => {
    expect(failureReason(new Error("Il piano è scaduto"))).toBeUndefined();
    expect(failureReason({ details: { reason: "qualcos-altro" } })).toBeUndefined();
    expect(failureReason({ details: "plan-required" })).toBeUndefined();
    expect(failureReason(null)).toBeUndefined();
    expect(failureReason("plan-required")).toBeUndefined();
  });
});
