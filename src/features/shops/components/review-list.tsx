import { Link } from "react-router";
import { Stars } from "@/components/marketplace/shop-rating";
import { Badge } from "@/components/ui/badge";
import { paths } from "@/config/paths";
import { LEGAL_LINK_LABELS } from "@/domain/legal/legal";
import { RATING_LABELS, type Rating } from "@/domain/marketplace/rating";
import { reviewNoLongerCounted } from "@/domain/marketplace/review-rules";
import { REVIEW_MESSAGES, type Review } from "@/domain/people/review-answer";
import { SHOP_PAGE_MESSAGES } from "@/domain/people/shop-page";
import { ReportReview, ReviewAnswer } from "./review-answer";

const reviewDate = new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "long", year: "numeric" });

/**
 * The latest reviews: stars ('Acquisto verificato' when the shop checked the pickup code), the comment,
 * the date and the buyer's first name; or the empty state. Then how each kind of rating weighs.
 */
export function ReviewList({ reviews, shopId, own }: ReviewsProps) {
  return (
    <div className="space-y-2">
      <Reviews reviews={reviews} shopId={shopId} own={own} />
      <p className="text-xs text-slate-600">{SHOP_PAGE_MESSAGES.ratingRule}</p>
      <Link
        to={paths.reviewsPolicy.getHref()}
        className="focus-ring rounded text-sm text-brand-800 underline"
      >
        {LEGAL_LINK_LABELS.reviews}
      </Link>
    </div>
  );
}

type ReviewsProps = {
  reviews: readonly Review[];
  shopId: string;
  /** The shop looks at its own page: it answers, it does not report. */
  own: boolean;
};

function Reviews({ reviews, shopId, own }: ReviewsProps) {
  const now = new Date();
  if (reviews.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-4 text-slate-700">
        <p className="font-medium text-slate-900">{SHOP_PAGE_MESSAGES.noReviews}</p>
        <p className="text-sm">{SHOP_PAGE_MESSAGES.noReviewsHint}</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-100" aria-label="Recensioni">
      {reviews.map((review) => (
        <li key={review.id} className="space-y-1 py-3">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Stars value={review.rating} />
            <span className="text-sm font-medium text-slate-900">
              {review.rating}/5, {RATING_LABELS[review.rating as Rating]}
            </span>
            {review.verifiedPurchase ? (
              <Badge tone="success">✓ {SHOP_PAGE_MESSAGES.verifiedPurchase}</Badge>
            ) : null}
            {reviewNoLongerCounted(review, now) ? (
              <Badge tone="neutral">
                {REVIEW_MESSAGES.noLongerCounted}
                <span className="sr-only">: {REVIEW_MESSAGES.noLongerCountedHint}</span>
              </Badge>
            ) : null}
          </div>
          {review.comment ? <p className="break-words text-slate-800">«{review.comment}»</p> : null}
          <p className="text-sm text-slate-600">
            {review.buyerFirstName} ·{" "}
            <time dateTime={review.createdAt.toISOString()}>{reviewDate.format(review.createdAt)}</time>
          </p>
          <ReviewAnswer review={review} shopId={shopId} own={own} />
          {own ? null : <ReportReview review={review} shopId={shopId} />}
        </li>
      ))}
    </ul>
  );
}
