import { useEffect, useRef } from "react";
import { LEGAL_CONTROLLER } from "@/domain/legal/legal";
import { SUSPENSION_NOTICE } from "@/domain/people/first-paint-trust-texts";
import { loadQueryClientCode, useCreatedQueryClient } from "@/lib/app-query-client";
import { useSession } from "@/lib/session/session-provider";

/**
 * Shown above every page while the signed-in account is suspended. The profile is followed live, so
 * the notice appears the moment a moderator decides, in a page that was already open; that page then
 * reads its data again, and what the rules now refuse (a chat) goes.
 */
export function SuspensionNotice() {
  const { userData } = useSession();
  const suspended = Boolean(userData?.suspendedAt);
  const createdClient = useCreatedQueryClient();
  const wasSuspended = useRef(suspended);
  useEffect(() => {
    // No client yet: no screen has read anything. Its code is loaded once there is one.
    const client = suspended && !wasSuspended.current ? createdClient() : undefined;
    if (client) void loadQueryClientCode().then(({ readScreensAgain }) => readScreensAgain(client));
    wasSuspended.current = suspended;
  }, [suspended, createdClient]);
  if (!suspended) return null;
  return (
    <div role="alert" className="border-b border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <p className="font-semibold">{SUSPENSION_NOTICE.title}</p>
        <p>
          {SUSPENSION_NOTICE.body} {SUSPENSION_NOTICE.contact}{" "}
          <a className="focus-ring rounded underline" href={`mailto:${LEGAL_CONTROLLER.supportEmail}`}>
            {LEGAL_CONTROLLER.supportEmail}
          </a>
          .
        </p>
      </div>
    </div>
  );
}
