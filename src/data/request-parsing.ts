import type { DocumentData } from "firebase/firestore/lite";
import { type Request, requestSchema } from "@/domain/marketplace/request";
import { parseDocument, parseRestDocuments } from "./document";
import type { RestDocument } from "./firestore-rest";

/**
 * requests/{id}'s parser, apart from ./requests.ts (which reads with Firestore Lite, and with it
 * Firebase's app and Auth): a page's first read over REST (src/lib/first-read.ts) parses its documents
 * with this before Firebase has downloaded.
 */

/** The request in a document, or null (with a warning) when it does not match the schema. */
export function parseRequest(id: string, data: DocumentData | undefined): Request | null {
  return parseDocument(requestSchema, data, id, `Richiesta ${id} ignorata: dati non validi`);
}

/** Requests as a first read over REST brought them, parsed in slices; malformed ones left out. */
export function parseRequestDocuments(documents: readonly RestDocument[]): Promise<Request[]> {
  return parseRestDocuments(documents, parseRequest);
}
