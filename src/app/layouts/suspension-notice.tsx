import { lazy, Suspense, useEffect, useRef } from "react";
import { loadQueryClientCode, useCreatedQueryClient } from "@/lib/app-query-client";
import { useSession } from "@/lib/session/session-provider";

// The notice's words load only for a suspended account, not with every page's first chunk.
const SuspensionNoticeBody = lazy(() =>
  import("./suspension-notice-body").then((module) => ({ default: module.SuspensionNoticeBody })),
);

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
    <Suspense fallback={null}>
      <SuspensionNoticeBody />
    </Suspense>
  );
}
