import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { PRODUCT_NAME } from "@/domain/core/product";
import { SHOP_REVIEW_COPY, SHOP_VERIFICATION_MESSAGES } from "@/domain/people/shop-verification-messages";
import { MODERATION_MESSAGES } from "@/domain/people/trust-messages";
import { useAdminRole } from "./api/reports";
import { useDecideShop, useShopReviewQueue } from "./api/shop-reviews";
import { ShopReviewCard } from "./components/shop-review-card";

/** /admin/negozi: the pilot's queue of shops waiting for approval, for accounts with the admin claim. */
export function AdminShopsPage() {
  const role = useAdminRole();
  const isAdmin = role.data === true;
  const queue = useShopReviewQueue(isAdmin);
  const decide = useDecideShop();
  const { toast } = useToast();

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <title>{`${SHOP_REVIEW_COPY.title} · ${PRODUCT_NAME}`}</title>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{SHOP_REVIEW_COPY.title}</h1>
        <a href={paths.adminReports.getHref()} className="text-teal-800 underline">
          {SHOP_REVIEW_COPY.reportsLink}
        </a>
      </div>
      {role.isPending ? (
        <Spinner label={SHOP_REVIEW_COPY.checkingRole} />
      ) : !isAdmin ? (
        <p role="alert" className="rounded-lg bg-orange-50 px-3 py-2 text-orange-900">
          {MODERATION_MESSAGES.adminOnly}
        </p>
      ) : queue.isPending ? (
        <Spinner label={SHOP_REVIEW_COPY.loading} />
      ) : queue.isError ? (
        <div role="alert" className="space-y-3">
          <p className="text-red-800">{SHOP_REVIEW_COPY.loadFailed}</p>
          <Button variant="secondary" size="sm" onClick={() => void queue.refetch()}>
            {SHOP_REVIEW_COPY.retry}
          </Button>
        </div>
      ) : queue.data.length === 0 ? (
        <p className="text-slate-700">{SHOP_REVIEW_COPY.empty}</p>
      ) : (
        <div className="space-y-4">
          {queue.data.map((review) => (
            <ShopReviewCard
              key={review.uid}
              review={review}
              busy={decide.isPending && decide.variables?.uid === review.uid}
              onApprove={() =>
                decide.mutate(
                  { uid: review.uid, decision: "approve" },
                  { onSuccess: () => toast({ title: SHOP_VERIFICATION_MESSAGES.approved }) },
                )
              }
              onRefuse={(reason) =>
                decide.mutate(
                  { uid: review.uid, decision: "refuse", reason },
                  { onSuccess: () => toast({ title: SHOP_VERIFICATION_MESSAGES.refused }) },
                )
              }
            />
          ))}
        </div>
      )}
    </div>
  );
}
