import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatEuro } from "@/domain/billing/pricing";
import { CATEGORY_LABELS, CONDITION_LABELS } from "@/domain/core/enums";
import { CATALOGUE_MESSAGES, type CatalogueProduct } from "@/domain/marketplace/catalogue";
import type { ProductWrite } from "../api/catalogue";
import { ProductForm } from "./product-form";

type Props = {
  products: readonly CatalogueProduct[];
  onSave: (products: ProductWrite[]) => Promise<void>;
};

const inputOf = ({ name, category, condition, price }: CatalogueProduct) => ({
  name,
  category,
  condition,
  price,
});

/** The catalogue's products: each edited in place, or paused (a paused product matches no request). */
export function ProductList({ products, onSave }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  if (products.length === 0) return <p className="text-slate-700">{CATALOGUE_MESSAGES.empty}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {products.map((product) => (
        <li key={product.id} className="py-3">
          {editing === product.id ? (
            <ProductForm
              initial={inputOf(product)}
              submitLabel={CATALOGUE_MESSAGES.save}
              onCancel={() => setEditing(null)}
              onSave={async (input) => {
                await onSave([{ slot: product.id, input, paused: product.paused }]);
                setEditing(null);
              }}
            />
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">
                  {product.name}{" "}
                  {product.paused ? <Badge tone="neutral">{CATALOGUE_MESSAGES.paused}</Badge> : null}
                </p>
                <p className="text-sm text-slate-600">
                  {CATEGORY_LABELS[product.category]} · {CONDITION_LABELS[product.condition]} ·{" "}
                  {formatEuro(product.price)}
                </p>
              </div>
              <div className="flex gap-2">
                <Button size="sm" variant="secondary" onClick={() => setEditing(product.id)}>
                  {CATALOGUE_MESSAGES.edit}
                  <span className="sr-only"> {product.name}</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    void onSave([{ slot: product.id, input: inputOf(product), paused: !product.paused }])
                  }
                >
                  {product.paused ? CATALOGUE_MESSAGES.resume : CATALOGUE_MESSAGES.pause}
                  <span className="sr-only"> {product.name}</span>
                </Button>
              </div>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
