import { startStack } from "./stack";

/**
 * The documents under `path` as the Firestore emulator holds them, read as the owner (outside the rules):
 * for a journey to check what the server kept, never to act as a user. At most 300, the journeys' seeds
 * being far smaller. `F` is the shape of the REST API's `fields` the caller reads.
 */
export async function serverDocuments<F>(path: string): Promise<{ name: string; fields: F }[]> {
  const stack = await startStack();
  const url = `http://${stack.hosts.firestore}/v1/projects/${stack.projectId}/databases/(default)/documents/${path}?pageSize=300`;
  const response = await fetch(url, { headers: { Authorization: "Bearer owner" } });
  if (!response.ok) throw new Error(`Firestore emulator ${path}: HTTP ${response.status}`);
  const body = (await response.json()) as { documents?: { name: string; fields: F }[] };
  return body.documents ?? [];
}
