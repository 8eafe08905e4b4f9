import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { PRODUCT_NAME } from "@/domain/core/product";
import { CATALOGUE_MESSAGES, freeSlots } from "@/domain/marketplace/catalogue";
import { useSession } from "@/lib/session/session-provider";
import { type ProductWrite, useCatalogue, useSaveProducts } from "./api/catalogue";
import { ProductForm } from "./components/product-form";
import { ProductList } from "./components/product-list";

// The CSV import and its parser load on the first tap on 'Importa da CSV'.
const CsvImport = lazy(() =>
  import("./components/csv-import").then((module) => ({ default: module.CsvImport })),
);

/** `/catalogo`: 'Il tuo catalogo', the shop's products with a price, added by hand or from a CSV file. */
export function CataloguePage() {
  const uid = useSession().userData?.uid ?? "";
  const catalogue = useCatalogue(uid);
  const save = useSaveProducts(uid);
  const { toast } = useToast();
  const [importing, setImporting] = useState(false);
  const products = catalogue.data ?? [];
  const taken = products.map((product) => product.id);

  const write = async (writes: ProductWrite[]) => {
    try {
      await save.mutateAsync(writes);
    } catch (failure) {
      throw new Error(CATALOGUE_MESSAGES.saveError, { cause: failure });
    }
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`${CATALOGUE_MESSAGES.title} · ${PRODUCT_NAME}`}</title>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{CATALOGUE_MESSAGES.title}</h1>
        <p className="text-slate-700">{CATALOGUE_MESSAGES.lead}</p>
      </header>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{CATALOGUE_MESSAGES.add}</CardTitle>
        </CardHeader>
        <CardContent>
          <ProductForm
            submitLabel={CATALOGUE_MESSAGES.add}
            onSave={async (input) => {
              const slot = freeSlots(taken, 1)?.[0];
              if (!slot) throw new Error(CATALOGUE_MESSAGES.full);
              await write([{ slot, input, paused: false }]);
              toast({ title: CATALOGUE_MESSAGES.saved });
            }}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{CATALOGUE_MESSAGES.importTitle}</CardTitle>
        </CardHeader>
        <CardContent>
          {importing ? (
            <Suspense fallback={<Spinner label="Caricamento…" />}>
              <CsvImport
                taken={taken}
                onSave={async (writes) => {
                  await write(writes);
                  toast({ title: CATALOGUE_MESSAGES.imported(writes.length) });
                }}
              />
            </Suspense>
          ) : (
            <Button variant="secondary" onClick={() => setImporting(true)}>
              {CATALOGUE_MESSAGES.importTitle}
            </Button>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{CATALOGUE_MESSAGES.count(products.length)}</CardTitle>
        </CardHeader>
        <CardContent>
          {catalogue.isPending ? (
            <Spinner label="Caricamento del catalogo…" />
          ) : catalogue.isError ? (
            <div role="alert" className="space-y-3">
              <p className="font-medium text-red-800">{CATALOGUE_MESSAGES.loadError}</p>
              <Button variant="secondary" onClick={() => void catalogue.refetch()}>
                Riprova
              </Button>
            </div>
          ) : (
            <ProductList products={products} onSave={(writes) => write(writes).catch(() => undefined)} />
          )}
          {save.isError ? (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700">
              {CATALOGUE_MESSAGES.saveError}
            </p>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
