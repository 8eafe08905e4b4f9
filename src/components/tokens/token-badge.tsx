import { useId } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SparklesIcon } from "@/components/ui/icons";
import { TOKEN_WALLET_COPY, tokenBadgeLabel } from "@/domain/billing/token-wallet-messages";
import { formatTokens, showBuyButton, type TokenBadgeLevel, tokenBadgeLevel } from "@/domain/billing/tokens";

const LEVEL_TONES: Record<TokenBadgeLevel, BadgeTone> = {
  red: "danger",
  orange: "warning",
  green: "success",
};

type TokenBadgeProps = {
  balance: number;
  /** Opens the purchase dialog: from the badge at any balance, and from its button at 2 tokens or less. */
  onBuy: () => void;
};

/**
 * The AI token balance: red at 0 or less, orange at 2 or less, green otherwise. The badge itself is a
 * button that opens the purchase at any balance; at 2 tokens or less an 'Acquista token' button says so
 * in words too (spec §9).
 */
export function TokenBadge({ balance, onBuy }: TokenBadgeProps) {
  const level = tokenBadgeLevel(balance);
  const hintId = useId();
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        onClick={onBuy}
        aria-label={tokenBadgeLabel(balance)}
        aria-describedby={hintId}
        aria-haspopup="dialog"
        data-level={level}
        // A 36 px target that does not make its row taller (the badge itself is 24 px): the phone's chat
        // on /create keeps its height.
        className="focus-ring -my-1.5 inline-flex min-h-9 items-center rounded-full px-0.5 hover:brightness-95"
      >
        <Badge tone={LEVEL_TONES[level]}>
          <SparklesIcon className="size-3.5" aria-hidden="true" />
          {formatTokens(balance)} token
        </Badge>
      </button>
      <span id={hintId} hidden>
        {TOKEN_WALLET_COPY.badgeHint}
      </span>
      {showBuyButton(balance) ? (
        <Button size="sm" variant="secondary" onClick={onBuy} aria-haspopup="dialog">
          {TOKEN_WALLET_COPY.buy}
        </Button>
      ) : null}
    </div>
  );
}
