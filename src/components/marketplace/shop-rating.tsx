import { StarIcon } from "@/components/ui/icons";
import { formatAverageRating, ratingCountLabel, SHOP_PAGE_MESSAGES } from "@/domain/people/shop-page";
import { cn } from "@/lib/cn";

/** Five stars filled to the nearest whole `value`, hidden from screen readers (the text says it). */
export function Stars({ value, className }: { value: number; className?: string }) {
  const filled = Math.round(value);
  return (
    <span aria-hidden="true" className={cn("inline-flex gap-0.5", className)}>
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon
          key={star}
          className={cn("size-4", star <= filled ? "fill-amber-400 text-amber-500" : "text-slate-300")}
        />
      ))}
    </span>
  );
}

/**
 * A shop's average rating with how many ratings it rests on ('4,5 su 5 · 12 valutazioni'), or
 * 'Nessuna valutazione' when nobody has rated it yet (never a misleading 0 stars).
 */
export function ShopRating({
  average,
  count,
  className,
}: {
  average: number;
  count: number;
  className?: string;
}) {
  if (count === 0) {
    return <span className={cn("text-sm text-slate-600", className)}>{SHOP_PAGE_MESSAGES.noRatings}</span>;
  }
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-x-1.5 text-sm text-slate-800", className)}>
      <Stars value={average} />
      <span>
        <span className="font-semibold">{formatAverageRating(average)}</span> su 5 · {ratingCountLabel(count)}
      </span>
    </span>
  );
}
