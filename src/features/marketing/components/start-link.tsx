import type { MouseEvent, ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { type ButtonSize, type ButtonVariant, buttonClasses } from "@/components/ui/button";
import { ArrowRightIcon } from "@/components/ui/icons";
import { paths } from "@/config/paths";
import type { UserType } from "@/domain/core/user-type";

// src/lib/pending-user-type is loaded on demand: it needs src/domain/core/user-type, which pulls in zod,
// and the marketing pages must stay within their initial-JS budget (architecture §8). Hovering or
// focusing the link starts the download, so by the click it is usually already there.
const loadPendingUserType = () => import("@/lib/pending-user-type");

async function rememberUserType(userType: UserType): Promise<void> {
  try {
    const { setPendingUserType } = await loadPendingUserType();
    setPendingUserType(userType);
  } catch (error) {
    // Without the module the choice is lost, not the visit: /auth falls back to the default type.
    console.error("Could not store the chosen account type", error);
  }
}

const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

type StartLinkProps = {
  /** The account type the visitor chose by clicking here (spec §4: pending user type). */
  userType: UserType;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
};

/**
 * Call to action of the marketing pages: remembers the chosen account type, then opens /auth.
 * A link (it navigates) dressed as a button.
 */
export function StartLink({
  userType,
  children,
  variant = "primary",
  size = "lg",
  className,
}: StartLinkProps) {
  const navigate = useNavigate();
  const to = paths.auth.getHref();
  const prefetch = () => void loadPendingUserType().catch(() => undefined);

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const remembered = rememberUserType(userType);
    // New tab/window: let the browser open it; the choice is stored in the background.
    if (opensElsewhere(event)) return;
    event.preventDefault();
    void remembered.then(() => navigate(to));
  };

  return (
    <Link
      to={to}
      onClick={handleClick}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      className={buttonClasses({ variant, size, className })}
    >
      {children}
      <ArrowRightIcon className="size-5" />
    </Link>
  );
}
