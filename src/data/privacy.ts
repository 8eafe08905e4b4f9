import {
  deleteMyAccountInputSchema,
  deleteMyAccountOutputSchema,
  exportMyDataInputSchema,
  exportMyDataOutputSchema,
} from "@/domain/legal/privacy";
import { callable } from "./callables";

const exportCall = callable("exportMyData", exportMyDataInputSchema, exportMyDataOutputSchema);
const deleteCall = callable("deleteMyAccount", deleteMyAccountInputSchema, deleteMyAccountOutputSchema);

/** Everything about the caller as JSON (exportMyData). */
export function exportMyData() {
  return exportCall({});
}

/** Deletes the caller's account (after reauthenticate); the caller then ends the local session. */
export async function deleteMyAccount(): Promise<void> {
  await deleteCall({});
}
