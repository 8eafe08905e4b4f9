import type { ReactNode } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { PRODUCT_NAME } from "@/domain/core/product";

/** The centred card of the link pages: a heading, a status line and optional actions. */
export function StatusPanel({
  title,
  children,
  icon,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-16 sm:py-24">
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <Card>
        <CardContent className="flex flex-col items-center gap-4 pt-8 text-center">
          {icon}
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {children}
        </CardContent>
      </Card>
    </div>
  );
}
