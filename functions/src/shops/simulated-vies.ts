import { VIES_STATE, type ViesCheck } from "@/domain/people/shop-review";
import type { ViesGateway } from "./vies";

/**
 * The emulators' stand-in for VIES, clearly labelled (`source: 'simulated'`, which the admin's queue
 * shows as 'VIES simulato'): no network, the same answer for the same number.
 * - SIMULATED_VIES_OUTAGE: VIES does not answer (the shop waits; every queue view retries);
 * - a number starting with 9: not in VIES (a signal for the reviewer, not a refusal);
 * - any other valid number: registered, with the name and address in the table below when listed
 *   (the demo shops), else a made-up name and Milano address that say they are simulated.
 */
export const SIMULATED_VIES_OUTAGE = "12345678903";

const KNOWN: Readonly<Record<string, { name: string; address: string }>> = {
  "00743110157": { name: "FERRAMENTA ROSSI SRL", address: "VIA ROMA 1 20121 MILANO MI" },
};

export class SimulatedVies implements ViesGateway {
  readonly source = "simulated" as const;

  async check(partitaIva: string, now: Date): Promise<ViesCheck> {
    const base = { source: this.source, checkedAt: now };
    if (partitaIva === SIMULATED_VIES_OUTAGE) return { state: VIES_STATE.unavailable, ...base };
    if (partitaIva.startsWith("9")) return { state: VIES_STATE.notFound, ...base };
    const known = KNOWN[partitaIva] ?? {
      name: `ATTIVITA SIMULATA ${partitaIva.slice(-4)} SRL`,
      address: "VIA SIMULATA 1 20121 MILANO MI",
    };
    return { state: VIES_STATE.valid, ...known, requestIdentifier: `SIM${partitaIva}`, ...base };
  }
}
