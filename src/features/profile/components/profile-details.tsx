import type { ReactNode } from "react";
import { OpeningHours } from "@/components/marketplace/opening-hours";
import type { UserType } from "@/domain/core/user-type";
import { EMAIL_PROOF_STEP } from "@/domain/people/email-proof-messages";
import { OPENING_HOURS_COPY } from "@/domain/people/opening-hours-messages";
import type { SessionUserData } from "@/lib/session/types";
import { nameParts } from "../lib/profile-values";
import { EmailStatus } from "./email-status";

const ACCOUNT_TYPE_LABEL: Record<UserType, string> = { customer: "Acquirente", merchant: "Negoziante" };

/**
 * Read-only view: name, surname, e-mail and whether it is confirmed (with the one-tap proof), account
 * type (spec §2), and the shop for merchants.
 */
export function ProfileDetails({ user }: { user: SessionUserData }) {
  const { firstName, lastName } = nameParts(user);
  const rows: Array<[string, ReactNode]> = [
    ["Nome", firstName || "—"],
    ["Cognome", lastName || "—"],
    ["Email", user.email || "—"],
    [EMAIL_PROOF_STEP.statusLabel, <EmailStatus key="proof" userType={user.userType} />],
    ["Tipo di account", ACCOUNT_TYPE_LABEL[user.userType]],
  ];
  if (user.userType === "merchant") {
    rows.push(
      ["Attività", user.businessName || "—"],
      ["Indirizzo del negozio", user.location?.address || "—"],
      ["Telefono del negozio", user.phone || "—"],
      [
        OPENING_HOURS_COPY.title,
        <OpeningHours key="hours" weeklyHours={user.weeklyHours} notes={user.openingHours} emptyText="—" />,
      ],
    );
  }
  return (
    <dl className="divide-y divide-slate-100">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="text-slate-900 break-words whitespace-pre-line sm:col-span-2">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
