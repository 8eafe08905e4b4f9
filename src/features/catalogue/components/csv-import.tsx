import { type ChangeEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { MAX_CATALOGUE_CSV_BYTES } from "@/domain/core/limits";
import { CATALOGUE_MESSAGES, freeSlots } from "@/domain/marketplace/catalogue";
import { type CsvImport as CsvResult, parseCatalogueCsv } from "@/domain/marketplace/catalogue-csv";
import type { ProductWrite } from "../api/catalogue";

type Props = {
  /** The slots already taken (the new products go into free ones). */
  taken: readonly string[];
  /** Saves every product in one batch; rejects with an Error whose message is shown. */
  onSave: (products: ProductWrite[]) => Promise<void>;
};

/** The file's text, UTF-8 (FileReader: every browser, and the tests' DOM). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/**
 * 'Importa da CSV' (loaded on demand, with the parser): the whole file is checked first; each bad row is
 * listed by its line, and nothing is saved until the file has none or the shop chose to skip them.
 */
export function CsvImport({ taken, onSave }: Props) {
  const [result, setResult] = useState<CsvResult | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [skip, setSkip] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setResult(null);
    setSaveError(null);
    setSkip(false);
    if (!file) return;
    if (file.size > MAX_CATALOGUE_CSV_BYTES) {
      setFileError(CATALOGUE_MESSAGES.tooBig);
      return;
    }
    setFileError(null);
    try {
      setResult(parseCatalogueCsv(await readText(file)));
    } catch {
      setFileError(CATALOGUE_MESSAGES.unreadable);
    }
  };

  const rows = result?.rows ?? [];
  const errors = result?.errors ?? [];
  const blocked = rows.length === 0 || (errors.length > 0 && !skip);

  const save = async () => {
    const slots = freeSlots(taken, rows.length);
    if (!slots) {
      setSaveError(CATALOGUE_MESSAGES.full);
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      await onSave(
        rows.map((row, index) => ({ slot: slots[index] ?? "", input: row.product, paused: false })),
      );
      setResult(null);
    } catch (failure) {
      setSaveError(failure instanceof Error ? failure.message : CATALOGUE_MESSAGES.saveError);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="space-y-3">
      <Field label={CATALOGUE_MESSAGES.importFile} hint={CATALOGUE_MESSAGES.importHint} error={fileError}>
        <Input
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void read(event)}
          className="h-auto py-2 text-sm"
        />
      </Field>
      {errors.length > 0 ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <ul className="list-inside list-disc space-y-1">
            {errors.map((error) => (
              <li key={error.line}>{error.message}</li>
            ))}
          </ul>
          {rows.length > 0 ? (
            <label className="mt-3 flex items-center gap-2 font-medium text-slate-900">
              <input type="checkbox" checked={skip} onChange={(event) => setSkip(event.target.checked)} />
              {CATALOGUE_MESSAGES.skipBad}
            </label>
          ) : null}
        </div>
      ) : null}
      {result ? (
        <Button onClick={() => void save()} disabled={blocked} loading={saving}>
          {CATALOGUE_MESSAGES.importSave(rows.length)}
        </Button>
      ) : null}
      {saveError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {saveError}
        </p>
      ) : null}
    </div>
  );
}
