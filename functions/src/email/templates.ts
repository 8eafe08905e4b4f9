import { paths } from "../../../src/config/paths";
import { PRODUCT_NAME } from "../../../src/domain/core/product";
import { ASSISTANT_NAME, type UserType } from "../../../src/domain/core/user-type";
import { LEGAL_LINK_LABELS } from "../../../src/domain/legal/legal";
import { NOTIFICATION_MESSAGES } from "../../../src/domain/notifications/notifications";
import { SHOP_DECISION_EMAIL } from "../../../src/domain/people/shop-verification-messages";
import { appUrl } from "./config";

/** A rendered e-mail: fixed Italian templates only, never a body chosen by the client. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export type EmailTemplate =
  | { type: "welcome"; displayName: string; userType: UserType }
  | { type: "password-reset"; link: string }
  | { type: "magic-link"; link: string; userType: UserType }
  | { type: "report-outcome"; outcome: string }
  | { type: "shop-decision"; approved: boolean; reason?: string }
  | { type: "plan-ending"; warning: string; statusLine: string }
  | { type: "notification"; title: string; body: string; link: string; unsubscribeUrl: string };

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Every e-mail ends with the link to the privacy notice (the sender's identity and the data behind it). */
export function privacyUrl(): string {
  return `${appUrl()}${paths.privacy.getHref()}`;
}

function withPrivacyFooter(text: string): string {
  return `${text}\n--\n${PRODUCT_NAME} · ${LEGAL_LINK_LABELS.emailFooter}: ${privacyUrl()}\n`;
}

function layout(title: string, paragraphs: string[], action?: { label: string; href: string }): string {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`)
    .join("");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#475569">Se il pulsante non funziona, copia questo indirizzo nel browser:<br>${escapeHtml(action.href)}</p>`
    : "";
  return `<!doctype html><html lang="it"><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a"><div style="max-width:560px;margin:0 auto;padding:24px"><div style="background:#ffffff;border-radius:12px;padding:24px"><h1 style="font-size:22px;margin:0 0 16px;color:#0f766e">${escapeHtml(title)}</h1>${body}${button}</div><p style="font-size:12px;color:#64748b;text-align:center">${escapeHtml(PRODUCT_NAME)} · i negozi vicini rispondono alle tue richieste<br><a href="${escapeHtml(privacyUrl())}" style="color:#64748b">${escapeHtml(LEGAL_LINK_LABELS.emailFooter)}</a></p></div></body></html>`;
}

function welcome(displayName: string, userType: UserType): RenderedEmail {
  const assistant = ASSISTANT_NAME[userType];
  const name = displayName.trim() || "e benvenuto";
  const subject = `Benvenuto su ${PRODUCT_NAME}!`;
  const paragraphs =
    userType === "merchant"
      ? [
          `Ciao ${name},`,
          `il tuo negozio è ora su ${PRODUCT_NAME}. Vedrai le richieste delle persone della tua zona e potrai rispondere con un'offerta in pochi secondi.`,
          `${assistant}, il tuo assistente, ti aiuta a scrivere offerte chiare e convincenti.`,
        ]
      : [
          `Ciao ${name},`,
          `su ${PRODUCT_NAME} basta dire cosa ti serve: i negozi vicini a te ti mandano le loro offerte.`,
          `${assistant}, il tuo assistente, ti guida passo passo: scrivigli, mandagli una foto o parlagli.`,
        ];
  return { subject, text: `${paragraphs.join("\n\n")}\n`, html: layout(subject, paragraphs) };
}

function passwordReset(link: string): RenderedEmail {
  const subject = `Reimposta la password di ${PRODUCT_NAME}`;
  const paragraphs = [
    "Abbiamo ricevuto una richiesta di reimpostare la tua password.",
    "Se non sei stato tu, ignora questa email: la tua password resta la stessa.",
  ];
  return {
    subject,
    text: `${paragraphs[0]}\n\nApri questo link per sceglierne una nuova:\n${link}\n\n${paragraphs[1]}\n`,
    html: layout(subject, paragraphs, { label: "Reimposta la password", href: link }),
  };
}

function magicLink(link: string, userType: UserType): RenderedEmail {
  const subject = `Il tuo link di accesso a ${PRODUCT_NAME}`;
  const role = userType === "merchant" ? "negoziante" : "acquirente";
  const paragraphs = [
    `Ecco il tuo link per accedere come ${role}. Vale 15 minuti e si può usare una sola volta.`,
    "Se non hai chiesto tu di accedere, ignora questa email.",
  ];
  return {
    subject,
    text: `${paragraphs[0]}\n\n${link}\n\n${paragraphs[1]}\n`,
    html: layout(subject, paragraphs, { label: "Accedi", href: link }),
  };
}

function reportOutcome(outcome: string): RenderedEmail {
  const subject = `Esito della tua segnalazione su ${PRODUCT_NAME}`;
  const paragraphs = ["Ciao,", outcome, `Il team di ${PRODUCT_NAME}`];
  return { subject, text: `${paragraphs.join("\n\n")}\n`, html: layout(subject, paragraphs) };
}

/** An admin's decision on a shop's verification: approved, or refused with the reason. */
function shopDecision(approved: boolean, reason: string | undefined): RenderedEmail {
  const link = `${appUrl()}${paths.merchantDashboard.getHref()}`;
  const subject = approved ? SHOP_DECISION_EMAIL.approvedSubject : SHOP_DECISION_EMAIL.refusedSubject;
  const paragraphs = approved
    ? ["Ciao,", SHOP_DECISION_EMAIL.approvedBody, `Il team di ${PRODUCT_NAME}`]
    : [
        "Ciao,",
        SHOP_DECISION_EMAIL.refusedBody,
        reason ?? "",
        SHOP_DECISION_EMAIL.refusedRetry,
        `Il team di ${PRODUCT_NAME}`,
      ];
  return {
    subject: `${subject} · ${PRODUCT_NAME}`,
    text: `${paragraphs.join("\n\n")}\n\n${link}\n`,
    html: layout(subject, paragraphs, { label: PRODUCT_NAME, href: link }),
  };
}

function planEnding(warning: string, statusLine: string): RenderedEmail {
  const subject = `Il tuo piano ${PRODUCT_NAME} sta per terminare`;
  const link = `${appUrl()}${paths.subscription.getHref()}`;
  const paragraphs = ["Ciao,", warning, statusLine, `Il team di ${PRODUCT_NAME}`];
  return {
    subject,
    text: `${paragraphs.join("\n\n")}\n\nScegli o rinnova il piano: ${link}\n`,
    html: layout(subject, paragraphs, { label: "Vai all'abbonamento", href: link }),
  };
}

/**
 * A notification (functions/src/notifications/notify.ts): its Italian title as the subject, its body, a
 * button straight to the screen, and the one-click unsubscribe link for this kind of e-mail.
 */
function notification(title: string, body: string, link: string, unsubscribeUrl: string): RenderedEmail {
  const paragraphs = ["Ciao,", ...(body ? [body] : [])];
  const action = { label: NOTIFICATION_MESSAGES.emailAction, href: link };
  const html = layout(title, paragraphs, action).replace(
    '</div><p style="font-size:12px',
    `<p style="margin:16px 0 0;font-size:13px;color:#475569">${escapeHtml(NOTIFICATION_MESSAGES.emailUnsubscribe)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#475569">${escapeHtml(NOTIFICATION_MESSAGES.unsubscribeButton)}</a></p></div><p style="font-size:12px`,
  );
  return {
    subject: title,
    text: `${paragraphs.join("\n\n")}\n\n${action.label}: ${link}\n\n${NOTIFICATION_MESSAGES.emailUnsubscribe} ${unsubscribeUrl}\n`,
    html,
  };
}

function renderBody(template: EmailTemplate): RenderedEmail {
  switch (template.type) {
    case "welcome":
      return welcome(template.displayName, template.userType);
    case "password-reset":
      return passwordReset(template.link);
    case "magic-link":
      return magicLink(template.link, template.userType);
    case "report-outcome":
      return reportOutcome(template.outcome);
    case "shop-decision":
      return shopDecision(template.approved, template.reason);
    case "plan-ending":
      return planEnding(template.warning, template.statusLine);
    case "notification":
      return notification(template.title, template.body, template.link, template.unsubscribeUrl);
  }
}

export function renderEmail(template: EmailTemplate): RenderedEmail {
  const email = renderBody(template);
  return { ...email, text: withPrivacyFooter(email.text) };
}
