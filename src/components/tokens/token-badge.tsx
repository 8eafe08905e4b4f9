import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SparklesIcon } from "@/components/ui/icons";
import { formatTokens, showBuyButton, type TokenBadgeLevel, tokenBadgeLevel } from "@/domain/tokens";

const LEVEL_TONES: Record<TokenBadgeLevel, BadgeTone> = {
  red: "danger",
  orange: "warning",
  green: "success",
};

type TokenBadgeProps = {
  balance: number;
  /** Opens the purchase dialog; the buy button shows at 2 tokens or less (spec §9). */
  onBuy: () => void;
};

/** The AI token balance: red at 0 or less, orange at 2 or less, green otherwise. */
export function TokenBadge({ balance, onBuy }: TokenBadgeProps) {
  const level = tokenBadgeLevel(balance);
  return (
    <div className="flex items-center gap-2">
      <Badge tone={LEVEL_TONES[level]} data-level={level} aria-label={`Token AI: ${formatTokens(balance)}`}>
        <SparklesIcon className="size-3.5" aria-hidden="true" />
        {formatTokens(balance)} token
      </Badge>
      {showBuyButton(balance) ? (
        <Button size="sm" variant="secondary" onClick={onBuy}>
          Acquista token
        </Button>
      ) : null}
    </div>
  );
}
