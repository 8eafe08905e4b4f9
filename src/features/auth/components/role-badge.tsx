import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { paths } from "@/config/paths";
import { USER_TYPE_ACCESS_LABEL, type UserType } from "@/domain/core/user-roles";

/** 'Accesso Acquirente' / 'Accesso Negoziante' from the pending type, with the way back to change it. */
export function RoleBadge({ userType }: { userType: UserType }) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-2 text-sm">
      <Badge tone={userType === "merchant" ? "accent" : "brand"}>{USER_TYPE_ACCESS_LABEL[userType]}</Badge>
      <Link
        to={paths.home.getHref()}
        className="focus-ring rounded text-brand-800 underline hover:text-brand-900"
      >
        Cambia tipo di account
      </Link>
    </div>
  );
}
