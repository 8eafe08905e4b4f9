import { formatCappedCount } from "@/domain/core/capped-count";
import type { CustomerStats } from "../lib/customer-stats";

const ITEMS: { key: keyof CustomerStats; label: string }[] = [
  { key: "active", label: "Richieste attive" },
  { key: "offersReceived", label: "Offerte ricevute" },
  { key: "negotiations", label: "Trattative" },
  { key: "completed", label: "Completate" },
];

export function StatsGrid({ stats }: { stats: CustomerStats }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {ITEMS.map(({ key, label }) => (
        <div key={key} className="rounded-xl border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-700">{label}</dt>
          <dd className="text-2xl font-bold text-slate-900">{formatCappedCount(stats[key])}</dd>
        </div>
      ))}
    </dl>
  );
}
