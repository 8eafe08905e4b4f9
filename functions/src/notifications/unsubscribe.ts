import type { Firestore } from "firebase-admin/firestore";
import { FieldValue } from "firebase-admin/firestore";
import { onRequest } from "firebase-functions/https";
import { PRODUCT_NAME } from "@/domain/core/product";
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_SETTINGS_IDS,
  PREFERENCE_FIELDS,
} from "@/domain/notifications/notifications";
import { escapeHtml } from "../email/templates";
import { adminDb } from "../lib/admin";
import { logUnexpectedError } from "../lib/error-log";
import { sized } from "../lib/sizing";
import { notificationSettingsRef } from "./notify";
import { readUnsubscribeToken } from "./unsubscribe-token";

/**
 * /api/unsubscribe?token=… (Hosting rewrite to this function; locally the Vite proxy): the link of every
 * notification e-mail. POST unsubscribes at once (RFC 8058 one-click, which mail clients send with
 * `List-Unsubscribe=One-Click`); GET shows a page with one button that POSTs, so a link scanner that
 * follows links does not unsubscribe anyone. The signed token names the user and the kind of e-mail;
 * the switch is the same one /profile shows.
 */
export async function unsubscribe(db: Firestore, token: string): Promise<boolean> {
  const target = await readUnsubscribeToken(db, token);
  if (!target) return false;
  await notificationSettingsRef(db, target.uid, NOTIFICATION_SETTINGS_IDS.preferences).set(
    {
      [PREFERENCE_FIELDS.email]: { [target.kind]: false },
      [PREFERENCE_FIELDS.updatedAt]: FieldValue.serverTimestamp(),
    },
    { merge: true },
  );
  return true;
}

function page(message: string, form?: string): string {
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(PRODUCT_NAME)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;max-width:480px;margin:40px auto;padding:0 16px;color:#0f172a"><h1 style="font-size:22px;color:#0f766e">${escapeHtml(PRODUCT_NAME)}</h1><p>${escapeHtml(message)}</p>${form ?? ""}</body></html>`;
}

export const unsubscribeEmail = onRequest(
  sized("unsubscribeEmail", { invoker: "public" }),
  async (req, res) => {
    const raw = req.query.token ?? (req.body as Record<string, unknown> | undefined)?.token;
    const token = typeof raw === "string" ? raw : "";
    res.set("Cache-Control", "no-store").set("Content-Type", "text/html; charset=utf-8");
    if (req.method === "GET") {
      const valid = token !== "" && (await readUnsubscribeToken(adminDb(), token)) !== undefined;
      if (!valid) {
        res.status(400).send(page(NOTIFICATION_MESSAGES.unsubscribeInvalid));
        return;
      }
      const form = `<form method="post"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit" style="background:#0f766e;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-size:16px">${escapeHtml(NOTIFICATION_MESSAGES.unsubscribeButton)}</button></form>`;
      res.status(200).send(page(NOTIFICATION_MESSAGES.unsubscribeConfirm, form));
      return;
    }
    if (req.method !== "POST") {
      res.status(405).send(page(NOTIFICATION_MESSAGES.unsubscribeInvalid));
      return;
    }
    try {
      const done = await unsubscribe(adminDb(), token);
      res
        .status(done ? 200 : 400)
        .send(page(done ? NOTIFICATION_MESSAGES.unsubscribeDone : NOTIFICATION_MESSAGES.unsubscribeInvalid));
    } catch (error) {
      logUnexpectedError("unsubscribe failed", error);
      res.status(500).send(page(NOTIFICATION_MESSAGES.unsubscribeInvalid));
    }
  },
);
